"""One cell of a table's grid (:class:`Config`): what to run, with which rules and which seed.

Every table is a grid of configurations (players × hand size × trump mode × policy …); each
configuration gets its own seed, derived from the master seed and the configuration's name
(:func:`config_seed`), so any row can be made again on its own.

>>> config_seed(2024, "plump_zero_bids/p4/c5/turned-up/random") == config_seed(2024, "plump_zero_bids/p4/c5/turned-up/random")
True
>>> config_seed(2024, "plump_hook/p4/c5/none/heuristic") == config_seed(2025, "plump_hook/p4/c5/none/heuristic")
False
>>> rules_from_options("rummy", {"players": 3}).players
3
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

import numpy as np

DEFAULT_SEED = 2024


def config_seed(master: int, key: str) -> int:
    """The seed of one configuration: a SeedSequence of the master seed and a checksum of ``key``."""
    state = np.random.SeedSequence([int(master), zlib.crc32(key.encode("utf-8"))]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1]))


@dataclass(frozen=True)
class Config:
    """One cell of a table's grid: what to run, with which rules and seed."""

    table: str
    key: str
    game: str
    rules: dict
    options: dict = field(default_factory=dict)
    count: int = 0  # rounds or games
    seed: int = 0
    cost: float = 1.0

    def rules_object(self):
        return rules_from_options(self.game, self.rules)


def rules_from_options(game: str, options: dict):
    """The rules object of ``game`` built from an options dict (as stored in the manifest)."""
    if game == "plump":
        from ..rules.plump import PlumpRules as cls
    elif game == "femkamp":
        from ..rules.femkamp import FemkampRules as cls
    elif game == "rummy":
        from ..rules.rummy import RummyRules as cls
    else:
        raise ValueError(f"unknown game {game!r}")
    return cls.from_dict(options)
