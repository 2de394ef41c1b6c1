"""``plump_bid_weights``: the friendly bot's bidding table, expected tricks per kind of card.

Measured by simulation per players × hand size × seat × trump (see :mod:`cardlab.sim.plump_calibrate`),
in :data:`BID_PASSES` passes that each bid with the previous pass's fit.

>>> configs = bid_weight_configs(2024, 0.01)
>>> configs[0].key, configs[0].count, configs[0].options["passes"]
('plump_bid_weights/p2/c1/turned-up', 500, 3)
"""

from __future__ import annotations

import pandas as pd

from ..config import Config, config_seed
from .plump_settings import plump_rules_dict

#: rounds per setting and pass (at scale 1), and the passes
BID_ROUNDS = 40_000
BID_PASSES = 3


def bid_weight_configs(master: int, scale: float) -> list[Config]:
    from ...kernels.plump_bid_table import max_cards

    rounds = max(500, int(BID_ROUNDS * scale))
    out = []
    for players in range(2, 8):
        for cards in range(1, max_cards(players) + 1):
            for trump in ("turned-up", "none"):
                key = f"plump_bid_weights/p{players}/c{cards}/{trump}"
                out.append(Config("plump_bid_weights", key, "plump", plump_rules_dict(players, trump),
                                  {"players": players, "cards": cards, "trump": trump, "passes": BID_PASSES},
                                  rounds, config_seed(master, key), BID_PASSES * rounds * cards * players / 1.9e6))
    return out


def run_bid_weights(config: Config) -> pd.DataFrame:
    from ...sim.plump_calibrate import calibrate_setting

    o = config.options
    rows = calibrate_setting(o["players"], o["cards"], o["trump"], config.count, o["passes"], config.seed)
    rows.insert(4, "rounds", config.count)
    rows.insert(5, "passes", o["passes"])
    rows.insert(6, "seed", config.seed)
    rows.insert(7, "fingerprint", config.rules_object().fingerprint())
    return rows
