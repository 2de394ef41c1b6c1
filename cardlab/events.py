"""What happened: the small frozen events that ``apply()`` returns.

Every game's ``apply(action)`` (and :meth:`cardlab.match.Match.apply`) returns a
tuple of events, first the action itself as it happened, then whatever it set
off, in order: a trick won, a round scored, the next round dealt, the game over.
A table shows them as they are; it never has to compare the state before and
after a move to find out what happened.

======================  ====================================================
event                   when
======================  ====================================================
:class:`BidMade`        a Plump bid (``changed=True`` when a bid was changed)
:class:`CardPlayed`     a card played to a trick or to the kabal layout
:class:`TrickWon`       the last card of a trick: who took it, and why
:class:`PrikkSaid`      a kabal player who cannot play says "prikk" (+1)
:class:`Drew`           a Rummy draw (``card`` only when taken from the discard pile)
:class:`Melded`         a Rummy meld laid down
:class:`LaidOff`        a Rummy card laid off onto a meld on the table
:class:`Discarded`      a Rummy discard (ends the turn)
:class:`StockReshuffled` the Rummy discard pile turned into a new stock
:class:`WentOut`        a player's hand is empty: they won the round
:class:`RoundScored`    a round ended; its scores (points, or penalty points)
:class:`RoundDealt`     the next round of a game was dealt
:class:`GameOver`       the game ended; the winners (empty while a rematch is due)
======================  ====================================================

>>> from cardlab.games.plump import PlumpRound, Bid, Play
>>> rnd = PlumpRound.from_hands(["AS", "KS"], dealer=1, trump="H")
>>> rnd.apply(Bid(seat=0, tricks=1))
(BidMade(seat=0, tricks=1, changed=False),)
>>> _ = rnd.apply(Bid(seat=1, tricks=1))
>>> _ = rnd.apply(Play(seat=0, card="AS"))
>>> events = rnd.apply(Play(seat=1, card="KS"))
>>> [type(e).__name__ for e in events]
['CardPlayed', 'TrickWon', 'RoundScored']
>>> events[1].seat, events[1].reason.text("en")
(0, 'A♠ wins: the highest card of the suit led.')
>>> events[2].scores
(11, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, Suit

__all__ = ["Event", "BidMade", "CardPlayed", "TrickWon", "PrikkSaid", "Drew", "Melded", "LaidOff", "Discarded",
           "StockReshuffled", "WentOut", "RoundScored", "RoundDealt", "GameOver", "EVENT_TYPES"]


@dataclass(frozen=True, slots=True)
class BidMade:
    """Seat ``seat`` bid ``tricks`` (``changed``: it replaced its own earlier bid)."""

    seat: int
    tricks: int
    changed: bool = False


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """Seat ``seat`` played ``card`` (to the trick, or onto the kabal layout)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Seat ``seat`` took the trick ``cards`` (played by ``seats``, in order); ``reason`` says why."""

    seat: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    trump: Suit | None = None

    @property
    def reason(self) -> Any:
        """Why the trick went to ``seat``, as a :class:`cardlab.i18n.Message` ('A♠ wins: …')."""
        from .tricks import winning_reason

        return winning_reason(self.cards, self.trump)

    @property
    def winning_card(self) -> Card:
        return self.cards[self.seats.index(self.seat)]


@dataclass(frozen=True, slots=True)
class PrikkSaid:
    """Seat ``seat`` could not play in the kabal round and said "prikk" (one point)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Drew:
    """Seat ``seat`` drew from ``source`` (``"stock"`` or ``"discard"``).

    ``card`` is the card taken from the discard pile (public), and ``None`` for a
    card from the stock, which only the drawer sees.
    """

    seat: int
    source: str
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Melded:
    """Seat ``seat`` laid down ``cards`` as the table's meld number ``meld_index``."""

    seat: int
    cards: tuple[Card, ...]
    meld_index: int


@dataclass(frozen=True, slots=True)
class LaidOff:
    """Seat ``seat`` laid ``card`` off onto the table's meld number ``meld_index``."""

    seat: int
    card: Card
    meld_index: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """Seat ``seat`` discarded ``card``, ending its turn."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class StockReshuffled:
    """The stock ran out and the discard pile (all but its top card) became the new stock of ``cards`` cards."""

    cards: int
    reshuffles: int


@dataclass(frozen=True, slots=True)
class WentOut:
    """Seat ``seat`` emptied its hand and won the round (``rummy``: all in one turn, in Rummy)."""

    seat: int
    rummy: bool = False


@dataclass(frozen=True, slots=True)
class RoundScored:
    """Round ``round_index`` (0-based) ended with these ``scores``: points in Plump, penalty points in
    Femkamp and Rummy (seat order).  ``winner`` is the seat that went out, if any."""

    round_index: int
    scores: tuple[int, ...]
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """The game dealt its next round, number ``round_index`` (0-based), dealt by ``dealer``."""

    round_index: int
    dealer: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended; ``winners`` are the winning seats (empty while a Femkamp rematch is due)."""

    winners: tuple[int, ...]


EVENT_TYPES: tuple[type, ...] = (BidMade, CardPlayed, TrickWon, PrikkSaid, Drew, Melded, LaidOff, Discarded,
                                 StockReshuffled, WentOut, RoundScored, RoundDealt, GameOver)
Event = Any  # any of EVENT_TYPES


def describe(event: Any, lang: str | None = "en") -> str:
    """One event in words (English by default), as a transcript writes it.

    >>> describe(BidMade(seat=2, tricks=1)), describe(Drew(seat=0, source="stock"))
    ('seat 2 bids 1', 'seat 0 draws from the stock')
    """
    if isinstance(event, BidMade):
        return f"seat {event.seat} {'changes its bid to' if event.changed else 'bids'} {event.tricks}"
    if isinstance(event, CardPlayed):
        return f"seat {event.seat} plays {event.card}"
    if isinstance(event, TrickWon):
        return f"-> {event.reason.text(lang)} Seat {event.seat} takes the trick."
    if isinstance(event, PrikkSaid):
        return f"seat {event.seat} says prikk"
    if isinstance(event, Drew):
        if event.card is None:
            return f"seat {event.seat} draws from the stock"
        return f"seat {event.seat} takes {event.card} from the discard pile"
    if isinstance(event, Melded):
        return f"seat {event.seat} melds {' '.join(map(str, event.cards))}"
    if isinstance(event, LaidOff):
        return f"seat {event.seat} lays off {event.card} onto meld {event.meld_index}"
    if isinstance(event, Discarded):
        return f"seat {event.seat} discards {event.card}"
    if isinstance(event, StockReshuffled):
        return f"-> the discard pile becomes the new stock ({event.cards} cards)"
    if isinstance(event, WentOut):
        return f"-> seat {event.seat} goes out" + (" (rummy!)" if event.rummy else "")
    if isinstance(event, RoundScored):
        return f"-> round {event.round_index + 1} scored {list(event.scores)}"
    if isinstance(event, RoundDealt):
        return f"-> round {event.round_index + 1} is dealt by seat {event.dealer}"
    if isinstance(event, GameOver):
        return f"-> game over, winners {list(event.winners)}"
    return repr(event)
