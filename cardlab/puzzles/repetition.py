"""Spaced repetition for one child: a Leitner box per puzzle, saved as JSON in a folder.

Every puzzle starts in box 0.  A missed puzzle goes back to box 0 and comes
back after :data:`GAPS` [0] other puzzles; a solved one moves up a box and
comes back later (after ``GAPS[box]`` others); from the last box it is done
and does not come back.  The next puzzle is the one that has waited longest
past its turn; when none is due, a puzzle not yet tried (in the set's order);
when none is left, the one due soonest.

>>> boxes = Leitner("Mina")
>>> boxes.next_id(["a", "b", "c"])
'a'
>>> boxes.record("a", right=False); boxes.record("b", right=True); boxes.next_id(["a", "b", "c"])
'c'
>>> boxes.record("c", right=True); boxes.next_id(["a", "b", "c"])   # "a" was missed: it comes back first
'a'
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..atomic import write_atomically
from ..errors import CardlabError
from .files import read_json

#: How many other puzzles come between two tries, by box (box 0: just missed).  A puzzle solved
#: in the last box is done.
GAPS = (3, 6, 15)
DONE = len(GAPS)

FILE_FORMAT = "cardlab-puzzle-progress"


def _slug(text: str) -> str:
    text = unicodedata.normalize("NFC", str(text)).strip().lower()
    return re.sub(r"[^\w]+", "-", text, flags=re.UNICODE).strip("-_")


def file_name(child: str, pupil_id: "str | None" = None) -> str:
    """The progress file's name for ``child`` (letters and digits kept, å ä ö too).

    A pupil the classroom server let in has the server's ``pupil_id`` too, and it is part of the
    name: two pupils who joined as Anna keep two files, and a child working alone (no id) never
    writes over a served pupil's file.  The name stays first, so a teacher looking in the folder
    still sees whose file it is; the name shown in the results is the one kept inside the file
    (:attr:`Leitner.child`), as it was typed, not this slug.

    >>> file_name("Åsa B."), file_name("  ")
    ('åsa-b.puzzles.json', 'pupil.puzzles.json')
    >>> file_name("Anna", "0123456789abcdef")
    'anna--0123456789abcdef.puzzles.json'
    """
    name = _slug(child) or "pupil"
    if pupil_id is None:
        return f"{name}.puzzles.json"
    return f"{name}--{_slug(pupil_id) or 'x'}.puzzles.json"


def write_json(path: "str | Path", data: Any) -> Path:
    """Write ``data`` as JSON to ``path`` at once (:func:`cardlab.atomic.write_atomically`: a crash never
    leaves half a file; the folder is made if needed)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomically(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


@dataclass
class Leitner:
    """One child's boxes: ``entries[id] = {"box", "due", "tries", "right"}``; ``turn`` counts answers.

    ``child``: the name shown to the teacher; ``pupil_id``: the classroom server's id of a pupil it
    let in (None for a child working alone), kept in the file and in its name (:func:`file_name`)."""

    child: str
    turn: int = 0
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    pupil_id: "str | None" = None

    def box(self, puzzle_id: str) -> int | None:
        """The puzzle's box (None: not tried yet; :data:`DONE`: solved for good)."""
        entry = self.entries.get(puzzle_id)
        return None if entry is None else entry["box"]

    def record(self, puzzle_id: str, *, right: bool, answer: Any = None) -> None:
        """Note an answer to ``puzzle_id``: up a box when right, back to box 0 when wrong
        (``answer``: the card or bid given, kept as the entry's ``last``)."""
        entry = self.entries.setdefault(puzzle_id, {"box": 0, "due": 0, "tries": 0, "right": 0})
        self.turn += 1
        if answer is not None:
            entry["last"] = str(answer)
        entry["tries"] += 1
        if right:
            entry["right"] += 1
            entry["box"] = min(entry["box"] + 1, DONE)
        else:
            entry["box"] = 0
        entry["due"] = self.turn + GAPS[entry["box"]] if entry["box"] < DONE else -1

    def next_id(self, ids: Sequence[str]) -> str | None:
        """The puzzle to give next among ``ids`` (see the module docstring); None when all are done."""
        waiting = [(self.entries[i]["due"], n, i) for n, i in enumerate(ids)
                   if i in self.entries and self.entries[i]["box"] < DONE]
        due = [w for w in waiting if w[0] <= self.turn]
        if due:
            return min(due)[2]
        fresh = [i for i in ids if i not in self.entries]
        if fresh:
            return fresh[0]
        return min(waiting)[2] if waiting else None

    def put_first(self, ids: Sequence[str]) -> None:
        """Make ``ids`` the next puzzles, in this order, before everything else due (a puzzle
        already done for good is opened again): the child's own mistakes after a game."""
        ids = list(dict.fromkeys(ids))
        lowest = min([self.turn] + [e["due"] for e in self.entries.values() if e["box"] < DONE])
        for n, puzzle_id in enumerate(ids):
            entry = self.entries.setdefault(puzzle_id, {"box": 0, "due": 0, "tries": 0, "right": 0})
            entry["box"], entry["due"] = 0, lowest - len(ids) + n

    def solved(self, ids: Sequence[str]) -> int:
        """How many of ``ids`` were ever answered right."""
        return sum(1 for i in ids if self.entries.get(i, {}).get("right", 0) > 0)

    # ------------------------------------------------------------------ files
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FILE_FORMAT, "version": 1, "child": self.child}
        if self.pupil_id is not None:
            data["pupil_id"] = self.pupil_id
        data.update(turn=self.turn, entries={k: dict(v) for k, v in sorted(self.entries.items())})
        return data

    @classmethod
    def from_dict(cls, data: Any, *, lang: str | None = None) -> "Leitner":
        """Boxes from :meth:`to_dict`'s data; anything else is refused with a
        :class:`~cardlab.errors.CardlabError` (a ValueError) naming the field, in ``lang``.

        >>> Leitner.from_dict({"format": FILE_FORMAT, "turn": -1, "entries": {}}, lang="nb")
        Traceback (most recent call last):
        ...
        cardlab.errors.CardlabError: fremgangsfilens felt 'turn' må være et heltall, 0 eller mer.
        """
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise CardlabError("puzzles.progress.format", lang=lang, format=FILE_FORMAT)
        turn, entries = data.get("turn"), data.get("entries")
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise CardlabError("puzzles.progress.turn", lang=lang, field="turn")
        if not isinstance(entries, dict):
            raise CardlabError("puzzles.progress.entries", lang=lang, field="entries")
        checked: dict[str, dict[str, int]] = {}
        for key, entry in entries.items():
            if not isinstance(entry, dict) or any(not isinstance(entry.get(n), int) or isinstance(entry.get(n), bool)
                                                  for n in ("box", "due", "tries", "right")):
                raise CardlabError("puzzles.progress.entry", lang=lang, entry=str(key))
            if not 0 <= entry["box"] <= DONE:
                raise CardlabError("puzzles.progress.box", lang=lang, entry=str(key), box=entry["box"], done=DONE)
            checked[str(key)] = {n: entry[n] for n in ("box", "due", "tries", "right")}
            if "last" in entry:
                if not isinstance(entry["last"], str):
                    raise CardlabError("puzzles.progress.last", lang=lang, entry=str(key), field="last")
                checked[str(key)]["last"] = entry["last"]
        pupil_id = data.get("pupil_id")
        if pupil_id is not None and not isinstance(pupil_id, str):
            raise CardlabError("puzzles.progress.pupil_id", lang=lang, field="pupil_id")
        return cls(child=str(data.get("child", "")), turn=turn, entries=checked, pupil_id=pupil_id)

    def save(self, folder: "str | Path") -> Path:
        """Write the boxes to ``folder/<child>.puzzles.json`` (``<child>--<pupil id>.puzzles.json`` for a
        pupil of a class, :func:`file_name`) at once (a crash never leaves half a file)."""
        folder = Path(folder)
        return write_json(folder / file_name(self.child, self.pupil_id), self.to_dict())

    @classmethod
    def open(cls, folder: "str | Path | None", child: str, *, pupil_id: "str | None" = None,
             lang: str | None = None) -> "Leitner":
        """The boxes a puzzle session works with: :meth:`load` from ``folder``, or fresh boxes kept in
        memory only when ``folder`` is None.

        >>> Leitner.open(None, "Mina")
        Leitner(child='Mina', turn=0, entries={}, pupil_id=None)
        """
        if folder is None:
            return cls(child, pupil_id=pupil_id)
        return cls.load(folder, child, pupil_id=pupil_id, lang=lang)

    @classmethod
    def load(cls, folder: "str | Path", child: str, *, pupil_id: "str | None" = None,
             lang: str | None = None) -> "Leitner":
        """The boxes of ``child`` (with ``pupil_id``, the pupil of a class the server let in) from
        ``folder`` (fresh boxes when there is no file yet); a damaged file is refused with a
        :class:`~cardlab.errors.CardlabError` naming the file or the field (in ``lang``) and left as it is.

        >>> import tempfile
        >>> folder = tempfile.mkdtemp()
        >>> first, second = Leitner("Anna", pupil_id="aaaa"), Leitner("Anna", pupil_id="bbbb")
        >>> first.record("p1", right=True); _ = first.save(folder); _ = second.save(folder)
        >>> Leitner.load(folder, "Anna", pupil_id="aaaa").turn, Leitner.load(folder, "Anna", pupil_id="bbbb").turn
        (1, 0)
        """
        path = Path(folder) / file_name(child, pupil_id)
        if not path.exists():
            return cls(child, pupil_id=pupil_id)
        boxes = cls.from_dict(read_json(path, lang=lang), lang=lang)
        boxes.child, boxes.pupil_id = child, pupil_id
        return boxes
