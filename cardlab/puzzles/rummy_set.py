"""A set of Rummy puzzles in a file: turn puzzles (:mod:`cardlab.puzzles.rummy`) and draw puzzles
(:mod:`cardlab.puzzles.rummy_draw`) together, each read back by its ``kind``.

>>> import tempfile
>>> from pathlib import Path
>>> from cardlab.puzzles.rummy import rummy_puzzles_from_games
>>> puzzles = rummy_puzzles_from_games(n=2, rng=3)[:2]
>>> path = save_rummy_puzzles(Path(tempfile.mkdtemp()) / "week1.json", puzzles)
>>> load_rummy_puzzles(path) == puzzles
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from .files import SET_FORMAT, read_set
from .repetition import write_json
from .rummy import RummyPuzzle
from .rummy_draw import RummyDrawPuzzle

__all__ = ["rummy_puzzle_from_dict", "save_rummy_puzzles", "load_rummy_puzzles"]


def rummy_puzzle_from_dict(data: Any) -> "RummyPuzzle | RummyDrawPuzzle":
    """A Rummy puzzle of either kind from its data: a turn (``"kind": "turn"``) or a draw (``"draw"``);
    anything else is refused with a :class:`~cardlab.errors.CardlabError` naming the field."""
    if isinstance(data, dict) and data.get("kind") == "draw":
        return RummyDrawPuzzle.from_dict(data)
    return RummyPuzzle.from_dict(data)


def save_rummy_puzzles(path: "str | Path", puzzles: Sequence[Any]) -> Path:
    """Write a puzzle set as one JSON file (to hand out; :func:`load_rummy_puzzles` reads it back)."""
    return write_json(path, {"format": SET_FORMAT, "version": 1, "game": "rummy",
                             "puzzles": [p.to_dict() for p in puzzles]})


def load_rummy_puzzles(path: "str | Path", *, lang: str | None = None) -> list[Any]:
    """The puzzles of a file written by :func:`save_rummy_puzzles`; a damaged file is refused with a
    :class:`~cardlab.errors.CardlabError` naming the puzzle and the field (in ``lang``)."""
    return read_set(path, rummy_puzzle_from_dict, lang=lang)
