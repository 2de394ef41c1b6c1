"""Interactive tables and exercises for Jupyter and Voilà (the only package that imports ipywidgets).

>>> from cardlab.widgets import PlumpTable
>>> table = PlumpTable("kids", rng=1, lang="sv")
>>> len(table.card_buttons)
5

Importing this package also makes altair draw charts offline (see :mod:`cardlab.charts`).
"""

from __future__ import annotations

from .. import charts as _charts  # noqa: F401  (switches altair to the offline renderer)
from .base import TableBase
from .plump_table import PlumpTable
from .quiz import BidQuiz, FollowSuitQuiz, TrickQuiz

__all__ = ["TableBase", "PlumpTable", "TrickQuiz", "FollowSuitQuiz", "BidQuiz"]
