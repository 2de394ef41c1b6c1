"""Why a Plump round went as it did, for one seat: the analysis behind :func:`cardlab.coach.review_round`.

:func:`analyse` replays the finished round with every hand now known and finds
the first of the seat's cards after which the bid could no longer be made for
sure, and a legal card that would still have made it whatever the others
played (exact search, :mod:`cardlab.coach.double_dummy`, over the last
``EXACT_TRICKS`` tricks or fewer cards).  Where no such card exists, or the
hand is too large, it looks at single tricks: a trick the seat won that another
legal card would have lost (an extra trick), or lost that another card would
have won (a missing trick), with the others' cards in that trick unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..tricks import trick_winner as card_trick_winner
from .double_dummy import PositionTooLarge, bit, can_make, legal_mask, mask

#: The exact search looks at positions with at most this many cards left in all.
MAX_CARDS = 20


@dataclass(frozen=True)
class PlumpReview:
    """What the coach found.  ``kind``: ``"made"``, ``"exact"`` (``better`` in trick ``trick`` would have
    made the bid whatever the others played), ``"trick"`` (``better`` would have lost / won trick
    ``trick`` with the others' cards unchanged) or ``"forced"`` (no single card changes it).
    Tricks are numbered from 1."""

    kind: str
    bid: int
    taken: int
    trick: int | None = None
    played: Card | None = None
    better: Card | None = None


def _start_hands(rnd: Any) -> list[list[Card]]:
    hands: list[list[Card]] = [[] for _ in range(rnd.players)]
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            hands[s].append(c)
    return hands


def _legal_now(hand: list[Card], led: Card | None, trump: Any, must_trump: bool) -> list[Card]:
    m = legal_mask(mask(hand), None if led is None else led.suit.index,
                   None if trump is None else trump.index, must_trump)
    return [c for c in hand if bit(c) & m]


def analyse(rnd: Any, seat: int, *, max_cards: int = MAX_CARDS) -> PlumpReview:
    """The review of ``seat``'s play in the finished Plump round ``rnd`` (see the module docstring)."""
    bid, taken = rnd.bids[seat], rnd.tricks_taken[seat]
    if bid == taken:
        return PlumpReview("made", bid, taken)
    if rnd.rules.decks != 1:
        return _single_tricks(rnd, seat, bid, taken)
    must_trump = bool(rnd.rules.must_trump)
    hands = _start_hands(rnd)
    won_so_far = 0
    memo: dict = {}
    for k, t in enumerate(rnd.completed_tricks):
        cards_left = sum(len(h) for h in hands)
        for pos, (s, c) in enumerate(zip(t.seats, t.cards)):
            if s == seat and cards_left <= max_cards:
                on_table = tuple((t.seats[i], t.cards[i].index) for i in range(pos))
                led = t.cards[0] if pos else None
                options = _legal_now(hands[s], led, rnd.trump, must_trump)

                def after(card: Card) -> bool:
                    rest = [mask(h) for h in hands]
                    rest[seat] &= ~bit(card)
                    trick = on_table + ((seat, card.index),)
                    try:
                        return _finish(rest, trick, t.leader, rnd, seat, bid, won_so_far, must_trump, memo)
                    except PositionTooLarge:
                        return False

                if not after(c):
                    for other in options:
                        if other != c and after(other):
                            return PlumpReview("exact", bid, taken, trick=k + 1, played=c, better=other)
            hands[s] = [x for x in hands[s] if x != c]
        won_so_far += t.winner == seat
    return _single_tricks(rnd, seat, bid, taken)


def _finish(rest: list[int], trick: tuple, leader: int, rnd: Any, seat: int, bid: int, won: int, must_trump: bool,
            memo: dict) -> bool:
    players = rnd.players
    if len(trick) == players:
        from .double_dummy import trick_winner

        trump = None if rnd.trump is None else rnd.trump.index
        winner = trick[trick_winner([b for _, b in trick], trump)][0]
        return can_make(rest, seat=seat, target=bid, leader=winner, trump=rnd.trump, taken=won + (winner == seat),
                        must_trump=must_trump, memo=memo)
    return can_make(rest, seat=seat, target=bid, leader=leader, trump=rnd.trump, trick=trick, taken=won,
                    must_trump=must_trump, memo=memo)


def _single_tricks(rnd: Any, seat: int, bid: int, taken: int) -> PlumpReview:
    """A trick the seat won (too many) or lost (too few) that another legal card would have turned."""
    too_many = taken > bid
    hands = _start_hands(rnd)
    must_trump = bool(rnd.rules.must_trump)
    for k, t in enumerate(rnd.completed_tricks):
        pos = t.seats.index(seat)
        mine = t.cards[pos]
        if (t.winner == seat) == too_many and pos > 0:       # the led suit stays the same: the others' cards stay legal
            for other in _legal_now(hands[seat], t.cards[0], rnd.trump, must_trump):
                if other == mine:
                    continue
                cards = list(t.cards)
                cards[pos] = other
                wins = t.seats[card_trick_winner(cards, rnd.trump)] == seat
                if wins != too_many:
                    return PlumpReview("trick", bid, taken, trick=k + 1, played=mine, better=other)
        for s, c in zip(t.seats, t.cards):
            hands[s] = [x for x in hands[s] if x != c]
    return PlumpReview("forced", bid, taken)
