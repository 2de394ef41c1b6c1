"""What reading the table is worth to the Femkamp and Rummy search bots, paired on the same deals.

    python benchmarks/reading_paired.py --game femkamp --games 400 --seed 2061
    python benchmarks/reading_paired.py --game rummy --games 1500 --seed 2063

The search bots imagine the cards they cannot see *consistent with what the table showed*:
``FemkampSearchBot`` gives nobody a suit they have shown void in; ``RummySearchBot`` keeps a card a
player took from the discard pile in that player's hand and deals again while another hand holds
what a heuristic player would have put down.  With ``reads=False`` they imagine every unseen card
anywhere.  Here game (Femkamp) or round (Rummy) ``g`` is played twice from the same seed: seat
``g % players`` is the search bot reading the table, then the same bot (same seed) not reading it,
and the other seats play the heuristic bot (``FemkampBot``, ``RummyBot``).  The difference in that
seat's points, not reading − reading, is averaged over the games with its standard error (positive:
reading saves points; both games lower is better).  Runs in ``--jobs`` processes; the figures do
not depend on how many.
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

from cardlab import FemkampBot, FemkampGame, FemkampRules, RummyRules, play_out  # noqa: E402
from cardlab.bots.femkamp_search import FemkampSearchBot  # noqa: E402
from cardlab.bots.rummy import RummyBot  # noqa: E402
from cardlab.bots.rummy_search import RummySearchBot  # noqa: E402
from cardlab.games.rummy import RummyRound  # noqa: E402
from cardlab.sim.rummy import SIMULATION_RESHUFFLES  # noqa: E402


def femkamp_pair(job) -> list[float]:
    """Game ``g`` with the reading bot, then the not-reading bot, in seat ``g % 4``: the seat's
    totals and round scores, not reading − reading."""
    g, seed, rollouts = job
    hero, totals, rounds = g % 4, [], []
    for reads in (True, False):
        bots = [FemkampBot() for _ in range(4)]
        bots[hero] = FemkampSearchBot(rng=seed * 100_003 + g, rollouts=rollouts, reads=reads)
        game = play_out(FemkampGame.start(FemkampRules(), seed=seed + g), bots)
        totals.append(game.totals[hero])
        rounds.append([r.scores[hero] for r in game.results])
    return [totals[1] - totals[0], *(np.array(rounds[1]) - np.array(rounds[0]))]


def rummy_pair(job) -> list[float]:
    """Round ``g`` with the reading bot, then the not-reading bot, in seat ``g % 3``: the seat's
    penalty points, not reading − reading, and whether it went out in each."""
    g, seed, rollouts = job
    rules = RummyRules(max_reshuffles=SIMULATION_RESHUFFLES)
    hero = g % rules.players
    penalties, outs = [], []
    for reads in (True, False):
        search = RummySearchBot(rng=seed * 100_003 + g, rollouts=rollouts, reads=reads)
        rnd = RummyRound.deal(rules, dealer=g % rules.players, rng=seed + g, seed=seed + g)
        while not rnd.is_over:
            view = rnd.view(rnd.to_move)
            rnd.apply(search.choose(view) if rnd.to_move == hero else RummyBot().choose(view))
        penalties.append(rnd.scores()[hero])
        outs.append(float(rnd.winner == hero))
    return [penalties[1] - penalties[0], outs[0], outs[1]]


def mean_se(values) -> tuple[float, float]:
    """Mean and standard error.

    >>> mean_se([0.0, 1.0, 2.0])
    (1.0, 0.5773502691896258)
    """
    v = np.asarray(values, float)
    return float(v.mean()), float(v.std(ddof=1) / math.sqrt(len(v)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("femkamp", "rummy"), required=True)
    parser.add_argument("--games", type=int, default=400, help="games (Femkamp) or rounds (Rummy)")
    parser.add_argument("--seed", type=int, default=2061)
    parser.add_argument("--rollouts", type=int, default=None, help="the search bot's play-outs (default: its own)")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    rollouts = args.rollouts or (3000 if args.game == "femkamp" else 6000)
    pair = femkamp_pair if args.game == "femkamp" else rummy_pair
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = np.array(list(pool.map(pair, [(g, args.seed, rollouts) for g in range(args.games)], chunksize=4)))
    mean, se = mean_se(rows[:, 0])
    unit = "game total" if args.game == "femkamp" else "round's penalty"
    print(f"{args.game}: the search bot not reading − reading the table, {args.games} "
          f"{'games' if args.game == 'femkamp' else 'rounds'}, seed {args.seed}, {rollouts} play-outs, "
          f"seat rotating ({time.perf_counter() - start:.0f} s); positive = reading saves points")
    print(f"points per {unit}: {mean:+.3f} ± {se:.3f} (z {mean / se:+.1f})")
    if args.game == "femkamp":
        for i, name in enumerate(("pass", "clubs", "queens", "grand", "kabal"), start=1):
            m, s = mean_se(rows[:, i])
            print(f"  {name:7s} {m:+.3f} ± {s:.3f}")
    else:
        print(f"went out: reading {rows[:, 1].mean():.1%}, not reading {rows[:, 2].mean():.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
