"""``PlumpRules``: every option of Plump (Oh Hell), validated when built.

>>> rules = PlumpRules()
>>> rules.players, rules.trump, rules.hook, rules.scoring
(4, 'turned-up', True, 'standard')
>>> rules.hand_sizes()[:3], len(rules.hand_sizes())
([10, 9, 8], 19)
>>> PlumpRules(players=6).largest_hand, PlumpRules(players=7).largest_hand
(8, 7)
>>> PlumpRules.preset("kids").hand_sizes()
[5, 4, 3, 2, 1, 2, 3, 4, 5]
>>> PlumpRules(players=9)
Traceback (most recent call last):
...
cardlab.errors.RulesError: Plump needs 2 to 7 players with one deck; you chose 9. With 8 or more, set decks = 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Suit
from ..errors import RulesError
from ..i18n import Message
from . import plump_core
from .base import RulesBase, check_bool, check_choice, check_int

TRUMP_MODES = ("turned-up", "none", "rotating", "fixed")
SCHEDULES = ("full", "down", "up", "full-each-deals-one")
SCORINGS = tuple(plump_core.SCORING_CODES)  # standard, trick-points, penalty, tricks-only
FIRST_LEADS = ("left-of-dealer", "highest-bidder")
TIES = tuple(plump_core.TIE_CODES)  # share, extra-round
TRUMP_ORDER_ITEMS = ("C", "D", "H", "S", "none")


@dataclass(frozen=True, kw_only=True)
class PlumpRules(RulesBase):
    """The options of Plump, with RULES.md's defaults (the ``classic`` preset)."""

    game: ClassVar[str] = "plump"

    players: int = 4
    decks: int = 1
    max_cards: int | None = None
    schedule: str | tuple[int, ...] = "full"
    trump: str = "turned-up"
    trump_order: tuple[str, ...] = ("C", "D", "H", "S", "none")
    trump_suit: str | None = None
    hook: bool = True
    hook_last_round: bool = True
    first_lead: str = "left-of-dealer"
    must_trump: bool = False
    scoring: str = "standard"
    tie: str = "share"
    first_dealer: int = 0
    ink_blots: bool = False

    def __post_init__(self) -> None:
        check_int("decks", self.decks, 1, 2)
        high = 7 if self.decks == 1 else 12
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 2 <= self.players <= high:
            too_many = self.decks == 1 and isinstance(self.players, int) and self.players > 7
            raise RulesError(
                "plump.players", field="players", low=2, high=high, value=self.players,
                decks=Message("plump.one_deck" if self.decks == 1 else "plump.two_decks"),
                hint=Message("plump.two_decks_hint" if too_many else "plump.no_hint"),
            )
        check_choice("trump", self.trump, TRUMP_MODES)
        check_choice("scoring", self.scoring, SCORINGS)
        check_choice("first_lead", self.first_lead, FIRST_LEADS)
        check_choice("tie", self.tie, TIES)
        for name in ("hook", "hook_last_round", "must_trump", "ink_blots"):
            check_bool(name, getattr(self, name))
        check_int("first_dealer", self.first_dealer, 0, self.players - 1)
        if not isinstance(self.trump_order, tuple) or not self.trump_order:
            raise RulesError("rules.invalid", field="trump_order", problem=Message("plump.rules.trump_order"))
        for item in self.trump_order:
            check_choice("trump_order", item, TRUMP_ORDER_ITEMS)
        if self.trump == "fixed" and self.trump_suit is None:
            raise RulesError("rules.invalid", field="trump_suit", problem=Message("plump.rules.trump_suit_needed"))
        if self.trump == "fixed":
            check_choice("trump_suit", self.trump_suit, ("C", "D", "H", "S"))
        elif self.trump_suit is not None:
            raise RulesError("rules.invalid", field="trump_suit", problem=Message("plump.rules.trump_suit_unused"))
        limit = self.deck_limit
        if self.max_cards is not None:
            check_int("max_cards", self.max_cards, 1, limit)
        if isinstance(self.schedule, tuple):
            if not self.schedule:
                raise RulesError("rules.invalid", field="schedule", problem=Message("plump.rules.empty_schedule"))
            for size in self.schedule:
                check_int("schedule", size, 1, self.largest_hand)
        else:
            check_choice("schedule", self.schedule, SCHEDULES)

    # --------------------------------------------------------------- derived
    @property
    def hands_dealt(self) -> int:
        """Hands dealt each round: the players, plus a blind hand when two play."""
        return self.players + 1 if self.players == 2 else self.players

    @property
    def deck_size(self) -> int:
        return 52 * self.decks

    @property
    def deck_limit(self) -> int:
        """The largest hand the deck allows (a turned-up trump card needs one card more)."""
        usable = self.deck_size - (1 if self.trump == "turned-up" else 0)
        return min(10, usable // self.hands_dealt)

    @property
    def largest_hand(self) -> int:
        """``max_cards`` if set, else the largest hand the deck allows (10, or 8 for 6 players, 7 for 7)."""
        return self.max_cards if self.max_cards is not None else self.deck_limit

    def hand_sizes(self) -> list[int]:
        """The hand size of every round, in order (the pyramid)."""
        top = self.largest_hand
        if isinstance(self.schedule, tuple):
            return list(self.schedule)
        down = list(range(top, 0, -1))
        up = list(range(2, top + 1))
        if self.schedule == "down":
            return down
        if self.schedule == "up":
            return list(range(1, top + 1))
        if self.schedule == "full-each-deals-one":
            return down + [1] * (self.players - 1) + up
        return down + up

    def trump_for_round(self, round_index: int) -> Suit | None | str:
        """The trump suit of round ``round_index`` (0-based) for the fixed modes; ``"turned-up"`` otherwise."""
        if self.trump == "turned-up":
            return "turned-up"
        if self.trump == "none":
            return None
        if self.trump == "fixed":
            return Suit.parse(self.trump_suit)
        item = self.trump_order[round_index % len(self.trump_order)]
        return None if item == "none" else Suit.parse(item)
