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
SEARCH = "PlumpSearchBot at every seat"
RANDOM = "random play at every seat (bids and cards uniform among the legal ones)"
ANY = "any (one card leaves no choice in play)"


def z_family(m: int, level: float = 0.95) -> float:
    """The two-sided z of a Bonferroni-corrected interval: ``m`` intervals that all hold with ``level`` together."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, m)))


#: the z of one 95 % interval (the tables' intervals are 95 %: half their width is Z95 standard errors);
#: the value the claims were first checked with, 4·10⁻¹⁶ from ``z_family(1)``, so their figures stay bit for bit
Z95 = 1.959963984540054


# ------------------------------------------------------------ words → bands
#: the amounts a claim's words may name
AMOUNT_WORDS = {"a tenth": 0.1, "a fifth": 0.2, "a quarter": 0.25, "a third": 1 / 3, "half": 0.5,
                "two thirds": 2 / 3, "three quarters": 0.75, "four in five": 0.8, "all": 1.0}
#: "about X" means within this share of X either way; "almost X" within it below X
NEAR = 0.2


def _amount(words: str) -> float:
    words = words.strip()
    if words in AMOUNT_WORDS:
        return AMOUNT_WORDS[words]
    try:
        return float(words.removesuffix("%").strip()) / (100 if words.endswith("%") else 1)
    except ValueError:
        raise ValueError(f"a claim's wording names {words!r}, which is not an amount: use a number or one of "
                         f"{', '.join(AMOUNT_WORDS)}") from None


def band(wording: str) -> tuple[float, float]:
    """The band a claim's whole interval must lie in, read from its words (the one rule for every claim).

    * ``"about X"``: within a fifth of X either way (:data:`NEAR`); ``"almost X"``: within a fifth below X;
    * ``"less than X either way"``: between −X and X; ``"at least X"`` / ``"at most X"``: one side;
    * ``"more"`` / ``"less"``: above or below zero (a difference with a sign);
    * ``"between X and Y"``: as it says.

    X is a number (``0.2``, ``5%``) or one of :data:`AMOUNT_WORDS`.  A band is fixed by the words alone,
    before any data is read.

    >>> band("about a quarter")
    (0.2, 0.3)
    >>> band("almost half")
    (0.4, 0.5)
    >>> band("about three quarters")
    (0.6, 0.9)
    >>> band("about half")
    (0.4, 0.6)
    >>> band("less than 0.2 either way")
    (-0.2, 0.2)
    >>> band("less than 5% either way")
    (-0.05, 0.05)
    >>> band("more"), band("less")
    ((0.0, inf), (-inf, 0.0))
    >>> band("almost all")
    (0.8, 1.0)
    >>> band("between 0.45 and 0.55")
    (0.45, 0.55)
    >>> band("roughly a quarter")
    Traceback (most recent call last):
    ...
    ValueError: no rule for the wording 'roughly a quarter': say about X, almost X, less than X either way, at least X, at most X, between X and Y, more or less
    """
    w = " ".join(wording.lower().split())
    inf = float("inf")
    if w == "more":
        return (0.0, inf)
    if w == "less":
        return (-inf, 0.0)
    if w.startswith("about "):
        x = _amount(w[6:])
        lo, hi = sorted((x * (1 - NEAR), x * (1 + NEAR)))
    elif w.startswith("almost "):
        x = _amount(w[7:])
        lo, hi = sorted((x * (1 - NEAR), x))
    elif w.startswith("less than ") and w.endswith(" either way"):
        x = abs(_amount(w[10:-11]))
        lo, hi = -x, x
    elif w.startswith("at least "):
        lo, hi = _amount(w[9:]), inf
    elif w.startswith("at most "):
        lo, hi = -inf, _amount(w[8:])
    elif w.startswith("between ") and " and " in w:
        a, b = w[8:].split(" and ", 1)
        lo, hi = sorted((_amount(a), _amount(b)))
    else:
        raise ValueError(f"no rule for the wording {wording!r}: say about X, almost X, less than X either way, "
                         "at least X, at most X, between X and Y, more or less")
    return (round(lo, 12), round(hi, 12))


def within(low, high, wording: str) -> bool:
    """True when every interval ``[low, high]`` lies inside the band of ``wording`` (:func:`band`).

    Open sides are strict (``"more"`` needs every low end above zero).

    >>> within(0.22, 0.26, "about a quarter"), within(0.18, 0.26, "about a quarter")
    (True, False)
    >>> within([0.01, 0.3], [0.2, 0.5], "more")
    True
    """
    lo, hi = band(wording)
    low, high = np.atleast_1d(np.asarray(low, float)), np.atleast_1d(np.asarray(high, float))
    ok_low = low > lo if lo in (0.0, -np.inf) or np.isinf(hi) else low >= lo
    ok_high = high < hi if hi in (0.0, np.inf) or np.isinf(lo) else high <= hi
    return bool(np.all(ok_low) and np.all(ok_high))


# ------------------------------------------------------------ numbers as words
def pct(p: float, digits: int = 1) -> str:
    """A share as a percentage for prose: ``pct(0.7253)`` → ``'72.5 %'``.

    >>> pct(0.7253), pct(0.25, 0)
    ('72.5 %', '25 %')
    """
    return f"{100 * float(p):.{digits}f} %"


def pct_interval(low: float, high: float, digits: int = 1) -> str:
    """``'70.4 % to 74.5 %'``: a Wilson interval for prose.

    >>> pct_interval(0.7041, 0.7452)
    '70.4 % to 74.5 %'
    """
    return f"{pct(low, digits)} to {pct(high, digits)}"


def count(n: float) -> str:
    """A whole count with thousands separators: ``count(2412)`` → ``'2,412'``."""
    return f"{int(round(float(n))):,}"


def signed(x: float, digits: int = 2) -> str:
    """A difference with its sign: ``signed(0.2)`` → ``'+0.20'``, ``signed(-0.153)`` → ``'−0.15'``.

    >>> signed(0.2), signed(-0.153)
    ('+0.20', '−0.15')
    """
    return f"{float(x):+.{digits}f}".replace("-", "−")


def points(x: float, digits: int = 2) -> str:
    """Points for prose, a minus sign where negative: ``points(-0.764)`` → ``'−0.76'``."""
    return f"{float(x):.{digits}f}".replace("-", "−")


def sci(n: int, digits: int = 2) -> str:
    """A large count in scientific notation with Unicode powers: ``sci(274_263_000_000_000)`` → ``'2.7·10¹⁴'``.

    >>> sci(274_263_000_000_000), sci(1200, 3)
    ('2.7·10¹⁴', '1.20·10³')
    """
    mantissa, exponent = f"{float(n):.{digits - 1}e}".split("e")
    sup = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
    return f"{mantissa}·10{str(int(exponent)).translate(sup)}"


def players_words(values) -> str:
    """``[2, 3]`` → ``'2 and 3'``; ``[4]`` → ``'4'``; ``[2, 3, 4]`` → ``'2, 3 and 4'``."""
    values = [str(v) for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


def setting(players, cards) -> str:
    """``'4 players, 5 cards'``, ``'3 players, 1 card'``."""
    return f"{players} players, {cards} card{'' if int(cards) == 1 else 's'}"


def with_unit(wording: str, unit: str) -> str:
    """A band's words with the unit where it reads: ``'less than 0.2 points either way'``."""
    if wording.endswith(" either way"):
        return f"{wording[:-len(' either way')]} {unit}, either way"
    return f"{wording} {unit}"


def per_setting(df: pd.DataFrame, unit: str = "rounds") -> str:
    """The sample behind a claim from the table itself: ``'200,000 rounds per setting'`` (the smallest, if they differ)."""
    column = "games" if unit == "games" else "rounds"
    return f"{count(df[column].min())} {unit} per setting"


@dataclass(frozen=True)
class Claim:
    """One claim: what it says, for whom and where, its number with an interval, and whether the data bear it out.

    ``who`` says who plays, ``trump``, ``players`` and ``cards`` the whole scope it is tested over, and
    ``scope`` the rest (rules, sample).  ``unit`` is how the number reads: ``"share"`` (a percentage),
    ``"points"`` or ``""`` (plain).
    """

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
    trump: str = ""
    players: str = ""
    cards: str = ""
    unit: str = ""

    def number(self, x: float, bare: bool = False) -> str:
        """``x`` in the claim's unit: a percentage, points, percentage points (``bare``: without the unit's name)."""
        if self.unit == "share":
            return pct(x)
        if self.unit == "points":
            return points(x)
        if self.unit == "share difference":
            return signed(100 * x, 1) + ("" if bare else " percentage points")
        return f"{x:.4g}".replace("-", "−")

    def __str__(self) -> str:
        verdict = "holds" if self.holds else "does NOT hold"
        family = f", {self.comparisons} comparisons (Bonferroni)" if self.comparisons > 1 else ""
        return (f"{self.statement} [{self.estimate:.4g}; 95% interval {self.low:.4g} to {self.high:.4g}{family}] "
                f"— {verdict}. Who plays: {self.who}. Trump: {self.trump}. Players: {self.players}. "
                f"Cards: {self.cards}. Holds for: {self.scope}.")

    def markdown(self) -> str:
        """The claim as a Markdown paragraph for a notebook: the statement, its number and interval, the verdict, the scope."""
        verdict = "**holds**" if self.holds else "**does not hold**"
        family = (f", all {self.comparisons} comparisons together (Bonferroni)" if self.comparisons > 1 else "")
        return (f"*Claim:* {self.statement}: {self.number(self.estimate)} (95 % interval {self.number(self.low, True)} "
                f"to {self.number(self.high, True)}{family}) — {verdict}. *Who plays:* {self.who}. *Trump:* {self.trump}. "
                f"*Players:* {self.players}. *Cards:* {self.cards}. *Sample:* {self.scope}.")

    def _repr_markdown_(self) -> str:
        return self.markdown()


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

    Every configuration keeps its size (``scale=1.0``: the sizes of the shipped build,
    :data:`cardlab.data_build.PLUMP_ROUNDS`, ``FEMKAMP_GAMES`` and ``RUMMY_ROUNDS``), so a claim is
    replicated at full size.  Results are kept, so claims that share settings run them once.
    ``workers`` > 1 runs the configurations on a local Dask cluster.
    """

    def __init__(self, seed: int, scale: float = 1.0, workers: int = 1) -> None:
        self.seed, self.scale, self.workers = seed, scale, workers
        self._done: dict[str, pd.DataFrame] = {}

    def prepare(self, requests: "list[tuple[str, dict]]") -> None:
        """Run the configurations of several ``(table, where)`` requests at once (in parallel with ``workers``)."""
        from .data_build import TABLES_BY_NAME, choose_executor, run_config
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
        results = run_tasks(run_config, configs, executor=choose_executor(self.workers), workers=self.workers,
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
                 ANY, f"hook on, standard scoring; {per_setting(sim)}",
                 float(sim.p_zero[i] - sim.exact[i]), float(sim.fam_low[i] - sim.exact[i]),
                 float(sim.fam_high[i] - sim.exact[i]), bool(sim.inside.all()), m, sim,
                 trump="turned up and none, each checked", players="2-7, each checked", cards="1",
                 unit="share difference")


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
                 ANY, f"standard scoring, the leader holding an ace; {count(n)} simulated side-ace deals",
                 float(est), float(gain(high)), float(gain(low)), bool(gain(high) > 0 and low <= q <= high), 1,
                 pd.DataFrame({"exact_q": [float(q)], "sim_q": [wins / n], "q_low": [float(low)], "q_high": [float(high)],
                               "deals": [n]}),
                 trump="turned up (and visible)", players=str(players), cards="1", unit="points")


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
                 f"hook on, standard scoring; {per_setting(both)}", gap, low, high, agree, m, both,
                 trump="turned up and none, each checked", players="3 and 4", cards="2 and 3",
                 unit="share difference")


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
                 f"{sizes}; hook on; {count(rounds)} kernel rounds per setting",
                 gap, low, high, agree, m, both, trump="turned up and none, each checked", players="3 and 4",
                 cards="2 and 3 (the settings the exact method reached)", unit="share difference")


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
                 HEURISTIC + " (random bidders for the base rate)", f"hook on, standard scoring; {per_setting(df)}",
                 float(k / n), float(low), float(high), bool(low > base), 1, seats,
                 trump="turned up", players=str(players), cards="1", unit="share")


def zero_bids_dip_at_middle_hands(source=None, players: int = 4) -> Claim:
    """Heuristic zero bids are made more often with 1 card and with 10 cards than with 5 (the dip)."""
    src = _source(source)("plump_zero_bids", players=players, cards=[1, 5, 10], trump="turned-up", policy="heuristic")
    df = _pooled(src, ["cards"]).set_index("cards")
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
                 f"hook on, standard scoring; {per_setting(src)} ({count(df.bid0_rounds.min())}+ zero bids each)",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "more"), 2, t,
                 trump="turned up", players=str(players), cards="1, 5 and 10", unit="share difference")


def more_players_make_zero_bids_safer(source=None) -> Claim:
    """Heuristic zero bids are made more often at 7 players than at 4, at every hand size 1–7.

    Only the two table sizes are compared: one player more does not always help
    (:func:`one_more_player_not_always_safer`).
    """
    src = _source(source)("plump_zero_bids", players=[4, 7], cards=range(1, 8), trump="turned-up", policy="heuristic")
    df = _pooled(src, ["players", "cards"])
    a = df[df.players == 7].set_index("cards")
    b = df[df.players == 4].set_index("cards")
    z = z_family(7)
    d, lo, hi = _diff(a.p, a.bid0_rounds, b.p, b.bid0_rounds, z)
    t = pd.DataFrame({"cards": a.index, "diff": np.asarray(d), "low": np.asarray(lo), "high": np.asarray(hi)})
    i = _worst(t.low, t.high)
    return Claim("more_players_make_zero_bids_safer",
                 f"Heuristic zero bids are made more often at 7 players than at 4 at every hand size 1-7; smallest "
                 f"gap (at {t.cards[i]} cards)", HEURISTIC, f"hook on, standard scoring; {per_setting(src)}",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "more"), 7, t,
                 trump="turned up", players="7 against 4 (only these two)", cards="1-7, each checked",
                 unit="share difference")


def zero_bids_by_player_count(source=None, players=range(2, 8), cards=range(1, 8), trump="turned-up") -> pd.DataFrame:
    """Heuristic zero bids made, pooled over the seats, and the change from each player count to the next.

    One row per hand size and step ``players → players + 1`` (where both exist): ``diff`` with a
    Bonferroni-corrected interval over all the steps.
    """
    src = _source(source)("plump_zero_bids", players=list(players), cards=list(cards), trump=trump, policy="heuristic")
    df = _pooled(src, ["players", "cards"]).set_index(["players", "cards"])
    steps = [(p, c) for p in players for c in cards if (p, c) in df.index and (p + 1, c) in df.index]
    z = z_family(len(steps))
    rows = []
    for p, c in steps:
        a, b = df.loc[(p + 1, c)], df.loc[(p, c)]
        d, lo, hi = _diff(a.p, a.bid0_rounds, b.p, b.bid0_rounds, z)
        rows.append({"from": p, "to": p + 1, "cards": c, "p_from": b.p, "p_to": a.p, "diff": float(d),
                     "low": float(lo), "high": float(hi)})
    out = pd.DataFrame(rows)
    out.attrs["rounds"] = int(src.rounds.min())
    return out


def one_more_player_not_always_safer(source=None) -> Claim:
    """Adding one player does not always make the friendly bot's zero bids safer: at some hand size the rate falls.

    Every step from 2 to 7 players at every hand size 1–7 (trump turned up) is one comparison of
    the family; the claim holds when at least one step's corrected interval lies below zero.
    """
    t = zero_bids_by_player_count(source)
    i = int(t["diff"].idxmin())
    return Claim("one_more_player_not_always_safer",
                 f"One player more does not always make zero bids safer: the largest fall (from {t['from'][i]} to "
                 f"{t['to'][i]} players, {t.cards[i]} cards)", HEURISTIC,
                 f"hook on, standard scoring; {count(t.attrs['rounds'])} rounds per setting",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low[i], t.high[i], "less"), len(t), t,
                 trump="turned up", players="2-7, every step of one player", cards="1-7", unit="share difference")


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
                 HEURISTIC, f"hook on, standard scoring; {count(df.rounds.min())} rounds",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "less"), 2, t,
                 trump="turned up", players=str(players), cards=str(cards), unit="share difference")


def no_trump_zero_bids_harder(source=None, players: int = 4) -> Claim:
    """With no trump, heuristic zero bids at 2–5 cards are made less often than with a turned-up trump."""
    src = _source(source)("plump_zero_bids", players=players, cards=range(2, 6), trump=["none", "turned-up"],
                          policy="heuristic")
    df = _pooled(src, ["trump", "cards"])
    a = df[df.trump == "none"].set_index("cards")
    b = df[df.trump == "turned-up"].set_index("cards")
    z = z_family(4)
    d, lo, hi = _diff(a.p, a.bid0_rounds, b.p, b.bid0_rounds, z)
    t = pd.DataFrame({"cards": a.index, "diff": np.asarray(d), "low": np.asarray(lo), "high": np.asarray(hi)})
    i = _worst(t.low, t.high)
    return Claim("no_trump_zero_bids_harder",
                 f"With no trump, the heuristic bot's zero bids at 2-5 cards are made less often than with a turned-up "
                 f"trump; smallest gap (no trump - turned up, at {t.cards[i]} cards)", HEURISTIC,
                 f"hook on, standard scoring; {per_setting(src)}",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "less"), 4, t,
                 trump="none against turned up", players=str(players), cards="2-5, each checked",
                 unit="share difference")


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
    search = _source(source)("plump_search_zero_bids", players=players, cards=cards)
    plain = _source(source)("plump_zero_bids", players=players, cards=cards, trump="turned-up", policy="random")
    return Claim("good_players_make_zero_bids",
                 f"Zero bids are made more often by both bots than by random bidders at every hand size "
                 f"{min(cards)}-{max(cards)}; smallest gain ({d.policy[i]}, {d.cards[i]} cards)",
                 f"{HEURISTIC}; {search_who(search)}; {RANDOM}",
                 f"hook on, standard scoring; {per_setting(plain)} for random and the friendly bot, "
                 f"{per_setting(search)} for the search bot",
                 float(d["diff"][i]), float(d.low[i]), float(d.high[i]), within(d.low, d.high, "more"), m, d,
                 trump="turned up", players=str(players), cards=f"{min(cards)}-{max(cards)}, each checked",
                 unit="share difference")


def search_who(table: pd.DataFrame) -> str:
    """Who plays in the search-bot table, with the strength it was built at (read from its ``rollouts`` column)."""
    from .bots.plump_search import ISMCTS_ROLLOUTS

    rollouts = sorted({int(r) for r in table.rollouts})
    strength = ("its default strength, " if rollouts == [ISMCTS_ROLLOUTS] else "") + \
        f"information-set MCTS with {'/'.join(count(r) for r in rollouts)} iterations per decision"
    return f"{SEARCH} ({strength})"


# ------------------------------------------------------------ notebook 12
#: the words of the dealer's loss to the hook at 4 players x 5 cards (friendly bot), points per round
DEALER_COST = "about three quarters"


def _hook_on(source, **where) -> pd.DataFrame:
    df = _source(source)("plump_hook", policy="heuristic", **where)
    return df[df.hook.astype(str) == "True"].reset_index(drop=True)


def hook_cost_to_dealer(source=None, players: int = 4, cards: int = 5) -> Claim:
    """The hook's cost to the dealer (paired, hook on − off, standard scoring) is about three quarters of a point per round.

    The band is the one :func:`band` reads from :data:`DEALER_COST`.  The friendly bot's bids are
    calibrated expectations, so the four bids often add up to the hand size and the hook moves the dealer.
    """
    on = _hook_on(source, players=players, cards=cards, trump="turned-up")
    row = on[on.seat_from_leader == players - 1].iloc[0]
    return Claim("hook_cost_to_dealer",
                 f"The hook costs the dealer {DEALER_COST} of a point per round (the loss, hook off - hook on)",
                 HEURISTIC, f"standard scoring; the same {count(row.rounds)} deals with the hook on and off",
                 float(-row.diff_standard), float(-row.diff_standard_high), float(-row.diff_standard_low),
                 within(-row.diff_standard_high, -row.diff_standard_low, DEALER_COST), 1,
                 on[["seat_from_leader", "diff_standard", "diff_standard_low", "diff_standard_high"]],
                 trump="turned up", players=str(players), cards=str(cards), unit="points")


#: the words for the range of the share of rounds in which the hook moves the dealer, by trump mode
HOOK_RANGE = {"turned-up": ("about a quarter", "almost half"), "none": ("about a quarter", "almost all")}


def hook_forces_dealer_range(source=None, trump: str = "turned-up") -> Claim:
    """Over every setting (3–7 players, every hand size) how often the hook moves the dealer: from the first words of
    :data:`HOOK_RANGE` to the second.

    The smallest share's corrected interval must lie in the first band, the largest's in the
    second, and every setting's between the first band's floor and the second's ceiling.
    """
    on = _hook_on(source, trump=trump).drop_duplicates(["players", "cards"]).reset_index(drop=True)
    m = len(on)
    low, high = wilson_interval(on.p_forced * on.rounds, on.rounds, z=z_family(m))
    on = on.assign(fam_low=low, fam_high=high)
    lo_i, hi_i = int(on.p_forced.idxmin()), int(on.p_forced.idxmax())
    least, most = HOOK_RANGE[trump]
    floor, ceiling = band(least)[0], band(most)[1]
    holds = (within(on.fam_low[lo_i], on.fam_high[lo_i], least) and within(on.fam_low[hi_i], on.fam_high[hi_i], most)
             and within(on.fam_low, on.fam_high, f"between {floor} and {ceiling}"))
    return Claim(f"hook_forces_dealer_range{'' if trump == 'turned-up' else '_' + trump.replace('-', '_')}",
                 f"The hook moves the dealer off their bid in {least} ({setting(on.players[lo_i], on.cards[lo_i])}: "
                 f"{pct(on.p_forced[lo_i])}) to {most} ({setting(on.players[hi_i], on.cards[hi_i])}) of the rounds; "
                 f"the largest share", HEURISTIC,
                 f"standard scoring; {per_setting(on)}", float(on.p_forced[hi_i]), float(on.fam_low[hi_i]),
                 float(on.fam_high[hi_i]), holds, m, on[["players", "cards", "p_forced", "fam_low", "fam_high"]],
                 trump=trump.replace("-", " ") + " only", players="3-7, each checked",
                 cards="every hand size, each checked", unit="share")


def hook_forces_dealer_range_none(source=None) -> Claim:
    """:func:`hook_forces_dealer_range` with no trump: there a dealer with one card is forced off a sure zero."""
    return hook_forces_dealer_range(source, trump="none")


def _family(t: pd.DataFrame, column: str) -> pd.DataFrame:
    """Bonferroni-widened normal intervals of ``column`` over every row of ``t`` (from its 95 % ``_low``/``_high``)."""
    half = (t[f"{column}_high"] - t[f"{column}_low"]) / 2 * z_family(len(t)) / Z95
    return t.assign(fam_low=t[column] - half, fam_high=t[column] + half)


#: the words bounding how far the hook moves another seat's score, points per round
OTHER_SEATS_BOUND = "less than 0.2 either way"


def hook_costs_other_seats(source=None, settings=None, trump=("turned-up", "none")) -> Claim:
    """The hook moves every other seat's score by less than 0.2 points per round either way (:data:`OTHER_SEATS_BOUND`).

    ``settings``: ``(players, cards)`` pairs, or ``None`` for every setting of the table (3–7
    players, every hand size), in every trump mode named.  The dealer's bid changes how the dealer
    plays, and that moves tricks between all the seats; the claim bounds how far.
    """
    on = _hook_on(source, trump=list(trump))
    if settings is not None:
        on = pd.concat([on[(on.players == p) & (on.cards == c)] for p, c in settings])
    t = _family(on[on.seat_from_leader < on.players - 1].reset_index(drop=True), "diff_standard")
    i = int(t.diff_standard.abs().idxmax())
    where = ("3-7, each checked" if settings is None else " and ".join(f"{p} x {c} cards" for p, c in settings))
    return Claim("hook_costs_other_seats",
                 f"The hook moves every other seat's score by {with_unit(OTHER_SEATS_BOUND, 'points per round')}; "
                 f"the largest change (seat {t.seat_from_leader[i]} of {setting(t.players[i], t.cards[i])}, trump "
                 f"{t.trump[i].replace('-', ' ')})", HEURISTIC,
                 f"standard scoring; the same {per_setting(on).replace('rounds', 'deals')} with and without the hook",
                 float(t.diff_standard[i]), float(t.fam_low[i]), float(t.fam_high[i]),
                 within(t.fam_low, t.fam_high, OTHER_SEATS_BOUND), len(t),
                 t[["players", "cards", "trump", "seat_from_leader", "diff_standard", "fam_low", "fam_high"]],
                 trump=" and ".join(x.replace("-", " ") for x in trump) + ", each checked", players=where,
                 cards="every hand size, each checked" if settings is None else "as listed", unit="points")


def _dealer_rows(source, trump: str) -> pd.DataFrame:
    on = _hook_on(source, trump=trump)
    return _family(on[on.seat_from_leader == on.players - 1].reset_index(drop=True), "diff_standard")


def dealer_pays_with_turned_up_trump(source=None) -> Claim:
    """With a turned-up trump the hook costs the dealer points at every setting (3–7 players, every hand size)."""
    t = _dealer_rows(source, "turned-up")
    i = int(t.fam_high.idxmax())
    return Claim("dealer_pays_with_turned_up_trump",
                 f"With a turned-up trump the hook costs the dealer at every setting; the smallest loss, hook on - off "
                 f"({t.players[i]} players, {t.cards[i]} cards)", HEURISTIC,
                 f"standard scoring; the same {per_setting(t).replace('rounds', 'deals')} with and without the hook",
                 float(t.diff_standard[i]), float(t.fam_low[i]), float(t.fam_high[i]),
                 within(t.fam_low, t.fam_high, "less"), len(t),
                 t[["players", "cards", "diff_standard", "fam_low", "fam_high"]],
                 trump="turned up only", players="3-7, each checked", cards="every hand size, each checked",
                 unit="points")


def dealer_gains_somewhere_without_trump(source=None) -> Claim:
    """With no trump the dealer does not always pay: at some setting the hook gives the dealer points."""
    t = _dealer_rows(source, "none")
    i = int(t.fam_low.idxmax())
    return Claim("dealer_gains_somewhere_without_trump",
                 f"With no trump the hook gives the dealer points at some settings; the clearest gain, hook on - off "
                 f"({t.players[i]} players, {t.cards[i]} cards)", HEURISTIC,
                 f"standard scoring; the same {per_setting(t).replace('rounds', 'deals')} with and without the hook",
                 float(t.diff_standard[i]), float(t.fam_low[i]), float(t.fam_high[i]),
                 within(t.fam_low[i], t.fam_high[i], "more"), len(t),
                 t[["players", "cards", "diff_standard", "fam_low", "fam_high"]],
                 trump="none only", players="3-7, each checked", cards="every hand size, each checked", unit="points")


def hook_adds_plumps(source=None, players=range(3, 8), trump=("turned-up",)) -> Claim:
    """With a turned-up trump the hook adds plumps (missed bids) at every setting (paired on the same deals).

    Not with no trump: there the hook takes plumps away at some settings (``trump=("none",)`` fails).
    """
    on = _hook_on(source, players=list(players), trump=list(trump))
    t = _family(on.drop_duplicates(["players", "cards", "trump"]).reset_index(drop=True), "diff_plumps")
    i = int(t.fam_low.idxmin())
    return Claim("hook_adds_plumps",
                 f"The hook adds plumps at every setting; the smallest increase per round "
                 f"({setting(t.players[i], t.cards[i])})", HEURISTIC,
                 f"the same {per_setting(on).replace('rounds', 'deals')} with and without the hook",
                 float(t.diff_plumps[i]), float(t.fam_low[i]), float(t.fam_high[i]),
                 within(t.fam_low, t.fam_high, "more"), len(t),
                 t[["players", "cards", "trump", "diff_plumps", "fam_low", "fam_high"]],
                 trump=" and ".join(x.replace("-", " ") for x in trump) + (" only" if len(trump) == 1 else ", each checked"),
                 players=f"{min(players)}-{max(players)}, each checked", cards="every hand size, each checked")


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
            se = (on[f"score_{c}_high"] - on[f"score_{c}_low"]) / (2 * Z95)
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
                 f"hook on; {per_setting(on)}",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "less"), 4,
                 pd.concat([t, pd.DataFrame({c: base[c] for c in cols}).reset_index()], ignore_index=True),
                 trump="turned up and none, each separately", players="3-7 (averaged within each trump mode)",
                 cards="every hand size (averaged)")


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
                 f"standard Femkamp rules; {per_setting(df, 'games')} (intervals treat the rounds' shares as "
                 "independent, which is conservative for shares of the same games)",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "more"), m, t,
                 players=f"{players_words(sorted(d.players.unique()))}, each checked", unit="share difference", trump="none (Femkamp has no trump)", cards="the whole deck dealt, every round")


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
                 f"standard Femkamp rules; {per_setting(df, 'games')}",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "less"), m, t,
                 players=f"{players_words(players)} only", unit="share difference", trump="none (Femkamp has no trump)", cards="the whole deck dealt, every round")


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
                 f"standard Femkamp rules; {per_setting(df, 'games')} (approximate SE of a standard "
                 "deviation)", float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "more"),
                 m, t, players=f"{players_words(sorted(d.players.unique()))}, each checked", unit="points", trump="none (Femkamp has no trump)", cards="the whole deck dealt, every round")


# ------------------------------------------------------------ notebook 14
def first_seat_edges(df: pd.DataFrame, z: float) -> pd.DataFrame:
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


#: the words bounding the starting seat's edge (share of rounds gone out, first seat − second)
FIRST_EDGE_BOUND = "less than 5% either way"


def first_player_edge(source=None, players=(2, 3, 4, 5, 6), policy: str = "heuristic") -> Claim:
    """The starting seat's edge over the second seat (share of rounds each goes out) is small at every table size.

    The claim is that the edge, with Bonferroni-corrected intervals over the
    table sizes, lies in the band of :data:`FIRST_EDGE_BOUND` everywhere; the details
    give each table size's edge with its interval.
    """
    df = _source(source)("rummy_summary", players=list(players), policy=policy)
    m = len(players)
    t = first_seat_edges(df, z_family(m))
    i = int(t.edge.abs().idxmax())
    return Claim("first_player_edge",
                 f"The player who starts goes out more or less often than the next player by "
                 f"{with_unit(FIRST_EDGE_BOUND, 'of the rounds')}; "
                 f"the largest edge ({t.players[i]} players)",
                 HEURISTIC if policy == "heuristic" else RANDOM,
                 f"standard Rummy rules with at most 3 reshuffles; {count(t.rounds.min())} rounds per player count",
                 float(t.edge[i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, FIRST_EDGE_BOUND), m, t,
                 players=f"{players_words(players)}, each checked", unit="share difference", trump="none (Rummy has no tricks)", cards="the rules' deal")


#: the words for the share of random three-player Rummy rounds with no winner
NO_WINNER_WORDS = "about half"


def random_rounds_without_winner(source=None, players: int = 3, wording: str = NO_WINNER_WORDS) -> Claim:
    """About half of random-play rounds at three players end with no winner (the stock runs out after three reshuffles).

    ``wording`` (an entry of :func:`band`'s vocabulary) may be changed to test another claim.
    """
    df = _source(source)("rummy_summary", players=players, policy="random")
    row = df.iloc[0]
    return Claim("random_rounds_without_winner",
                 f"{wording[0].upper() + wording[1:]} of random rounds end with no winner", RANDOM,
                 f"standard Rummy rules with at most 3 reshuffles; {count(row.rounds)} rounds",
                 float(row.p_no_winner), float(row.no_winner_low), float(row.no_winner_high),
                 within(row.no_winner_low, row.no_winner_high, wording), 1, df,
                 players=f"{players} only", unit="share", trump="none (Rummy has no tricks)", cards="the rules' deal")


def _increasing(df: pd.DataFrame, value: str, low: str, high: str, players) -> pd.DataFrame:
    per = df  # indexed by players
    rows = []
    m = len(players) - 1
    z = z_family(m)
    for a, b in zip(players[:-1], players[1:]):
        va, vb = per.loc[a], per.loc[b]
        sa = (va[high] - va[low]) / (2 * Z95)
        sb = (vb[high] - vb[low]) / (2 * Z95)
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
                 f"standard Rummy rules with at most 3 reshuffles; {per_setting(df)}",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "more"), len(t), t,
                 players=f"{players[0]}-{players[-1]}, every step of one player", trump="none (Rummy has no tricks)", cards="the rules' deal")


def loser_penalty_grows(source=None, players=(2, 3, 4, 5, 6), policy: str = "heuristic") -> Claim:
    """A losing hand keeps more penalty points with each extra player (2–6)."""
    df = _source(source)("rummy_summary", players=list(players), policy=policy)
    # all losers of a setting pooled: the seats' means weighted by how often each seat lost
    rows = []
    for p, g in df.groupby("players"):
        w = g.rounds - g.went_out
        mean = float((g.loser_penalty * w).sum() / w.sum())
        se = float(np.sqrt((((g.loser_penalty_high - g.loser_penalty_low) / (2 * Z95)) ** 2 * w ** 2).sum()) / w.sum())
        rows.append({"players": p, "mean": mean, "low": mean - Z95 * se, "high": mean + Z95 * se})
    per = pd.DataFrame(rows).set_index("players")
    t = _increasing(per, "mean", "low", "high", list(players))
    i = _worst(t.low, t.high)
    return Claim("loser_penalty_grows",
                 f"A losing hand keeps more penalty points with each extra player from {players[0]} to {players[-1]}; "
                 f"the smallest increase ({t['from'][i]} to {t['to'][i]} players)",
                 HEURISTIC if policy == "heuristic" else RANDOM,
                 f"standard Rummy rules with at most 3 reshuffles; {per_setting(df)}",
                 float(t["diff"][i]), float(t.low[i]), float(t.high[i]), within(t.low, t.high, "more"), len(t), t,
                 players=f"{players[0]}-{players[-1]}, every step of one player", unit="points", trump="none (Rummy has no tricks)", cards="the rules' deal")


#: every asserted claim of notebooks 10–14, by notebook
NOTEBOOK_CLAIMS = {
    "10_one_card_plump": [one_card_exact_matches_simulation, leader_ace_advice, small_rounds_exact_match_simulation,
                          lowest_card_exact_match_simulation],
    "11_zero_bids": [one_card_zero_bids_beat_the_base_rate, zero_bids_dip_at_middle_hands,
                     more_players_make_zero_bids_safer, one_more_player_not_always_safer, leader_zero_bids_fail_more,
                     no_trump_zero_bids_harder, good_players_make_zero_bids],
    "12_the_hook": [hook_cost_to_dealer, hook_forces_dealer_range, hook_forces_dealer_range_none,
                    hook_costs_other_seats, dealer_pays_with_turned_up_trump, dealer_gains_somewhere_without_trump,
                    hook_adds_plumps, fairest_scoring],
    "13_femkamp_scores": [queens_widest_spread, queens_decide_most, grand_decides_fewest],
    "14_rummy": [first_player_edge, random_rounds_without_winner, rounds_longer_with_more_players, loser_penalty_grows],
}


#: the configurations the claims read, asked for at once so that a replication can run them in parallel
REQUESTS = [
    ("plump_zero_bids", {"cards": 1, "policy": "random", "trump": ["turned-up", "none"]}),
    ("plump_zero_bids", {"players": [3, 4], "cards": [2, 3], "trump": ["turned-up", "none"], "policy": "random"}),
    ("plump_zero_bids", {"players": 4, "cards": 1, "trump": "turned-up", "policy": "heuristic"}),
    ("plump_zero_bids", {"players": [4, 7], "cards": list(range(1, 11)), "trump": "turned-up", "policy": "heuristic"}),
    ("plump_zero_bids", {"players": list(range(2, 8)), "cards": list(range(1, 8)), "trump": "turned-up",
                         "policy": "heuristic"}),
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


# ------------------------------------------------------------ bot strength (one source: the arena's table)
TIER_NAMES = {"search": "`PlumpSearchBot` (its defaults)", "plumpbot": "`PlumpBot`", "ismcts-300": "ISMCTS-300",
              "ismcts-1000": "ISMCTS-1000", "random": "random play"}


def strength(tier: str, players: int, cards: int, against: str | None = None, table: pd.DataFrame | None = None):
    """The strength table's figure for ``tier`` at ``players`` × ``cards``: the pooled row if there is one, else the only run.

    ``table``: the rows of ``cardlab/data/strength_arena.csv`` (written by ``benchmarks/arena_openspiel.py
    --table``), read when not given.  Returns the row (a Series) with ``diff``, ``se``, ``rounds``,
    ``openspiel`` and ``command``; an error when several runs and no pooled row match.
    """
    from .data_files import load_table

    t = load_table("strength_arena") if table is None else table
    rows = t[(t.tier == tier) & (t.players == players) & (t.cards == cards)]
    if against is not None:
        rows = rows[rows.against == against]
    pooled = rows[rows.seed.astype(str) == "pooled"]
    rows = pooled if len(pooled) else rows
    if len(rows) != 1:
        raise ValueError(f"the strength table has {len(rows)} rows for {tier} at {players}x{cards}"
                         f"{'' if against is None else ' against ' + against}: name the run")
    return rows.iloc[0]


def strength_text(row) -> str:
    """``'+0.47 ± 0.15 points per round'``: a strength difference with its standard error."""
    return f"{signed(row['diff'])} ± {float(row['se']):.2f} points per round"
