"""The quiz as a pupil clicks it: no answer shown before answering, no empty check scored, a final result."""

from __future__ import annotations

import pytest

from cardlab import widgets  # a broken cardlab.widgets fails here, it is not skipped
from cardlab.widgets.quiz import QUIZ_CSS, Lesson

FOLLOW = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "KS 2C", "led": "QH"}]


def _follow(tmp_path, lang="sv"):
    return widgets.FollowSuitQuiz(FOLLOW, lang=lang, class_folder=tmp_path, lesson=Lesson())


def test_check_with_nothing_chosen_asks_to_choose_and_is_not_scored(tmp_path):
    quiz = _follow(tmp_path)
    quiz.check_button.click()
    assert quiz.feedback_text() == "Välj minst ett kort först, tryck sedan på Kontrollera."
    assert quiz.score == (0, 0) and not quiz.answered and quiz.next_button.disabled
    assert "#fffde7" in quiz.feedback_html.value          # a friendly note, not the red "wrong" tone
    quiz.set_language("en")
    assert quiz.feedback_text() == "Choose at least one card first, then press Check."
    # choosing and checking then scores as usual
    for button in quiz.answer_buttons:
        button.value = button.description in ("7♥", "9♥")
    quiz.check_button.click()
    assert quiz.feedback_text().startswith("Right!") and quiz.score == (1, 1)


def test_the_final_result_appears_after_the_last_question(tmp_path):
    quiz = _follow(tmp_path)
    for button in quiz.answer_buttons:
        button.value = button.description == "7♥"        # forgets 9♥: wrong
    quiz.check_button.click()
    quiz.next_button.click()
    assert quiz.next_button.description == "Se resultatet ▶" and quiz.next_button.disabled   # not yet answered
    for button in quiz.answer_buttons:
        button.value = True
    quiz.check_button.click()
    assert not quiz.next_button.disabled
    quiz.next_button.click()
    assert quiz.feedback_text() == "Klart! Du hade 1 rätt av 2."
    assert "Klart! Du hade 1 rätt av 2." in quiz.feedback_html.value
    assert quiz.finished and quiz.next_button.disabled


def test_report_shows_right_answers_only_after_answering(tmp_path):
    quiz = widgets.TrickQuiz([{"cards": "8C KC 4C QS"}, {"cards": "6D AD 2S KD", "trump": "S"}], lang="en",
                             class_folder=tmp_path, lesson=Lesson())
    before = quiz.report()
    assert before["right_answer"].isna().all() and before["answer"].isna().all()
    next(b for b in quiz.answer_buttons if b.description == "Q♠").click()
    after = quiz.report()
    assert after.loc[1, "right_answer"] == "K♣" and after.loc[1, "answer"] == "Q♠"
    assert after["right_answer"].isna().tolist() == [False, True]     # question 2 still gives nothing away


def test_quiz_cards_carry_their_own_style(tmp_path):
    """In a notebook with no game table the quiz's cards keep their size and show 10♥ whole (no padding to cut it)."""
    quiz = widgets.TrickQuiz([{"cards": "10H QH AS 2H"}], class_folder=tmp_path, lesson=Lesson())
    assert quiz.widget.children[0].value == QUIZ_CSS
    assert ".cardlab-quiz-card" in QUIZ_CSS and "padding: 0 !important" in QUIZ_CSS and "text-overflow: clip" in QUIZ_CSS
    ten = quiz.answer_buttons[0]
    assert ten.description == "10♥" and "cardlab-quiz-card" in ten._dom_classes


def test_before_it_runs_a_quiz_reads_as_a_sentence_not_vbox(tmp_path):
    quiz = widgets.BidQuiz([{"hand": "AS", "players": 2, "others": ["KS"]}], lang="nb", class_folder=tmp_path,
                           lesson=Lesson())
    bundle = quiz._repr_mimebundle_()
    assert bundle["text/plain"] == ("Hvor mye skal du melde? (1 spørsmål) vises når cellene over har kjørt: "
                                    "klikk i den første cellen i notebooken og trykk Shift + Enter til du kommer hit.")
    assert "VBox" not in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_name_is_typed_once_for_every_quiz(tmp_path):
    lesson = Lesson()
    trick = widgets.TrickQuiz([{"cards": "8C KC 4C QS"}], class_folder=tmp_path, lesson=lesson)
    follow = widgets.FollowSuitQuiz(FOLLOW, class_folder=tmp_path, lesson=lesson)
    trick.name_text.value = "Anna"
    assert follow.name_text.value == "Anna" and lesson.name == "Anna"
    next(b for b in trick.answer_buttons if b.description == "K♣").click()
    follow.answer_buttons[0].value = True
    follow.check_button.click()
    names = sorted(p.name.split("--")[0] for p in tmp_path.glob("*.json"))
    assert names == ["follow_suit", "trick"]
    ids = {p.name.split("--")[2] for p in tmp_path.glob("*.json")}
    assert len(ids) == 1                       # one pupil, one id, in both files


def test_two_clicks_at_once_count_once(tmp_path):
    quiz = widgets.TrickQuiz([{"cards": "8C KC 4C QS"}, {"cards": "2H 3H"}], class_folder=tmp_path, lesson=Lesson())
    quiz.answer(quiz.question.cards[1])
    quiz.answer(quiz.question.cards[0])        # a second click on the same question: feedback only, not scored again
    assert quiz.score == (1, 1) and quiz.report().loc[1, "answer"] == "K♣"
    quiz.next_button.click(); quiz.next_button.click()   # a double click on Nästa does not skip an unanswered question
    assert quiz.index == 1


def test_a_wrong_choice_is_marked_beside_the_right_answer(tmp_path):
    """The child sees what she chose (red) and what was right (green), in every kind of quiz."""
    trick = widgets.TrickQuiz([{"cards": "AS 3D KS", "trump": "D"}], lesson=Lesson(class_folder=tmp_path))
    next(b for b in trick.answer_buttons if b.description == "A♠").click()
    marks = {b.description: [c for c in b._dom_classes if c in ("cardlab-right", "cardlab-wrong")] for b in trick.answer_buttons}
    assert marks == {"A♠": ["cardlab-wrong"], "3♦": ["cardlab-right"], "K♠": []}
    bid = widgets.BidQuiz([{"hand": "AS", "players": 2, "others": ["KS"]}], lesson=Lesson(class_folder=tmp_path))
    bid.answer_buttons[0].click()
    assert "cardlab-wrong" in bid.answer_buttons[0]._dom_classes and "cardlab-right" in bid.answer_buttons[1]._dom_classes
    follow = widgets.FollowSuitQuiz(FOLLOW[:1], lesson=Lesson(class_folder=tmp_path))
    for button in follow.answer_buttons:
        button.value = button.description in ("7♥", "K♠")
    follow.check_button.click()
    wrong = [b.description for b in follow.answer_buttons if "cardlab-wrong" in b._dom_classes]
    right = sorted(b.description for b in follow.answer_buttons if "cardlab-right" in b._dom_classes)
    assert wrong == ["K♠"] and right == ["7♥", "9♥"]
