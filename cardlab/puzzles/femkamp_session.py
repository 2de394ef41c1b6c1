"""``FemkampPuzzleSession``: a child solving Femkamp puzzles, with no user interface at all.

The session sets a puzzle's position (the Femkamp round at the decision, every
hand known), takes the child's card and says right or wrong with the
explanation.  For a wrong card it shows why: the line (every move to the end of
the round, found by the exact search) in which that card gets the child more
points than the best card would have.  A card the rules forbid gets the game's
own kind sentence ("you must follow suit", "6♥ does not fit yet …") and is no
answer.  The order of the puzzles is the child's Leitner boxes
(:mod:`cardlab.puzzles.repetition`), saved after every answer when a
``folder`` is given; with ``ladder=True`` the set is climbed step by step
(:mod:`cardlab.puzzles.ladder`: one Femkamp theme at one level, the next step
open after :data:`~cardlab.puzzles.ladder.STEP_UP` solved), and the question
starts with the step the child is on.  The step is worked out from the boxes,
so it is saved and restored with them.
:mod:`cardlab.widgets.femkamp_puzzle_table` only draws it.

>>> from cardlab.puzzles.femkamp import femkamp_puzzles_from_games
>>> s = FemkampPuzzleSession(femkamp_puzzles_from_games(n=3, rng=4), child="Mina", lang="en")
>>> s.message_text().startswith("Pass round")
True
>>> s.answer(s.puzzle.answer)
True
>>> s.message_text().startswith("Right!")
True
>>> climb = FemkampPuzzleSession(femkamp_puzzles_from_games(n=3, rng=4), child="Mina", lang="en", ladder=True)
>>> climb.message_text().startswith("Step 1 of")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..cards import Card
from ..errors import CardlabError
from ..games.trick_actions import Play
from ..i18n import Message
from .femkamp import FemkampPuzzle
from .femkamp_position import Line
from .session_base import PuzzleSessionBase


class FemkampPuzzleSession(PuzzleSessionBase):
    """One child's Femkamp puzzle table (see the module docstring).

    ``puzzles``: :class:`FemkampPuzzle` objects (or their dicts); ``child``: the name the progress is
    kept under (``pupil_id``: the classroom server's id of the pupil, when it let one in: their own
    file, :func:`cardlab.puzzles.repetition.file_name`); ``folder``: where the progress file lives
    (None: kept in memory only); ``ladder``: climb the set step by step
    (:class:`cardlab.puzzles.ladder.Ladder` of the Femkamp themes).
    """

    all_done_key = "puzzles.femkamp.all_done"

    def __init__(self, puzzles: Sequence[Any], *, child: str = "", pupil_id: "str | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        super().__init__(puzzles, child=child, pupil_id=pupil_id, folder=folder, lang=lang, ladder=ladder)
        self.puzzle: FemkampPuzzle | None
        self.answered: Card | None = None   #: the card answered to this puzzle (None: not yet)
        self.right: bool | None = None
        self.line: Line | None = None       #: for a wrong card: how the others make it cost more
        self.next_puzzle()

    def _parse(self, item: Any) -> FemkampPuzzle:
        return item if isinstance(item, FemkampPuzzle) else FemkampPuzzle.from_dict(item)

    # ------------------------------------------------------------------ state
    @property
    def is_kabal(self) -> bool:
        return self.round is not None and self.round.round_name == "kabal"

    def hand(self) -> list[Card]:
        """The cards of the seat to play (the child's, in this puzzle)."""
        return [] if self.round is None else list(self.round.hands[self.seat])

    def legal(self) -> list[Card]:
        return [] if self.round is None else self.round.legal_cards(self.seat)

    # ------------------------------------------------------------------ moves
    def _reset(self) -> None:
        self.answered, self.right, self.line = None, None, None

    def _ask(self) -> None:
        self._say(self._step_words() + [self.ask_words()], "info")

    def ask_words(self) -> Message:
        """The question: the round, its goal, where we are, and what to find."""
        p = self.puzzle
        name = p.round_name
        params = {"round": Message(f"femkamp.title.{name}"), "goal": Message(f"femkamp.goal.{name}"),
                  "trick": p.trick, "points": p.points, "tricks": -p.points}
        key = "puzzles.femkamp.ask." + (name if name in ("grand", "kabal") else "avoid")
        return Message(key, params)

    def answer(self, card: "Card | str") -> bool | None:
        """The child plays ``card``: True (right), False (wrong, with the line), None (not an answer: a
        card that may not be played, or no puzzle open; the message says why)."""
        if self.puzzle is None or self.answered is not None:
            self._say([Message("puzzles.femkamp.press_next")], "error")
            return None
        try:
            card = Card.parse(card)
            why = self.round.why_illegal(Play(self.seat, card), self.lang)
        except CardlabError as exc:
            self._say([exc.as_message()], "error")
            return None
        if why is not None:
            self._say([lambda lang, c=card: self.round.why_illegal(Play(self.seat, c), lang)], "error")
            return None
        p = self.puzzle
        self.answered, self.right = card, p.is_right(card)
        self._keep(self.right, card)
        if self.right:
            also = p.also()
            self._say([Message("puzzles.femkamp.right", {"card": card}), p.explanation()] + ([also] if also else []),
                      "good")
        else:
            self.line = p.position().line(card)
            wrong = "puzzles.femkamp.wrong_grand" if p.round_name == "grand" else "puzzles.femkamp.wrong"
            self._say([Message(wrong, {"card": card}), self.line_words(self.line),
                       p.explanation()], "bad")
        return self.right

    def line_words(self, line: Line) -> Message:
        """The sentence that sums up ``line``: the points (tricks, in the grand round) it ends with."""
        p = self.puzzle
        if p.round_name == "grand":
            return Message("puzzles.femkamp.line.grand", {"tricks": -line.points, "best": -p.best})
        return Message("puzzles.femkamp.line.points", {"points": line.points, "best": p.best})

    def line_tricks(self, lang: str | None = None) -> list[str]:
        """The line trick by trick ("Trick 10: Bot 3 Q♠, You 10♥ …", the cards already on the table
        first) or, in kabal, a turn round by turn round; [] when there is none."""
        if self.line is None:
            return []
        lang = lang or self.lang
        names = self.names(lang)

        def move(seat: int, card: Card | None) -> str:
            return f"{names[seat]} {card}" if card is not None else \
                Message("puzzles.femkamp.line.prikk", {"name": names[seat]}).text(lang)

        out = []
        if self.is_kabal:
            steps = list(self.line.steps)
            players = self.round.players
            for k in range(0, len(steps), players):
                chunk = steps[k:k + players]
                plays = ", ".join(move(s.seat, s.card) for s in chunk)
                out.append(Message("puzzles.femkamp.line.turns", {"n": chunk[0].trick, "plays": plays}).text(lang))
            return out
        on_table = [] if self.round is None else list(self.round.current_trick)
        for k, steps in enumerate(self.line.tricks()):
            cards = (on_table if k == 0 else []) + [(s.seat, s.card) for s in steps]
            plays = ", ".join(move(seat, card) for seat, card in cards)
            out.append(Message("puzzles.femkamp.line.trick", {"n": steps[0].trick, "plays": plays}).text(lang))
        return out
