"""``RummyPuzzleSession``: a child solving Rummy puzzles, with no user interface at all.

A draw puzzle (:mod:`cardlab.puzzles.rummy_draw`) is set before the draw and
answered by the draw: take the discard pile's top card, or draw from the stock;
right or wrong, the explanation gives the stock's exact average.

A turn puzzle sets the position right after the child's draw (their hand, the
melds on the table, the discard pile) and the child plays the turn out, one
move at a time: melds, lay-offs and the discard, as at the
real table.  Each move is checked by the exact search of the turn
(:mod:`cardlab.puzzles.rummy_turn`):

* a move that still reaches the best end is good: the child goes on, and the
  puzzle is solved when the turn ends there (the discard, or going out);
* a move after which the best end cannot be reached any more is wrong: the
  session shows what that move leaves (the best the child can still do after it,
  "with 9♥ thrown you keep 3♣ 4♣ 5♣ …, worth 12"), then the explanation;
* a move the rules forbid gets the game's own kind sentence and is no answer.

The order of the puzzles is the child's Leitner boxes
(:mod:`cardlab.puzzles.repetition`), saved after every solved or missed puzzle
when a ``folder`` is given; with ``ladder=True`` the set is climbed step by step
(:mod:`cardlab.puzzles.ladder`, the Rummy themes).
:mod:`cardlab.widgets.rummy_puzzle_table` only draws it.

>>> from cardlab.puzzles.rummy import rummy_puzzles_from_games
>>> s = RummyPuzzleSession(rummy_puzzles_from_games(n=2, rng=3), child="Mina", lang="en")
>>> s.message_text().startswith("Your turn")
True
>>> for move in s.puzzle.search().plan(s.puzzle.end()):
...     result = s.answer(move)
>>> result, s.message_text().startswith("Right!")
(True, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..cards import Card
from ..errors import CardlabError
from ..games.rummy import Discard, Draw, LayOff, Meld, action_message
from ..i18n import Message
from .rummy import RummyPuzzle, plan_message
from .rummy_draw import RummyDrawPuzzle
from .rummy_set import rummy_puzzle_from_dict
from .rummy_turn import TurnSearch, end_points
from .session_base import PuzzleSessionBase


class RummyPuzzleSession(PuzzleSessionBase):
    """One child's Rummy puzzle table (see the module docstring).

    ``puzzles``: :class:`~cardlab.puzzles.rummy.RummyPuzzle` objects (or their dicts); ``child``: the
    name the progress is kept under (``pupil_id``: the classroom server's id of the pupil, when it let
    one in: their own file, :func:`cardlab.puzzles.repetition.file_name`); ``folder``: where the
    progress file lives (None: kept in memory only); ``ladder``: climb the set step by step
    (:class:`cardlab.puzzles.ladder.Ladder`).
    """

    all_done_key = "puzzles.rummy.all_done"

    def __init__(self, puzzles: Sequence[Any], *, child: str = "", pupil_id: "str | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        super().__init__(puzzles, child=child, pupil_id=pupil_id, folder=folder, lang=lang, ladder=ladder)
        self.puzzle: RummyPuzzle | RummyDrawPuzzle | None
        self.search: TurnSearch | None = None
        self.moves: list[Any] = []          #: the moves the child made in this puzzle's turn
        self.right: bool | None = None      #: None: still playing the turn
        self.next_puzzle()

    def _parse(self, item: Any) -> "RummyPuzzle | RummyDrawPuzzle":
        return item if isinstance(item, (RummyPuzzle, RummyDrawPuzzle)) else rummy_puzzle_from_dict(item)

    # ------------------------------------------------------------------ state
    @property
    def is_draw(self) -> bool:
        """The open puzzle asks where to draw from (a :class:`~cardlab.puzzles.rummy_draw.RummyDrawPuzzle`)."""
        return isinstance(self.puzzle, RummyDrawPuzzle)

    @property
    def finished(self) -> bool:
        """The open puzzle is answered (solved or missed): only *Next* is left."""
        return self.right is not None

    def hand(self) -> list[Card]:
        """The child's cards now."""
        return [] if self.round is None else list(self.round.hands[self.seat])

    def legal(self) -> list[Any]:
        """The moves the child may make now ([] once the puzzle is answered)."""
        if self.round is None or self.finished:
            return []
        return self.round.legal_actions()

    def move_words(self, act: Any) -> Message:
        """A move in words, as the engine says it (a lay-off names its meld on the table now)."""
        return action_message(act, self.round.table if self.round is not None else (), None)

    def points_in_hand(self) -> int:
        return end_points(tuple(self.hand()))

    # ------------------------------------------------------------------ moves
    def _reset(self) -> None:
        self.moves, self.right, self.search = [], None, None

    def _ask(self) -> None:
        self.search = None if self.is_draw else TurnSearch(self.round)
        self._say(self._step_words() + [self.ask_words()], "info")

    def ask_words(self) -> Message:
        """The question: the child's turn, the points in hand, and the goal (or, for a draw puzzle, where to
        draw from)."""
        if self.is_draw:
            return Message("puzzles.rummy.ask_draw", {"card": self.round.discard_top, "points": self.points_in_hand()})
        return Message("puzzles.rummy.ask", {"points": self.points_in_hand()})

    def _turn_over(self) -> bool:
        return self.round.is_over or self.round.turns != self.search.start_turns

    def answer(self, act: Any) -> bool | None:
        """The child makes the move ``act``: True (the turn ended the best way: solved), False (the best
        end cannot be reached any more: missed, with what the move leaves), None (not an answer yet: a
        good move with more to do, a move the rules forbid, or no puzzle open; the message says which)."""
        if self.puzzle is None or self.finished:
            self._say([Message("puzzles.rummy.press_next")], "error")
            return None
        try:
            why = self.round.why_illegal(act, self.lang)
        except CardlabError as exc:
            self._say([exc.as_message()], "error")
            return None
        if why is not None:
            self._say([lambda lang, a=act: self.round.why_illegal(a, lang)], "error")
            return None
        p = self.puzzle
        words = self.move_words(act)
        self.round.apply(act)
        self.moves.append(act)
        if self.is_draw:
            self._finish(p.is_right(act.source))
        elif self._turn_over():
            self._finish(self.points_in_hand() == p.best)
        else:
            after = TurnSearch(self.round)
            if after.best() == p.best:
                self._say([Message("puzzles.rummy.go_on", {"move": words, "points": self.points_in_hand()})],
                          "good")
                return None
            self._finish(False, words, after)
        return self.right

    def draw(self, source: str) -> bool | None:
        """The child draws from ``"stock"`` or ``"discard"`` (a draw puzzle's answer); then as :meth:`answer`."""
        return self.answer(Draw(self.seat, source))

    def move(self, kind: str, cards: Sequence["Card | str"], meld: int | None = None) -> bool | None:
        """The child's selection as a move (what a table's buttons send): ``kind`` is ``"meld"`` (the
        selected cards), ``"lay_off"`` (one card onto the table's meld number ``meld``) or ``"discard"``
        (one card); then as :meth:`answer`.  A selection of the wrong size is no answer: the message
        says what to select."""
        try:
            picked = [Card.parse(c) for c in cards]
            act = None
            if kind == "meld" and picked:
                act = Meld(self.seat, tuple(picked))
            elif kind in ("lay_off", "discard") and len(picked) == 1:
                act = LayOff(self.seat, picked[0], meld) if kind == "lay_off" else Discard(self.seat, picked[0])
        except CardlabError as exc:
            self._say([exc.as_message()], "error")
            return None
        if act is not None:
            return self.answer(act)
        self._say([Message("puzzles.rummy.select_cards" if kind == "meld" else "puzzles.rummy.select_one")],
                  "error")
        return None

    def _finish(self, right: bool, words: "Message | None" = None, after: "TurnSearch | None" = None) -> None:
        p = self.puzzle
        self.right = right
        self._keep(right, self.moves_text())
        explained = p.explanation() if self.is_draw else p.explanation(self.search)
        if right:
            self._say([Message("puzzles.rummy.right"), explained], "good")
        elif self.is_draw:
            self._say([Message("puzzles.rummy.wrong_draw"), explained], "bad")
        else:
            self._say([self.leaves_words(words, after), explained], "bad")

    def leaves_words(self, words: "Message | None", after: "TurnSearch | None") -> Message:
        """What a wrong move leaves: the best the child can still reach after it (``after``: the search
        from there), or, when the move ended the turn, the cards kept."""
        if after is None:       # the turn is over: the cards kept are what it leaves
            kept = self.hand()
            return Message("puzzles.rummy.wrong_end", {"cards": kept or "–", "points": end_points(tuple(kept)),
                                                       "best": self.puzzle.best})
        end, points = next(iter(after.ends().items()))
        still = plan_message(after.plan_words(end))
        return Message("puzzles.rummy.wrong_move", {"move": words, "points": points, "plan": still,
                                                     "best": self.puzzle.best})

    def moves_text(self) -> str:
        """The moves made, in card codes (kept as the answer in the Leitner boxes)."""
        out = []
        for act in self.moves:
            if isinstance(act, Draw):
                out.append(f"draw {act.source}")
                continue
            cards = getattr(act, "cards", None) or (act.card,)
            out.append(type(act).__name__.lower() + " " + " ".join(c.code for c in cards))
        return "; ".join(out)

    def discard_choices(self) -> list[Discard]:
        """The discards allowed now."""
        return [a for a in self.legal() if isinstance(a, Discard)]
