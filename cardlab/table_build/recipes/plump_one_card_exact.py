"""``plump_one_card_exact``: the exact chance (a fraction) that each seat takes no trick in a one-card round.

Players 2–7 × trump (turned-up, none, fixed spades), from :mod:`cardlab.sim.exact`; no simulation.

>>> run_exact(exact_configs(2024, 1.0)[0])[["seat_from_leader", "p_zero_exact"]].to_dict("list")
{'seat_from_leader': [0, 1], 'p_zero_exact': ['128/425', '297/425']}
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config
from .plump_settings import plump_rules_dict


def exact_configs(master: int, scale: float) -> list[Config]:
    out = []
    for players in range(2, 8):
        for trump in ("turned-up", "none", "fixed-S"):
            key = f"plump_one_card_exact/p{players}/{trump}"
            out.append(Config("plump_one_card_exact", key, "plump", plump_rules_dict(players, trump),
                              {"players": players, "trump": trump}, 0, 0, 0.01))
    return out


def run_exact(config: Config) -> pd.DataFrame:
    from ...sim.exact import p_zero_one_card

    o = config.options
    # the exact function counts seats from the leader; "fixed" makes suit 0 trump, which is the same by symmetry
    mode = {"turned-up": "turned-up", "none": "none", "fixed-S": "fixed"}[o["trump"]]
    p_zero = p_zero_one_card(o["players"], mode)
    return pd.DataFrame({
        "players": o["players"], "cards": 1, "trump": o["trump"], "seat_from_leader": np.arange(o["players"]),
        "fingerprint": config.rules_object().fingerprint(),
        "p_zero_exact": [str(x) for x in p_zero], "p_zero": [float(x) for x in p_zero],
    })
