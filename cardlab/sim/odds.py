"""The odds explorer's numbers: per seat from the leader, how often a Plump seat takes no trick.

One setting (:class:`OddsSetting`: players, cards each, trump mode, how everybody plays) gives one
table (:func:`odds_table`): the chance to take no trick with its Wilson 95 % interval, the expected
number of tricks with its 95 % interval, how often the seat's own zero bids worked, and for one-card
rounds the exact values (:func:`exact_one_card`, from :mod:`cardlab.sim.exact`).  The rounds are
simulated by :func:`cardlab.sim.plump.summarize_plump` with the leader's dealer fixed at seat 0, so a
table is replayable from its ``rng``.

The view that draws these tables is :class:`cardlab.widgets.odds.OddsExplorer`; what it remembers
between two clicks (the setting, your seat, the language) is :class:`cardlab.session.odds.OddsSession`.
Nothing here imports a user interface.

>>> setting = OddsSetting(players=7, hand_size=1, trump="none")
>>> setting.hand_limit, setting.rules.trump
(7, 'none')
>>> OddsSetting(players=7, hand_size=8, trump="none")
Traceback (most recent call last):
    ...
cardlab.errors.RulesError: hand_size must be a whole number from 1 to 7; you chose 8.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import pandas as pd

from ..errors import RulesError
from ..rules.base import check_choice
from ..rules.plump import PlumpRules
from .exact import p_win_one_card
from .plump import PlumpCounts, summarize_plump
from .stats import mean_interval

#: The trump modes the explorer offers (a rotating trump needs a whole game, not one round).
TRUMP_MODES = ("turned-up", "none", "fixed")
#: How everybody at the table plays: at random, or like the friendly :class:`cardlab.bots.plump.PlumpBot`.
POLICIES = ("random", "heuristic")
#: The fewest and most players (the compiled kernel's range).
PLAYERS = (2, 7)
#: Rounds simulated per setting: enough for intervals about ±0.6 percentage points, quick enough to feel live.
DEFAULT_ROUNDS = 30_000


def whole_number(field: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high`` (no limit if None), else a
    :class:`cardlab.errors.RulesError` naming ``field``.  A numpy integer counts as its value; a bool does not.

    >>> whole_number("seat", np.int64(2), 0, 3)
    2
    >>> whole_number("rounds", 0, 1)
    Traceback (most recent call last):
        ...
    cardlab.errors.RulesError: rounds must be a whole number of at least 1; you chose 0.
    >>> try:
    ...     whole_number("seat", "2", 0, 3)
    ... except RulesError as error:
    ...     print(error.field, "|", error.message("sv"))
    seat | seat måste vara ett heltal från 0 till 3; du valde '2'.
    """
    if isinstance(value, np.integer):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        if high is None:
            raise RulesError("odds.at_least", field=field, low=low, value=repr(value))
        raise RulesError("odds.range", field=field, low=low, high=high, value=repr(value))
    return value


def plump_rules_for(players: int, trump: str) -> PlumpRules:
    """The Plump rules the explorer simulates: classic rules with the chosen players and trump mode
    (a fixed trump is always spades).

    >>> plump_rules_for(5, "fixed").trump_suit
    'S'
    >>> plump_rules_for(5, "rotating")
    Traceback (most recent call last):
        ...
    cardlab.errors.RulesError: trump cannot be 'rotating': choose one of turned-up, none, fixed.
    """
    check_choice("trump", trump, TRUMP_MODES)
    return PlumpRules(players=players, trump=trump, trump_suit="S" if trump == "fixed" else None)


def hand_limit(players: int, trump: str) -> int:
    """The most cards each the deck allows with ``players`` and ``trump`` (a turned-up card takes one),
    after checking both.

    >>> hand_limit(6, "turned-up"), hand_limit(6, "none"), hand_limit(3, "none")
    (8, 8, 10)
    """
    return plump_rules_for(whole_number("players", players, *PLAYERS), trump).deck_limit


@dataclass(frozen=True)
class OddsSetting:
    """One choice of the explorer's controls, checked when made: a bad value raises a
    :class:`cardlab.errors.RulesError` naming its field (``players``, ``trump``, ``policy`` or ``hand_size``).

    >>> OddsSetting(players=6).hand_limit                 # six players, a card turned up for trump
    8
    >>> OddsSetting(policy="clever")
    Traceback (most recent call last):
        ...
    cardlab.errors.RulesError: policy cannot be 'clever': choose one of random, heuristic.
    """

    players: int = 4
    hand_size: int = 5
    trump: str = "turned-up"
    policy: str = "random"

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", whole_number("players", self.players, *PLAYERS))
        check_choice("trump", self.trump, TRUMP_MODES)
        check_choice("policy", self.policy, POLICIES)
        object.__setattr__(self, "hand_size", whole_number("hand_size", self.hand_size, 1, self.hand_limit))

    @property
    def rules(self) -> PlumpRules:
        """The rules simulated (:func:`plump_rules_for`)."""
        return plump_rules_for(self.players, self.trump)

    @property
    def hand_limit(self) -> int:
        """The most cards each that the deck allows with these players and this trump mode."""
        return hand_limit(self.players, self.trump)


def odds_table(players: int, hand_size: int, trump: str, policy: str, *, rounds: int = DEFAULT_ROUNDS,
               rng: Any = 1) -> pd.DataFrame:
    """Per seat from the leader: ``p_zero`` (no trick) with its Wilson interval, expected tricks with
    an interval, the zero-bid success when that seat bid 0, and the exact values for one card.

    >>> t = odds_table(4, 1, "none", "random", rounds=4000, rng=2)
    >>> str(t.loc[0, "p_zero_exact_fraction"])
    '6327/20825'
    >>> bool(abs(t.loc[0, "p_zero"] - t.loc[0, "p_zero_exact"]) < 0.05)
    True
    """
    setting = OddsSetting(players, hand_size, trump, policy)
    rounds = whole_number("rounds", rounds, 1)
    summary = summarize_plump(setting.rules, policy=policy, rounds=rounds, hand_size=hand_size, dealer=0, rng=rng,
                              progress=False)
    counts = PlumpCounts.from_dict(summary.attrs["counts"])
    players, hand_size = setting.players, setting.hand_size
    ks = np.arange(hand_size + 1)
    n = np.full(players, counts.rounds)
    total = (counts.trick_hist * ks).sum(axis=1)
    total_sq = (counts.trick_hist * ks * ks).sum(axis=1)
    mean, low, high = mean_interval(total, total_sq, n)
    table = pd.DataFrame({
        "seat_from_leader": np.arange(players),
        "p_zero": summary["p_zero"].to_numpy(), "ci_low": summary["ci_low"].to_numpy(),
        "ci_high": summary["ci_high"].to_numpy(),
        "mean_tricks": mean, "tricks_low": low, "tricks_high": high,
        "p_bid0_made": summary["p_bid0_made"].to_numpy(), "bid0_rounds": counts.bid0,
        "rounds": n, "players": players, "cards": hand_size, "trump": trump, "policy": policy,
    })
    if hand_size == 1:
        zero, win = exact_one_card(players, trump)
        table["p_zero_exact"] = [float(x) for x in zero]
        table["p_zero_exact_fraction"] = [str(x) for x in zero]
        table["mean_tricks_exact"] = [float(x) for x in win]
    else:
        table["p_zero_exact"] = np.nan
        table["p_zero_exact_fraction"] = None
        table["mean_tricks_exact"] = np.nan
    table.attrs.update(summary.attrs)
    table.attrs.pop("counts", None)
    return table


@lru_cache(maxsize=32)
def exact_one_card(players: int, trump: str) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """Exact one-card chances per seat from the leader: (no trick, win the trick), computed once per process.

    With one card a seat takes no trick exactly when it does not win the one
    trick, so one enumeration gives both (seven players take about a second).

    >>> zero, win = exact_one_card(3, "none")
    >>> [z + w for z, w in zip(zero, win)] == [1, 1, 1]
    True
    """
    win = tuple(p_win_one_card(players, trump))
    return tuple(1 - w for w in win), win


def warm_exact_values() -> None:
    """Work out every exact one-card value the explorer can show, the slow ones (many players) first,
    so that a later one-card setting finds them ready (the explorer does this in a background thread)."""
    for players in range(PLAYERS[1], PLAYERS[0] - 1, -1):
        for trump in TRUMP_MODES:
            exact_one_card(players, trump)


@lru_cache(maxsize=256)
def _odds_table_for_seed(setting: OddsSetting, rounds: int, seed: int) -> pd.DataFrame:
    return odds_table(setting.players, setting.hand_size, setting.trump, setting.policy, rounds=rounds, rng=seed)


def shared_odds_table(setting: OddsSetting, *, rounds: int = DEFAULT_ROUNDS, rng: Any = 1) -> pd.DataFrame:
    """:func:`odds_table` for ``setting``; for a whole-number seed the table is made once and kept for
    every caller in this process (so do not change it), for any other ``rng`` (a generator, a seed
    sequence) it is made afresh, drawing on ``rng``.

    >>> a = shared_odds_table(OddsSetting(3, 1, "none"), rounds=500, rng=4)
    >>> a is shared_odds_table(OddsSetting(3, 1, "none"), rounds=500, rng=4)
    True
    """
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        return _odds_table_for_seed(setting, int(rounds), int(rng))
    return odds_table(setting.players, setting.hand_size, setting.trump, setting.policy, rounds=rounds, rng=rng)
