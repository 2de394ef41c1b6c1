"""``plump_exact_small``: exact odds of two- and three-card Plump rounds, no simulation.

Policy ``random`` (every bid and card uniform among the legal ones, :mod:`cardlab.sim.exact_tricks`),
3 and 4 players × 2 and 3 cards; policy ``simple`` (the lowest legal card, :mod:`cardlab.sim.exact_simple`):
three players with two cards computed here, the larger settings read from the stored counts.

>>> sorted({(c.options["players"], c.options["cards"]) for c in exact_small_configs(2024, 1.0)})
[(3, 2), (3, 3), (4, 2), (4, 3)]
"""

from __future__ import annotations

import pandas as pd

from ..config import Config
from .plump_settings import plump_rules_dict


def exact_small_configs(master: int, scale: float) -> list[Config]:
    out = []
    for players in (3, 4):
        for cards in (2, 3):
            for trump in ("turned-up", "none"):
                key = f"plump_exact_small/p{players}/c{cards}/{trump}"
                out.append(Config("plump_exact_small", key, "plump", plump_rules_dict(players, trump),
                                  {"players": players, "cards": cards, "trump": trump, "policy": "random"}, 0, 0,
                                  60.0 if (players, cards) == (4, 3) else 2.0))
    # the lowest-card policy (cardlab.sim.exact_simple): three players with two cards are computed here, the larger
    # settings are read from the stored counts (data/plump_exact_simple_counts.json, see data/README.md)
    from ...sim.exact_simple import read_counts

    stored = read_counts()
    for players, cards in ((3, 2), (4, 2), (3, 3), (4, 3)):
        for trump in ("turned-up", "none"):
            if (players, cards) != (3, 2) and f"p{players}/c{cards}/{trump}" not in stored:
                continue
            key = f"plump_exact_small/p{players}/c{cards}/{trump}/simple"
            out.append(Config("plump_exact_small", key, "plump", plump_rules_dict(players, trump),
                              {"players": players, "cards": cards, "trump": trump, "policy": "simple"}, 0, 0,
                              20.0 if (players, cards) == (3, 2) else 1.0))
    return out


def run_exact_small(config: Config) -> pd.DataFrame:
    o = config.options
    if o["policy"] == "simple":
        from ...sim.exact_simple import simple_table

        # two cards and three players take seconds: computed here; the larger settings come from the stored counts
        table = simple_table((o["players"],), (o["cards"],), (o["trump"],), stored=(o["players"], o["cards"]) != (3, 2))
    else:
        from ...sim.exact_tricks import exact_table

        table = exact_table((o["players"],), (o["cards"],), (o["trump"],))
    table.insert(5, "fingerprint", config.rules_object().fingerprint())
    for t in range(o["cards"] + 1, 4):
        table[f"p_tricks_{t}"] = 0.0
    cols = [c for c in table.columns if not c.startswith("p_tricks_")]
    tricks = [f"p_tricks_{t}" for t in range(4)]
    return table[cols[:-2] + tricks + cols[-2:]]
