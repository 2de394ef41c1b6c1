"""``QuizSession``: one classroom quiz with no user interface; ``Lesson``: what every quiz of a notebook shares.

A :class:`QuizSession` holds the questions (:mod:`cardlab.exercises`), the answers given,
the feedback, the score, the report rows and the saving of results into the class
folder (:func:`cardlab.classroom.save_results`).  The quiz widgets in
:mod:`cardlab.widgets.quiz` only draw a session and forward clicks to it; tests and
scripts drive it directly.

A :class:`Lesson` is shared by every quiz of a notebook: the pupil's name (typed
once, under any quiz), the language (chosen once) and the class folder.  Answers
are kept from the first click; the moment a name is known, every answer of every
quiz in the lesson is saved under it, and every later answer is saved too.  A quiz
made without a lesson joins :data:`LESSON`, the one lesson of this kernel (one
notebook).

>>> import tempfile
>>> lesson = Lesson(lang="en", class_folder=tempfile.mkdtemp())
>>> tricks = QuizSession("trick", [{"cards": "10S QS AS QH"}, {"cards": "AS 3D KS", "trump": "D"}], lesson=lesson)
>>> tricks.answer("AS").text()
'Right! A♠ wins: the highest card of the suit led.'
>>> tricks.next_question(); tricks.answer("AS").correct
True
False
>>> str(tricks.score), tricks.saved_for          # no name yet: kept, not saved
('1/2', None)
>>> bids = QuizSession("bid", [{"hand": "AS", "players": 2, "others": ["KS"]}], lesson=lesson)
>>> lesson.set_name("Anna")                       # typed under any quiz: both quizzes are saved
>>> tricks.saved_for, bids.saved_for
('Anna', None)
>>> bids.answer(1).correct, bids.saved_for        # a later answer is saved at once
(True, 'Anna')
"""

from __future__ import annotations

import os
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from .. import classroom
from ..cards import Card, parse_cards
from ..errors import CardlabError
from ..exercises import Feedback, make_questions, random_questions
from ..i18n import Message, check_language, tr


class Score(NamedTuple):
    """Right answers of answered questions; ``str(score) == "3/5"``."""

    correct: int
    answered: int

    def __str__(self) -> str:
        return f"{self.correct}/{self.answered}"


@dataclass(frozen=True)
class Answer:
    """The first answer given to one question: as text for the teacher, right or not, and as given
    (a card, a set of cards, a number), so a view can mark the choice."""

    text: str
    correct: bool
    value: Any = None


def answer_text(value: Any) -> str:
    """An answer written the way the teacher's table shows it (cards with suit symbols, in hand order).

    >>> answer_text(Card.parse("AS")), answer_text(frozenset(parse_cards("9H 7H"))), answer_text(2)
    ('A♠', '7♥ 9♥', '2')
    """
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return " ".join(str(c) for c in sorted(value, key=lambda c: (c.suit.index, int(c.rank))))
    if isinstance(value, tuple):
        return " / ".join(map(str, value))
    return str(value)


class Lesson:
    """One pupil, one language and one class folder for every quiz of a notebook.

    ``lang``: ``"sv"``, ``"nb"`` or ``"en"``; ``class_folder``: where results are saved (default:
    :func:`cardlab.classroom.class_dir`); ``rng``: seeds the pupils' random ids (tests).

    Each name typed gets its own random id, so two pupils called Anna (or two pupils taking
    turns at one computer) never overwrite each other's results.  A view that draws a quiz of
    the lesson listens with :meth:`listen`: it is told ``"lang"``, ``"name"`` or ``"saved"``.
    """

    def __init__(self, lang: str = "sv", *, class_folder: "str | os.PathLike[str] | None" = None, rng: Any = None) -> None:
        self.lang = check_language(lang)
        self.class_folder = class_folder
        self.name = ""
        self.quizzes: list[QuizSession] = []
        self._rng = rng
        self._ids: dict[str, str] = {}
        self._listeners: list[Callable[[], Any]] = []
        #: Who the pupil is when a server says so (the classroom app): a callable giving
        #: ``(pupil_id, name)`` or ``None``.  The views set it; the engine never asks a server itself.
        self.identify: "Callable[[], tuple[str, str] | None] | None" = None
        self._issued: "tuple[str, str] | None" = None

    # ------------------------------------------------------------ sharing
    def add(self, quiz: "QuizSession") -> None:
        """Let ``quiz`` share this lesson's pupil and language (done by :class:`QuizSession`).

        The same quiz made again (its cell run again: the same exercise name and questions) takes
        the old one's place, so the old answers never overwrite the new quiz's file later.  Another
        quiz under a name already taken is saved as "name 2" (then "name 3" …), never over it.
        """
        def same(q: "QuizSession") -> bool:
            return q.exercise == quiz.exercise and q.describe() == quiz.describe()

        self.quizzes = [q for q in self.quizzes if not same(q)]
        taken = {q.exercise for q in self.quizzes}
        base, n = quiz.exercise, 2
        while quiz.exercise in taken:
            quiz.exercise, n = f"{base} {n}", n + 1
        self.quizzes.append(quiz)

    def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(what)`` whenever the language, the name or a saved file changes.

        A bound method is held weakly: a quiz view that is gone stops listening by itself.
        """
        ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else (lambda: callback)
        self._listeners.append(ref)

    def _tell(self, what: str) -> None:
        for ref in list(self._listeners):
            callback = ref()
            if callback is not None:
                callback(what)
        self._listeners = [ref for ref in self._listeners if ref() is not None]

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` in every quiz of the lesson."""
        lang = check_language(lang)
        if lang != self.lang:
            self.lang = lang
            self._tell("lang")

    # --------------------------------------------------------------- pupil
    def issued_pupil(self) -> "tuple[str, str] | None":
        """The pupil id and name the classroom server issued to this page (asked once, then kept), or ``None``.

        A pupil who joined the class is that pupil in every quiz: the name box shows the name given
        when joining, and results are saved under the server's id, whatever is typed later.

        >>> lesson = Lesson("en")
        >>> lesson.identify = lambda: ("a1b2c3d4e5f6a7b8", "Maja")
        >>> lesson.has_name(), lesson.name, lesson.pupil().id
        (True, 'Maja', 'a1b2c3d4e5f6a7b8')
        """
        if self._issued is None and self.identify is not None:
            found = self.identify()
            if found and str(found[1]).strip():
                self._issued = (str(found[0]), str(found[1]))
                if self.name != self._issued[1]:
                    self.name = self._issued[1]
                    self._tell("name")
        return self._issued

    def pupil(self) -> classroom.Pupil:
        """The pupil now named (raises :class:`CardlabError`, in the lesson's language, when no name was typed)."""
        issued = self.issued_pupil()
        if issued is not None:
            return classroom.Pupil(classroom.clean_name(issued[1], lang=self.lang), issued[0])
        name = classroom.clean_name(self.name, lang=self.lang)
        key = classroom.name_key(name)        # "anna" and "Anna" typed in one kernel are one pupil
        if key not in self._ids:
            self._ids[key] = classroom.new_pupil_id(rng=self._rng)
        return classroom.Pupil(name, self._ids[key])

    def has_name(self) -> bool:
        return self.issued_pupil() is not None or bool(self.name.strip())

    def set_name(self, name: Any) -> None:
        """The pupil typed ``name``: from now on every answer is saved under it, and every answer
        already given in any quiz of the lesson is saved now (nothing answered before is lost)."""
        name = "" if name is None else str(name)
        if self.issued_pupil() is not None:   # a pupil who joined the class keeps the name given then:
            if name != self._issued[1]:        # every box shows it again
                self._tell("name")
            return
        if name == self.name:
            return
        self.name = name
        self._tell("name")
        if self.has_name():
            self.save_all()

    def save_all(self) -> list[Path]:
        """Save every quiz of the lesson that has an answer (a quiz that cannot save shows why); the paths written."""
        written = []
        for quiz in self.quizzes:
            if quiz.score.answered:
                path = quiz.try_save()
                if path is not None:
                    written.append(path)
        return written


#: The lesson of this kernel (one notebook): every quiz made without ``lesson=`` shares it.
LESSON = Lesson()


class QuizSession:
    """One quiz: ``kind`` (``"trick"``, ``"follow-suit"`` or ``"bid"``) and its questions, one at a time.

    ``questions``: dicts with cards as text (see :mod:`cardlab.exercises`) or question objects.
    ``lesson``: the shared pupil and language (default :data:`LESSON`); ``lang``, if given, sets the
    lesson's language.  ``exercise``: the name results are saved under (default: the kind);
    ``class_folder``: where this quiz saves, if not the lesson's folder.

    The first answer to each question counts; another click on it shows the feedback again but
    does not change the score.
    """

    def __init__(self, kind: str, questions: Iterable[Any], *, lesson: Lesson | None = None, lang: str | None = None,
                 exercise: str | None = None, class_folder: "str | os.PathLike[str] | None" = None) -> None:
        self.kind = kind
        self.questions = make_questions(kind, questions)
        self.lesson = lesson if lesson is not None else LESSON
        if lang is not None:
            self.lesson.set_language(lang)
        self.exercise = " ".join(str(exercise or kind).split())
        self.class_folder = class_folder
        self.index = 0
        self.finished = False
        self.answers: list[Answer | None] = [None] * len(self.questions)
        self.feedback: Feedback | None = None     #: the verdict on the answer just given (None: nothing to say)
        self.notice: Message | None = None        #: a hint that is not a verdict ("choose a card first")
        self.saved_for: str | None = None         #: the name the answers were last saved under
        self.save_error: Any = None               #: why the last save failed (a Message or text), else None
        self.last_saved_path: Path | None = None
        self.lesson.add(self)

    def describe(self) -> tuple[str, ...]:
        """The questions in short (``"8♣ K♣ 4♣ Q♠"`` …): what tells two quizzes apart."""
        return tuple(q.describe() for q in self.questions)

    @classmethod
    def random(cls, kind: str, n: int = 5, *, rng: Any = None, lesson: Lesson | None = None, lang: str | None = None,
               **options: Any) -> "QuizSession":
        """``n`` seeded random questions of ``kind`` (``QuizSession.random("trick", 5, rng=1)``)."""
        return cls(kind, random_questions(kind, n, rng=rng, **options), lesson=lesson, lang=lang)

    # --------------------------------------------------------------- state
    @property
    def lang(self) -> str:
        return self.lesson.lang

    @property
    def question(self) -> Any:
        return self.questions[self.index]

    @property
    def answered(self) -> bool:
        """Has the current question been answered?"""
        return self.answers[self.index] is not None

    def chosen(self) -> Any:
        """The first answer given to the current question, as given (None: not answered yet)."""
        given = self.answers[self.index]
        return given.value if given is not None else None

    @property
    def is_last(self) -> bool:
        return self.index + 1 >= len(self.questions)

    @property
    def all_answered(self) -> bool:
        return all(a is not None for a in self.answers)

    @property
    def score(self) -> Score:
        done = [a for a in self.answers if a is not None]
        return Score(sum(a.correct for a in done), len(done))

    # ----------------------------------------------------------- answering
    def _parse(self, value: Any) -> Any:
        if self.kind == "trick":
            return Card.parse(value)
        if self.kind == "follow-suit":
            return frozenset(parse_cards(value))
        return int(value)

    def answer(self, value: Any) -> Feedback:
        """Answer the current question (what a click does); only the first answer is scored, and it
        is saved at once when the lesson knows the pupil's name."""
        chosen = self._parse(value)
        feedback = self.question.check(chosen)
        first = not self.answered
        if first:
            self.answers[self.index] = Answer(answer_text(chosen), feedback.correct, chosen)
        self.feedback = feedback
        self.notice = None
        if first and self.lesson.has_name():
            self.try_save()
        return feedback

    def submit(self, chosen: Sequence[Any]) -> Feedback | None:
        """*Kontrollera* on a follow-suit question: check the chosen cards; with none chosen, ask the
        child to choose first (not scored; returns None)."""
        if self.answered:
            return None
        if not chosen:
            self.notice = Message("quiz.choose_first")
            return None
        return self.answer(list(chosen))

    def next_question(self) -> bool:
        """Go on to the next question (False, and nothing happens, while this one is unanswered);
        after the last one, the quiz is finished and shows the result."""
        if not self.answered or self.finished:
            return False
        self.feedback = None
        self.notice = None
        if not self.is_last:
            self.index += 1
        else:
            self.finished = True
        return True

    # ------------------------------------------------------------- words
    def feedback_text(self, lang: str | None = None) -> str:
        """The feedback line as plain text (the notice, the verdict, or the final result)."""
        lang = lang or self.lang
        if self.notice is not None:
            return self.notice.text(lang)
        if self.feedback is not None:
            return self.feedback.text(lang)
        if self.all_answered:
            return tr("quiz.done", lang, correct=self.score.correct, total=len(self.questions))
        return ""

    def tone(self) -> str:
        """How the feedback line looks: ``"info"``, ``"good"`` or ``"error"``."""
        if self.feedback is None or self.notice is not None:
            return "info"
        return "good" if self.feedback.correct else "error"

    def save_status(self, lang: str | None = None) -> tuple[str, str] | None:
        """``("good", "Sparat för Anna.")``, ``("error", "Kunde inte spara: …")`` or None (nothing saved yet)."""
        lang = lang or self.lang
        if self.save_error is not None:
            reason = self.save_error.text(lang) if isinstance(self.save_error, Message) else str(self.save_error)
            return "error", tr("quiz.not_saved", lang, reason=reason)
        if self.saved_for is not None:
            return "good", tr("quiz.saved", lang, name=self.saved_for)
        return None

    # ------------------------------------------------------------- report
    def rows(self) -> list[dict[str, Any]]:
        """One row per question: ``question``, ``position``, ``answer``, ``right_answer``, ``correct``.

        The right answer is filled in only for questions already answered, so a pupil who looks at
        the report before answering learns nothing from it.  These rows are both the report and
        what :func:`cardlab.classroom.save_results` writes (it keeps the columns it knows).
        """
        rows = []
        for number, (q, given) in enumerate(zip(self.questions, self.answers), start=1):
            rows.append({"question": number, "position": q.describe(),
                         "answer": given.text if given else None,
                         "right_answer": answer_text(q.answer) if given else None,
                         "correct": given.correct if given else None})
        return rows

    def report(self):
        """:meth:`rows` as a table indexed by question number (pandas)."""
        import pandas as pd

        return pd.DataFrame(self.rows()).set_index("question")

    # ------------------------------------------------------------- saving
    def save(self, folder: "str | os.PathLike[str] | None" = None, *, pupil: str | None = None) -> Path:
        """Write this pupil's answers into the class folder; returns the file's path.

        ``folder``: the class folder (default: this quiz's, else the lesson's, else
        :func:`cardlab.classroom.class_dir`).  ``pupil``: the name (default: the lesson's; giving one
        names the pupil for the whole lesson, which saves the other quizzes' answers too).  Saving
        again replaces this pupil's own file.  Raises :class:`CardlabError` (no name, a bad name) or
        ``OSError``; a failure is also kept for :meth:`save_status`.
        """
        if folder is not None:
            self.class_folder = folder
        if pupil is not None:
            self.lesson.set_name(pupil)
        try:
            return self._write()
        except (CardlabError, OSError) as exc:
            self._failed(exc)
            raise

    def try_save(self) -> Path | None:
        """Save, keeping why it failed (shown beside *Spara svaren*) instead of raising; the path or None."""
        try:
            return self._write()
        except (CardlabError, OSError) as exc:
            self._failed(exc)
            return None

    def _write(self) -> Path:
        who = self.lesson.pupil()
        target = self.class_folder if self.class_folder is not None else self.lesson.class_folder
        path = classroom.save_results(self.rows(), target, pupil=who.name, exercise=self.exercise,
                                      pupil_id=who.id, lang=self.lang)
        self.last_saved_path = path
        self.saved_for, self.save_error = who.name, None
        self.lesson._tell("saved")
        return path

    def _failed(self, exc: Exception) -> None:
        self.save_error = exc.as_message() if isinstance(exc, CardlabError) else (getattr(exc, "strerror", None) or str(exc))
        self.lesson._tell("saved")
