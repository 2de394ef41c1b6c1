"""Puzzles made from real Plump rounds, each checked by the exact double-dummy search.

* :mod:`cardlab.puzzles.position` — a decision with every hand known; does a card keep the bid?
  and, for one that does not, a line in which it loses it.
* :mod:`cardlab.puzzles.themes` — the named themes and their detectors.
* :mod:`cardlab.puzzles.plump` — finding puzzles in rounds: :func:`puzzles_from_games` (the bots'
  rounds, seeded) and :func:`puzzles_from_match` (a child's own missed decisions); a set in a
  file with :func:`save_puzzles` and :func:`load_puzzles`.
* :mod:`cardlab.puzzles.repetition` — a Leitner box per child: a missed puzzle comes back soon,
  a solved one later, then not at all; saved as JSON in a folder.
* :mod:`cardlab.puzzles.session` — :class:`PuzzleSession`, the puzzle table without a user interface.
"""

from .plump import Puzzle, load_puzzles, puzzles_from_games, puzzles_from_match, puzzles_from_round, save_puzzles
from .position import LosingLine, Position, position_of_round
from .themes import THEME_NAMES, theme_of

__all__ = ["LosingLine", "Position", "Puzzle", "THEME_NAMES", "load_puzzles", "position_of_round",
           "puzzles_from_games", "puzzles_from_match", "puzzles_from_round", "save_puzzles", "theme_of"]
