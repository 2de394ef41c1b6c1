"""Interactive tables and exercises for Jupyter and Voilà (the only package that imports ipywidgets).

>>> from cardlab.widgets import PlumpTable
>>> table = PlumpTable("kids", rng=1, lang="sv")
>>> len(table.card_buttons)
5

The tables are views over :mod:`cardlab.session`; charts are set up by :mod:`cardlab.charts`.
"""

from __future__ import annotations

from .base import TableBase
from .plump_table import PlumpTable
from .quiz import BidQuiz, FollowSuitQuiz, TrickQuiz

__all__ = ["TableBase", "PlumpTable", "TrickQuiz", "FollowSuitQuiz", "BidQuiz", "FemkampTable", "RummyTable",
           "OddsExplorer"]

_LAZY = {"FemkampTable": ".femkamp_table", "RummyTable": ".rummy_table", "OddsExplorer": ".odds"}


def __getattr__(name: str):
    """Load the Femkamp and Rummy tables and the odds explorer only when first asked for."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
