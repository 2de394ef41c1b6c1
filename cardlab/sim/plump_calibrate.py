"""Build the friendly bot's bidding table by simulation: ``python -m cardlab.sim.plump_calibrate``.

For every player count (2–7), hand size and trump kind (a turned-up trump, no trump) the tool plays
rounds with :class:`cardlab.bots.plump.PlumpBot`'s compiled twin at every seat (hook on, the player
left of the dealer leads), notes each hand's holding features
(:data:`cardlab.kernels.plump_bid_table.FEATURES`, counted before the first card) and the tricks it took,
and fits per seat, by least squares (with a tiny ridge, so features that never occur get weight 0),
how many tricks each feature brings.  Because the bids steer the play, a setting is played in
passes, each pass bidding with the previous pass's fit (the first with a hand-made starting
table, :data:`START`); the last fit is the table's row, in hundredths of a trick, with one more row
per setting pooling every seat (``seat = any``).

The table is one of the shipped data tables (``plump_bid_weights`` in :mod:`cardlab.data_build`):
this command is ``cardlab data build --only plump_bid_weights --out cardlab/data --seed 2024``, so
every setting has its own seed and the manifest records the command and the rounds.  It is built
only when named (a plain ``cardlab data build`` keeps it: the other tables are measured *with* it),
and writing it into the package clears numba's cache of :mod:`cardlab.sim`, so the kernels compile
against the new table.

>>> rows = calibrate_setting(3, 2, "turned-up", rounds=2000, passes=1, seed=1)
>>> rows["seat"].tolist()
['0', '1', '2', 'any']
>>> bool((rows["w_trump_top"] > rows["w_trump_low"]).all())      # a top trump is worth more than a low one
True
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from ..kernels._numba import njit
from ..kernels.cores import forbidden_bid
from ..kernels.plump_bid_table import FEATURES, SEAT_ANY, TRUMP_KINDS, max_cards
from ..kernels.plump_heuristic import bid_features, calibrated_bid
from ..kernels.plump_kernel import POLICY_CODES, deal_round, play_tricks
from ..kernels.plump_playout import PlumpDeal
from ..kernels.rng import U64

#: the starting table's weights per feature (hundredths of a trick), before any simulation
START = {"trump_top": 100, "trump_second": 60, "trump_third": 30, "trump_low": 15, "trump_length": 10,
         "side_top_short": 90, "side_top_long": 60, "side_second_guarded": 50, "side_second_bare": 10,
         "side_third_guarded": 20, "side_high": 10, "side_length": 10, "ruff_voids": 40, "ruff_singletons": 20,
         "base": 0}
#: the kernels' code for the heuristic player (every seat of the calibration rounds)
HEURISTIC = POLICY_CODES["heuristic"]
#: the ridge added to every feature's sum of squares (in rounds)
RIDGE = 1.0


@njit(cache=True)
def _play(seeds, players, hand_size, trump_code, weights, feats, tricks_out):
    """Play the rounds (dealer rotating); ``feats[i, k]`` and ``tricks_out[i, k]`` for seat ``k`` from the dealer's left."""
    hands = np.zeros(players, np.uint64)
    order = np.empty(52, np.int64)
    bids = np.zeros(players, np.int64)
    tricks = np.zeros(players, np.int64)
    policies = np.full(players, HEURISTIC, np.int64)
    nf = feats.shape[2]
    row = np.zeros(nf, np.int64)
    for i in range(seeds.shape[0]):
        dealer = i % players
        state, trump, trump_card = deal_round(U64(seeds[i]), players, hand_size, dealer, trump_code, hands, order)
        total = 0
        first = dealer + 1 if dealer + 1 < players else 0
        for k in range(players):
            seat = (first + k) % players
            bid_features(hands[seat], trump, trump_card, row)
            for f in range(nf):
                feats[i, k, f] = row[f]
            forbidden = forbidden_bid(seat, dealer, hand_size, total, True)
            bids[seat] = calibrated_bid(hands[seat], hand_size, trump, players, forbidden, k, trump_card, weights,
                                        False)
            total += bids[seat]
        # the tricks exactly as the kernels play them, the heuristic at every seat (it draws nothing);
        # the table keeps the play and bids it was measured with, before the sure-trump rule (count_sure=False)
        play_tricks(U64(0), PlumpDeal(players, hand_size, trump, False, trump_card), first, policies, bids, tricks, hands,
                    False)
        for k in range(players):
            tricks_out[i, k] = tricks[(first + k) % players]


def _fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares with a small ridge: weights (hundredths, rounded) for rows ``x`` and tricks ``y``."""
    x = x.astype(np.float64)
    a = x.T @ x + RIDGE * np.eye(x.shape[1])
    w = np.linalg.solve(a, x.T @ y.astype(np.float64))
    return np.rint(100 * w).astype(np.int64)


def calibrate_setting(players: int, cards: int, trump: str, rounds: int, passes: int, seed: int) -> pd.DataFrame:
    """The table's rows for one setting (one per seat from the dealer's left, and ``seat = any``).

    ``trump`` is ``"turned-up"`` or ``"none"``.  Pass ``k`` plays ``rounds`` rounds whose seeds are
    drawn from ``SeedSequence([seed, k])``, bidding with the previous pass's weights (the first with
    :data:`START`).
    """
    from ..kernels.plump_heuristic import BID_WEIGHTS

    kind = TRUMP_KINDS.index(trump)
    nf = len(FEATURES)
    weights = np.zeros_like(BID_WEIGHTS)
    weights[players, cards, :, kind] = np.array([START[f] for f in FEATURES], np.int64)
    fits: dict[int, np.ndarray] = {}
    feats = np.zeros((rounds, players, nf), np.int64)
    tricks = np.zeros((rounds, players), np.int64)
    for k in range(passes):
        seeds = np.random.default_rng(np.random.SeedSequence([seed, k])).integers(0, 2**63, rounds, dtype=np.int64)
        _play(seeds, players, cards, -2 if trump == "turned-up" else -1, weights, feats, tricks)
        fits = {s: _fit(feats[:, s], tricks[:, s]) for s in range(players)}
        fits[SEAT_ANY] = _fit(feats.reshape(-1, nf), tricks.reshape(-1))
        for s, w in fits.items():
            weights[players, cards, s, kind] = w
    rows = []
    for s, w in fits.items():
        y = tricks.reshape(-1) if s == SEAT_ANY else tricks[:, s]
        rows.append({"players": players, "cards": cards, "trump": trump, "seat": "any" if s == SEAT_ANY else str(s),
                     "hands": int(len(y)), "mean_tricks": round(float(y.mean()), 6),
                     **{f"w_{f}": int(w[j]) for j, f in enumerate(FEATURES)}})
    return pd.DataFrame(rows)


def calibrate(players=range(2, 8), cards=None, rounds: int = 40_000, passes: int = 3, seed: int = 1,
              progress: bool = True) -> pd.DataFrame:
    """The rows of every setting asked for (all player counts and hand sizes by default), in one frame.

    Setting ``i`` (in the order players, cards, trump turned up before none) uses seed ``seed + i``;
    ``cardlab data build`` seeds each setting from its name instead (see :mod:`cardlab.data_build`).
    """
    settings = [(p, c, t) for p in players for c in (cards or range(1, max_cards(p) + 1)) for t in ("turned-up", "none")]
    parts = []
    for i, (p, c, t) in enumerate(settings):
        parts.append(calibrate_setting(p, c, t, rounds, passes, seed + i))
        if progress:
            print(f"\r{i + 1}/{len(settings)} settings", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    return pd.concat(parts, ignore_index=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.sim.plump_calibrate", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2024, help="the master seed (default 2024, as the other shipped tables)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=None, help="the folder to write to (default: the shipped tables, cardlab/data)")
    args = parser.parse_args(argv)
    shipped = Path(__file__).resolve().parent.parent / "data"
    out = Path(args.out) if args.out else Path(os.path.relpath(shipped))  # the manifest records the command as typed
    # the data build is the command line's job (a layer above the simulations): run it, do not import it
    command = [sys.executable, "-m", "cardlab", "data", "build", "--only", "plump_bid_weights", "--seed", str(args.seed),
               "--workers", str(args.workers), "--out", str(out)]
    return subprocess.run(command, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
