"""``femkamp_summary``: whole Femkamp games aggregated per round × seat from the first leader.

The settings and seeds of ``femkamp_games`` (whose rows are the first games of each run here), all
games of each: mean scores with 95 % intervals clipped to what a round allows (:func:`femkamp_bounds`),
how often a seat wins, and how often a round decides the winners.

>>> [c.key for c in femkamp_summary_configs(2024, 0.01)][:2]
['femkamp_games/p3/random', 'femkamp_games/p3/heuristic']
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config
from .femkamp_games import femkamp_configs, femkamp_kernel_games


def femkamp_bounds(name: str, players: int, queen_points: int = 4) -> tuple[float, float]:
    """The range of one player's score in round ``name`` (or ``"total"``): intervals are clipped to it.

    >>> femkamp_bounds("grand", 5), femkamp_bounds("pass", 3)
    ((-10, 0), (0, 17))
    """
    from ...rules.femkamp import FemkampRules

    tricks = FemkampRules(players=players).trick_hand_size
    ranges = {"pass": (0, tricks), "clubs": (0, 13), "queens": (0, 4 * queen_points), "grand": (-tricks, 0),
              "kabal": (0, None)}
    if name == "total":
        return (-tricks, None)
    return ranges[name]


def femkamp_summary_configs(master: int, scale: float) -> list[Config]:
    # the same settings and seeds as femkamp_games: the sample is the first games of the summary
    return [Config("femkamp_summary", c.key, c.game, c.rules, c.options, c.count, c.seed, c.cost)
            for c in femkamp_configs(master, scale)]


def run_femkamp_summary(config: Config) -> pd.DataFrame:
    """All games of a setting, aggregated: per round (and total) × seat from the first leader.

    ``mean_score`` with its 95 % interval (clipped to the round's possible
    scores) and the standard deviation ``sd_score``; ``p_win`` (lowest total, ties shared as wins) per seat; and per
    round ``p_decides``: the share of games whose winners would change if
    that round were left out (Wilson 95 %).
    """
    from ...sim.compare import _from_leader
    from ...sim.runs import run_chunks
    from ...sim.stats import mean_interval, wilson_interval

    o = config.options
    rules = config.rules_object()
    p = o["players"]
    names = list(rules.round_order)
    r = len(names)
    sums = np.zeros((r + 1, p))
    sqs = np.zeros((r + 1, p))
    wins = np.zeros(p, np.int64)
    decides = np.zeros(r, np.int64)
    prikks = np.zeros(p)
    left = np.zeros(p)
    for start, seeds, a in run_chunks(lambda start, seeds: femkamp_kernel_games(rules, seeds, o["policy"]),
                                      config.count, rng=config.seed, unit="game"):
        first = np.full(len(seeds), a["dealers"][0], np.int64)
        per_round = np.stack([_from_leader(a["scores"][:, k, :], first) for k in range(r)], axis=1)
        total = per_round.sum(axis=1)
        won = total == total.min(axis=1, keepdims=True)
        wins += won.sum(axis=0)
        for k in range(r):
            sums[k] += per_round[:, k, :].sum(axis=0)
            sqs[k] += (per_round[:, k, :].astype(float) ** 2).sum(axis=0)
            without = total - per_round[:, k, :]
            decides[k] += int(((without == without.min(axis=1, keepdims=True)) != won).any(axis=1).sum())
        sums[r] += total.sum(axis=0)
        sqs[r] += (total.astype(float) ** 2).sum(axis=0)
        kabal = names.index("kabal")
        prikks += _from_leader(a["prikks"][:, kabal, :], first).sum(axis=0)
        left += _from_leader(a["cards_left"][:, kabal, :], first).sum(axis=0)
    n = config.count
    ns = np.full(p, n)
    w_low, w_high = wilson_interval(wins, ns)
    d_low, d_high = wilson_interval(decides, n)
    parts = []
    for k, name in enumerate(names + ["total"]):
        mean, low, high = mean_interval(sums[k], sqs[k], ns, bounds=femkamp_bounds(name, p, rules.queen_points))
        sd = np.sqrt(np.maximum(sqs[k] / n - (sums[k] / n) ** 2, 0.0) * n / max(n - 1, 1))
        part = pd.DataFrame({"players": p, "policy": o["policy"], "round": name, "seat_from_leader": np.arange(p),
                             "games": n, "seed": config.seed, "fingerprint": rules.fingerprint(),
                             "mean_score": mean, "score_low": low, "score_high": high, "sd_score": sd})
        if name == "total":
            part["p_win"], part["win_low"], part["win_high"] = wins / n, w_low, w_high
            part["p_decides"], part["decides_low"], part["decides_high"] = np.nan, np.nan, np.nan
        else:
            part["p_win"], part["win_low"], part["win_high"] = np.nan, np.nan, np.nan
            part["p_decides"], part["decides_low"], part["decides_high"] = decides[k] / n, d_low[k], d_high[k]
        part["mean_prikks"] = prikks / n if name == "kabal" else np.nan
        part["mean_cards_left"] = left / n if name == "kabal" else np.nan
        parts.append(part)
    return pd.concat(parts, ignore_index=True)
