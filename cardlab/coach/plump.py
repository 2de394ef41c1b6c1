"""Why a Plump round went as it did, for one seat: the analysis behind :func:`cardlab.coach.review_round`.

:func:`analyse` replays the finished round with every hand now known and finds
the first of the seat's cards after which the bid could no longer be made for
sure, and a legal card that would still have made it whatever the others
played (exact search, :mod:`cardlab.coach.double_dummy`, over the last
``EXACT_TRICKS`` tricks or fewer cards).  Where no such card exists, or the
hand is too large, it looks for two of the seat's own cards played the other
way round, with every other card of the round unchanged: a card thrown away
that would have won a later trick the seat needed (A♦ discarded on a club
trick when diamonds were led next), or one that won a trick the seat wanted to
lose and would have lost an earlier one (:func:`replay`: a clone of the round,
taken back with ``undo()`` to the first changed trick, plays on by its own
rules).  Then it looks at single tricks: a trick the seat won that another
legal card would have lost (an extra trick), or lost that another card would
have won (a missing trick), with the others' cards in that trick unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import IllegalMoveError
from ..games.trick_actions import Play
from ..tricks import trick_winner as card_trick_winner
from .double_dummy import PositionTooLarge, bit, can_make, legal_mask, mask

#: The exact search looks at positions with at most this many cards left in all.
MAX_CARDS = 20


@dataclass(frozen=True)
class PlumpReview:
    """What the coach found.  ``kind``: ``"made"``, ``"exact"`` (``better`` in trick ``trick`` would have
    made the bid whatever the others played), ``"trick"`` (``better`` would have lost / won trick
    ``trick`` with the others' cards unchanged), ``"swap"`` (``better`` in trick ``trick`` and ``played``
    saved for trick ``later`` would have made the bid, every other card of the round unchanged) or
    ``"forced"`` (no single card changes it).  Tricks are numbered from 1."""

    kind: str
    bid: int
    taken: int
    trick: int | None = None
    played: Card | None = None
    better: Card | None = None
    later: int | None = None         #: ``"swap"``: the trick where ``played`` would have been played instead of ``better``
    saved_takes: bool = False        #: ``"swap"``: ``played``, saved for trick ``later``, would have taken it


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
    swap = _swaps(rnd, seat, bid, taken)
    if swap is not None:
        return swap
    return _single_tricks(rnd, seat, bid, taken)


def replay(rnd: Any, seat: int, cards: dict[int, Card]) -> "list[int] | None":
    """The winners of the tricks of the finished round ``rnd`` had ``seat`` played ``cards[k]`` in trick ``k``
    (from 0) and everybody else the same cards; None if some card would then not have been allowed.

    A changed winner leads the next trick, so the order of play (and the suit led) may change; every card
    is checked by the round's own rules against the hand its player held at that moment: the play goes
    on from a clone of ``rnd`` taken back (``undo()``) to the first changed trick.
    """
    tricks = rnd.completed_tricks
    first = min((k for k in cards if 0 <= k < len(tricks)), default=len(tricks))
    work = rnd.clone()
    _back_to_trick(work, first)
    rest = _play_on(work, seat, cards, tricks)
    return None if rest is None else [t.winner for t in tricks[:first]] + rest


def _back_to_trick(work: Any, number: int) -> None:
    """Undo the cards of ``work`` (a Plump round) until it stands at the start of trick ``number`` (from 0)."""
    while work.current_trick or len(work.completed_tricks) > number:
        work.undo()


def _play_on(work: Any, seat: int, cards: dict[int, Card], tricks: Any) -> "list[int] | None":
    """Play ``work``, standing at the start of a trick, to the end with the cards of the same tricks of
    ``tricks`` (``seat`` playing ``cards[k]`` in trick ``k``); the winners of the tricks played, or None if
    a card is not allowed.  ``work`` is left as it was (every card is undone)."""
    start = len(work.completed_tricks)
    played = 0
    winners: "list[int] | None" = None
    try:
        for k in range(start, len(tricks)):
            by_seat = dict(zip(tricks[k].seats, tricks[k].cards))
            if k in cards:
                by_seat[seat] = cards[k]
            for _ in range(work.players):
                mover = work.to_move
                work.apply(Play(mover, by_seat[mover]))
                played += 1
        winners = [t.winner for t in work.completed_tricks[start:]]
    except IllegalMoveError:
        pass
    for _ in range(played):
        work.undo()
    return winners


def _swaps(rnd: Any, seat: int, bid: int, taken: int) -> "PlumpReview | None":
    """Two of ``seat``'s cards the other way round (every other card unchanged) that make the bid: the
    earliest, preferring one where the saved card itself takes (or, with too many, gives away) the trick.

    Each pair is played on (:func:`_play_on`) from one clone of the round, taken back a trick at a time
    from the end, so the tricks before the first changed one are never played again."""
    if rnd.rules.decks != 1:
        return None
    tricks = rnd.completed_tricks
    mine = [dict(zip(t.seats, t.cards))[seat] for t in tricks]
    work = rnd.clone()
    found = []
    for k in reversed(range(len(mine))):
        _back_to_trick(work, k)
        before = [t.winner for t in tricks[:k]]
        for j in range(k + 1, len(mine)):
            rest = _play_on(work, seat, {k: mine[j], j: mine[k]}, tricks)
            if rest is None:
                continue
            winners = before + rest
            if winners.count(seat) != bid:
                continue
            key_card_turns = (winners[j] == seat) if taken < bid else (winners[k] != seat)
            found.append((not key_card_turns, k, j))
    if not found:
        return None
    not_turning, k, j = min(found)
    return PlumpReview("swap", bid, taken, trick=k + 1, played=mine[k], better=mine[j], later=j + 1,
                       saved_takes=taken < bid and not not_turning)


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
