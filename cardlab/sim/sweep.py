"""Sweeps: a grid of Plump configurations × many rounds, in seeded chunks, on Dask.

A grid file (TOML)::

    game = "plump"
    rounds = 1_000_000      # rounds per configuration
    seed = 1
    chunk = 65536           # rounds per task (part of the seeding: keep it to reproduce a table)

    [rules]                 # options shared by every configuration
    scoring = "standard"

    [grid]                  # every combination is one configuration
    players = [3, 4, 5]
    cards = [1, 5, 10]
    trump = ["turned-up", "none"]
    policy = ["random", "heuristic"]

Configuration ``i`` gets child ``i`` of ``SeedSequence(seed)``; its chunk
``c`` gets child ``c`` of that, and each round stores a seed drawn from it.
Tasks return exact integer counts that are added in a fixed order, so the
table is identical for any number of workers (and equal to a serial run).

Dask is optional (``pip install "cardlab[cluster]"``); ``executor="serial"``
runs in this process without it.  The executor, :func:`run_tasks`, runs any
list of tasks the same way (``cardlab data build`` uses it too).

>>> grid = {"rounds": 3000, "chunk": 1000, "seed": 2, "grid": {"players": [3, 4], "cards": [1]}}
>>> table = run_sweep(grid, executor="serial", progress=False)
>>> table[["players", "cards", "seat_from_leader", "rounds"]].values.tolist()[:4]
[[3, 1, 0, 3000], [3, 1, 1, 3000], [3, 1, 2, 3000], [4, 1, 0, 3000]]
"""

from __future__ import annotations

import itertools
import sys

import numpy as np
import pandas as pd

from ..errors import RulesError
from .seeds import CHUNK, chunk_seeds, master_sequence

#: grid keys that are not PlumpRules options
SPECIAL_KEYS = ("cards", "policy", "dealer")


def check_grid(grid: dict) -> None:
    """Check the grid's own numbers and tables (the rules are checked by :func:`configurations`).

    >>> check_grid({"rounds": "abc"})
    Traceback (most recent call last):
    ...
    cardlab.errors.RulesError: The grid: rounds must be a whole number of at least 1, not 'abc'.
    >>> check_grid({"grid": {"players": []}})
    Traceback (most recent call last):
    ...
    cardlab.errors.RulesError: The grid: [grid] players is empty; give at least one value, e.g. players = [4].
    """
    for name, low in (("rounds", 1), ("chunk", 1), ("seed", 0)):
        if name in grid:
            value = grid[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise RulesError("sweep.whole_number", field=name, low=low, value=value)
    for name in ("rules", "grid"):
        if not isinstance(grid.get(name, {}), dict):
            raise RulesError("sweep.not_a_table", field=name)
    for name, values in grid.get("grid", {}).items():
        if isinstance(values, list) and not values:
            raise RulesError("sweep.empty_axis", field=name)


def load_grid(path) -> dict:
    """Read a grid file (TOML)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    with open(path, "rb") as fh:
        try:
            return tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise RulesError("rules.invalid", field=str(path), problem=f"not valid TOML ({exc}).") from None


def configurations(grid: dict) -> list[dict]:
    """Every combination of the ``[grid]`` values, merged over ``[rules]`` (checked now, before any work)."""
    from ..rules.plump import PlumpRules
    from .plump import make_setup

    allowed = {"game", "rounds", "seed", "chunk", "rules", "grid"}
    for key in grid:
        if key not in allowed:
            raise RulesError("rules.invalid", field=key, problem=f"a grid file has only {', '.join(sorted(allowed))}.")
    if grid.get("game", "plump") != "plump":
        raise RulesError("rules.invalid", field="game", problem="sweeps run Plump; use cardlab simulate for femkamp and rummy.")
    check_grid(grid)
    axes = grid.get("grid", {})
    keys = list(axes)
    values = [v if isinstance(v, list) else [v] for v in axes.values()]
    configs = []
    for combo in itertools.product(*values):
        config = {**grid.get("rules", {}), **dict(zip(keys, combo))}
        rule_opts = {k: v for k, v in config.items() if k not in SPECIAL_KEYS}
        rules = PlumpRules.from_dict(rule_opts)
        make_setup(rules, policy=config.get("policy", "random"), hand_size=config.get("cards"),
                   dealer=config.get("dealer"))
        configs.append(config)
    return configs


def _setup(config: dict):
    from ..rules.plump import PlumpRules
    from .plump import make_setup

    rules = PlumpRules.from_dict({k: v for k, v in config.items() if k not in SPECIAL_KEYS})
    return make_setup(rules, policy=config.get("policy", "random"), hand_size=config.get("cards"),
                      dealer=config.get("dealer"))


def run_chunk(config: dict, sequence: np.random.SeedSequence, start: int, size: int) -> dict:
    """One task: play ``size`` rounds of one configuration and return the per-seat counts (a plain dict)."""
    from .plump import PlumpCounts, kernel_batch, reference_batch

    setup = _setup(config)
    seeds = chunk_seeds(sequence, size)
    batch = kernel_batch if setup.kernel_ok else reference_batch
    arrays = batch(setup, seeds, start)
    counts = PlumpCounts(setup.rules.players, setup.hand_size)
    counts.add(arrays["bids"], arrays["tricks"], arrays["dealer"], setup.rules.scoring)
    return counts.to_dict()


def tasks(grid: dict) -> list[tuple[int, dict, np.random.SeedSequence, int, int]]:
    """``(configuration number, configuration, chunk SeedSequence, first round, rounds)`` for every task."""
    configs = configurations(grid)
    rounds = int(grid.get("rounds", 100_000))
    chunk = int(grid.get("chunk", CHUNK))
    if rounds < 1 or chunk < 1:
        raise RulesError("rules.invalid", field="rounds", problem="rounds and chunk must be at least 1.")
    n_chunks = -(-rounds // chunk)
    out = []
    for i, (config, child) in enumerate(zip(configs, master_sequence(grid.get("seed", 1)).spawn(len(configs)))):
        for c, seq in enumerate(child.spawn(n_chunks)):
            out.append((i, config, seq, c * chunk, min(chunk, rounds - c * chunk)))
    return out


def _table(configs: list[dict], results: list[list[dict]]) -> pd.DataFrame:
    from .plump import PlumpCounts, summary_table

    parts = []
    for config, counts_list in zip(configs, results):
        total = PlumpCounts.from_dict(counts_list[0])
        for more in counts_list[1:]:
            total = total.merge(PlumpCounts.from_dict(more))
        setup = _setup(config)
        table = summary_table(total, trump=setup.trump_label, policy=setup.policy_label)
        for key, value in config.items():
            if key not in table.columns and key != "cards":
                table.insert(0, key, str(value) if isinstance(value, list) else value)
        parts.append(table)
    return pd.concat(parts, ignore_index=True)


def _run_chunk_task(task: tuple) -> dict:
    """One item of :func:`tasks` → :func:`run_chunk` (a module-level function, so Dask can send it)."""
    _, config, seq, start, size = task
    return run_chunk(config, seq, start, size)


def run_sweep(grid: "dict | str", *, scheduler: str | None = None, workers: int | None = None, client=None,
              executor: str = "dask", processes: bool = True, progress=None) -> pd.DataFrame:
    """Run a grid (a dict or a TOML path); one summary row per configuration × seat from the leader.

    ``scheduler`` is the address of a running Dask scheduler; otherwise a
    local cluster with ``workers`` workers is started (and closed).  Scripts
    that start a local cluster need the ``if __name__ == "__main__":`` guard.
    """
    if not isinstance(grid, dict):
        grid = load_grid(grid)
    all_tasks = tasks(grid)
    configs = configurations(grid)
    show = bool(progress) if progress is not None else len(all_tasks) > 4
    counts = run_tasks(_run_chunk_task, all_tasks, executor=executor, scheduler=scheduler, workers=workers,
                       client=client, processes=processes, progress=show)
    grouped: list[list[dict]] = [[] for _ in configs]
    for (i, *_), result in zip(all_tasks, counts):
        grouped[i].append(result)
    table = _table(configs, grouped)
    table.attrs.update({"grid": grid, "tasks": len(all_tasks)})
    return table


def dask_available() -> bool:
    """True when ``dask.distributed`` can be imported (the ``cluster`` extra).

    >>> isinstance(dask_available(), bool)
    True
    """
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return False
    return True


def run_tasks(function, items, *, executor: str = "dask", scheduler: str | None = None, workers: int | None = None,
              client=None, processes: bool = True, progress=None, unit: str = "task") -> list:
    """Call ``function(item)`` for every item and return the results in the order of ``items``.

    ``executor="serial"`` runs them here, one after another, without Dask.
    ``executor="dask"`` sends them to ``client``, or to the running scheduler at
    ``scheduler`` (e.g. ``"tcp://host:8786"``), or to a local cluster of
    ``workers`` single-threaded workers (``processes=False``: threads in this
    process) that is started and closed here.  Items are submitted in the
    order given, so put the heaviest first for an even load; the results come
    back in that order whatever order they finish in.  ``function`` must be
    importable by the workers (a module-level function of an installed package).
    ``progress`` shows a ``tqdm`` bar (default: when there are more than 4 items).

    >>> run_tasks(abs, [-3, 1, -2], executor="serial", progress=False)
    [3, 1, 2]
    """
    from tqdm.auto import tqdm

    items = list(items)
    show = bool(progress) if progress is not None else len(items) > 4
    bar = tqdm(total=len(items), unit=unit, disable=not show, leave=False)
    try:
        if executor == "serial":
            results = []
            for item in items:
                results.append(function(item))
                bar.update()
            return results
        if executor == "dask":
            return _run_dask(function, items, scheduler, workers, client, processes, bar)
        raise RulesError("rules.invalid", field="executor", problem=f"choose dask or serial, not {executor!r}.")
    finally:
        bar.close()


def _run_dask(function, items, scheduler, workers, client, processes, bar) -> list:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:  # pragma: no cover - depends on the installation
        raise RulesError("rules.invalid", field="executor",
                         problem="Dask is not installed: pip install \"cardlab[cluster]\", or use executor=\"serial\".") from None
    own_cluster = own_client = None
    try:
        if client is None:
            if scheduler:
                try:
                    client = own_client = Client(scheduler)
                except OSError as exc:
                    raise RulesError("rules.invalid", field="scheduler",
                                     problem=f"no Dask scheduler answers at {scheduler} ({exc}).") from None
            else:
                own_cluster = LocalCluster(n_workers=workers or None, threads_per_worker=1, processes=processes,
                                           dashboard_address=None)
                client = own_client = Client(own_cluster)
        futures = [client.submit(function, item, pure=False) for item in items]
        for _ in as_completed(futures):
            bar.update()
        return client.gather(futures)
    finally:
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()
