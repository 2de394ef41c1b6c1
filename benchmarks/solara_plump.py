"""The children's Plump table as a Solara page: the other way to hold a class, for a side-by-side measurement.

    solara run benchmarks/solara_plump.py:page --host 127.0.0.1 --port 8765 --production

Solara runs this file once for every page it serves, in a *virtual kernel* inside its one server process,
so every pupil gets a table of their own (needs ``pip install -e ".[solara]"``: Solara and its offline
assets).  ``benchmarks/classroom_compare.py`` measures it beside the classroom's Voilà server.
"""

import os

from cardlab.widgets import PlumpTable

table = PlumpTable("kids", lang=os.environ.get("CARDLAB_LANG", "sv"))
page = table.widget
