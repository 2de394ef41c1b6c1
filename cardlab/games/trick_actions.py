"""What every trick-taking game shares: the :class:`Play` action and the finished :class:`Trick`.

Plump, Femkamp's trick rounds and the kabal round all play one card at a time
with ``Play(seat, card)``; a trick game records each finished trick as a
``Trick`` (who led, the cards in play order, who won it and why).

>>> Play(seat=2, card="QS")
Play(seat=2, card=Card.parse('QS'))
>>> shared_play(2, Card.parse("QS")) is shared_play(2, Card.parse("QS"))
True
>>> from cardlab.cards import parse_cards
>>> trick = Trick(leader=0, seats=(0, 1, 2), cards=parse_cards("10S QS 3D"), winner=2, trump=Suit.DIAMONDS)
>>> str(trick.winning_card), trick.reason().text("en")
('3♦', '3♦ wins: trump beats everything.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import Card, Suit
from ..i18n import Message
from ..protocol import action, whole_number


@action("play")
@dataclass(frozen=True, slots=True, eq=False)
class Play:
    """Seat ``seat`` plays ``card``.

    >>> Play(seat=2, card=Card.parse("QS"))
    Play(seat=2, card=Card.parse('QS'))
    """

    seat: int
    card: Card

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "Play"))
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Play and self.seat == other.seat and self.card == other.card  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self.seat * 64 + self.card._key


_PLAYS: list[list["Play | None"]] = []


def shared_play(seat: int, card: Card) -> Play:
    """The shared ``Play`` object for (seat, card): legal_actions() builds no new objects."""
    while len(_PLAYS) <= seat:
        _PLAYS.append([None] * 52)
    found = _PLAYS[seat][card._key]
    if found is None:
        found = _PLAYS[seat][card._key] = Play(seat, card)
    return found


_play = shared_play  # the name the games have used


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the seats and cards in play order, and who won it."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    trump: Suit | None

    @property
    def winning_card(self) -> Card:
        return self.cards[self.seats.index(self.winner)]

    def reason(self) -> Message:
        """Why the winner won, e.g. '♦3 wins: trump beats everything.'"""
        from ..tricks import winning_reason

        return winning_reason(self.cards, self.trump)

    def _repr_html_(self) -> str:
        from ..display import trick_html

        return trick_html(self.cards, seats=self.seats, winner_index=self.seats.index(self.winner))


# ------------------------------------------------------------------ undo
class PlayedCard(NamedTuple):
    """What a trick round's ``undo()`` needs to take one played card back: who played it, the card
    as it lay in the hand and where, and who was to lead the trick before it (the round's leader)."""

    seat: int
    card: Card
    hand_index: int
    leader_before: int | None


def play_from_hand(hand: list[Card], seat: int, card: Card, leader_before: int | None) -> PlayedCard:
    """Take ``card`` out of ``hand`` (its first copy, as ``list.remove`` does) and say how to put it back.

    >>> from cardlab.cards import parse_cards
    >>> hand = list(parse_cards("2C 7H"))
    >>> played = play_from_hand(hand, 0, Card.parse("7H"), None)
    >>> hand, played.hand_index
    ([Card.parse('2C')], 1)
    """
    index = hand.index(card)
    return PlayedCard(seat, hand.pop(index), index, leader_before)


def take_back_card(rnd: Any, played: PlayedCard) -> Trick | None:
    """Put ``played`` back into its seat's hand, off the table.  If it completed a trick, that trick is
    on the table again (its winner one trick fewer) and is returned, for the round to take back
    whatever else winning it counted; else None.  The round puts back its own leader.

    >>> from cardlab.games.femkamp import FemkampTrickRound
    >>> rnd = FemkampTrickRound.from_hands(["AS", "KS", "QS"], round_name="pass", dealer=2)
    >>> for seat, card in enumerate(["AS", "KS", "QS"]):
    ...     _ = rnd.apply(Play(seat, card))
    >>> take_back_card(rnd, rnd._undo_stack[-1]).winner, rnd.current_trick, rnd.hands[2], rnd.tricks_taken
    (0, [(0, Card.parse('AS')), (1, Card.parse('KS'))], [Card.parse('QS')], [0, 0, 0])
    """
    trick = None
    if rnd.current_trick:
        rnd.current_trick.pop()
    else:
        trick = rnd.completed_tricks.pop()
        rnd.tricks_taken[trick.winner] -= 1
        rnd.current_trick = list(zip(trick.seats[:-1], trick.cards[:-1]))
    rnd.hands[played.seat].insert(played.hand_index, played.card)
    return trick
