"""``python -m cardlab.classroom_server``: start the classroom server (see the package's docstring)."""

import sys

from . import main

sys.exit(main())
