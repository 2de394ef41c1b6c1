"""A Femkamp decision with every hand known, and the exact search that scores each legal card.

Every Femkamp round is scored in points, and fewer points are better (the grand
round's minus included).  So the one target that fits all five rounds is a
number: **the fewest points the seat can be held to** for the round.  With every
hand known the search plays it out exactly (double dummy): the seat to be
judged chooses its cards to get as few points as it can, and every other seat
chooses its cards to give it as many as they can, as if the others worked
together against it.  The value is therefore a guarantee: whatever the others
really do, the seat can get at most that many points from here, and the others
can make sure it gets no fewer.  A card is right when its value is the lowest
of all the legal cards; the margin of a puzzle is how many points the next best
card costs on top.

* :class:`TrickPosition` — a trick round (pass, clubs, queens, grand): the
  points are the round's score of the seat (tricks, clubs, queens or minus tricks).
* :class:`KabalPosition` — the kabal round: prikks still to say, plus the cards
  left in hand when somebody else goes out first.

The search is a plain memoised minimax; it is asked only about small positions:
at most :data:`MAX_TRICK_CARDS` cards in play in a trick round, at most
:data:`MAX_KABAL_CARDS` cards in all hands in kabal.  A larger position is
refused with :class:`PositionTooLarge`, naming the limit.

The pass round, two tricks left: seat 1 led 2♣, seat 2 put the K♣ on it, and you
(seat 0) have no clubs.  Throw the A♠ now and you take no trick; keep it and
seat 2 leads a spade at you, so it takes the last trick:

>>> pos = TrickPosition.from_text("pass", ["AS 3H", "2S", "4S"], seat=0, leader=1, trick=[(1, "2C"), (2, "KC")])
>>> {str(c): v for c, v in pos.values().items()}
{'3♥': 1, 'A♠': 0}
>>> [f"{s.seat}:{s.card}" for s in pos.line(Card.parse("3H")).steps]
['0:3♥', '2:4♠', '0:A♠', '1:2♠']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..cards import Card, parse_cards
from ..errors import PuzzleSearchTooLarge
from ..rules import femkamp_core
from ..rules.femkamp import TRICK_ROUNDS
from ..rules.trick_core import winner_position

#: Trick rounds: the exact search looks at decisions with at most this many cards in play (every seat's
#: cards, those on the table counted): 4 tricks of 3 or 4 players, 3 tricks of 5.
MAX_TRICK_CARDS = 16
#: Kabal: the exact search looks at decisions with at most this many cards left in all hands.
MAX_KABAL_CARDS = 24

_SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
_CLUB = 0            # the clubs suit index (Card._key // 13)
_QUEEN_OFFSET = 10   # rank 12 (queen) − 2
#: the kabal row position of each card index (ace low: A=1 … K=13)
_KABAL_POS = tuple(1 if k % 13 == 12 else k % 13 + 2 for k in range(52))


#: The position is larger than the exact search is asked to look at (``.limit`` names the limit).
PositionTooLarge = PuzzleSearchTooLarge


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c._key
    return m


@dataclass(frozen=True)
class Step:
    """One move of a line: ``seat`` plays ``card`` (None: says prikk); ``trick`` numbers the trick (from 1,
    trick rounds) or the turn (from 1, kabal)."""

    seat: int
    card: Card | None
    trick: int


@dataclass(frozen=True)
class Line:
    """How the cards can go after one card: every move to the end of the round (the seat choosing its
    best each time, the others giving it as many points as they can) and the seat's points at the end."""

    steps: tuple[Step, ...]
    points: int

    def tricks(self) -> list[list[Step]]:
        """The steps grouped by trick (trick rounds) or turn (kabal)."""
        out: dict[int, list[Step]] = {}
        for s in self.steps:
            out.setdefault(s.trick, []).append(s)
        return [out[k] for k in sorted(out)]


class _Searchable(ABC):
    """What the two positions share: the values of the legal cards, and the line after one of them."""

    seat: int
    _memo: dict

    @abstractmethod
    def legal(self) -> list[Card]:
        """The cards the seat may play here (each position knows its own rule)."""

    def values(self) -> dict[Card, int]:
        """The fewest points the seat can be held to for the round, after each legal card (in hand order)."""
        self.check_size()
        return {c: self.value_after(c) for c in self.legal()}

    def best(self) -> int:
        """The fewest points the seat can be held to from here (its best card's value)."""
        return min(self.values().values())

    def line(self, card: Card) -> Line:
        """The line after ``card``: the seat picks a best card each time, the others a card that gives it
        the most points (the first such card in hand order); ends with the seat's points."""
        self.check_size()
        if card not in self.legal():
            raise ValueError(f"{card} is not a legal card for seat {self.seat} here.")
        points = self.value_after(card)
        return Line(tuple(self._line_steps(card)), points)


@dataclass(frozen=True)
class TrickPosition(_Searchable):
    """A moment of a trick round with every hand known.

    ``hands``: every seat's cards; ``trick``: the cards on the table as ``(seat, card)``; ``leader``:
    who led it (or leads, if empty); ``taken``: per seat ``(tricks, clubs, queens)`` taken so far;
    ``seat``: whose points count (the seat to play at the decision); ``tricks_done``: finished tricks.
    """

    round_name: str
    hands: tuple[tuple[Card, ...], ...]
    seat: int
    leader: int
    trick: tuple[tuple[int, Card], ...] = ()
    taken: tuple[tuple[int, int, int], ...] = ()
    tricks_done: int = 0
    queen_points: int = 4
    clubs_all_zero: bool = False
    _memo: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if self.round_name not in TRICK_ROUNDS:
            raise ValueError(f"round_name must be one of {', '.join(TRICK_ROUNDS)}; it is {self.round_name!r}.")
        if not self.taken:
            object.__setattr__(self, "taken", ((0, 0, 0),) * len(self.hands))
        on_table = {s for s, _ in self.trick}
        sizes = {len(h) + (s in on_table) for s, h in enumerate(self.hands)}
        if len(sizes) != 1 or len(self.taken) != len(self.hands):
            raise ValueError("the field 'hands' does not fit the trick: every seat must hold as many cards, "
                             "counting the card it has on the table.")

    @classmethod
    def from_text(cls, round_name: str, hands: Sequence[str], *, seat: int, leader: int,
                  trick: Sequence[tuple[int, str]] = (), **kw: Any) -> "TrickPosition":
        """A position from cards written as text (``"AS 2H"``)."""
        return cls(round_name=round_name, hands=tuple(tuple(parse_cards(h)) for h in hands), seat=seat,
                   leader=leader, trick=tuple((s, Card.parse(c)) for s, c in trick), **kw)

    # --------------------------------------------------------------- plain facts
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """The tricks still to be decided, this one included."""
        return len(self.hands[self.to_move])

    @property
    def trick_number(self) -> int:
        return self.tricks_done + 1

    @property
    def points(self) -> int:
        """The seat's points for the round so far."""
        t, c, q = self.taken[self.seat]
        return self._score(t, c, q)

    def _score(self, t: int, c: int, q: int) -> int:
        return femkamp_core.trick_round_score(femkamp_core.ROUND_CODES[self.round_name], t, c, q,
                                              self.queen_points, self.clubs_all_zero)

    @property
    def cards_in_play(self) -> int:
        """The cards still to be played plus those on the table (tricks left × players)."""
        return self.tricks_left * self.players

    def check_size(self) -> None:
        """Refuse a position with more than :data:`MAX_TRICK_CARDS` cards in play (:class:`PositionTooLarge`)."""
        if self.cards_in_play > MAX_TRICK_CARDS:
            raise PositionTooLarge(limit=MAX_TRICK_CARDS, size=self.cards_in_play)

    def legal(self) -> list[Card]:
        """The cards the seat to move may play (follow suit if able), in hand order."""
        hand = self.hands[self.to_move]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit is led]
            if follow:
                return sorted(follow, key=lambda c: c.sort_key)
        return sorted(hand, key=lambda c: c.sort_key)

    def winning_now(self) -> tuple[int, Card] | None:
        """The ``(seat, card)`` winning the cards on the table so far (None on an empty table)."""
        if not self.trick:
            return None
        led = self.trick[0][1].suit
        return max((x for x in self.trick if x[1].suit is led), key=lambda x: x[1]._key)

    def would_win_now(self, card: Card) -> bool:
        """Would ``card`` beat every card on the table now (the cards still to come left aside)?"""
        if not self.trick:
            return True
        top = self.winning_now()[1]
        return card.suit is top.suit and card._key > top._key

    def wins_for_sure(self, card: Card) -> bool:
        """Does ``card`` take this trick whatever the seats after it play?  (It beats the table and
        nobody still to play holds a higher card of the suit led.)"""
        if not self.would_win_now(card):
            return False
        led = self.trick[0][1].suit if self.trick else card.suit
        if card.suit is not led:
            return False
        later = [(self.to_move + k) % self.players for k in range(1, self.players - len(self.trick))]
        return not any(c.suit is led and c._key > card._key for s in later for c in self.hands[s])

    def others_cards(self) -> list[Card]:
        """Every card still in another seat's hand."""
        return [c for s, h in enumerate(self.hands) if s != self.seat for c in h]

    # --------------------------------------------------------------- the search
    def _root(self) -> tuple:
        masks = tuple(_mask(h) for h in self.hands)
        trick = tuple((s, c._key) for s, c in self.trick)
        return masks, trick, self.leader, self.taken[self.seat]

    def value_after(self, card: Card) -> int:
        """The fewest points the seat can be held to for the round once ``card`` is played."""
        masks, trick, leader, acc = self._root()
        return self._after(masks, trick, leader, acc, card._key)

    def _after(self, masks, trick, leader, acc, k) -> int:
        n = len(masks)
        mover = (leader + len(trick)) % n
        masks = masks[:mover] + (masks[mover] & ~(1 << k),) + masks[mover + 1:]
        trick = trick + ((mover, k),)
        if len(trick) == n:
            winner = trick[winner_position([x[1] for x in trick], n, -1)][0]   # no trump in Femkamp
            if winner == self.seat:
                keys = [x[1] for x in trick]
                acc = (acc[0] + 1, acc[1] + sum(1 for x in keys if x // 13 == _CLUB),
                       acc[2] + sum(1 for x in keys if x % 13 == _QUEEN_OFFSET))
            trick, leader = (), winner
            if not masks[0]:
                return self._score(*acc)
        return self._value(masks, trick, leader, acc)

    def _value(self, masks, trick, leader, acc) -> int:
        key = (masks, trick, leader, acc)
        memo = self._memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        mover = (leader + len(trick)) % len(masks)
        hand = masks[mover]
        if trick:
            follow = hand & _SUIT_MASKS[trick[0][1] // 13]
            hand = follow or hand
        results = [self._after(masks, trick, leader, acc, k) for k in _cards(hand)]
        value = min(results) if mover == self.seat else max(results)
        memo[key] = value
        return value

    def _line_steps(self, card: Card) -> list[Step]:
        steps = [Step(self.to_move, card, self.trick_number)]
        pos = self.play(card)
        while isinstance(pos, TrickPosition):
            vals = {c: pos.value_after(c) for c in pos.legal()}
            pick = min(vals.values()) if pos.to_move == self.seat else max(vals.values())
            chosen = next(c for c, v in vals.items() if v == pick)
            steps.append(Step(pos.to_move, chosen, pos.trick_number))
            pos = pos.play(chosen)
        return steps

    def play(self, card: Card) -> "TrickPosition | int":
        """The position after the seat to move plays ``card`` (sharing the memo), or the seat's points
        for the round when that was the last card."""
        mover = self.to_move
        hands = list(self.hands)
        hands[mover] = tuple(c for c in hands[mover] if c != card)
        trick = self.trick + ((mover, card),)
        taken, leader, done = list(self.taken), self.leader, self.tricks_done
        if len(trick) == self.players:
            led = trick[0][1].suit
            won = max((x for x in trick if x[1].suit is led), key=lambda x: x[1]._key)[0]
            cards = [c for _, c in trick]
            t, c, q = taken[won]
            taken[won] = (t + 1, c + sum(1 for x in cards if x._key // 13 == _CLUB),
                          q + sum(1 for x in cards if x._key % 13 == _QUEEN_OFFSET))
            trick, leader, done = (), won, done + 1
            if not hands[0]:
                return self._score(*taken[self.seat])
        return TrickPosition(round_name=self.round_name, hands=tuple(hands), seat=self.seat, leader=leader,
                             trick=trick, taken=tuple(taken), tricks_done=done, queen_points=self.queen_points,
                             clubs_all_zero=self.clubs_all_zero, _memo=self._memo)


@dataclass(frozen=True)
class KabalPosition(_Searchable):
    """A moment of the kabal round with every hand known.

    ``hands``: every seat's cards; ``rows``: the table, one ``(low, high)`` per suit (♣ ♦ ♥ ♠, ace-low
    positions, ``(0, 0)`` for a row not started); ``to_move``: the seat whose turn it is; ``prikks``:
    the prikks said so far; ``seat``: whose points count; ``turn``: the turns taken before this one.
    """

    hands: tuple[tuple[Card, ...], ...]
    seat: int
    to_move: int
    rows: tuple[tuple[int, int], ...] = ((0, 0), (0, 0), (0, 0), (0, 0))
    prikks: tuple[int, ...] = ()
    turn: int = 0
    _memo: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    round_name = "kabal"

    def __post_init__(self) -> None:
        if not self.prikks:
            object.__setattr__(self, "prikks", (0,) * len(self.hands))
        if any(not h for h in self.hands):
            raise ValueError("the field 'hands' has an empty hand: the round is already over.")

    @classmethod
    def from_text(cls, hands: Sequence[str], *, seat: int, to_move: int, table: str = "", **kw: Any) -> "KabalPosition":
        """A position from cards written as text; ``table`` lists the cards already on the rows."""
        from ..games.kabal import KabalLayout

        return cls(hands=tuple(tuple(parse_cards(h)) for h in hands), seat=seat, to_move=to_move,
                   rows=KabalLayout.from_cards(table).rows, **kw)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def cards_left(self) -> int:
        return sum(len(h) for h in self.hands)

    @property
    def points(self) -> int:
        """The seat's points for the round so far (its prikks)."""
        return self.prikks[self.seat]

    def check_size(self) -> None:
        """Refuse a position with more than :data:`MAX_KABAL_CARDS` cards in all hands (:class:`PositionTooLarge`)."""
        if self.cards_left > MAX_KABAL_CARDS:
            raise PositionTooLarge(limit=MAX_KABAL_CARDS, size=self.cards_left)

    def fits(self, card: Card) -> bool:
        low, high = self.rows[card._key // 13]
        return femkamp_core.kabal_fits(low, high, _KABAL_POS[card._key])

    def legal(self, seat: int | None = None) -> list[Card]:
        """The cards of ``seat`` (default: the seat to move) that fit the rows now, in hand order."""
        seat = self.to_move if seat is None else seat
        return sorted((c for c in self.hands[seat] if self.fits(c)), key=lambda c: c.sort_key)

    def holder(self, card: Card) -> int | None:
        """The seat holding ``card`` (None: on the table)."""
        return next((s for s, h in enumerate(self.hands) if card in h), None)

    def opens(self, card: Card) -> list[Card]:
        """The cards that ``card`` makes playable (the next card outwards; both neighbours for a 7)."""
        from ..cards import Rank

        suit = card.suit
        p = _KABAL_POS[card._key]
        out = []
        for q in ((6, 8) if p == 7 else (p - 1,) if p < 7 else (p + 1,)):
            if 1 <= q <= 13:
                rank = Rank.ACE if q == 1 else Rank(q)
                out.append(Card(rank, suit))
        return out

    # --------------------------------------------------------------- the search
    def _root(self) -> tuple:
        return tuple(_mask(h) for h in self.hands), self.rows

    def value_after(self, card: Card) -> int:
        """The fewest points the seat can be held to for the round once ``card`` is played."""
        masks, rows = self._root()
        return self.points + self._after(masks, rows, self.to_move, card._key)

    def _after(self, masks, rows, mover, k) -> int:
        """The seat's points still to come after ``mover`` plays the card with index ``k``."""
        hand = masks[mover] & ~(1 << k)
        if not hand:  # out: the round ends now
            return 0 if mover == self.seat else bin(masks[self.seat]).count("1")
        masks = masks[:mover] + (hand,) + masks[mover + 1:]
        i = k // 13
        rows = rows[:i] + (femkamp_core.kabal_place(*rows[i], _KABAL_POS[k]),) + rows[i + 1:]
        return self._value(masks, rows, (mover + 1) % len(masks))

    def _fitting(self, hand: int, rows) -> list[int]:
        out = []
        for i, (low, high) in enumerate(rows):
            for end in femkamp_core.kabal_ends(low, high):
                if end:
                    k = 13 * i + (12 if end == 1 else end - 2)
                    if hand >> k & 1:
                        out.append(k)
        return out

    def _value(self, masks, rows, mover) -> int:
        """The seat's points still to come with ``mover`` to move."""
        key = (masks, rows, mover)
        memo = self._memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        options = self._fitting(masks[mover], rows)
        if not options:  # prikk
            value = (mover == self.seat) + self._value(masks, rows, (mover + 1) % len(masks))
        else:
            results = [self._after(masks, rows, mover, k) for k in options]
            value = min(results) if mover == self.seat else max(results)
        memo[key] = value
        return value

    def play(self, card: Card | None) -> "KabalPosition | int":
        """The position after the seat to move plays ``card`` (None: says prikk), sharing the memo; or
        the seat's points for the round when that ends it."""
        mover = self.to_move
        hands, prikks, rows = list(self.hands), list(self.prikks), self.rows
        if card is None:
            prikks[mover] += 1
        else:
            hands[mover] = tuple(c for c in hands[mover] if c != card)
            if not hands[mover]:
                return prikks[self.seat] + (0 if mover == self.seat else len(hands[self.seat]))
            i = card._key // 13
            rows = rows[:i] + (femkamp_core.kabal_place(*rows[i], _KABAL_POS[card._key]),) + rows[i + 1:]
        return KabalPosition(hands=tuple(hands), seat=self.seat, to_move=(mover + 1) % self.players, rows=rows,
                             prikks=tuple(prikks), turn=self.turn + 1, _memo=self._memo)

    def _line_steps(self, card: Card) -> list[Step]:
        steps = [Step(self.to_move, card, self.turn + 1)]
        pos = self.play(card)
        while isinstance(pos, KabalPosition):
            options = pos.legal()
            if not options:
                steps.append(Step(pos.to_move, None, pos.turn + 1))
                pos = pos.play(None)
                continue
            vals = {c: pos.value_after(c) for c in options}
            pick = min(vals.values()) if pos.to_move == self.seat else max(vals.values())
            chosen = next(c for c, v in vals.items() if v == pick)
            steps.append(Step(pos.to_move, chosen, pos.turn + 1))
            pos = pos.play(chosen)
        return steps


def position_of(rnd: Any, seat: int | None = None) -> "TrickPosition | KabalPosition":
    """The position of a Femkamp round (a :class:`cardlab.games.femkamp.FemkampTrickRound` or
    :class:`cardlab.games.kabal.KabalRound`) for the seat to move.

    >>> from cardlab.games.femkamp import FemkampTrickRound
    >>> rnd = FemkampTrickRound.from_hands(["AS 3H", "KS 4H", "QS 5H"], round_name="pass", dealer=2)
    >>> pos = position_of(rnd)
    >>> pos.seat, pos.tricks_left, pos.points
    (0, 2, 0)
    """
    if rnd.is_over:
        raise ValueError("the round is over: a puzzle needs a card to play.")
    seat = rnd.to_move if seat is None else seat
    if rnd.round_name == "kabal":
        if getattr(rnd, "_opening_with_seven", False):
            raise ValueError("the round still waits for the 7♥ to open it: there is no choice to make.")
        return KabalPosition(hands=tuple(tuple(h) for h in rnd.hands), seat=seat, to_move=rnd.to_move,
                             rows=rnd.layout.rows, prikks=tuple(rnd.prikks), turn=len(rnd.history))
    taken = tuple(zip(rnd.tricks_taken, rnd.clubs_taken, rnd.queens_taken))
    return TrickPosition(round_name=rnd.round_name, hands=tuple(tuple(h) for h in rnd.hands), seat=seat,
                         leader=rnd.leader, trick=tuple(rnd.current_trick), taken=taken,
                         tricks_done=len(rnd.completed_tricks), queen_points=rnd.rules.queen_points,
                         clubs_all_zero=rnd.rules.clubs_all_zero)
