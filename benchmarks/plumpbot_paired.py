"""Is today's ``PlumpBot`` at least as strong as an earlier revision's?  Paired, on the same deals, every seat in turn.

    python benchmarks/plumpbot_paired.py --against a049602
    python benchmarks/plumpbot_paired.py --against a049602 --sizes 4x5 4x10 3x7 --deals 3000 --seed 7

For each seeded deal (hook on, turned-up trump, standard scoring, the dealer rotating) and each seat
in turn, the round is played twice: once with today's bot in that seat and the earlier revision's
bot (:func:`bot_revision.class_at_revision`) in every other seat, and once with the earlier bot
everywhere.  The difference in that seat's round score (and in "made the bid") is one paired
sample: the cards and the other players are the same, so only the seat's own choices (and what
they set off) differ.  Printed per size: the mean difference with its standard error, and the share
of samples in which anything differed.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_revision import class_at_revision  # noqa: E402
from cardlab import PlumpBot, PlumpRound, PlumpRules  # noqa: E402

SIZES = {"4x5": (4, 5), "4x10": (4, 10), "3x7": (3, 7), "3x5": (3, 5), "5x6": (5, 6)}


def play(rules: PlumpRules, hand_size: int, dealer: int, seed: int, bots) -> PlumpRound:
    """The round dealt from ``seed``, every seat played by its bot in ``bots``."""
    rnd = PlumpRound.deal(rules, hand_size=hand_size, dealer=dealer, rng=seed)
    while not rnd.is_over:
        seat = rnd.to_move
        rnd.apply(bots[seat].choose(rnd.view(seat)))
    return rnd


def mean_se(x: list[float]) -> tuple[float, float]:
    """The mean and its standard error.

    >>> [round(v, 4) for v in mean_se([1.0, 2.0, 3.0])]
    [2.0, 0.5774]
    """
    a = np.asarray(x, dtype=float)
    return float(a.mean()), float(a.std(ddof=1) / math.sqrt(len(a)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="the git revision whose PlumpBot plays the other seats")
    parser.add_argument("--sizes", nargs="+", default=["4x5", "4x10", "3x7"], choices=sorted(SIZES))
    parser.add_argument("--deals", type=int, default=2000, help="deals per size (default 2000)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    Old = class_at_revision("cardlab/bots/plump.py", "PlumpBot", args.against)
    new, old = PlumpBot(), Old()
    print(f"today's PlumpBot against PlumpBot at {args.against}: {args.deals} deals per size, seed {args.seed}, "
          "every seat in turn")
    for size in args.sizes:
        players, hand_size = SIZES[size]
        rules = PlumpRules(players=players)
        score, made, changed = [], [], 0
        for i in range(args.deals):
            seed = int(np.random.SeedSequence([args.seed, players, hand_size, i]).generate_state(1)[0])
            base = play(rules, hand_size, i % players, seed, [old] * players)
            for seat in range(players):
                bots = [old] * players
                bots[seat] = new
                rnd = play(rules, hand_size, i % players, seed, bots)
                score.append(rnd.scores()[seat] - base.scores()[seat])
                made.append(int(rnd.made()[seat]) - int(base.made()[seat]))
                changed += rnd.bids != base.bids or rnd.tricks_taken != base.tricks_taken \
                    or [t.cards for t in rnd.completed_tricks] != [t.cards for t in base.completed_tricks]
        (ms, ss), (mm, sm) = mean_se(score), mean_se(made)
        print(f"  {size:<5} {len(score)} seat-rounds, {changed} ({100 * changed / len(score):.1f} %) played differently: "
              f"score {ms:+.4f} ± {ss:.4f} per seat-round, bid made {100 * mm:+.2f} ± {100 * sm:.2f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
