"""The puzzle table, by clicking it: a card button answers, Next moves on, the language switches."""

from __future__ import annotations

import pytest

from cardlab.cards import Card
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.repetition import file_name
from cardlab.widgets.base import widget_tree
from cardlab.widgets.puzzle_table import PuzzleTable


@pytest.fixture(scope="module")
def puzzles():
    return puzzles_from_games(n=10, rng=3, hand_size=4)


def button_for(table, code):
    shown = [b for b in table.card_buttons if b.layout.display != "none"]
    return next(b for b in shown if b.description == str(Card.parse(code)))


def test_the_position_is_drawn(puzzles):
    table = PuzzleTable(puzzles, child="Mina", lang="sv")
    s = table.session
    shown = [b.description for b in table.card_buttons if b.layout.display != "none"]
    assert shown == [str(c) for c in s.hand()] and len(shown) == s.puzzle.tricks_left
    felt = table.felt_html.value
    assert "Du: bjöd" in felt and "Bot" in felt
    assert table.message_html.value and "Du bjöd" in table.message_html.value
    assert table.next_button.description == "Nästa" and table.line_html.value == ""
    assert "0 av" in table.title_html.value


def test_clicking_the_right_card(puzzles, tmp_path):
    table = PuzzleTable(puzzles, child="Mina", folder=tmp_path, lang="en")
    p = table.session.puzzle
    button_for(table, p.answer).click()
    assert table.message_text().startswith("Right!") and "Right!" in table.message_html.value
    assert all(b.disabled for b in table.card_buttons if b.layout.display != "none")
    assert p.title().text("en") in table.title_html.value and "1 of" in table.title_html.value
    assert (tmp_path / file_name("Mina")).exists()
    table.next_button.click()
    assert table.session.puzzle is not p and table.session.answered is None
    assert not any(b.disabled for b in table.card_buttons if b.layout.display != "none")


def test_clicking_a_wrong_card_shows_the_losing_line(puzzles):
    table = PuzzleTable(puzzles, child="Mina", lang="en")
    p = table.session.puzzle
    wrong = p.margin["loses"][0]
    button_for(table, wrong).click()
    assert table.message_text().startswith("Not quite") and "#b71c1c" in table.message_html.value
    line = table.line_html.value
    assert line.count("<li>") == p.tricks_left and f"You {Card.parse(wrong)}" in line and f"Trick {p.trick}: " in line
    table.language_dropdown.value = "nb"
    assert table.message_text().startswith("Ikke helt") and "Stikk" in table.line_html.value
    assert table.next_button.description == "Neste"


def test_a_forbidden_card_gets_a_kind_word(puzzles):
    for p in puzzles:
        table = PuzzleTable([p], child="Mina", lang="sv")
        barred = [c for c in table.session.hand() if c not in table.session.legal()]
        if barred:
            break
    else:
        pytest.skip("no puzzle with a card that may not be played")
    button_for(table, barred[0].code).click()
    assert "bekänna" in table.message_text() and table.session.answered is None
    assert not any(b.disabled for b in table.card_buttons if b.layout.display != "none")


def test_the_table_is_only_a_view(puzzles):
    table = PuzzleTable(puzzles[:1], child="Mina", lang="en")
    button_for(table, table.session.puzzle.answer).click()
    for _ in range(10):
        if table.session.done:
            break
        table.next_button.click()
        if not table.session.done:
            button_for(table, table.session.puzzle.answer).click()
    assert table.session.done and table.next_button.disabled
    assert all(b.layout.display == "none" for b in table.card_buttons)
    assert table.message_text().startswith("Done!")
    assert len(widget_tree(table._root)) > 10


@pytest.fixture(scope="module")
def mixed():
    from cardlab.puzzles import bid_puzzles_from_games, hidden_puzzles_from_games

    return hidden_puzzles_from_games(1, rng=3) + bid_puzzles_from_games(1, rng=5)


def test_a_hidden_puzzle_is_drawn_face_down_and_a_wrong_click_reveals_the_counter_deal(mixed):
    table = PuzzleTable(mixed, child="Mina", lang="en")
    p = table.session.puzzle
    assert p.kind == "hidden" and "cardlab-hidden-hand" in table.felt_html.value
    assert all(b.layout.display == "none" for b in table.bid_buttons)
    wrong = next(c for c in p.legal if c != p.answer)
    button_for(table, wrong).click()
    assert table.message_text().startswith("Not quite") and "cardlab-hidden-hand" not in table.felt_html.value
    assert "A deal in which your answer fails" in table.felt_html.value
    assert table.line_html.value.count("<li>") == len(table.session.line.tricks())
    table.language_dropdown.value = "sv"
    assert "En giv där ditt svar misslyckas" in table.felt_html.value


def test_a_bid_puzzle_shows_bid_buttons(mixed):
    table = PuzzleTable(mixed[1:], child="Mina", lang="en")
    p = table.session.puzzle
    shown = [b for b in table.bid_buttons if b.layout.display != "none"]
    assert [b.description for b in shown] == [str(b) for b in range(p.hand_size + 1)]
    assert all(b.layout.display == "none" for b in table.card_buttons) and table.hand_html.value
    assert "has not bid yet" in table.felt_html.value and "cardlab-hidden-hand" in table.felt_html.value
    if p.forbidden is not None:
        table.bid_buttons[p.forbidden].click()
        assert table.session.answered is None and table.session.tone == "error"
    table.bid_buttons[p.answer].click()
    assert table.message_text().startswith("Right! A bid of") and all(b.disabled for b in shown)
    assert "cardlab-hidden-hand" not in table.felt_html.value
    table.next_button.click()
    wrong = next(b for b in p.legal if b != p.answer)
    if table.session.puzzle is p:                      # back after the others (only one in the set)
        table.bid_buttons[wrong].click()
        assert table.message_text().startswith("Not quite") and "<li>" in table.line_html.value
