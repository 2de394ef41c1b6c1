"""How long a new Python process waits for its first simulation of each game (after ``cardlab warmup``).

    python benchmarks/first_call.py              # each game in its own new process, 3 times
    python benchmarks/first_call.py --repeat 5

Each measurement starts a fresh interpreter and times, inside it, everything a
user waits for: ``import cardlab``, loading the compiled kernels from numba's
cache and a small ``simulate()`` call (1,000 rounds or 100 games).  The
figures are wall-clock seconds (the machine may be shared, so the CPU seconds
are printed too).  Run ``cardlab warmup`` first: without a cache the first
call compiles, which takes a minute or more and says so on stderr.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

CALLS = {
    "plump": "simulate('plump', PlumpRules(players=4), rounds=1000, hand_size=5, rng=1, progress=False)",
    "femkamp": "simulate('femkamp', FemkampRules(players=4), games=100, rng=1, progress=False)",
    "rummy": "simulate('rummy', RummyRules(players=3, max_reshuffles=3), rounds=1000, rng=1, progress=False)",
}

PROGRAM = """
import time
wall, cpu = time.perf_counter(), time.process_time()
from cardlab import simulate, PlumpRules, FemkampRules, RummyRules
df = {call}
print(round(time.perf_counter() - wall, 2), round(time.process_time() - cpu, 2), len(df))
"""


def first_call(game: str) -> tuple[float, float]:
    """Wall and CPU seconds of the first ``simulate()`` of ``game`` in a new process (import included)."""
    done = subprocess.run([sys.executable, "-c", PROGRAM.format(call=CALLS[game])], capture_output=True, text=True,
                          check=True)
    wall, cpu, _ = done.stdout.split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="new processes per game (default 3)")
    args = parser.parse_args()
    results = {}
    for game in CALLS:
        runs = [first_call(game) for _ in range(args.repeat)]
        results[game] = {"wall_seconds": [w for w, _ in runs], "cpu_seconds": [c for _, c in runs],
                         "worst_wall": max(w for w, _ in runs)}
        print(f"{game:8s} first simulate() in a new process: wall {', '.join(f'{w:.2f}' for w, _ in runs)} s"
              f" (cpu {', '.join(f'{c:.2f}' for _, c in runs)} s)")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
