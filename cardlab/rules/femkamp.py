"""``FemkampRules``: every option of Femkamp (Norwegian *5-kamp*), validated when built,
and the words for its five rounds in Swedish, Norwegian and English.

>>> rules = FemkampRules()
>>> rules.players, rules.round_order
(4, ('pass', 'clubs', 'queens', 'grand', 'kabal'))
>>> FemkampRules(players=3).removed_cards, FemkampRules(players=3).trick_hand_size
(('2H',), 17)
>>> FemkampRules(players=5).removed_cards, FemkampRules(players=5).trick_hand_size
(('2H', '2D'), 10)
>>> round_goal("pass", "nb")
'Ta så få stikk som mulig'
>>> FemkampRules(players=6)
Traceback (most recent call last):
...
cardlab.errors.RulesError: Femkamp needs 3 to 5 players; you chose 6.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..errors import RulesError
from ..i18n import tr
from . import femkamp_core
from .base import RulesBase, check_bool, check_choice, check_int

ROUND_NAMES = ("pass", "clubs", "queens", "grand", "kabal")
TRICK_ROUNDS = ("pass", "clubs", "queens", "grand")
KABAL_STARTERS = ("left-of-dealer", "seven-of-hearts")
TIES = tuple(femkamp_core.TIE_CODES)  # share, rematch


def _check_round(round_name: str) -> str:
    if round_name not in ROUND_NAMES:
        raise ValueError(f"{round_name!r} is not a Femkamp round: choose one of {', '.join(ROUND_NAMES)}.")
    return round_name


def round_title(round_name: str, lang: str | None = None) -> str:
    """The round's name at the table.

    >>> round_title("queens", "sv"), round_title("queens", "nb"), round_title("queens", "en")
    ('Damrundan', 'Damerunden', 'Queens round')
    """
    return tr(f"femkamp.title.{_check_round(round_name)}", lang)


def round_goal(round_name: str, lang: str | None = None) -> str:
    """What a player tries to do in the round, said out loud before the first lead.

    >>> round_goal("grand", "en")
    'Take as many tricks as possible'
    """
    return tr(f"femkamp.goal.{_check_round(round_name)}", lang)


def round_scoring(round_name: str, lang: str | None = None, rules: "FemkampRules | None" = None) -> str:
    """How the round scores, under ``rules`` (default rules if None).

    >>> round_scoring("queens", "nb", FemkampRules(queen_points=5))
    '+5 per dame'
    """
    rules = rules or FemkampRules()
    name = _check_round(round_name)
    if name == "clubs" and rules.clubs_all_zero:
        return tr("femkamp.scoring.clubs_all_zero", lang)
    return tr(f"femkamp.scoring.{name}", lang, points=rules.queen_points)


@dataclass(frozen=True, kw_only=True)
class FemkampRules(RulesBase):
    """The options of Femkamp, with RULES.md's defaults (the ``classic`` preset).

    * ``players`` 3–5 (4 best);
    * ``round_order``: any order of the five rounds ``pass``, ``clubs``, ``queens``, ``grand``, ``kabal``;
    * ``queen_points``: points per queen in the queens round (4; some tables use 5);
    * ``clubs_all_zero``: taking all 13 clubs scores 0 in the clubs round;
    * ``kabal_starter``: ``"left-of-dealer"`` or ``"seven-of-hearts"`` (its holder opens with it);
    * ``rotate_dealer``: the dealer moves one seat clockwise after each round;
    * ``tie``: ``"share"`` the win, or ``"rematch"`` (a new femkamp decides, see ``FemkampGame``);
    * ``first_dealer``: the seat that deals the first round.
    """

    game: ClassVar[str] = "femkamp"

    players: int = 4
    round_order: tuple[str, ...] = ROUND_NAMES
    queen_points: int = 4
    clubs_all_zero: bool = False
    kabal_starter: str = "left-of-dealer"
    rotate_dealer: bool = True
    tie: str = "share"
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 3 <= self.players <= 5:
            raise RulesError("femkamp.players", field="players", value=self.players)
        if isinstance(self.round_order, list):
            object.__setattr__(self, "round_order", tuple(self.round_order))
        if not isinstance(self.round_order, tuple) or sorted(map(str, self.round_order)) != sorted(ROUND_NAMES) \
                or not all(isinstance(r, str) for r in self.round_order):
            raise RulesError("femkamp.round_order", field="round_order", value=self.round_order)
        check_int("queen_points", self.queen_points, 1, 25)
        check_bool("clubs_all_zero", self.clubs_all_zero)
        check_choice("kabal_starter", self.kabal_starter, KABAL_STARTERS)
        check_bool("rotate_dealer", self.rotate_dealer)
        check_choice("tie", self.tie, TIES)
        check_int("first_dealer", self.first_dealer, 0, self.players - 1)

    # --------------------------------------------------------------- derived
    @property
    def removed_cards(self) -> tuple[str, ...]:
        """Cards taken out for the four trick rounds (they return for the kabal round)."""
        return {3: ("2H",), 4: (), 5: ("2H", "2D")}[self.players]

    @property
    def trick_hand_size(self) -> int:
        """Cards per player in a trick round: 17, 13 or 10."""
        return (52 - len(self.removed_cards)) // self.players

    def dealer_for_round(self, index: int) -> int:
        """The dealer of round ``index`` (0-based).

        >>> [FemkampRules().dealer_for_round(i) for i in range(5)]
        [0, 1, 2, 3, 0]
        >>> FemkampRules(rotate_dealer=False, first_dealer=2).dealer_for_round(4)
        2
        """
        step = index if self.rotate_dealer else 0
        return (self.first_dealer + step) % self.players
