"""The puzzle ladder: a set ordered into steps by theme and level, opened one step at a time.

A step is one theme at one level (1 easy .. 3 hard).  The steps go theme by theme in
the order of the game's themes (:data:`FIRST_THEMES` for Plump,
:data:`cardlab.puzzles.femkamp_themes.LADDER_THEMES` for Femkamp,
:data:`cardlab.puzzles.rummy_themes.LADDER_THEMES` for Rummy: the ideas a child
meets first come first; a theme not named there comes after, in the order the set
has it, and ``"exact"`` last), and within a theme from level 1 up.  The child starts on the first step; the next step opens when
:data:`STEP_UP` puzzles of the current step are solved (or all of them, for a small
step).  Among the puzzles of the open steps the child's Leitner box
(:mod:`cardlab.puzzles.repetition`) still picks the next one, so a missed puzzle
of an earlier step comes back until it is solved (and a puzzle of a later step already
in the box, such as the child's own mistakes, is open too).

>>> from types import SimpleNamespace as P
>>> set_ = [P(id="d1", theme="duck", level=1), P(id="t1", theme="top_trump", level=1),
...         P(id="t2", theme="top_trump", level=2), P(id="t1b", theme="top_trump", level=1)]
>>> ladder = Ladder(set_)
>>> [(s.theme, s.level, s.ids) for s in ladder.steps]
[('top_trump', 1, ('t1', 't1b')), ('top_trump', 2, ('t2',)), ('duck', 1, ('d1',))]
>>> from cardlab.puzzles.repetition import Leitner
>>> boxes = Leitner("Mina")
>>> ladder.current(boxes), ladder.next_id(boxes)
(0, 't1')
>>> boxes.record("t1", right=True); boxes.record("t1b", right=True)
>>> ladder.current(boxes), ladder.next_id(boxes)    # the step is solved: the next one opens
(1, 't2')

A Femkamp set climbs the Femkamp themes (a puzzle with a ``round_name`` is a Femkamp puzzle):

>>> femkamp = [P(id="k", theme="block_row", level=2, round_name="kabal"),
...            P(id="g", theme="give_points", level=1, round_name="clubs")]
>>> [s.theme for s in Ladder(femkamp).steps]
['give_points', 'block_row']
"""

from __future__ import annotations

import os

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..i18n import Message
from .femkamp_themes import LADDER_THEMES
from .rummy_themes import LADDER_THEMES as RUMMY_LADDER_THEMES
from .repetition import Leitner

#: How many puzzles of a step must be solved before the next step opens.  Three: one right
#: answer can be a lucky click, three of the same idea show the child has seen it; more would
#: keep a child on a small step long after the idea is known.
STEP_UP = 3

#: The Plump themes in the order a child meets them: first the ones with one clear rule (take
#: with the top trump, get rid of a high card, duck), then counting, then the exact reckoning.
FIRST_THEMES: tuple[str, ...] = (
    "top_trump", "hook", "shed_high", "duck", "take_now", "count_tricks", "count_trumps", "exact",
)


def theme_order(puzzles: Sequence[Any]) -> tuple[str, ...]:
    """The themes a set climbs, in order: :data:`cardlab.puzzles.rummy_themes.LADDER_THEMES` for a
    Rummy set (its puzzles' ``game`` is ``"rummy"``), :data:`LADDER_THEMES` for a Femkamp set (its
    puzzles name their ``round_name``), else :data:`FIRST_THEMES`.

    >>> from types import SimpleNamespace as P
    >>> theme_order([P(round_name="kabal")]) == LADDER_THEMES, theme_order([P()]) == FIRST_THEMES
    (True, True)
    """
    if puzzles and all(getattr(p, "game", None) == "rummy" for p in puzzles):
        return RUMMY_LADDER_THEMES
    if puzzles and all(hasattr(p, "round_name") for p in puzzles):
        return LADDER_THEMES
    return FIRST_THEMES


@dataclass(frozen=True)
class Step:
    """One step of the ladder: a theme at a level and its puzzles' ids (easiest first)."""

    theme: str
    level: int
    ids: tuple[str, ...]

    @property
    def need(self) -> int:
        """Puzzles to solve before the next step opens (:data:`STEP_UP`, or all of a smaller step)."""
        return min(STEP_UP, len(self.ids))


def _rank(theme: str, seen: list[str], order: Sequence[str]) -> tuple[int, int]:
    if theme == "exact":
        return (2, 0)
    if theme in order:
        return (0, list(order).index(theme))
    return (1, seen.index(theme))


class Ladder:
    """The steps of a puzzle set (see the module docstring).  ``puzzles``: objects with
    ``id``, ``theme`` and ``level`` (every Plump and Femkamp puzzle has them); ``order``: the
    themes in the order to climb them (None: the game's, :func:`theme_order`)."""

    def __init__(self, puzzles: Sequence[Any], order: "Sequence[str] | None" = None) -> None:
        order = theme_order(puzzles) if order is None else tuple(order)
        seen: list[str] = []
        groups: dict[tuple[str, int], list[tuple[int, int, str]]] = {}
        for n, p in enumerate(puzzles):
            if p.theme not in seen:
                seen.append(p.theme)
            level = int(p.level)
            groups.setdefault((p.theme, level), []).append((getattr(p, "difficulty", level), n, p.id))
        keys = sorted(groups, key=lambda k: (_rank(k[0], seen, order), k[1]))
        self.steps: tuple[Step, ...] = tuple(Step(t, lv, tuple(i for _, _, i in sorted(groups[(t, lv)])))
                                             for t, lv in keys)

    def step_of(self, puzzle_id: str) -> int:
        """The step number (from 0) of ``puzzle_id``; a KeyError when it is not in the set."""
        for n, step in enumerate(self.steps):
            if puzzle_id in step.ids:
                return n
        raise KeyError(puzzle_id)

    def current(self, boxes: Leitner) -> int:
        """The highest open step: the first one with fewer than its :attr:`Step.need` solved
        (the last step when every step is climbed)."""
        for n, step in enumerate(self.steps):
            if boxes.solved(step.ids) < step.need:
                return n
        return max(len(self.steps) - 1, 0)

    def open_ids(self, boxes: Leitner) -> list[str]:
        """The ids of every open step, step by step, then any puzzle of a later step the child has
        already met (a puzzle put first in the box, such as the child's own mistakes, stays open)."""
        top = self.current(boxes)
        opened = [i for step in self.steps[:top + 1] for i in step.ids]
        return opened + [i for step in self.steps[top + 1:] for i in step.ids if i in boxes.entries]

    def next_id(self, boxes: Leitner) -> str | None:
        """The puzzle to give next: the box's choice among the open steps; when all of those are
        done for good, among every step (None: the whole set is done)."""
        chosen = boxes.next_id(self.open_ids(boxes))
        if chosen is None:
            chosen = boxes.next_id([i for step in self.steps for i in step.ids])
        return chosen

    def where(self, boxes: Leitner) -> Message:
        """Which step the child is on, as a sentence (sv/nb/en)."""
        n = self.current(boxes)
        if not self.steps:
            return Message("puzzles.ladder.empty", {})
        step = self.steps[n]
        return Message("puzzles.ladder.step", {"step": n + 1, "steps": len(self.steps), "level": step.level,
                                               "solved": min(boxes.solved(step.ids), step.need), "need": step.need})


def progress_folder(class_folder: "str | Path | None" = None) -> Path:
    """Where a child's progress is kept: ``<class folder>/puzzles/progress`` when a class folder is
    given or set for the class (``$CARDLAB_CLASS_DIR``, as the classroom server sets it), so that the
    teacher's :func:`~cardlab.puzzles.handout.collect_puzzle_results` finds it; else ``puzzles`` in the
    user's data folder (:func:`cardlab.data_files.user_data_dir`).

    >>> progress_folder("/tmp/class-3b").as_posix()
    '/tmp/class-3b/puzzles/progress'
    """
    from ..data_files import CLASS_DIR_ENV, user_data_dir

    if class_folder is None and os.environ.get(CLASS_DIR_ENV, "").strip():
        class_folder = os.environ[CLASS_DIR_ENV].strip()
    if class_folder is not None:
        return Path(class_folder).expanduser() / "puzzles" / "progress"
    return user_data_dir() / "puzzles"
