"""``PuzzleSession``: a child solving Plump puzzles, with no user interface at all.

The session sets a puzzle's position (a :class:`cardlab.games.plump.PlumpRound` at
the decision), takes the child's card (or bid), says right or wrong with the
explanation and, for a wrong answer, shows why it fails: the line (every card to
the end, found by the exact search) in which it loses the bid, naming the trick
where it goes wrong.  One set may mix the three kinds:

* ``"card"`` (:class:`cardlab.puzzles.plump.Puzzle`): every hand known; the line is on the real deal.
* ``"hidden"`` (:class:`cardlab.puzzles.plump_hidden.HiddenPuzzle`): the other hands are hidden
  (:meth:`PuzzleSession.shown_hands` gives None for them) until the answer; a wrong card reveals
  the **counter-deal** — a deal that fits everything the child saw, in which that card fails —
  and the line in it.
* ``"bid"`` (:class:`cardlab.puzzles.plump_bid.BidPuzzle`): the child picks a bid
  (:meth:`PuzzleSession.answer_bid`, or :meth:`PuzzleSession.answer` with a number); a wrong bid
  reveals a counter-deal in which it is not made, with the line from the first lead.
  The order of the puzzles is
the child's Leitner boxes (:mod:`cardlab.puzzles.repetition`), saved after
every answer when a ``folder`` is given.  The table in
:mod:`cardlab.widgets.puzzle_table` only draws it.

>>> from cardlab.puzzles import puzzles_from_games
>>> s = PuzzleSession(puzzles_from_games(n=2, rng=7, hand_size=3), child="Mina", lang="en")
>>> s.message_text().startswith("You bid")
True
>>> s.answer(s.puzzle.answer)
True
>>> s.message_text().startswith("Right!")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ..cards import Card
from ..errors import CardlabError
from ..games.plump import Bid
from ..games.trick_actions import Play
from ..i18n import Message
from .plump import Puzzle, puzzle_from_dict
from .plump_hidden import CounterDeal
from .position import LosingLine
from .session_base import PuzzleSessionBase


class PuzzleSession(PuzzleSessionBase):
    """One child's puzzle table (see the module docstring).

    ``puzzles``: puzzles of any kind (or their dicts); ``child``: the name the progress is kept under
    (``pupil_id``: the classroom server's id of the pupil, when it let one in: their own file,
    :func:`cardlab.puzzles.repetition.file_name`); ``folder``: where the progress file lives (None: kept
    in memory only).
    """

    def __init__(self, puzzles: Sequence[Any], *, child: str = "", pupil_id: "str | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        super().__init__(puzzles, child=child, pupil_id=pupil_id, folder=folder, lang=lang, ladder=ladder)
        self.answered: "Card | int | None" = None   #: the card (or bid) answered to this puzzle (None: not yet)
        self.right: bool | None = None
        self.line: LosingLine | None = None     #: for a wrong answer: how the others stop it
        self.counter: CounterDeal | None = None  #: for a wrong hidden or bid answer: the deal in which it fails
        self.next_puzzle()

    def _parse(self, item: Any) -> Any:
        return puzzle_from_dict(item) if isinstance(item, dict) else item

    # ------------------------------------------------------------------ state
    def hand(self) -> list[Card]:
        """The cards of the seat to play (the child's, in this puzzle)."""
        return [] if self.round is None else list(self.round.hands[self.seat])

    @property
    def kind(self) -> str | None:
        """The open puzzle's kind: ``"card"``, ``"hidden"``, ``"bid"`` (None when done)."""
        return None if self.puzzle is None else self.puzzle.kind

    def legal(self) -> list[Card]:
        """The cards the child may play (none in a bidding puzzle)."""
        if self.round is None or self.kind == "bid":
            return []
        return self.round.legal_cards(self.seat)

    def legal_bids(self) -> list[int]:
        """The bids the child may make (only in a bidding puzzle; the hook may forbid one)."""
        return list(self.round.legal_bids(self.seat)) if self.kind == "bid" and self.round is not None else []

    def bid_range(self) -> list[int]:
        """Every bid 0 … hand size, for the bid buttons (a forbidden one answers with the rule)."""
        return list(range(self.round.hand_size + 1)) if self.kind == "bid" and self.round is not None else []

    @property
    def hides_others(self) -> bool:
        """Are the other hands hidden now (a hidden or bid puzzle not yet answered)?"""
        return self.kind in ("hidden", "bid") and self.answered is None

    def shown_hands(self) -> list[list[Card] | None]:
        """Each seat's cards as the table shows them now: the child's own always; the others' None
        while hidden, the counter-deal's after a wrong hidden or bid answer, else the real ones."""
        if self.round is None:
            return []
        real = [list(h) for h in self.round.hands]
        if self.hides_others:
            return [real[s] if s == self.seat else None for s in range(self.round.players)]
        if self.counter is not None:
            return [list(h) for h in self.counter.hands]
        return real

    # ------------------------------------------------------------------ moves
    def _reset(self) -> None:
        self.answered, self.right, self.line, self.counter = None, None, None, None

    def _ask(self) -> None:
        if self.kind == "bid":
            self._say([Message("puzzles.ask_bid", {"size": self.round.hand_size})], "info")
        else:
            key = "puzzles.ask_hidden" if self.kind == "hidden" else "puzzles.ask"
            self._say([Message(key, {"bid": self.puzzle.bid, "taken": self.round.tricks_taken[self.seat],
                                     "trick": self.puzzle.trick})], "info")
        if self.ladder is not None:
            self.message = [self.ladder.where(self.boxes)] + self.message

    def answer(self, card: "Card | str | int") -> bool | None:
        """The child plays ``card`` (or, in a bidding puzzle, bids a number): True (right), False
        (wrong, with the losing line), None (not an answer: a card that may not be played, or no
        puzzle open; the message says why)."""
        if self.puzzle is None or self.answered is not None:
            self._say([Message("puzzles.press_next")], "error")
            return None
        if self.kind == "bid" or (isinstance(card, int) and not isinstance(card, bool)):
            return self.answer_bid(card)
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
        self._record(card)
        hidden = self.kind == "hidden"
        if self.right:
            also = p.also()
            self._say([Message("puzzles.right_hidden" if hidden else "puzzles.right", {"card": card}), p.explanation()]
                      + ([also] if also else []), "good")
        elif hidden:
            self.counter = p.counter_deal(card)
            self._say([Message("puzzles.wrong_hidden", {"card": card})] + self._counter_words("card") + [p.explanation()],
                      "bad")
        else:
            self.line = p.position().losing_line(card)
            self._say([Message("puzzles.wrong", {"card": card}), self.line_words(self.line), p.explanation()], "bad")
        return self.right

    def answer_bid(self, bid: Any) -> bool | None:
        """The child bids ``bid`` in a bidding puzzle: True (right), False (wrong, with the counter-deal
        and its line), None (not an answer: not a bidding puzzle, not a bid, or the hook forbids it)."""
        if self.puzzle is None or self.answered is not None:
            self._say([Message("puzzles.press_next")], "error")
            return None
        if self.kind != "bid":
            self._say([Message("puzzles.pick_a_card")], "error")
            return None
        size = self.round.hand_size
        if not isinstance(bid, int) or isinstance(bid, bool) or not 0 <= bid <= size:
            self._say([Message("puzzles.not_a_bid", {"size": size})], "error")
            return None
        if self.round.why_illegal(Bid(self.seat, bid), self.lang) is not None:
            self._say([lambda lang, b=bid: self.round.why_illegal(Bid(self.seat, b), lang)], "error")
            return None
        p = self.puzzle
        self._record(bid)
        if self.right:
            self._say([Message("puzzles.right_bid", {"bid": bid}), p.explanation()], "good")
        else:
            self.counter = p.counter_deal(bid)
            self._say([Message("puzzles.wrong_bid", {"bid": bid})] + self._counter_words("bid") + [p.explanation()],
                      "bad")
        return self.right

    def _record(self, answer: Any) -> None:
        p = self.puzzle
        self.answered, self.right = answer, p.is_right(answer)
        self._keep(self.right, self.answered)

    def _counter_words(self, what: str) -> list[Message]:
        """The counter-deal's sentences (and its line), or [] when none was found."""
        c = self.counter
        if c is None:
            return []
        self.line = c.line
        words = [Message(f"puzzles.counter.{what}", {what: c.card})]
        if c.right_works:
            words.append(Message(f"puzzles.counter.right_{what}", {what: c.right}))
        return words + [self.line_words(c.line)]

    def line_words(self, line: LosingLine) -> Message:
        """The sentence that names the trick where ``line`` goes wrong."""
        return Message(f"puzzles.line.{line.kind}", {"card": line.steps[0].card, "trick": line.trick, "bid": line.bid})

    def line_tricks(self, lang: str | None = None) -> list[str]:
        """The losing line trick by trick ("Trick 4: Bot 3 Q♠, You 10♥ …", the cards already on the table
        first), or [] when there is none."""
        if self.line is None:
            return []
        lang = lang or self.lang
        names = self.names(lang)
        out = []
        on_table = [] if self.round is None else list(self.round.current_trick)
        for k, steps in enumerate(self.line.tricks()):
            cards = (on_table if k == 0 else []) + [(s.seat, s.card) for s in steps]
            plays = ", ".join(f"{names[seat]} {card}" for seat, card in cards)
            out.append(Message("puzzles.line.trick", {"n": steps[0].trick, "plays": plays}).text(lang))
        return out
