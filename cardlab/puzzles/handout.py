"""A teacher's puzzle set in the class folder, the children's results as one table, and "Mina misstag".

The class folder holds ``puzzles/sets/<name>.json`` (a set handed out by
:func:`hand_out`) and ``puzzles/progress/<child>.puzzles.json`` (each child's
Leitner boxes, :mod:`cardlab.puzzles.repetition`, saved after every answer).
:func:`collect_puzzle_results` reads them into one tidy table, one row per child
and puzzle tried; a file that cannot be read is listed beside the table (never
dropped without a word, never hiding the other children's rows).

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

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .ladder import Ladder, progress_folder
from .plump import SET_FORMAT, puzzle_from_dict
from .repetition import FILE_FORMAT, Leitner, write_json

#: The columns of :func:`collect_puzzle_results`.
COLUMNS = ("child", "set", "puzzle", "game", "theme", "step", "tries", "solved", "last_answer")


def game_of(puzzle: Any) -> str:
    """``"femkamp"`` or ``"plump"``: the game a puzzle is from (a Femkamp puzzle names its round)."""
    return "femkamp" if hasattr(puzzle, "round_name") else "plump"


def sets_folder(class_folder: "str | Path") -> Path:
    """Where handed-out sets live in a class folder."""
    return Path(class_folder) / "puzzles" / "sets"


def hand_out(class_folder: "str | Path", name: str, puzzles: Sequence[Any]) -> Path:
    """Write the set ``name`` into the class folder at once (:func:`cardlab.atomic.write_atomically`:
    a child opening it never reads half a file).  Puzzles of one game only; a name of letters,
    digits, ``-`` and ``_``."""
    if not name or not all(ch.isalnum() or ch in "-_" for ch in name):
        raise ValueError(f"the set's name {name!r} may only have letters, digits, '-' and '_'.")
    games = {game_of(p) for p in puzzles}
    if len(games) != 1:
        raise ValueError("a puzzle set holds puzzles of one game (Plump or Femkamp) and at least one puzzle.")
    return write_json(sets_folder(class_folder) / f"{name}.json",
                      {"format": SET_FORMAT, "version": 1, "game": games.pop(),
                       "puzzles": [p.to_dict() for p in puzzles]})


def load_set(path: "str | Path") -> list[Any]:
    """The puzzles of a set written by :func:`hand_out` (a ValueError naming the file when damaged)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"the puzzle set {path.name} cannot be read ({exc}).") from None
    if not isinstance(data, dict) or data.get("format") != SET_FORMAT or not isinstance(data.get("puzzles"), list):
        raise ValueError(f"{path.name} is not a puzzle set: the field 'format' must be {SET_FORMAT!r}.")
    if data.get("game") == "femkamp":
        from .femkamp import FemkampPuzzle

        make = FemkampPuzzle.from_dict
    else:
        make = puzzle_from_dict
    try:
        return [make(item) for item in data["puzzles"]]
    except (ValueError, TypeError, KeyError) as exc:
        raise ValueError(f"a puzzle of {path.name}: {exc}") from None


@dataclass(frozen=True)
class Unread:
    """A file :func:`collect_puzzle_results` could not use, and why."""

    file: str
    reason: str


def collect_puzzle_results(class_folder: "str | Path"):
    """Every child's puzzle answers in the class folder as a pandas DataFrame with the columns
    :data:`COLUMNS` (one row per child and puzzle tried; ``step`` counts from 1 in the set's
    ladder; a puzzle in no set has empty set, game, theme and step).  The files that could not
    be read are in ``table.attrs["unread"]`` (:class:`Unread`: the file and the reason)."""
    import pandas as pd

    unread: list[Unread] = []
    info: dict[str, dict[str, Any]] = {}
    for path in sorted(sets_folder(class_folder).glob("*.json")):
        try:
            puzzles = load_set(path)
        except ValueError as exc:
            unread.append(Unread(str(path), str(exc)))
            continue
        ladder = Ladder(puzzles)
        for p in puzzles:
            info.setdefault(p.id, {"set": path.stem, "game": game_of(p), "theme": p.theme,
                                   "step": ladder.step_of(p.id) + 1})
    rows = []
    for path in sorted(progress_folder(class_folder).glob("*.puzzles.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            boxes = Leitner.from_dict(data)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError) as exc:
            unread.append(Unread(str(path), str(exc)))
            continue
        child = boxes.child or path.name[: -len(".puzzles.json")]
        for pid, entry in sorted(boxes.entries.items()):
            where = info.get(pid, {})
            rows.append({"child": child, "set": where.get("set"), "puzzle": pid, "game": where.get("game"),
                         "theme": where.get("theme"), "step": where.get("step"), "tries": entry["tries"],
                         "solved": entry["right"] > 0, "last_answer": entry.get("last")})
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    table["step"] = table["step"].astype("Int64")
    table.attrs["unread"] = unread
    return table


def mistakes_first(match: Any, seat: int, boxes: Leitner, puzzles: Sequence[Any] = (), *,
                   game: str = "plump", rng: Any = 0) -> list[Any]:
    """"Mina misstag": the child's own missed decisions in a finished ``match`` (card and bid
    mistakes in Plump, card mistakes in Femkamp) become the child's next puzzles: they are put
    first in ``boxes`` and returned in front of ``puzzles`` (the rest of the child's set)."""
    if game == "femkamp":
        from .femkamp import femkamp_puzzles_from_match

        own = list(femkamp_puzzles_from_match(match, seat))
    elif game == "plump":
        from .plump import puzzles_from_match
        from .plump_bid import bid_puzzles_from_match

        own = list(puzzles_from_match(match, seat)) + list(bid_puzzles_from_match(match, seat, rng=rng))
    else:
        raise ValueError(f"the field 'game' is {game!r}: choose plump or femkamp.")
    boxes.put_first([p.id for p in own])
    ids = {p.id for p in own}
    return own + [p for p in puzzles if p.id not in ids]
