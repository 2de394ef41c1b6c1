"""A class's quiz results in one folder: pupils' quizzes save there, the teacher reads them back.

Each pupil's quiz writes one small JSON file per exercise into the *class
folder* (:func:`class_dir`): the folder given, else the environment variable
``CARDLAB_CLASS_DIR``, else ``~/cardlab-class``.  The teacher reads the whole
folder with :func:`collect_results` into a tidy table (one row per answer) and
summarises it with :func:`success_by_question`, :func:`success_by_pupil`,
:func:`hardest_questions` and :func:`results_chart`.  The puzzles a teacher hands out
(:mod:`cardlab.puzzles.handout`) are read by the same call: ``collect_results(folder,
puzzles=True)`` gives the quiz table and, beside it, the children's puzzle results.

A pupil's name is free text typed by a child.  It is only ever *data* inside
the file: the file's name is made from a cleaned-up stem of it plus the
pupil's own random id, so ``../``, absolute paths and odd characters can never
write outside the class folder, and two pupils called Anna never overwrite each
other (each has an id; saving again replaces only one's own file).  Names are
stored in NFC and compared case-folded (:func:`name_key`), names mixing
alphabets or looking like another pupil's are flagged (:func:`name_flags`), and
:func:`pupil_labels` never gives two pupils one label.

Nothing in the folder can stop :func:`collect_results`: damaged, huge, deeply
nested, forged or duplicated files are skipped with a warning naming each one
and why, and the list of them comes with the table (``report=True``).
:func:`class_summary` says in sentences what the table holds.

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
from .atomic import write_atomically
from .data_files import CLASS_DIR_ENV  # the class folder's variable; the puzzles read it there too
from .errors import CardlabError

#: The class folder when neither a folder nor ``CARDLAB_CLASS_DIR`` is given: ``~/cardlab-class``.
DEFAULT_CLASS_DIR_NAME = "cardlab-class"
#: Longest pupil name accepted (characters, after trimming).
MAX_NAME = 40
#: The ``format`` field of every results file.
RESULTS_FORMAT = "cardlab-quiz-results/1"
#: The columns of :func:`collect_results`, in order.
COLUMNS = ("pupil", "pupil_id", "exercise", "question", "position", "answer", "correct", "saved_at", "name_flag")

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
    """A pupil's name as typed, in NFC, trimmed, with control characters removed and spaces collapsed.

    The case is kept (it is shown as typed); :func:`name_key` is the form names are compared in.

    Raises :class:`CardlabError` (in ``lang``) for an empty or too long name.

    >>> clean_name("  Anna \\n Berg ")
    'Anna Berg'
    >>> clean_name("A\\u030asa") == "\\u00c5sa"      # Åsa typed as A + ring is stored as one letter
    True
    >>> clean_name("   ", lang="en")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: Type your name first.
    """
    text = unicodedata.normalize("NFC", "" if name is None else str(name))
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
    exercise = " ".join(unicodedata.normalize("NFC", str(exercise)).split()) or "quiz"
    path = results_path(folder, pupil=name, exercise=exercise, pupil_id=pupil_id)
    answers = []
    for row in rows:
        answers.append({"question": int(row["question"]), "position": str(row.get("position", "")),
                        "answer": None if row.get("answer") is None else str(row["answer"]),
                        "correct": None if row.get("correct") is None else bool(row["correct"])})
    record = {"format": RESULTS_FORMAT, "pupil": name, "pupil_id": pupil_id, "exercise": exercise,
              "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "answers": answers}
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomically(path, json.dumps(record, ensure_ascii=False, indent=1))


# ------------------------------------------------------------------ reading the folder safely
#: Largest results file read (bytes, checked before reading): a quiz of many questions is a few KB.
MAX_FILE_BYTES = 256 * 1024
#: Most answers one file may hold; a file with more is refused (no quiz has that many questions).
MAX_ANSWERS = 200
#: Highest question number accepted (questions are numbered 1, 2, … ; 0 is allowed too).
MAX_QUESTION = 999
#: Longest text field read (a position, an answer, an exercise name, a date).
MAX_TEXT = 400
#: Longest whole number read, in digits (``10**400`` never reaches pandas).
MAX_DIGITS = 15
#: Most ``.json`` files read from one folder (a class is a few dozen pupils times a few exercises).
MAX_FILES = 20_000


class _Refused(Exception):
    """One reason a file (or part of it) is not used: a catalogue key and its fields."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


@dataclass(frozen=True)
class SkippedFile:
    """A file in the class folder that :func:`collect_results` did not use (or used in part).

    ``file`` is the file's name, ``reason`` the sentence in the language asked for, ``rule`` its
    catalogue key (``classroom.bad.…``); ``whole_file`` is False when only some rows were dropped
    (duplicates counted once).
    """

    file: str
    reason: str
    rule: str
    whole_file: bool = True


@dataclass(frozen=True)
class CollectedResults:
    """What :func:`collect_results` returns with ``report=True`` (or ``puzzles=True``): the quiz table,
    what was skipped and, with ``puzzles=True``, the puzzle results
    (:func:`cardlab.puzzles.handout.collect_puzzle_results`: one row per child and puzzle tried);
    ``puzzles`` is None when they were not asked for."""

    frame: Any
    skipped: tuple[SkippedFile, ...]
    puzzles: Any = None

    def skipped_table(self):
        """The skipped files as a DataFrame (``file``, ``reason``, ``whole_file``), one row each."""
        import pandas as pd

        return pd.DataFrame([(s.file, s.reason, s.whole_file) for s in self.skipped],
                            columns=["file", "reason", "whole_file"])


def _no_constant(name: str) -> Any:
    raise _Refused("classroom.bad.constant", value=name)


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused("classroom.bad.huge_number", limit=MAX_DIGITS)
    return int(text)


def _finite_float(text: str) -> float:
    if len(text) > 40:
        raise _Refused("classroom.bad.huge_number", limit=MAX_DIGITS)
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _Refused("classroom.bad.constant", value=text)
    return value


def _read_bytes(base: Path, name: str, limit: int) -> bytes:
    """The bytes of ``base/name`` if it is a plain file of at most ``limit`` bytes (never follows a link)."""
    import stat

    path = base / name
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise _Refused("classroom.bad.unreadable", error=exc.__class__.__name__) from None
    if stat.S_ISLNK(info.st_mode):
        raise _Refused("classroom.bad.link")
    if stat.S_ISDIR(info.st_mode):
        raise _Refused("classroom.bad.folder")
    if not stat.S_ISREG(info.st_mode):
        raise _Refused("classroom.bad.not_file")
    if info.st_size > limit:
        raise _Refused("classroom.bad.too_big", size=info.st_size, limit=limit)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _Refused("classroom.bad.unreadable", error=exc.__class__.__name__) from None
    try:
        info = os.fstat(fd)   # the file opened is still a plain file within the limit
        if not stat.S_ISREG(info.st_mode):
            raise _Refused("classroom.bad.not_file")
        if info.st_size > limit:
            raise _Refused("classroom.bad.too_big", size=info.st_size, limit=limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 65536))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise _Refused("classroom.bad.unreadable", error=exc.__class__.__name__) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # grew while being read
        raise _Refused("classroom.bad.too_big", size=len(data), limit=limit)
    return data


def _text(value: Any, field: str, *, optional: bool = False) -> "str | None":
    """A text field: a string of at most :data:`MAX_TEXT` characters, valid Unicode (no lone surrogates)."""
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _Refused("classroom.bad.field", field=field)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _Refused("classroom.bad.field", field=field) from None
    return unicodedata.normalize("NFC", value)


def expected_file_name(*, pupil: str, exercise: str, pupil_id: str) -> str:
    """The name :func:`save_results` gives the file of this pupil, exercise and id.

    >>> expected_file_name(pupil="Anna Berg", exercise="05 tricks", pupil_id="a1b2c3d4")
    '05_tricks--Anna_Berg--a1b2c3d4.json'
    """
    return f"{file_stem(exercise)}--{file_stem(pupil)}--{pupil_id}.json"


def _parse_record(name: str, data: bytes) -> tuple[dict[str, Any], list[dict[str, Any]], list[int]]:
    """The checked header and answers of one file, and the question numbers answered twice alike.

    Raises :class:`_Refused` naming what is wrong.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _Refused("classroom.bad.not_utf8") from None
    try:
        record = json.loads(text, parse_int=_small_int, parse_float=_finite_float, parse_constant=_no_constant)
    except RecursionError:
        raise _Refused("classroom.bad.too_deep") from None
    except (json.JSONDecodeError, ValueError):
        raise _Refused("classroom.bad.not_json") from None
    if not isinstance(record, dict) or record.get("format") != RESULTS_FORMAT:
        raise _Refused("classroom.bad.format", format=RESULTS_FORMAT)
    head = {key: _text(record.get(key), key) for key in ("pupil", "pupil_id", "exercise", "saved_at")}
    try:
        head["pupil"] = clean_name(head["pupil"])
    except CardlabError:
        raise _Refused("classroom.bad.field", field="pupil") from None
    if not _ID.fullmatch(head["pupil_id"]):
        raise _Refused("classroom.bad.field", field="pupil_id")
    head["exercise"] = " ".join(head["exercise"].split()) or "quiz"
    expected = expected_file_name(pupil=head["pupil"], exercise=head["exercise"], pupil_id=head["pupil_id"])
    if unicodedata.normalize("NFC", name) != expected:
        raise _Refused("classroom.bad.name_mismatch", expected=expected)
    answers = record.get("answers")
    if not isinstance(answers, list):
        raise _Refused("classroom.bad.answers")
    if len(answers) > MAX_ANSWERS:
        raise _Refused("classroom.bad.too_many", count=len(answers), limit=MAX_ANSWERS)
    by_question: dict[int, dict[str, Any]] = {}
    twice: list[int] = []
    for number, item in enumerate(answers, start=1):
        if not isinstance(item, dict):
            raise _Refused("classroom.bad.answer", number=number)
        question, correct = item.get("question"), item.get("correct")
        if not isinstance(question, int) or isinstance(question, bool) or not isinstance(correct, (bool, type(None))):
            raise _Refused("classroom.bad.answer", number=number)
        if not 0 <= question <= MAX_QUESTION:
            raise _Refused("classroom.bad.question_range", value=question, high=MAX_QUESTION)
        answer = {"question": question, "position": _text(item.get("position", ""), "position"),
                  "answer": _text(item.get("answer"), "answer", optional=True), "correct": correct}
        if question in by_question:
            if by_question[question] != answer:
                raise _Refused("classroom.bad.conflict", question=question)
            twice.append(question)
            continue
        by_question[question] = answer
    return head, list(by_question.values()), sorted(set(twice))


def _sentence(key: str, lang: str | None, **fields: Any) -> str:
    from .i18n import tr

    return tr(key, lang, **fields)


def collect_results(folder: "str | os.PathLike[str] | None" = None, *, answered_only: bool = True,
                    report: bool = False, lang: str | None = None, missing_ok: bool = False,
                    max_bytes: int = MAX_FILE_BYTES, warn: bool = True, puzzles: bool = False):
    """Every pupil's saved answers in the class folder as one DataFrame, one row per answer.

    Columns: :data:`COLUMNS` (``pupil``, ``pupil_id``, ``exercise``, ``question``, ``position``,
    ``answer``, ``correct``, ``saved_at``, ``name_flag``).  ``answered_only=False`` keeps
    unanswered questions too.  The table's ``attrs["skipped"]`` lists what was not used, as
    :class:`SkippedFile` records; with ``report=True`` the result is a :class:`CollectedResults`
    (the table and that list).

    ``puzzles=True`` reads the puzzle sets handed out to the class folder and every child's puzzle
    progress too (:func:`cardlab.puzzles.handout.collect_puzzle_results`): the result is then a
    :class:`CollectedResults` whose ``puzzles`` is that table (``child``, ``set``, ``puzzle``,
    ``game``, ``theme``, ``step``, ``tries``, ``solved``, ``last_answer``), and a puzzle file that
    cannot be read is skipped like a quiz file: a warning naming it (``puzzles/progress/…``) and
    the reason, and a :class:`SkippedFile` with a ``puzzles.…`` rule in ``skipped`` (the table's
    ``attrs["unread"]`` lists them too).  Without ``puzzles`` nothing changes.

    Nothing in the folder can stop it: every ``*.json`` entry is read only if it is a plain file
    (not a folder, link or device) of at most ``max_bytes`` bytes (checked before reading), is
    UTF-8 JSON without NaN, infinities, numbers of more than :data:`MAX_DIGITS` digits or deep
    nesting, and has the fields :func:`save_results` writes, with question numbers from 0 to
    :data:`MAX_QUESTION`, at most :data:`MAX_ANSWERS` answers and short texts.  Anything else is
    skipped with one :class:`ResultsFileWarning` per file naming it and the reason (in ``lang``;
    ``warn=False`` only lists them, for a notebook that shows the list as a table).  A folder that
    does not exist is an error, or an empty class with ``missing_ok=True``.

    Whose answers a file holds is decided by the file itself, as :func:`save_results` wrote it:

    * the file's name must be exactly :func:`expected_file_name` of the pupil, exercise and id
      inside it (so a copy renamed or edited to carry another pupil's id is refused);
    * one pupil id belongs to one name (compared with :func:`name_key`: ``Anna`` and ``ANNA`` are
      the same name): the name of the first file saved with that id (by ``saved_at``); a later
      file claiming the id under another name is refused with a warning naming the owner;
    * one pupil id has one file per exercise: the newest counts, older ones are skipped;
    * a question answered twice alike in one file counts once (noted); answered twice differently,
      the file is refused.

    ``name_flag`` marks a name the teacher should look at (see :func:`name_flags`): letters from
    two scripts in one name (Cyrillic ``А`` in ``Аnna``), or a name that looks like another
    pupil's but is spelt with other letters.

    >>> import tempfile, warnings
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = save_results([{"question": 1, "position": "", "answer": "K♣", "correct": True}], folder,
    ...                  pupil="Bo", exercise="trick", pupil_id="0123abcd")
    >>> _ = (folder / "trick--Eve--0123abcd.json").write_text('[[[[', encoding="utf-8")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     got = collect_results(folder, report=True, lang="en")
    >>> got.frame["pupil"].tolist(), [(s.file, s.reason) for s in got.skipped]
    (['Bo'], [('trick--Eve--0123abcd.json', 'not readable JSON')])
    >>> str(caught[0].message)
    'skipped trick--Eve--0123abcd.json: not readable JSON'

    The puzzle results of the same class, beside the quiz results:

    >>> from cardlab.puzzles.handout import hand_out
    >>> from cardlab.puzzles.ladder import progress_folder
    >>> from cardlab.puzzles.plump import puzzles_from_games
    >>> from cardlab.puzzles.repetition import Leitner
    >>> set_ = puzzles_from_games(2, rng=1)
    >>> _ = hand_out(folder, "week1", set_)
    >>> boxes = Leitner("Bo"); boxes.record(set_[0].id, right=True, answer=set_[0].answer)
    >>> _ = boxes.save(progress_folder(folder))
    >>> got = collect_results(folder, puzzles=True, warn=False, lang="en")
    >>> got.frame["pupil"].tolist(), got.puzzles[["child", "set", "tries", "solved"]].values.tolist()
    (['Bo'], [['Bo', 'week1', 1, True]])
    """
    import pandas as pd

    base = class_dir(folder)
    skipped: list[SkippedFile] = []

    def skip(file: str, key: str, whole: bool = True, **fields: Any) -> None:
        reason = _sentence(key, lang, **fields)
        skipped.append(SkippedFile(file, reason, key, whole))
        what = "classroom.skipped" if whole else "classroom.partly_used"
        if warn:
            warnings.warn(_sentence(what, lang, file=file, reason=reason), ResultsFileWarning, stacklevel=3)

    if not base.is_dir():
        if not missing_ok:
            raise CardlabError("classroom.no_folder", lang=lang, folder=str(base))
        names: list[str] = []
    else:
        try:
            with os.scandir(base) as entries:
                names = sorted(e.name for e in entries if e.name.endswith(".json") and not e.name.startswith("."))
        except OSError as exc:
            raise CardlabError("classroom.no_folder", lang=lang, folder=str(base)) from exc
    if len(names) > MAX_FILES:
        for name in names[MAX_FILES:]:
            skip(name, "classroom.bad.too_many_files", limit=MAX_FILES)
        names = names[:MAX_FILES]

    parsed: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = []
    for name in names:
        try:
            head, answers, twice = _parse_record(name, _read_bytes(base, name, max_bytes))
        except _Refused as why:
            skip(name, why.key, **why.fields)
            continue
        except Exception as exc:  # pragma: no cover - nothing in a file may stop the teacher's notebook
            skip(name, "classroom.bad.unreadable", error=exc.__class__.__name__)
            continue
        if twice:
            skip(name, "classroom.bad.duplicates", whole=False, questions=", ".join(map(str, twice)))
        parsed.append((name, head, answers))

    # one id, one name: the name of the id's oldest file; one id, one file per exercise: the newest
    owner: dict[str, str] = {}
    for name, head, _ in sorted(parsed, key=lambda p: (p[1]["saved_at"], p[0])):
        owner.setdefault(head["pupil_id"], head["pupil"])
    seen: dict[tuple[str, str], str] = {}
    kept: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = []
    for name, head, answers in sorted(parsed, key=lambda p: (p[1]["saved_at"], p[0]), reverse=True):
        pid = head["pupil_id"]
        if name_key(owner[pid]) != name_key(head["pupil"]):
            skip(name, "classroom.bad.id_taken", id=pid, owner=owner[pid])
            continue
        slot = (pid, head["exercise"])
        if slot in seen:
            skip(name, "classroom.bad.older", newer=seen[slot])
            continue
        seen[slot] = name
        kept.append((name, head, answers))

    rows = [{**head, **answer} for _, head, answers in sorted(kept) for answer in answers]
    df = pd.DataFrame(rows, columns=[c for c in COLUMNS if c != "name_flag"])
    if answered_only:
        df = df[df["answer"].notna()]
    df = df.astype({"question": "int64"})
    df["correct"] = df["correct"].astype("boolean")
    df = df.sort_values(["exercise", "question", "pupil", "pupil_id"], kind="stable").reset_index(drop=True)
    df["name_flag"] = name_flags(df, lang=lang) if len(df) else pd.Series([], dtype=object)
    puzzle_table = None
    if puzzles:
        from .puzzles.handout import collect_puzzle_results

        puzzle_table = collect_puzzle_results(base, lang=lang)
        for unread in puzzle_table.attrs["unread"]:
            path = Path(unread.file)
            try:
                name = path.relative_to(base).as_posix()
            except ValueError:  # pragma: no cover - the puzzle files are always inside the class folder
                name = path.name
            skipped.append(SkippedFile(name, unread.reason, unread.rule))
            if warn:
                warnings.warn(_sentence("classroom.skipped", lang, file=name, reason=unread.reason),
                              ResultsFileWarning, stacklevel=2)
    df.attrs["skipped"] = tuple(skipped)
    if puzzles:
        return CollectedResults(df, tuple(skipped), puzzle_table)
    return CollectedResults(df, tuple(skipped)) if report else df


# ------------------------------------------------------------------ names: one child, one row
# letters of other scripts that look like Latin letters (after case folding), for name_skeleton
_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "ë", "з": "3", "і": "i", "ї": "ï", "ј": "j", "к": "k", "м": "m", "н": "h",
    "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ь": "b",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ω": "w", "ς": "c", "σ": "o",
    # look-alike digits and letters inside Latin
    "ı": "i", "ł": "l",
})


def name_key(name: Any) -> str:
    """The form two names are compared in: NFC, trimmed, case-folded (``Anna``, ``ANNA``, ``anna`` agree).

    >>> name_key("ANNA") == name_key(" anna ") == name_key("Anna")
    True
    >>> name_key("A\\u030asa") == name_key("Åsa")          # NFD and NFC are one name
    True
    """
    text = unicodedata.normalize("NFC", " ".join(str(name).split()))
    return unicodedata.normalize("NFC", text.casefold())


def name_skeleton(name: Any) -> str:
    """:func:`name_key` with letters that look Latin (Cyrillic ``а``, Greek ``ο`` …) written as Latin.

    Two names with one skeleton look the same on screen.

    >>> name_skeleton("\\u0410nna") == name_skeleton("Anna"), name_key("\\u0410nna") == name_key("Anna")
    (True, False)
    """
    return name_key(name).translate(_LOOKALIKES)


def name_scripts(name: Any) -> tuple[str, ...]:
    """The scripts of the letters in ``name`` (``LATIN``, ``CYRILLIC``, ``GREEK`` …), in order of first use.

    >>> name_scripts("Anna"), name_scripts("\\u0410nna"), name_scripts("Åsa 3")
    (('LATIN',), ('CYRILLIC', 'LATIN'), ('LATIN',))
    """
    found: list[str] = []
    for ch in str(name):
        if ch.isalpha():
            script = unicodedata.name(ch, "UNKNOWN").split()[0]
            if script not in found:
                found.append(script)
    return tuple(found)


def name_flags(df, *, lang: str | None = None):
    """Per row, a note for the teacher about the pupil's name, or ``""`` when it is plain.

    A name mixing scripts is flagged, and so is a name that looks like another pupil's
    (same :func:`name_skeleton`) but is spelt with different letters.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"pupil": ["Anna", "\\u0410nna", "Bo"], "pupil_id": ["a" * 8, "b" * 8, "c" * 8]})
    >>> name_flags(df, lang="en").tolist()
    ['looks like another name: Аnna', 'letters from more than one script (CYRILLIC, LATIN); looks like another name: Anna', '']
    """
    import pandas as pd

    names = df["pupil"].astype(str)
    by_skeleton: dict[str, set[str]] = {}
    for name in names.unique():
        by_skeleton.setdefault(name_skeleton(name), set()).add(name)
    flags = {}
    for name in names.unique():
        notes = []
        scripts = name_scripts(name)
        if len(scripts) > 1:
            notes.append(_sentence("classroom.flag.mixed_scripts", lang, scripts=", ".join(scripts)))
        others = [n for n in by_skeleton[name_skeleton(name)] if name_key(n) != name_key(name)]
        if others:
            notes.append(_sentence("classroom.flag.looks_like", lang, names=", ".join(sorted(others))))
        flags[name] = "; ".join(notes)
    return pd.Series([flags[n] for n in names], index=df.index, dtype=object)


def pupil_labels(df) -> "Any":
    """A label per row that tells every pupil apart: ``Anna``, or ``Anna (3f2a)`` when two look alike.

    One pupil (one ``pupil_id``) is one label, written as in the pupil's newest answer, even when
    the name was typed ``anna`` once and ``Anna`` once.  Pupils whose names look the same
    (:func:`name_skeleton`: ``Anna``, ``ANNA``, Cyrillic ``Аnna``) get the start of their id after
    the name, long enough to differ, so two rows never carry one label.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"pupil": ["Anna", "anna", "\\u0410nna", "Bo"],
    ...                    "pupil_id": ["3f2a11", "3f2a11", "9c0d22", "77aa88"], "saved_at": ["2", "1", "1", "1"]})
    >>> pupil_labels(df).tolist()
    ['Anna (3f2a)', 'Anna (3f2a)', 'Аnna (9c0d)', 'Bo']
    """
    if "saved_at" in df.columns:
        newest = df.sort_values("saved_at", kind="stable").groupby("pupil_id")["pupil"].last()
    else:
        newest = df.groupby("pupil_id")["pupil"].first()
    ids_by_skeleton: dict[str, list[str]] = {}
    for pid, name in newest.items():
        ids_by_skeleton.setdefault(name_skeleton(name), []).append(pid)
    label: dict[str, str] = {}
    for ids in ids_by_skeleton.values():
        if len(ids) == 1:
            label[ids[0]] = newest[ids[0]]
            continue
        width = 4
        while len({pid[:width] for pid in ids}) < len(ids) and width < 32:
            width += 2
        for pid in ids:
            label[pid] = f"{newest[pid]} ({pid[:width]})"
    return df["pupil_id"].map(label)


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


def count_words(thing: str, n: int, lang: str | None = None) -> str:
    """``n`` things in words: ``1 pupil``, ``3 pupils``, ``3 elever`` (``thing``: pupil, answer, question,
    exercise, file or puzzle).

    >>> count_words("pupil", 1, "en"), count_words("pupil", 3, "en"), count_words("question", 2, "sv")
    ('1 pupil', '3 pupils', '2 frågor')
    """
    return _sentence(f"classroom.count.{thing}.{'one' if n == 1 else 'many'}", lang, n=n)


def class_summary(results, *, lang: str | None = None) -> list[str]:
    """Sentences for the teacher about the class's results, made from the table (plain text, not HTML).

    ``results``: what :func:`collect_results` returned (the table, or with ``report=True`` or
    ``puzzles=True`` the record).  Says how many pupils answered how many questions and how often
    right, which names are shared or look odd, the hardest question, with ``puzzles=True`` how many
    children tried how many puzzles and how many of those they solved, then the same per game with
    its hardest theme and who is furthest up its ladder
    (:func:`cardlab.puzzles.results.game_lines`), and how many files were skipped.

    >>> import tempfile
    >>> for line in class_summary(collect_results(demo_results(tempfile.mkdtemp(), rng=5)), lang="en"):
    ...     print(line)
    8 pupils gave 72 answers to 9 questions in 2 exercises; 60% of them were right.
    More than one pupil is called Anna: each one's name is shown with the start of a pupil id.
    The hardest question: 05 follow suit #4 (3 right of 8).
    No file in the class folder was skipped.
    """
    puzzles = None
    if isinstance(results, CollectedResults):
        df, skipped, puzzles = results.frame, results.skipped, results.puzzles
    else:
        df, skipped = results, results.attrs.get("skipped", ())
    lines = []
    if df.empty:
        lines.append(_sentence("classroom.summary.empty", lang))
    else:
        right = int(df["correct"].fillna(False).astype(bool).sum())
        lines.append(_sentence(
            "classroom.summary.overview", lang, pupils=count_words("pupil", df["pupil_id"].nunique(), lang),
            answers=count_words("answer", len(df), lang),
            questions=count_words("question", len(df[["exercise", "question"]].drop_duplicates()), lang),
            exercises=count_words("exercise", df["exercise"].nunique(), lang), share=round(100 * right / len(df))))
        labels = pupil_labels(df)
        marked = sorted(set(df.loc[labels != df["pupil"], "pupil"]), key=name_key)
        if marked:
            lines.append(_sentence("classroom.summary.same_names", lang, names=", ".join(marked)))
        flagged = sorted(set(df.loc[df["name_flag"] != "", "pupil"]), key=name_key) if "name_flag" in df else []
        if flagged:
            lines.append(_sentence("classroom.summary.flagged", lang, names=", ".join(flagged)))
        hardest = hardest_questions(df, n=1).iloc[0]
        lines.append(_sentence("classroom.summary.hardest", lang, label=hardest["label"], right=int(hardest["right"]),
                               answered=int(hardest["answered"])))
    if puzzles is not None:
        if puzzles.empty:
            lines.append(_sentence("classroom.summary.no_puzzles", lang))
        else:
            lines.append(_sentence(
                "classroom.summary.puzzles", lang, pupils=count_words("pupil", puzzles["child"].nunique(), lang),
                puzzles=count_words("puzzle", puzzles["puzzle"].nunique(), lang),
                share=round(100 * int(puzzles["solved"].sum()) / len(puzzles))))
            from .puzzles.results import game_lines

            lines.extend(game_lines(puzzles, lang=lang))
    whole = [s for s in skipped if s.whole_file]
    part = [s for s in skipped if not s.whole_file]
    if whole:
        lines.append(_sentence("classroom.summary.skipped", lang, files=count_words("file", len(whole), lang)))
    else:
        lines.append(_sentence("classroom.summary.nothing_skipped", lang))
    if part:
        lines.append(_sentence("classroom.summary.partly", lang, files=count_words("file", len(part), lang)))
    return lines


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
