"""cardlab benchmarks: simulation speed beside OpenSpiel's oh_hell, measured side by side in one run.

    python benchmarks/run.py            # the full run (about a minute)
    python benchmarks/run.py --quick    # smaller counts, for a smoke test

Every figure is for one core (one process, one thread, CPU time) unless it
says otherwise.  Each measurement takes the best of a few repetitions, with
the compiled kernels warmed up first (``make bench`` installs the "bench"
extra with open-spiel).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import numpy as np


def best_rate(fn, count: int, repeat: int = 5, clock=time.process_time) -> float:
    """Items per second of ``fn()`` (which handles ``count`` items), best of ``repeat``.

    Single-threaded figures use this process's CPU time, so that other work on a
    shared machine slows neither side of a comparison; multi-threaded ones pass
    ``clock=time.perf_counter`` (wall time).
    """
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        fn()
        best = min(best, clock() - start)
    return count / best


# ----------------------------------------------------------------- cardlab
def kernel_rate(policy: str, n: int, players: int = 4, cards: int = 10) -> float:
    from cardlab import PlumpRules
    from cardlab.sim.plump import kernel_batch, make_setup
    from cardlab.sim.seeds import round_seeds

    setup = make_setup(PlumpRules(players=players), policy=policy, hand_size=cards)
    seeds = round_seeds(1, n)
    kernel_batch(setup, seeds[:100])
    return best_rate(lambda: kernel_batch(setup, seeds), n)


def summarize_rate(n: int, threads: int = 1) -> float:
    from cardlab import PlumpRules
    from cardlab.sim.plump import summarize_plump

    summarize_plump(PlumpRules(), rounds=1000, rng=1, progress=False)
    return best_rate(lambda: summarize_plump(PlumpRules(), rounds=n, rng=1, progress=False, threads=threads), n,
                     repeat=3, clock=time.process_time if threads == 1 else time.perf_counter)


def rows_seconds(n: int = 10_000) -> float:
    from cardlab import PlumpRules, simulate

    simulate("plump", PlumpRules(), rounds=100, rng=1, progress=False)
    return n / best_rate(lambda: simulate("plump", PlumpRules(), rounds=n, rng=1, progress=False), n)


def reference_rate(n: int) -> float:
    """The reference engine through the shared protocol: deal, then legal_actions/apply with RandomBot."""
    from cardlab import PlumpRound, PlumpRules, RandomBot

    rules = PlumpRules()

    def run():
        bot = RandomBot(rng=1)
        for i in range(n):
            rnd = PlumpRound.deal(rules, hand_size=10, dealer=i % 4, rng=i)
            while not rnd.is_over:
                actions = rnd.legal_actions()
                rnd.apply(actions[int(bot.rng.integers(len(actions)))])

    return best_rate(run, n)


def femkamp_rate(policy: str, n: int, engine: str = "reference") -> float:
    from cardlab.sim.femkamp import simulate_femkamp

    simulate_femkamp(policy=policy, games=2, rng=1, progress=False, engine=engine)
    return best_rate(lambda: simulate_femkamp(policy=policy, games=n, rng=1, progress=False, engine=engine), n,
                     repeat=1 if engine == "reference" else 3)


def rummy_rate(policy: str, n: int, engine: str = "reference") -> float:
    from cardlab.sim.rummy import simulate_rummy

    simulate_rummy(policy=policy, rounds=2, rng=1, progress=False, engine=engine, threads=1)
    return best_rate(lambda: simulate_rummy(policy=policy, rounds=n, rng=1, progress=False, engine=engine, threads=1),
                     n, repeat=1 if engine == "reference" else 3)


# --------------------------------------------------------------- OpenSpiel
OH_HELL = {"players": 4, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": 10}


def openspiel_cpp_rate(n: int) -> float | None:
    """OpenSpiel oh_hell played by its own C++ loop (pyspiel.evaluate_bots, uniform random bots)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", OH_HELL)
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]

    def run():
        for i in range(n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, i)

    return best_rate(run, n)


def openspiel_python_rate(n: int) -> float | None:
    """OpenSpiel oh_hell driven from Python: random legal actions, chance outcomes sampled in Python."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", OH_HELL)

    def run():
        rng = np.random.default_rng(1)
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rng.integers(len(actions)))])

    return best_rate(run, n)


# ------------------------------------------------------------------ memory
MEMORY_SCRIPT = """
import resource, time, json
from cardlab import PlumpRules
from cardlab.sim.plump import summarize_plump
summarize_plump(PlumpRules(), rounds=1000, rng=1, progress=False)
start = time.perf_counter()
summarize_plump(PlumpRules(), rounds={n}, rng=1, progress=False, threads=1)
seconds = time.perf_counter() - start
hwm = None
try:  # this process's own peak (ru_maxrss may also count the parent's memory at fork time)
    with open("/proc/self/status") as fh:
        hwm = next(int(l.split()[1]) / 1024 for l in fh if l.startswith("VmHWM"))
except OSError:
    pass
print(json.dumps({{"maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "hwm_mb": hwm,
                  "seconds": seconds}}))
"""

FIRST_CALL_SCRIPT = """
import time, json
start = time.perf_counter()
from cardlab import PlumpRules, simulate
simulate("plump", PlumpRules(), rounds=10_000, rng=1, progress=False)
print(json.dumps({"seconds": time.perf_counter() - start}))
"""


def in_subprocess(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


# -------------------------------------------------------------------- main
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller counts (a smoke test, noisier figures)")
    args = parser.parse_args(argv)
    q = args.quick
    figures: dict[str, float | None] = {}
    rows = []

    def line(name, value, unit, note=""):
        figures[name] = value
        shown = "n/a (open-spiel not installed)" if value is None else f"{value:,.0f} {unit}" if value >= 100 else f"{value:.3f} {unit}"
        rows.append(f"{name:<52} {shown:>22}  {note}")

    # memory first, from a small parent process (ru_maxrss of a child starts at the parent's size)
    big = 1_000_000 if q else 10_000_000
    mem = in_subprocess(MEMORY_SCRIPT.format(n=big))
    line("first call: import + 10,000 rounds (fresh process)", in_subprocess(FIRST_CALL_SCRIPT)["seconds"], "s",
         "numba cache warm after the first run on a machine")
    kernel = kernel_rate("random", 200_000 if q else 500_000)
    cpp = openspiel_cpp_rate(2_000 if q else 10_000)
    line("Plump 4×10 random, fast kernel", kernel, "rounds/s")
    line("OpenSpiel oh_hell 4×10 random, C++ loop", cpp, "rounds/s")
    reference = reference_rate(100 if q else 500)
    python = openspiel_python_rate(300 if q else 2_000)
    line("Plump 4×10 random, reference engine (protocol)", reference, "rounds/s")
    line("OpenSpiel oh_hell 4×10 random, from Python", python, "rounds/s")
    line("Plump 4×10 heuristic, fast kernel", kernel_rate("heuristic", 100_000 if q else 500_000), "rounds/s")
    line("Plump 4×10 random, summarize_plump (with counting)", summarize_rate(200_000 if q else 2_000_000), "rounds/s")
    from cardlab.sim.threads import default_threads

    line(f"  the same on {default_threads()} threads (all cores)", summarize_rate(200_000 if q else 2_000_000, default_threads()),
         "rounds/s", "not per core")
    line("simulate(): 10,000 Plump rounds to a DataFrame", rows_seconds(), "s")
    line("Femkamp 4 players random, fast kernel", femkamp_rate("random", 20_000 if q else 100_000, "auto"), "games/s",
         "(rows included)")
    line("Femkamp 4 players random, reference engine", femkamp_rate("random", 5 if q else 40), "games/s")
    line("Femkamp 4 players heuristic, fast kernel", femkamp_rate("heuristic", 10_000 if q else 50_000, "auto"),
         "games/s", "(rows included)")
    line("Femkamp 4 players heuristic, reference engine", femkamp_rate("heuristic", 5 if q else 40), "games/s")
    line("Rummy 3 players random, reference engine", rummy_rate("random", 5 if q else 40), "rounds/s")
    line("Rummy 3 players heuristic, reference engine", rummy_rate("heuristic", 5 if q else 40), "rounds/s")
    line("Rummy 3 players random, fast kernel", rummy_rate("random", 10_000 if q else 50_000, "auto"), "rounds/s",
         "(rows included)")
    line("Rummy 3 players heuristic, fast kernel", rummy_rate("heuristic", 5_000 if q else 30_000, "auto"), "rounds/s",
         "(rows included)")
    line(f"peak memory, {big:,}-round aggregated Plump run", mem["hwm_mb"] or mem["maxrss_mb"], "MB",
         f"(ru_maxrss {mem['maxrss_mb']:.0f} MB; {mem['seconds']:.1f} s)")

    print("cardlab benchmarks (one core each)\n")
    print("\n".join(rows))
    print("\nratios (targets in brackets)")
    if cpp:
        print(f"  fast kernel / OpenSpiel C++ loop:           {kernel / cpp:6.1f}×  [≥ 20×]")
    if python:
        print(f"  reference engine / OpenSpiel from Python:   {reference / python:6.2f}×  [≥ 0.3×]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
