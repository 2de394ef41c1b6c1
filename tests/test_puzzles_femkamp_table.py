"""The Femkamp puzzle session and table, by clicking: right, wrong with the line, a forbidden card,
Next, the language, and the progress kept per child in a folder."""

from __future__ import annotations

import pytest

from cardlab.cards import Card
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games
from cardlab.puzzles.femkamp_session import FemkampPuzzleSession
from cardlab.puzzles.repetition import Leitner, file_name
from cardlab.widgets.femkamp_puzzle_table import FemkampPuzzleTable


@pytest.fixture(scope="module")
def puzzles():
    return femkamp_puzzles_from_games(n=10, rng=4)


def shown(table):
    return [b.description for b in table.card_buttons if b.layout.display != "none"]


def test_the_position_is_drawn(puzzles):
    table = FemkampPuzzleTable(puzzles, child="Mina", lang="sv")
    s = table.session
    assert shown(table) == [str(c) for c in s.hand()]
    assert "Du:" in table.felt_html.value and "Bot" in table.felt_html.value
    assert table.next_button.description == "Nästa" and table.line_html.value == ""
    assert "0 av" in table.title_html.value and "rundan" in table.message_text()


def test_clicking_the_right_card(puzzles, tmp_path):
    table = FemkampPuzzleTable(puzzles, child="Mina", folder=tmp_path, lang="en")
    p = table.session.puzzle
    table.button_for(p.answer).click()
    assert table.message_text().startswith("Right!") and p.explanation().text("en") in table.message_text()
    assert all(b.disabled for b in table.card_buttons if b.layout.display != "none")
    assert p.title().text("en") in table.title_html.value
    assert Leitner.load(tmp_path, "Mina").box(p.id) == 1 and (tmp_path / file_name("Mina")).exists()
    table.next_button.click()
    assert table.session.puzzle is not p and table.session.answered is None


def test_clicking_a_wrong_card_shows_the_line(puzzles):
    table = FemkampPuzzleTable(puzzles, child="Ola", lang="en")
    p = table.session.puzzle
    wrong = next(c for c in p.legal if c not in p.answers)
    table.button_for(wrong).click()
    s = table.session
    assert s.right is False and s.line is not None and s.line.points == p.values[wrong] > p.best
    assert s.line.steps[0].card == Card.parse(wrong)
    assert table.message_text().startswith("Not quite") and p.explanation().text("en") in table.message_text()
    assert table.line_html.value.count("<li>") == len(s.line_tricks()) >= 1
    assert s.boxes.box(p.id) == 0


def test_a_forbidden_card_gets_the_games_sentence(puzzles):
    s = FemkampPuzzleSession(puzzles, child="Ola", lang="nb")
    for _ in range(len(puzzles)):
        forbidden = [c for c in s.hand() if c not in s.legal()]
        if forbidden:
            break
        s.answer(s.puzzle.answer)
        s.next_puzzle()
    assert forbidden, "some puzzle of the set has a card that may not be played"
    table = FemkampPuzzleTable(s)
    table.button_for(forbidden[0]).click()
    assert s.answered is None and s.tone == "error"
    assert table.message_text() == s.round.why_illegal(__import__("cardlab").Play(s.seat, forbidden[0]), "nb")


def test_the_language_switches(puzzles):
    table = FemkampPuzzleTable(puzzles, lang="sv")
    sv = table.message_text()
    table.language_dropdown.value = "nb"
    nb = table.message_text()
    table.language_dropdown.value = "en"
    assert len({sv, nb, table.message_text()}) == 3 and table.next_button.description == "Next"


def test_progress_is_kept_per_child(puzzles, tmp_path):
    a = FemkampPuzzleSession(puzzles, child="Mina", folder=tmp_path)
    first = a.puzzle.id
    a.answer(a.puzzle.answer)
    b = FemkampPuzzleSession(puzzles, child="Mina", folder=tmp_path)
    assert b.boxes.box(first) == 1 and b.puzzle.id != first
    c = FemkampPuzzleSession(puzzles, child="Ola", folder=tmp_path)
    assert c.puzzle.id == first and c.progress() == (0, len(puzzles))


def test_answering_twice_asks_for_next(puzzles):
    s = FemkampPuzzleSession(puzzles, lang="en")
    s.answer(s.puzzle.answer)
    assert s.answer(s.puzzle.answer) is None and s.message_text().startswith("Press Next")
    s.next_puzzle()
    assert s.answer("XX") is None and s.tone == "error" and s.answered is None


def test_all_solved_says_done(puzzles):
    s = FemkampPuzzleSession(puzzles[:2], lang="en")
    for _ in range(20):
        if s.done:
            break
        s.answer(s.puzzle.answer)
        s.next_puzzle()
    assert s.done and s.message_text().startswith("Done!") and s.hand() == []
