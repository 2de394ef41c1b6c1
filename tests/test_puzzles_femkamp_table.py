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


# ------------------------------------------------------------------ the ladder
def wrong_card(p):
    return next(c for c in p.legal if c not in p.answers)


def test_the_femkamp_ladder_climbs_the_femkamp_themes(puzzles):
    from cardlab.puzzles.femkamp_themes import LADDER_THEMES, THEME_NAMES
    from cardlab.puzzles.ladder import Ladder

    assert sorted(LADDER_THEMES) == sorted(THEME_NAMES) and LADDER_THEMES[-1] == "exact"
    ladder = Ladder(puzzles)
    assert sorted(i for s in ladder.steps for i in s.ids) == sorted(p.id for p in puzzles)
    ranks = [(LADDER_THEMES.index(s.theme), s.level) for s in ladder.steps]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)


def test_the_femkamp_ladder_steps_up_after_step_up_right_answers(puzzles, tmp_path):
    from cardlab.puzzles.ladder import STEP_UP, Ladder
    from cardlab.puzzles.repetition import DONE

    ladder = Ladder(puzzles)
    k = next(n for n, s in enumerate(ladder.steps) if len(s.ids) > STEP_UP)
    done = Leitner("Mina")
    for step in ladder.steps[:k]:          # the steps below are climbed, for good
        for pid in step.ids:
            for _ in range(DONE):
                done.record(pid, right=True)
    done.save(tmp_path)
    s = FemkampPuzzleSession(puzzles, child="Mina", folder=tmp_path, lang="en", ladder=True)
    total = len(ladder.steps)
    for n in range(STEP_UP):
        assert s.ladder.current(s.boxes) == k and s.puzzle.id in ladder.steps[k].ids
        assert s.message_text().startswith(f"Step {k + 1} of {total} (level {ladder.steps[k].level}): "
                                           f"{n} of {STEP_UP} solved")
        assert s.answer(s.puzzle.answer) is True
        s.next_puzzle()
    assert s.ladder.current(s.boxes) == k + 1 and s.message_text().startswith(f"Step {k + 2} of {total}")
    assert s.step().text("sv").startswith(f"Steg {k + 2} av") and s.step().text("nb").startswith(f"Trinn {k + 2} av")


def test_a_missed_femkamp_puzzle_comes_back(puzzles):
    from cardlab.puzzles.repetition import GAPS

    s = FemkampPuzzleSession(puzzles, child="Ola", lang="en", ladder=True)
    missed = s.puzzle.id
    assert s.answer(wrong_card(s.puzzle)) is False
    s.next_puzzle()
    seen, step_of_missed = [], s.ladder.step_of(missed)
    while s.puzzle is not None and len(seen) < len(puzzles) * 4:
        seen.append(s.puzzle.id)
        if s.puzzle.id == missed:
            break
        s.answer(s.puzzle.answer)
        s.next_puzzle()
    # it comes back, after at most GAPS[0] others (sooner when its step has nothing else open)
    assert seen[-1] == missed and len(seen) <= GAPS[0] + 1
    assert s.ladder.current(s.boxes) >= step_of_missed and s.boxes.box(missed) == 0


def test_the_step_is_saved_and_restored_with_the_progress(puzzles, tmp_path):
    s = FemkampPuzzleSession(puzzles, child="Åsa", folder=tmp_path, lang="sv", ladder=True)
    for n in range(5):
        s.answer(s.puzzle.answer if n != 2 else wrong_card(s.puzzle))
        s.next_puzzle()
    again = FemkampPuzzleSession(puzzles, child="Åsa", folder=tmp_path, lang="sv", ladder=True)
    assert again.boxes.to_dict() == s.boxes.to_dict()
    assert again.ladder.current(again.boxes) == s.ladder.current(s.boxes) > 0
    assert again.step() == s.step() and again.puzzle.id == s.puzzle.id
    assert again.message_text() == s.message_text() and again.message_text().startswith("Steg ")
    fresh = FemkampPuzzleSession(puzzles, child="Bo", folder=tmp_path, lang="sv", ladder=True)
    assert fresh.ladder.current(fresh.boxes) == 0 and fresh.message_text().startswith("Steg 1 av")


def test_the_table_on_the_ladder_by_clicking(puzzles, tmp_path):
    table = FemkampPuzzleTable(puzzles, child="Mina", folder=tmp_path, lang="en", ladder=True)
    s = table.session
    assert "Step 1 of" in table.message_html.value and table.message_text().startswith("Step 1 of")
    table.button_for(wrong_card(s.puzzle)).click()
    assert s.right is False and "Not quite" in table.message_html.value
    table.next_button.click()
    steps = []
    for _ in range(3 * len(puzzles)):
        if s.puzzle is None:
            break
        assert table.message_text().startswith("Step ")
        steps.append(s.ladder.current(s.boxes))
        table.button_for(s.puzzle.answer).click()
        assert table.message_text().startswith("Right!")
        table.next_button.click()
    assert steps == sorted(steps) and steps[-1] > steps[0]
    table.language_dropdown.value = "nb"
    assert s.puzzle is None or table.message_text().startswith("Trinn ")
    assert FemkampPuzzleSession(puzzles, child="Mina", folder=tmp_path, ladder=True).boxes.to_dict() == s.boxes.to_dict()
