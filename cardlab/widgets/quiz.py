"""Quizzes for the classroom: click an answer, read why, see your score.

* :class:`TrickQuiz` — "Vilket kort vinner sticket?": click the winning card.
* :class:`FollowSuitQuiz` — "Vilka kort får du spela?": pick every playable card, then *Kontrollera*.
* :class:`BidQuiz` — "Hur många stick tar handen?": click a number; checked against the
  exact or simulated answer (see :mod:`cardlab.exercises`).

Each quiz is a view over a :class:`cardlab.session.quiz.QuizSession`, which holds the
questions, the answers, the score, the report and the saving; the view draws it and
forwards clicks.  Build one from named positions (a list of dicts, cards as text) or
at random from a seed; ``quiz.score`` is what the child got right of what was
answered, ``quiz.report()`` a table for the teacher.

Every quiz of a notebook shares one :class:`~cardlab.session.quiz.Lesson`: the
pupil types a name once, under any quiz, and chooses the language once.  Answers
are kept from the first click; as soon as a name is typed, every answer of every
quiz is saved into the class folder under it, and every later answer is saved too
(*Spara svaren* saves again); the teacher reads them with
:func:`cardlab.classroom.collect_results`.

>>> quiz = TrickQuiz([{"cards": "10S QS AS QH"}, {"cards": "AS 3D KS", "trump": "D"}], lang="en")
>>> quiz.answer_buttons[2].click()          # A♠
>>> quiz.feedback_text()
'Right! A♠ wins: the highest card of the suit led.'
>>> quiz.next_button.click(); quiz.answer_buttons[0].click()   # A♠ again, but 3♦ is trump
>>> str(quiz.score), list(quiz.report()["correct"])
('1/2', [True, False])
>>> quiz.next_button.click(); quiz.feedback_text()     # the last question: see the result
'Done! You got 1 of 2 right.'
"""

from __future__ import annotations

import html
import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..classroom_server.identity import current_pupil
from ..display.cards import card_svg, cards_html, suit_colour
from ..exercises import Feedback, random_questions, trump_line
from ..i18n import LANGUAGE_NAMES, LANGUAGES, tr
from ..session.quiz import LESSON, Lesson, QuizSession, Score
from .base import TONES, set_classes, with_classes

__all__ = ["TrickQuiz", "FollowSuitQuiz", "BidQuiz", "Lesson", "LESSON", "QuizSession", "Score", "QUIZ_CSS"]

def _issued_by_the_classroom() -> "tuple[str, str] | None":
    """The pupil the classroom server let in on this page (id, name), or ``None`` outside it."""
    pupil = current_pupil(timeout=2.0)
    return None if pupil is None else (pupil.pupil_id, pupil.name)


#: The former name of :class:`~cardlab.session.quiz.Lesson` (the shared pupil), kept for older notebooks and scripts.
PupilState = Lesson


#: The quiz's own look, so its cards keep their shape in a notebook with no game table (10♥ shown whole).
QUIZ_CSS = """
<style>
.cardlab-quiz-card { height: 92px !important; width: 64px !important; min-width: 64px !important; padding: 0 !important;
  border-radius: 9px !important; border: 1px solid #9e9e9e !important; box-shadow: 1px 2px 4px rgba(0,0,0,.45) !important;
  margin: 3px !important; overflow: visible !important; text-overflow: clip !important; white-space: nowrap !important; }
.cardlab-quiz-card.cardlab-right { border: 3px solid #2e7d32 !important; }
.cardlab-quiz-card.cardlab-wrong, .cardlab-quiz-bid.cardlab-wrong { border: 3px solid #c62828 !important; }
.cardlab-quiz-bid { border-radius: 9px !important; padding: 0 !important; margin: 3px !important; }
.cardlab-check, .cardlab-next-question, .cardlab-save { border-radius: 8px !important; font-weight: bold !important; }
</style>
"""


class QuizBase(ABC):
    """One question at a time: the position, answer buttons, feedback, *Nästa fråga*, the score.

    A subclass sets ``kind`` and draws its question and answer buttons; what an answer means,
    the score and the saving are the :class:`~cardlab.session.quiz.QuizSession`'s (``quiz.session``).

    ``lesson``: the pupil and language shared by every quiz of the notebook (default:
    :data:`~cardlab.session.quiz.LESSON`, one per kernel); ``lang``, if given, sets the lesson's
    language.  ``exercise``: the name results are saved under (default: the quiz's kind, e.g.
    ``"trick"``); ``class_folder``: where this quiz saves (default: the lesson's, else
    :func:`cardlab.classroom.class_dir`).  ``pupil_state``: the former name of ``lesson``.
    """

    kind = ""

    def __init__(self, questions: Sequence[Any], *, lang: str | None = None, exercise: str | None = None,
                 class_folder: "str | os.PathLike[str] | None" = None, lesson: Lesson | None = None,
                 pupil_state: Lesson | None = None) -> None:
        lesson = lesson if lesson is not None else pupil_state
        self.session = QuizSession(self.kind, questions, lesson=lesson, lang=lang, exercise=exercise,
                                   class_folder=class_folder)
        self.lesson = self.session.lesson
        if self.lesson.identify is None:           # in the classroom app the server says who the pupil is
            self.lesson.identify = _issued_by_the_classroom
        self.style_html = W.HTML(QUIZ_CSS, layout=W.Layout(height="0px", overflow="hidden"))
        self.language_dropdown = with_classes(W.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=self.lang,
                                                         layout=W.Layout(width="210px")), "cardlab-language")
        self.title_html = with_classes(W.HTML(), "cardlab-quiz-title")
        self.question_html = with_classes(W.HTML(), "cardlab-quiz-question")
        self.answer_box = with_classes(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cardlab-quiz-answers")
        self.check_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-check")
        self.feedback_html = with_classes(W.HTML(), "cardlab-feedback", "cardlab-message")
        self.next_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-next-question")
        self.score_html = with_classes(W.HTML(), "cardlab-score")
        self.name_text = with_classes(W.Text(value=self.lesson.name, continuous_update=False, layout=W.Layout(width="260px")),
                                      "cardlab-pupil-name")
        self.save_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-save")
        self.save_html = with_classes(W.HTML(), "cardlab-save-status")
        self.language_dropdown.observe(lambda change: self.lesson.set_language(change["new"]), names="value")
        self.name_text.observe(lambda change: self.lesson.set_name(change["new"]), names="value")
        self.next_button.on_click(lambda _: self.next_question())
        self.check_button.on_click(lambda _: self.submit_selection())
        self.save_button.on_click(lambda _: self._save_clicked())
        self.check_button.layout.display = "none"
        self._root = with_classes(W.VBox([self.style_html, self.language_dropdown, self.title_html, self.question_html,
                                          self.answer_box, self.check_button, self.feedback_html,
                                          W.HBox([self.next_button, self.score_html]),
                                          W.HBox([self.name_text, self.save_button, self.save_html])],
                                         layout=W.Layout(border="3px solid #6d4c41", padding="10px", max_width="760px")),
                                  "cardlab-quiz")
        self.answer_buttons: list[Any] = []
        self.lesson.listen(self._lesson_changed)
        self._show_question()

    @classmethod
    def random(cls, n: int = 5, *, rng=None, lang: str | None = None, lesson: Lesson | None = None, **options: Any):
        """``n`` seeded random questions (``TrickQuiz.random(n=5, rng=1)``)."""
        return cls(random_questions(cls.kind, n, rng=rng, **options), lang=lang, lesson=lesson)

    # ------------------------------------------------- the session's state
    lang = property(lambda self: self.session.lang)
    questions = property(lambda self: self.session.questions)
    question = property(lambda self: self.session.question)
    index = property(lambda self: self.session.index)
    answered = property(lambda self: self.session.answered)
    finished = property(lambda self: self.session.finished)
    exercise = property(lambda self: self.session.exercise)
    last_saved_path = property(lambda self: self.session.last_saved_path)

    @property
    def score(self) -> Score:
        return self.session.score

    def report(self):
        """One row per question (see :meth:`cardlab.session.quiz.QuizSession.rows`)."""
        return self.session.report()

    def feedback_text(self) -> str:
        """The feedback line as plain text in the current language."""
        return self.session.feedback_text()

    # ------------------------------------------------------------ clicks
    def answer(self, value: Any) -> Feedback:
        """Answer the current question (what a click does); only the first answer is scored."""
        feedback = self.session.answer(value)
        self.refresh()
        return feedback

    def submit_selection(self) -> None:  # pragma: no cover - only quizzes with a Check button
        pass

    def next_question(self) -> None:
        """Go on to the next question; after the last one, show the result ("Klart! Du hade … rätt")."""
        before = self.session.index
        if self.session.next_question() and self.session.index != before:
            self._show_question()
        else:
            self.refresh()

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` in every quiz of the lesson."""
        self.lesson.set_language(lang)

    def save_results(self, folder: "str | os.PathLike[str] | None" = None, *, pupil: str | None = None) -> Path:
        """Write this pupil's answers into the class folder; returns the file's path
        (see :meth:`cardlab.session.quiz.QuizSession.save`)."""
        try:
            return self.session.save(folder, pupil=pupil)
        finally:
            self._draw_save_status()

    def _save_clicked(self) -> None:
        self.session.try_save()
        self._draw_save_status()

    def _lesson_changed(self, what: str) -> None:
        """The lesson changed (another quiz's box or dropdown, or a save): draw what it changed."""
        if what == "lang":
            if self.language_dropdown.value != self.lang:
                self.language_dropdown.value = self.lang
            self.refresh()
        elif what == "name":
            if self.name_text.value != self.lesson.name:
                self.name_text.value = self.lesson.name
        else:
            self._draw_save_status()

    # -------------------------------------------------------------- drawing
    def _show_question(self) -> None:
        self.answer_buttons = self._make_answers()
        self.answer_box.children = tuple(self.answer_buttons)
        self.refresh()

    @abstractmethod
    def _make_answers(self) -> list[Any]:
        """The answer buttons for the current question (each quiz makes its own)."""

    @abstractmethod
    def _question_body(self) -> str:
        """The current question as HTML (cards, trick, hand)."""

    def _style_answers(self) -> None:
        pass

    def refresh(self) -> None:
        lang, q, session = self.lang, self.question, self.session
        self.language_dropdown.description = tr("widget.language", lang)
        self.title_html.value = (f'<div style="font:bold 20px sans-serif">{html.escape(tr(f"quiz.title.{self.kind}", lang))}</div>'
                                 f'<div style="font:14px sans-serif;color:#555">{html.escape(tr("quiz.progress", lang, n=session.index + 1, total=len(session.questions)))}</div>')
        self.question_html.value = (f'<div style="font:17px sans-serif;margin:6px 0">{html.escape(q.prompt().text(lang))}</div>'
                                    f'<div style="background:#2e7d32;border-radius:14px;padding:10px;color:#fff;font:15px sans-serif">'
                                    f'{self._question_body()}</div>')
        self._style_answers()
        background, colour = TONES[session.tone()]
        text = session.feedback_text()
        self.feedback_html.value = (f'<div role="status" aria-live="polite" style="background:{background};color:{colour};border-radius:10px;'
                                    f'padding:8px 12px;font:bold 17px sans-serif;min-height:24px">{html.escape(text) or "&nbsp;"}</div>')
        self.next_button.description = tr("quiz.finish" if session.is_last else "quiz.next", lang)
        self.next_button.disabled = not session.answered or session.finished
        self.check_button.description = tr("quiz.check", lang)
        score = session.score
        self.score_html.value = (f'<span style="font:bold 16px sans-serif;margin-left:12px">'
                                 f'{html.escape(tr("quiz.score", lang, correct=score.correct, answered=score.answered))}</span>')
        self.name_text.description = tr("quiz.name", lang)
        self.name_text.placeholder = tr("quiz.name_placeholder", lang)
        self.save_button.description = tr("quiz.save", lang)
        self.save_button.tooltip = tr("quiz.save_tip", lang)
        self._draw_save_status()

    def _draw_save_status(self) -> None:
        """The line beside *Spara svaren*: saved for whom, or why not (the name is escaped: a child typed it)."""
        status = self.session.save_status()
        if status is None:
            self.save_html.value = ""
            return
        tone, text = status
        background, colour = TONES[tone]
        self.save_html.value = (f'<span style="background:{background};color:{colour};border-radius:8px;padding:4px 8px;'
                                f'font:bold 15px sans-serif">{html.escape(text)}</span>')

    @property
    def widget(self) -> W.VBox:
        return self._root

    def _repr_mimebundle_(self, **kwargs):
        """The quiz widget; its plain-text stand-in (shown before the notebook runs) is a sentence, not ``VBox(…)``."""
        bundle = self._root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = tr("quiz.before_run", self.lang, title=tr(f"quiz.title.{self.kind}", self.lang),
                                  count=len(self.questions))
        return bundle


def _card_button(card: Card, lang: str, cls=W.Button) -> Any:
    button = with_classes(cls(description=str(card), layout=W.Layout(width="64px", height="92px")), "cardlab-card-btn", "cardlab-quiz-card")
    button.style.font_size = "22px"
    button.style.font_weight = "bold"
    button.style.text_color = suit_colour(card.suit)
    return button


def _mark(button: Any, right: bool, wrong: bool, plain: str = "#ffffff") -> None:
    """A right answer green (``cardlab-right``), the child's wrong choice red (``cardlab-wrong``), else ``plain``."""
    classes = ["cardlab-right"] if right else (["cardlab-wrong"] if wrong else [])
    set_classes(button, classes, ["cardlab-right", "cardlab-wrong"])
    button.style.button_color = "#c8e6c9" if right else ("#ffcdd2" if wrong else plain)


def _trump_html(trump: Any, lang: str) -> str:
    return f'<div style="margin-bottom:6px"><b>{html.escape(trump_line(trump).text(lang))}</b> {trump.symbol if trump else ""}</div>'


class TrickQuiz(QuizBase):
    """Click the card that wins the trick (the first card was led)."""

    kind = "trick"

    def _make_answers(self) -> list[Any]:
        buttons = []
        for card in self.question.cards:
            button = _card_button(card, self.lang)
            button.on_click(lambda _, c=card: self.answer(c))
            buttons.append(button)
        return buttons

    def _question_body(self) -> str:
        q = self.question
        return _trump_html(q.trump, self.lang) + html.escape(f"{tr('quiz.led', self.lang)}: {q.cards[0]}")

    def _style_answers(self) -> None:
        done = self.answered
        for card, button in zip(self.question.cards, self.answer_buttons):
            button.disabled = done
            right = done and card == self.question.answer
            _mark(button, right, done and not right and card == self.session.chosen())


class FollowSuitQuiz(QuizBase):
    """Choose every card you may play (toggle them), then press *Kontrollera*."""

    kind = "follow-suit"

    def _make_answers(self) -> list[Any]:
        self.check_button.layout.display = ""
        toggles = [_card_button(card, self.lang, W.ToggleButton) for card in self.question.hand]
        for toggle in toggles:
            toggle.observe(lambda _: self._style_answers(), names="value")
        return toggles

    def _question_body(self) -> str:
        q = self.question
        return (_trump_html(q.trump, self.lang) + f'<div>{html.escape(tr("quiz.led", self.lang))}:</div>'
                + card_svg(q.led, width=66))

    def selected(self) -> list[Card]:
        return [card for card, button in zip(self.question.hand, self.answer_buttons) if button.value]

    def submit_selection(self) -> None:
        """*Kontrollera*: check the chosen cards; with none chosen, ask the child to choose (not scored)."""
        self.session.submit(self.selected())
        self.refresh()

    def _style_answers(self) -> None:
        done = self.answered
        self.check_button.disabled = done
        for card, button in zip(self.question.hand, self.answer_buttons):
            button.disabled = done
            right = done and card in self.question.answer
            wrong = done and not right and card in (self.session.chosen() or ())
            _mark(button, right, wrong, "#fff59d" if button.value else "#ffffff")
            button.tooltip = str(card)


class BidQuiz(QuizBase):
    """Click how many tricks you think the hand will take."""

    kind = "bid"

    def _make_answers(self) -> list[Any]:
        buttons = []
        for tricks in range(self.question.hand_size + 1):
            button = with_classes(W.Button(description=str(tricks), layout=W.Layout(width="52px", height="52px")),
                                  "cardlab-bid-btn", "cardlab-quiz-bid")
            button.style.font_size = "20px"
            button.style.font_weight = "bold"
            button.on_click(lambda _, t=tricks: self.answer(t))
            buttons.append(button)
        return buttons

    def _question_body(self) -> str:
        q = self.question
        return (_trump_html(q.trump, self.lang) + f'<div>{html.escape(tr("quiz.your_hand", self.lang))}:</div>'
                + cards_html(q.hand, width=60))

    def _style_answers(self) -> None:
        done = self.answered
        accepted = self.question.answer if done else ()
        for tricks, button in enumerate(self.answer_buttons):
            button.disabled = done
            right = tricks in accepted
            _mark(button, right, done and not right and tricks == self.session.chosen())
