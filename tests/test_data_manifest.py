"""data/manifest.json matches the files in data/, and sample rows are made again from their seeds."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cardlab.data_build import (TABLES, TABLES_BY_NAME, load_manifest, recompute_rows, rules_from_options, stale_code,
                                 table_code)
from cardlab.data_files import MEASURED, shipped_dir

DATA = shipped_dir()
MANIFEST = load_manifest(DATA)


def test_every_file_listed_and_every_listed_file_present():
    listed = {t["file"] for t in MANIFEST["tables"].values()} | {m["file"] for m in MANIFEST["measurements"].values()}
    present = {p.name for p in DATA.glob("*.csv")}
    assert listed == present
    assert set(MANIFEST["tables"]) == {t.name for t in TABLES}
    assert (DATA / "README.md").exists()


def test_small_enough():
    assert sum(p.stat().st_size for p in DATA.iterdir()) < 5_000_000


@pytest.mark.parametrize("name", sorted(MANIFEST["tables"]))
def test_rows_columns_and_fingerprints(name):
    entry = MANIFEST["tables"][name]
    df = pd.read_csv(DATA / entry["file"])
    assert len(df) == entry["rows"]
    assert list(df.columns) == entry["columns"]
    assert set(df["fingerprint"]) == set(entry["rules"])
    for fingerprint, options in entry["rules"].items():
        assert rules_from_options(entry["game"], options).fingerprint() == fingerprint
    assert entry["command"].startswith("cardlab data build")
    if "seed" in df.columns:
        assert df["seed"].ge(0).all()


@pytest.mark.parametrize("name", sorted(MANIFEST["tables"]))
def test_sample_rows_recomputed_from_their_seeds(name):
    df = pd.read_csv(DATA / MANIFEST["tables"][name]["file"])
    if name in ("plump_zero_bids", "plump_search_zero_bids", "plump_hook", "plump_one_card_exact", "plump_exact_small"):
        # the cheapest configurations (small hands) keep the test quick; two different rows
        small = df[df.get("cards", pd.Series(1, index=df.index)) <= 2]
        sample = small.iloc[[0, len(small) // 2 + 1]]
    elif name in ("femkamp_summary", "rummy_summary"):
        # a whole setting is played again: take the quicker heuristic settings, two different rows
        cheap = df[(df.policy == "heuristic") & (df.players == df.players.min())]
        sample = cheap.iloc[[0, len(cheap) - 1]]
    else:
        sample = df.iloc[[1, len(df) - 2]]
    again = recompute_rows(name, sample, seed=MANIFEST["seed"], scale=MANIFEST["scale"])
    for column in sample.columns:
        a, b = sample[column].to_numpy(), again[column].to_numpy()
        if np.issubdtype(a.dtype, np.floating):
            assert np.allclose(a, b.astype(float), atol=2e-6, equal_nan=True), column
        else:
            assert [str(x) for x in a] == [str(x) for x in b], column


def test_sizes_decide_the_claims():
    """Every Plump setting has 200,000 rounds, every Femkamp setting 20,000 games, every Rummy setting 20,000 rounds."""
    tables = MANIFEST["tables"]
    assert MANIFEST["scale"] == 1.0
    for name in ("plump_zero_bids", "plump_hook"):
        assert min(tables[name]["per_configuration"]) >= 200_000, name
    assert min(tables["femkamp_summary"]["per_configuration"]) >= 20_000
    assert min(tables["rummy_summary"]["per_configuration"]) >= 20_000
    for entry in tables.values():
        assert entry["bytes"] == (DATA / entry["file"]).stat().st_size


def test_rummy_data_names_its_reshuffle_bound():
    """Rummy data is built with an explicit max_reshuffles, so the fingerprint shows the bound."""
    for name in ("rummy_summary", "rummy_rounds"):
        for options in MANIFEST["tables"][name]["rules"].values():
            assert options["max_reshuffles"] == 3


def test_intervals_stay_within_what_is_possible():
    summary = pd.read_csv(DATA / "rummy_summary.csv")
    assert (summary.penalty_low >= 0).all() and (summary.loser_penalty_low >= 0).all()
    zero = pd.read_csv(DATA / "plump_zero_bids.csv")
    for p, low, high in (("p_zero", "zero_low", "zero_high"), ("p_bid0_made", "bid0_low", "bid0_high"),
                         ("p_made", "made_low", "made_high")):
        ok = zero[p].notna()
        assert ((zero[low][ok] >= 0) & (zero[low][ok] <= zero[p][ok]) & (zero[p][ok] <= zero[high][ok])
                & (zero[high][ok] <= 1)).all(), p


def test_table_names_match_the_catalogue():
    for name, entry in MANIFEST["tables"].items():
        assert TABLES_BY_NAME[name].file == entry["file"]


def test_build_on_dask_writes_the_same_files_as_a_serial_build(tmp_path):
    """The configurations of a table run on a 2-worker Dask cluster give the serial build byte for byte."""
    pytest.importorskip("dask.distributed")
    from cardlab.data_build import build

    serial = build(tmp_path / "serial", only=["femkamp_games"], scale=0.01, workers=1)
    on_dask = build(tmp_path / "dask", only=["femkamp_games"], scale=0.01, workers=2, processes=False)
    assert on_dask["tables"]["femkamp_games"]["rows"] == serial["tables"]["femkamp_games"]["rows"] > 0
    assert (tmp_path / "dask" / "femkamp_games.csv").read_bytes() == (tmp_path / "serial" / "femkamp_games.csv").read_bytes()


def test_build_runs_serially_without_dask_unless_a_scheduler_is_asked_for(tmp_path, monkeypatch):
    import sys

    from cardlab import RulesError
    from cardlab.data_build import build, choose_executor

    assert choose_executor(1) == "serial"
    assert choose_executor(1, scheduler="tcp://host:8786") == "dask"
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if the cluster extra were not installed
    assert choose_executor(2) == "serial"
    manifest = build(tmp_path, only=["plump_one_card_exact"], workers=2)
    assert manifest["tables"]["plump_one_card_exact"]["rows"] > 0
    with pytest.raises(RulesError, match="cardlab.cluster."):
        build(tmp_path, only=["plump_one_card_exact"], scheduler="tcp://host:8786")


@pytest.mark.parametrize("name", sorted(MANIFEST["tables"]))
def test_every_table_is_as_fresh_as_its_code(name):
    """The manifest records the code each table was made by (its recipe, the modules it reaches, its data files);
    a table whose code has changed since must be rebuilt (its command is in the manifest)."""
    entry = MANIFEST["tables"][name]
    assert {"fingerprint", "files"} <= set(entry.get("code", {})), f"{name}: no code fingerprint in the manifest"
    changed = stale_code(name, MANIFEST)
    assert not changed, f"{name} is older than its code ({', '.join(changed)}): rebuild it with {entry['command']}"


def test_the_code_behind_a_table_is_followed_through_its_imports():
    code = table_code(TABLES_BY_NAME["plump_search_zero_bids"])["files"]
    assert {"bots/plump_search.py", "search/plump_ismcts.py", "kernels/plump_heuristic.py", "kernels/plump_bid_table.py",
            "data/plump_bid_weights.csv", "table_build/recipes/plump_search_zero_bids.py:plump_search_zero_bids",
            # the recipe's helpers in other modules: the zero-bid rows, a setting's rules, a configuration's seed
            "table_build/recipes/plump_zero_bids.py:plump_search_zero_bids",
            "table_build/recipes/plump_settings.py:plump_search_zero_bids",
            "table_build/config.py:plump_search_zero_bids"} <= set(code)
    assert "sim/stats.py" in code  # imported by the zero-bid rows, in another recipe module
    assert "kernels/_numba.py" not in code  # how kernels are cached changes nothing they compute
    femkamp = table_code(TABLES_BY_NAME["femkamp_summary"])["files"]
    assert "kernels/femkamp_kernel.py" in femkamp and "bots/plump_search.py" not in femkamp


def test_a_code_change_makes_a_table_stale(monkeypatch):
    """Change one module's code (not its comments) and the tables that reach it, and only those, are stale."""
    import cardlab.table_build.fingerprints as fingerprints

    fresh = {name: {**MANIFEST["tables"][name], "code": table_code(TABLES_BY_NAME[name])}
             for name in ("plump_one_card_exact", "rummy_summary")}
    manifest = {"tables": fresh}
    assert stale_code("plump_one_card_exact", manifest) == [] and stale_code("rummy_summary", manifest) == []
    original = fingerprints.normalized_source
    monkeypatch.setattr(fingerprints, "normalized_source",
                        lambda path: original(path) + ("\nx = 1" if str(path).endswith("sim/exact.py") else ""))
    assert stale_code("plump_one_card_exact", manifest) == ["sim/exact.py"]
    assert stale_code("rummy_summary", manifest) == []
    assert stale_code("plump_one_card_exact", {"tables": {"plump_one_card_exact": {}}}) == ["(no code fingerprint)"]


def _recipe_digest(table: str, module: str) -> str:
    return table_code(TABLES_BY_NAME[table])["files"][f"table_build/recipes/{module}.py:{table}"]


def _edited(monkeypatch, module: str, old: str, new: str) -> None:
    """Make ``table_build/recipes/<module>.py`` read as if ``old`` were ``new`` in it."""
    import cardlab.table_build.recipes as recipes

    path = Path(recipes.__file__).resolve().with_name(f"{module}.py")
    source = path.read_text()
    assert old in source
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: (
        source.replace(old, new) if self == path else Path.read_bytes(self).decode("utf-8")))


def test_a_recipe_constant_is_part_of_its_table_code(monkeypatch):
    before = _recipe_digest("plump_search_zero_bids", "plump_search_zero_bids")
    other = _recipe_digest("rummy_summary", "rummy_summary")
    _edited(monkeypatch, "plump_search_zero_bids", "SEARCH_ROLLOUTS = ", "SEARCH_ROLLOUTS = 1 + ")
    assert _recipe_digest("plump_search_zero_bids", "plump_search_zero_bids") != before
    assert _recipe_digest("rummy_summary", "rummy_summary") == other


def test_a_helper_in_another_recipe_module_is_part_of_its_table_code(monkeypatch):
    """The search table builds its rows with the zero-bid table's helper: changing the helper changes both tables'
    code, and changing what only the zero-bid table uses leaves the search table's code alone."""
    zero = _recipe_digest("plump_zero_bids", "plump_zero_bids")
    search = _recipe_digest("plump_search_zero_bids", "plump_zero_bids")
    with monkeypatch.context() as patch:
        _edited(patch, "plump_zero_bids", '"rounds": config.count, ', '"rounds": config.count + 1, ')
        assert _recipe_digest("plump_search_zero_bids", "plump_zero_bids") != search
        assert _recipe_digest("plump_zero_bids", "plump_zero_bids") != zero
    _edited(monkeypatch, "plump_zero_bids", "threads=1)", "threads=2)")
    assert _recipe_digest("plump_zero_bids", "plump_zero_bids") != zero
    assert _recipe_digest("plump_search_zero_bids", "plump_zero_bids") == search


def test_every_recipe_is_found_in_its_own_module():
    """Each table's recipe entry names the module its run function lives in (the catalogue is not a recipe)."""
    for spec in TABLES:
        module = spec.run.__module__.rpartition(".")[2]
        assert spec.configs.__module__ == spec.run.__module__, spec.name
        assert f"table_build/recipes/{module}.py:{spec.name}" in table_code(spec)["files"], spec.name


# ----------------------------------------------------------- the strength table (measured by the arena)
def test_the_strength_table_names_release_and_command_on_every_row():
    entry = MANIFEST["measurements"]["strength_arena"]
    df = pd.read_csv(DATA / MEASURED["strength_arena"], dtype={"seed": str})
    assert len(df) == entry["rows"] and list(df.columns) == entry["columns"]
    assert entry["bytes"] == (DATA / entry["file"]).stat().st_size
    assert df.openspiel.astype(str).str.match(r"\d+\.\d+\.\d+$").all()
    assert df.command.str.match(r"python benchmarks/arena_(openspiel|pool)\.py ").all()
    assert sorted(set(df.command)) == entry["commands"]
    assert ((df.se > 0) & (df.rounds > 0)).all()


def test_the_arena_writes_rows_of_the_strength_table(tmp_path, monkeypatch):
    """benchmarks/arena_openspiel.py --table: its rows have the table's columns, and a rerun replaces its own rows."""
    import importlib.util
    import sys

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "arena_openspiel.py"
    spec = importlib.util.spec_from_file_location("arena_openspiel", path)
    arena = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "arena_openspiel", arena)  # its dataclasses look themselves up there
    spec.loader.exec_module(arena)
    shipped = pd.read_csv(DATA / MEASURED["strength_arena"])
    assert list(shipped.columns) == list(arena.TABLE_COLUMNS)
    summary = [{"size": "4×5", "tier": t, "rounds": 40, "mean": 7.0, "diff": d, "se": 0.3, "z": d / 0.3, "exact": 0.6,
                "zero_fail": float("nan"), "ms": 5.0, "field_ms": 9.0} for t, d in (("search", 0.5), ("ismcts-1000", 0.0))]
    table = tmp_path / "strength_arena.csv"
    table.write_bytes((DATA / MEASURED["strength_arena"]).read_bytes())
    for diff in (0.5, 0.25):
        summary[0]["diff"] = diff
        rows = arena.table_rows(summary, seed=9, release="1.6.15", command="python benchmarks/arena_openspiel.py --quick",
                                date="2026-12-02")
        arena.write_table(table, rows)
    again = pd.read_csv(table)
    assert len(again) == len(shipped) + 1                       # the field's own row is left out; the rerun replaced
    last = again.iloc[-1]
    assert (last.tier, last["diff"], last.against, last.openspiel) == ("search", 0.25, "ismcts-1000", "1.6.15")


def test_an_unknown_table_is_refused_naming_every_table():
    """Table names come from the shipped manifest (no build code is needed to read a table)."""
    from cardlab import load_table
    from cardlab.errors import RulesError

    with pytest.raises(RulesError) as refused:
        load_table("plump_zero_bid")
    assert "plump_zero_bid" in str(refused.value)
    assert all(t.name in str(refused.value) for t in TABLES) and "strength_arena" in str(refused.value)
