"""Printable score sheets (protokoll) as A4 PDFs, blank or filled from a game.

>>> from cardlab import PlumpRules
>>> from cardlab.pdf import plump_sheet
>>> plump_sheet(PlumpRules.preset("kids"), lang="en")[:5]
b'%PDF-'

Names are imported lazily so that ``import cardlab`` never loads reportlab.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "plump_sheet": "plump",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cardlab.pdf' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"cardlab.pdf.{module}"), name)
    globals()[name] = value
    return value
