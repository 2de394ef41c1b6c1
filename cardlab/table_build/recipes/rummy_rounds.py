"""``rummy_rounds``: the first rounds of every Rummy setting, one row per round × seat, for replay.

Single rounds played by the compiled kernel (2–6 players × policy random, heuristic), with an
explicit bound on reshuffles (:data:`RUMMY_MAX_RESHUFFLES`) so every round ends and the rules'
fingerprint says so.  The settings and seeds are those of ``rummy_summary``, whose run these rounds open.

>>> [(c.key, c.rules["max_reshuffles"]) for c in rummy_configs(2024, 0.01)][:2]
[('rummy_rounds/p2/random', 3), ('rummy_rounds/p2/heuristic', 3)]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config, config_seed
from .replay_sample import SAMPLE, sample_seeds

#: rounds per Rummy setting (at scale 1)
RUMMY_ROUNDS = 20_000
#: Rummy data is built with an explicit bound on reshuffles, so every round ends and the fingerprint says so
RUMMY_MAX_RESHUFFLES = 3


def rummy_configs(master: int, scale: float) -> list[Config]:
    from ...rules.rummy import RummyRules

    rounds = max(SAMPLE, int(RUMMY_ROUNDS * scale))
    out = []
    for players in range(2, 7):
        for policy in ("random", "heuristic"):
            key = f"rummy_rounds/p{players}/{policy}"
            rules = RummyRules(players=players, max_reshuffles=RUMMY_MAX_RESHUFFLES).to_dict()
            out.append(Config("rummy_rounds", key, "rummy", rules, {"players": players, "policy": policy}, rounds,
                              config_seed(master, key), rounds * (2e-4 if policy == "random" else 4e-4)))
    return out


def rummy_kernel_rows(rules, seeds: np.ndarray, *, policy: str, first: int) -> pd.DataFrame:
    """One row per round × seat for the rounds with these seeds, played by the compiled kernel."""
    from ...sim.rummy import kernel_batch

    p = rules.players
    dealer = rules.first_dealer
    a = kernel_batch(rules, [policy] * p, seeds, np.full(len(seeds), dealer, np.int64))
    n = len(seeds)
    seat = np.tile(np.arange(p), n)
    winner = np.repeat(a["winner"], p)
    return pd.DataFrame({
        "players": p, "policy": policy, "round": np.repeat(np.arange(first, first + n), p),
        "seed": np.repeat(seeds, p), "fingerprint": rules.fingerprint(), "seat": seat, "dealer": dealer,
        "seat_from_leader": (seat - dealer - 1) % p, "went_out": winner == seat, "no_winner": winner < 0,
        "went_rummy": np.repeat(a["went_rummy"], p), "penalty": a["penalty"].reshape(-1),
        "cards_left": a["cards_left"].reshape(-1), "turns": np.repeat(a["turns"], p),
        "reshuffles": np.repeat(a["reshuffles"], p),
    })


def run_rummy(config: Config) -> pd.DataFrame:
    """The first :data:`SAMPLE` rounds of a setting, row by row (the full setting is in ``rummy_summary``)."""
    return rummy_kernel_rows(config.rules_object(), sample_seeds(config), policy=config.options["policy"], first=0)


def replay_rummy_round(config: Config, row: "pd.Series | dict") -> pd.DataFrame:
    """Row ``row`` of ``rummy_rounds`` made again: its round played from its own seed, its seat's row."""
    frame = rummy_kernel_rows(config.rules_object(), np.array([int(row["seed"])], np.int64), policy=row["policy"],
                              first=int(row["round"]))
    return frame[frame.seat == row["seat"]]
