"""One ``PlumpSearchBot`` setting against another, paired on the same deals, every seat in turn.

    python benchmarks/search_paired.py --size 4x5 --deals 400 --seed 2051 --option bid_weight 0.5
    python benchmarks/search_paired.py --size 4x10 --deals 200 --seed 2053 --option bid_weight 0.5

Each deal is played once with the *base* bot (``PlumpSearchBot`` with its defaults, or
``--base-option``) at every seat, then once for each seat with the *tried* bot (the base with
``--option`` on top) in that seat and the base at the others.  Every seat keeps its own seed in all
the plays of a deal, so the plays agree move for move until the tried bot first chooses otherwise:
the difference in that seat's round score, tried − base, is zero wherever the option changed
nothing, and the luck of the cards cancels.  The four seats' differences of a deal are averaged into
one observation; the line printed is their mean with its standard error over the deals.  Also: the
mean bid and the mean tricks taken of the tried seats and of the base at the same seats (the "bid
gap"), and the share of bids made.  No OpenSpiel: this compares cardlab's bot with itself.

Runs the deals in ``--jobs`` processes (default: every core); the result does not depend on it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import PlumpRound, PlumpRules, play_out  # noqa: E402
from cardlab.bots.plump_search import PlumpSearchBot  # noqa: E402


def parse_value(text: str):
    """A command-line option value as Python: a number, True/False/None, else the text.

    >>> parse_value("0.5"), parse_value("3"), parse_value("True"), parse_value("tree")
    (0.5, 3, True, 'tree')
    """
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"True": True, "False": False, "None": None}.get(text, text)


def play_deal(job):
    """(per-seat score tried − base, base bids, tried bids, base tricks, tried tricks, base made, tried made)."""
    seed, players, size, base_options, tried_options = job
    rules = PlumpRules(players=players)
    dealer = seed % players

    def bots(tried_seat):
        return [PlumpSearchBot(rng=[seed, seat], **(tried_options if seat == tried_seat else base_options))
                for seat in range(players)]

    base = PlumpRound.deal(rules, hand_size=size, dealer=dealer, rng=seed)
    play_out(base, bots(-1))
    out = np.zeros((7, players))
    for seat in range(players):
        rnd = PlumpRound.deal(rules, hand_size=size, dealer=dealer, rng=seed)
        play_out(rnd, bots(seat))
        out[:, seat] = (rnd.scores()[seat] - base.scores()[seat], base.bids[seat], rnd.bids[seat],
                        base.tricks_taken[seat], rnd.tricks_taken[seat], base.made()[seat], rnd.made()[seat])
    return out


def mean_se(values) -> tuple[float, float]:
    """Mean and standard error.

    >>> mean_se([1.0, 2.0, 3.0])
    (2.0, 0.5773502691896258)
    """
    v = np.asarray(values, float)
    return float(v.mean()), float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else float("nan")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="4x5", help="players x cards, e.g. 4x5")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2051)
    parser.add_argument("--option", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"),
                        help="a PlumpSearchBot keyword of the tried bot (repeatable)")
    parser.add_argument("--base-option", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"),
                        help="a keyword of the base bot, also given to the tried bot (repeatable)")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    players, size = (int(x) for x in args.size.lower().split("x"))
    base = {k: parse_value(v) for k, v in args.base_option}
    tried = {**base, **{k: parse_value(v) for k, v in args.option}}
    PlumpSearchBot(**tried)      # a wrong keyword is refused here, before any process starts
    seeds = [int(s) % 2**31 for s in np.random.SeedSequence(args.seed).generate_state(args.deals)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(play_deal, [(s, players, size, base, tried) for s in seeds], chunksize=2))
    data = np.stack(rows)          # deals x 7 x seats
    diff, diff_se = mean_se(data[:, 0].mean(axis=1))
    print(f"PlumpSearchBot {tried} − {base or 'defaults'}, {players}×{size}, {args.deals} deals, seed {args.seed}, "
          f"every seat in turn ({time.perf_counter() - start:.0f} s)")
    print(f"score per seat-round, tried − base: {diff:+.3f} ± {diff_se:.3f} (z {diff / diff_se:+.1f})")
    for label, bid, tricks, made in (("base ", 1, 3, 5), ("tried", 2, 4, 6)):
        b, t = data[:, bid].mean(), data[:, tricks].mean()
        print(f"{label}: mean bid {b:.3f}, mean tricks {t:.3f}, bid − tricks {b - t:+.3f}, "
              f"bids made {100 * data[:, made].mean():.1f}%")
    made, made_se = mean_se((data[:, 6] - data[:, 5]).mean(axis=1))
    print(f"bids made, tried − base: {100 * made:+.2f} ± {100 * made_se:.2f} percentage points")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
