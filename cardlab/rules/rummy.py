"""``RummyRules``: every option of basic Rummy, validated when built.

>>> rules = RummyRules()
>>> rules.players, rules.hand_size, rules.no_same_discard, rules.max_reshuffles, rules.target
(3, 7, True, None, 100)
>>> RummyRules(players=2).hand_size, RummyRules(players=6).hand_size
(10, 6)
>>> RummyRules(players=7)
Traceback (most recent call last):
...
cardlab.errors.RulesError: Rummy needs 2 to 6 players (3 or 4 is best); you chose 7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..errors import RulesError
from .base import RulesBase, check_bool, check_int

#: Cards dealt to each player, by the number of players (seed 004).
HAND_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


@dataclass(frozen=True, kw_only=True)
class RummyRules(RulesBase):
    """The options of basic Rummy, with RULES.md's defaults (the ``classic`` preset).

    * ``players``: 2–6; the deal is derived (10 cards for 2, 7 for 3–4, 6 for 5–6).
    * ``no_same_discard``: a card taken from the discard pile may not be thrown back the same turn.
    * ``rummy_bonus``: going out in one turn, having melded nothing before, doubles the penalties.
    * ``max_reshuffles``: ``None`` (no limit, RULES.md): whenever the stock runs out, the discard
      pile but its top card is shuffled into a new stock and play goes on.  A number sets a limit:
      after that many reshuffles an empty stock ends the round with no winner (simulations name
      such a bound in their rules; see :func:`cardlab.rules.rummy_core.may_reshuffle`).
    * ``target``: the game ends when someone reaches this many penalty points …
    * ``rounds``: … unless a fixed number of rounds is chosen instead.
    * ``first_dealer``: the seat that deals the first round.
    """

    game: ClassVar[str] = "rummy"

    players: int = 3
    no_same_discard: bool = True
    rummy_bonus: bool = False
    max_reshuffles: int | None = None
    target: int = 100
    rounds: int | None = None
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or self.players not in HAND_SIZES:
            raise RulesError("rummy.players", field="players", value=self.players)
        check_bool("no_same_discard", self.no_same_discard)
        check_bool("rummy_bonus", self.rummy_bonus)
        if self.max_reshuffles is not None:
            check_int("max_reshuffles", self.max_reshuffles, 0, 100)
        check_int("target", self.target, 1, 100_000)
        if self.rounds is not None:
            check_int("rounds", self.rounds, 1, 1000)
        check_int("first_dealer", self.first_dealer, 0, self.players - 1)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 10 for 2 players, 7 for 3–4, 6 for 5–6."""
        return HAND_SIZES[self.players]

    @property
    def ends_by_rounds(self) -> bool:
        """True when a fixed number of rounds, not the target, ends the game."""
        return self.rounds is not None


__all__ = ["RummyRules", "HAND_SIZES", "RulesError"]
