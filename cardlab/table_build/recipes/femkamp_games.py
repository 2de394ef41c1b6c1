"""``femkamp_games``: the first games of every Femkamp setting, one row per game × seat, for replay.

Whole games played by the compiled kernel (3, 4 and 5 players × policy random, heuristic); each row
keeps the game's seed, so :func:`femkamp_kernel_games` plays it again (the shipped manifest names it
as ``cardlab.data_build.femkamp_kernel_games``).  The settings and seeds are those of
``femkamp_summary``, whose run these games open.

>>> [(c.key, c.count) for c in femkamp_configs(2024, 0.01)][:2]
[('femkamp_games/p3/random', 200), ('femkamp_games/p3/heuristic', 200)]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config, config_seed
from .replay_sample import SAMPLE, sample_seeds

#: games per Femkamp setting (at scale 1)
FEMKAMP_GAMES = 20_000
#: the rounds of a game, in the table's column order
FEMKAMP_ROUNDS = ("pass", "clubs", "queens", "grand", "kabal")


def femkamp_configs(master: int, scale: float) -> list[Config]:
    from ...rules.femkamp import FemkampRules

    games = max(SAMPLE, int(FEMKAMP_GAMES * scale))
    out = []
    for players in (3, 4, 5):
        for policy in ("random", "heuristic"):
            key = f"femkamp_games/p{players}/{policy}"
            out.append(Config("femkamp_games", key, "femkamp", FemkampRules(players=players).to_dict(),
                              {"players": players, "policy": policy}, games, config_seed(master, key),
                              games * (4e-5 if policy == "random" else 6e-5)))
    return out


def femkamp_kernel_games(rules, seeds: np.ndarray, policy: str) -> dict[str, np.ndarray]:
    """Play one whole Femkamp game per seed with the compiled kernel: arrays (game × round × seat), rounds in rules order.

    The replay command the shipped manifest names; the batch itself is
    :func:`cardlab.sim.femkamp.kernel_batch`.  The same seed always gives the same game.
    """
    from ...sim.femkamp import kernel_batch

    return kernel_batch(rules, seeds, policy == "heuristic")


def femkamp_sample_rows(arrays: dict, *, players: int, policy: str, seeds: np.ndarray, first: int,
                        fingerprint: str) -> pd.DataFrame:
    """One row per game × seat (each round's score, prikks, cards left, total, won) for the games given."""
    names = arrays["names"]
    scores = arrays["scores"]
    n = len(seeds)
    by_name = {name: scores[:, r, :] for r, name in enumerate(names)}
    kabal = names.index("kabal")
    total = scores.sum(axis=1)
    won = total == total.min(axis=1, keepdims=True)
    first_dealer = int(arrays["dealers"][0])
    seat = np.tile(np.arange(players), n)
    df = pd.DataFrame({"players": players, "policy": policy, "game": np.repeat(np.arange(first, first + n), players),
                       "seed": np.repeat(seeds, players), "fingerprint": fingerprint, "seat": seat,
                       "first_dealer": first_dealer, "seat_from_leader": (seat - first_dealer - 1) % players})
    for name in FEMKAMP_ROUNDS:
        df[name] = by_name[name].reshape(-1)
    df["prikks"] = arrays["prikks"][:, kabal, :].reshape(-1)
    df["cards_left"] = arrays["cards_left"][:, kabal, :].reshape(-1)
    df["total"] = total.reshape(-1)
    df["won"] = won.reshape(-1)
    return df


def run_femkamp(config: Config) -> pd.DataFrame:
    """The first :data:`SAMPLE` games of a setting, row by row (the full setting is in ``femkamp_summary``)."""
    o = config.options
    rules = config.rules_object()
    seeds = sample_seeds(config)
    arrays = femkamp_kernel_games(rules, seeds, o["policy"])
    return femkamp_sample_rows(arrays, players=o["players"], policy=o["policy"], seeds=seeds, first=0,
                               fingerprint=rules.fingerprint())


def replay_femkamp_game(config: Config, row: "pd.Series | dict") -> pd.DataFrame:
    """Row ``row`` of ``femkamp_games`` made again: its game played from its own seed, its seat's row."""
    rules = config.rules_object()
    seeds = np.array([int(row["seed"])], np.int64)
    frame = femkamp_sample_rows(femkamp_kernel_games(rules, seeds, row["policy"]), players=int(row["players"]),
                                policy=row["policy"], seeds=seeds, first=int(row["game"]),
                                fingerprint=rules.fingerprint())
    return frame[frame.seat == row["seat"]]
