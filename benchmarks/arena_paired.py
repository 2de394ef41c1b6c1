"""Two arena runs on the same deals, compared deal by deal (a paired difference with its standard error).

    python benchmarks/arena_openspiel.py --sizes 4x5 --tiers search --seed 2031 --per-deal a.json
    python benchmarks/arena_openspiel.py --sizes 4x5 --tiers search --seed 2031 --per-deal b.json \\
        --option bid_method likeliest
    python benchmarks/arena_paired.py b.json a.json

Each file holds, per size and tier, every deal's difference to the ISMCTS-1000 field
(``arena_openspiel.py --per-deal``).  With the same ``--seed`` and ``--rounds`` the two runs share the
deals and the seatings, so the luck of the cards cancels in (first − second) deal by deal.  The
field is not the same player in both runs (it reacts to different moves, and OpenSpiel's ISMCTS is
not exactly repeatable between processes), so some noise remains.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np


def paired(first: list[float], second: list[float]) -> tuple[float, float, int]:
    """(mean of first − second, its standard error, deals).

    >>> [round(x, 3) for x in paired([1.0, 2.0, 3.0], [0.0, 2.0, 2.0])]
    [0.667, 0.333, 3]
    """
    if len(first) != len(second):
        raise ValueError(f"the runs have {len(first)} and {len(second)} deals: not the same deals")
    d = np.array(first) - np.array(second)
    se = float(d.std(ddof=1) / math.sqrt(len(d))) if len(d) > 1 else float("nan")
    return float(d.mean()), se, len(d)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument("--tier", default=None, help="the tier of the first file to compare (default: the only one)")
    parser.add_argument("--second-tier", default=None, help="the tier of the second file (default: the same)")
    args = parser.parse_args(argv)
    a, b = (json.loads(p.read_text()) for p in (args.first, args.second))
    if a["seed"] != b["seed"]:
        raise SystemExit(f"the runs have different seeds ({a['seed']}, {b['seed']}): not the same deals")
    print(f"first: {a['options']}, second: {b['options']}, seed {a['seed']}\n")
    print("| size | first − second (± SE) | z | deals |\n| --- | ---: | ---: | ---: |")
    for size in a["deals"]:
        if size not in b["deals"]:
            continue
        ta = args.tier or next(iter(a["deals"][size]))
        tb = args.second_tier or (ta if ta in b["deals"][size] else next(iter(b["deals"][size])))
        mean, se, n = paired(a["deals"][size][ta], b["deals"][size][tb])
        print(f"| {size.replace('x', '×')} | {mean:+.2f} ± {se:.2f} | {mean / se:+.1f} | {n} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
