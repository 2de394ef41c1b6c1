"""How often do Rummy bots go out?  1,000 seeded 3-player rounds per policy.

Prints, per policy, the share of rounds that end with a player going out
(with a 95% Wilson interval), the mean round length in turns and the speed.
Every round ``i`` is dealt from seed ``i`` (dealer ``i % 3``), so any row can
be replayed as a single round.

    .venv/bin/python benchmarks/rummy_bots.py            # 1,000 rounds per policy
    .venv/bin/python benchmarks/rummy_bots.py --rounds 200

``--search`` measures RummySearchBot against RummyBot instead: in round ``r`` (dealt from seed
``seed + r``, dealer ``r % 3``, classic rules) seat ``r % 3`` is the search bot and the other two
play RummyBot; the same round is played again with RummyBot in that seat too.  The difference of
that seat's penalty points (heuristic − search; positive: the search bot pays less) is reported
with its standard error and z, with how often that seat went out, and the search bot's
milliseconds per decision::

    .venv/bin/python benchmarks/rummy_bots.py --search --rounds 1000 [--rollouts 6000] [--seed 0] [--jobs 2]

Each round is seeded by itself alone, so ``--jobs`` splits the rounds over processes and gives
the same figures; a progress bar shows the rounds done.
"""

from __future__ import annotations

import argparse
import math
import time

from cardlab import RummyRules, play_out
from cardlab.bots.rummy import RummyBot, RummyRandomBot
from cardlab.bots.rummy_search import RummySearchBot
from cardlab.games.rummy import RummyRound
from cardlab.sim.rummy import SIMULATION_RESHUFFLES


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


def play_pair(r: int, seed: int, rollouts: int, options: dict, max_reshuffles: int | None = SIMULATION_RESHUFFLES) -> dict:
    """Round ``r`` twice: seat ``r % 3`` is RummySearchBot, then RummyBot, against two RummyBots.

    The rules name the simulations' reshuffle limit: some rounds never end under the classic rules
    (seed 396: every hand down to one card and nothing left that fits the table, so nobody can meld or
    lay off again); past the limit the round ends with no winner and every hand is scored.
    Every round is seeded by ``seed + r`` alone (the deal and the search bot's ``rng``), so a run
    gives the same figures whatever ``--jobs`` it is split over.  Also counts how often the search
    bot left RummyBot's move: in the draw (taking the discard pile's top card where RummyBot draws
    from the stock, or the other way round) and in the discard.
    """
    rules = RummyRules(max_reshuffles=max_reshuffles)
    hero = r % rules.players
    search = RummySearchBot(rng=seed * 100_003 + r, rollouts=rollouts, **options)
    penalties, outs = [], []
    seconds, decisions = 0.0, 0
    changed = {"pile": 0, "stock": 0, "discard": 0}
    for use_search in (True, False):
        rnd = RummyRound.deal(rules, dealer=r % rules.players, rng=seed + r, seed=seed + r)
        while not rnd.is_over:
            view = rnd.view(rnd.to_move)
            if use_search and rnd.to_move == hero:
                start = time.perf_counter()
                decision = search.decide(view)
                act = decision.action
                seconds += time.perf_counter() - start
                decisions += 1
                if decision.reason.key == "rummy.search.move":
                    changed["discard" if view.phase != "draw" else act.source.replace("discard", "pile")] += 1
            else:
                act = RummyBot().choose(view)
            rnd.apply(act)
        penalties.append(rnd.scores()[hero])
        outs.append(rnd.winner == hero)
    return {"round": r, "diff": penalties[1] - penalties[0], "out_search": outs[0], "out_heuristic": outs[1],
            "seconds": seconds, "decisions": decisions, "changed": changed}


def _play_pair_star(args: tuple) -> dict:
    return play_pair(*args)


def search_against_heuristic(rounds: int, seed: int, rollouts: int, jobs: int = 1, progress: bool = True,
                             max_reshuffles: int | None = SIMULATION_RESHUFFLES, log=None, **options) -> dict:
    """Every round of :func:`play_pair`, over ``jobs`` processes, with a progress bar.

    ``options`` go to RummySearchBot (``max_turns``, ``margin``, ``width``, ``time_ms``, ``draws``).
    ``log``, a writable text file, gets one JSON line per round as it finishes.
    """
    import json

    import numpy as np
    from tqdm.auto import tqdm

    tasks = [(r, seed, rollouts, options, max_reshuffles) for r in range(rounds)]
    with tqdm(total=rounds, unit="round", disable=not progress, leave=False) as bar:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                results = []
                for result in pool.imap_unordered(_play_pair_star, tasks, chunksize=2):
                    results.append(result)
                    bar.update()
                    if log is not None:
                        log.write(json.dumps(result) + "\n")
                        log.flush()
        else:
            results = []
            for task in tasks:
                results.append(play_pair(*task))
                bar.update()
                if log is not None:
                    log.write(json.dumps(results[-1]) + "\n")
                    log.flush()
    results.sort(key=lambda result: result["round"])
    changed = {key: sum(result["changed"][key] for result in results) for key in ("pile", "stock", "discard")}
    decisions = sum(result["decisions"] for result in results)
    seconds = sum(result["seconds"] for result in results)
    return {"diffs": np.array([result["diff"] for result in results], float),
            "out_search": sum(result["out_search"] for result in results) / rounds,
            "out_heuristic": sum(result["out_heuristic"] for result in results) / rounds,
            "ms": 1000 * seconds / max(1, decisions), "rules": RummyRules(max_reshuffles=max_reshuffles),
            "changed": changed,
            "decisions": decisions}


def report_search(data: dict, rounds: int, seed: int, rollouts: int, seconds: float, **options) -> None:
    d = data["diffs"]
    mean, se = float(d.mean()), float(d.std(ddof=1) / math.sqrt(len(d)))
    rules = data["rules"]
    extra = "".join(f", {k}={v}" for k, v in options.items() if v is not None)
    print(f"RummySearchBot(rollouts={rollouts}{extra}) vs RummyBot, 3 players, rules {rules.fingerprint()} "
          f"({rules.changed_options() or 'classic'}), {rounds} rounds, seeds {seed}..{seed + rounds - 1}, "
          f"seats rotated; positive = the search bot pays fewer penalty points")
    print(f"  penalty per round: {mean:+.3f} ± {se:.3f} (SE)   z = {mean / se if se > 0 else float('inf'):+.1f}   "
          f"went out {data['out_search']:.1%} (heuristic in that seat {data['out_heuristic']:.1%})   "
          f"{data['ms']:.1f} ms per decision   ({seconds:.0f} s)")
    c = data["changed"]
    print(f"  left RummyBot's move in {sum(c.values())} of {data['decisions']} decisions: took the discard pile "
          f"{c['pile']}, drew from the stock instead {c['stock']}, another discard {c['discard']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--search", action="store_true", help="RummySearchBot against RummyBot instead")
    parser.add_argument("--rollouts", type=int, default=6000, help="the search bot's play-outs per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first round (search run)")
    parser.add_argument("--max-turns", type=int, default=None, help="the search bot's play-out horizon in turns")
    parser.add_argument("--margin", type=float, default=None, help="standard errors a move must save to leave RummyBot's")
    parser.add_argument("--width", type=int, default=None, help="discards tried (RummyBot's best first)")
    parser.add_argument("--time-ms", type=float, default=None, help="a time budget per decision instead of --rollouts")
    parser.add_argument("--draws", action="store_true", help="the search bot searches the draw too")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the search run (same figures for any number)")
    parser.add_argument("--per-round", metavar="FILE", help="write each round's result as a JSON line as it finishes (search run)")
    parser.add_argument("--max-reshuffles", type=int, default=SIMULATION_RESHUFFLES,
                        help="the search run's reshuffle limit (some rounds can never end without one)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.search:
        options = {k: v for k, v in (("max_turns", args.max_turns), ("margin", args.margin), ("width", args.width),
                                     ("time_ms", args.time_ms), ("draws", args.draws or None)) if v is not None}
        start = time.perf_counter()
        log = open(args.per_round, "w") if args.per_round else None
        try:
            data = search_against_heuristic(args.rounds, args.seed, args.rollouts, jobs=args.jobs,
                                            progress=not args.no_progress, max_reshuffles=args.max_reshuffles,
                                            log=log, **options)
        finally:
            if log is not None:
                log.close()
        report_search(data, args.rounds, args.seed, args.rollouts, time.perf_counter() - start, **options)
        return 0
    rules = RummyRules(max_reshuffles=SIMULATION_RESHUFFLES)  # simulations name their reshuffle limit
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
