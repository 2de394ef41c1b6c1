"""How fast does the friendly PlumpBot decide, in Python and as its compiled twin?

    python benchmarks/plumpbot_speed.py                 # 4×5, 4×10 and 3×7
    python benchmarks/plumpbot_speed.py --sizes 4x10 --rounds 200000

*Kernel twin*: whole rounds with the heuristic policy at every seat
(:func:`cardlab.sim.plump.kernel_batch`: dealing, bidding, play and scoring, one thread); the CPU
time divided by the decisions made (one bid per seat and one card per seat and trick), so the
figure is an upper bound for a decision alone.

*Python bot*: rounds played by the engine with ``PlumpBot`` at every seat; only the time spent in
``PlumpBot.decide`` (the seat's view already built) is counted.

CPU time of this one thread (``time.thread_time``), so other work on the machine changes it little.
"""

from __future__ import annotations

import argparse
import time


def kernel_ms(players: int, cards: int, rounds: int) -> float:
    from cardlab import PlumpRules
    from cardlab.sim.plump import kernel_batch, make_setup
    from cardlab.sim.seeds import round_seeds

    setup = make_setup(PlumpRules(players=players), policy="heuristic", hand_size=cards, dealer="rotate")
    kernel_batch(setup, round_seeds(0, 100))  # compile / load
    seeds = round_seeds(1, rounds)
    t = time.thread_time()
    kernel_batch(setup, seeds)
    return (time.thread_time() - t) * 1000 / (rounds * players * (cards + 1))


def python_ms(players: int, cards: int, rounds: int) -> float:
    import numpy as np

    from cardlab import PlumpBot, PlumpRound, PlumpRules

    bot, rules = PlumpBot(), PlumpRules(players=players)
    rng = np.random.default_rng(1)
    spent, decisions = 0.0, 0
    for i in range(rounds):
        rnd = PlumpRound.deal(rules, hand_size=cards, dealer=i % players, rng=rng)
        while not rnd.is_over:
            view = rnd.view(rnd.to_move)
            t = time.thread_time()
            action = bot.decide(view).action
            spent += time.thread_time() - t
            decisions += 1
            rnd.apply(action)
    return spent * 1000 / decisions


def main(argv=None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["4x5", "4x10", "3x7"])
    parser.add_argument("--rounds", type=int, default=100_000, help="kernel rounds per size (default 100000)")
    parser.add_argument("--python-rounds", type=int, default=300, help="engine rounds per size (default 300)")
    args = parser.parse_args(argv)
    rows = []
    print("| size | kernel twin ms per decision | PlumpBot.decide ms per decision |")
    print("| --- | ---: | ---: |")
    for size in args.sizes:
        players, cards = (int(x) for x in size.split("x"))
        k = kernel_ms(players, cards, args.rounds)
        p = python_ms(players, cards, args.python_rounds)
        rows.append({"size": size, "kernel_ms": k, "python_ms": p})
        print(f"| {players}×{cards} | {k:.5f} | {p:.3f} |", flush=True)
    return rows


if __name__ == "__main__":
    main()
