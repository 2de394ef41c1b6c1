"""Which games or rounds a replay table keeps row by row: the first :data:`SAMPLE` of each setting.

A replay table (``femkamp_games``, ``rummy_rounds``) sits beside the aggregated table of the same
settings and seeds, so its rows are the first games or rounds of that table's run.

>>> from cardlab.table_build.config import Config
>>> from cardlab.sim.seeds import round_seeds
>>> config = Config("rummy_rounds", "rummy_rounds/p2/random", "rummy", {}, count=500, seed=7)
>>> seeds = sample_seeds(config)
>>> len(seeds), bool((seeds == round_seeds(7, 500)[:SAMPLE]).all())
(200, True)
"""

from __future__ import annotations

import numpy as np

from ..config import Config

#: games or rounds per setting kept row by row (for replay) beside the aggregated tables
SAMPLE = 200


def sample_seeds(config: Config) -> np.ndarray:
    """The seeds of the first :data:`SAMPLE` games or rounds of ``config``'s run, in order."""
    from ...sim.seeds import round_seeds

    return round_seeds(config.seed, config.count)[:SAMPLE]
