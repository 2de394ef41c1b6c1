"""The puzzle ladder, handing out a set, collecting results and "Mina misstag"."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardlab.cards import Card
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.handout import (COLUMNS, collect_puzzle_results, hand_out, load_set, mistakes_first,
                                     sets_folder)
from cardlab.puzzles.ladder import FIRST_THEMES, STEP_UP, Ladder, progress_folder
from cardlab.puzzles.repetition import DONE, Leitner
from cardlab.puzzles.session import PuzzleSession
from cardlab.widgets.puzzle_table import PuzzleTable


def fake(pid, theme, level, difficulty=0):
    return SimpleNamespace(id=pid, theme=theme, level=level, difficulty=difficulty)


@pytest.fixture(scope="module")
def puzzles():
    return puzzles_from_games(n=12, rng=3, hand_size=4)


def test_steps_follow_the_first_themes_then_levels():
    set_ = [fake("e", "exact", 1), fake("d2", "duck", 2), fake("x", "odd_theme", 1), fake("t3", "top_trump", 3),
            fake("d1", "duck", 1), fake("t1", "top_trump", 1)]
    steps = [(s.theme, s.level) for s in Ladder(set_).steps]
    assert steps == [("top_trump", 1), ("top_trump", 3), ("duck", 1), ("duck", 2), ("odd_theme", 1), ("exact", 1)]


def test_real_set_steps_are_ordered_and_hold_every_puzzle_once(puzzles):
    ladder = Ladder(puzzles)
    ids = [i for s in ladder.steps for i in s.ids]
    assert sorted(ids) == sorted(p.id for p in puzzles)
    ranks = [(FIRST_THEMES.index(s.theme), s.level) for s in ladder.steps]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    by_id = {p.id: p for p in puzzles}
    for s in ladder.steps:
        assert all(by_id[i].theme == s.theme and by_id[i].level == s.level for i in s.ids)
        assert [by_id[i].difficulty for i in s.ids] == sorted(by_id[i].difficulty for i in s.ids)


def test_step_up_after_step_up_solved():
    set_ = [fake(f"a{n}", "top_trump", 1) for n in range(5)] + [fake("b0", "duck", 1)]
    ladder, boxes = Ladder(set_), Leitner("Mina")
    for n in range(STEP_UP):
        assert ladder.current(boxes) == 0
        assert ladder.next_id(boxes).startswith("a")
        boxes.record(f"a{n}", right=True)
    assert ladder.current(boxes) == 1 and "b0" in ladder.open_ids(boxes)


def test_a_missed_puzzle_comes_back_before_the_step_is_left():
    set_ = [fake(f"a{n}", "top_trump", 1) for n in range(4)] + [fake(f"b{n}", "duck", 1) for n in range(4)]
    ladder, boxes = Ladder(set_), Leitner("Mina")
    boxes.record("a0", right=False)
    seen = []
    for _ in range(4):
        pid = ladder.next_id(boxes)
        seen.append(pid)
        boxes.record(pid, right=True)
    # the step is climbed after a1-a3, but the missed a0 is due (after GAPS[0] others) before any new duck
    assert seen == ["a1", "a2", "a3", "a0"] and ladder.current(boxes) == 1


def test_random_runs_never_leave_the_open_steps_and_finish():
    rng = random.Random(7)
    for case in range(30):
        themes = rng.sample(FIRST_THEMES[:6], 3)
        set_ = [fake(f"{case}-{n}", rng.choice(themes), rng.randint(1, 3)) for n in range(rng.randint(1, 12))]
        ladder, boxes = Ladder(set_), Leitner("x")
        for _ in range(500):
            pid = ladder.next_id(boxes)
            if pid is None:
                break
            step = ladder.step_of(pid)
            # plain check: every earlier step has its need solved
            for earlier in ladder.steps[:step]:
                assert sum(1 for i in earlier.ids if boxes.entries.get(i, {}).get("right", 0)) >= earlier.need
            boxes.record(pid, right=rng.random() < 0.7)
        assert all(boxes.box(p.id) == DONE for p in set_)


def test_session_on_the_ladder_says_the_step(puzzles, tmp_path):
    s = PuzzleSession(puzzles, child="Mina", folder=tmp_path, lang="en", ladder=True)
    first = s.ladder.steps[0]
    assert s.puzzle.id in first.ids
    assert s.message_text().startswith(f"Step 1 of {len(s.ladder.steps)} (level {first.level}): 0 of {first.need}")
    assert s.step().text("sv").startswith("Steg 1 av") and s.step().text("nb").startswith("Trinn 1 av")
    s.answer(s.puzzle.answer)
    saved = json.loads((tmp_path / "mina.puzzles.json").read_text(encoding="utf-8"))
    assert saved["entries"][s.puzzle.id]["last"] == str(Card.parse(s.puzzle.answer))


def test_table_on_the_ladder_by_clicking(puzzles):
    table = PuzzleTable(puzzles, child="Mina", lang="en", ladder=True)
    s = table.session
    for _ in range(12):
        if s.puzzle is None:
            break
        shown = [b for b in table.card_buttons if b.layout.display != "none"]
        next(b for b in shown if b.description == str(Card.parse(s.puzzle.answer))).click()
        table.next_button.click()
    assert s.ladder.current(s.boxes) > 0 or len(s.ladder.steps) == 1
    if s.puzzle is not None:
        assert "Step" in table.message_html.value


def test_hand_out_collect_and_a_damaged_file(puzzles, tmp_path, monkeypatch):
    written = []
    import cardlab.puzzles.repetition as rep
    real = rep.write_atomically
    monkeypatch.setattr(rep, "write_atomically", lambda path, text: written.append(path) or real(path, text))
    path = hand_out(tmp_path, "week1", puzzles[:6])
    assert written == [path] and path.parent == sets_folder(tmp_path)
    assert [p.id for p in load_set(path)] == [p.id for p in puzzles[:6]]
    with pytest.raises(ValueError, match="name"):
        hand_out(tmp_path, "../bad", puzzles[:1])
    ladder = Ladder(puzzles[:6])
    folder = progress_folder(tmp_path)
    bo = Leitner("Bo")
    bo.record(puzzles[0].id, right=False, answer="2H")
    bo.record(puzzles[0].id, right=True, answer="AS")
    bo.save(folder)
    al = Leitner("Al")
    al.record(puzzles[1].id, right=False, answer="3C")
    al.save(folder)
    (folder / "eve.puzzles.json").write_text("{{{", encoding="utf-8")
    table = collect_puzzle_results(tmp_path)
    assert list(table.columns) == list(COLUMNS)
    rows = {(r.child, r.puzzle): r for r in table.itertuples()}
    b = rows[("Bo", puzzles[0].id)]
    assert (b.tries, b.solved, b.last_answer, b.game, b.theme, b.set) == (2, True, "AS", "plump", puzzles[0].theme, "week1")
    assert b.step == ladder.step_of(puzzles[0].id) + 1
    a = rows[("Al", puzzles[1].id)]
    assert (a.tries, a.solved, a.last_answer) == (1, False, "3C")
    assert [u.file.endswith("eve.puzzles.json") for u in table.attrs["unread"]] == [True]


class Careless:
    """Bids as the bot does, plays any legal card: it makes mistakes to learn from."""

    def __init__(self, seed):
        from cardlab.bots.plump import PlumpBot

        self.random, self.bidder = random.Random(seed), PlumpBot()

    def choose(self, view):
        if view.phase == "bid":
            return self.bidder.choose(view)
        return self.random.choice(list(view.legal_actions))


def test_put_first_orders_before_what_is_due():
    boxes = Leitner("Mina")
    boxes.record("r1", right=False)
    for _ in range(5):
        boxes.record("filler", right=False)
    boxes.put_first(["o1", "o2"])
    assert boxes.next_id(["r1", "o1", "o2", "filler"]) == "o1"
    boxes.record("o1", right=True)
    assert boxes.next_id(["r1", "o1", "o2", "filler"]) == "o2"


def test_mistakes_first_puts_the_childs_own_puzzles_first(puzzles):
    from cardlab.bots.plump import PlumpBot
    from cardlab.match import Match
    from cardlab.puzzles.plump import puzzles_from_match
    from cardlab import PlumpRules

    for seed in range(4):
        match = Match.new("plump", PlumpRules.preset("kids"), rng=seed)
        match.play_out([Careless(seed), PlumpBot(), PlumpBot(), PlumpBot()])
        if puzzles_from_match(match, 0):
            break
    boxes = Leitner("Mina")
    for p in puzzles[:3]:
        boxes.record(p.id, right=False)
    together = mistakes_first(match, 0, boxes, puzzles)
    own_cards = puzzles_from_match(match, 0)
    assert [p.id for p in together[: len(own_cards)]] == [p.id for p in own_cards]
    n_own = len(together) - len(puzzles)
    assert n_own >= len(own_cards) >= 1
    s = PuzzleSession(together, child="Mina", lang="en", ladder=True)
    s.boxes = boxes
    order = []
    for _ in range(n_own):
        pid = s.ladder.next_id(s.boxes)
        order.append(pid)
        s.boxes.record(pid, right=True)
    assert order == [p.id for p in together[:n_own]]


# ------------------------------------------------------------------ why a file could not be read, in three languages
DAMAGED_PROGRESS = [
    ("notjson.puzzles.json", b"{ not json", "puzzles.file.not_json", "JSON"),
    ("latin.puzzles.json", "{\"child\": \"Åsa\"}".encode("latin-1"), "puzzles.file.not_utf8", "UTF-8"),
    ("format.puzzles.json", b'{"format": "x"}', "puzzles.progress.format", "'format'"),
    ("turn.puzzles.json", b'{"format": "cardlab-puzzle-progress", "turn": -1, "entries": {}}', "puzzles.progress.turn",
     "'turn'"),
    ("entries.puzzles.json", b'{"format": "cardlab-puzzle-progress", "turn": 1, "entries": []}',
     "puzzles.progress.entries", "'entries'"),
    ("box.puzzles.json", b'{"format": "cardlab-puzzle-progress", "turn": 1, "entries": {"p1": {"box": 9, "due": 1, '
     b'"tries": 1, "right": 1}}}', "puzzles.progress.box", "'p1'"),
]
#: words every language shares in these sentences: field names, file names, formats
SHARED = {"json", "format", "turn", "entries", "theme", "puzzles", "cardlab", "progress", "utf", "notjson", "latin",
          "week", "wrong", "week2", "game", "rules", "femkamp", "plump", "hands", "deal", "text"}


def _english_words(text):
    """Words of four letters or more, leaving out what is quoted ('theme'), names of files and values
    (week2.json, top_trump) and the words every language shares."""
    import re

    text = re.sub(r"'[^']*'", " ", text)
    tokens = [t.strip(",.:;()") for t in text.split()]
    return {t.lower() for t in tokens if t.isalpha() and len(t) >= 4} - SHARED - {"duck", "exact"}


@pytest.fixture()
def damaged_class(puzzles, tmp_path):
    hand_out(tmp_path, "week1", puzzles[:3])
    bad = puzzles[0].to_dict()
    bad["theme"] = "guess"
    sets = sets_folder(tmp_path)
    (sets / "week2.json").write_text(json.dumps({"format": "cardlab-puzzle-set", "game": "plump",
                                                 "puzzles": [puzzles[1].to_dict(), bad]}), encoding="utf-8")
    (sets / "wrong.json").write_text('{"format": "other"}', encoding="utf-8")
    folder = progress_folder(tmp_path)
    Leitner("Bo").save(folder)
    for name, data, _, _ in DAMAGED_PROGRESS:
        (folder / name).write_bytes(data)
    return tmp_path


@pytest.mark.parametrize("lang", ["sv", "nb", "en"])
def test_the_unread_reasons_are_in_the_language_asked_for(damaged_class, lang):
    table = collect_puzzle_results(damaged_class, lang=lang)
    unread = {Path(u.file).name: u for u in table.attrs["unread"]}
    english = {n: u.message("en") for n, u in unread.items()}
    assert set(unread) == {"week2.json", "wrong.json"} | {n for n, *_ in DAMAGED_PROGRESS}
    for name, _, rule, named in DAMAGED_PROGRESS:
        u = unread[name]
        assert u.rule == rule and named in u.reason, (name, u.reason)
        for other in ("sv", "nb", "en"):
            assert u.message(other) == collect_puzzle_results(damaged_class, lang=other).attrs["unread"][
                [Path(x.file).name for x in table.attrs["unread"]].index(name)].reason
    set_reason = unread["week2.json"].reason
    assert unread["week2.json"].rule == "puzzles.set.bad_puzzle"
    assert set_reason.startswith({"sv": "pussel 2 i week2.json: ", "nb": "nøtt 2 i week2.json: ",
                                  "en": "puzzle 2 of week2.json: "}[lang]) and "'theme'" in set_reason
    assert "'guess'" in set_reason and unread["wrong.json"].rule == "puzzles.set.not_set"
    if lang != "en":
        for name, u in unread.items():       # no English words left in a Swedish or Norwegian reason
            assert not _english_words(u.reason) & _english_words(english[name]), (u.reason, english[name])
    assert list(table["child"].unique()) == [] and list(table.columns) == list(COLUMNS)


def test_the_unread_reasons_follow_cardlabs_language(damaged_class):
    from cardlab import i18n

    old = i18n.get_language()
    try:
        i18n.set_language("sv")
        reasons = [u.reason for u in collect_puzzle_results(damaged_class).attrs["unread"]]
    finally:
        i18n.set_language(old)
    assert reasons == [u.reason for u in collect_puzzle_results(damaged_class, lang="sv").attrs["unread"]]
    assert any("fält 'turn' måste" in r for r in reasons)


@pytest.mark.parametrize("lang, words", [("sv", "måste vara ett heltal"), ("nb", "må være et heltall"),
                                         ("en", "must be a whole number")])
def test_a_damaged_progress_file_is_refused_in_the_sessions_language(puzzles, tmp_path, lang, words):
    from cardlab.errors import CardlabError
    from cardlab.puzzles.femkamp_session import FemkampPuzzleSession
    from cardlab.puzzles.repetition import file_name

    (tmp_path / file_name("Mina")).write_text('{"format": "cardlab-puzzle-progress", "turn": "x", "entries": {}}',
                                              encoding="utf-8")
    for make in (PuzzleSession, FemkampPuzzleSession):
        with pytest.raises(CardlabError, match=words) as info:
            make([], child="Mina", folder=tmp_path, lang=lang)
        assert info.value.rule == "puzzles.progress.turn" and "'turn'" in str(info.value)


@pytest.mark.parametrize("lang, words", [("sv", "får bara ha bokstäver"), ("nb", "kan bare ha bokstaver"),
                                         ("en", "may only have letters")])
def test_handing_out_refuses_a_bad_name_in_three_languages(puzzles, tmp_path, lang, words):
    with pytest.raises(ValueError, match=words):
        hand_out(tmp_path, "../bad", puzzles[:1], lang=lang)
    with pytest.raises(ValueError, match="(?i)plump"):
        hand_out(tmp_path, "empty", [], lang=lang)
