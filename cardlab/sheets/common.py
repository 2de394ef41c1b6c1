"""What every score sheet shares: the players' names and the words of the sheet's frame.

>>> player_names(3, lang="sv")
['Spelare 1', 'Spelare 2', 'Spelare 3']
>>> player_names(2, ["Kari", "Ola"])
['Kari', 'Ola']
>>> seat_name(0, "nb")
'Spiller 1'
"""

from __future__ import annotations

from typing import Sequence

from ..i18n import tr


def seat_name(seat: int, lang: str | None = None) -> str:
    """The default name of ``seat`` (0-based): ``seat_name(0, "nb") == "Spiller 1"``."""
    return tr("sheet.player", lang, n=seat + 1)


def player_names(players: int, names: Sequence[str] | None = None, lang: str | None = None) -> list[str]:
    """The given names, or "Player 1" … in ``lang``; refuses a wrong count."""
    if names is None:
        return [seat_name(i, lang) for i in range(players)]
    names = [str(n) for n in names]
    if len(names) != players:
        raise ValueError(f"Give {players} names, one per seat; you gave {len(names)}.")
    return names
