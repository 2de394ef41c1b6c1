"""cardlab benchmarks: simulation speed beside OpenSpiel's oh_hell, measured side by side in one run.

    python benchmarks/run.py            # the full run (about a minute)
    python benchmarks/run.py --quick    # smaller counts, for a smoke test

Every figure is for one core (one process, one thread, CPU time) unless it
says otherwise.  Each measurement takes the best of a few repetitions, with
the compiled kernels warmed up first (``make bench`` installs the "bench"
extra with open-spiel).

The headline ratio, "fast kernel / OpenSpiel C++ loop", compares like with like:

* the same game: one round of 4 players × 10 cards from one 52-card deck, the
  next card turned up for trump, the dealer's hook on, follow suit or play
  anything, the player left of the dealer leads the first trick (cardlab's
  default ``PlumpRules()`` is OpenSpiel's ``oh_hell`` with
  ``num_tricks_fixed=10``);
* the same play: every bid and every card uniform among the legal ones, the
  deal uniformly random, the dealer changing from round to round (rotating
  here, drawn by chance there);
* the same output: both sides end with every seat's bid and tricks and its
  score (OpenSpiel's return, cardlab's ``trick-points``: a point per trick and
  10 for an exact bid); cardlab's side also draws the round seeds and plays
  in chunks of 65,536 rounds, as ``simulate`` does;
* the same clock: CPU seconds of this one process, best of several runs, both
  sides measured in the same run, so a busy machine slows both alike.

OpenSpiel's loop is ``pyspiel.evaluate_bots`` with uniform random bots: all of
a round runs in C++, but each round is one call from Python (a new state,
the bots and the returns through pybind11).  The line after the ratio
measures that call on a finished round (new state + ``evaluate_bots``, which
then returns at once; it includes C++ work too, so it overstates the Python
part) and gives the ratio as if it cost nothing: a lower bound of the fair
ratio.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import numpy as np


def side_by_side(jobs: dict, repeat: int = 5, clock=time.process_time) -> dict:
    """Items per second of each ``(fn, count)`` in ``jobs``, best of ``repeat``, the jobs taking turns.

    Taking turns (a, b, c, a, b, c, …) rather than a five times, then b five times, means that a
    change of load on a shared machine falls on every job alike, so their ratios stay fair.
    """
    best = {name: float("inf") for name in jobs}
    for _ in range(repeat):
        for name, (fn, _count) in jobs.items():
            start = clock()
            fn()
            best[name] = min(best[name], clock() - start)
    return {name: count / best[name] for name, (_fn, count) in jobs.items()}


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
def kernel_job(policy: str, n: int, players: int = 4, cards: int = 10):
    """``(fn, n)``: ``fn()`` plays ``n`` rounds with the compiled kernel (warmed up), as a simulation does: chunk by
    chunk, each chunk's seeds drawn, its rounds played (dealer rotating) and scored."""
    from cardlab import PlumpRules
    from cardlab.sim.plump import kernel_batch, make_setup, score_array
    from cardlab.sim.seeds import iter_chunks, round_seeds

    setup = make_setup(PlumpRules(players=players), policy=policy, hand_size=cards, dealer="rotate")

    def run():
        for start, seeds in iter_chunks(1, n):
            out = kernel_batch(setup, seeds, start)
            score_array(out["bids"], out["tricks"], "trick-points")

    kernel_batch(setup, round_seeds(1, 100))
    return run, n


def kernel_rate(policy: str, n: int, players: int = 4, cards: int = 10) -> float:
    """Rounds per CPU second of :func:`kernel_job`."""
    return best_rate(*kernel_job(policy, n, players, cards))


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


def openspiel_cpp_job(n: int):
    """``(fn, n)``: OpenSpiel oh_hell played by its own C++ loop (pyspiel.evaluate_bots, uniform random bots),
    or None without open-spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", OH_HELL)
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]

    def run():
        for i in range(n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, i)

    return run, n


def openspiel_cpp_rate(n: int) -> float | None:
    job = openspiel_cpp_job(n)
    return None if job is None else best_rate(*job)


def openspiel_call_job(n: int):
    """``(fn, n)``: what :func:`openspiel_cpp_job` spends outside the round itself, a new state and an
    ``evaluate_bots`` call on a round that is already over (an upper bound of the Python-side cost)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", OH_HELL)
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]
    done = game.new_initial_state()
    pyspiel.evaluate_bots(done, bots, 0)

    def run():
        for i in range(n):
            game.new_initial_state()
            pyspiel.evaluate_bots(done, bots, i)

    return run, n


def headline(q: bool) -> tuple[float, float | None, float | None]:
    """(kernel rounds/s, OpenSpiel C++ loop rounds/s, seconds per OpenSpiel call), measured taking turns."""
    jobs = {"kernel": kernel_job("random", 200_000 if q else 500_000)}
    cpp, call = openspiel_cpp_job(2_000 if q else 10_000), openspiel_call_job(2_000 if q else 10_000)
    if cpp is not None:
        jobs.update(cpp=cpp, call=call)
    rates = side_by_side(jobs)
    return rates["kernel"], rates.get("cpp"), 1 / rates["call"] if "call" in rates else None


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
    parser.add_argument("--ratio", action="store_true", help="only the fast kernel beside OpenSpiel's C++ loop")
    args = parser.parse_args(argv)
    q = args.quick
    figures: dict[str, float | None] = {}
    rows = []

    def line(name, value, unit, note=""):
        figures[name] = value
        shown = "n/a (open-spiel not installed)" if value is None else f"{value:,.0f} {unit}" if value >= 100 else f"{value:.3f} {unit}"
        rows.append(f"{name:<52} {shown:>22}  {note}")

    if not args.ratio:
        # memory first, from a small parent process (ru_maxrss of a child starts at the parent's size)
        big = 1_000_000 if q else 10_000_000
        mem = in_subprocess(MEMORY_SCRIPT.format(n=big))
        line("first call: import + 10,000 rounds (fresh process)", in_subprocess(FIRST_CALL_SCRIPT)["seconds"], "s",
             "numba cache warm after the first run on a machine")
    kernel, cpp, call = headline(q)
    line("Plump 4×10 random, fast kernel", kernel, "rounds/s", "(seeds and scores included)")
    line("OpenSpiel oh_hell 4×10 random, C++ loop", cpp, "rounds/s", "(one call from Python per round)")
    if args.ratio:
        return report(rows, kernel, cpp, call, None, None)
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

    return report(rows, kernel, cpp, call, reference, python)


def report(rows, kernel, cpp, call, reference, python) -> int:
    print("cardlab benchmarks (one core each)\n")
    print("\n".join(rows))
    print("\nratios (targets in brackets)")
    if cpp:
        print(f"  fast kernel / OpenSpiel C++ loop:           {kernel / cpp:6.1f}×  [≥ 50×]")
        if call and call < 1 / cpp:
            print(f"    … if OpenSpiel's per-round call cost nothing: {kernel * (1 / cpp - call):6.1f}×"
                  f"  (the call measured alone: {call * 1e6:.1f} µs of {1e6 / cpp:.1f} µs per round)")
    if python:
        print(f"  reference engine / OpenSpiel from Python:   {reference / python:6.2f}×  [≥ 0.3×]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
