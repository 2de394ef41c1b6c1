"""How often do Rummy bots go out?  1,000 seeded 3-player rounds per policy.

Prints, per policy, the share of rounds that end with a player going out
(with a 95% Wilson interval), the mean round length in turns and the speed.
Every round ``i`` is dealt from seed ``i`` (dealer ``i % 3``), so any row can
be replayed as a single round.

    .venv/bin/python benchmarks/rummy_bots.py            # 1,000 rounds per policy
    .venv/bin/python benchmarks/rummy_bots.py --rounds 200
"""

from __future__ import annotations

import argparse
import math
import time

from cardlab import RummyRules, play_out
from cardlab.bots.rummy import RummyBot, RummyRandomBot
from cardlab.games.rummy import RummyRound


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


POLICIES = {
    "heuristic": lambda seed: [RummyBot() for _ in range(3)],
    "random": lambda seed: [RummyRandomBot(rng=seed * 3 + s) for s in range(3)],
}


def measure(policy: str, rounds: int, rules: RummyRules) -> dict:
    make = POLICIES[policy]
    out = turns = 0
    start = time.perf_counter()
    for seed in range(rounds):
        rnd = RummyRound.deal(rules, dealer=seed % rules.players, rng=seed, seed=seed)
        play_out(rnd, make(seed))
        out += rnd.winner is not None
        turns += rnd.turns
    seconds = time.perf_counter() - start
    low, high = wilson(out, rounds)
    return {"policy": policy, "rounds": rounds, "go_out_rate": out / rounds, "ci_low": low, "ci_high": high,
            "mean_turns": turns / rounds, "rounds_per_s": rounds / seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args(argv)
    rules = RummyRules(max_reshuffles=3)  # simulations name their reshuffle limit
    print(f"Rummy, 3 players, rules {rules.fingerprint()} ({rules.changed_options() or 'classic'}), {args.rounds} rounds per policy")
    print(f"{'policy':<10} {'go out':>7} {'95% CI':>17} {'mean turns':>11} {'rounds/s':>9}")
    for policy in POLICIES:
        r = measure(policy, args.rounds, rules)
        interval = f"[{r['ci_low']:.1%}, {r['ci_high']:.1%}]"
        print(f"{r['policy']:<10} {r['go_out_rate']:>7.1%} {interval:>17} "
              f"{r['mean_turns']:>11.1f} {r['rounds_per_s']:>9.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
