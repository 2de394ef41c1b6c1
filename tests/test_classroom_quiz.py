"""The quiz as a pupil clicks it: no answer shown before answering, no empty check scored, a final result."""

from __future__ import annotations

from cardlab import widgets  # a broken cardlab.widgets fails here, it is not skipped
from cardlab.widgets.quiz import QUIZ_CSS, PupilState

FOLLOW = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "KS 2C", "led": "QH"}]


def _follow(tmp_path, lang="sv"):
    return widgets.FollowSuitQuiz(FOLLOW, lang=lang, class_folder=tmp_path, pupil_state=PupilState())


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
                             class_folder=tmp_path, pupil_state=PupilState())
    before = quiz.report()
    assert before["right_answer"].isna().all() and before["answer"].isna().all()
    next(b for b in quiz.answer_buttons if b.description == "Q♠").click()
    after = quiz.report()
    assert after.loc[1, "right_answer"] == "K♣" and after.loc[1, "answer"] == "Q♠"
    assert after["right_answer"].isna().tolist() == [False, True]     # question 2 still gives nothing away


def test_quiz_cards_carry_their_own_style(tmp_path):
    """In a notebook with no game table the quiz's cards keep their size and show 10♥ whole (no padding to cut it)."""
    quiz = widgets.TrickQuiz([{"cards": "10H QH AS 2H"}], class_folder=tmp_path, pupil_state=PupilState())
    assert quiz.widget.children[0].value == QUIZ_CSS
    assert ".cardlab-quiz-card" in QUIZ_CSS and "padding: 0 !important" in QUIZ_CSS and "text-overflow: clip" in QUIZ_CSS
    ten = quiz.answer_buttons[0]
    assert ten.description == "10♥" and "cardlab-quiz-card" in ten._dom_classes


def test_before_it_runs_a_quiz_reads_as_a_sentence_not_vbox(tmp_path):
    quiz = widgets.BidQuiz([{"hand": "AS", "players": 2, "others": ["KS"]}], lang="nb", class_folder=tmp_path,
                           pupil_state=PupilState())
    bundle = quiz._repr_mimebundle_()
    assert bundle["text/plain"] == "Hvor mye skal du melde? (1 spørsmål) lastes. Vent et øyeblikk, eller kjør cellen hvis ingenting skjer."
    assert "VBox" not in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_name_is_typed_once_for_every_quiz(tmp_path):
    state = PupilState()
    trick = widgets.TrickQuiz([{"cards": "8C KC 4C QS"}], class_folder=tmp_path, pupil_state=state)
    follow = widgets.FollowSuitQuiz(FOLLOW, class_folder=tmp_path, pupil_state=state)
    trick.name_text.value = "Anna"
    assert follow.name_text.value == "Anna" and state.name == "Anna"
    next(b for b in trick.answer_buttons if b.description == "K♣").click()
    follow.answer_buttons[0].value = True
    follow.check_button.click()
    names = sorted(p.name.split("--")[0] for p in tmp_path.glob("*.json"))
    assert names == ["follow_suit", "trick"]
    ids = {p.name.split("--")[2] for p in tmp_path.glob("*.json")}
    assert len(ids) == 1                       # one pupil, one id, in both files


def test_two_clicks_at_once_count_once(tmp_path):
    quiz = widgets.TrickQuiz([{"cards": "8C KC 4C QS"}, {"cards": "2H 3H"}], class_folder=tmp_path, pupil_state=PupilState())
    quiz.answer(quiz.question.cards[1])
    quiz.answer(quiz.question.cards[0])        # a second click on the same question: feedback only, not scored again
    assert quiz.score == (1, 1) and quiz.report().loc[1, "answer"] == "K♣"
    quiz.next_button.click(); quiz.next_button.click()   # a double click on Nästa does not skip an unanswered question
    assert quiz.index == 1
