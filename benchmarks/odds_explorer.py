"""How long the odds explorer takes to redraw after a slider moves (the 95th percentile must be ≤ 0.5 s).

    python benchmarks/odds_explorer.py               # 60 seeded slider moves
    python benchmarks/odds_explorer.py --moves 200 --seed 3

The explorer is built once (that first draw compiles or loads the kernels and
is reported on its own), then a seeded sequence of moves changes one control at
a time — players, cards, trump, play, seat or language — the way a curious
player clicks, revisiting settings now and then.  Each move is timed from the
change of the value to the moment the chart is redrawn (wall clock), and the
median, 95th percentile and worst time are printed per kind of move and overall,
with the CPU seconds of the process beside them (on a shared, busy machine the
wall clock mostly measures the other processes).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np


def moves(explorer, count: int, rng: np.random.Generator) -> list[tuple[str, object, object]]:
    """``count`` random moves: (kind, control, new value), each different from the control's value then."""
    plan = []
    kinds = ["players", "cards", "trump", "policy", "seat", "language"]
    for _ in range(count):
        plan.append(kinds[rng.integers(len(kinds))])
    return plan


def apply(explorer, kind: str, rng: np.random.Generator) -> None:
    """Move one control to a different value, as a click or a slider drag would."""
    if kind == "players":
        choices = [p for p in range(2, 8) if p != explorer.players_slider.value]
        explorer.players_slider.value = int(rng.choice(choices))
    elif kind == "cards":
        top = explorer.hand_slider.max
        choices = [c for c in range(1, top + 1) if c != explorer.hand_slider.value]
        explorer.hand_slider.value = int(rng.choice(choices))
    elif kind == "trump":
        choices = [v for _, v in explorer.trump_toggle.options if v != explorer.trump_toggle.value]
        explorer.trump_toggle.value = str(rng.choice(choices))
    elif kind == "policy":
        choices = [v for _, v in explorer.policy_toggle.options if v != explorer.policy_toggle.value]
        explorer.policy_toggle.value = str(rng.choice(choices))
    elif kind == "seat":
        choices = [s for s in range(explorer.seat_slider.max + 1) if s != explorer.seat_slider.value] or [0]
        explorer.seat_slider.value = int(rng.choice(choices))
    else:
        choices = [v for _, v in explorer.language_dropdown.options if v != explorer.language_dropdown.value]
        explorer.language_dropdown.value = str(rng.choice(choices))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60, help="slider moves to time (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sequence of moves (default 1)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds to wait before each move, as a person would (default 0: back to back)")
    args = parser.parse_args()

    from cardlab.widgets import OddsExplorer

    started = time.perf_counter()
    explorer = OddsExplorer(lang="sv")
    first = time.perf_counter() - started
    explorer.preparing.join()  # the work it does ahead while a person looks at the first chart
    prepared = time.perf_counter() - started - first
    rng = np.random.default_rng(args.seed)
    times: dict[str, list[float]] = {}
    cpu: list[float] = []
    for kind in moves(explorer, args.moves, rng):
        if args.think:
            time.sleep(args.think)  # a person looks at the chart before the next click
        before, before_cpu = time.perf_counter(), time.process_time()
        apply(explorer, kind, rng)
        times.setdefault(kind, []).append(time.perf_counter() - before)
        cpu.append(time.process_time() - before_cpu)
    every = [t for ts in times.values() for t in ts]

    def stats(values: list[float]) -> dict:
        return {"moves": len(values), "median": round(float(np.median(values)), 3),
                "p95": round(float(np.percentile(values, 95)), 3), "worst": round(max(values), 3)}

    print(f"first draw (compile or load the kernels, start the chart renderer): {first:.2f} s; "
          f"then {prepared:.2f} s of work ahead in the background (other languages, exact values)")
    for kind, values in sorted(times.items()):
        s = stats(values)
        print(f"{kind:9s} {s['moves']:3d} moves: median {s['median']:.3f} s, p95 {s['p95']:.3f} s, worst {s['worst']:.3f} s")
    total = stats(every)
    print(f"{'all':9s} {total['moves']:3d} moves: median {total['median']:.3f} s, p95 {total['p95']:.3f} s, "
          f"worst {total['worst']:.3f} s  (goal: p95 ≤ 0.5 s)")
    cpu_total = stats(cpu)
    print(f"{'cpu':9s} {cpu_total['moves']:3d} moves: median {cpu_total['median']:.3f} s, p95 {cpu_total['p95']:.3f} s, "
          f"worst {cpu_total['worst']:.3f} s  (CPU seconds of this process: what the wall clock shows on an idle machine)")
    print(json.dumps({"first_draw": round(first, 2), "prepared": round(prepared, 2), "all": total, "cpu": cpu_total,
                      **{k: stats(v) for k, v in times.items()}}))


if __name__ == "__main__":
    main()
