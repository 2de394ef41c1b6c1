"""Results a teacher can collect: pupils' quizzes save into a class folder, the teacher reads it back.

A pupil's name is free text typed by a child: it never leaves the class folder as a path,
it is escaped wherever it is shown, and two pupils of the same name never overwrite each other.
"""

from __future__ import annotations

import json
import os

import pytest

from cardlab import CardlabError
from cardlab.classroom import (
    CLASS_DIR_ENV,
    COLUMNS,
    ResultsFileWarning,
    class_dir,
    clean_name,
    collect_results,
    file_stem,
    hardest_questions,
    results_path,
    save_results,
    success_by_pupil,
    success_by_question,
)

from cardlab import widgets  # noqa: E402 (a broken cardlab.widgets fails here, it is not skipped)
from cardlab.widgets.quiz import PupilState  # noqa: E402

TRICKS = [{"cards": "8C KC 4C QS"}, {"cards": "6D AD 2S KD", "trump": "S"}]   # K♣ wins; 2♠ (trump) wins
FOLLOW = [{"hand": "7H KS 2C 9H", "led": "QH"}]                              # 7♥ 9♥ may be played


def _quiz(tmp_path, name: str = "", cls=None, items=TRICKS, **kw):
    cls = cls or widgets.TrickQuiz
    state = PupilState(rng=kw.pop("rng", None))
    state.name = name
    return cls(items, lang="sv", class_folder=tmp_path, pupil_state=state, **kw)


def _click_card(quiz, text: str) -> None:
    next(b for b in quiz.answer_buttons if b.description == text).click()


# ------------------------------------------------------------- the folder
def test_class_folder_default_env_and_argument(monkeypatch, tmp_path):
    monkeypatch.delenv(CLASS_DIR_ENV, raising=False)
    assert class_dir() == class_dir(None) and class_dir().name == "cardlab-class"
    monkeypatch.setenv(CLASS_DIR_ENV, str(tmp_path / "3b"))
    assert class_dir() == tmp_path / "3b"
    assert class_dir(tmp_path / "4a") == tmp_path / "4a"   # an explicit folder wins


# ------------------------------------------------------- the round trip
def test_results_round_trip_two_pupils_same_name_twice_and_a_damaged_file(tmp_path):
    # Anna answers both questions right, Bo answers the second wrong, and a second Anna only the first
    anna = _quiz(tmp_path, "Anna", rng=1)
    _click_card(anna, "K♣"); anna.next_button.click(); _click_card(anna, "2♠")
    bo = _quiz(tmp_path, "Bo", rng=2)
    _click_card(bo, "K♣"); bo.next_button.click(); _click_card(bo, "A♦")
    anna2 = _quiz(tmp_path, "Anna", rng=3)
    _click_card(anna2, "Q♠")
    # every answer was saved as it was given (a name was typed): three files, none overwritten
    files = sorted(p.name for p in tmp_path.glob("*.json"))
    assert len(files) == 3 and sum(f.startswith("trick--Anna--") for f in files) == 2
    # a damaged file and a foreign JSON file are skipped with a warning naming them
    (tmp_path / "trick--Eva--0123456789abcdef.json").write_text('{"format": "cardlab-quiz-res', encoding="utf-8")
    (tmp_path / "notes.json").write_text(json.dumps({"hello": 1}), encoding="utf-8")
    with pytest.warns(ResultsFileWarning) as caught:
        df = collect_results(tmp_path)
    assert {str(w.message).split(":")[0] for w in caught} == {"skipped trick--Eva--0123456789abcdef.json", "skipped notes.json"}
    assert list(df.columns) == list(COLUMNS)
    rows = sorted(df[["pupil", "question", "answer", "correct"]].itertuples(index=False, name=None))
    assert rows == [("Anna", 1, "K♣", True), ("Anna", 1, "Q♠", False), ("Anna", 2, "2♠", True),
                    ("Bo", 1, "K♣", True), ("Bo", 2, "A♦", False)]
    assert df["exercise"].unique().tolist() == ["trick"]
    assert df.groupby("pupil")["pupil_id"].nunique().to_dict() == {"Anna": 2, "Bo": 1}
    # the teacher's summaries
    by_q = success_by_question(df)
    assert by_q[["question", "answered", "right"]].values.tolist() == [[1, 3, 2], [2, 2, 1]]
    by_p = success_by_pupil(df).set_index("label")
    assert len(by_p) == 3 and by_p.loc["Bo", "share_right"] == 0.5
    assert sorted(label for label in by_p.index if label.startswith("Anna")) == sorted(
        f"Anna ({pid[:4]})" for pid in df[df.pupil == "Anna"]["pupil_id"].unique())
    hardest = hardest_questions(df, n=1)
    assert hardest.loc[0, "question"] == 2 and hardest.loc[0, "share_right"] == 0.5


def test_saving_again_replaces_only_ones_own_file(tmp_path):
    quiz = _quiz(tmp_path, "Anna", rng=1)
    _click_card(quiz, "K♣")
    first = quiz.last_saved_path
    quiz.next_button.click(); _click_card(quiz, "2♠")
    assert quiz.last_saved_path == first and len(list(tmp_path.glob("*.json"))) == 1
    df = collect_results(tmp_path)
    assert df["answer"].tolist() == ["K♣", "2♠"]
    assert not list(tmp_path.glob(".*"))   # no temporary file left behind


def test_save_results_api_and_unanswered_questions(tmp_path):
    quiz = _quiz(tmp_path, cls=widgets.FollowSuitQuiz, items=FOLLOW + [{"hand": "KS 2C", "led": "QH"}], exercise="Lektion 5")
    for button in quiz.answer_buttons:
        button.value = button.description in ("7♥", "9♥")
    quiz.check_button.click()           # no name yet: nothing written
    assert not list(tmp_path.glob("*.json"))
    path = quiz.save_results(tmp_path / "klass", pupil="Anna")
    assert path.parent == (tmp_path / "klass").resolve() and path.name.startswith("Lektion_5--Anna--")
    assert collect_results(tmp_path / "klass")[["exercise", "question", "correct"]].values.tolist() == [["Lektion 5", 1, True]]
    everything = collect_results(tmp_path / "klass", answered_only=False)
    assert everything["answer"].iloc[0] == "7♥ 9♥" and everything["answer"].isna().tolist() == [False, True]
    assert "Sparat för Anna." in quiz.save_html.value


def test_no_name_asks_for_one_and_writes_nothing(tmp_path):
    quiz = _quiz(tmp_path, "   ")
    quiz.save_button.click()
    assert "Kunde inte spara: Skriv ditt namn först." in quiz.save_html.value
    assert not list(tmp_path.iterdir())
    with pytest.raises(CardlabError, match="Type your name first"):
        clean_name("\n\t ", lang="en")
    with pytest.raises(CardlabError, match="högst 40 tecken"):
        clean_name("A" * 41, lang="sv")


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(CardlabError) as caught:
        collect_results(tmp_path / "nowhere")
    assert caught.value.message("en") == f"The class folder {tmp_path / 'nowhere'} does not exist: check the path or CARDLAB_CLASS_DIR."


# ----------------------------------------------------------- path safety
@pytest.mark.parametrize("name", ["../../evil", "/etc/passwd", "..", ".", "a/b\\c", "C:\\Windows\\x", "~root",
                                  "\x00nul", "<script>alert(1)</script>", "Ånna-Lena 😀", "con", ".hidden", " " * 3 + "x"])
def test_a_name_never_writes_outside_the_class_folder(tmp_path, name):
    folder = tmp_path / "class"
    path = save_results([{"question": 1, "position": "", "answer": "K♣", "correct": True}], folder, pupil=name,
                        exercise="../trick", pupil_id="0123456789abcdef")
    assert path.parent == folder.resolve()
    assert not path.name.startswith(".") and "/" not in path.name and "\\" not in path.name and "\x00" not in path.name
    assert [p.name for p in tmp_path.iterdir()] == ["class"]
    assert collect_results(folder)["pupil"].tolist() == [clean_name(name)]   # the name itself kept as typed


def test_file_stem_and_path_pieces():
    assert file_stem("../..") == "x" and file_stem("Öberg, Åsa") == "Öberg_Åsa"
    assert len(file_stem("x" * 500)) == 30
    with pytest.raises(CardlabError, match="pupil id"):
        results_path("/tmp", pupil="Anna", exercise="trick", pupil_id="../../x")


# ------------------------------------------------------------ escaping
def test_a_name_is_escaped_wherever_it_is_shown(tmp_path):
    evil = '<img src=x onerror="alert(1)">'
    quiz = _quiz(tmp_path, evil)
    _click_card(quiz, "K♣")
    assert "<img" not in quiz.save_html.value and "&lt;img" in quiz.save_html.value
    df = collect_results(tmp_path)
    assert df.loc[0, "pupil"] == evil                                 # kept as data …
    html_table = success_by_pupil(df).to_html()
    assert "<img" not in html_table and "&lt;img" in html_table     # … escaped when shown
    from cardlab.classroom import results_chart

    chart = results_chart(df, lang="en")
    svg = chart._repr_mimebundle_()
    svg = svg[0] if isinstance(svg, tuple) else svg
    text = svg["image/svg+xml"]
    assert "<img" not in text, text[max(0, text.find("<img") - 300):text.find("<img") + 60]


def test_env_variable_is_where_the_quiz_saves(tmp_path, monkeypatch):
    monkeypatch.setenv(CLASS_DIR_ENV, str(tmp_path / "env-class"))
    state = PupilState()
    state.name = "Kari"
    quiz = widgets.TrickQuiz(TRICKS, lang="nb", pupil_state=state)
    _click_card(quiz, "K♣")
    assert quiz.last_saved_path.parent == (tmp_path / "env-class").resolve()
    assert "Lagret for Kari." in quiz.save_html.value
    assert os.path.exists(quiz.last_saved_path)


# ------------------------------------------------------- one child, one row
def test_one_child_is_one_row_whatever_the_case_or_normal_form(tmp_path):
    rows = [{"question": 1, "position": "", "answer": "K♣", "correct": True}]
    pid = "5555eeee5555eeee"   # one pupil (the id the page or the classroom server gave), typing differently
    for when, (typed, exercise) in enumerate([("anna", "trick"), ("Anna", "follow"), ("ANNA", "bid")]):
        path = save_results(rows, tmp_path, pupil=typed, exercise=exercise, pupil_id=pid)
        record = json.loads(path.read_text(encoding="utf-8"))
        record["saved_at"] = f"2030-01-01T10:0{when}:00+00:00"
        path.write_text(json.dumps(record), encoding="utf-8")
    df = collect_results(tmp_path)
    assert len(df) == 3 and df.attrs["skipped"] == ()          # the same name in another case is no forgery
    assert success_by_pupil(df)[["label", "answered"]].values.tolist() == [["ANNA", 3]]   # one row, newest spelling
    # Åsa typed in NFD (A + ring) is stored and shown as the NFC letter
    path = save_results([{"question": 1, "position": "", "answer": "K♣", "correct": True}], tmp_path,
                        pupil="A\u030asa", exercise="x", pupil_id="0a0a0a0a0a0a0a0a")
    assert json.loads(path.read_text(encoding="utf-8"))["pupil"] == "\u00c5sa"
    assert "\u00c5sa" in collect_results(tmp_path)["pupil"].tolist()


def test_look_alike_names_are_flagged_and_never_share_a_label(tmp_path):
    rows = [{"question": 1, "position": "", "answer": "K♣", "correct": True}]
    save_results(rows, tmp_path, pupil="Anna", exercise="trick", pupil_id="1111aaaa1111aaaa")
    save_results(rows, tmp_path, pupil="\u0410nna", exercise="trick", pupil_id="2222bbbb2222bbbb")   # Cyrillic А
    save_results(rows, tmp_path, pupil="ANNA", exercise="trick", pupil_id="3333cccc3333cccc")        # another child
    save_results(rows, tmp_path, pupil="Bo", exercise="trick", pupil_id="4444dddd4444dddd")
    df = collect_results(tmp_path, lang="sv")
    flags = dict(zip(df["pupil"], df["name_flag"]))
    assert flags["Bo"] == "" and flags["ANNA"] == "ser ut som ett annat namn: \u0410nna"
    assert flags["\u0410nna"].startswith("bokstäver från mer än ett alfabet (CYRILLIC, LATIN)")
    assert flags["\u0410nna"].endswith("; ser ut som ett annat namn: ANNA, Anna") and "\u0410nna" in flags["Anna"]
    labels = success_by_pupil(df)["label"].tolist()
    assert len(labels) == len(set(labels)) == 4
    assert sorted(labels) == sorted(["ANNA (3333)", "Anna (1111)", "\u0410nna (2222)", "Bo"])


# ------------------------------------------------------------------ the puzzles handed out, read by collect_results
@pytest.fixture(scope="module")
def plump_set():
    from cardlab.puzzles import puzzles_from_games

    return puzzles_from_games(n=6, rng=3, hand_size=4)


@pytest.fixture(scope="module")
def femkamp_set():
    from cardlab.puzzles.femkamp import femkamp_puzzles_from_games

    return femkamp_puzzles_from_games(n=3, rng=4)


def _puzzle_class(folder, plump_set, femkamp_set):
    """A class folder with a quiz answer, a Plump and a Femkamp set handed out, and two children's progress
    saved by the puzzle tables themselves (on the ladder, as in the lessons)."""
    from cardlab.puzzles.femkamp_session import FemkampPuzzleSession
    from cardlab.puzzles.handout import hand_out
    from cardlab.puzzles.ladder import progress_folder
    from cardlab.puzzles.session import PuzzleSession

    save_results([{"question": 1, "position": "8♣ K♣", "answer": "K♣", "correct": True}], folder, pupil="Bo",
                 exercise="trick", pupil_id="0123abcd")
    hand_out(folder, "week1", plump_set)
    hand_out(folder, "femkamp1", femkamp_set)
    bo = PuzzleSession(plump_set, child="Bo", folder=progress_folder(folder), lang="sv", ladder=True)
    first = bo.puzzle
    bo.answer(first.answer)
    bo.next_puzzle()
    second = bo.puzzle
    wrong = next(c for c in second.legal if c not in second.answers) if second.kind != "bid" else None
    bo.answer(wrong if wrong is not None else next(b for b in second.legal if b != second.answer))
    mina = FemkampPuzzleSession(femkamp_set, child="Mina", folder=progress_folder(folder), lang="sv", ladder=True)
    third = mina.puzzle
    mina.answer(third.answer)
    return first, second, third


def test_collect_results_reads_the_puzzle_results_too(tmp_path, plump_set, femkamp_set):
    from cardlab.classroom import CollectedResults
    from cardlab.puzzles.handout import COLUMNS as PUZZLE_COLUMNS, collect_puzzle_results
    from cardlab.puzzles.ladder import Ladder

    first, second, third = _puzzle_class(tmp_path, plump_set, femkamp_set)
    plain = collect_results(tmp_path)
    got = collect_results(tmp_path, puzzles=True, lang="en")
    assert isinstance(got, CollectedResults) and got.skipped == ()
    assert got.frame.equals(plain) and got.frame["pupil"].tolist() == ["Bo"]     # the quiz table is as before
    table = got.puzzles
    assert list(table.columns) == list(PUZZLE_COLUMNS)
    assert table.equals(collect_puzzle_results(tmp_path, lang="en"))
    rows = {(r.child, r.puzzle): r for r in table.itertuples()}
    assert set(rows) == {("Bo", first.id), ("Bo", second.id), ("Mina", third.id)}
    b1, b2, m = rows[("Bo", first.id)], rows[("Bo", second.id)], rows[("Mina", third.id)]
    assert (b1.set, b1.game, b1.tries, b1.solved, b1.theme) == ("week1", "plump", 1, True, first.theme)
    assert (b2.tries, b2.solved) == (1, False)
    assert (m.set, m.game, m.solved, m.step) == ("femkamp1", "femkamp", True, 1)
    assert b1.step == Ladder(plump_set).step_of(first.id) + 1 == 1
    # the old ways of calling are unchanged
    assert isinstance(collect_results(tmp_path, report=True), CollectedResults)
    assert collect_results(tmp_path, report=True).puzzles is None


def test_a_damaged_puzzle_file_is_skipped_with_a_warning_naming_it(tmp_path, plump_set, femkamp_set):
    from cardlab.puzzles.ladder import progress_folder

    _puzzle_class(tmp_path, plump_set, femkamp_set)
    (progress_folder(tmp_path) / "eve.puzzles.json").write_text("{ not json", encoding="utf-8")
    with pytest.warns(ResultsFileWarning) as caught:
        got = collect_results(tmp_path, puzzles=True, lang="sv")
    assert [str(w.message) for w in caught] == [
        "hoppade över puzzles/progress/eve.puzzles.json: filen eve.puzzles.json går inte att läsa som JSON "
        "(rad 1, tecken 3)."]
    assert [(s.file, s.rule, s.whole_file) for s in got.skipped] == [
        ("puzzles/progress/eve.puzzles.json", "puzzles.file.not_json", True)]
    assert set(got.puzzles["child"]) == {"Bo", "Mina"}        # the other children's rows are all there
    assert [u.rule for u in got.puzzles.attrs["unread"]] == ["puzzles.file.not_json"]
    assert got.skipped_table()["file"].tolist() == ["puzzles/progress/eve.puzzles.json"]
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert collect_results(tmp_path, lang="sv").attrs["skipped"] == ()      # without puzzles: not read at all
        assert len(collect_results(tmp_path, puzzles=True, warn=False).skipped) == 1


@pytest.mark.parametrize("lang, first", [
    ("sv", "Pussel: 2 elever har försökt 3 pussel; 67 % av de försökta pusslen blev lösta."),
    ("nb", "Nøtter: 2 elever har prøvd 3 nøtter; 67 % av nøttene som ble prøvd, ble løst."),
    ("en", "Puzzles: 2 pupils tried 3 puzzles; 67% of the puzzles tried were solved.")])
def test_the_class_summary_says_how_the_puzzles_went(tmp_path, plump_set, femkamp_set, lang, first):
    from cardlab.classroom import class_summary

    _puzzle_class(tmp_path, plump_set, femkamp_set)
    lines = class_summary(collect_results(tmp_path, puzzles=True, lang=lang), lang=lang)
    assert first in lines
    assert not any(line.startswith(first[:6]) for line in class_summary(collect_results(tmp_path), lang=lang))
    empty = tmp_path / "empty"
    empty.mkdir()
    assert class_summary(collect_results(empty, puzzles=True), lang="en")[1].startswith("No child has tried a puzzle")


def test_the_class_folder_of_the_environment_holds_the_puzzles(tmp_path, monkeypatch, plump_set):
    """The lessons save to progress_folder() (CARDLAB_CLASS_DIR when set): collect_results() finds it there."""
    from cardlab.puzzles.ladder import progress_folder
    from cardlab.widgets.puzzle_table import PuzzleTable

    monkeypatch.setenv(CLASS_DIR_ENV, str(tmp_path))
    table = PuzzleTable(plump_set, child="Åsa", folder=progress_folder(), lang="sv", ladder=True)
    p = table.session.puzzle
    if p.kind == "bid":
        table.bid_buttons[p.answer].click()
    else:
        from cardlab.cards import Card

        next(b for b in table.card_buttons if b.description == str(Card.parse(p.answer))).click()
    got = collect_results(puzzles=True)
    assert got.frame.empty and got.puzzles[["child", "puzzle", "solved"]].values.tolist() == [["Åsa", p.id, True]]
    assert got.puzzles["set"].isna().all()           # no set was handed out: the answers are still there
