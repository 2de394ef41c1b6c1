"""Paired comparisons of two rule sets: the same deals and the same random streams under both.

:func:`compare_rules` plays every round (Plump, Rummy) or game (Femkamp) twice,
once under ``rules_a`` and once under ``rules_b``, from the same stored seed.
The seed fixes the deal and the random stream (common random numbers): a
random seat draws its choices from the same stream under both rules, and a
heuristic seat sees the same cards.  Only what the rule change really changes
differs, so the per-seat difference ``a − b`` is measured on pairs, with a far
tighter interval than two separate samples would give.

>>> from cardlab import PlumpRules
>>> t = compare_rules("plump", PlumpRules(players=4), PlumpRules(players=4, hook=False), rounds=2000,
...                   hand_size=5, policy="heuristic", rng=1)
>>> list(t.columns[:7])
['game', 'quantity', 'seat_from_leader', 'rounds', 'mean_a', 'mean_b', 'diff']
>>> bool(t.iloc[-1]["diff"] < 0)       # the dealer (last seat) loses points to the hook
True
>>> bool((t["diff"] == t["mean_a"] - t["mean_b"]).all())
True
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import RulesError
from .runs import SMALL_CHUNK, run_chunks
from .stats import mean_interval, wilson_interval

GAMES = ("plump", "femkamp", "rummy")
#: the compared quantity of each game: a Plump round score, a Femkamp game total, a Rummy round penalty
QUANTITY = {"plump": "score", "femkamp": "total", "rummy": "penalty"}
COLUMNS = ["game", "quantity", "seat_from_leader", "rounds", "mean_a", "mean_b", "diff", "ci_low", "ci_high",
           "p_seat_changed", "seat_changed_low", "seat_changed_high", "p_changed", "changed_low", "changed_high"]


class _Pairs:
    """Running sums of paired per-seat values (seat counted from the leader)."""

    def __init__(self, players: int) -> None:
        self.n = 0
        self.sum_a = np.zeros(players)
        self.sum_b = np.zeros(players)
        self.sum_d = np.zeros(players)
        self.sq_d = np.zeros(players)
        self.seat_changed = np.zeros(players, np.int64)
        self.changed = 0
        self.extra: dict[str, np.ndarray] = {}

    def add(self, a: np.ndarray, b: np.ndarray, seat_changed: np.ndarray, changed: np.ndarray) -> None:
        a = a.astype(float)
        b = b.astype(float)
        d = a - b
        self.n += len(a)
        self.sum_a += a.sum(axis=0)
        self.sum_b += b.sum(axis=0)
        self.sum_d += d.sum(axis=0)
        self.sq_d += (d * d).sum(axis=0)
        self.seat_changed += seat_changed.sum(axis=0)
        self.changed += int(changed.sum())

    def count(self, name: str, values: np.ndarray) -> None:
        self.extra[name] = self.extra.get(name, 0) + values.sum(axis=0)

    def table(self, game: str, unit: str) -> pd.DataFrame:
        p = len(self.sum_d)
        n = np.full(p, self.n)
        diff, low, high = mean_interval(self.sum_d, self.sq_d, n)
        s_low, s_high = wilson_interval(self.seat_changed, n)
        c_low, c_high = wilson_interval(self.changed, self.n)
        df = pd.DataFrame({
            "game": game, "quantity": QUANTITY[game], "seat_from_leader": np.arange(p), unit: n,
            "mean_a": self.sum_a / max(self.n, 1), "mean_b": self.sum_b / max(self.n, 1),
            "diff": diff, "ci_low": low, "ci_high": high,
            "p_seat_changed": self.seat_changed / max(self.n, 1), "seat_changed_low": s_low, "seat_changed_high": s_high,
            "p_changed": self.changed / max(self.n, 1), "changed_low": float(c_low), "changed_high": float(c_high),
        })
        # mean_a − mean_b equals diff up to rounding; make it exact so the table adds up
        df["diff"] = df["mean_a"] - df["mean_b"]
        for name, values in self.extra.items():
            k = np.asarray(values)
            lo, hi = wilson_interval(k, n)
            df[f"p_{name}"], df[f"{name}_low"], df[f"{name}_high"] = k / max(self.n, 1), lo, hi
        return df


def _from_leader(values: np.ndarray, dealers: np.ndarray) -> np.ndarray:
    """Reorder columns (absolute seats) so that column k is k places from the dealer's left."""
    p = values.shape[1]
    idx = (dealers[:, None] + 1 + np.arange(p)[None, :]) % p
    return np.take_along_axis(values, idx, axis=1)


def _check_pair(game: str, rules_a, rules_b) -> None:
    if game not in GAMES:
        raise RulesError("rules.invalid", field="game", problem=f"choose plump, femkamp or rummy, not {game!r}.")
    for name, rules in (("rules_a", rules_a), ("rules_b", rules_b)):
        if getattr(rules, "game", game) != game:
            raise RulesError("rules.invalid", field=name, problem=f"these are {rules.game} rules, not {game} rules.")
    if rules_a.players != rules_b.players:
        raise RulesError("rules.invalid", field="players",
                         problem=f"both rule sets must seat the same players ({rules_a.players} and {rules_b.players}).")


def _count(count, rounds, games, game):
    n = games if game == "femkamp" and games is not None else rounds
    if n is None:
        n = count
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise RulesError("rules.invalid", field="games" if game == "femkamp" else "rounds",
                         problem=f"a whole number of at least 1, not {n!r}.")
    return int(n)


def compare_rules(game: str, rules_a, rules_b, *, rounds: int | None = None, games: int | None = None,
                  hand_size: int | None = None, policy: str = "heuristic", dealer: "int | str | None" = None,
                  rng=None, chunk: int = SMALL_CHUNK) -> pd.DataFrame:
    """Play ``game`` under ``rules_a`` and ``rules_b`` on the same deals and streams; one row per seat from the leader.

    ``game`` is ``"plump"`` (single rounds of ``hand_size`` cards), ``"femkamp"``
    (whole games; ``games=`` or ``rounds=``) or ``"rummy"`` (single rounds).
    Every seat plays ``policy`` (``"heuristic"``, the friendly bot, or
    ``"random"``); the compiled kernels play, so the rules must be ones they
    model (one deck for Plump).

    Columns: ``quantity`` (score per Plump round, total per Femkamp game,
    penalty per Rummy round), ``mean_a``, ``mean_b``, ``diff`` = a − b with its
    95 % interval ``ci_low``/``ci_high`` (normal approximation on the paired
    differences), ``p_seat_changed`` (this seat's result differs between a and
    b) and ``p_changed`` (anything at the table differs), each with its Wilson
    95 % interval.  Plump adds ``p_bid_changed`` (this seat's bid differs, e.g.
    the dealer moved off their bid by the hook); Rummy adds ``p_out_a`` and
    ``p_out_b`` (this seat went out).  ``attrs`` keep both fingerprints, the
    policy and the seed.
    """
    _check_pair(game, rules_a, rules_b)
    if policy not in ("random", "heuristic"):
        raise RulesError("rules.invalid", field="policy", problem=f"choose random or heuristic, not {policy!r}.")
    n = _count(10_000 if game != "femkamp" else 2_000, rounds, games, game)
    if game == "plump":
        table = _compare_plump(rules_a, rules_b, n, hand_size, policy, dealer, rng, chunk)
        unit = "rounds"
    elif game == "femkamp":
        table = _compare_femkamp(rules_a, rules_b, n, policy, rng, chunk)
        unit = "games"
    else:
        table = _compare_rummy(rules_a, rules_b, n, policy, dealer, rng, chunk)
        unit = "rounds"
    table.attrs.update({"game": game, "policy": policy, unit: n, "fingerprint_a": rules_a.fingerprint(),
                        "fingerprint_b": rules_b.fingerprint(), "rules_a": rules_a.to_dict(),
                        "rules_b": rules_b.to_dict(), "seed": None if rng is None else str(rng)})
    return table


# ----------------------------------------------------------------- plump
def _compare_plump(rules_a, rules_b, n, hand_size, policy, dealer, rng, chunk) -> pd.DataFrame:
    from .plump import kernel_batch, make_setup, score_array

    setups = [make_setup(r, policy=policy, hand_size=hand_size, dealer=dealer) for r in (rules_a, rules_b)]
    if setups[0].hand_size != setups[1].hand_size:
        raise RulesError("rules.invalid", field="hand_size",
                         problem=f"give hand_size: the two rule sets deal {setups[0].hand_size} and {setups[1].hand_size} cards.")
    for name, setup in zip(("rules_a", "rules_b"), setups):
        if not setup.kernel_ok:
            raise RulesError("rules.invalid", field=name, problem="compare_rules plays one deck (the fast kernel).")
    pairs = _Pairs(rules_a.players)

    def work(start, seeds):
        return [kernel_batch(s, seeds, start) for s in setups]

    for start, seeds, (a, b) in run_chunks(work, n, rng=rng, chunk=chunk):
        dealers = a["dealer"]
        bids = [_from_leader(x["bids"], dealers) for x in (a, b)]
        tricks = [_from_leader(x["tricks"], dealers) for x in (a, b)]
        scores = [score_array(bids[i], tricks[i], r.scoring) for i, r in enumerate((rules_a, rules_b))]
        bid_changed = bids[0] != bids[1]
        seat_changed = bid_changed | (tricks[0] != tricks[1]) | (scores[0] != scores[1])
        pairs.add(scores[0], scores[1], seat_changed, seat_changed.any(axis=1))
        pairs.count("bid_changed", bid_changed)
    return pairs.table("plump", "rounds")


# ---------------------------------------------------------------- femkamp
def _compare_femkamp(rules_a, rules_b, n, policy, rng, chunk) -> pd.DataFrame:
    from .femkamp import kernel_batch

    pairs = _Pairs(rules_a.players)

    def work(start, seeds):
        return [kernel_batch(rules, seeds, policy == "heuristic") for rules in (rules_a, rules_b)]

    for start, seeds, runs in run_chunks(work, n, rng=rng, chunk=chunk):
        totals, wins = [], []
        for a in runs:
            first = np.full(len(seeds), a["dealers"][0], np.int64)
            totals.append(_from_leader(a["scores"].sum(axis=1), first))
            wins.append(totals[-1] == totals[-1].min(axis=1, keepdims=True))
        seat_changed = totals[0] != totals[1]
        pairs.add(totals[0], totals[1], seat_changed, seat_changed.any(axis=1))
        pairs.count("won_a", wins[0])
        pairs.count("won_b", wins[1])
    return pairs.table("femkamp", "games")


# ------------------------------------------------------------------ rummy
def _compare_rummy(rules_a, rules_b, n, policy, dealer, rng, chunk) -> pd.DataFrame:
    from .rummy import kernel_batch

    p = rules_a.players
    if dealer is not None and dealer != "rotate" and (isinstance(dealer, bool) or not isinstance(dealer, (int, np.integer))
                                                      or not 0 <= dealer < p):
        raise RulesError("rules.invalid", field="dealer", problem=f'a seat 0..{p - 1} or "rotate", not {dealer!r}.')
    pairs = _Pairs(p)

    def dealers_for(start: int, size: int) -> np.ndarray:
        if dealer == "rotate":
            return (start + np.arange(size)) % p
        return np.full(size, rules_a.first_dealer if dealer is None else int(dealer), np.int64)

    def work(start, seeds):
        return [kernel_batch(r, [policy] * p, seeds, dealers_for(start, len(seeds))) for r in (rules_a, rules_b)]

    for start, seeds, runs in run_chunks(work, n, rng=rng, chunk=chunk):
        dealers = dealers_for(start, len(seeds))
        pen = [_from_leader(x["penalty"], dealers) for x in runs]
        outs = [_from_leader(x["winner"][:, None] == np.arange(p)[None, :], dealers) for x in runs]
        seat_changed = (pen[0] != pen[1]) | (outs[0] != outs[1])
        changed = seat_changed.any(axis=1) | (runs[0]["turns"] != runs[1]["turns"])
        pairs.add(pen[0], pen[1], seat_changed, changed)
        pairs.count("out_a", outs[0])
        pairs.count("out_b", outs[1])
    return pairs.table("rummy", "rounds")
