"""The Rummy puzzle session and table, by clicking: a turn played right move by move, a wrong move with
what it leaves, a move the rules forbid, Next, the language, the Leitner order and the ladder, the
progress kept per child, and a teacher's set and results."""

from __future__ import annotations

import pytest

from cardlab.games.rummy import Discard, Meld
from cardlab.puzzles.ladder import Ladder, progress_folder
from cardlab.puzzles.repetition import GAPS, Leitner, file_name
from cardlab.puzzles.rummy import rummy_puzzles_from_games
from cardlab.puzzles.rummy_draw import DRAW_THEMES
from cardlab.puzzles.rummy_session import RummyPuzzleSession
from cardlab.puzzles.rummy_themes import LADDER_THEMES, THEME_NAMES
from cardlab.widgets.rummy_puzzle_table import RummyPuzzleTable


@pytest.fixture(scope="module")
def puzzles():
    return rummy_puzzles_from_games(n=12, rng=5)


def plan(puzzle):
    return puzzle.search().plan(puzzle.end())


def wrong_move(puzzle):
    """A first move after which the best end cannot be reached."""
    return next(a for a, v in zip(puzzle.legal_actions(), puzzle.values) if v > puzzle.best)


def solve(s):
    for act in plan(s.puzzle):
        result = s.answer(act)
    return result


def play_by_clicking(table, act):
    if isinstance(act, Meld):
        table.select(act.cards)
        table.meld_button.click()
    elif isinstance(act, Discard):
        table.select([act.card])
        table.discard_button.click()
    else:
        table.select([act.card])
        table.lay_off_buttons[act.meld_index].click()


def test_a_turn_played_the_best_way_is_right(puzzles, tmp_path):
    s = RummyPuzzleSession(puzzles, child="Mina", folder=tmp_path, lang="en")
    p = s.puzzle
    moves = plan(p)
    for act in moves[:-1]:
        assert s.answer(act) is None and s.tone == "good" and s.message_text().startswith("Good:")
    assert s.answer(moves[-1]) is True and s.finished
    assert s.message_text().startswith("Right!") and p.explanation().text("en") in s.message_text()
    assert Leitner.load(tmp_path, "Mina").box(p.id) == 1 and (tmp_path / file_name("Mina")).exists()
    assert s.answer(moves[-1]) is None and s.message_text() == "Press Next for the next puzzle."


def test_a_wrong_move_says_what_it_leaves(puzzles):
    s = RummyPuzzleSession(puzzles, child="Ola", lang="en")
    p = s.puzzle
    wrong = wrong_move(p)
    assert s.answer(wrong) is False and s.boxes.box(p.id) == 0
    text = s.message_text()
    assert text.startswith("Not quite") and p.explanation().text("en") in text
    left = p.values[p.legal_actions().index(wrong)]
    assert f"{left} points" in text and f"the best way keeps {p.best}" in text


def test_a_forbidden_move_gets_the_games_sentence_and_is_no_answer(puzzles):
    s = RummyPuzzleSession(puzzles, child="Ola", lang="nb")
    p = s.puzzle
    hand = s.hand()
    bad = Meld(p.seat, tuple(hand[:2]))            # two cards are never a meld
    assert s.answer(bad) is None and s.tone == "error"
    assert s.message_text() == s.round.why_illegal(bad, "nb") and "kombinasjon" in s.message_text()
    assert s.boxes.entries == {} and not s.finished and s.hand() == hand
    assert s.move("discard", []) is None and s.message_text() == "Velg først ett kort (bare ett)."


def test_the_position_is_drawn_and_the_table_plays_by_clicking(puzzles, tmp_path):
    table = RummyPuzzleTable(puzzles, child="Mina", folder=tmp_path, lang="sv")
    s = table.session
    shown = [b.description for b in table.card_buttons if b.layout.display != "none"]
    assert shown == [str(c) for c in s.hand()]
    assert "Bot" in table.felt_html.value and "Draghögen" in table.felt_html.value
    assert table.meld_button.description == "Lägg ner" and table.discard_button.description == "Kasta"
    assert "0 av" in table.title_html.value and table.message_text().startswith("Din tur")
    p = s.puzzle
    for act in plan(p):
        play_by_clicking(table, act)
    assert s.right is True and table.message_text().startswith("Rätt!")
    assert p.title().text("sv") in table.title_html.value
    assert all(b.disabled for b in table.card_buttons if b.layout.display != "none")
    # the round has passed to the next player's draw: that is not the child's question, so no draw buttons
    assert table.draw_stock_button.layout.display == table.draw_discard_button.layout.display == "none"
    assert table.discard_button.layout.display is None and table.discard_button.disabled
    table.language_dropdown.value = "en"
    assert table.message_text().startswith("Right!") and table.discard_button.description == "Discard"
    cards_of = {len(s.round.hands[seat]) for seat in range(s.round.players) if seat != s.seat}
    for n in cards_of:                                              # "1 card", "2 cards"
        assert (f": {n} card<" if n == 1 else f": {n} cards<") in table.felt_html.value
    points = s.points_in_hand()
    assert f"Your hand: {points} point{'' if points == 1 else 's'}<" in table.felt_html.value
    table.next_button.click()
    assert s.puzzle is not p and not s.finished and table.selected == []


def test_a_puzzle_with_a_lay_off_is_solved_by_clicking(puzzles):
    lay = [p for p in puzzles if p.theme == "lay_off"]
    table = RummyPuzzleTable(lay, child="Bo", lang="en")
    p = table.session.puzzle
    assert table.lay_off_buttons[0].layout.display != "none"
    assert table.lay_off_buttons[0].description.startswith("Lay off onto")
    for act in plan(p):
        play_by_clicking(table, act)
    assert table.session.right is True


def test_a_wrong_click_and_a_refused_meld_keep_the_selection(puzzles):
    table = RummyPuzzleTable(puzzles, child="Ola", lang="en")
    hand = table.session.hand()
    table.select(hand[:2])
    table.meld_button.click()
    assert table.session.tone == "error" and table.selected == hand[:2]
    throw = next(a for a in table.session.legal() if isinstance(a, Discard))
    table.select([throw.card])
    table.discard_button.click()
    assert table.selected == [] and table.session.moves == [throw] and table.session.finished


def test_all_solved_says_done(puzzles):
    s = RummyPuzzleSession(puzzles[:2], child="Bo", lang="en")
    for _ in range(40):
        if s.done:
            break
        assert solve(s) is True
        s.next_puzzle()
    assert s.done and s.message_text() == "Done! You have solved all 2 puzzles."


def test_a_missed_puzzle_comes_back(puzzles):
    s = RummyPuzzleSession(puzzles, child="Ola", lang="en")
    missed = s.puzzle.id
    assert s.answer(wrong_move(s.puzzle)) is False
    s.next_puzzle()
    seen = []
    while s.puzzle is not None and len(seen) < 4 * len(puzzles):
        seen.append(s.puzzle.id)
        if s.puzzle.id == missed:
            break
        solve(s)
        s.next_puzzle()
    assert seen[-1] == missed and len(seen) == GAPS[0] + 1


def test_the_rummy_ladder_climbs_the_rummy_themes(puzzles, tmp_path):
    assert sorted(LADDER_THEMES) == sorted(THEME_NAMES + DRAW_THEMES) and LADDER_THEMES[-1] == "exact"
    ladder = Ladder(puzzles)
    ranks = [(LADDER_THEMES.index(st.theme), st.level) for st in ladder.steps]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    s = RummyPuzzleSession(puzzles, child="Åsa", folder=tmp_path, lang="sv", ladder=True)
    assert s.message_text().startswith("Steg 1 av") and s.puzzle.theme == LADDER_THEMES[0]
    steps = []
    for _ in range(12):
        steps.append(s.ladder.current(s.boxes))
        solve(s)
        s.next_puzzle()
    assert steps == sorted(steps) and steps[-1] > 0
    again = RummyPuzzleSession(puzzles, child="Åsa", folder=tmp_path, lang="sv", ladder=True)
    assert again.boxes.to_dict() == s.boxes.to_dict() and again.puzzle.id == s.puzzle.id


def test_a_teacher_hands_out_a_rummy_set_and_reads_the_results(puzzles, tmp_path):
    from cardlab.classroom import collect_results
    from cardlab.puzzles.handout import collect_puzzle_results, hand_out, load_set

    path = hand_out(tmp_path, "rummy1", puzzles[:6])
    assert load_set(path) == puzzles[:6]
    mina = RummyPuzzleSession(load_set(path), child="Mina", folder=progress_folder(tmp_path), lang="sv")
    first = mina.puzzle
    solve(mina)
    mina.next_puzzle()
    second = mina.puzzle
    mina.answer(wrong_move(second))
    table = collect_puzzle_results(tmp_path, lang="en")
    rows = {r.puzzle: r for r in table.itertuples()}
    assert (rows[first.id].game, rows[first.id].set, rows[first.id].solved, rows[first.id].theme) == \
        ("rummy", "rummy1", True, first.theme)
    assert not rows[second.id].solved and rows[second.id].tries == 1
    assert rows[second.id].last_answer == mina.moves_text() and table.attrs["unread"] == []
    got = collect_results(tmp_path, puzzles=True, lang="en")
    assert got.puzzles.equals(table)
