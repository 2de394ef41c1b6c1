"""The strength page holds no typed strength figure: every one is written from the arena's table.

``docs/strength.md`` marks where its figures go; :mod:`cardlab.strength_report` writes them from
``cardlab/data/strength_arena.csv``.  These tests hold the page to the table (and are shown failing
on one changed figure), read the page's tables back independently, and find a figure typed by hand.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from cardlab import strength_report as report
from cardlab.data_files import MEASURED, shipped_dir

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "strength.md"
RECORD = "strength_record.md"


def _table() -> pd.DataFrame:
    return pd.read_csv(shipped_dir() / MEASURED["strength_arena"], dtype={"seed": str})


def _number(text: str) -> float:
    return float(text.replace("−", "-").replace("*", "").rstrip("%"))


# ------------------------------------------------------------------ the page is the table
def test_the_strength_page_is_what_the_table_gives():
    text = PAGE.read_text(encoding="utf-8")
    assert {name for name, _, _ in report.blocks(text)} == set(report.BLOCKS)
    assert report.render(text) == text, "run: python -m cardlab.strength_report docs/strength.md"


def test_a_changed_figure_on_the_page_is_found(tmp_path):
    text = PAGE.read_text(encoding="utf-8")
    assert "| **+1.20 ± 0.22** |" in text
    changed = text.replace("| **+1.20 ± 0.22** |", "| **+1.30 ± 0.22** |")
    assert report.render(changed) != changed
    page = tmp_path / "strength.md"
    page.write_text(changed, encoding="utf-8")
    assert report.main([str(page), "--check"]) == 1
    assert report.main([str(page)]) == 0 and page.read_text(encoding="utf-8") == text
    assert report.main([str(page), "--check"]) == 0


def test_the_summary_is_on_the_page_word_for_word():
    assert report.summary() in " ".join(PAGE.read_text(encoding="utf-8").split())


def test_a_figure_typed_outside_the_blocks_is_found():
    text = PAGE.read_text(encoding="utf-8")
    assert report.typed_strength_figures(report.outside_blocks(text)) == []
    typed = text.replace("## PlumpBot, the friendly player",
                         "The search leads by +0.37 ± 0.15 points per round.\n\n## PlumpBot, the friendly player")
    assert report.typed_strength_figures(report.outside_blocks(typed)) == ["+0.37", "± 0.15"]


def test_no_other_doc_quotes_a_strength_figure_by_hand():
    """Outside the dated record, a line of the docs or the README about OpenSpiel quotes no strength figure."""
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        if path.name == RECORD:
            continue
        text = report.outside_blocks(path.read_text(encoding="utf-8"))
        for number, line in enumerate(text.splitlines(), 1):
            if path == PAGE or "ISMCTS" in line or "OpenSpiel" in line:
                found += [(path.name, number, f) for f in report.typed_strength_figures(line)]
    assert found == []


def test_the_record_says_it_is_not_today():
    record = (ROOT / "docs" / RECORD).read_text(encoding="utf-8")
    assert "are not kept current" in record and "docs/strength.md" in record
    assert RECORD in PAGE.read_text(encoding="utf-8")


# ------------------------------------------------------------------ the page's tables, read back
def test_the_pages_tables_hold_the_strength_tables_rows():
    """Read independently of the writer: every run's row and the three pooled sizes, figure by figure."""
    table = _table()
    runs, pooled = table[table.seed != "pooled"], table[table.seed == "pooled"]
    seen = 0
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 11 and cells[1].isdigit():               # | 4×5 | 2041 | search | 480 | 7.42 | +0.15 ± 0.27 | …
            players, cards = (int(x) for x in cells[0].split("×"))
            row = runs[(runs.players == players) & (runs.cards == cards) & (runs.seed == cells[1]) & (runs.tier == cells[2])]
            assert len(row) == 1, line
            row = row.iloc[0]
            diff, se = cells[5].split(" ± ")
            shown = (int(cells[3]), _number(cells[4]), _number(diff), _number(se), _number(cells[6]),
                     _number(cells[9]), _number(cells[10]))
            assert shown == pytest.approx((row.rounds, row.mean_score, row["diff"], row.se, row.z,
                                           row.ms_per_decision, row.field_ms)), line
            assert _number(cells[7]) / 100 == pytest.approx(row.exact_bids, abs=0.006), line
            assert _number(cells[8]) / 100 == pytest.approx(row.zero_bids_failed, abs=0.006), line
            seen += 1
        elif len(cells) == 5 and cells[1].isdigit():               # | 4 × 5 | 1440 | **+0.37 ± 0.15** | +2.4 | −1.08 ± 0.22 |
            players, cards = (int(x) for x in cells[0].split(" × "))
            at = pooled[(pooled.players == players) & (pooled.cards == cards)]
            search = at[(at.tier == "search") & (at.against == "ismcts-1000")].iloc[0]
            friendly = at[(at.tier == "plumpbot") & (at.against == "ismcts-300")].iloc[0]
            diff, se = cells[2].split(" ± ")
            other, other_se = cells[4].split(" ± ")
            assert (int(cells[1]), _number(diff), _number(se), _number(cells[3]), _number(other), _number(other_se)) == \
                pytest.approx((search.rounds, search["diff"], search.se, search.z, friendly["diff"], friendly.se)), line
            seen += 1
    assert seen == len(runs) + 3                                   # every run's row, and the three sizes pooled


def test_every_command_of_the_table_is_on_the_page():
    text = PAGE.read_text(encoding="utf-8")
    commands = set(_table().command)
    assert commands and all(f"    {c}\n" in text for c in commands)


# ------------------------------------------------------------------ the words follow the figures
def _pooled(tier: str, against: str, diff: float, se: float, players=4, cards=5) -> dict:
    return {"openspiel": "1.6.15", "date": "2026-12-02", "players": players, "cards": cards, "seed": "pooled",
            "tier": tier, "against": against, "rounds": 100, "mean_score": float("nan"), "diff": diff, "se": se,
            "z": diff / se, "exact_bids": float("nan"), "zero_bids_failed": float("nan"),
            "ms_per_decision": float("nan"), "field_ms": float("nan"), "pooled_seeds": "1 2",
            "command": "python benchmarks/arena_pool.py a.json --table t.csv", "recorded": "arena_pool.py --table"}


def _run(tier: str, diff: float, se: float, seed="1", players=4, cards=5) -> dict:
    row = _pooled(tier, "ismcts-1000", diff, se, players, cards)
    row.update(seed=seed, mean_score=7.0, exact_bids=0.6, zero_bids_failed=0.2, ms_per_decision=5.0, field_ms=9.0,
               pooled_seeds="", command=f"python benchmarks/arena_openspiel.py --seed {seed} --table t.csv",
               recorded="arena_openspiel.py --table")
    return row


def _findings(search: float, friendly: float) -> list[str]:
    rows = []
    for p, c in report.SIZES:
        rows += [_pooled("search", "ismcts-1000", search, 0.15, p, c), _pooled("plumpbot", "ismcts-300", friendly, 0.2, p, c),
                 _run("search", search, 0.3, "1", p, c), _run("plumpbot", friendly, 0.3, "1", p, c)]
    return report.findings(pd.DataFrame(rows)).splitlines()


@pytest.mark.parametrize("search, words", [(0.6, "rounds): ahead;"), (-0.6, "rounds): behind;"),
                                           (0.1, "rounds): level within the noise;")])
def test_the_search_sentence_follows_its_z(search, words):
    line = _findings(search, -0.2)[0]
    assert line.startswith("* **4 × 5**: `PlumpSearchBot` − ISMCTS-1000 is ")
    assert words in line


@pytest.mark.parametrize("friendly, words", [(-0.3, "within 1.0 point per round of ISMCTS-300 (95 % interval"),
                                             (-1.8, "more than 1.0 point per round behind"),
                                             (-1.0, "not shown to be within 1.0 point per round")])
def test_the_friendly_sentence_follows_its_interval(friendly, words):
    line = next(x for x in _findings(0.6, friendly) if "`PlumpBot` − ISMCTS-300" in x)
    assert words in line


def test_a_block_without_its_end_or_with_an_unknown_name_is_an_error():
    with pytest.raises(ValueError, match="no closing"):
        report.blocks("<!-- strength_arena: summary -->\nwords\n")
    with pytest.raises(ValueError, match="known blocks"):
        report.render("<!-- strength_arena: nonsense -->\n<!-- /strength_arena -->\n")
