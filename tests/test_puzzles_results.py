"""The class's puzzle results per child, per game and per theme: sets of all three games in one class folder."""

from __future__ import annotations

import pytest

from cardlab.classroom import class_summary, collect_results
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games
from cardlab.puzzles.handout import collect_puzzle_results, hand_out
from cardlab.puzzles.ladder import progress_folder
from cardlab.puzzles.repetition import Leitner
from cardlab.puzzles.results import child_lines, demo_progress, game_lines, game_name, results_by, theme_title
from cardlab.puzzles.rummy import rummy_puzzles_from_games
from cardlab.puzzles.rummy_draw import rummy_draw_puzzles_from_games


@pytest.fixture(scope="module")
def sets():
    return {"plump": puzzles_from_games(n=8, rng=3, hand_size=4),
            "femkamp": femkamp_puzzles_from_games(n=4, rng=4),
            "rummy": rummy_puzzles_from_games(n=4, rng=5) + rummy_draw_puzzles_from_games(n=2, rng=5)}


@pytest.fixture
def folder(tmp_path, sets):
    for game, puzzles in sets.items():
        hand_out(tmp_path, f"week1-{game}", puzzles)
    demo_progress(tmp_path, list(sets.values()), rng=7)
    return tmp_path


def test_per_game_counts_match_the_rows(folder, sets):
    table = collect_puzzle_results(folder)
    assert set(table["game"]) == {"plump", "femkamp", "rummy"}
    got = results_by(table, "game", lang="en")
    assert got["game"].tolist() == ["Plump", "Femkamp", "Rummy"]
    for row, game in zip(got.itertuples(), ("plump", "femkamp", "rummy")):
        rows = table[table["game"] == game]
        assert (row.tried, row.solved, row.top_step) == (len(rows), int(rows["solved"].sum()), rows["step"].max())
        assert row.percent == round(100 * row.solved / row.tried)
    assert got["tried"].sum() == len(table)


def test_a_theme_is_counted_within_its_game(folder):
    table = collect_puzzle_results(folder)
    themes = {game: set(table.loc[table["game"] == game, "theme"]) for game in ("plump", "rummy")}
    shared = themes["plump"] & themes["rummy"]
    assert "shed_high" in shared                       # the same id, a different idea in each game
    got = results_by(table, "theme", lang="sv")
    assert list(got.columns) == ["game", "theme", "tried", "solved", "percent", "top_step"]
    pairs = table[["game", "theme"]].drop_duplicates()
    assert len(got) == len(pairs)
    plump_shed = got[(got["game"] == "Plump") & (got["theme"] == theme_title("plump", "shed_high", "sv"))]
    rows = table[(table["game"] == "plump") & (table["theme"] == "shed_high")]
    assert plump_shed["tried"].tolist() == [len(rows)]
    assert theme_title("plump", "shed_high", "sv") != theme_title("rummy", "shed_high", "sv")
    for game in ("plump", "femkamp", "rummy"):                    # a game's themes in ladder order
        first_steps = table[table["game"] == game].groupby("theme")["step"].min().sort_values(kind="stable")
        assert got.loc[got["game"] == game_name(game, "sv"), "theme"].tolist() == \
            [theme_title(game, t, "sv") for t in first_steps.index]
    with pytest.raises(ValueError):
        results_by(table, "colour")


def test_per_child_and_game(folder):
    table = collect_puzzle_results(folder)
    got = results_by(table, ["child", "game"], lang="en")
    assert got["child"].tolist() == sorted(got["child"].tolist())
    anna = got[got["child"] == "Anna"].set_index("game")
    rows = table[(table["child"] == "Anna") & (table["game"] == "rummy")]
    assert anna.loc["Rummy", "tried"] == len(rows) and anna.loc["Rummy", "solved"] == rows["solved"].sum()
    lines = child_lines(table, lang="en")
    assert len(lines) == table["child"].nunique()
    first = lines[0]
    assert first.startswith("Anna: Plump ") and "Femkamp" in first and "Rummy" in first
    assert f"Rummy {anna.loc['Rummy', 'solved']} of {anna.loc['Rummy', 'tried']} solved " \
           f"(step {anna.loc['Rummy', 'top_step']})" in first


@pytest.mark.parametrize("lang, start", [("sv", "Rummy: 5 elever har försökt "),
                                         ("nb", "Rummy: 5 elever har prøvd "), ("en", "Rummy: 5 pupils tried ")])
def test_the_class_summary_has_a_sentence_per_game(folder, lang, start):
    collected = collect_results(folder, puzzles=True, lang=lang)
    lines = class_summary(collected, lang=lang)
    per_game = game_lines(collected.puzzles, lang=lang)
    assert [line.split(":")[0] for line in per_game] == ["Plump", "Femkamp", "Rummy"]
    assert all(line in lines for line in per_game)
    assert per_game[2].startswith(start)
    table = collected.puzzles
    rummy = table[table["game"] == "rummy"]
    share = round(100 * int(rummy["solved"].sum()) / len(rummy))
    assert f"{share}" in per_game[2].split(";")[1]
    top = rummy["step"].max()
    assert per_game[2].rstrip(".").endswith(f" {top})")


def test_a_puzzle_in_no_set_is_counted_apart(folder, sets):
    boxes = Leitner.load(progress_folder(folder), "Bo")
    boxes.record("own-game-puzzle", right=False)
    boxes.save(progress_folder(folder))
    table = collect_puzzle_results(folder)
    got = results_by(table, ["game", "theme"], lang="en")
    assert got.iloc[-1][["game", "theme", "tried", "solved"]].tolist() == ["not in a set", "not in a set", 1, 0]
    assert got["top_step"].isna().tolist() == [False] * (len(got) - 1) + [True]
    assert any(line.startswith("not in a set: 1 pupil tried 1 puzzle") for line in game_lines(table, lang="en"))
    bo = next(line for line in child_lines(table, lang="en") if line.startswith("Bo:"))
    assert bo.endswith("not in a set 0 of 1 solved.")


def test_demo_progress_is_seeded(tmp_path, sets):
    for name in ("a", "b"):
        hand_out(tmp_path / name, "week1", sets["rummy"])
        demo_progress(tmp_path / name, [sets["rummy"]], rng=3)
    one, two = (collect_puzzle_results(tmp_path / name) for name in ("a", "b"))
    assert one.equals(two) and len(one) > 0
    hand_out(tmp_path / "c", "week1", sets["rummy"])
    demo_progress(tmp_path / "c", [sets["rummy"]], rng=4)
    assert not collect_puzzle_results(tmp_path / "c").equals(one)
