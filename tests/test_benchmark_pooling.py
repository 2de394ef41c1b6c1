"""The arena's pooling and pairing helpers (benchmarks/arena_pool.py, arena_paired.py) need no OpenSpiel."""

import csv
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


def test_pooled_rows_go_into_the_strength_table_and_a_rerun_replaces_them(tmp_path):
    pool = _load("arena_pool")
    a = _write(tmp_path / "a.json", 1, {"4x5": {"search": [1.0, 0.0], "plumpbot": [-1.0, 0.0]}})
    b = _write(tmp_path / "b.json", 2, {"4x5": {"search": [2.0, 1.0], "plumpbot": [0.0, 1.0]}})
    table = tmp_path / "strength.csv"
    header = "openspiel,date,players,cards,seed,tier,against,rounds,mean_score,diff,se,z,exact_bids,zero_bids_failed," \
             "ms_per_decision,field_ms,pooled_seeds,command,recorded\n"
    runs = "".join(f"1.6.15,2026-12-02,4,5,{seed},search,ismcts-1000,8,7.0,0.5,0.3,1.7,0.6,,5.0,9.0,,"
                   f"python benchmarks/arena_openspiel.py --seed {seed} --per-deal {name} --table t.csv,arena_openspiel.py --table\n"
                   for seed, name in ((1, "a.json"), (2, "b.json")))
    table.write_text(header + runs)
    for _ in range(2):                                     # the second run replaces the first one's rows
        assert pool.main([str(a), str(b), "--minus", "search", "plumpbot", "--table", str(table)]) == 0
    rows = list(csv.DictReader(table.open()))
    pooled = {(r["tier"], r["against"]): r for r in rows if r["seed"] == "pooled"}
    assert len(rows) == 2 + 3 and set(pooled) == {("search", "ismcts-1000"), ("plumpbot", "ismcts-1000"),
                                                  ("search", "plumpbot")}
    search = pooled["search", "ismcts-1000"]
    assert (search["diff"], search["se"], search["rounds"], search["pooled_seeds"], search["openspiel"]) == \
        ("1.0", "0.41", "16", "1 2", "1.6.15")
    assert pooled["search", "plumpbot"]["diff"] == "1.0" and pooled["search", "plumpbot"]["se"] == "0.58"


def test_pooling_into_the_table_needs_each_run_in_it(tmp_path):
    pool = _load("arena_pool")
    a = _write(tmp_path / "a.json", 1, {"4x5": {"search": [1.0, 0.0]}})
    table = tmp_path / "strength.csv"
    table.write_text("openspiel,date,players,cards,seed,tier,against,rounds,diff,se,command,recorded\n")
    with pytest.raises(SystemExit, match="--per-deal a.json"):
        pool.main([str(a), "--table", str(table)])
    assert table.read_text().count("\n") == 1                   # nothing written
