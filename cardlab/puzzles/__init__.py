"""Puzzles made from real Plump rounds, each checked by the exact double-dummy search.

* :mod:`cardlab.puzzles.position` — a decision with every hand known; does a card keep the bid?
  and, for one that does not, a line in which it loses it.
* :mod:`cardlab.puzzles.themes` — the named themes and their detectors.
* :mod:`cardlab.puzzles.plump` — finding puzzles in rounds: :func:`puzzles_from_games` (the bots'
  rounds, seeded) and :func:`puzzles_from_match` (a child's own missed decisions); a set in a
  file with :func:`save_puzzles` and :func:`load_puzzles`.
* :mod:`cardlab.puzzles.plump_hidden` — :class:`HiddenPuzzle`: the other hands hidden, the best
  card by its chance over every deal the child could not tell apart, and the counter-deal.
* :mod:`cardlab.puzzles.plump_bid` — :class:`BidPuzzle`: which bid has the best chance (the hook too).
* :mod:`cardlab.puzzles.files` — reading a puzzle file, a set and a puzzle's data: what cannot be used
  is refused naming the file, the puzzle and the field, in sv/nb/en.
* :mod:`cardlab.puzzles.repetition` — a Leitner box per child: a missed puzzle comes back soon,
  a solved one later, then not at all; saved as JSON in a folder.
* :mod:`cardlab.puzzles.session` — :class:`PuzzleSession`, the puzzle table without a user interface.
* Femkamp: :mod:`~cardlab.puzzles.femkamp`, :mod:`~cardlab.puzzles.femkamp_position`,
  :mod:`~cardlab.puzzles.femkamp_themes`, :mod:`~cardlab.puzzles.femkamp_session`.
* Rummy: :mod:`~cardlab.puzzles.rummy` (:class:`RummyPuzzle`, found in real rounds),
  :mod:`~cardlab.puzzles.rummy_turn` (the exact search of one turn), :mod:`~cardlab.puzzles.rummy_themes`,
  :mod:`~cardlab.puzzles.rummy_session` (:class:`RummyPuzzleSession`).
"""

from .plump import (Puzzle, load_puzzles, puzzle_from_dict, puzzles_from_games, puzzles_from_match, puzzles_from_round,
                    save_puzzles)
from .plump_bid import BidPuzzle, bid_puzzles_from_games, bid_puzzles_from_match
from .plump_hidden import CounterDeal, HiddenPuzzle, hidden_puzzles_from_games, hidden_puzzles_from_match
from .position import LosingLine, Position, position_of_round
from .themes import THEME_NAMES, theme_of

__all__ = ["BidPuzzle", "CounterDeal", "HiddenPuzzle", "LosingLine", "Position", "Puzzle", "THEME_NAMES",
           "bid_puzzles_from_games", "bid_puzzles_from_match", "hidden_puzzles_from_games",
           "hidden_puzzles_from_match", "load_puzzles", "position_of_round", "puzzle_from_dict",
           "puzzles_from_games", "puzzles_from_match", "puzzles_from_round", "save_puzzles", "theme_of"]
