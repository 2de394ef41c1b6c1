"""A class's quiz results in one folder: pupils' quizzes save there, the teacher reads them back.

Each pupil's quiz writes one small JSON file per exercise into the *class
folder* (:func:`class_dir`): the folder given, else the environment variable
``CARDLAB_CLASS_DIR``, else ``~/cardlab-class``.  The teacher reads the whole
folder with :func:`collect_results` into a tidy table (one row per answer) and
summarises it with :func:`success_by_question`, :func:`success_by_pupil`,
:func:`hardest_questions` and :func:`results_chart`.

A pupil's name is free text typed by a child.  It is only ever *data* inside
the file: the file's name is made from a cleaned-up stem of it plus the
pupil's own random id, so ``../``, absolute paths and odd characters can never
write outside the class folder, and two pupils called Anna never overwrite each
other (each has an id; saving again replaces only one's own file).

>>> import tempfile, warnings
>>> folder = tempfile.mkdtemp()
>>> rows = [{"question": 1, "position": "8♣ K♣ 4♣ Q♠", "answer": "K♣", "correct": True},
...         {"question": 2, "position": "J♥ 2♥ A♠ 10♥", "answer": "A♠", "correct": False}]
>>> path = save_results(rows, folder, pupil="Anna", exercise="trick", pupil_id="a1b2c3d4")
>>> path.name
'trick--Anna--a1b2c3d4.json'
>>> df = collect_results(folder)
>>> df[["pupil", "exercise", "question", "answer", "correct"]].values.tolist()
[['Anna', 'trick', 1, 'K♣', True], ['Anna', 'trick', 2, 'A♠', False]]
>>> save_results(rows, folder, pupil="../../etc/passwd", exercise="trick", pupil_id="a1b2c3d5").parent == path.parent
True

This module never imports ipywidgets or altair; :func:`results_chart` draws through :mod:`cardlab.charts`.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
import warnings
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping

from ._rng import normalize_rng
from .errors import CardlabError


#: The environment variable that sets the class folder (the teacher sets it before starting the app).
CLASS_DIR_ENV = "CARDLAB_CLASS_DIR"
#: The class folder when neither a folder nor ``CARDLAB_CLASS_DIR`` is given: ``~/cardlab-class``.
DEFAULT_CLASS_DIR_NAME = "cardlab-class"
#: Longest pupil name accepted (characters, after trimming).
MAX_NAME = 40
#: The ``format`` field of every results file.
RESULTS_FORMAT = "cardlab-quiz-results/1"
#: The columns of :func:`collect_results`, in order.
COLUMNS = ("pupil", "pupil_id", "exercise", "question", "position", "answer", "correct", "saved_at")

_ID = re.compile(r"[0-9a-f]{8,32}")


class ResultsFileWarning(UserWarning):
    """A file in the class folder could not be read as quiz results and was skipped."""


def class_dir(folder: "str | os.PathLike[str] | None" = None) -> Path:
    """The class folder: ``folder`` if given, else ``$CARDLAB_CLASS_DIR``, else ``~/cardlab-class``.

    >>> class_dir("/tmp/class-3b")
    PosixPath('/tmp/class-3b')
    """
    if folder is not None and str(folder).strip():
        return Path(folder).expanduser()
    env = os.environ.get(CLASS_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return Path.home() / DEFAULT_CLASS_DIR_NAME


def clean_name(name: Any, *, lang: str | None = None) -> str:
    """A pupil's name as typed, trimmed, with control characters removed and spaces collapsed.

    Raises :class:`CardlabError` (in ``lang``) for an empty or too long name.

    >>> clean_name("  Anna \\n Berg ")
    'Anna Berg'
    >>> clean_name("   ", lang="en")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: Type your name first.
    """
    text = "" if name is None else str(name)
    text = "".join(" " if unicodedata.category(ch).startswith(("C", "Z")) else ch for ch in text)
    text = " ".join(text.split())
    if not text:
        raise CardlabError("classroom.name_empty", lang=lang)
    if len(text) > MAX_NAME:
        raise CardlabError("classroom.name_too_long", lang=lang, limit=MAX_NAME)
    return text


def file_stem(text: str, *, limit: int = 30) -> str:
    """A piece of a file name made from free text: letters and digits kept, anything else ``_``.

    Never empty, never ``.`` or ``..``, never a path separator, at most ``limit`` characters.

    >>> file_stem("Anna-Lena Öberg"), file_stem("../../etc/passwd"), file_stem("<b>"), file_stem("")
    ('Anna_Lena_Öberg', 'etc_passwd', 'b', 'x')
    """
    text = unicodedata.normalize("NFC", str(text))
    kept = "".join(ch if ch.isalnum() else "_" for ch in text)
    stem = re.sub(r"_+", "_", kept).strip("_")[:limit].strip("_")
    return stem or "x"


def new_pupil_id(*, rng=None) -> str:
    """A fresh random id for one pupil (16 hex digits); two pupils with the same name get different ids.

    >>> new_pupil_id(rng=1) == new_pupil_id(rng=1), len(new_pupil_id())
    (True, 16)
    """
    gen = normalize_rng(rng)
    return "".join(f"{int(x):02x}" for x in gen.integers(0, 256, size=8))


def check_pupil_id(pupil_id: str, *, lang: str | None = None) -> str:
    if not isinstance(pupil_id, str) or not _ID.fullmatch(pupil_id):
        raise CardlabError("classroom.bad_id", lang=lang, value=pupil_id)
    return pupil_id


@dataclass(frozen=True)
class Pupil:
    """Who answers: the name as typed and a random id that tells two pupils of the same name apart."""

    name: str
    id: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", clean_name(self.name))
        check_pupil_id(self.id)

    @classmethod
    def new(cls, name: str, *, rng=None) -> "Pupil":
        return cls(name, new_pupil_id(rng=rng))


def results_path(folder: "str | os.PathLike[str] | None", *, pupil: str, exercise: str, pupil_id: str) -> Path:
    """Where one pupil's answers to one exercise are saved (always directly inside the class folder)."""
    base = class_dir(folder).resolve()
    path = base / f"{file_stem(exercise)}--{file_stem(pupil)}--{check_pupil_id(pupil_id)}.json"
    if path.parent != base:  # cannot happen with file_stem, but never write anywhere else
        raise CardlabError("rules.invalid", field="pupil", problem="the name would leave the class folder.")
    return path


def save_results(rows: Iterable[Mapping[str, Any]], folder: "str | os.PathLike[str] | None" = None, *, pupil: str,
                 exercise: str, pupil_id: str | None = None, lang: str | None = None) -> Path:
    """Write one pupil's answers to one exercise into the class folder; returns the file's path.

    ``rows``: one mapping per question with ``question`` (1, 2, …), ``position`` (text),
    ``answer`` (text, or None when not answered) and ``correct`` (bool or None).
    Saving again with the same ``pupil_id`` replaces that pupil's file (atomically: the teacher
    never reads half a file); another ``pupil_id`` never touches it.  The folder is created if needed.
    """
    name = clean_name(pupil, lang=lang)
    pupil_id = check_pupil_id(pupil_id if pupil_id is not None else new_pupil_id(), lang=lang)
    exercise = " ".join(str(exercise).split()) or "quiz"
    path = results_path(folder, pupil=name, exercise=exercise, pupil_id=pupil_id)
    answers = []
    for row in rows:
        answers.append({"question": int(row["question"]), "position": str(row.get("position", "")),
                        "answer": None if row.get("answer") is None else str(row["answer"]),
                        "correct": None if row.get("correct") is None else bool(row["correct"])})
    record = {"format": RESULTS_FORMAT, "pupil": name, "pupil_id": pupil_id, "exercise": exercise,
              "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "answers": answers}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{new_pupil_id()}.tmp")
    with open(tmp, "x", encoding="utf-8") as fh:
        json.dump(record, fh, ensure_ascii=False, indent=1)
    os.replace(tmp, path)
    return path


def _read_one(path: Path) -> list[dict[str, Any]]:
    """The rows of one results file; raises ValueError saying what is wrong with it."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"not readable JSON ({exc.__class__.__name__})") from None
    if not isinstance(record, dict) or record.get("format") != RESULTS_FORMAT:
        raise ValueError(f"not a cardlab results file (format should be {RESULTS_FORMAT!r})")
    for key in ("pupil", "pupil_id", "exercise", "saved_at"):
        if not isinstance(record.get(key), str):
            raise ValueError(f"the field {key!r} is missing or not text")
    answers = record.get("answers")
    if not isinstance(answers, list):
        raise ValueError("the field 'answers' is missing or not a list")
    rows = []
    for item in answers:
        if (not isinstance(item, dict) or not isinstance(item.get("question"), int) or isinstance(item.get("question"), bool)
                or not isinstance(item.get("answer"), (str, type(None)))
                or not isinstance(item.get("correct"), (bool, type(None)))):
            raise ValueError("an answer lacks 'question' (a number), 'answer' (text) or 'correct' (true/false)")
        rows.append({"pupil": record["pupil"], "pupil_id": record["pupil_id"], "exercise": record["exercise"],
                     "question": item["question"], "position": str(item.get("position", "")),
                     "answer": item["answer"], "correct": item["correct"], "saved_at": record["saved_at"]})
    return rows


def collect_results(folder: "str | os.PathLike[str] | None" = None, *, answered_only: bool = True):
    """Every pupil's saved answers in the class folder as one DataFrame, one row per answer.

    Columns: ``pupil``, ``pupil_id``, ``exercise``, ``question``, ``position``, ``answer``,
    ``correct``, ``saved_at``.  A damaged or foreign ``.json`` file is skipped with a
    :class:`ResultsFileWarning` naming it; ``answered_only=False`` keeps unanswered questions too.
    """
    import pandas as pd

    base = class_dir(folder)
    if not base.is_dir():
        raise CardlabError("classroom.no_folder", folder=str(base))
    rows: list[dict[str, Any]] = []
    for path in sorted(base.glob("*.json")):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            rows.extend(_read_one(path))
        except ValueError as exc:
            warnings.warn(f"skipped {path.name}: {exc}", ResultsFileWarning, stacklevel=2)
    df = pd.DataFrame(rows, columns=list(COLUMNS))
    if answered_only:
        df = df[df["answer"].notna()]
    df = df.astype({"question": "int64"})
    df["correct"] = df["correct"].astype("boolean")
    return df.sort_values(["exercise", "question", "pupil", "pupil_id"], kind="stable").reset_index(drop=True)


def pupil_labels(df) -> "Any":
    """A name per row that tells pupils of the same name apart (``Anna``, or ``Anna (3f2a)`` when two are called Anna)."""
    ids_per_name = df.groupby("pupil")["pupil_id"].transform("nunique")
    return df["pupil"].where(ids_per_name <= 1, df["pupil"] + " (" + df["pupil_id"].str[:4] + ")")


def success_by_question(df):
    """Per exercise and question: how many answered, how many right, and the share right."""
    out = (df.assign(right=df["correct"].astype(int))
             .groupby(["exercise", "question"], as_index=False)
             .agg(position=("position", "first"), answered=("right", "size"), right=("right", "sum")))
    out["share_right"] = out["right"] / out["answered"]
    out["label"] = out["exercise"] + " #" + out["question"].astype(str)
    return out


def success_by_pupil(df):
    """Per pupil (two pupils of the same name kept apart): answered, right and the share right."""
    out = (df.assign(right=df["correct"].astype(int), label=pupil_labels(df))
             .groupby(["label", "pupil_id"], as_index=False)
             .agg(pupil=("pupil", "first"), answered=("right", "size"), right=("right", "sum")))
    out["share_right"] = out["right"] / out["answered"]
    return out[["pupil", "label", "pupil_id", "answered", "right", "share_right"]]


def hardest_questions(df, n: int = 3):
    """The ``n`` questions with the smallest share of right answers (most answered first on ties)."""
    table = success_by_question(df)
    return table.sort_values(["share_right", "answered"], ascending=[True, False], kind="stable").head(n).reset_index(drop=True)


def results_chart(df, *, lang: str | None = None):
    """Two bar charts side by side: share right per question and per pupil (altair, drawn offline as SVG)."""
    from .charts import share_bars, side_by_side, use_offline_renderer
    from .i18n import tr

    use_offline_renderer("svg")
    share = tr("classroom.chart.share", lang)
    left = share_bars(success_by_question(df), "share_right", "label", title=tr("classroom.chart.per_question", lang),
                      x_title=share, y_title=tr("classroom.chart.question", lang),
                      tooltip=["label", "position", "answered", "right"])
    right = share_bars(success_by_pupil(df), "share_right", "label", title=tr("classroom.chart.per_pupil", lang),
                       x_title=share, y_title=tr("classroom.chart.pupil", lang), tooltip=["label", "answered", "right"],
                       color="#2e7d32", sort="x")
    return side_by_side(left, right)


#: A made-up class for :func:`demo_results` (two pupils are called Anna; one name needs escaping in HTML).
DEMO_PUPILS = ("Anna", "Bo", "Anna", "Elsa <3", "Kari", "Ola", "Sven", "Lea")
#: The demo's exercises: the questions of the classroom notebook's first two quizzes.
DEMO_EXERCISES = {
    "05 tricks": ("trick", [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
                            {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]),
    "05 follow suit": ("follow-suit", [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "AD 3C 5C JS", "led": "10H"},
                                       {"hand": "2S 4D 6S KC", "led": "9S"},
                                       {"hand": "5C QD 8H 3D", "led": "AS", "trump": "D", "must_trump": True}]),
}


def demo_results(folder: "str | os.PathLike[str]", *, rng=None, pupils: Iterable[str] = DEMO_PUPILS) -> Path:
    """Fill ``folder`` with a made-up class's answers (seeded), to try the teacher's notebook before a lesson.

    Each pupil answers every question of :data:`DEMO_EXERCISES`; how often right depends on the pupil
    and on the question (trumps and trumftvång are harder).  Returns the folder.

    >>> import tempfile
    >>> df = collect_results(demo_results(tempfile.mkdtemp(), rng=1))
    >>> sorted(df["exercise"].unique()), df["pupil"].nunique(), df["pupil_id"].nunique()
    (['05 follow suit', '05 tricks'], 7, 8)
    """
    from .exercises import make_questions

    gen = normalize_rng(rng)
    base = class_dir(folder)
    for name in pupils:
        pupil_id = new_pupil_id(rng=gen)
        skill = float(gen.uniform(0.45, 0.95))
        for exercise, (kind, items) in DEMO_EXERCISES.items():
            rows = []
            for number, q in enumerate(make_questions(kind, items), start=1):
                hard = q.trump is not None or getattr(q, "must_trump", False)
                right = bool(gen.random() < skill * (0.6 if hard else 1.0))
                if kind == "trick":
                    wrong = [c for c in q.cards if c != q.answer]
                    answer = str(q.answer if right else wrong[int(gen.integers(len(wrong)))])
                else:
                    chosen = set(q.answer) if right else set(q.answer) ^ {q.hand[int(gen.integers(len(q.hand)))]}
                    answer = " ".join(str(c) for c in q.hand if c in chosen)
                    right = chosen == set(q.answer)
                rows.append({"question": number, "position": q.describe(), "answer": answer, "correct": right})
            save_results(rows, base, pupil=name, exercise=exercise, pupil_id=pupil_id)
    return base
