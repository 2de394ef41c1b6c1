"""A Plump card-play decision with every hand known, and the exact questions a puzzle asks of it.

:class:`Position` is one moment of a round: every seat's remaining cards, the
cards on the table, who led, the trump, the seat to play and its bid.  It
answers with the exact double-dummy search (:func:`cardlab.coach.double_dummy.can_make`):

* :meth:`Position.keeps` — after this card, can the seat still make its bid
  exactly, whatever the others play?
* :meth:`Position.losing_line` — for a card that cannot: one way the cards can
  go (the seat doing its best, the others stopping it) in which the bid is lost,
  and the trick in which it goes wrong.

A small ending: you (seat 0) bid 1 and lead; your A♠ takes a trick
for sure, your 2♥ loses one for sure, so either card keeps the bid:

>>> pos = Position.from_text(["AS 2H", "KS 3H"], seat=0, bid=1, leader=0)
>>> [str(c) for c in pos.legal()], [pos.keeps(c) for c in pos.legal()]
(['2♥', 'A♠'], [True, True])
>>> Position.from_text(["AS 2H", "KS 3H"], seat=0, bid=0, leader=0).keeps(Card.parse("2H"))
False
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ..cards import Card, Suit, parse_cards
from ..coach.double_dummy import legal_mask, mask, trick_winner
from ..coach.double_dummy import can_make


@dataclass(frozen=True)
class Step:
    """One card of a line: ``seat`` plays ``card`` in trick ``trick`` (numbered from 1 in the round)."""

    seat: int
    card: Card
    trick: int


@dataclass(frozen=True)
class LosingLine:
    """How a card loses the bid: the cards played from the decision to the end, the tricks the seat
    ends with, and the trick where it goes wrong (``kind`` ``"too_many"``: the seat must take one
    trick too many there; ``"too_few"``: after it the bid can no longer be reached)."""

    steps: tuple[Step, ...]
    taken: int
    bid: int
    trick: int
    kind: str

    def tricks(self) -> list[list[Step]]:
        """The steps grouped by trick."""
        out: dict[int, list[Step]] = {}
        for s in self.steps:
            out.setdefault(s.trick, []).append(s)
        return [out[k] for k in sorted(out)]


@dataclass(frozen=True)
class Position:
    """A moment of a round with every hand known; ``seat`` is the seat whose bid counts (the
    puzzle's seat, to play at the decision itself).  See the module docstring.

    ``hands``: every seat's remaining cards; ``trick``: the cards on the table as ``(seat, card)``;
    ``leader``: who led this trick (or leads it, if it is empty); ``taken``: the tricks each seat has;
    ``bid``: the seat's bid; ``tricks_done``: the tricks finished before this one.
    """

    hands: tuple[tuple[Card, ...], ...]
    seat: int
    bid: int
    leader: int
    trump: Suit | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    taken: tuple[int, ...] = ()
    must_trump: bool = False
    tricks_done: int = 0
    _memo: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if not self.taken:
            object.__setattr__(self, "taken", (0,) * len(self.hands))
        on_table = {s for s, _ in self.trick}
        sizes = {len(h) + (s in on_table) for s, h in enumerate(self.hands)}
        if len(sizes) != 1 or len(self.taken) != len(self.hands):
            raise ValueError("the field 'hands' does not fit the trick: every seat must hold as many cards, "
                             "counting the card it has on the table.")
        cards = [c for h in self.hands for c in h] + [c for _, c in self.trick]
        if len(set(cards)) != len(cards):
            raise ValueError("the field 'hands' holds a card twice (a card on the table is no longer in a hand).")

    @classmethod
    def from_text(cls, hands: Sequence[str], *, seat: int, bid: int, leader: int, trump: "str | None" = None,
                  trick: Sequence[tuple[int, str]] = (), taken: Sequence[int] = (), must_trump: bool = False,
                  tricks_done: int = 0) -> "Position":
        """A position from cards written as text (``"AS 2H"``; trump a suit letter or None)."""
        return cls(hands=tuple(tuple(parse_cards(h)) for h in hands), seat=seat, bid=bid, leader=leader,
                   trump=None if trump is None else Suit.parse(trump),
                   trick=tuple((s, Card.parse(c)) for s, c in trick), taken=tuple(taken), must_trump=must_trump,
                   tricks_done=tricks_done)

    # ----------------------------------------------------------------- plain facts
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """The tricks still to be decided, this one included."""
        return len(self.hands[self.seat])

    @property
    def need(self) -> int:
        """How many more tricks the seat needs to make its bid exactly (negative: already too many)."""
        return self.bid - self.taken[self.seat]

    @property
    def trick_number(self) -> int:
        """The number (from 1) of the trick being played."""
        return self.tricks_done + 1

    @property
    def cards_left(self) -> int:
        return sum(len(h) for h in self.hands)

    def _trump_index(self) -> int | None:
        return None if self.trump is None else self.trump.index

    def legal(self, seat: int | None = None) -> list[Card]:
        """The cards ``seat`` (default: the seat to play) may play now, in hand order."""
        seat = self.to_move if seat is None else seat
        led = self.trick[0][1].suit.index if self.trick else None
        allowed = legal_mask(mask(self.hands[seat]), led, self._trump_index(), self.must_trump)
        return sorted((c for c in self.hands[seat] if allowed >> c.index & 1), key=lambda c: c.sort_key)

    def winning_now(self) -> tuple[int, Card] | None:
        """The ``(seat, card)`` winning the cards on the table so far (None on an empty table)."""
        if not self.trick:
            return None
        return self.trick[trick_winner([c.index for _, c in self.trick], self._trump_index())]

    def would_win_now(self, card: Card) -> bool:
        """Would ``card`` beat every card on the table now (the cards still to come left aside)?"""
        cards = [c.index for _, c in self.trick] + [card.index]
        return trick_winner(cards, self._trump_index()) == len(self.trick)

    # ------------------------------------------------------------------- moves
    def play(self, card: Card) -> "Position | tuple[int, ...]":
        """The position after the seat to move plays ``card`` (the same memo is shared).

        When that ends the round, the tricks each seat took (a tuple of ints) instead.
        """
        mover = self.to_move
        hands = list(self.hands)
        hands[mover] = tuple(c for c in hands[mover] if c != card)
        trick = self.trick + ((mover, card),)
        taken, leader, done = self.taken, self.leader, self.tricks_done
        if len(trick) == self.players:
            won = trick[trick_winner([c.index for _, c in trick], self._trump_index())][0]
            taken = tuple(t + (s == won) for s, t in enumerate(taken))
            trick, leader, done = (), won, done + 1
        if not trick and not hands[0]:
            return taken
        out = replace(self, hands=tuple(hands), trick=trick, leader=leader, taken=taken, tricks_done=done,
                      seat=self.seat, _memo=self._memo)
        return out

    def _solvable(self) -> bool:
        """Can the seat make its bid from here, whatever the others play?"""
        return can_make([mask(h) for h in self.hands], seat=self.seat, target=self.bid, leader=self.leader,
                        trump=self._trump_index(), trick=tuple((s, c.index) for s, c in self.trick),
                        taken=self.taken[self.seat], must_trump=self.must_trump, memo=self._memo)

    def keeps(self, card: Card) -> bool:
        """After the seat to move plays ``card``, can it still make its bid exactly, whatever the others play?"""
        if card not in self.legal():
            raise ValueError(f"{card} is not a legal card for seat {self.seat} here.")
        return self._after_solvable(card)

    def _after_solvable(self, card: Card) -> bool:
        after = self.play(card)
        if isinstance(after, tuple):
            return after[self.seat] == self.bid
        return after._solvable()

    def losing_line(self, card: Card | None = None) -> LosingLine:
        """A line (every card to the end) in which ``card`` loses the bid: the seat plays its best
        (every choice it has still fails), the others play to stop it.  Only for a card that
        does not :meth:`keep <keeps>` the bid.

        With ``card=None``: the line from here (whoever is to play), for a position in which the
        seat can no longer make its bid whatever it does (a bid that cannot be made, say)."""
        if card is None:
            if self._solvable():
                raise ValueError("the seat can still make its bid from here: there is no line in which it loses it.")
            steps: list[Step] = []
            pos: "Position | tuple[int, ...]" = self
        else:
            if self.keeps(card):
                raise ValueError(f"{card} keeps the bid: there is no line in which it loses it.")
            steps = [Step(self.seat, card, self.trick_number)]
            pos = self.play(card)
        while not isinstance(pos, tuple):
            mover = pos.to_move
            options = pos.legal()
            chosen = options[0]
            if mover == self.seat:
                chosen = _most_natural(pos, options)
            else:
                chosen = next(c for c in options if not pos._after_solvable(c))
            steps.append(Step(mover, chosen, pos.trick_number))
            pos = pos.play(chosen)
        return _with_turning_point(steps, pos[self.seat], self)


def _most_natural(pos: Position, options: list[Card]) -> Card:
    """The seat's card in a losing line: every option fails, so show the one a child is likeliest
    to try (a winner when tricks are still needed, else the lowest)."""
    if pos.need > 0:
        winners = [c for c in options if pos.would_win_now(c)] if pos.trick else []
        return max(winners or options, key=lambda c: (pos.trump is not None and c.suit == pos.trump, c.rank))
    return min(options, key=lambda c: (pos.trump is not None and c.suit == pos.trump, c.rank))


def _with_turning_point(steps: list[Step], taken: int, start: Position) -> LosingLine:
    """The line with the trick where the bid was lost: the first trick that puts the seat over its bid,
    or after which it can no longer reach it."""
    bid, seat = start.bid, start.seat
    have = start.taken[seat]
    total_tricks = start.tricks_done + start.tricks_left
    by_trick: dict[int, list[Step]] = {}
    for s in steps:
        by_trick.setdefault(s.trick, []).append(s)
    leader = start.leader
    trump = None if start.trump is None else start.trump.index
    for number in sorted(by_trick):
        cards = ([(s, c) for s, c in start.trick] if number == start.trick_number else []) + \
                [(s.seat, s.card) for s in by_trick[number]]
        won = cards[trick_winner([c.index for _, c in cards], trump)][0]
        have += won == seat
        if have > bid:
            return LosingLine(tuple(steps), taken, bid, number, "too_many")
        if have + (total_tricks - number) < bid:
            return LosingLine(tuple(steps), taken, bid, number, "too_few")
        leader = won
    raise AssertionError("a losing line always loses the bid")  # pragma: no cover


def position_of_round(rnd: Any, seat: int | None = None) -> Position:
    """The position of a :class:`cardlab.games.plump.PlumpRound` in its play phase, for the seat to play.

    >>> from cardlab.games.plump import Bid, PlumpRound
    >>> rnd = PlumpRound.from_hands(["AS 2H", "KS 3H"], dealer=1, trump="C")
    >>> _ = rnd.apply(Bid(0, 1)), rnd.apply(Bid(1, 0))
    >>> pos = position_of_round(rnd)
    >>> pos.seat, pos.bid, pos.need, pos.tricks_left
    (0, 1, 1, 2)
    """
    if rnd.phase != "play":
        raise ValueError("the round is not in its play phase: a puzzle needs a card to play.")
    seat = rnd.to_move if seat is None else seat
    return Position(hands=tuple(tuple(h) for h in rnd.hands), seat=seat, bid=rnd.bids[seat], leader=rnd.leader,
                    trump=rnd.trump, trick=tuple(rnd.current_trick), taken=tuple(rnd.tricks_taken),
                    must_trump=bool(rnd.rules.must_trump), tricks_done=len(rnd.completed_tricks))
