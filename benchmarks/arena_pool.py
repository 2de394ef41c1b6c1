"""Arena runs on different deals pooled: every tier's difference to the field over all their deals.

    python benchmarks/arena_openspiel.py --sizes 4x5 --seed 2041 --tiers search plumpbot ismcts-300 --per-deal a.json
    python benchmarks/arena_openspiel.py --sizes 4x5 --seed 2043 --tiers search plumpbot ismcts-300 --per-deal b.json
    python benchmarks/arena_pool.py a.json b.json --minus plumpbot ismcts-300

Each file holds, per size and tier, every deal's difference to the ISMCTS-1000 field
(``arena_openspiel.py --per-deal``).  Runs with different ``--seed`` play different deals, so the
deals of all files are independent and the pooled standard error is taken over all of them (one
deal, all its seats, is one observation, as in the arena).  Files with the same seed would count
the same deals twice: that is refused.  ``--minus A B`` also pools tier A − tier B deal by deal
(both met the same field on the same deals of a run), e.g. PlumpBot against ISMCTS-300.

``--table cardlab/data/strength_arena.csv`` adds the pooled rows to the strength table (seed
``pooled``, the seeds in ``pooled_seeds``, this command; a rerun replaces its own rows).  Each
file's run must already be in the table (``arena_openspiel.py --per-deal FILE --table ...``): its
rows give the OpenSpiel release, which must be one for all files.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_openspiel import parse_size, write_table  # noqa: E402  (needs no OpenSpiel)


def pooled(values: list[float]) -> tuple[float, float, int]:
    """(mean, its standard error, deals) over independent deals.

    >>> [round(x, 3) for x in pooled([1.0, 2.0, 3.0, 2.0])]
    [2.0, 0.408, 4]
    """
    n = len(values)
    mean = sum(values) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else float("nan")
    return mean, se, n


def collect(runs: list[dict], minus: tuple[str, str] | None = None) -> dict[tuple[str, str], list[float]]:
    """Every deal's difference per (size, tier) over all runs; with ``minus`` also (size, "A − B").

    >>> runs = [{"seed": 1, "deals": {"4x5": {"search": [1.0, 0.0], "plumpbot": [-1.0, 0.0]}}},
    ...         {"seed": 2, "deals": {"4x5": {"search": [2.0], "plumpbot": [0.5]}}}]
    >>> collect(runs, minus=("search", "plumpbot"))
    {('4x5', 'search'): [1.0, 0.0, 2.0], ('4x5', 'plumpbot'): [-1.0, 0.0, 0.5], ('4x5', 'search − plumpbot'): [2.0, 0.0, 1.5]}
    """
    out: dict[tuple[str, str], list[float]] = {}
    for run in runs:
        for size, tiers in run["deals"].items():
            for tier, diffs in tiers.items():
                out.setdefault((size, tier), []).extend(diffs)
            if minus and minus[0] in tiers and minus[1] in tiers:
                a, b = tiers[minus[0]], tiers[minus[1]]
                if len(a) != len(b):
                    raise ValueError(f"{minus[0]} and {minus[1]} played {len(a)} and {len(b)} deals at {size}")
                out.setdefault((size, f"{minus[0]} − {minus[1]}"), []).extend(x - y for x, y in zip(a, b))
    return out


def release_of(table: list[dict], files: list[Path]) -> str:
    """The OpenSpiel release of the runs that wrote ``files`` (their rows in the strength table name the file).

    >>> rows = [{"openspiel": "1.6.15", "command": "python benchmarks/arena_openspiel.py --per-deal a.json --table t.csv"}]
    >>> release_of(rows, [Path("a.json")])
    '1.6.15'
    """
    releases = set()
    for path in files:
        found = {r["openspiel"] for r in table if f"--per-deal {path.name} " in r["command"] + " "}
        if not found:
            raise SystemExit(f"no row of the strength table was written with --per-deal {path.name}: run it with --table first")
        releases |= found
    if len(releases) != 1:
        raise SystemExit(f"the runs used different OpenSpiel releases ({', '.join(sorted(releases))}): pool one release")
    return releases.pop()


def pooled_rows(runs: list[dict], minus, *, release: str, command: str, date: str) -> list[dict]:
    """The pooled figures as rows of the strength table: every tier against the field, and ``A − B`` as A against B.

    >>> runs = [{"seed": 1, "deals": {"4x5": {"search": [1.0, 0.0]}}}, {"seed": 2, "deals": {"4x5": {"search": [2.0]}}}]
    >>> row, = pooled_rows(runs, None, release="1.6.15", command="python benchmarks/arena_pool.py", date="2026-12-02")
    >>> row["rounds"], row["diff"], row["se"], row["pooled_seeds"], row["against"]
    (12, 1.0, 0.58, '1 2', 'ismcts-1000')
    """
    out = []
    for (size, tier), values in collect(runs, minus).items():
        mean, se, n = pooled(values)
        players, cards = parse_size(size)
        seeds = sorted({run["seed"] for run in runs if size in run["deals"]})
        a, _, b = tier.partition(" − ")
        out.append({"openspiel": release, "date": date, "players": players, "cards": cards, "seed": "pooled",
                    "tier": a, "against": b or "ismcts-1000", "rounds": n * players, "mean_score": "",
                    "diff": round(mean, 2), "se": round(se, 2), "z": round(mean / se, 1), "exact_bids": "",
                    "zero_bids_failed": "", "ms_per_decision": "", "field_ms": "",
                    "pooled_seeds": " ".join(str(x) for x in seeds), "command": command, "recorded": "arena_pool.py --table"})
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", type=Path, nargs="+", help="--per-deal files of arena runs with different seeds")
    parser.add_argument("--minus", nargs=2, metavar=("A", "B"), default=None,
                        help="also pool tier A − tier B deal by deal, e.g. plumpbot ismcts-300")
    parser.add_argument("--table", type=Path, default=None,
                        help="add the pooled rows to this strength table (cardlab/data/strength_arena.csv)")
    args = parser.parse_args(argv)
    runs = [json.loads(p.read_text()) for p in args.files]
    seen: dict[tuple[int, str], Path] = {}
    for path, run in zip(args.files, runs):
        for size in run["deals"]:
            key = (run["seed"], size)
            if key in seen:
                raise SystemExit(f"{seen[key]} and {path} both hold seed {run['seed']} at {size}: the same deals twice")
            seen[key] = path
    print("| size | tier | deals | vs field (± SE) | z |\n| --- | --- | ---: | ---: | ---: |")
    for (size, tier), values in collect(runs, tuple(args.minus) if args.minus else None).items():
        mean, se, n = pooled(values)
        print(f"| {size.replace('x', '×')} | {tier} | {n} | {mean:+.2f} ± {se:.2f} | {mean / se:+.1f} |")
    if args.table is not None:
        with args.table.open(newline="") as f:
            table = list(csv.DictReader(f))
        command = " ".join(["python", "benchmarks/arena_pool.py", *(argv if argv is not None else sys.argv[1:])])
        rows = pooled_rows(runs, tuple(args.minus) if args.minus else None, release=release_of(table, args.files),
                           command=command, date=datetime.date.today().isoformat())
        write_table(args.table, rows)                  # the arena's own writer: a rerun replaces its rows
        print(f"{len(rows)} pooled rows written to {args.table}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
