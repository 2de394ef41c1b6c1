"""The claims of the analysis notebooks, each one computed by one function: estimate, interval, verdict.

A claim names who plays (random play, the friendly heuristic bot, the search bot, or nobody:
exact), the rules and table sizes it holds for, and its number with a 95 %
interval.  A claim over several comparisons ("at every hand size") widens
every interval by Bonferroni's correction, so that the whole family is
right with 95 % confidence.  Notebooks 10–14 call these functions on the
shipped tables; the replication test calls them again on tables made with a
second, independent seed (:class:`ReplicationSource`), at full size.

>>> from cardlab.claims import z_family
>>> round(z_family(1), 3), round(z_family(10), 3)
(1.96, 2.807)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, sqrt
from statistics import NormalDist

import numpy as np
import pandas as pd

from .sim.stats import wilson_interval

HEURISTIC = "the friendly heuristic bot at every seat"
SEARCH = "PlumpSearchBot (300 play-outs per decision) at every seat"
RANDOM = "random play at every seat (bids and cards uniform among the legal ones)"


def z_family(m: int, level: float = 0.95) -> float:
    """The two-sided z of a Bonferroni-corrected interval: ``m`` intervals that all hold with ``level`` together."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, m)))


@dataclass(frozen=True)
class Claim:
    """One claim: what it says, for whom and where, its number with an interval, and whether the data bear it out."""

    name: str
    statement: str
    who: str
    scope: str
    estimate: float
    low: float
    high: float
    holds: bool
    comparisons: int = 1
    details: pd.DataFrame = field(default=None, repr=False, compare=False)  # type: ignore[assignment]

    def __str__(self) -> str:
        verdict = "holds" if self.holds else "does NOT hold"
        family = f", {self.comparisons} comparisons (Bonferroni)" if self.comparisons > 1 else ""
        return (f"{self.statement} [{self.estimate:.4g}; 95% interval {self.low:.4g} to {self.high:.4g}{family}] "
                f"— {verdict}. Who plays: {self.who}. Holds for: {self.scope}.")


# ------------------------------------------------------------------ sources
def _match(df: pd.DataFrame, where: dict) -> pd.DataFrame:
    mask = pd.Series(True, index=df.index)
    for key, value in where.items():
        values = value if isinstance(value, (list, tuple, range, set)) else [value]
        mask &= df[key].astype(str).isin([str(v) for v in values])
    return df[mask]


class DataSource:
    """The shipped tables of ``data/`` (or of ``directory``), filtered by configuration options."""

    def __init__(self, directory=None) -> None:
        self.directory = directory
        self._tables: dict[str, pd.DataFrame] = {}

    def __call__(self, table: str, **where) -> pd.DataFrame:
        from .data_build import load_table

        if table not in self._tables:
            self._tables[table] = load_table(table, self.directory)
        return _match(self._tables[table], where).reset_index(drop=True)


class ReplicationSource:
    """The same tables made afresh with another master ``seed``: only the configurations a claim asks for.

    Every configuration keeps its size (``scale=1.0``: 200,000 Plump rounds,
    20,000 Femkamp games or Rummy rounds), so a claim is replicated at full
    size.  Results are kept, so claims that share settings run them once.
    ``workers`` > 1 runs the configurations on a local Dask cluster.
    """

    def __init__(self, seed: int, scale: float = 1.0, workers: int = 1) -> None:
        self.seed, self.scale, self.workers = seed, scale, workers
        self._done: dict[str, pd.DataFrame] = {}

    def prepare(self, requests: "list[tuple[str, dict]]") -> None:
        """Run the configurations of several ``(table, where)`` requests at once (in parallel with ``workers``)."""
        from .data_build import TABLES_BY_NAME, _run, choose_executor
        from .sim.sweep import run_tasks

        todo = {}
        for table, where in requests:
            for c in TABLES_BY_NAME[table].configs(self.seed, self.scale):
                if c.table + ":" + c.key not in self._done and c.table == table and all(
                        str(c.options[k]) in [str(v) for v in (w if isinstance(w, (list, tuple, range, set)) else [w])]
                        for k, w in where.items()):
                    todo[(c.table, c.key)] = c
        configs = sorted(todo.values(), key=lambda c: -c.cost)
        if not configs:
            return
        results = run_tasks(_run, configs, executor=choose_executor(self.workers), workers=self.workers,
                            unit="configuration")
        for c, df in zip(configs, results):
            self._done[c.table + ":" + c.key] = df

    def __call__(self, table: str, **where) -> pd.DataFrame:
        from .data_build import TABLES_BY_NAME

        self.prepare([(table, where)])
        frames = [self._done[table + ":" + c.key] for c in TABLES_BY_NAME[table].configs(self.seed, self.scale)
                  if table + ":" + c.key in self._done]
        return _match(pd.concat(frames, ignore_index=True), where).reset_index(drop=True)


def _source(source):
    return DataSource() if source is None else source


def _diff(p1, n1, p2, n2, z):
    """Difference of two independent proportions with a normal interval at ``z``."""
    d = np.asarray(p1) - np.asarray(p2)
    se = np.sqrt(np.asarray(p1) * (1 - np.asarray(p1)) / np.asarray(n1) + np.asarray(p2) * (1 - np.asarray(p2)) / np.asarray(n2))
    return d, d - z * se, d + z * se


def _pooled(df: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Zero bids pooled over the seats of each setting: p_bid0_made of all zero bids made there."""
    g = df.groupby(keys, as_index=False).agg(bid0_made=("bid0_made", "sum"), bid0_rounds=("bid0_rounds", "sum"))
    g["p"] = g.bid0_made / g.bid0_rounds
    return g


def _worst(low, high):
    """The summary of a family: the comparison whose interval comes closest to zero."""
    low, high = np.asarray(low, float), np.asarray(high, float)
    i = int(np.argmin(np.minimum(np.abs(low), np.abs(high))))
    return i


# ------------------------------------------------------------ notebook 10
def one_card_exact_matches_simulation(source=None) -> Claim:
    """The exact one-card chances of no trick lie inside the simulated intervals (every seat, 2–7 players)."""
    sim = _source(source)("plump_zero_bids", cards=1, policy="random", trump=["turned-up", "none"])
    from .sim.exact import p_zero_one_card

    exact = {(p, t): p_zero_one_card(p, t) for p in range(2, 8) for t in ("turned-up", "none")}
    sim = sim.assign(exact=[float(exact[(r.players, r.trump)][r.seat_from_leader]) for r in sim.itertuples()])
    m = len(sim)
    z = z_family(m)
    low, high = wilson_interval(sim.p_zero * sim.rounds, sim.rounds, z=z)
    sim = sim.assign(fam_low=low, fam_high=high, inside=(low <= sim.exact) & (sim.exact <= high))
    gap = (sim.p_zero - sim.exact).abs()
    i = int(gap.idxmax())
    return Claim("one_card_exact_matches_simulation",
                 "Simulated one-card chances of no trick agree with the exact ones at every seat; the largest gap "
                 "(simulated - exact), its interval containing 0",
                 "any (one card leaves no choice in play)",
                 f"one-card rounds, 2-7 players, trump turned up or none; {int(sim.rounds.min()):,} rounds per setting",
                 float(sim.p_zero[i] - sim.exact[i]), float(sim.fam_low[i] - sim.exact[i]),
                 float(sim.fam_high[i] - sim.exact[i]), bool(sim.inside.all()), m, sim)


def p_side_ace_wins(players: int) -> Fraction:
    """Exact chance that a led ace that is not trump wins a one-card trick (nobody else holds a trump)."""
    return Fraction(comb(38, players - 1), comb(50, players - 1))


def leader_ace_advice(source=None, players: int = 4, rounds: int = 200_000, rng=None) -> Claim:
    """Holding an ace as leader in a one-card round: bid 1 with the trump ace, 0 with a side ace (standard scoring).

    The turned-up card is visible, so the leader knows whether the ace is
    trump.  A trump ace always wins (bid 1: 11 points).  A side ace wins
    only when no other seat holds a trump: exactly ``p_side_ace_wins``; bid
    1 scores ``11 q``, bid 0 scores ``10 (1 − q)``.  Simulated with the
    engine's ``trick_winner`` on seeded deals beside the exact value
    (``rng``, else the seed of a :class:`ReplicationSource`, else 10).
    """
    from .cards import Card, full_deck
    from .tricks import trick_winner

    q = p_side_ace_wins(players)
    gen = np.random.default_rng(rng if rng is not None else getattr(source, "seed", 10))
    ace = Card.parse("AH")
    rest = [c for c in full_deck() if c != ace]
    wins = n = 0
    for _ in range(rounds):
        idx = gen.choice(51, size=players, replace=False)
        others = [rest[i] for i in idx[:players - 1]]
        trump = rest[idx[players - 1]].suit
        if trump == ace.suit:
            continue  # a trump ace: always wins, not part of this question
        n += 1
        wins += trick_winner([ace, *others], trump=trump) == 0
    low, high = wilson_interval(wins, n)
    gain = lambda p: 10 * (1 - p) - 11 * p  # noqa: E731  (bid 0 minus bid 1)
    est = gain(wins / n)
    return Claim("leader_ace_advice",
                 f"With {players} players a leader holding a side-suit ace scores more with a zero bid than with "
                 f"1 (exact {float(10 * (1 - q)):.2f} against {float(11 * q):.2f}); a trump ace always wins, so bid 1. "
                 f"Zero-bid advantage, simulated",
                 "any (one card leaves no choice in play)",
                 f"one-card rounds, {players} players, trump turned up and visible, standard scoring, the leader; "
                 f"{n:,} simulated side-ace deals",
                 float(est), float(gain(high)), float(gain(low)), bool(gain(high) > 0 and low <= q <= high), 1,
                 pd.DataFrame({"exact_q": [float(q)], "sim_q": [wins / n], "q_low": [float(low)], "q_high": [float(high)]}))


def small_rounds_exact_match_simulation(source=None) -> Claim:
    """Exact two- and three-card odds (random play) lie inside the simulated intervals, at every seat.

    The exact table is not random: it always comes from the shipped
    ``plump_exact_small``; the simulation from ``source``.
    """
    sim = _source(source)("plump_zero_bids", players=[3, 4], cards=[2, 3], trump=["turned-up", "none"], policy="random")
    exact = DataSource()("plump_exact_small", policy="random")
    both, m, agree, gap, low, high = _agreement_with_exact(sim, exact, "zero_fam_low", "zero_fam_high",
                                                           "made_fam_low", "made_fam_high")
    return Claim("small_rounds_exact_match_simulation",
                 "Simulated two- and three-card chances (no trick, bid made) agree with the exact ones at every "
                 "seat; the largest gap (simulated - exact), its interval containing 0", RANDOM,
                 f"2 and 3 cards, 3 and 4 players, trump turned up or none, hook on; {int(both.rounds.min()):,} "
                 f"rounds per setting", gap, low, high, agree, m, both)


def _agreement_with_exact(sim: pd.DataFrame, exact: pd.DataFrame, *interval_columns: str):
    """Simulated chances (no trick, bid made) beside the exact ones, seat by seat.

    Returns (the merged rows with family-wise Wilson intervals in ``interval_columns`` = zero low,
    zero high, made low, made high; the number of comparisons; whether every exact value lies in
    its interval; the largest gap simulated − exact; that gap's interval, relative to the exact value).
    """
    both = sim.merge(exact[["players", "cards", "trump", "seat_from_leader", "p_zero", "p_made"]],
                     on=["players", "cards", "trump", "seat_from_leader"], suffixes=("", "_exact"))
    m = 2 * len(both)
    z = z_family(m)
    zl, zh = wilson_interval(both.p_zero * both.rounds, both.rounds, z=z)
    ml, mh = wilson_interval(both.p_made * both.rounds, both.rounds, z=z)
    both = both.assign(**dict(zip(interval_columns, (zl, zh, ml, mh))))
    inside = ((zl <= both.p_zero_exact) & (both.p_zero_exact <= zh) & (ml <= both.p_made_exact)
              & (both.p_made_exact <= mh))
    gaps = pd.DataFrame({"zero": both.p_zero - both.p_zero_exact, "made": both.p_made - both.p_made_exact})
    i = int(gaps.abs().max(axis=1).idxmax())
    which = "zero" if abs(gaps.zero[i]) >= abs(gaps.made[i]) else "made"
    lo, hi = (zl[i], zh[i]) if which == "zero" else (ml[i], mh[i])
    exact_i = both[f"p_{which}_exact"][i]
    return both, m, bool(inside.all()), float(gaps[which][i]), float(lo - exact_i), float(hi - exact_i)


def lowest_card_exact_match_simulation(source=None, rounds: int = 1_000_000) -> Claim:
    """Exact lowest-card odds (``policy == "simple"`` in ``plump_exact_small``) inside simulated intervals.

    The simulation plays ``rounds`` rounds per setting with the compiled
    kernel (policy ``"simple"``), seeded from the source's master seed (the
    data's for the shipped tables, the replication's own otherwise).
    """
    from .data_build import DEFAULT_SEED, config_seed
    from .rules.plump import PlumpRules
    from .sim.plump import summarize_plump

    seed = getattr(source, "seed", DEFAULT_SEED)
    exact = DataSource()("plump_exact_small", policy="simple")
    frames = []
    for (players, cards, trump), _ in exact.groupby(["players", "cards", "trump"], sort=False):
        key = f"lowest_card/p{players}/c{cards}/{trump}"
        frames.append(summarize_plump(PlumpRules(players=int(players), trump=trump), policy="simple", rounds=rounds,
                                      hand_size=int(cards), rng=config_seed(seed, key), progress=False))
    sim = pd.concat(frames, ignore_index=True)
    both, m, agree, gap, low, high = _agreement_with_exact(sim, exact, "zero_low", "zero_high", "made_low", "made_high")
    sizes = ", ".join(sorted({f"{p} players x {c} cards trump {t}" for p, c, t in zip(both.players, both.cards, both.trump)}))
    return Claim("lowest_card_exact_match_simulation",
                 "Simulated chances (no trick, bid made) under the lowest-card policy agree with the exact ones at "
                 "every seat; the largest gap (simulated - exact), its interval containing 0",
                 "SimpleBot at every seat (the lowest legal card; bid = aces + trump king and queen)",
                 f"{sizes}; hook on; {rounds:,} kernel rounds per setting",
                 gap, low, high, agree, m, both)


# ------------------------------------------------------------ notebook 11
def one_card_zero_bids_beat_the_base_rate(source=None, players: int = 4) -> Claim:
    """With one card the heuristic's zero bids, pooled over the seats, succeed more often than the base rate 1 − 1/players.

    The base rate is the chance that a seat takes no trick, which random bidders' zero bids reach.
    The details give every seat's rate for both kinds of bidder: the friendly bot bids 0 on every
    card it judges a likely loser, and the hook sometimes forces the dealer to a zero it did not want.
    """
    src = _source(source)
    df = src("plump_zero_bids", players=players, cards=1, trump="turned-up", policy=["heuristic", "random"])
    pooled = _pooled(df, ["policy"]).set_index("policy")
    base = 1 - 1 / players
    k, n = pooled.loc["heuristic", "bid0_made"], pooled.loc["heuristic", "bid0_rounds"]
    low, high = wilson_interval(k, n)
    seats = df.pivot_table(index="seat_from_leader", columns="policy", values="p_bid0_made")
    return Claim("one_card_zero_bids_beat_the_base_rate",
                 f"With one card the heuristic bot's zero bids, pooled over the seats, are made more often than the "
                 f"base rate {base:.3f} (random zero bids: {pooled.loc['random', 'p']:.3f})",
                 HEURISTIC + " (random bidders for the base rate)",
                 f"one-card rounds, {players} players, trump turned up, hook on; {int(df.rounds.max()):,} rounds",
                 float(k / n), float(low), float(high), bool(low > base), 1, seats)


def zero_bids_dip_at_middle_hands(source=None, players: int = 4) -> Claim:
    """Heuristic zero bids are made more often with 1 card and with 10 cards than with 5 (the dip)."""
    df = _pooled(_source(source)("plump_zero_bids", players=players, cards=[1, 5, 10], trump="turned-up",
                                 policy="heuristic"), ["cards"]).set_index("cards")
    z = z_family(2)
    rows = []
    for other in (1, 10):
        d, lo, hi = _diff(df.p[other], df.bid0_rounds[other], df.p[5], df.bid0_rounds[5], z)
        rows.append({"cards": other, "diff": float(d), "low": float(lo), "high": float(hi)})
    t = pd.DataFrame(rows)
    i = _worst(t.low, t.high)
    return Claim("zero_bids_dip_at_middle_hands",
                 f"Heuristic zero bids are made more often with 1 and with 10 cards than with 5; smallest gap "
                 f"(vs {t.cards[i]} cards)", HEURISTIC,
                 f"{players} players, trump turned up, hook on; 200,000 rounds per hand size "
                 f"({int(df.bid0_rounds.min()):,}+ zero bids each)",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.low > 0).all()), 2, t)


def more_players_make_zero_bids_safer(source=None) -> Claim:
    """Heuristic zero bids are made more often at 7 players than at 4, at every hand size 1–7."""
    df = _pooled(_source(source)("plump_zero_bids", players=[4, 7], cards=range(1, 8), trump="turned-up",
                                 policy="heuristic"), ["players", "cards"])
    a = df[df.players == 7].set_index("cards")
    b = df[df.players == 4].set_index("cards")
    z = z_family(7)
    d, lo, hi = _diff(a.p, a.bid0_rounds, b.p, b.bid0_rounds, z)
    t = pd.DataFrame({"cards": a.index, "diff": np.asarray(d), "low": np.asarray(lo), "high": np.asarray(hi)})
    i = _worst(t.low, t.high)
    return Claim("more_players_make_zero_bids_safer",
                 f"Heuristic zero bids are made more often at 7 players than at 4 at every hand size 1-7; smallest "
                 f"gap (at {t.cards[i]} cards)", HEURISTIC, "trump turned up, hook on; 200,000 rounds per setting",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.low > 0).all()), 7, t)


def leader_zero_bids_fail_more(source=None, players: int = 4, cards: int = 5) -> Claim:
    """The leader's zero bids (heuristic) are made less often than those of the two middle seats."""
    df = _source(source)("plump_zero_bids", players=players, cards=cards, trump="turned-up",
                         policy="heuristic").set_index("seat_from_leader")
    z = z_family(2)
    rows = []
    for seat in (1, 2):
        d, lo, hi = _diff(df.p_bid0_made[0], df.bid0_rounds[0], df.p_bid0_made[seat], df.bid0_rounds[seat], z)
        rows.append({"seat": seat, "diff": float(d), "low": float(lo), "high": float(hi)})
    t = pd.DataFrame(rows)
    i = _worst(t.low, t.high)
    return Claim("leader_zero_bids_fail_more",
                 f"The leader's zero bids are made less often than the middle seats'; smallest gap (vs seat {t.seat[i]})",
                 HEURISTIC, f"{players} players, {cards} cards, trump turned up, hook on; 200,000 rounds",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.high < 0).all()), 2, t)


def no_trump_zero_bids_harder(source=None, players: int = 4) -> Claim:
    """With no trump, heuristic zero bids at 2–5 cards are made less often than with a turned-up trump."""
    df = _pooled(_source(source)("plump_zero_bids", players=players, cards=range(2, 6), trump=["none", "turned-up"],
                                 policy="heuristic"), ["trump", "cards"])
    a = df[df.trump == "none"].set_index("cards")
    b = df[df.trump == "turned-up"].set_index("cards")
    z = z_family(4)
    d, lo, hi = _diff(a.p, a.bid0_rounds, b.p, b.bid0_rounds, z)
    t = pd.DataFrame({"cards": a.index, "diff": np.asarray(d), "low": np.asarray(lo), "high": np.asarray(hi)})
    i = _worst(t.low, t.high)
    return Claim("no_trump_zero_bids_harder",
                 f"With no trump, the heuristic bot's zero bids at 2-5 cards are made less often than with a turned-up "
                 f"trump; smallest gap (no trump - turned up, at {t.cards[i]} cards)", HEURISTIC,
                 f"{players} players, hook on; 200,000 rounds per setting",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.high < 0).all()), 4, t)


def zero_bids_by_who_plays(source=None, players: int = 4, cards=range(2, 8)) -> pd.DataFrame:
    """Zero bids made, pooled over the seats, for random bidders, the friendly bot and the search bot.

    One row per player skill and hand size: ``bid0_made`` of ``bid0_rounds`` zero bids, ``p`` and its
    Wilson 95 % interval (trump turned up, hook on).
    """
    src = _source(source)
    parts = [src("plump_zero_bids", players=players, cards=cards, trump="turned-up", policy=["random", "heuristic"]),
             src("plump_search_zero_bids", players=players, cards=cards, trump="turned-up", policy="search")]
    t = pd.concat([_pooled(df, ["policy", "cards"]) for df in parts], ignore_index=True)
    t["low"], t["high"] = wilson_interval(t.bid0_made, t.bid0_rounds)
    t["who"] = t.policy.map({"random": "random", "heuristic": "friendly bot", "search": "strong bot (search)"})
    return t


def good_players_make_zero_bids(source=None, players: int = 4, cards=range(2, 8)) -> Claim:
    """Both bots make their zero bids more often than random bidders, at every hand size 2–7."""
    t = zero_bids_by_who_plays(source, players, cards)
    rnd = t[t.policy == "random"].set_index("cards")
    m = 2 * len(rnd)
    z = z_family(m)
    rows = []
    for policy in ("heuristic", "search"):
        a = t[t.policy == policy].set_index("cards")
        d, lo, hi = _diff(a.p, a.bid0_rounds, rnd.p, rnd.bid0_rounds, z)
        rows.append(pd.DataFrame({"policy": policy, "cards": a.index, "diff": np.asarray(d), "low": np.asarray(lo),
                                  "high": np.asarray(hi)}))
    d = pd.concat(rows, ignore_index=True)
    i = _worst(d.low, d.high)
    search_rounds = int(_source(source)("plump_search_zero_bids", players=players, cards=cards).rounds.min())
    return Claim("good_players_make_zero_bids",
                 f"Zero bids are made more often by both bots than by random bidders at every hand size "
                 f"{min(cards)}-{max(cards)}; smallest gain ({d.policy[i]}, {d.cards[i]} cards)",
                 f"{HEURISTIC}; {SEARCH}; {RANDOM}",
                 f"{players} players, trump turned up, hook on; 200,000 rounds per setting for random and the "
                 f"friendly bot, {search_rounds:,} for the search bot",
                 float(d["diff"][i]), float(d.low[i]), float(d.high[i]), bool((d.low > 0).all()), m, d)


# ------------------------------------------------------------ notebook 12
#: the dealer's loss to the hook at 4 players x 5 cards claimed for the friendly bot, points per round
DEALER_COST = (0.6, 0.9)


def hook_cost_to_dealer(source=None, players: int = 4, cards: int = 5) -> Claim:
    """The hook's cost to the dealer (paired, hook on − off, standard scoring) is about 0.75 points per round.

    The friendly bot's bids are calibrated expectations, so the four bids often add up to the hand
    size and the hook moves the dealer (in about 28 % of the deals at 4 × 5).
    """
    df = _source(source)("plump_hook", players=players, cards=cards, trump="turned-up", policy="heuristic")
    row = df[(df.hook.astype(str) == "True") & (df.seat_from_leader == players - 1)].iloc[0]
    a, b = DEALER_COST
    return Claim("hook_cost_to_dealer",
                 f"The hook costs the dealer about {-row.diff_standard:.2f} points per round (between {a} and {b}) at "
                 f"{players} players and {cards} cards", HEURISTIC,
                 f"{players} players, {cards} cards, trump turned up, standard scoring; the same {int(row.rounds):,} "
                 f"deals with the hook on and off", float(row.diff_standard), float(row.diff_standard_low),
                 float(row.diff_standard_high), bool(-b < row.diff_standard_low and row.diff_standard_high < -a), 1,
                 df[df.hook.astype(str) == "True"][["seat_from_leader", "diff_standard", "diff_standard_low",
                                                   "diff_standard_high"]].reset_index(drop=True))


#: the bounds claimed for the share of rounds in which the hook moves the dealer (every setting)
HOOK_RANGE = (0.20, 0.50)


def hook_forces_dealer_range(source=None, trump: str = "turned-up") -> Claim:
    """Over every setting (3–7 players, every hand size) the share of rounds in which the hook moves the dealer."""
    df = _source(source)("plump_hook", trump=trump, policy="heuristic")
    on = df[df.hook.astype(str) == "True"].drop_duplicates(["players", "cards"]).reset_index(drop=True)
    m = len(on)
    z = z_family(m)
    low, high = wilson_interval(on.p_forced * on.rounds, on.rounds, z=z)
    on = on.assign(fam_low=low, fam_high=high)
    lo_i, hi_i = int(on.p_forced.idxmin()), int(on.p_forced.idxmax())
    a, b = HOOK_RANGE
    return Claim("hook_forces_dealer_range",
                 f"The hook moves the dealer off their bid in {on.p_forced.min():.1%} "
                 f"({on.players[lo_i]} players, {on.cards[lo_i]} cards) to {on.p_forced.max():.1%} "
                 f"({on.players[hi_i]} players, {on.cards[hi_i]} cards) of rounds, always between {a:.0%} and {b:.0%}; "
                 f"the largest share", HEURISTIC,
                 f"trump {trump}, 3-7 players, every hand size; 200,000 rounds per setting",
                 float(on.p_forced.max()), float(on.fam_low[hi_i]), float(on.fam_high[hi_i]),
                 bool((on.fam_low > a).all() and (on.fam_high < b).all()), m,
                 on[["players", "cards", "p_forced", "fam_low", "fam_high"]])


#: the most that the hook is claimed to move another seat's score, points per round (either way)
OTHER_SEATS_BOUND = 0.2


def hook_costs_other_seats(source=None, settings=None) -> Claim:
    """The hook moves every other seat's score by less than 0.2 points per round: the dealer pays.

    ``settings``: ``(players, cards)`` pairs, or ``None`` for every setting of the table (3–7
    players, every hand size).  The dealer's bid changes how the dealer plays, and that moves tricks
    between all the seats; the claim bounds how far.
    """
    src = _source(source)
    df = src("plump_hook", trump="turned-up", policy="heuristic")
    on = df[df.hook.astype(str) == "True"]
    if settings is not None:
        on = pd.concat([on[(on.players == p) & (on.cards == c)] for p, c in settings])
    t = on[on.seat_from_leader < on.players - 1].reset_index(drop=True)
    m = len(t)
    z = z_family(m)
    half = (t.diff_standard_high - t.diff_standard_low) / 2 * z / 1.959963984540054
    t = t.assign(fam_low=t.diff_standard - half, fam_high=t.diff_standard + half)
    i = int(t.diff_standard.abs().idxmax())
    bound = OTHER_SEATS_BOUND
    where = ("3-7 players, every hand size" if settings is None
             else " and ".join(f"{p} players x {c} cards" for p, c in settings))
    dealer = on[on.seat_from_leader == on.players - 1].diff_standard
    return Claim("hook_costs_other_seats",
                 f"The hook moves every other seat's score by less than {bound} points per round (the dealer loses "
                 f"{-dealer.max():.2f} to {-dealer.min():.2f}); the largest change (seat {t.seat_from_leader[i]} of "
                 f"{t.players[i]} players, {t.cards[i]} cards)", HEURISTIC,
                 f"{where}, trump turned up, standard scoring; the same 200,000 deals with and without the hook",
                 float(t.diff_standard[i]), float(t.fam_low[i]), float(t.fam_high[i]),
                 bool((t.fam_low > -bound).all() and (t.fam_high < bound).all()), m,
                 t[["players", "cards", "seat_from_leader", "diff_standard", "fam_low", "fam_high"]])


def hook_adds_plumps(source=None, players: int = 4) -> Claim:
    """With the hook a round has more plumps (missed bids), at every hand size (paired on the same deals)."""
    df = _source(source)("plump_hook", players=players, trump="turned-up", policy="heuristic")
    t = df[df.hook.astype(str) == "True"].drop_duplicates("cards").reset_index(drop=True)
    m = len(t)
    z = z_family(m)
    half = (t.diff_plumps_high - t.diff_plumps_low) / 2 * z / 1.959963984540054
    t = t.assign(fam_low=t.diff_plumps - half, fam_high=t.diff_plumps + half)
    i = int(t.fam_low.idxmin())
    return Claim("hook_adds_plumps",
                 f"The hook adds plumps at every hand size 1-{int(t.cards.max())}; the smallest increase per round "
                 f"(at {t.cards[i]} cards)", HEURISTIC,
                 f"{players} players, trump turned up; the same 200,000 deals per hand size with and without the hook",
                 float(t.diff_plumps[i]), float(t.fam_low[i]), float(t.fam_high[i]), bool((t.fam_low > 0).all()), m,
                 t[["cards", "diff_plumps", "fam_low", "fam_high"]])


def _unfairness(on: pd.DataFrame, column: str, draws: np.ndarray | None = None) -> pd.Series:
    g = on.groupby(["players", "cards", "trump"])[column]
    return ((g.max() - g.min()) / g.mean()).groupby("trump").mean()


def fairest_scoring(source=None, draws: int = 400, rng=12) -> Claim:
    """Trick-points scoring treats the seats more evenly than standard, and standard more evenly than penalty.

    Unfairness of a setting: (best seat's mean − worst seat's) / the mean,
    averaged over 3–7 players and every hand size.  Its interval is a
    parametric bootstrap: every seat mean redrawn from its normal sampling
    distribution (``draws`` times), which ignores the small correlation
    between the seats of one deal.
    """
    df = _source(source)("plump_hook", policy="heuristic", trump=["turned-up", "none"])
    on = df[df.hook.astype(str) == "True"].reset_index(drop=True)
    cols = ["standard", "trick_points", "penalty"]
    gen = np.random.default_rng(rng)
    base = {c: _unfairness(on, f"score_{c}") for c in cols}
    boots = {c: [] for c in cols}
    for _ in range(draws):
        fake = on[["players", "cards", "trump"]].copy()
        for c in cols:
            se = (on[f"score_{c}_high"] - on[f"score_{c}_low"]) / (2 * 1.959963984540054)
            fake[f"score_{c}"] = on[f"score_{c}"] + gen.standard_normal(len(on)) * se
        for c in cols:
            boots[c].append(_unfairness(fake, f"score_{c}"))
    rows = []
    z = z_family(4)
    q = NormalDist().cdf(z)
    for trump in ("turned-up", "none"):
        for a, b in (("trick_points", "standard"), ("standard", "penalty")):
            d = np.array([x[trump] - y[trump] for x, y in zip(boots[a], boots[b])])
            rows.append({"trump": trump, "pair": f"{a} - {b}", "diff": float(base[a][trump] - base[b][trump]),
                         "low": float(np.quantile(d, 1 - q)), "high": float(np.quantile(d, q))})
    t = pd.DataFrame(rows)
    i = int(t.high.idxmax())
    return Claim("fairest_scoring",
                 "Trick-points scoring is the most even between seats and penalty scoring the least (unfairness "
                 "difference closest to zero)", HEURISTIC,
                 "3-7 players, every hand size, trump turned up and none, hook on; 200,000 rounds per setting",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.high < 0).all()), 4,
                 pd.concat([t, pd.DataFrame({c: base[c] for c in cols}).reset_index()], ignore_index=True))


# ------------------------------------------------------------ notebook 13
def queens_decide_most(source=None, policy: str = "heuristic") -> Claim:
    """Leaving out the queens round changes the winners more often than leaving out any other round (3–5 players)."""
    df = _source(source)("femkamp_summary", policy=policy)
    d = df[df["round"] != "total"].drop_duplicates(["players", "round"]).reset_index(drop=True)
    rows = []
    m = 4 * d.players.nunique()
    z = z_family(m)
    for players, g in d.groupby("players"):
        g = g.set_index("round")
        for other in g.index.drop("queens"):
            diff, lo, hi = _diff(g.p_decides["queens"], g.games["queens"], g.p_decides[other], g.games[other], z)
            rows.append({"players": players, "other": other, "diff": float(diff), "low": float(lo), "high": float(hi)})
    t = pd.DataFrame(rows)
    i = _worst(t.low, t.high)
    return Claim("queens_decide_most",
                 f"The queens round decides the most games at 3, 4 and 5 players; the smallest margin "
                 f"({t.players[i]} players, vs {t.other[i]})", HEURISTIC if policy == "heuristic" else RANDOM,
                 "standard Femkamp rules; 20,000 games per player count (intervals treat the rounds' shares as "
                 "independent, which is conservative for shares of the same games)",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.low > 0).all()), m, t)


def grand_decides_fewest(source=None, players=(3,), policy: str = "heuristic") -> Claim:
    """The grand round decides fewer games than every other round — for heuristic bots at 3 players only."""
    df = _source(source)("femkamp_summary", policy=policy, players=list(players))
    d = df[df["round"] != "total"].drop_duplicates(["players", "round"]).reset_index(drop=True)
    rows = []
    m = 4 * len(players)
    z = z_family(m)
    for p, g in d.groupby("players"):
        g = g.set_index("round")
        for other in g.index.drop("grand"):
            diff, lo, hi = _diff(g.p_decides["grand"], g.games["grand"], g.p_decides[other], g.games[other], z)
            rows.append({"players": p, "other": other, "diff": float(diff), "low": float(lo), "high": float(hi)})
    t = pd.DataFrame(rows)
    i = _worst(t.low, t.high)
    who = HEURISTIC if policy == "heuristic" else RANDOM
    return Claim("grand_decides_fewest",
                 f"The grand round decides the fewest games at {', '.join(map(str, players))} players; the smallest "
                 f"margin ({t.players[i]} players, vs {t.other[i]})", who,
                 f"standard Femkamp rules, {', '.join(map(str, players))} players only; 20,000 games per player count",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.high < 0).all()), m, t)


def queens_widest_spread(source=None, policy: str = "heuristic") -> Claim:
    """A player's queens-round score has the largest standard deviation of the five rounds (3–5 players)."""
    df = _source(source)("femkamp_summary", policy=policy)
    d = df[df["round"] != "total"].groupby(["players", "round"], as_index=False).agg(
        sd=("sd_score", "mean"), games=("games", "max"))
    rows = []
    m = 4 * d.players.nunique()
    z = z_family(m)
    for players, g in d.groupby("players"):
        g = g.set_index("round")
        for other in g.index.drop("queens"):
            diff = g.sd["queens"] - g.sd[other]
            # SE of a standard deviation, roughly sd / sqrt(2 n); the two rounds' SEs combined as independent
            se = sqrt(g.sd["queens"] ** 2 / (2 * g.games["queens"]) + g.sd[other] ** 2 / (2 * g.games[other]))
            rows.append({"players": players, "other": other, "diff": diff, "low": diff - z * se, "high": diff + z * se})
    t = pd.DataFrame(rows)
    i = _worst(t.low, t.high)
    return Claim("queens_widest_spread",
                 f"The queens round spreads the scores most; the smallest margin in standard deviation "
                 f"({t.players[i]} players, vs {t.other[i]})", HEURISTIC if policy == "heuristic" else RANDOM,
                 "standard Femkamp rules, 3-5 players; 20,000 games per player count (approximate SE of a standard "
                 "deviation)", float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.low > 0).all()), m, t)


# ------------------------------------------------------------ notebook 14
def _first_seat_edges(df: pd.DataFrame, z: float) -> pd.DataFrame:
    rows = []
    for (players, policy), g in df.groupby(["players", "policy"]):
        g = g.set_index("seat_from_leader")
        n = float(g.rounds[0])
        p0, p1 = g.p_out[0], g.p_out[1]
        d = p0 - p1
        se = sqrt((p0 + p1 - d * d) / n)  # one round has at most one winner: the two shares are dependent
        rows.append({"players": players, "policy": policy, "p_first": p0, "p_second": p1, "edge": d,
                     "low": d - z * se, "high": d + z * se, "rounds": int(n)})
    return pd.DataFrame(rows)


FIRST_EDGE_BOUND = 0.05


def first_player_edge(source=None, players=(2, 3, 4, 5, 6), policy: str = "heuristic") -> Claim:
    """The starting seat's edge over the second seat (share of rounds each goes out) is small at every table size.

    The claim is that the edge, with Bonferroni-corrected intervals over the
    table sizes, lies within ±:data:`FIRST_EDGE_BOUND` everywhere; the details
    give each table size's edge with its interval.
    """
    df = _source(source)("rummy_summary", players=list(players), policy=policy)
    m = len(players)
    t = _first_seat_edges(df, z_family(m))
    i = int(t.edge.abs().idxmax())
    b = FIRST_EDGE_BOUND
    return Claim("first_player_edge",
                 f"The player who starts goes out at most {b:.0%} more or less often than the next player at "
                 f"{', '.join(map(str, players))} players; the largest edge ({t.players[i]} players)",
                 HEURISTIC if policy == "heuristic" else RANDOM,
                 f"standard Rummy rules with at most 3 reshuffles, {', '.join(map(str, players))} players; "
                 f"{int(t.rounds.min()):,} rounds per player count", float(t.edge[i]), float(t.low[i]), float(t.high[i]),
                 bool((t.low > -b).all() and (t.high < b).all()), m, t)


def random_rounds_without_winner(source=None, players: int = 3) -> Claim:
    """About half of all random-play rounds end with no winner (the stock runs out after three reshuffles)."""
    df = _source(source)("rummy_summary", players=players, policy="random")
    row = df.iloc[0]
    return Claim("random_rounds_without_winner",
                 f"About half of random {players}-player rounds end with no winner (between 45% and 55%)", RANDOM,
                 f"standard Rummy rules with at most 3 reshuffles, {players} players; {int(row.rounds):,} rounds",
                 float(row.p_no_winner), float(row.no_winner_low), float(row.no_winner_high),
                 bool(0.45 < row.no_winner_low and row.no_winner_high < 0.55), 1, df)


def _increasing(df: pd.DataFrame, value: str, low: str, high: str, players) -> pd.DataFrame:
    per = df  # indexed by players
    rows = []
    m = len(players) - 1
    z = z_family(m)
    for a, b in zip(players[:-1], players[1:]):
        va, vb = per.loc[a], per.loc[b]
        sa = (va[high] - va[low]) / (2 * 1.959963984540054)
        sb = (vb[high] - vb[low]) / (2 * 1.959963984540054)
        d = vb[value] - va[value]
        se = sqrt(sa ** 2 + sb ** 2)
        rows.append({"from": a, "to": b, "diff": d, "low": d - z * se, "high": d + z * se})
    return pd.DataFrame(rows)


def rounds_longer_with_more_players(source=None, players=(2, 3, 4, 5), policy: str = "heuristic") -> Claim:
    """Heuristic Rummy rounds take more turns with each extra player, from 2 to 5 players."""
    df = _source(source)("rummy_summary", players=list(players), policy=policy)
    t = _increasing(df.drop_duplicates("players").set_index("players"), "mean_turns", "turns_low", "turns_high",
                    list(players))
    i = _worst(t.low, t.high)
    return Claim("rounds_longer_with_more_players",
                 f"Rounds take more turns with each extra player from {players[0]} to {players[-1]}; the smallest "
                 f"increase ({t['from'][i]} to {t['to'][i]} players)", HEURISTIC if policy == "heuristic" else RANDOM,
                 f"standard Rummy rules with at most 3 reshuffles; 20,000 rounds per player count",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.low > 0).all()), len(t), t)


def loser_penalty_grows(source=None, players=(2, 3, 4, 5, 6), policy: str = "heuristic") -> Claim:
    """A losing hand keeps more penalty points with each extra player (2–6)."""
    df = _source(source)("rummy_summary", players=list(players), policy=policy)
    # all losers of a setting pooled: the seats' means weighted by how often each seat lost
    rows = []
    for p, g in df.groupby("players"):
        w = g.rounds - g.went_out
        mean = float((g.loser_penalty * w).sum() / w.sum())
        se = float(np.sqrt((((g.loser_penalty_high - g.loser_penalty_low) / (2 * 1.959963984540054)) ** 2 * w ** 2).sum()) / w.sum())
        rows.append({"players": p, "mean": mean, "low": mean - 1.959963984540054 * se, "high": mean + 1.959963984540054 * se})
    per = pd.DataFrame(rows).set_index("players")
    t = _increasing(per, "mean", "low", "high", list(players))
    i = _worst(t.low, t.high)
    return Claim("loser_penalty_grows",
                 f"A losing hand keeps more penalty points with each extra player from {players[0]} to {players[-1]}; "
                 f"the smallest increase ({t['from'][i]} to {t['to'][i]} players)",
                 HEURISTIC if policy == "heuristic" else RANDOM,
                 "standard Rummy rules with at most 3 reshuffles; 20,000 rounds per player count",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), bool((t.low > 0).all()), len(t), t)


#: every asserted claim of notebooks 10–14, by notebook
NOTEBOOK_CLAIMS = {
    "10_one_card_plump": [one_card_exact_matches_simulation, leader_ace_advice, small_rounds_exact_match_simulation,
                          lowest_card_exact_match_simulation],
    "11_zero_bids": [one_card_zero_bids_beat_the_base_rate, zero_bids_dip_at_middle_hands,
                     more_players_make_zero_bids_safer, leader_zero_bids_fail_more, no_trump_zero_bids_harder,
                     good_players_make_zero_bids],
    "12_the_hook": [hook_cost_to_dealer, hook_forces_dealer_range, hook_costs_other_seats, hook_adds_plumps,
                    fairest_scoring],
    "13_femkamp_scores": [queens_widest_spread, queens_decide_most, grand_decides_fewest],
    "14_rummy": [first_player_edge, random_rounds_without_winner, rounds_longer_with_more_players, loser_penalty_grows],
}


#: the configurations the claims read, asked for at once so that a replication can run them in parallel
REQUESTS = [
    ("plump_zero_bids", {"cards": 1, "policy": "random", "trump": ["turned-up", "none"]}),
    ("plump_zero_bids", {"players": [3, 4], "cards": [2, 3], "trump": ["turned-up", "none"], "policy": "random"}),
    ("plump_zero_bids", {"players": 4, "cards": 1, "trump": "turned-up", "policy": "heuristic"}),
    ("plump_zero_bids", {"players": [4, 7], "cards": list(range(1, 11)), "trump": "turned-up", "policy": "heuristic"}),
    ("plump_zero_bids", {"players": 4, "cards": list(range(2, 6)), "trump": "none", "policy": "heuristic"}),
    ("plump_zero_bids", {"players": 4, "cards": list(range(2, 8)), "trump": "turned-up", "policy": "random"}),
    ("plump_search_zero_bids", {"players": 4, "cards": list(range(2, 8))}),
    ("plump_hook", {"policy": "heuristic"}),
    ("femkamp_summary", {}),
    ("rummy_summary", {}),
]


def all_claims(source=None) -> list[Claim]:
    """Every claim of the notebooks computed from ``source`` (the shipped data by default)."""
    source = _source(source)
    if hasattr(source, "prepare"):
        source.prepare(REQUESTS)
    return [f(source) for fs in NOTEBOOK_CLAIMS.values() for f in fs]


def main(argv=None) -> int:
    """``python -m cardlab.claims [--seed N] [--workers W]``: every claim, on the data or on a new seed."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m cardlab.claims", description=main.__doc__)
    parser.add_argument("--seed", type=int, default=None, help="replicate with this master seed (default: the shipped data)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    source = ReplicationSource(args.seed, workers=args.workers) if args.seed is not None else DataSource()
    results = all_claims(source)
    for c in results:
        print(c, "\n")
    return 0 if all(c.holds for c in results) else 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


def claims_table(claims: "list[Claim]") -> pd.DataFrame:
    """The claims as a table: name, estimate, interval, comparisons, verdict."""
    return pd.DataFrame([{"claim": c.name, "estimate": c.estimate, "low": c.low, "high": c.high,
                          "comparisons": c.comparisons, "holds": c.holds} for c in claims])
