"""Do the Femkamp and Rummy bots still decide the same?  Every bot's move on seeded positions, compared with another checkout.

    python benchmarks/game_decisions.py --game femkamp --positions 10000 --out /tmp/today.json
    git worktree add /tmp/cardlab-before REV          # the revision to compare with
    python benchmarks/game_decisions.py --game femkamp --positions 10000 --against /tmp/cardlab-before
    python benchmarks/game_decisions.py --game rummy --positions 10000 --against /tmp/cardlab-before

(Plump has its own, ``benchmarks/plump_decisions.py``.)  A Femkamp *position* is a round dealt
from a seed: one of the five rounds (the kabal round as
often as the four trick rounds together, since its layout rule is what changes most often), 3–5
players, the options (queen points, clubs all zero, who starts the kabal) drawn from the seed
too, played on by seeded random legal moves to a random point.  A Rummy position is a round of
2–6 players (``no_same_discard``, ``rummy_bonus`` and a reshuffle limit drawn from the seed) played
on the same way, draws, melds, lay-offs and discards.  At each position the game's heuristic bot
(``FemkampBot``, ``RummyBot``) and its search bot (``FemkampSearchBot``, ``RummySearchBot``; seeded,
a fixed number of play-outs ``--rollouts``, so its move follows from the seed alone) are asked for
their move at the seat to move.  ``--against DIR`` runs this
same script with ``DIR`` first on ``PYTHONPATH`` in a second process, then prints how many moves
differ per bot and the search bot's CPU milliseconds per decision on both sides; the exit status
is 1 when any move differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BOTS = ("heuristic", "search")
TRICK_ROUNDS = ("pass", "clubs", "queens", "grand")


def position(game: str, i: int, seed: int):
    """Position ``i`` of ``game``: a round with moves made, drawn from ``SeedSequence([seed, i])``; None when it is over."""
    return (femkamp_position if game == "femkamp" else rummy_position)(i, seed)


def rummy_position(i: int, seed: int):
    """A Rummy round from ``SeedSequence([seed, i])`` with random legal moves made; None when it is over."""
    import numpy as np

    from cardlab import RummyRules
    from cardlab.games.rummy import RummyRound

    rng = np.random.default_rng([seed, i])
    players = int(rng.choice([2, 3, 3, 4, 4, 5, 6]))
    rules = RummyRules(players=players, no_same_discard=bool(rng.random() < 0.8), rummy_bonus=bool(rng.random() < 0.3),
                       max_reshuffles=int(rng.choice([1, 3, 3, 10])))
    rnd = RummyRound.deal(rules, dealer=int(rng.integers(players)), rng=rng)
    return _random_moves(rnd, int(rng.integers(0, 120)), rng)


def _random_moves(rnd, moves: int, rng):
    for _ in range(moves):
        if rnd.is_over:
            break
        actions = rnd.legal_actions()
        rnd.apply(actions[int(rng.integers(len(actions)))])
    return None if rnd.is_over else rnd


def femkamp_position(i: int, seed: int):
    """A Femkamp round from ``SeedSequence([seed, i])`` with random legal moves made; None when it is over."""
    import numpy as np

    from cardlab import FemkampRules
    from cardlab.games.femkamp import FemkampTrickRound
    from cardlab.games.kabal import KabalRound

    rng = np.random.default_rng([seed, i])
    players = int(rng.choice([3, 4, 4, 5]))
    rules = FemkampRules(players=players, queen_points=int(rng.choice([4, 5])), clubs_all_zero=bool(rng.random() < 0.3),
                         kabal_starter=str(rng.choice(["left-of-dealer", "seven-of-hearts"])))
    dealer = int(rng.integers(players))
    if rng.random() < 0.5:
        rnd = KabalRound.deal(rules, dealer=dealer, rng=rng)
        moves = int(rng.integers(0, 60))
    else:
        name = TRICK_ROUNDS[int(rng.integers(4))]
        rnd = FemkampTrickRound.deal(rules, round_name=name, dealer=dealer, rng=rng)
        moves = int(rng.integers(0, 52))
    return _random_moves(rnd, moves, rng)


def decide_all(game: str, positions: int, seed: int, rollouts: int, bots=BOTS) -> dict:
    """Every bot's move (as text) at each position, and the search bot's CPU milliseconds per decision."""
    from cardlab import FemkampBot, RummyBot
    from cardlab.bots import FemkampSearchBot, RummySearchBot

    Heuristic, Search = (FemkampBot, FemkampSearchBot) if game == "femkamp" else (RummyBot, RummySearchBot)
    moves = {name: [] for name in BOTS}
    spent = 0.0
    for i in range(20):  # compile (or load) every kernel first
        warm = position(game, i, seed + 1)
        if warm is not None:
            Search(rng=0, rollouts=rollouts).choose(warm.view(warm.to_move))
    asked = 0
    for i in range(positions):
        rnd = position(game, i, seed)
        if rnd is None:
            for name in bots:
                moves[name].append("over")
            continue
        view = rnd.view(rnd.to_move)
        if "heuristic" in bots:
            moves["heuristic"].append(str(Heuristic().decide(view).action))
        if "search" in bots:
            start = time.process_time()
            moves["search"].append(str(Search(rng=i, rollouts=rollouts).choose(view)))
            spent += time.process_time() - start
            asked += 1
    return {"moves": moves, "ms_per_decision": {"search": 1000 * spent / max(1, asked)}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("femkamp", "rummy"), required=True)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=300, help="play-outs per search decision (default 300)")
    parser.add_argument("--bots", nargs="+", choices=BOTS, default=list(BOTS), help="only these bots")
    parser.add_argument("--out", type=Path, help="write this checkout's moves to a JSON file")
    parser.add_argument("--against", type=Path, help="another checkout (a directory) to compare with, or the JSON its --out wrote")
    args = parser.parse_args(argv)
    mine = decide_all(args.game, args.positions, args.seed, args.rollouts, args.bots)
    if args.out:
        args.out.write_text(json.dumps(mine))
    if args.against is None:
        print(json.dumps(mine["ms_per_decision"]))
        return 0
    if args.against.suffix == ".json":
        theirs = json.loads(args.against.read_text())
    else:
        with tempfile.NamedTemporaryFile(suffix=".json") as fh:
            env = dict(os.environ, PYTHONPATH=str(args.against.resolve()))
            subprocess.run([sys.executable, __file__, "--game", args.game, "--positions", str(args.positions),
                            "--seed", str(args.seed),
                            "--rollouts", str(args.rollouts), "--bots", *args.bots, "--out", fh.name], env=env,
                           check=True)
            theirs = json.loads(Path(fh.name).read_text())
    differ = 0
    over = sum(m == "over" for m in mine["moves"][args.bots[0]])
    print(f"{args.game}: {args.positions} positions (seed {args.seed}; {over} ended before their last move and were skipped), "
          f"search bot with {args.rollouts} play-outs")
    for name in args.bots:
        assert len(mine["moves"][name]) == len(theirs["moves"][name]) == args.positions, name
        diff = [i for i, (a, b) in enumerate(zip(mine["moves"][name], theirs["moves"][name])) if a != b]
        differ += len(diff)
        print(f"  {name:<12} {len(diff):>6} different moves" + (f"   first at positions {diff[:5]}" if diff else ""))
    if "search" in args.bots:
        print(f"  search       ms per decision: this checkout {mine['ms_per_decision']['search']:.2f}, "
              f"{args.against} {theirs['ms_per_decision']['search']:.2f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
