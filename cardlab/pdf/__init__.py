"""Printable score sheets (protokoll) as A4 PDFs, blank or filled from a game.

Blank sheets are built from a rules object; filled ones from the game's
on-screen score sheet (the DataFrames of :mod:`cardlab.sheets`), so paper and
screen always say the same.  Each function returns the PDF bytes, or writes
them to ``path`` (safely: nothing is left behind if something fails) and
returns that path.

>>> from cardlab import PlumpRules
>>> from cardlab.pdf import plump_sheet
>>> plump_sheet(PlumpRules.preset("kids"), lang="en")[:5]
b'%PDF-'

Names are imported lazily so that ``import cardlab`` never loads reportlab.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any, Sequence

_EXPORTS = {
    "plump_sheet": "plump",
    "plump_filled_sheet": "plump",
    "femkamp_sheet": "femkamp",
    "femkamp_filled_sheet": "femkamp",
    "rummy_sheet": "rummy",
    "rummy_filled_sheet": "rummy",
}

__all__ = sorted([*_EXPORTS, "filled_sheet"])


def filled_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = "sv",
                 path: "str | os.PathLike[str] | None" = None) -> "bytes | Path":
    """The filled protokoll of any game (or :class:`~cardlab.match.Match`): Plump, Femkamp or Rummy."""
    from ..errors import RulesError

    inner = getattr(game, "game", game)
    name = getattr(inner, "game_name", None)
    if name not in ("plump", "femkamp", "rummy"):
        raise RulesError("pdf.no_sheet_module", lang=lang, field="game", game=name or type(inner).__name__)
    return __getattr__(f"{name}_filled_sheet")(game, names=names, lang=lang, path=path)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cardlab.pdf' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"cardlab.pdf.{module}"), name)
    globals()[name] = value
    return value
