"""The tables measured by a benchmark rather than built here (:data:`MEASUREMENTS`), listed in the manifest.

>>> sorted(MEASUREMENTS)
['strength_arena']
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from ..atomic import write_atomically
from ..data_files import MEASURED, shipped_dir

#: tables measured by a benchmark, not built here: each row names the command that made it
MEASUREMENTS = {
    "strength_arena": (
        "Bot strength in OpenSpiel's oh_hell (one round: trump turned up, hook on, 1 per trick + 10 for an exact "
        "bid): a cardlab tier head to head against OpenSpiel's ISMCTS (against), on the same deals with the seats "
        "rotated. One row per run x size x tier: diff = the tier's mean score per round minus the field's in the "
        "same seats (se: standard error over deals, z), exact_bids, zero_bids_failed, CPU ms per decision beside "
        "the field's. seed 'pooled': the runs of pooled_seeds pooled by benchmarks/arena_pool.py (plumpbot against "
        "ismcts-300 taken deal by deal). openspiel: the release; command: what made the row (run from the "
        "repository's folder); recorded: what wrote it (benchmarks/arena_openspiel.py --table for a run, "
        "benchmarks/arena_pool.py --table for the pooled rows)."),
}


def record_measurements(out: "str | Path | None" = None) -> dict:
    """List the measured tables (:data:`MEASUREMENTS`) in the manifest: file, rows, columns, bytes, the commands."""
    folder = Path(out) if out is not None else shipped_dir()
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    entries = {}
    for name, description in MEASUREMENTS.items():
        file = folder / MEASURED[name]
        df = pd.read_csv(file)
        entries[name] = {"file": MEASURED[name], "description": description, "rows": int(len(df)),
                         "columns": list(df.columns), "bytes": file.stat().st_size,
                         "commands": sorted(set(df.command)),
                         "command": "python benchmarks/arena_openspiel.py ... --table cardlab/data/strength_arena.csv"}
    manifest["measurements"] = entries
    write_atomically(path, json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    return manifest
