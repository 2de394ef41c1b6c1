"""A bot class as an earlier git revision defined it, to play today's bot against it on the same deals.

    >>> from bot_revision import class_at_revision                       # doctest: +SKIP
    >>> OldRummyBot = class_at_revision("cardlab/bots/rummy.py", "RummyBot", "a8701d2")  # doctest: +SKIP

Only that one file is read from the revision; its relative imports (cards, games, messages) are
today's, so a bot whose helpers moved elsewhere since cannot be loaded this way.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def class_at_revision(path: str, name: str, revision: str) -> type:
    """The class ``name`` of the module file ``path`` (from the repository root) at git ``revision``."""
    source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    package = ".".join(Path(path).with_suffix("").parts[:-1])
    module_name = f"{package}._{Path(path).stem}_at_{re.sub(r'[^0-9A-Za-z_]', '_', revision)}"
    spec = importlib.util.spec_from_loader(module_name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package  # its relative imports use today's package
    sys.modules[module_name] = module
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    return getattr(module, name)
