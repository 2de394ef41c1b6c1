"""How long does it take to measure the hook's cost to the dealer to ±0.03?

    python benchmarks/hook_cost.py              # 4 players × 5 cards, heuristic bots
    python benchmarks/hook_cost.py --target 0.02 --players 5 --cards 10

Plays a pilot of 20,000 paired rounds (the same deals with the hook on and
off, :func:`cardlab.sim.compare_rules`) to estimate the spread of the paired
difference, works out how many rounds give a 95 % half-width of ``--target``,
then plays that many and reports the dealer's difference, its interval, and
the CPU time (one core: the comparison runs in this one thread).
"""

from __future__ import annotations

import argparse
import json
import math
import time


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--target", type=float, default=0.03, help="95 %% half-width wanted (default 0.03)")
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    from cardlab import PlumpRules
    from cardlab.sim import compare_rules

    on, off = PlumpRules(players=args.players), PlumpRules(players=args.players, hook=False)
    compare_rules("plump", on, off, rounds=100, hand_size=args.cards, policy=args.policy, rng=0)  # compile / load
    pilot = compare_rules("plump", on, off, rounds=20_000, hand_size=args.cards, policy=args.policy, rng=args.seed + 1)
    half = (pilot.ci_high.iloc[-1] - pilot.ci_low.iloc[-1]) / 2
    rounds = max(1_000, math.ceil(20_000 * (half / args.target) ** 2 * 1.1))  # 10 % to spare
    cpu, wall = time.process_time(), time.perf_counter()
    table = compare_rules("plump", on, off, rounds=rounds, hand_size=args.cards, policy=args.policy, rng=args.seed)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    dealer = table.iloc[-1]
    result = {"players": args.players, "cards": args.cards, "policy": args.policy, "rounds": rounds,
              "dealer_diff": round(float(dealer["diff"]), 4), "ci_low": round(float(dealer.ci_low), 4),
              "ci_high": round(float(dealer.ci_high), 4),
              "half_width": round(float(dealer.ci_high - dealer.ci_low) / 2, 4),
              "cpu_seconds": round(cpu, 2), "wall_seconds": round(wall, 2)}
    print(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
