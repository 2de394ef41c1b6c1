"""Card tables with no user interface: a :class:`TableSession` per game.

A session holds the match, the seats, the bots, hints, undo and what
automatic play needs; the ipywidgets tables in :mod:`cardlab.widgets` draw it.

>>> from cardlab.session import PlumpSession
>>> table = PlumpSession("kids", rng=1, lang="en")
>>> len(table.hand)
5
"""

from .base import READING_TIME, SPEEDS, Line, TableSession

__all__ = ["TableSession", "Line", "SPEEDS", "READING_TIME", "PlumpSession", "FemkampSession", "RummySession",
           "session_class"]

_LAZY = {"PlumpSession": ".plump", "FemkampSession": ".femkamp", "RummySession": ".rummy"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def session_class(game_type: str) -> type:
    """The session class for ``"plump"``, ``"femkamp"`` or ``"rummy"``."""
    names = {"plump": "PlumpSession", "femkamp": "FemkampSession", "rummy": "RummySession"}
    if game_type not in names:
        raise ValueError(f"game must be one of {', '.join(names)}, not {game_type!r}")
    return __getattr__(names[game_type])
