"""Build the friendly bot's bidding table by simulation: ``python -m cardlab.sim.plump_calibrate --seed 1``.

For every player count (2–7), hand size and trump kind (a turned-up trump, no trump) the tool plays
``--rounds`` rounds with :class:`cardlab.bots.plump.PlumpBot`'s compiled twin at every seat (hook
on, the player left of the dealer leads), notes each hand's holding features
(:data:`cardlab.sim.plump_bid_table.FEATURES`, counted before the first card) and the tricks it took,
and fits per seat, by least squares (with a tiny ridge so features that never occur get weight 0),
how many tricks each feature brings.  Because the bids steer the play, this is repeated
``--passes`` times, each pass bidding with the previous pass's table (the first with a hand-made
starting table, :data:`START`); the last table is written, in hundredths of a trick, to
``cardlab/data/plump_bid_weights.csv`` (or ``--out``), with one more row per setting pooling every
seat (``seat = any``).  Writing the shipped table clears numba's cache of :mod:`cardlab.sim`, so
the kernels compile against the new table.

Every round's deal comes from the seed: configuration ``i`` of pass ``k`` draws its round seeds
from ``SeedSequence([seed, k, i])``, so a table rebuilds byte for byte.

>>> table = calibrate(players=(3,), cards=(2,), rounds=2000, passes=1, seed=1, progress=False)
>>> sorted(set(table["seat"]))
['0', '1', '2', 'any']
>>> bool((table["w_trump_top"] > 50).all())      # a top trump is worth more than half a trick
True
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from ._numba import njit
from .bits import SUIT_OF
from .cores import beats, forbidden_bid, legal_follow
from .plump_bid_table import FEATURES, FILE, SEAT_ANY, TRUMP_KINDS, max_cards
from .plump_heuristic import bid_features, calibrated_bid, heuristic_card
from .plump_kernel import deal_round
from .rng import U64

#: the starting table's weights per feature (hundredths of a trick), before any simulation
START = {"trump_top": 100, "trump_second": 60, "trump_third": 30, "trump_low": 15, "trump_length": 10,
         "side_top_short": 90, "side_top_long": 60, "side_second_guarded": 50, "side_second_bare": 10,
         "side_third_guarded": 20, "ruff_voids": 40, "ruff_singletons": 20, "base": 0}
#: the ridge added to every feature's sum of squares (in rounds)
RIDGE = 1.0


@njit(cache=True)
def _play(seeds, players, hand_size, trump_code, weights, feats, tricks_out):
    """Play the rounds (dealer rotating); ``feats[i, k]`` and ``tricks_out[i, k]`` for seat ``k`` from the dealer's left."""
    hands = np.zeros(players, np.uint64)
    order = np.empty(52, np.int64)
    bids = np.zeros(players, np.int64)
    tricks = np.zeros(players, np.int64)
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
            bids[seat] = calibrated_bid(hands[seat], hand_size, trump, players, forbidden, k, trump_card, weights)
            total += bids[seat]
            tricks[seat] = 0
        leader = first
        played = U64(0)
        for t in range(hand_size):
            led = -1
            best_card = -1
            best_seat = -1
            for j in range(players):
                seat = (leader + j) % players
                legal = legal_follow(hands[seat], led, trump, False)
                card = heuristic_card(hands[seat], legal, best_card, trump, players, hand_size - t, j,
                                      bids[seat] - tricks[seat], played, trump_card)
                hands[seat] ^= U64(1) << U64(card)
                played |= U64(1) << U64(card)
                if j == 0:
                    led = SUIT_OF[card]
                    best_card = card
                    best_seat = seat
                elif beats(card, best_card, trump):
                    best_card = card
                    best_seat = seat
            tricks[best_seat] += 1
            leader = best_seat
        for k in range(players):
            tricks_out[i, k] = tricks[(first + k) % players]


def _fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares with a small ridge: weights (hundredths, rounded) for rows ``x`` and tricks ``y``."""
    x = x.astype(np.float64)
    a = x.T @ x + RIDGE * np.eye(x.shape[1])
    w = np.linalg.solve(a, x.T @ y.astype(np.float64))
    return np.rint(100 * w).astype(np.int64)


def calibrate(players=range(2, 8), cards=None, rounds: int = 40_000, passes: int = 2, seed: int = 1,
              progress: bool = True) -> pd.DataFrame:
    """The bidding table (a DataFrame as written to the CSV); see the module docstring."""
    from .plump_heuristic import BID_WEIGHTS

    nf = len(FEATURES)
    weights = np.zeros_like(BID_WEIGHTS)
    weights[...] = np.array([START[f] for f in FEATURES], np.int64)
    settings = [(p, c, kind) for p in players for c in (cards or range(1, max_cards(p) + 1)) for kind in (1, 0)]
    rows: list[dict] = []
    for k in range(passes):
        new = weights.copy()
        rows = []
        for i, (p, c, kind) in enumerate(settings):
            seeds = np.random.default_rng(np.random.SeedSequence([seed, k, i])).integers(
                0, 2**63, rounds, dtype=np.int64)
            feats = np.zeros((rounds, p, nf), np.int64)
            tricks = np.zeros((rounds, p), np.int64)
            _play(seeds, p, c, -2 if kind == 1 else -1, weights, feats, tricks)
            fits = {s: _fit(feats[:, s], tricks[:, s]) for s in range(p)}
            fits[SEAT_ANY] = _fit(feats.reshape(-1, nf), tricks.reshape(-1))
            for s, w in fits.items():
                new[p, c, s, kind] = w
                n = rounds * (p if s == SEAT_ANY else 1)
                yy = tricks.reshape(-1) if s == SEAT_ANY else tricks[:, s]
                rows.append({"players": p, "cards": c, "trump": TRUMP_KINDS[kind],
                             "seat": "any" if s == SEAT_ANY else str(s), "hands": n,
                             "mean_tricks": round(float(yy.mean()), 4),
                             **{f"w_{f}": int(w[j]) for j, f in enumerate(FEATURES)}})
            if progress:
                print(f"\rpass {k + 1}/{passes}: {i + 1}/{len(settings)} settings", end="", file=sys.stderr)
        weights = new
        if progress:
            print(file=sys.stderr)
    return pd.DataFrame(rows)


def clear_kernel_cache() -> None:
    """Remove numba's cached compilations of :mod:`cardlab.sim` (they hold the old table)."""
    cache = Path(__file__).resolve().parent / "__pycache__"
    for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
        f.unlink(missing_ok=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.sim.plump_calibrate", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=40_000, help="rounds per setting and pass (default 40000)")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--out", default=None, help=f"the CSV to write (default: cardlab/data/{FILE})")
    args = parser.parse_args(argv)
    table = calibrate(rounds=args.rounds, passes=args.passes, seed=args.seed)
    shipped = Path(__file__).resolve().parent.parent / "data" / FILE
    out = Path(args.out) if args.out else shipped
    table.to_csv(out, index=False)
    if out.resolve() == shipped:
        clear_kernel_cache()
    print(f"wrote {out} ({len(table)} rows; seed {args.seed}, {args.rounds} rounds per setting, {args.passes} passes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
