"""The one run driver: the reference engine and the kernels walk the same seeds, bars count items."""

from __future__ import annotations

import pytest

from cardlab.sim import simulate
from cardlab.sim.engine_runs import run_seeds
from cardlab.sim.runs import run_chunks, run_each
from cardlab.sim.seeds import CHUNK


def _first_seeds(frame, key):
    return [int(s) for s in frame.drop_duplicates(key)["seed"]]


@pytest.mark.parametrize("game, key, size", [("femkamp", "game", {"games": 7}), ("rummy", "round", {"rounds": 7})])
def test_reference_engine_and_kernel_play_the_same_seeds(game, key, size):
    reference = simulate(game, rng=41, progress=False, engine="reference", **size)
    kernel = simulate(game, rng=41, progress=False, **size)
    assert reference.attrs["engine"] == "reference" and kernel.attrs["engine"] == "kernel"
    assert _first_seeds(reference, key) == _first_seeds(kernel, key)


def test_run_each_walks_the_seeds_of_run_chunks_across_a_chunk_boundary():
    total = CHUNK + 3
    chunked = [int(s) for _, seeds, _ in run_chunks(lambda start, seeds: None, total, rng=5) for s in seeds]
    one_by_one = list(run_each(lambda index, seed: seed, total, rng=5))
    assert one_by_one == chunked
    assert list(run_each(lambda index, seed: index, total, rng=5))[CHUNK - 1:CHUNK + 2] == [CHUNK - 1, CHUNK, CHUNK + 1]


def test_run_each_bar_counts_one_tick_per_item(monkeypatch):
    import tqdm.auto

    ticks = []

    class Bar:
        def __init__(self, total, **kwargs):
            self.total = total

        def update(self, n):
            ticks.append(n)

        def close(self):
            ticks.append("closed")

    monkeypatch.setattr(tqdm.auto, "tqdm", Bar)
    assert len(list(run_each(lambda index, seed: index, 4, rng=1, progress=True))) == 4
    assert ticks == [1, 1, 1, 1, "closed"]


def test_run_seeds_flattens_each_items_rows_in_order():
    rows = run_seeds(2, 3, lambda index, seed: [{"i": index, "part": 0}, {"i": index, "part": 1}], False, "game")
    assert [(r["i"], r["part"]) for r in rows] == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
