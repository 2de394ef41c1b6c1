"""``cardlab data build``: make the tables in ``data/`` that the analysis notebooks chart.

::

    cardlab data build                      # every table, seed 2024, into data/
    cardlab data build --only plump_hook    # one table (the manifest keeps the others)
    cardlab data build --scale 0.1 --out /tmp/data   # a quick small version
    cardlab data build --scheduler tcp://host:8786   # on a running Dask cluster

Every table is listed in ``data/manifest.json`` with its rules fingerprints,
seed, rounds and the command that made it (see :mod:`cardlab.data_build`).
The work runs like ``cardlab sweep``: on a local Dask cluster of ``--workers``
processes, on a running cluster (``--scheduler``), or without Dask
(``--workers 1``, or when the ``cluster`` extra is not installed).
"""

from __future__ import annotations

import argparse

from ..data_build import DEFAULT_SEED, TABLES


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number such as 0.5, not {text!r}") from None
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(f"expected a number above 0 and at most 100, not {value:g}")
    return value


def _workers(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 worker, not {value}")
    return value


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("data", help="build the precomputed tables in data/",
                                   description=__doc__.split("\n\n")[0])
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    build = actions.add_parser("build", help="run the simulations and write data/*.csv and data/manifest.json")
    build.add_argument("--out", default="data", help="folder to write (default data)")
    build.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"master seed (default {DEFAULT_SEED})")
    build.add_argument("--scale", type=_scale, default=1.0, help="multiply rounds/games per configuration (default 1)")
    build.add_argument("--workers", type=_workers, default=2,
                       help="local worker processes (default 2; 1 runs without Dask)")
    build.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="address of a running Dask scheduler, e.g. tcp://host:8786 (needs cardlab[cluster])")
    build.add_argument("--only", action="append", choices=[t.name for t in TABLES], default=None,
                       help="build only this table (repeat for more)")
    build.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.set_defaults(run=run)


def run(args) -> int:
    from ..data_build import build

    manifest = build(args.out, seed=args.seed, scale=args.scale, workers=args.workers, only=args.only,
                     progress=not args.quiet, scheduler=args.scheduler)
    for name, table in manifest["tables"].items():
        print(f"{table['file']}: {table['rows']} rows, {table['configurations']} configurations")
    print(f"wrote {args.out}/manifest.json in {manifest['seconds']} s")
    return 0
