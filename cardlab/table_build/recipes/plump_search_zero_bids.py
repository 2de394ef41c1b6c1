"""``plump_search_zero_bids``: zero bids when every seat is the search bot, played by the engine.

A few hundred rounds per setting at a fixed, modest budget; the columns of ``plump_zero_bids``
(:func:`~cardlab.table_build.recipes.plump_zero_bids.zero_bid_frame`) plus ``rollouts``.

>>> [(c.options["cards"], c.count) for c in search_zero_bid_configs(2024, 0.01)][:3]
[(1, 20), (2, 20), (3, 20)]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config, config_seed
from .plump_settings import plump_rules_dict
from .plump_zero_bids import zero_bid_frame

#: the search-bot sample: rounds per setting (at scale 1), the bots' play-outs per decision (the bot's default,
#: ``cardlab.bots.plump_search.ISMCTS_ROLLOUTS``: information-set MCTS with 5000 iterations), the settings
SEARCH_ROUNDS = 250
SEARCH_ROLLOUTS = 5000
SEARCH_SETTINGS = {4: range(1, 8)}


def search_zero_bid_configs(master: int, scale: float) -> list[Config]:
    rounds = max(20, int(SEARCH_ROUNDS * scale))
    out = []
    for players, sizes in SEARCH_SETTINGS.items():
        rules = plump_rules_dict(players, "turned-up")
        for cards in sizes:
            key = f"plump_search_zero_bids/p{players}/c{cards}/turned-up/search"
            out.append(Config("plump_search_zero_bids", key, "plump", rules,
                              {"players": players, "cards": cards, "trump": "turned-up", "policy": "search",
                               "rollouts": SEARCH_ROLLOUTS},
                              rounds, config_seed(master, key), rounds * (cards + 1) * players / 2500))
    return out


def run_search_zero_bids(config: Config) -> pd.DataFrame:
    """Every seat a :class:`~cardlab.bots.plump_search.PlumpSearchBot` (its own seed, ``rollouts`` play-outs)."""
    from ...bots.plump_search import PlumpSearchBot
    from ...sim.plump import simulate_plump

    o = config.options
    rules = config.rules_object()
    bots = [PlumpSearchBot(rng=np.random.SeedSequence([config.seed, seat]), rollouts=o["rollouts"])
            for seat in range(rules.players)]
    table = simulate_plump(rules, bots=bots, rounds=config.count, hand_size=o["cards"], rng=config.seed,
                           progress=False, rows=False, engine="reference")
    frame = zero_bid_frame(config, table)
    frame.insert(4, "rollouts", o["rollouts"])
    return frame
