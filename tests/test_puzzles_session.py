"""The puzzle session without a screen: answers, the losing line for a wrong card, the Leitner
order, and progress saved per child."""

from __future__ import annotations

import json

import pytest

from cardlab.cards import Card
from cardlab.i18n import LANGUAGES
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.repetition import DONE, GAPS, Leitner, file_name
from cardlab.puzzles.session import PuzzleSession


@pytest.fixture(scope="module")
def puzzles():
    found = puzzles_from_games(n=10, rng=3, hand_size=4)
    assert len(found) >= 6
    return found


def wrong_card(session):
    return Card.parse(session.puzzle.margin["loses"][0])


# ------------------------------------------------------------------ answers
def test_a_right_answer(puzzles):
    s = PuzzleSession(puzzles, child="Mina", lang="sv")
    assert s.puzzle is puzzles[0] and s.round.to_move == s.seat
    assert sorted(c.code for c in s.legal()) == sorted(s.puzzle.legal)
    assert s.answer(s.puzzle.answer) is True and s.tone == "good"
    text = s.message_text()
    assert text.startswith(f"Rätt! {Card.parse(s.puzzle.answer)} håller budet.")
    assert s.puzzle.explanation().text("sv") in text and s.line is None
    assert s.answer(s.puzzle.answer) is None and "Nästa" in s.message_text()     # one answer per puzzle


def test_a_wrong_answer_shows_the_line_that_loses(puzzles):
    s = PuzzleSession(puzzles, child="Mina", lang="en")
    card = wrong_card(s)
    assert s.answer(card) is False and s.tone == "bad"
    line = s.line
    assert line is not None and line.steps[0].card == card and line.taken != s.puzzle.bid
    text = s.message_text()
    assert text.startswith(f"Not quite: with {card} the others can stop you.")
    assert f"trick {line.trick}" in text
    tricks = s.line_tricks()
    table = ", ".join(f"{s.names()[seat]} {c}" for seat, c in s.round.current_trick)
    first = f"Trick {s.puzzle.trick}: " + (table + ", " if table else "") + f"You {card}"
    assert tricks[0].startswith(first) and tricks[0].count(",") == s.round.players - 1
    assert len(tricks) == s.puzzle.tricks_left
    assert all(t.startswith("Trick") for t in tricks) and s.line_tricks("sv")[0].startswith("Stick")


def test_a_card_that_may_not_be_played_is_explained_kindly(puzzles):
    s = PuzzleSession(puzzles, child="Mina", lang="sv")
    for p in puzzles:                                   # find a puzzle where a card in hand may not be played
        s.puzzle, s.round = p, p.round()
        s.answered = None
        hand = s.hand()
        barred = [c for c in hand if c not in s.legal()]
        if barred:
            break
    else:
        pytest.skip("no puzzle in the set has a card that may not be played")
    assert s.answer(barred[0]) is None and s.tone == "error"
    assert "bekänna" in s.message_text() and s.answered is None
    assert "follow suit" in s.message_text("en")
    assert s.answer("XX") is None and s.tone == "error"


def test_every_message_in_three_languages(puzzles):
    s = PuzzleSession(puzzles, child="Mina", lang="nb")
    asks = {lang: s.message_text(lang) for lang in LANGUAGES}
    assert asks["nb"].startswith("Du meldte") and asks["sv"].startswith("Du bjöd") and asks["en"].startswith("You bid")
    s.answer(wrong_card(s))
    texts = {lang: s.message_text(lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == 3
    assert texts["nb"].startswith("Ikke helt") and texts["sv"].startswith("Inte riktigt")


# ------------------------------------------------------------------ the order
def test_a_missed_puzzle_comes_back_after_a_few_others(puzzles):
    s = PuzzleSession(puzzles, child="Mina", lang="en")
    first = s.puzzle.id
    s.answer(wrong_card(s))
    order = []
    for _ in range(GAPS[0]):
        s.next_puzzle()
        order.append(s.puzzle.id)
        s.answer(s.puzzle.answer)
    assert first not in order and len(set(order)) == GAPS[0]
    s.next_puzzle()
    assert s.puzzle.id == first                          # back after GAPS[0] others


def test_solved_puzzles_come_back_later_then_never():
    boxes = Leitner("Mina")
    ids = [f"p{i}" for i in range(30)]
    seen = []
    for _ in range(40):
        pid = boxes.next_id(ids)
        seen.append(pid)
        boxes.record(pid, right=True)
    assert seen[0] == "p0" and seen.count("p0") >= 2
    second = seen.index("p0", 1)
    assert second - 1 >= GAPS[1]                          # waited at least GAPS[1] others
    for _ in range(200):
        pid = boxes.next_id(ids)
        if pid is None:
            break
        boxes.record(pid, right=True)
    assert boxes.next_id(ids) is None and all(boxes.box(i) == DONE for i in ids)
    assert boxes.solved(ids) == 30


def test_a_miss_sends_a_puzzle_back_to_the_first_box():
    boxes = Leitner("Mina")
    boxes.record("a", right=True)
    boxes.record("a", right=True)
    assert boxes.box("a") == 2
    boxes.record("a", right=False)
    assert boxes.box("a") == 0 and boxes.entries["a"]["due"] == boxes.turn + GAPS[0]


def test_all_done(puzzles):
    s = PuzzleSession(puzzles[:2], child="Mina", lang="en")
    for _ in range(3 * len(GAPS) * 2):
        if s.done:
            break
        s.answer(s.puzzle.answer)
        s.next_puzzle()
    assert s.done and s.message_text() == "Done! You have solved all 2 puzzles."
    assert s.answer("AS") is None and s.progress() == (2, 2)


# ------------------------------------------------------------------ saving
def test_progress_is_saved_per_child_and_read_back(puzzles, tmp_path):
    s = PuzzleSession(puzzles, child="Åsa", folder=tmp_path, lang="sv")
    first = s.puzzle.id
    s.answer(wrong_card(s))
    s.next_puzzle()
    second = s.puzzle.id
    s.answer(s.puzzle.answer)
    path = tmp_path / file_name("Åsa")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["child"] == "Åsa" and data["turn"] == 2
    assert data["entries"][first]["box"] == 0 and data["entries"][second]["box"] == 1
    assert [p.name for p in tmp_path.iterdir()] == [path.name]          # no temporary file left behind
    again = PuzzleSession(puzzles, child="Åsa", folder=tmp_path, lang="sv")
    assert again.boxes.to_dict() == s.boxes.to_dict()
    assert again.puzzle.id not in (first, second)                        # the missed one is not due yet
    other = PuzzleSession(puzzles, child="Bo", folder=tmp_path, lang="sv")
    assert other.puzzle.id == first and other.boxes.turn == 0


@pytest.mark.parametrize("text, field", [
    ("{", "JSON"), ('{"format": "x"}', "format"),
    ('{"format": "cardlab-puzzle-progress", "turn": -1, "entries": {}}', "turn"),
    ('{"format": "cardlab-puzzle-progress", "turn": 1, "entries": []}', "entries"),
    ('{"format": "cardlab-puzzle-progress", "turn": 1, "entries": {"a": {"box": 9, "due": 1, "tries": 1, "right": 1}}}', "box"),
    ('{"format": "cardlab-puzzle-progress", "turn": 1, "entries": {"a": {"box": 1}}}', "whole numbers")])
def test_a_damaged_progress_file_is_refused_and_left_alone(tmp_path, text, field):
    path = tmp_path / file_name("Mina")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=field):
        Leitner.load(tmp_path, "Mina")
    assert path.read_text(encoding="utf-8") == text


def test_file_names():
    assert file_name("Mina") == "mina.puzzles.json"
    assert file_name("../../etc") == "etc.puzzles.json"
    assert file_name("Kari Nordmann") == "kari-nordmann.puzzles.json"


def test_a_session_from_plain_data(puzzles):
    data = json.loads(json.dumps([p.to_dict() for p in puzzles]))
    s = PuzzleSession(data, child="Mina", lang="en")
    assert s.puzzle == puzzles[0] and s.answer(s.puzzle.answer) is True
    with pytest.raises(ValueError, match="theme"):
        PuzzleSession([{**data[0], "theme": "guess"}], child="Mina")


# ------------------------------------------------------------------ hidden hands and bids in one set
@pytest.fixture(scope="module")
def mixed():
    from cardlab.puzzles import bid_puzzles_from_games, hidden_puzzles_from_games

    return hidden_puzzles_from_games(2, rng=3) + bid_puzzles_from_games(2, rng=5)


def _fits(rnd, seat, hands):
    from cardlab.puzzles.plump_hidden import seen_of

    seen = seen_of(rnd, seat)
    used = [c for s, h in enumerate(hands) if s != seat for c in h]
    return (sorted(hands[seat], key=lambda c: c.index) == sorted(rnd.hands[seat], key=lambda c: c.index)
            and [len(h) for h in hands] == [len(h) for h in rnd.hands] and len(used) == len(set(used))
            and set(used) <= set(seen.unseen) and rnd.trump_card not in used
            and all(c.suit not in seen.voids[s] for s, h in enumerate(hands) if s != seat for c in h))


def test_a_hidden_puzzle_hides_the_others_until_a_wrong_card_shows_the_counter_deal(mixed):
    s = PuzzleSession(mixed, child="Mina", lang="en")
    p = s.puzzle
    assert s.kind == "hidden" and s.hides_others and s.message_text().startswith("You bid")
    assert "only your own cards" in s.message_text()
    shown = s.shown_hands()
    assert shown[s.seat] == s.hand() and all(h is None for k, h in enumerate(shown) if k != s.seat)
    wrong = next(c for c in p.legal if c != p.answer)
    assert s.answer(wrong) is False and s.tone == "bad" and not s.hides_others
    c = s.counter
    assert c is not None and s.line is c.line and s.shown_hands() == [list(h) for h in c.hands]
    assert _fits(s.round, s.seat, c.hands)
    from cardlab.puzzles.plump_hidden import judge
    assert judge(p.position(), c.hands, [Card.parse(wrong)]) == [False]
    text = s.message_text()
    assert text.startswith(f"Not quite: {Card.parse(wrong)} has less chance. Here is a deal that fits everything you saw")
    assert p.explanation().text("en") in text and s.line_tricks()[0].startswith(f"Trick {p.trick}: ")
    assert len({s.message_text(lang) for lang in LANGUAGES}) == 3


def test_a_hidden_puzzle_right_card(mixed):
    s = PuzzleSession(mixed, child="Mina", lang="sv")
    assert s.answer(s.puzzle.answer) is True and s.message_text().startswith("Rätt!")
    assert s.counter is None and s.line is None and None not in s.shown_hands()


def test_a_bid_puzzle_takes_a_bid(mixed):
    s = PuzzleSession(mixed[2:], child="Mina", lang="en")
    p = s.puzzle
    assert s.kind == "bid" and s.legal() == [] and s.legal_bids() == list(p.legal)
    assert s.message_text().startswith("You have 3 cards and it is your turn to bid")
    assert s.answer(Card.parse("AS")) is None and s.message_text() == "Choose a bid from 0 to 3."
    assert s.answer_bid(9) is None and s.answered is None
    if p.forbidden is not None:
        assert s.answer_bid(p.forbidden) is None and s.answered is None and s.tone == "error"
    wrong = next(b for b in p.legal if b != p.answer)
    assert s.answer(wrong) is False
    assert s.counter is not None and s.message_text().startswith(f"Not quite: a bid of {wrong} has less chance.")
    assert s.line_tricks() and all(t.startswith("Trick") for t in s.line_tricks())
    s.next_puzzle()
    assert s.answer_bid(s.puzzle.answer) is True and s.message_text().startswith("Right! A bid of")


def test_a_card_puzzle_refuses_a_bid(puzzles):
    s = PuzzleSession(puzzles, child="Mina", lang="en")
    assert s.answer_bid(1) is None and s.message_text() == "Here you pick a card, not a bid."
    assert s.answer(1) is None and s.answered is None


def test_a_mixed_set_from_plain_data_and_an_old_card_puzzle(mixed, puzzles):
    old = puzzles[0].to_dict()
    del old["kind"]                                     # a set written before the kinds existed
    data = json.loads(json.dumps([p.to_dict() for p in mixed])) + [old]
    s = PuzzleSession(data, child="Mina", lang="en")
    assert [p.kind for p in s.puzzles] == ["hidden", "hidden", "bid", "bid", "card"]
    assert s.puzzles[-1] == puzzles[0] and s.puzzles[:4] == mixed
    with pytest.raises(ValueError, match="kind"):
        PuzzleSession([{**data[0], "kind": "rummy"}], child="Mina")
