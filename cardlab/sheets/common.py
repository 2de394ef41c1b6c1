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

from ..errors import RulesError
from ..i18n import tr


def seat_name(seat: int, lang: str | None = None) -> str:
    """The default name of ``seat`` (0-based): ``seat_name(0, "nb") == "Spiller 1"``."""
    return tr("sheet.player", lang, n=seat + 1)


def player_names(players: int, names: Sequence[str] | None = None, lang: str | None = None) -> list[str]:
    """The given names, or "Player 1" … in ``lang``; refuses a wrong count (a :class:`RulesError`)."""
    if names is None:
        return [seat_name(i, lang) for i in range(players)]
    names = [str(n) for n in names]
    if len(names) != players:
        raise RulesError("pdf.names_count", lang=lang, field="names", given=len(names), players=players)
    return names


def check_names(players: int, names: Sequence[str] | None, lang: str | None = None) -> list[str] | None:
    """``names`` as a list of trimmed names, after checking there is one per player (a :class:`RulesError` if not).

    >>> check_names(2, [" Kari", "Ola "])
    ['Kari', 'Ola']
    >>> check_names(3, ["Kari"], lang="nb")
    Traceback (most recent call last):
    ...
    cardlab.errors.RulesError: Du ga 1 navn, men det er 3 spillere: gi ett navn per spiller, skilt med komma.
    """
    if names is None:
        return None
    names = [str(n).strip() for n in names]
    if len(names) != players:
        raise RulesError("pdf.names_count", lang=lang, field="names", given=len(names), players=players)
    return names
