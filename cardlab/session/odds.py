"""``OddsSession``: the odds explorer with no user interface: the setting, your seat, the language, the tables.

Each control of the explorer changes one thing through :meth:`OddsSession.choose`: the players,
the cards each, the trump mode, how everybody plays, or your seat.  A change that leaves the cards
each or the seat too large for the new setting lowers it to the largest that fits (six players hold
at most eight cards when a card is turned up for trump); a value that is given and does not fit is
refused with a :class:`cardlab.errors.RulesError` naming the field, and nothing changes.

The numbers come from :mod:`cardlab.sim.odds`, one table per setting, kept by the session, so
moving a control back shows the same numbers at once; with a whole-number ``rng`` the tables are
also shared by every session of the process (:func:`cardlab.sim.odds.shared_odds_table`).  A new
seat or language never simulates.  :meth:`OddsSession.headline` says the seat's numbers in words.

Why two modules: the tables are the same for a notebook, a script or a test, so they sit with the
simulations; what changes from click to click (the setting, the seat, the language, the tables
already made, what fits after a change) is state, kept here, so that the ipywidgets view in
:mod:`cardlab.widgets.odds` only draws a session and forwards each click to it.

>>> odds = OddsSession(players=4, hand_size=1, trump="none", rounds=2000, rng=1, lang="en")
>>> odds.table["p_zero_exact_fraction"].tolist()
['6327/20825', '18716/20825', '18716/20825', '18716/20825']
>>> odds.choose(seat=3)
>>> odds.headline()[1]
'Exact (one card each): 89.9 % (18716/20825) to take no trick, 0.101 tricks on average.'
>>> odds.choose(players=2)                    # seat 3 is gone: you sit in the last seat
>>> odds.seat, len(odds.table)
(1, 2)
>>> odds.choose(hand_size=11)
Traceback (most recent call last):
    ...
cardlab.errors.RulesError: hand_size must be a whole number from 1 to 10; you chose 11.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..i18n import check_language, tr
from ..sim.odds import (DEFAULT_ROUNDS, PLAYERS, POLICIES, TRUMP_MODES, OddsSetting, hand_limit, shared_odds_table,
                        warm_exact_values, whole_number)

#: besides the session: the choices its view's controls offer and the work a view may do ahead, from :mod:`cardlab.sim.odds`
__all__ = ["OddsSession", "percent_text", "decimal_text", "count_text",
           "TRUMP_MODES", "POLICIES", "PLAYERS", "DEFAULT_ROUNDS", "warm_exact_values"]


def percent_text(x: float, lang: str) -> str:
    """A share as a percentage with one decimal, with a decimal comma in Swedish and Norwegian.

    >>> percent_text(0.30385, "en"), percent_text(0.30385, "sv")
    ('30.4 %', '30,4 %')
    """
    text = f"{100 * x:.1f} %"
    return text if lang == "en" else text.replace(".", ",")


def decimal_text(x: float, lang: str, digits: int = 2) -> str:
    """A number with ``digits`` decimals, with a decimal comma in Swedish and Norwegian.

    >>> decimal_text(1.25, "en"), decimal_text(0.1013, "nb", 3)
    ('1.25', '0,101')
    """
    text = f"{x:.{digits}f}"
    return text if lang == "en" else text.replace(".", ",")


def count_text(n: int) -> str:
    """A count with a space between thousands (``30 000``), the same in every language.

    >>> count_text(30000)
    '30 000'
    """
    return f"{int(n):,}".replace(",", " ")


class OddsSession:
    """The explorer's state: ``setting`` (an :class:`cardlab.sim.odds.OddsSetting`), ``seat`` (counted
    from the leader), ``lang``, and ``table``, the numbers of the setting (see the module docstring).

    ``rounds`` are simulated per setting, from the same ``rng`` every time (a whole number is a seed; a
    numpy generator is drawn on once per new setting, in the order the settings are first chosen).
    """

    def __init__(self, *, players: int = 4, hand_size: int = 5, trump: str = "turned-up", policy: str = "random",
                 seat: int = 0, rounds: int = DEFAULT_ROUNDS, rng: Any = 1, lang: str = "sv") -> None:
        self.lang = check_language(lang)
        self.rounds = whole_number("rounds", rounds, 1)
        self.rng = rng
        self._tables: dict[OddsSetting, pd.DataFrame] = {}
        self.setting = OddsSetting(players, hand_size, trump, policy)
        self.seat = whole_number("seat", seat, 0, self.setting.players - 1)
        self.table = self._table_for(self.setting)

    # ------------------------------------------------------------ the choice now
    @property
    def players(self) -> int:
        return self.setting.players

    @property
    def hand_size(self) -> int:
        return self.setting.hand_size

    @property
    def trump(self) -> str:
        return self.setting.trump

    @property
    def policy(self) -> str:
        return self.setting.policy

    @property
    def hand_limit(self) -> int:
        """The most cards each the setting allows (the cards-each control's top)."""
        return self.setting.hand_limit

    @property
    def last_seat(self) -> int:
        """The last seat from the leader (the seat control's top)."""
        return self.setting.players - 1

    @property
    def row(self) -> pd.Series:
        """The table's row of your seat."""
        return self.table.iloc[self.seat]

    # ---------------------------------------------------------------- changes
    def choose(self, *, players: int | None = None, hand_size: int | None = None, trump: str | None = None,
               policy: str | None = None, seat: int | None = None) -> None:
        """Change what is given; the cards each and the seat, when not given, are lowered to fit.

        A refused value raises a :class:`cardlab.errors.RulesError` naming its field; then nothing changes.

        >>> odds = OddsSession(players=6, hand_size=8, seat=5, rounds=300, rng=2)
        >>> odds.choose(players=7)
        >>> odds.hand_size, odds.seat
        (7, 5)
        >>> odds.choose(seat=7)
        Traceback (most recent call last):
            ...
        cardlab.errors.RulesError: seat must be a whole number from 0 to 6; you chose 7.
        """
        old = self.setting
        players = old.players if players is None else players
        trump = old.trump if trump is None else trump
        if hand_size is None:
            hand_size = min(old.hand_size, hand_limit(players, trump))
        setting = OddsSetting(players, hand_size, trump, old.policy if policy is None else policy)
        last = setting.players - 1
        seat = min(self.seat, last) if seat is None else whole_number("seat", seat, 0, last)
        table = self._table_for(setting)
        self.setting, self.seat, self.table = setting, seat, table

    def set_language(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (no new simulation)."""
        self.lang = check_language(lang)

    def _table_for(self, setting: OddsSetting) -> pd.DataFrame:
        if setting not in self._tables:
            self._tables[setting] = shared_odds_table(setting, rounds=self.rounds, rng=self.rng)
        return self._tables[setting]

    # ------------------------------------------------------------------ words
    def headline(self, lang: str | None = None) -> list[str]:
        """Your seat's numbers in sentences: the chance of no trick and the tricks on average; the exact
        values in a one-card round; how often the seat's own zero bids worked, when the players bid like the bot.

        >>> OddsSession(players=3, hand_size=2, rounds=400, rng=3, lang="sv").headline()[0][:44]
        'Plats 0: du tar inget stick i 43,0 % av rund'
        """
        lang = check_language(lang or self.lang)
        row = self.row
        lines = [tr("odds.headline", lang, seat=self.seat, p=percent_text(row.p_zero, lang),
                    low=percent_text(row.ci_low, lang), high=percent_text(row.ci_high, lang),
                    tricks=decimal_text(row.mean_tricks, lang), rounds=count_text(row.rounds),
                    policy=tr(f"odds.policy.{row.policy}", lang))]
        if not pd.isna(row.p_zero_exact):
            lines.append(tr("odds.exact_line", lang,
                            p=f"{percent_text(row.p_zero_exact, lang)} ({row.p_zero_exact_fraction})",
                            tricks=decimal_text(row.mean_tricks_exact, lang, 3)))
        if row.bid0_rounds > 0 and row.policy == "heuristic":
            lines.append(tr("odds.bid0_line", lang, p=percent_text(row.p_bid0_made, lang),
                            n=count_text(row.bid0_rounds)))
        return lines
