"""``PuzzleSessionBase``: the bookkeeping the three puzzle sessions share.

The base keeps what every game's puzzle table does the same way: the language,
the puzzles (parsed into objects) and ``by_id``, the child (``child``,
``pupil_id``), the Leitner boxes (:mod:`cardlab.puzzles.repetition`, saved in
``folder`` after every answer when one is given), the optional
:class:`~cardlab.puzzles.ladder.Ladder`, the choice of the next puzzle, the
seat, the seat names, the progress, the ladder step and the message line.

Each game's session adds the rest through small hooks: how a puzzle dict is
parsed (:meth:`PuzzleSessionBase._parse`), what is reset for a new puzzle
(:meth:`~PuzzleSessionBase._reset`), how the question is asked
(:meth:`~PuzzleSessionBase._ask`), the all-done message key
(:attr:`~PuzzleSessionBase.all_done_key`), and of course how an answer is
taken: :class:`cardlab.puzzles.session.PuzzleSession` (Plump),
:class:`cardlab.puzzles.femkamp_session.FemkampPuzzleSession` and
:class:`cardlab.puzzles.rummy_session.RummyPuzzleSession`.

>>> from cardlab.puzzles.session import PuzzleSession
>>> issubclass(PuzzleSession, PuzzleSessionBase)
True
>>> s = PuzzleSession([], child="Mina", lang="en")
>>> s.done, s.progress(), s.seat, s.step()
(True, (0, 0), 0, None)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..i18n import Message, check_language
from ..session.base import default_names, name_text, text_of
from .ladder import Ladder
from .repetition import Leitner


class PuzzleSessionBase:
    """The common part of a child's puzzle table (see the module docstring).

    ``puzzles``: puzzle objects (or their dicts); ``child``: the name the progress is kept under
    (``pupil_id``: the classroom server's id of the pupil, when it let one in); ``folder``: where the
    progress file lives (None: kept in memory only); ``ladder``: climb the set step by step.
    A subclass sets its own state after this constructor and then calls :meth:`next_puzzle`.
    """

    #: the message said when every puzzle is done (its ``count``: the puzzles in the set)
    all_done_key = "puzzles.all_done"

    def __init__(self, puzzles: Sequence[Any], *, child: str = "", pupil_id: "str | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        self.lang = check_language(lang)
        self.puzzles = [self._parse(p) for p in puzzles]
        self.by_id = {p.id: p for p in self.puzzles}
        self.child, self.pupil_id = child, pupil_id
        self.folder = None if folder is None else Path(folder)
        self.boxes = Leitner.open(self.folder, child, pupil_id=pupil_id, lang=self.lang)
        #: the ladder of themes and levels (None: the boxes choose among the whole set)
        self.ladder: Ladder | None = Ladder(self.puzzles) if ladder else None
        self.puzzle: Any = None
        self.round: Any = None
        self.message: list[Any] = []
        self.tone = "info"

    # ------------------------------------------------------------------ hooks
    def _parse(self, item: Any) -> Any:
        """The puzzle object for ``item`` (a puzzle, or its dict)."""
        raise NotImplementedError

    def _reset(self) -> None:
        """Forget the answer to the previous puzzle (called before a new one is set, or none)."""

    def _ask(self) -> None:
        """Say the question of the open puzzle (its round is set)."""

    # ------------------------------------------------------------------ state
    @property
    def seat(self) -> int:
        return self.puzzle.seat if self.puzzle is not None else 0

    @property
    def done(self) -> bool:
        """Every puzzle solved for good (nothing left to give)."""
        return self.puzzle is None

    def names(self, lang: str | None = None) -> list[str]:
        """The seat names: "Du"/"You" for the puzzle's seat, "Bot n" for the others."""
        players = self.round.players if self.round is not None else 0
        return [name_text(n, lang or self.lang) for n in default_names(players, self.seat)]

    def progress(self) -> tuple[int, int]:
        """(puzzles ever solved, puzzles in the set)."""
        return self.boxes.solved(list(self.by_id)), len(self.by_id)

    def step(self) -> "Message | None":
        """Which step of the ladder the child is on (None without a ladder)."""
        return None if self.ladder is None else self.ladder.where(self.boxes)

    # ------------------------------------------------------------------ moves
    def next_puzzle(self) -> Any:
        """Set the next puzzle the boxes choose (None when every puzzle is done)."""
        chosen = self.ladder.next_id(self.boxes) if self.ladder is not None else self.boxes.next_id(list(self.by_id))
        self.puzzle = None if chosen is None else self.by_id[chosen]
        self._reset()
        if self.puzzle is None:
            self.round = None
            self._say([Message(self.all_done_key, {"count": len(self.by_id)})], "info")
            return None
        self.round = self.puzzle.round()
        self.round.lang = self.lang
        self._ask()
        return self.puzzle

    def _keep(self, right: bool, answer: Any) -> None:
        """Record the open puzzle's answer in the boxes (and save them when there is a folder)."""
        self.boxes.record(self.puzzle.id, right=right, answer=answer)
        if self.folder is not None:
            self.boxes.save(self.folder)

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        if self.round is not None:
            self.round.lang = self.lang

    # ------------------------------------------------------------------ words
    def _step_words(self) -> list[Message]:
        """The ladder step as the question's first words ([] without a ladder)."""
        return [self.ladder.where(self.boxes)] if self.ladder is not None else []

    def _say(self, items: list[Any], tone: str) -> None:
        self.message, self.tone = items, tone

    def message_text(self, lang: str | None = None) -> str:
        """The message line as plain text."""
        lang = lang or self.lang
        return " ".join(text_of(m, lang) for m in self.message)
