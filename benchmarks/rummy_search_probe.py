"""How good are RummySearchBot's single decisions?  Judged with the hands it cannot see.

Positions: every third decision with a choice (a draw with both piles there, or a discard) of any
seat in rounds of RummyBot against itself (3 players, classic rules, dealt from seeds 5000, 5001, …,
before any reshuffle).  Each candidate move is judged by ``--truth`` play-outs to the round's end
(every seat playing like RummyBot's compiled twin) from the *true* hands of the other seats, only the
stock dealt anew; so the judge knows what the search bot does not.  For each setting of the search
(horizon in turns, deals per move, margin in standard errors) the bot decides without seeing those
hands, and the report is its mean gain per decision (the judged penalty of RummyBot's move minus
that of the chosen move; 0 when it keeps RummyBot's move) with the standard error over positions,
for draws and discards apart, and how often it left RummyBot's move::

    python benchmarks/rummy_search_probe.py --positions 300 --truth 1000
    python benchmarks/rummy_search_probe.py --positions 300 --truth 1000 --setting 60,1000,1 --setting 15,2500,0.5

A setting is ``max_turns,deals,margin``; every move is tried in the same deals, as the bot does.
The judge's own noise (``--truth`` deals) is shared by all settings, so settings compare pairwise.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardlab import RummyRules
from cardlab.bots.rummy import RummyBot
from cardlab.bots.rummy_search import RummySearchBot, _mask
from cardlab.games.rummy import Discard, RummyRound

HEURISTIC = RummyBot()


def positions(count: int, first_seed: int = 5000, every: int = 3) -> list:
    """(view, true hands as masks) of every ``every``-th decision with a choice, RummyBot in every seat."""
    out = []
    r = 0
    while len(out) < count:
        rnd = RummyRound.deal(RummyRules(), dealer=r % 3, rng=first_seed + r, seed=first_seed + r)
        k = 0
        while not rnd.is_over and len(out) < count:
            view = rnd.view(rnd.to_move)
            move = HEURISTIC.choose(view)
            choice = (len(view.legal_actions) > 1 if view.phase == "draw" else isinstance(move, Discard))
            if view.reshuffles == 0 and choice:
                k += 1
                if k % every == 0:
                    out.append((view, [_mask(h) for h in rnd.hands]))
            rnd.apply(move)
        r += 1
    return out


def candidates(view) -> list:
    """RummyBot's move first, then every other draw or discard."""
    first = HEURISTIC.choose(view)
    if view.phase == "draw":
        return [first] + [a for a in view.legal_actions if a != first]
    return [first] + [a for a in view.legal_actions if isinstance(a, Discard) and a != first]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--truth", type=int, default=1000, help="judging play-outs per move (true hands)")
    parser.add_argument("--setting", action="append", default=None, help="max_turns,deals,margin (repeatable)")
    args = parser.parse_args(argv)
    settings = [tuple(float(x) for x in s.split(",")) for s in (args.setting or
                ["60,60,2", "60,1000,1", "15,750,0.5", "15,2500,0.5", "15,2500,1"])]
    start = time.perf_counter()
    pos = positions(args.positions)
    judge = RummySearchBot(rng=10_000, samples=args.truth, max_turns=10_000)
    saved = []
    for view, hands in pos:
        (sums, _), worlds = judge._search(view, candidates(view), hands=hands)
        saved.append(sums[0] / worlds - sums / worlds)
    phases = [view.phase for view, _ in pos]
    print(f"{len(pos)} positions ({phases.count('draw')} draws, {phases.count('meld')} discards), judged with "
          f"{args.truth} play-outs per move from the true hands ({time.perf_counter() - start:.0f} s)")
    print(f"  best move in hindsight (noisy upper bound): draws {np.mean([s.max() for s, p in zip(saved, phases) if p == 'draw']):+.3f}, "
          f"discards {np.mean([s.max() for s, p in zip(saved, phases) if p == 'meld']):+.3f} points per decision")
    for max_turns, deals, margin in settings:
        bot = RummySearchBot(rng=1, samples=int(deals), max_turns=int(max_turns), margin=margin)
        gains: dict[str, list] = {"draw": [], "meld": []}
        left = {"draw": 0, "meld": 0}
        t = time.perf_counter()
        for i, (view, _) in enumerate(pos):
            bot.rng = np.random.default_rng(777 + i)
            (sums, squares), worlds = bot._search(view, candidates(view))
            best = bot.pick(sums, squares, worlds)
            left[view.phase] += best != 0
            gains[view.phase].append(saved[i][best])
        parts = []
        for phase, name in (("draw", "draws"), ("meld", "discards")):
            g = np.array(gains[phase])
            parts.append(f"{name} {g.mean():+.3f} ± {g.std(ddof=1) / np.sqrt(len(g)):.3f} (left {left[phase]}/{len(g)})")
        print(f"  max_turns {int(max_turns):>3}, {int(deals):>4} deals, margin {margin:.1f}: gain per decision "
              + ", ".join(parts) + f"  ({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
