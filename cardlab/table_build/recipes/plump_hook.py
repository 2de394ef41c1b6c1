"""``plump_hook``: the same deals played with the hook (kroken) on and off, compared seat by seat.

Heuristic bots, players 3–7 × every hand size × trump (turned-up, none): how often the dealer is
forced off the bid they wanted, plumps per round, and each seat's mean score under three scoring
variants, with the paired differences (hook on − hook off) on the same deals.

>>> configs = hook_configs(2024, 0.001)
>>> len(configs), configs[0].key
(90, 'plump_hook/p3/c1/turned-up/heuristic')
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config, config_seed
from .plump_settings import PLUMP_ROUNDS, plump_rules_dict

#: the scoring variants each seat's round score is given under
HOOK_SCORINGS = ("standard", "trick-points", "penalty")
#: the rules the same deals are played again under
HOOK_OFF = {"hook": False}


def hook_configs(master: int, scale: float) -> list[Config]:
    from ...rules.plump import PlumpRules

    rounds = max(200, int(PLUMP_ROUNDS * scale))
    out = []
    for players in range(3, 8):
        for trump in ("turned-up", "none"):
            rules = plump_rules_dict(players, trump)
            for cards in range(1, PlumpRules.from_dict(rules).largest_hand + 1):
                key = f"plump_hook/p{players}/c{cards}/{trump}/heuristic"
                out.append(Config("plump_hook", key, "plump", rules,
                                  {"players": players, "cards": cards, "trump": trump, "policy": "heuristic"},
                                  rounds, config_seed(master, key), 2 * rounds * cards * players / 1.9e6))
    return out


def run_hook(config: Config) -> pd.DataFrame:
    """Play the same deals with the hook on and off (heuristic bots) and compare, seat by seat.

    Besides each run's own means, ``diff_<scoring>`` is the paired difference
    (hook on − hook off) of a seat's round score with its 95 % interval, and
    ``p_seat_changed`` how often that seat's bid, tricks or score changed.
    """
    from ...sim.compare import _from_leader
    from ...sim.plump import kernel_batch, make_setup, score_array
    from ...sim.runs import run_chunks
    from ...sim.stats import mean_interval, wilson_interval

    o = config.options
    rules_on = config.rules_object()
    rules_off = rules_on.replace(**HOOK_OFF)
    p, cards = o["players"], o["cards"]
    setups = {True: make_setup(rules_on, policy=o["policy"], hand_size=cards),
              False: make_setup(rules_off, policy=o["policy"], hand_size=cards)}
    forced = 0
    made = {h: np.zeros(p, np.int64) for h in setups}
    plumps = {h: [0, 0] for h in setups}  # sum, sum of squares of plumps per round
    scores = {(h, s): [np.zeros(p), np.zeros(p)] for h in setups for s in HOOK_SCORINGS}
    diffs = {s: [np.zeros(p), np.zeros(p)] for s in HOOK_SCORINGS}
    seat_changed = np.zeros(p, np.int64)
    plump_diff = [0, 0]  # sum, sum of squares of (plumps with the hook − without) per round
    def work(start, seeds):
        return {h: kernel_batch(setup, seeds, start) for h, setup in setups.items()}

    for start, seeds, arrays in run_chunks(work, config.count, rng=config.seed):
        dealer = arrays[True]["dealer"]
        rows = np.arange(len(seeds))
        forced += int((arrays[True]["bids"][rows, dealer] != arrays[False]["bids"][rows, dealer]).sum())
        ordered = {h: (_from_leader(a["bids"], dealer), _from_leader(a["tricks"], dealer)) for h, a in arrays.items()}
        seat_changed += ((ordered[True][0] != ordered[False][0]) | (ordered[True][1] != ordered[False][1])).sum(axis=0)
        missed = {}
        for h, (bids, tricks) in ordered.items():
            hit = bids == tricks
            made[h] += hit.sum(axis=0)
            missed[h] = (~hit).sum(axis=1)
            plumps[h][0] += int(missed[h].sum())
            plumps[h][1] += int((missed[h] ** 2).sum())
        extra = missed[True] - missed[False]
        plump_diff[0] += int(extra.sum())
        plump_diff[1] += int((extra ** 2).sum())
        for s in HOOK_SCORINGS:
            sc = {h: score_array(b, t, s).astype(float) for h, (b, t) in ordered.items()}
            for h in setups:
                scores[(h, s)][0] += sc[h].sum(axis=0)
                scores[(h, s)][1] += (sc[h] ** 2).sum(axis=0)
            d = sc[True] - sc[False]
            diffs[s][0] += d.sum(axis=0)
            diffs[s][1] += (d ** 2).sum(axis=0)
    n = config.count
    f_low, f_high = wilson_interval(forced, n)
    c_low, c_high = wilson_interval(seat_changed, np.full(p, n))
    pd_mean, pd_low, pd_high = mean_interval(plump_diff[0], plump_diff[1], n)
    parts = []
    for h in (True, False):
        m_low, m_high = wilson_interval(made[h], np.full(p, n))
        pl_mean, pl_low, pl_high = mean_interval(plumps[h][0], plumps[h][1], n, bounds=(0, p))
        part = pd.DataFrame({
            "players": p, "cards": cards, "trump": o["trump"], "policy": o["policy"], "hook": h,
            "seat_from_leader": np.arange(p), "rounds": n, "seed": config.seed,
            "fingerprint": (rules_on if h else rules_off).fingerprint(),
            "p_forced": forced / n if h else 0.0, "forced_low": float(f_low) if h else 0.0,
            "forced_high": float(f_high) if h else 0.0,
            "plumps_per_round": float(pl_mean), "plumps_low": float(pl_low), "plumps_high": float(pl_high),
            "diff_plumps": float(pd_mean), "diff_plumps_low": float(pd_low), "diff_plumps_high": float(pd_high),
            "p_made": made[h] / n, "made_low": m_low, "made_high": m_high,
            "p_seat_changed": seat_changed / n, "seat_changed_low": c_low, "seat_changed_high": c_high,
        })
        for s in HOOK_SCORINGS:
            bounds = (-cards, 10 + cards) if s == "penalty" else (0, 10 + cards)
            mean, low, high = mean_interval(scores[(h, s)][0], scores[(h, s)][1], np.full(p, n), bounds=bounds)
            col = s.replace("-", "_")
            part[f"score_{col}"], part[f"score_{col}_low"], part[f"score_{col}_high"] = mean, low, high
            dmean, dlow, dhigh = mean_interval(diffs[s][0], diffs[s][1], np.full(p, n))
            part[f"diff_{col}"], part[f"diff_{col}_low"], part[f"diff_{col}_high"] = dmean, dlow, dhigh
        parts.append(part)
    return pd.concat(parts, ignore_index=True)
