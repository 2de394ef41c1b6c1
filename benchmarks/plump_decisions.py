"""Do the Plump bots still decide the same?  Every bot's move on seeded positions, compared with another checkout.

    python benchmarks/plump_decisions.py --positions 10000 --out /tmp/today.json
    git worktree add /tmp/cardlab-before REV          # the revision to compare with
    python benchmarks/plump_decisions.py --positions 10000 --against /tmp/cardlab-before

A *position* is a Plump round dealt from a seed (2–7 players, hand size, trump kind, must-trump,
hook, first lead and scoring drawn from the seed too), played on by seeded random legal moves to
a random point, bidding or play.  At each position every bot is asked for its move at the seat
to move: ``PlumpBot``, ``SimpleBot``, the *easy* level (``FriendlyBot`` around ``PlumpBot``,
seeded), ``PlumpSearchBot`` (ISMCTS, the *hard* level's method) and ``PlumpSearchBot`` with
``method="pimc"``, both seeded and with a fixed number of play-outs (``--rollouts``), so their
moves follow from the seed alone.  ``--against DIR`` runs this same script with ``DIR`` first on
``PYTHONPATH`` (so ``import cardlab`` is that checkout's) in a second process (``--against
FILE.json`` reads what ``--out`` wrote there instead), then prints how many moves differ per bot;
the exit status is 1 when any does.  It also prints the search bots'
milliseconds per decision (CPU time of the process) on both sides, measured on the same
positions.
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

BOTS = ("plump", "simple", "easy", "search", "search-pimc")


def position(i: int, seed: int):
    """Position ``i``: (round, the seat to move), drawn from ``SeedSequence([seed, i])``."""
    import numpy as np

    from cardlab import PlumpRound, PlumpRules

    rng = np.random.default_rng([seed, i])
    players = int(rng.choice([2, 3, 3, 4, 4, 4, 5, 5, 6, 7]))
    most = 51 // players if players > 2 else 17
    hand_size = int(rng.integers(1, min(most, 10) + 1))
    rules = PlumpRules(players=players, trump=str(rng.choice(["turned-up", "turned-up", "none"])),
                       must_trump=bool(rng.random() < 0.3), hook=bool(rng.random() < 0.8),
                       first_lead=str(rng.choice(["left-of-dealer", "left-of-dealer", "highest-bidder"])),
                       scoring=str(rng.choice(["standard", "standard", "trick-points", "penalty", "tricks-only"])))
    rnd = PlumpRound.deal(rules, hand_size=hand_size, dealer=int(rng.integers(players)), rng=rng)
    moves = int(rng.integers(0, players * (hand_size + 1)))
    for _ in range(moves):
        actions = rnd.legal_actions()
        rnd.apply(actions[int(rng.integers(len(actions)))])
    return rnd


def decide_all(positions: int, seed: int, rollouts: int, bots=BOTS) -> dict:
    """Every bot's move (as text) at each position, and the search bots' CPU milliseconds per decision."""
    from cardlab import PlumpBot, PlumpSearchBot
    from cardlab.bots.levels import FriendlyBot
    try:
        from cardlab.bots.simple import SimpleBot
    except ImportError:   # a checkout from before SimpleBot moved to the bots (2026-12), for --against
        from cardlab.sim.simple import SimpleBot

    moves = {name: [] for name in BOTS}
    spent = {"search": 0.0, "search-pimc": 0.0}
    for i in range(20):  # compile (or load) every kernel first: bids and cards, both methods
        warm = position(i, seed + 1)
        for method in ("ismcts", "pimc"):
            PlumpSearchBot(rng=0, rollouts=rollouts, method=method).choose(warm.view(warm.to_move))
    for i in range(positions):
        rnd = position(i, seed)
        view = rnd.view(rnd.to_move)
        if "plump" in bots:
            moves["plump"].append(str(PlumpBot().decide(view).action))
        if "simple" in bots:
            moves["simple"].append(str(SimpleBot().choose(view)))
        if "easy" in bots:
            moves["easy"].append(str(FriendlyBot(PlumpBot(), rng=i).decide(view).action))
        for name, method in (("search", "ismcts"), ("search-pimc", "pimc")):
            if name not in bots:
                continue
            bot = PlumpSearchBot(rng=i, rollouts=rollouts, method=method)
            start = time.process_time()
            try:
                moves[name].append(str(bot.choose(view)))
            except Exception as error:  # noqa: BLE001 - a refusal is a decision too, compared by its kind
                moves[name].append(f"refused: {type(error).__name__}")
            spent[name] += time.process_time() - start
    return {"moves": moves, "ms_per_decision": {k: 1000 * v / positions for k, v in spent.items()}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=300, help="play-outs per search decision (default 300)")
    parser.add_argument("--bots", nargs="+", choices=BOTS, default=list(BOTS), help="only these bots")
    parser.add_argument("--out", type=Path, help="write this checkout's moves to a JSON file")
    parser.add_argument("--against", type=Path, help="another checkout (a directory) to compare with, or the JSON its --out wrote")
    args = parser.parse_args(argv)
    mine = decide_all(args.positions, args.seed, args.rollouts, args.bots)
    if args.out:
        args.out.write_text(json.dumps(mine))
    if args.against is None:
        print(json.dumps(mine["ms_per_decision"]))
        return 0
    if args.against.suffix == ".json":  # moves written before by --out in the other checkout
        theirs = json.loads(args.against.read_text())
    else:
        with tempfile.NamedTemporaryFile(suffix=".json") as fh:
            env = dict(os.environ, PYTHONPATH=str(args.against.resolve()))
            subprocess.run([sys.executable, __file__, "--positions", str(args.positions), "--seed", str(args.seed),
                            "--rollouts", str(args.rollouts), "--bots", *args.bots, "--out", fh.name], env=env,
                           check=True)
            theirs = json.loads(Path(fh.name).read_text())
    differ = 0
    print(f"{args.positions} positions (seed {args.seed}), search bots with {args.rollouts} play-outs")
    for name in args.bots:
        assert len(mine["moves"][name]) == len(theirs["moves"][name]) == args.positions, name
        diff = [i for i, (a, b) in enumerate(zip(mine["moves"][name], theirs["moves"][name])) if a != b]
        differ += len(diff)
        refused = sum(m.startswith("refused") for m in mine["moves"][name])
        print(f"  {name:<12} {len(diff):>6} different moves   ({refused} refusals here)"
              + (f"   first at positions {diff[:5]}" if diff else ""))
    for name in [b for b in ("search", "search-pimc") if b in args.bots]:
        print(f"  {name:<12} ms per decision: this checkout {mine['ms_per_decision'][name]:.2f}, "
              f"{args.against} {theirs['ms_per_decision'][name]:.2f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
