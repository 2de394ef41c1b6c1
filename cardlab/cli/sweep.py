"""``cardlab sweep``: run a grid of Plump configurations on Dask and print one summary table.

::

    cardlab sweep examples/grid.toml                  # a local cluster, one worker per core
    cardlab sweep examples/grid.toml --workers 2 --out table.csv
    cardlab sweep examples/grid.toml --scheduler tcp://10.0.0.5:8786
    cardlab sweep examples/grid.toml --serial         # no Dask: run here, one chunk after another
    cardlab sweep --example > grid.toml               # print the example grid, to copy and edit

The grid file format is described in :mod:`cardlab.sim.sweep`; an example
ships with cardlab (``--example``).  The table is the same whatever the
number of workers.  A bad grid prints one line naming the field and writes no file.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from ..errors import RulesError
from .common import add_lang, check_out_file, positive, write_text
from .simulate import FORMATS, render


def example_grid() -> str:
    """The example grid file that ships with cardlab (``cardlab/examples/grid.toml``).

    >>> "[grid]" in example_grid()
    True
    """
    return (resources.files("cardlab") / "examples" / "grid.toml").read_text(encoding="utf-8")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("sweep", help="run a grid of simulations (Dask) and print the table",
                                   description=__doc__.split("\n\n")[0].replace("``", ""))
    parser.add_argument("grid", nargs="?", help="the grid file (TOML); see --example")
    parser.add_argument("--example", action="store_true", help="print the example grid file that ships with cardlab and stop")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (default: start a local cluster)")
    parser.add_argument("--workers", type=positive, default=None, help="workers of the local cluster (default: one per core)")
    parser.add_argument("--serial", action="store_true", help="run without Dask, in this process")
    parser.add_argument("--format", choices=FORMATS, default="csv", help="output format (default csv)")
    parser.add_argument("--out", metavar="FILE", help="write to this file instead of the screen (its folder must exist)")
    add_lang(parser)
    parser.set_defaults(run=run)


def run(args) -> int:
    from ..sim.sweep import load_grid, run_sweep, tasks
    from ..sim.warmup import ensure_compiled

    if args.example:
        sys.stdout.write(example_grid())
        return 0
    if args.grid is None:
        raise RulesError("cli.sweep.need_grid", field="grid")
    path = Path(args.grid)
    if path.is_dir():
        raise RulesError("cli.in_is_folder", field="grid", option="grid", path=str(path))
    if not path.is_file():
        raise RulesError("cli.no_such_file", field="grid", path=str(path))
    if args.serial and (args.scheduler or args.workers):
        raise RulesError("cli.sweep.serial_alone", field="--serial")
    check_out_file(args.out, example="table.csv")
    grid = load_grid(path)
    tasks(grid)  # every configuration checked before any work starts
    ensure_compiled("plump", progress=None if sys.stderr.isatty() else False)
    table = run_sweep(grid, scheduler=args.scheduler, workers=args.workers,
                      executor="serial" if args.serial else "dask", progress=None if sys.stderr.isatty() else False)
    text = render(table, args.format)
    if args.out:
        write_text(args.out, text)
    else:
        sys.stdout.write(text)
    return 0
