"""Building the tables: every configuration run (:func:`build`), each table written as CSV, and the manifest.

The configurations run through :func:`cardlab.sim.sweep.run_tasks`, serially or on a Dask cluster
(:func:`choose_executor`); each has its own seed, so the files are the same whichever way they run.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pandas as pd

from ..atomic import write_atomically
from ..data_files import user_data_dir
from .catalogue import TABLES, TABLES_BY_NAME
from .config import DEFAULT_SEED, Config
from .fingerprints import table_code

#: data files are written with this many decimals (the checks compare to within the last one)
DECIMALS = 6


def run_config(config: Config) -> pd.DataFrame:
    """The rows of one configuration, by its table's recipe."""
    return TABLES_BY_NAME[config.table].run(config)


def warm_up() -> None:
    """Compile the numba kernels once before work is split between processes."""
    from ..rules.femkamp import FemkampRules
    from ..rules.plump import PlumpRules
    from ..rules.rummy import RummyRules
    from ..sim import femkamp, rummy
    from ..sim.plump import summarize_plump

    seeds = np.arange(2, dtype=np.int64)
    for policy in ("random", "heuristic"):
        summarize_plump(PlumpRules(players=3), policy=policy, rounds=10, hand_size=2, rng=0, progress=False)
        femkamp.kernel_batch(FemkampRules(players=3), seeds, policy == "heuristic")
        rummy.kernel_batch(RummyRules(players=2, max_reshuffles=1), [policy] * 2, seeds, np.zeros(2, np.int64))


def command_line(seed: int, scale: float, only: list[str] | None = None, out: str | None = None) -> str:
    """The ``cardlab data build`` command that makes these tables (the manifest records it).

    >>> command_line(2024, 0.1, ["plump_hook"], "/tmp/data")
    'cardlab data build --seed 2024 --scale 0.1 --out /tmp/data --only plump_hook'
    """
    parts = ["cardlab data build", f"--seed {seed}"]
    if scale != 1.0:
        parts.append(f"--scale {scale:g}")
    if out is not None:
        parts.append(f"--out {out}")
    for name in only or []:
        parts.append(f"--only {name}")
    return " ".join(parts)


def choose_executor(workers: int, scheduler: str | None = None, client=None) -> str:
    """``"dask"`` or ``"serial"``: how :func:`build` runs its configurations.

    A scheduler address or a client means Dask (an error naming the
    ``cluster`` extra if it is missing); one worker means serial; more workers
    mean a local Dask cluster when Dask is installed, and serial otherwise.

    >>> choose_executor(1)
    'serial'
    """
    from ..sim.sweep import dask_available

    if scheduler or client is not None:
        return "dask"
    if workers <= 1 or not dask_available():
        return "serial"
    return "dask"


def build(out: "str | Path | None" = None, *, seed: int = DEFAULT_SEED, scale: float = 1.0, workers: int = 2,
          only: list[str] | None = None, progress: bool = False, scheduler: str | None = None, client=None,
          processes: bool = True) -> dict:
    """Run every configuration of every table (or only the tables named) and write CSVs and the manifest.

    ``scale`` multiplies the rounds/games per configuration (1.0 for the shipped data).
    The configurations run through :func:`cardlab.sim.sweep.run_tasks`, heaviest
    first: on the Dask cluster at ``scheduler`` (or ``client``), else on a
    local cluster of ``workers`` processes (threads with ``processes=False``),
    else one after another (``workers=1``, or Dask not installed); see
    :func:`choose_executor`.  Each configuration has its own seed, so the
    files are the same whichever way they are run.  Returns the manifest as a dict.
    The tables go to ``out``, else to your data folder
    (:func:`cardlab.data_files.user_data_dir`), where :func:`cardlab.load_table` finds them.
    """
    shown_out = None if out is None else str(out)
    out = Path(out) if out is not None else user_data_dir()
    out.mkdir(parents=True, exist_ok=True)
    names = only or [t.name for t in TABLES if not t.explicit]
    unknown = [n for n in names if n not in TABLES_BY_NAME]
    if unknown:
        from ..errors import RulesError

        raise RulesError("rules.invalid", field="only", problem=f"no table {unknown[0]!r}; choose from {', '.join(TABLES_BY_NAME)}.")
    configs = [c for n in names for c in TABLES_BY_NAME[n].configs(seed, scale)]
    started = time.perf_counter()
    executor = choose_executor(workers, scheduler, client)
    if not scheduler and client is None:
        warm_up()  # compile (and cache) the numba kernels once, before local workers start
    order = sorted(range(len(configs)), key=lambda i: -configs[i].cost)
    from ..sim.sweep import run_tasks

    ordered = run_tasks(run_config, [configs[i] for i in order], executor=executor, scheduler=scheduler, workers=workers,
                        client=client, processes=processes, progress=progress, unit="configuration")
    results: dict[int, pd.DataFrame] = dict(zip(order, ordered))
    manifest_path = out / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"tables": {}}
    # a full build starts afresh but keeps the entries of the tables built only when named
    keep = {t.name for t in TABLES if t.explicit and t.name not in names} if not only else set(manifest["tables"])
    manifest["tables"] = {k: v for k, v in manifest["tables"].items() if k in keep}
    for name in names:
        spec = TABLES_BY_NAME[name]
        frames = [results[i] for i, c in enumerate(configs) if c.table == name]
        df = pd.concat(frames, ignore_index=True)
        write_atomically(out / spec.file, df.to_csv(index=False, float_format=f"%.{DECIMALS}f"))
        table_configs = [c for c in configs if c.table == name]
        rules = {}
        for c in table_configs:
            r = c.rules_object()
            rules[r.fingerprint()] = r.to_dict()
            for changes in spec.rule_variants:
                variant = r.replace(**changes)
                rules[variant.fingerprint()] = variant.to_dict()
        manifest["tables"][name] = {
            "file": spec.file, "game": spec.game, "description": spec.description, "unit": spec.unit,
            "rows": int(len(df)), "columns": list(df.columns), "configurations": len(table_configs),
            "per_configuration": sorted({c.count for c in table_configs}),
            "rows_per_configuration": sorted({int(len(results[i])) for i, c in enumerate(configs) if c.table == name}),
            "bytes": (out / spec.file).stat().st_size,
            "config_keys": list(spec.keys), "rules": rules,
            "command": command_line(seed, scale, [name], shown_out),
            "code": table_code(spec),
        }
    manifest.update({"seed": seed, "scale": scale, "command": command_line(seed, scale, None, shown_out),
                     "seeding": "each configuration: numpy SeedSequence([seed, crc32(key)]) -> the row's `seed`; "
                                "rounds/games inside it: cardlab.sim.seeds.round_seeds(seed, count)"})
    manifest["tables"] = {k: manifest["tables"][k] for k in sorted(manifest["tables"], key=lambda n: [t.name for t in TABLES].index(n))}
    write_atomically(manifest_path, json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    # (a new bidding table needs no cache clearing: it is part of the compiled kernels' fingerprint,
    # so the next process compiles them afresh in a folder of their own; see cardlab.kernels._numba)
    manifest["seconds"] = round(time.perf_counter() - started, 1)
    return manifest
