"""Quizzes for the classroom: click an answer, read why, see your score.

* :class:`TrickQuiz` — "Vilket kort vinner sticket?": click the winning card.
* :class:`FollowSuitQuiz` — "Vilka kort får du spela?": pick every playable card, then *Kontrollera*.
* :class:`BidQuiz` — "Hur många stick tar handen?": click a number; checked against the
  exact or simulated answer (see :mod:`cardlab.exercises`).

Build one from named positions (a list of dicts, cards as text) or at random
from a seed; ``quiz.score`` is what the child got right of what was answered,
``quiz.report()`` a table for the teacher (right answers only of answered questions).

Results a teacher can collect: the pupil types a name once (every quiz in the
notebook shares it), then *Spara svaren* (or ``quiz.save_results(folder,
pupil="Anna")``) writes the answers into the class folder, and every later
answer is saved there too; the teacher reads them with
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
from typing import Any, NamedTuple, Sequence

import ipywidgets as W
import traitlets

from .. import classroom
from ..cards import Card
from ..errors import CardlabError
from ..display.cards import card_svg, cards_html, suit_colour
from ..exercises import Feedback, make_questions, random_questions, trump_line
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message, check_language, tr
from .base import TONES, set_classes, with_classes


#: The quiz's own look, so its cards keep their shape in a notebook with no game table (10♥ shown whole).
QUIZ_CSS = """
<style>
.cardlab-quiz-card { height: 92px !important; width: 64px !important; min-width: 64px !important; padding: 0 !important;
  border-radius: 9px !important; border: 1px solid #9e9e9e !important; box-shadow: 1px 2px 4px rgba(0,0,0,.45) !important;
  margin: 3px !important; overflow: visible !important; text-overflow: clip !important; white-space: nowrap !important; }
.cardlab-quiz-card.cardlab-right { border: 3px solid #2e7d32 !important; }
.cardlab-quiz-bid { border-radius: 9px !important; padding: 0 !important; margin: 3px !important; }
.cardlab-check, .cardlab-next-question, .cardlab-save { border-radius: 8px !important; font-weight: bold !important; }
</style>
"""


class Score(NamedTuple):
    """Right answers of answered questions; ``str(score) == "3/5"``."""

    correct: int
    answered: int

    def __str__(self) -> str:
        return f"{self.correct}/{self.answered}"


class PupilState(traitlets.HasTraits):
    """Who is answering, shared by every quiz of a notebook (the pupil types the name once).

    Each name typed in this kernel gets its own random id, so two pupils called Anna (or two
    pupils taking turns at one computer) never overwrite each other's results.
    """

    name = traitlets.Unicode("")

    def __init__(self, *, rng=None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rng = rng
        self._ids: dict[str, str] = {}

    def pupil(self, lang: str | None = None) -> classroom.Pupil:
        """The pupil now named (raises :class:`CardlabError` when no name was typed)."""
        name = classroom.clean_name(self.name, lang=lang)
        if name not in self._ids:
            self._ids[name] = classroom.new_pupil_id(rng=self._rng)
        return classroom.Pupil(name, self._ids[name])


#: The pupil of this kernel: every quiz made without ``pupil_state=`` shares it.
PUPIL = PupilState()


class QuizBase(ABC):
    """One question at a time: the position, answer buttons, feedback, *Nästa fråga*, the score.

    A subclass sets ``kind`` and fills ``_draw_question`` / ``_draw_answers`` and how a
    click becomes an answer (``submit``).  The first answer to each question counts.

    ``exercise``: the name results are saved under (default: the quiz's kind, e.g. ``"trick"``);
    ``class_folder``: where *Spara svaren* writes (default: :func:`cardlab.classroom.class_dir`);
    ``pupil_state``: the shared pupil name (default: :data:`PUPIL`, one per kernel).
    """

    kind = ""

    def __init__(self, questions: Sequence[Any], *, lang: str = "sv", exercise: str | None = None,
                 class_folder: "str | os.PathLike[str] | None" = None, pupil_state: PupilState | None = None) -> None:
        self.questions = make_questions(self.kind, questions)
        self.lang = check_language(lang)
        self.exercise = " ".join(str(exercise or self.kind).split())
        self.class_folder = class_folder
        self.pupil_state = pupil_state if pupil_state is not None else PUPIL
        self.index = 0
        self.finished = False
        self._results: list[dict[str, Any] | None] = [None] * len(self.questions)
        self._feedback: Feedback | None = None
        self._notice: Message | None = None
        self._saved: tuple[str, Any] | None = None   # ("saved", name) or ("error", message)
        self.last_saved_path: Path | None = None

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
        self.name_text = with_classes(W.Text(continuous_update=False, layout=W.Layout(width="260px")), "cardlab-pupil-name")
        self.save_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-save")
        self.save_html = with_classes(W.HTML(), "cardlab-save-status")
        self._name_link = traitlets.link((self.pupil_state, "name"), (self.name_text, "value"))
        self.language_dropdown.observe(lambda change: self.set_language(change["new"]), names="value")
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
        self._show_question()

    @classmethod
    def random(cls, n: int = 5, *, rng=None, lang: str = "sv", **options: Any):
        """``n`` seeded random questions (``TrickQuiz.random(n=5, rng=1)``)."""
        return cls(random_questions(cls.kind, n, rng=rng, **options), lang=lang)

    # ---------------------------------------------------------------- state
    @property
    def question(self) -> Any:
        return self.questions[self.index]

    @property
    def answered(self) -> bool:
        return self._results[self.index] is not None

    @property
    def score(self) -> Score:
        done = [r for r in self._results if r is not None]
        return Score(sum(r["correct"] for r in done), len(done))

    def report(self):
        """One row per question: the position, the answer given, right or not, and the right answer.

        The right answer is filled in only for questions already answered, so a pupil who looks
        at the report before answering learns nothing from it.
        """
        import pandas as pd

        rows = []
        for i, (q, r) in enumerate(zip(self.questions, self._results), start=1):
            rows.append({"question": i, "position": q.describe(), "answer": r["answer"] if r else None,
                         "right_answer": self._answer_text(q.answer) if r else None, "correct": r["correct"] if r else None})
        return pd.DataFrame(rows).set_index("question")

    def results_rows(self) -> list[dict[str, Any]]:
        """The rows :func:`cardlab.classroom.save_results` writes: question, position, answer, correct."""
        return [{"question": i, "position": q.describe(), "answer": r["answer"] if r else None,
                 "correct": r["correct"] if r else None}
                for i, (q, r) in enumerate(zip(self.questions, self._results), start=1)]

    def save_results(self, folder: "str | os.PathLike[str] | None" = None, *, pupil: str | None = None) -> Path:
        """Write this pupil's answers into the class folder; returns the file's path.

        ``folder``: the class folder (default: the quiz's ``class_folder``, else
        :func:`cardlab.classroom.class_dir`).  ``pupil``: the name (default: the name typed in the
        quiz, shared by every quiz in the notebook).  Saving again replaces this pupil's own file.
        """
        if pupil is not None:
            self.pupil_state.name = str(pupil)
        who = self.pupil_state.pupil(self.lang)
        folder = folder if folder is not None else self.class_folder
        if folder is not None:
            self.class_folder = folder
        path = classroom.save_results(self.results_rows(), folder, pupil=who.name, exercise=self.exercise,
                                      pupil_id=who.id, lang=self.lang)
        self.last_saved_path = path
        self._saved = ("saved", who.name)
        self._draw_save_status()
        return path

    def _save_clicked(self) -> None:
        try:
            self.save_results()
        except (CardlabError, OSError) as exc:
            reason = exc.message(self.lang) if isinstance(exc, CardlabError) else exc.strerror or str(exc)
            self._saved = ("error", reason)
            self._draw_save_status()

    def _autosave(self) -> None:
        """After each answer, once the pupil has typed a name: save again, so nothing answered is lost."""
        if self.pupil_state.name.strip():
            self._save_clicked()

    @staticmethod
    def _answer_text(value: Any) -> str:
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, (set, frozenset)):
            return " ".join(str(c) for c in sorted(value, key=lambda c: (c.suit.index, int(c.rank))))
        if isinstance(value, tuple):
            return " / ".join(map(str, value))
        return str(value)

    def answer(self, value: Any) -> Feedback:
        """Answer the current question (what a click does); only the first answer is scored."""
        feedback = self.question.check(value)
        first = not self.answered
        if first:
            self._results[self.index] = {"answer": self._answer_text(value if not isinstance(value, (list, tuple, set, frozenset))
                                                                     else frozenset(Card.parse(c) for c in value)),
                                         "correct": feedback.correct}
        self._feedback = feedback
        self._notice = None
        self.refresh()
        if first:
            self._autosave()
        return feedback

    def submit_selection(self) -> None:  # pragma: no cover - only quizzes with a Check button
        pass

    def next_question(self) -> None:
        """Go on to the next question; after the last one, show the result ("Klart! Du hade … rätt")."""
        if not self.answered:
            return
        self._feedback = None
        self._notice = None
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show_question()
        else:
            self.finished = True
            self.refresh()
            self._autosave()

    def feedback_text(self) -> str:
        """The feedback line as plain text in the current language."""
        if self._notice is not None:
            return self._notice.text(self.lang)
        if self._feedback is not None:
            return self._feedback.text(self.lang)
        if all(r is not None for r in self._results):
            return tr("quiz.done", self.lang, correct=self.score.correct, total=len(self.questions))
        return ""

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        if self.language_dropdown.value != self.lang:
            self.language_dropdown.value = self.lang
            return
        self.refresh()

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
        lang, q = self.lang, self.question
        self.language_dropdown.description = tr("widget.language", lang)
        self.title_html.value = (f'<div style="font:bold 20px sans-serif">{html.escape(tr(f"quiz.title.{self.kind}", lang))}</div>'
                                 f'<div style="font:14px sans-serif;color:#555">{html.escape(tr("quiz.progress", lang, n=self.index + 1, total=len(self.questions)))}</div>')
        self.question_html.value = (f'<div style="font:17px sans-serif;margin:6px 0">{html.escape(q.prompt().text(lang))}</div>'
                                    f'<div style="background:#2e7d32;border-radius:14px;padding:10px;color:#fff;font:15px sans-serif">'
                                    f'{self._question_body()}</div>')
        self._style_answers()
        text = self.feedback_text()
        tone = "info" if self._feedback is None or self._notice is not None else ("good" if self._feedback.correct else "error")
        background, colour = TONES[tone]
        self.feedback_html.value = (f'<div role="status" aria-live="polite" style="background:{background};color:{colour};border-radius:10px;'
                                    f'padding:8px 12px;font:bold 17px sans-serif;min-height:24px">{html.escape(text) or "&nbsp;"}</div>')
        last = self.index + 1 >= len(self.questions)
        self.next_button.description = tr("quiz.finish" if last else "quiz.next", lang)
        self.next_button.disabled = not self.answered or (last and self.finished)
        self.check_button.description = tr("quiz.check", lang)
        score = self.score
        self.score_html.value = (f'<span style="font:bold 16px sans-serif;margin-left:12px">'
                                 f'{html.escape(tr("quiz.score", lang, correct=score.correct, answered=score.answered))}</span>')
        self.name_text.description = tr("quiz.name", lang)
        self.name_text.placeholder = tr("quiz.name_placeholder", lang)
        self.save_button.description = tr("quiz.save", lang)
        self.save_button.tooltip = tr("quiz.save_tip", lang)
        self._draw_save_status()

    def _draw_save_status(self) -> None:
        """The line beside *Spara svaren*: saved for whom, or why not (the name is escaped: a child typed it)."""
        if self._saved is None:
            self.save_html.value = ""
            return
        status, detail = self._saved
        if status == "saved":
            text, tone = tr("quiz.saved", self.lang, name=detail), "good"
        else:
            text, tone = tr("quiz.not_saved", self.lang, reason=detail), "error"
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
            set_classes(button, ["cardlab-right"] if right else [], ["cardlab-right"])
            button.style.button_color = "#c8e6c9" if right else "#ffffff"


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
        if self.answered:
            return
        chosen = self.selected()
        if not chosen:
            self._notice = Message("quiz.choose_first")
            self.refresh()
            return
        self.answer(chosen)

    def _style_answers(self) -> None:
        done = self.answered
        self.check_button.disabled = done
        for card, button in zip(self.question.hand, self.answer_buttons):
            button.disabled = done
            right = done and card in self.question.answer
            set_classes(button, ["cardlab-right"] if right else [], ["cardlab-right"])
            button.style.button_color = "#c8e6c9" if right else ("#fff59d" if button.value else "#ffffff")
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
            set_classes(button, ["cardlab-right"] if right else [], ["cardlab-right"])
            button.style.button_color = "#c8e6c9" if right else "#ffffff"
