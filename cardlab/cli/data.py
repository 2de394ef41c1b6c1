"""``cardlab data build``: make the data tables that the analysis notebooks chart.

::

    cardlab data build                      # every table, seed 2024, into your data folder
    cardlab data build --only plump_hook    # one table (the manifest keeps the others)
    cardlab data build --scale 0.1 --out /tmp/data   # a quick small version, in a folder of your choice
    cardlab data build --scheduler tcp://host:8786   # on a running Dask cluster
    cardlab data build --out cardlab/data   # the tables shipped with cardlab (what ``make data`` runs)

Without ``--out`` the tables go to your data folder (``$CARDLAB_DATA_DIR``,
else ``~/.local/share/cardlab/tables`` on Linux), where
:func:`cardlab.load_table` finds them before the shipped ones; see
:mod:`cardlab.data_files`.  Every table is listed in ``manifest.json`` with
its rules fingerprints, seed, rounds and the command that made it (see
:mod:`cardlab.data_build`).  The work runs like ``cardlab sweep``: on a local
Dask cluster of ``--workers`` processes, on a running cluster
(``--scheduler``), or without Dask (``--workers 1``, or when the ``cluster``
extra is not installed).  If the build fails, a folder it made is removed again.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from ..data_build import DEFAULT_SEED, TABLES
from ..i18n import tr
from .common import add_lang, check_out_folder, positive, seed


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(tr("cli.number_range", low=0, high=100, value=text))
    return value


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("data", help="build the data tables the analysis notebooks chart",
                                   description=__doc__.split("\n\n")[0])
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    build = actions.add_parser("build", help="run the simulations and write the tables (*.csv) and manifest.json",
                               description="Run the simulations and write the tables and manifest.json.")
    build.add_argument("--out", metavar="FOLDER", default=None,
                       help="folder to write (default: your data folder, $CARDLAB_DATA_DIR or "
                            "~/.local/share/cardlab/tables)")
    build.add_argument("--seed", type=seed, default=DEFAULT_SEED, help=f"master seed, 0 or more (default {DEFAULT_SEED})")
    build.add_argument("--scale", type=_scale, default=1.0, help="multiply rounds/games per configuration (default 1)")
    build.add_argument("--workers", type=positive, default=2,
                       help="local worker processes (default 2; 1 runs without Dask)")
    build.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="address of a running Dask scheduler, e.g. tcp://host:8786 (needs cardlab[cluster])")
    build.add_argument("--only", action="append", choices=[t.name for t in TABLES], default=None,
                       help="build only this table (repeat for more)")
    build.add_argument("--quiet", action="store_true", help="print only the summary")
    add_lang(build)
    parser.set_defaults(run=run)


def _first_missing(folder: Path) -> Path | None:
    """The outermost folder of ``folder``'s path that does not exist yet (None if it all exists)."""
    missing = None
    for candidate in [folder, *folder.parents]:
        if candidate.exists():
            break
        missing = candidate
    return missing


def run(args) -> int:
    from ..data_build import build
    from ..data_files import user_data_dir

    out = check_out_folder(Path(args.out) if args.out is not None else user_data_dir())
    made = _first_missing(out.resolve())
    try:
        manifest = build(args.out, seed=args.seed, scale=args.scale, workers=args.workers, only=args.only,
                         progress=not args.quiet, scheduler=args.scheduler)
    except BaseException:
        if made is not None:  # leave nothing behind: the folders this run created go again
            shutil.rmtree(made, ignore_errors=True)
        raise
    for name, table in manifest["tables"].items():
        print(f"{table['file']}: {table['rows']} rows, {table['configurations']} configurations")
    print(f"wrote {out}/manifest.json in {manifest['seconds']} s")
    return 0
