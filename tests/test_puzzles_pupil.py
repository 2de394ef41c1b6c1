"""Whose puzzles: a pupil the classroom server let in keeps their own progress file (two pupils of one name
two files), the teacher reads both by name, and outside a class the name the notebook gives is used."""

from __future__ import annotations

import json

import pytest

from cardlab.classroom import collect_results
from cardlab.classroom_server import identity
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games
from cardlab.puzzles.handout import hand_out
from cardlab.puzzles.ladder import progress_folder
from cardlab.puzzles.plump import puzzles_from_games
from cardlab.puzzles.repetition import Leitner
from cardlab.puzzles.results import child_lines
from cardlab.puzzles.rummy import rummy_puzzles_from_games
from cardlab.widgets.femkamp_puzzle_table import FemkampPuzzleTable
from cardlab.widgets.puzzle_pupil import LONE_CHILD, PuzzleChild, whose_puzzles
from cardlab.widgets.puzzle_table import PuzzleTable
from cardlab.widgets.rummy_puzzle_table import RummyPuzzleTable

FIRST_ANNA, SECOND_ANNA = "aaaa000011112222", "bbbb333344445555"


def solve_plump(session):
    return session.answer(session.puzzle.answer)


def solve_rummy(session):
    for act in session.puzzle.search().plan(session.puzzle.end()):
        result = session.answer(act)
    return result


GAMES = {
    "plump": (PuzzleTable, lambda: puzzles_from_games(n=2, rng=7, hand_size=3), solve_plump),
    "femkamp": (FemkampPuzzleTable, lambda: femkamp_puzzles_from_games(n=3, rng=4), solve_plump),
    "rummy": (RummyPuzzleTable, lambda: rummy_puzzles_from_games(n=2, rng=3), solve_rummy),
}


@pytest.fixture(scope="module")
def sets():
    return {game: make() for game, (_, make, _) in GAMES.items()}


@pytest.fixture
def no_class(monkeypatch):
    """Outside the classroom server: no pupil in the environment, none remembered."""
    for name in (identity.PUPIL_ID_ENV, identity.PUPIL_NAME_ENV, identity.IDENTITY_URL_ENV,
                 identity.KERNEL_KEY_ENV, identity.KERNEL_ID_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(identity, "_known", None)
    return monkeypatch


def serve(monkeypatch, pupil_id, name):
    """The page is now served by the classroom server to this pupil (as a kernel it started sees it)."""
    monkeypatch.setenv(identity.PUPIL_ID_ENV, pupil_id)
    monkeypatch.setenv(identity.PUPIL_NAME_ENV, name)


def progress_files(folder):
    return sorted(p.name for p in progress_folder(folder).glob("*.puzzles.json"))


def saved(folder, name):
    return json.loads((progress_folder(folder) / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_served_pupil_gets_their_own_progress_file(game, sets, no_class, tmp_path):
    table_class, _, solve = GAMES[game]
    serve(no_class, FIRST_ANNA, "Anna")
    table = table_class(sets[game], folder=progress_folder(tmp_path), lang="en")
    assert solve(table.session) is True
    assert progress_files(tmp_path) == [f"anna--{FIRST_ANNA}.puzzles.json"]
    data = saved(tmp_path, f"anna--{FIRST_ANNA}.puzzles.json")
    assert (data["child"], data["pupil_id"], data["turn"]) == ("Anna", FIRST_ANNA, 1)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_name_in_child_does_not_move_a_served_pupil_into_another_childs_boxes(game, sets, no_class, tmp_path):
    table_class, _, solve = GAMES[game]
    serve(no_class, SECOND_ANNA, "Anna")
    table = table_class(sets[game], child="Mina", folder=progress_folder(tmp_path), lang="en")
    solve(table.session)
    assert progress_files(tmp_path) == [f"anna--{SECOND_ANNA}.puzzles.json"]


def test_two_pupils_with_one_name_keep_two_files_and_the_teacher_sees_both(sets, no_class, tmp_path):
    hand_out(tmp_path, "week1", sets["plump"])
    folder = progress_folder(tmp_path)
    serve(no_class, FIRST_ANNA, "Anna")
    first = PuzzleTable(sets["plump"], folder=folder, lang="en", ladder=True)
    assert solve_plump(first.session) is True
    serve(no_class, SECOND_ANNA, "Anna")
    second = PuzzleTable(sets["plump"], folder=folder, lang="en", ladder=True)
    assert second.session.boxes.turn == 0            # not the first Anna's boxes
    wrong = next(c for c in second.session.legal() if not second.session.puzzle.is_right(c))
    assert second.session.answer(wrong) is False
    assert progress_files(tmp_path) == [f"anna--{FIRST_ANNA}.puzzles.json", f"anna--{SECOND_ANNA}.puzzles.json"]
    assert saved(tmp_path, f"anna--{FIRST_ANNA}.puzzles.json")["turn"] == 1
    assert saved(tmp_path, f"anna--{SECOND_ANNA}.puzzles.json")["turn"] == 1

    no_class.delenv(identity.PUPIL_ID_ENV)
    no_class.delenv(identity.PUPIL_NAME_ENV)
    got = collect_results(tmp_path, puzzles=True, warn=False, lang="en")
    rows = got.puzzles.sort_values("pupil_id")
    assert rows[["child", "pupil_id", "solved"]].values.tolist() == [["Anna (aaaa)", FIRST_ANNA, True],
                                                                    ["Anna (bbbb)", SECOND_ANNA, False]]
    assert child_lines(got.puzzles, lang="en") == ["Anna (aaaa): Plump 1 of 1 solved (step 1).",
                                                    "Anna (bbbb): Plump 0 of 1 solved (step 1)."]


def test_my_mistakes_read_the_served_pupils_own_boxes(sets, no_class, tmp_path):
    folder = progress_folder(tmp_path)
    Leitner(LONE_CHILD, turn=9).save(folder)                 # a lone child's file in the same folder
    serve(no_class, FIRST_ANNA, "Anna")
    table = PuzzleTable(sets["plump"], folder=folder, lang="en")
    solve_plump(table.session)
    boxes = whose_puzzles(LONE_CHILD).boxes(folder)
    assert (boxes.child, boxes.pupil_id, boxes.turn) == ("Anna", FIRST_ANNA, 1)


def test_outside_a_class_the_name_given_is_used(sets, no_class, tmp_path):
    folder = progress_folder(tmp_path)
    assert whose_puzzles() == PuzzleChild(LONE_CHILD) and whose_puzzles("Bo") == PuzzleChild("Bo")
    solve_plump(PuzzleTable(sets["plump"], child="Bo", folder=folder, lang="en").session)
    solve_plump(PuzzleTable(sets["plump"], folder=folder, lang="en").session)
    assert progress_files(tmp_path) == ["bo.puzzles.json", "mina.puzzles.json"]
    assert "pupil_id" not in saved(tmp_path, "bo.puzzles.json")
    got = collect_results(tmp_path, puzzles=True, warn=False, lang="en").puzzles
    assert sorted(got["child"]) == ["Bo", "Mina"] and list(got["pupil_id"].unique()) == [""]
