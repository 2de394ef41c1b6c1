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

from ..cards import Card, Suit
from ..i18n import Message
from ..protocol import action


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
