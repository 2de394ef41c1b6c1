"""Sweeps: seeded chunks give the same table for any number of workers."""

import pandas as pd
import pytest

from cardlab import RulesError
from cardlab.cli import main
from cardlab.sim.plump import simulate_plump
from cardlab.sim.sweep import configurations, run_sweep

GRID = {
    "rounds": 5000, "chunk": 1000, "seed": 7,
    "rules": {"scoring": "standard"},
    "grid": {"players": [3, 4], "cards": [1, 3], "trump": ["turned-up", "none"], "policy": ["random", "heuristic"]},
}


@pytest.fixture(scope="module")
def serial():
    return run_sweep(GRID, executor="serial", progress=False)


def test_grid_expands_to_every_combination(serial):
    assert len(configurations(GRID)) == 16
    assert len(serial) == 8 * 3 + 8 * 4  # one row per seat
    assert (serial.rounds == 5000).all()


@pytest.mark.parametrize("workers", [1, 2])
def test_dask_gives_the_same_table_for_any_number_of_workers(serial, workers):
    pytest.importorskip("dask.distributed")
    table = run_sweep(GRID, executor="dask", workers=workers, processes=False, progress=False)
    pd.testing.assert_frame_equal(table, serial)


def test_a_sweep_chunk_is_an_ordinary_simulation():
    """One configuration with a single chunk equals simulate(rows=False) with the same master stream."""
    import numpy as np

    from cardlab import PlumpRules

    grid = {"rounds": 2000, "chunk": 2000, "seed": 3, "grid": {"players": [4], "cards": [5]}}
    table = run_sweep(grid, executor="serial", progress=False)
    child = np.random.SeedSequence(3).spawn(1)[0]
    direct = simulate_plump(PlumpRules(players=4), rounds=2000, hand_size=5, rng=child, rows=False, progress=False)
    assert table.p_zero.tolist() == direct.p_zero.tolist()
    assert table.mean_score.tolist() == direct.mean_score.tolist()


def test_bad_grid_names_the_option(tmp_path, capsys):
    with pytest.raises(RulesError, match="players"):
        configurations({"grid": {"players": [9]}})
    with pytest.raises(RulesError, match="colour"):
        configurations({"grid": {"colour": ["red"]}})
    path = tmp_path / "grid.toml"
    path.write_text('rounds = 10\n[grid]\ntrump = ["sideways"]\n')
    assert main(["sweep", str(path), "--serial"]) == 2
    err = capsys.readouterr().err
    assert "trump" in err and err.count("\n") == 1


def test_cli_sweep_writes_csv(tmp_path):
    path = tmp_path / "grid.toml"
    path.write_text('rounds = 3000\nchunk = 1000\nseed = 1\n[grid]\nplayers = [3]\ncards = [2]\n')
    out = tmp_path / "table.csv"
    assert main(["sweep", str(path), "--serial", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    assert list(table.seat_from_leader) == [0, 1, 2] and (table.rounds == 3000).all()


def _square_late_for_early_items(n: int) -> int:
    """The first items take longest, so on two workers they finish after later ones."""
    import time

    time.sleep(0.02 * (8 - n))
    return n * n


def test_run_tasks_returns_results_in_the_order_of_the_items():
    from cardlab.sim.sweep import run_tasks

    items = list(range(8))
    assert run_tasks(_square_late_for_early_items, items, executor="serial", progress=False) == [n * n for n in items]
    pytest.importorskip("dask.distributed")
    on_dask = run_tasks(_square_late_for_early_items, items, workers=2, processes=False, progress=False)
    assert on_dask == [n * n for n in items]
    with pytest.raises(RulesError, match="executor"):
        run_tasks(abs, [1], executor="threads", progress=False)
