"""A teacher's puzzle set in the class folder, the children's results as one table, and "Mina misstag".

The class folder holds ``puzzles/sets/<name>.json`` (a set handed out by
:func:`hand_out`) and ``puzzles/progress/<child>.puzzles.json`` (each child's
Leitner boxes, :mod:`cardlab.puzzles.repetition`, saved after every answer; a pupil
the classroom server let in has ``<child>--<pupil id>.puzzles.json``, with the name
as given inside).
:func:`collect_puzzle_results` reads them into one tidy table, one row per child
and puzzle tried; a file that cannot be read is listed beside the table (never
dropped without a word, never hiding the other children's rows), with the reason in
Swedish, Norwegian bokmål or English (``lang``), naming the field or the problem.
:func:`cardlab.classroom.collect_results` with ``puzzles=True`` reads these results
beside the class's quiz results.

>>> import tempfile
>>> from cardlab.puzzles.plump import puzzles_from_games
>>> folder = Path(tempfile.mkdtemp())
>>> puzzles = puzzles_from_games(3, rng=1)
>>> _ = hand_out(folder, "week1", puzzles)
>>> boxes = Leitner("Bo"); boxes.record(puzzles[0].id, right=False, answer="2H"); _ = boxes.save(progress_folder(folder))
>>> table = collect_puzzle_results(folder)
>>> table[["child", "game", "tries", "solved", "last_answer"]].values.tolist()
[['Bo', 'plump', 1, False, '2H']]
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..errors import CardlabError
from ..i18n import tr
from .files import SET_FORMAT, read_json, read_set
from .ladder import Ladder, progress_folder
from .plump import puzzle_from_dict
from .repetition import Leitner, write_json

#: The columns of :func:`collect_puzzle_results`.
COLUMNS = ("child", "pupil_id", "set", "puzzle", "game", "theme", "step", "tries", "solved", "last_answer")


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", " ".join(str(name).split())).casefold()


def child_labels(children: "Sequence[tuple[str, str | None]]") -> list[str]:
    """A label per ``(name, pupil_id)`` that tells the children apart: the name, and when another
    child has the same name (case aside) and another id, the start of the id after it, long enough
    to differ (as :func:`cardlab.classroom.pupil_labels` does for the quizzes).  A child with no id
    (working alone, outside a class) keeps the bare name.

    >>> child_labels([("Anna", "3f2a11"), ("anna", "9c0d22"), ("Bo", None), ("Anna", "3f2a11")])
    ['Anna (3f2a)', 'anna (9c0d)', 'Bo', 'Anna (3f2a)']
    >>> child_labels([("Anna", None), ("Anna", "3f2a11")])
    ['Anna', 'Anna (3f2a)']
    """
    ids_by_name: dict[str, set[str]] = {}
    for name, pid in children:
        ids_by_name.setdefault(_folded(name), set()).add(pid or "")
    labels = []
    for name, pid in children:
        ids = ids_by_name[_folded(name)]
        if len(ids) == 1 or not pid:
            labels.append(name)
            continue
        width = 4
        while len({i[:width] for i in ids}) < len(ids) and width < 64:
            width += 2
        labels.append(f"{name} ({pid[:width]})")
    return labels


def game_of(puzzle: Any) -> str:
    """``"rummy"``, ``"femkamp"`` or ``"plump"``: the game a puzzle is from (a Rummy puzzle says so,
    a Femkamp puzzle names its round)."""
    if getattr(puzzle, "game", None) == "rummy":
        return "rummy"
    return "femkamp" if hasattr(puzzle, "round_name") else "plump"


def sets_folder(class_folder: "str | Path") -> Path:
    """Where handed-out sets live in a class folder."""
    return Path(class_folder) / "puzzles" / "sets"


def hand_out(class_folder: "str | Path", name: str, puzzles: Sequence[Any], *, lang: str | None = None) -> Path:
    """Write the set ``name`` into the class folder at once (:func:`cardlab.atomic.write_atomically`:
    a child opening it never reads half a file).  Puzzles of one game only; a name of letters,
    digits, ``-`` and ``_`` (else a :class:`~cardlab.errors.CardlabError` in ``lang`` says why)."""
    if not isinstance(name, str) or not name or not all(ch.isalnum() or ch in "-_" for ch in name):
        raise CardlabError("puzzles.set.name", lang=lang, field="name", name=name)
    games = {game_of(p) for p in puzzles}
    if len(games) != 1:
        raise CardlabError("puzzles.set.one_game", lang=lang, field="puzzles")
    return write_json(sets_folder(class_folder) / f"{name}.json",
                      {"format": SET_FORMAT, "version": 1, "game": games.pop(),
                       "puzzles": [p.to_dict() for p in puzzles]})


def load_set(path: "str | Path", *, lang: str | None = None) -> list[Any]:
    """The puzzles of a set written by :func:`hand_out`; a damaged one is refused with a
    :class:`~cardlab.errors.CardlabError` (a ValueError) naming the file, the puzzle and the field
    (in ``lang``)."""
    path = Path(path)
    data = read_json(path, lang=lang)
    if isinstance(data, dict) and data.get("game") == "femkamp":
        from .femkamp import FemkampPuzzle

        make = FemkampPuzzle.from_dict
    elif isinstance(data, dict) and data.get("game") == "rummy":
        from .rummy_set import rummy_puzzle_from_dict

        make = rummy_puzzle_from_dict
    elif isinstance(data, dict) and data.get("game", "plump") != "plump":
        raise CardlabError("puzzles.set.game", lang=lang, field="game", game=data.get("game"))
    else:
        make = puzzle_from_dict
    return read_set(path, make, lang=lang, data=data)


@dataclass(frozen=True)
class Unread:
    """A file :func:`collect_puzzle_results` could not use, and why: ``reason`` is the sentence in the
    language asked for, ``rule`` its catalogue key (``puzzles.file.…``, ``puzzles.progress.…``,
    ``puzzles.set.…``) and ``fields`` its details, so that :meth:`message` says it in another language.

    >>> u = Unread("eve.puzzles.json", "…", "puzzles.progress.entries", {"field": "entries"})
    >>> u.message("sv")
    "framstegsfilens fält 'entries' måste vara en tabell."
    """

    file: str
    reason: str
    rule: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def message(self, lang: str | None = None) -> str:
        """The reason in ``lang`` (``"sv"``, ``"nb"`` or ``"en"``)."""
        return tr(self.rule, lang, **self.fields) if self.rule else self.reason


def _unread(path: Path, exc: CardlabError, lang: str | None) -> Unread:
    return Unread(str(path), exc.message(lang), exc.rule, dict(exc.params))


def collect_puzzle_results(class_folder: "str | Path", *, lang: str | None = None):
    """Every child's puzzle answers in the class folder as a pandas DataFrame with the columns
    :data:`COLUMNS` (one row per child and puzzle tried; ``step`` counts from 1 in the set's
    ladder; a puzzle in no set has empty set, game, theme and step).  ``child`` is the name kept in the
    progress file, as given; two pupils of a class with the same name (two files, two pupil ids) are
    told apart by :func:`child_labels` (``Anna (3f2a)``, ``Anna (9c0d)``); ``pupil_id`` is the
    classroom server's id (``""`` for a child working alone).  The files that could not
    be read are in ``table.attrs["unread"]`` (:class:`Unread`: the file and the reason, which names
    the field or the problem, in ``lang``: ``"sv"``, ``"nb"`` or ``"en"``; when not given, cardlab's
    language, :func:`cardlab.i18n.set_language`).  The teacher reads the same table with
    :func:`cardlab.classroom.collect_results` and ``puzzles=True``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = progress_folder(folder).mkdir(parents=True)
    >>> _ = (progress_folder(folder) / "eve.puzzles.json").write_text('{"format": "x"}', encoding="utf-8")
    >>> [u.reason for u in collect_puzzle_results(folder, lang="nb").attrs["unread"]]
    ["ikke en fil med fremgang i nøtter: feltet 'format' må være 'cardlab-puzzle-progress'."]
    """
    import pandas as pd

    unread: list[Unread] = []
    info: dict[str, dict[str, Any]] = {}
    for path in sorted(sets_folder(class_folder).glob("*.json")):
        try:
            puzzles = load_set(path, lang=lang)
        except CardlabError as exc:
            unread.append(_unread(path, exc, lang))
            continue
        ladder = Ladder(puzzles)
        for p in puzzles:
            info.setdefault(p.id, {"set": path.stem, "game": game_of(p), "theme": p.theme,
                                   "step": ladder.step_of(p.id) + 1})
    rows = []
    for path in sorted(progress_folder(class_folder).glob("*.puzzles.json")):
        try:
            boxes = Leitner.from_dict(read_json(path, lang=lang), lang=lang)
        except CardlabError as exc:
            unread.append(_unread(path, exc, lang))
            continue
        child = boxes.child or path.name[: -len(".puzzles.json")]
        for pid, entry in sorted(boxes.entries.items()):
            where = info.get(pid, {})
            rows.append({"child": child, "pupil_id": boxes.pupil_id or "", "set": where.get("set"), "puzzle": pid,
                         "game": where.get("game"), "theme": where.get("theme"), "step": where.get("step"),
                         "tries": entry["tries"], "solved": entry["right"] > 0, "last_answer": entry.get("last")})
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    table["child"] = child_labels(list(zip(table["child"], table["pupil_id"])))
    table["step"] = table["step"].astype("Int64")
    table.attrs["unread"] = unread
    return table


def mistakes_first(match: Any, seat: int, boxes: Leitner, puzzles: Sequence[Any] = (), *,
                   game: str = "plump", rng: Any = 0) -> list[Any]:
    """"Mina misstag": the child's own missed decisions in a finished ``match`` (card and bid
    mistakes in Plump, card mistakes in Femkamp, missed draws and turns in Rummy) become the child's
    next puzzles: they are put first in ``boxes`` and returned in front of ``puzzles`` (the rest of the
    child's set)."""
    if game == "femkamp":
        from .femkamp import femkamp_puzzles_from_match

        own = list(femkamp_puzzles_from_match(match, seat))
    elif game == "rummy":
        from .rummy import rummy_puzzles_from_match
        from .rummy_draw import rummy_draw_puzzles_from_match

        own = list(rummy_draw_puzzles_from_match(match, seat)) + list(rummy_puzzles_from_match(match, seat))
    elif game == "plump":
        from .plump import puzzles_from_match
        from .plump_bid import bid_puzzles_from_match

        own = list(puzzles_from_match(match, seat)) + list(bid_puzzles_from_match(match, seat, rng=rng))
    else:
        raise CardlabError("puzzles.set.game", field="game", game=game)
    boxes.put_first([p.id for p in own])
    ids = {p.id for p in own}
    return own + [p for p in puzzles if p.id not in ids]
