"""The quiz with no user interface (QuizSession), the lesson every quiz of a notebook shares, and no answer lost."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardlab import CardlabError
from cardlab.classroom import collect_results
from cardlab.session.quiz import Lesson, QuizSession
from cardlab.widgets import BidQuiz, FollowSuitQuiz, TrickQuiz

TRICKS = [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
          {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]
BIDS = [{"hand": "AS", "players": 2, "others": ["KS"]}, {"hand": "AS KS AH", "trump": "S", "players": 2, "others": ["2C 3C 4C"]}]


def _saved(folder) -> dict[str, list]:
    """exercise → the answers in its file (one pupil)."""
    out = {}
    for path in folder.glob("*.json"):
        record = json.loads(path.read_text(encoding="utf-8"))
        out[record["exercise"]] = [(a["question"], a["answer"], a["correct"]) for a in record["answers"]]
    return out


# ---------------------------------------------------------------- the session
def test_a_session_answers_scores_and_reports_without_any_widget(tmp_path):
    lesson = Lesson(lang="en", class_folder=tmp_path)
    quiz = QuizSession("trick", TRICKS[:2], lesson=lesson, exercise="tricks")
    assert quiz.score == (0, 0) and not quiz.answered and not quiz.next_question()   # no skipping an unanswered question
    assert quiz.answer("QS").text() == "Not quite. K♣ wins: the highest card of the suit led. Q♠ cannot win: it is not clubs, the suit that was led."
    assert quiz.tone() == "error" and quiz.answer("KC").correct is True               # a second click: feedback only
    assert quiz.score == (0, 1)
    assert quiz.next_question() and quiz.index == 1 and quiz.feedback_text() == ""
    assert quiz.answer("AS").correct is False and quiz.is_last
    assert quiz.next_question() and quiz.finished and not quiz.next_question()
    assert quiz.feedback_text() == "Done! You got 0 of 2 right." and quiz.feedback_text("sv") == "Klart! Du hade 0 rätt av 2."
    rows = quiz.rows()
    assert rows == [{"question": 1, "position": "8♣ K♣ 4♣ Q♠", "answer": "Q♠", "right_answer": "K♣", "correct": False},
                    {"question": 2, "position": "J♥ 2♥ A♠ 10♥", "answer": "A♠", "right_answer": "J♥", "correct": False}]
    assert quiz.report().reset_index().to_dict("records") == rows                    # the report is the same rows


def test_the_saved_file_holds_the_report_rows(tmp_path):
    lesson = Lesson(lang="sv", class_folder=tmp_path, rng=4)
    quiz = QuizSession("follow-suit", [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "KS 2C", "led": "QH"}], lesson=lesson)
    assert quiz.submit([]) is None and quiz.feedback_text() == "Välj minst ett kort först, tryck sedan på Kontrollera."
    assert quiz.score == (0, 0)                                                         # an empty check is not scored
    quiz.submit(["9H", "7H"])
    path = quiz.save(pupil="Kim")
    df = collect_results(tmp_path, answered_only=False)
    assert path.name.startswith("follow_suit--Kim--") and len(df) == 2
    assert df[["question", "position", "answer", "correct"]].head(1).to_dict("records") == [
        {k: r[k] for k in ("question", "position", "answer", "correct")} for r in quiz.rows()[:1]]
    assert df["answer"].isna().tolist() == [False, True]
    assert quiz.save_status() == ("good", "Sparat för Kim.")


def test_a_bad_name_or_folder_says_why_and_keeps_every_answer(tmp_path):
    lesson = Lesson(lang="en", class_folder=tmp_path / "class")
    quiz = QuizSession("trick", TRICKS[:2], lesson=lesson)
    quiz.answer("KC")
    with pytest.raises(CardlabError, match="name"):
        quiz.save()                                                     # no name typed yet
    assert quiz.save_status() == ("error", "Could not save: Type your name first.")
    lesson.set_name("x" * 41)                                           # too long: nothing written, the reason shown
    assert quiz.save_status()[0] == "error" and "40" in quiz.save_status()[1]
    assert not (tmp_path / "class").exists() and quiz.score == (1, 1)
    (tmp_path / "file").write_text("not a folder")
    quiz.class_folder = tmp_path / "file"
    lesson.set_name("Lea")
    assert quiz.save_status()[0] == "error" and quiz.score == (1, 1)
    quiz.class_folder = None
    quiz.answer("KC")                                                   # the next save goes through
    lesson.save_all()
    assert quiz.save_status() == ("good", "Saved for Lea.") and _saved(tmp_path / "class")["trick"][0] == (1, "K♣", True)


def test_a_wrong_kind_or_no_questions_is_refused_by_name():
    with pytest.raises(CardlabError, match="kind"):
        QuizSession("poker", TRICKS, lesson=Lesson())
    with pytest.raises(CardlabError, match="question"):
        QuizSession("trick", [], lesson=Lesson())


def test_the_session_module_needs_no_ipywidgets():
    code = ("import sys, cardlab.session.quiz as q; "
            "s = q.QuizSession('bid', [{'hand': 'AS', 'players': 2, 'others': ['KS']}]); s.answer(1); "
            "assert 'ipywidgets' not in sys.modules, 'ipywidgets imported'; print(s.score)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1/1"


# ----------------------------------------------------------- no answer lost
def test_answers_before_the_name_is_typed_are_saved_under_it(tmp_path):
    """A pupil answers two trick questions, then types her name under the bid quiz: all her answers are saved."""
    lesson = Lesson(lang="sv", class_folder=tmp_path)
    trick = TrickQuiz(TRICKS, exercise="05 tricks", lesson=lesson)
    follow = FollowSuitQuiz([{"hand": "7H KS 2C 9H", "led": "QH"}], exercise="05 follow suit", lesson=lesson)
    bid = BidQuiz(BIDS, exercise="05 bids", lesson=lesson)
    next(b for b in trick.answer_buttons if b.description == "K♣").click()        # right
    trick.next_button.click()
    next(b for b in trick.answer_buttons if b.description == "A♠").click()        # wrong
    assert list(tmp_path.iterdir()) == []                                          # no name yet: kept, not written
    bid.name_text.value = "Maja"                                                   # typed under the bid quiz
    assert trick.name_text.value == follow.name_text.value == "Maja"
    assert _saved(tmp_path) == {"05 tricks": [(1, "K♣", True), (2, "A♠", False), (3, None, None), (4, None, None), (5, None, None)]}
    assert "Sparat för Maja." in trick.save_html.value
    df = collect_results(tmp_path)
    assert df[["pupil", "exercise", "question", "answer"]].values.tolist() == [
        ["Maja", "05 tricks", 1, "K♣"], ["Maja", "05 tricks", 2, "A♠"]]
    # every later answer, in any quiz, is saved at once under the same pupil
    bid.answer_buttons[1].click()
    follow.answer_buttons[0].value = True
    follow.check_button.click()
    trick.next_button.click()
    next(b for b in trick.answer_buttons if b.description == "2♠").click()
    df = collect_results(tmp_path)
    assert len(df) == 5 and df["pupil_id"].nunique() == 1 and set(df["exercise"]) == {"05 tricks", "05 bids", "05 follow suit"}
    assert sorted(df[df["exercise"] == "05 tricks"]["answer"]) == ["2♠", "A♠", "K♣"]


def test_typing_the_name_writes_each_answered_quiz_once(tmp_path, monkeypatch):
    from cardlab import classroom

    writes = []
    real = classroom.save_results
    monkeypatch.setattr(classroom, "save_results", lambda rows, *a, **kw: writes.append(kw["exercise"]) or real(rows, *a, **kw))
    lesson = Lesson(lang="en", class_folder=tmp_path)
    quizzes = [TrickQuiz(TRICKS, exercise="t", lesson=lesson), BidQuiz(BIDS, exercise="b", lesson=lesson),
               FollowSuitQuiz([{"hand": "7H KS", "led": "2H"}], exercise="f", lesson=lesson)]
    quizzes[0].answer_buttons[1].click()
    quizzes[2].name_text.value = "Ola"          # three views show the name; the one answered quiz is written once
    assert writes == ["t"]
    quizzes[1].name_text.value = "Ola"          # the same name again: nothing new to write
    assert writes == ["t"]


def test_the_save_button_under_one_quiz_saves_them_all(tmp_path):
    lesson = Lesson(lang="en", class_folder=tmp_path)
    trick = TrickQuiz(TRICKS, exercise="t", lesson=lesson)
    bid = BidQuiz(BIDS, exercise="b", lesson=lesson)
    trick.answer_buttons[1].click()
    bid.save_results(pupil="Ola")
    assert set(_saved(tmp_path)) == {"t", "b"} and _saved(tmp_path)["t"][0] == (1, "K♣", True)


def test_a_quiz_made_again_replaces_the_old_one_in_the_lesson(tmp_path):
    """Running a quiz's cell again: the old quiz's answers never overwrite the new one's file."""
    lesson = Lesson(lang="en", class_folder=tmp_path)
    old = QuizSession("trick", TRICKS, lesson=lesson, exercise="t")
    old.answer("KC")
    new = QuizSession("trick", TRICKS, lesson=lesson, exercise="t")
    assert lesson.quizzes == [new]
    new.answer("QS")
    lesson.set_name("Bo")
    assert _saved(tmp_path)["t"][0] == (1, "Q♠", False)


def test_two_different_quizzes_under_one_name_are_saved_apart(tmp_path):
    lesson = Lesson(lang="en", class_folder=tmp_path)
    first = QuizSession("trick", TRICKS[:2], lesson=lesson)
    second = QuizSession("trick", TRICKS[2:], lesson=lesson)
    assert (first.exercise, second.exercise) == ("trick", "trick 2")
    first.answer("KC")
    second.answer("2S")
    lesson.set_name("Bo")
    assert _saved(tmp_path) == {"trick": [(1, "K♣", True), (2, None, None)],
                                "trick 2": [(1, "2♠", True), (2, None, None), (3, None, None)]}


# --------------------------------------------------------- one language
def test_one_language_choice_for_every_quiz_of_the_lesson(tmp_path):
    lesson = Lesson(lang="sv", class_folder=tmp_path)
    trick = TrickQuiz(TRICKS, lesson=lesson)
    bid = BidQuiz(BIDS, lesson=lesson)
    trick.answer_buttons[1].click()
    assert "Vem vinner sticket?" in trick.title_html.value and "Hur mycket ska du bjuda?" in bid.title_html.value
    bid.language_dropdown.value = "nb"                               # chosen under the bid quiz …
    assert trick.language_dropdown.value == "nb" and lesson.lang == "nb"
    assert "Hvem vinner stikket?" in trick.title_html.value         # … and the trick quiz follows
    assert trick.feedback_text().startswith("Riktig! K♣ vinner")
    assert "Navnet ditt" == trick.name_text.description == bid.name_text.description


def test_quizzes_made_without_a_lesson_share_the_kernels_lesson(monkeypatch, tmp_path):
    from cardlab.session import quiz as session_quiz

    kernel = Lesson(lang="en", class_folder=tmp_path)
    monkeypatch.setattr(session_quiz, "LESSON", kernel)
    a = QuizSession("trick", TRICKS)
    b = QuizSession("bid", BIDS, lang="nb")                          # a language given sets the one for every quiz
    assert a.lesson is b.lesson is kernel and a.lang == "nb"


def test_a_pupil_who_joined_the_class_is_saved_under_the_servers_id(tmp_path, monkeypatch):
    """In the classroom app the server says who the pupil is: the first answer is saved at once under
    the id and name issued when joining, and a name typed later does not make a second pupil."""
    monkeypatch.setenv("CARDLAB_PUPIL_ID", "0123456789abcdef")
    monkeypatch.setenv("CARDLAB_PUPIL_NAME", "Åsa")
    lesson = Lesson(lang="sv", class_folder=tmp_path)
    trick = TrickQuiz(TRICKS, exercise="05 tricks", lesson=lesson)
    next(b for b in trick.answer_buttons if b.description == "K♣").click()
    assert trick.name_text.value == "Åsa"
    trick.name_text.value = "Anna"                        # typing another name changes nothing
    assert trick.name_text.value == "Åsa"
    trick.next_button.click()
    next(b for b in trick.answer_buttons if b.description == "A♠").click()
    df = collect_results(tmp_path)
    assert df[["pupil", "pupil_id", "answer"]].values.tolist() == [
        ["Åsa", "0123456789abcdef", "K♣"], ["Åsa", "0123456789abcdef", "A♠"]]


def test_one_name_in_another_case_is_the_same_pupil(tmp_path):
    """``anna`` and ``Anna`` typed at one computer are one pupil (one id), not two rows for the teacher."""
    lesson = Lesson(lang="en", class_folder=tmp_path)
    lesson.name = "anna"
    first = lesson.pupil()
    lesson.name = "ANNA"
    assert lesson.pupil().id == first.id
    lesson.name = "Björn"
    assert lesson.pupil().id != first.id
