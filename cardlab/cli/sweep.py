"""``cardlab sweep``: run a grid of Plump configurations on Dask and print one summary table.

::

    cardlab sweep grid.toml                       # a local cluster, one worker per core
    cardlab sweep grid.toml --workers 2 --out table.csv
    cardlab sweep grid.toml --scheduler tcp://10.0.0.5:8786
    cardlab sweep grid.toml --serial              # no Dask: run here, one chunk after another

The grid file format is described in :mod:`cardlab.sim.sweep`.  The table is
the same whatever the number of workers.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import RulesError
from .simulate import FORMATS, _positive, render


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("sweep", help="run a grid of simulations (Dask) and print the table",
                                   description=__doc__.split("\n\n")[0].replace("``", ""))
    parser.add_argument("grid", help="the grid file (TOML)")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (default: start a local cluster)")
    parser.add_argument("--workers", type=_positive, default=None, help="workers of the local cluster (default: one per core)")
    parser.add_argument("--serial", action="store_true", help="run without Dask, in this process")
    parser.add_argument("--format", choices=FORMATS, default="csv", help="output format (default csv)")
    parser.add_argument("--out", help="write to this file instead of the screen")
    parser.set_defaults(run=run)


def run(args) -> int:
    from ..sim.sweep import load_grid, run_sweep

    path = Path(args.grid)
    if not path.is_file():
        raise RulesError("rules.invalid", field="grid", problem=f"no grid file at {path}.")
    if args.serial and (args.scheduler or args.workers):
        raise RulesError("rules.invalid", field="--serial", problem="--serial runs without Dask: leave out --scheduler and --workers.")
    table = run_sweep(load_grid(path), scheduler=args.scheduler, workers=args.workers,
                      executor="serial" if args.serial else "dask", progress=None if sys.stderr.isatty() else False)
    text = render(table, args.format)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
