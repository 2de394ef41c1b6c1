"""The arena's pooling and pairing helpers (benchmarks/arena_pool.py, arena_paired.py) need no OpenSpiel."""

import doctest
import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["arena_pool", "arena_paired"])
def test_doctests(name):
    result = doctest.testmod(_load(name))
    assert result.attempted > 0 and result.failed == 0


def _write(path: Path, seed: int, deals: dict) -> Path:
    path.write_text(json.dumps({"seed": seed, "options": {}, "deals": deals}))
    return path


def test_pooling_runs_on_different_deals(tmp_path, capsys):
    pool = _load("arena_pool")
    a = _write(tmp_path / "a.json", 1, {"4x5": {"search": [1.0, 0.0], "plumpbot": [-1.0, 0.0]}})
    b = _write(tmp_path / "b.json", 2, {"4x5": {"search": [2.0, 1.0], "plumpbot": [0.0, 1.0]}})
    assert pool.main([str(a), str(b), "--minus", "search", "plumpbot"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "| 4×5 | search | 4 | +1.00 ± 0.41 | +2.4 |" in lines
    assert "| 4×5 | search − plumpbot | 4 | +1.00 ± 0.58 | +1.7 |" in lines


def test_the_same_deals_are_not_counted_twice(tmp_path):
    pool = _load("arena_pool")
    a = _write(tmp_path / "a.json", 7, {"4x5": {"search": [1.0, 0.0]}})
    b = _write(tmp_path / "b.json", 7, {"4x5": {"search": [2.0, 1.0]}})
    with pytest.raises(SystemExit, match="same deals twice"):
        pool.main([str(a), str(b)])
