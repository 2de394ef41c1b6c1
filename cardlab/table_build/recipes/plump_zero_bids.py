"""``plump_zero_bids``: single Plump rounds, how often each seat takes no trick and makes a zero bid.

Players 2–7 × every hand size × trump (turned-up, none, fixed spades) × policy (random, heuristic),
played by the compiled kernel; one row per seat counted from the leader, with Wilson 95 % intervals.

>>> configs = zero_bid_configs(2024, 0.001)
>>> len(configs), configs[0].key, configs[0].count
(330, 'plump_zero_bids/p2/c1/turned-up/random', 200)
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config, config_seed
from .plump_settings import PLUMP_ROUNDS, TRUMP_MODES, plump_rules_dict


def zero_bid_configs(master: int, scale: float) -> list[Config]:
    from ...rules.plump import PlumpRules

    rounds = max(200, int(PLUMP_ROUNDS * scale))
    out = []
    for players in range(2, 8):
        for trump in TRUMP_MODES:
            rules = plump_rules_dict(players, trump)
            for cards in range(1, PlumpRules.from_dict(rules).largest_hand + 1):
                for policy in ("random", "heuristic"):
                    key = f"plump_zero_bids/p{players}/c{cards}/{trump}/{policy}"
                    out.append(Config("plump_zero_bids", key, "plump", rules,
                                      {"players": players, "cards": cards, "trump": trump, "policy": policy},
                                      rounds, config_seed(master, key),
                                      rounds * cards * players / (1.9e6 if policy == "heuristic" else 4.5e6)))
    return out


def run_zero_bids(config: Config) -> pd.DataFrame:
    from ...sim.plump import summarize_plump

    o = config.options
    table = summarize_plump(config.rules_object(), policy=o["policy"], rounds=config.count, hand_size=o["cards"],
                            rng=config.seed, progress=False, threads=1)
    return zero_bid_frame(config, table)


def zero_bid_frame(config: Config, table: pd.DataFrame) -> pd.DataFrame:
    """The zero-bid table's rows for one configuration, from a per-seat summary (and its counts)."""
    from ...sim.stats import wilson_interval

    o = config.options
    counts = table.attrs["counts"]
    bid0 = np.asarray(counts["bid0"])
    bid0_made = np.asarray(counts["bid0_zero"])
    low, high = wilson_interval(bid0_made, bid0)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_bid0 = np.where(bid0 > 0, bid0_made / np.maximum(bid0, 1), np.nan)
    return pd.DataFrame({
        "players": o["players"], "cards": o["cards"], "trump": o["trump"], "policy": o["policy"],
        "seat_from_leader": table["seat_from_leader"].to_numpy(),
        "rounds": config.count, "seed": config.seed, "fingerprint": table.attrs["fingerprint"],
        "p_zero": table["p_zero"].to_numpy(), "zero_low": table["ci_low"].to_numpy(), "zero_high": table["ci_high"].to_numpy(),
        "bid0_rounds": bid0, "bid0_made": bid0_made, "p_bid0_made": p_bid0, "bid0_low": low, "bid0_high": high,
        "p_made": table["p_made"].to_numpy(), "made_low": table["made_low"].to_numpy(),
        "made_high": table["made_high"].to_numpy(),
    })
