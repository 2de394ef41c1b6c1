"""The trick rules of Plump and Femkamp on card indexes and bitmask hands, written once.

A card is its index ``suit × 13 + rank − 2`` (2♣ = 0, A♣ = 12, 2♦ = 13 … A♠ = 51), a suit
is 0..3 (clubs, diamonds, hearts, spades) or −1 for none, and a hand is a bitmask with bit
``index`` set for each card it holds.  The functions are plain Python that numba compiles
unchanged: :mod:`cardlab.tricks` and the games call them as they are, the compiled kernels
call the same functions (:mod:`cardlab.kernels.cores` registers them with numba).

>>> hand = hand_mask([0, 12, 40])                  # 2♣, A♣, 3♠
>>> cards_in(legal_follow(hand, 3, -1, False))     # spades led: the 3♠
[40]
>>> beats(51, 40, -1), beats(0, 51, 0)             # A♠ over 3♠; 2♣ trumps A♠ when clubs are trump
(True, True)

A trick being played is a :class:`Trick` record, stepped card by card by :func:`add_to_trick`
and closed by :func:`finish_trick` (the winner takes it and leads the next one):

>>> trick = add_to_trick(add_to_trick(empty_trick(), 2, 38, -1), 0, 50, -1)   # A♥ led, K♠ thrown
>>> trick.count, trick.led, trick.best_card, trick.best_seat
(2, 2, 38, 2)
>>> tricks = [0, 0, 0]
>>> finish_trick(trick, tricks), tricks                                       # seat 2 leads next
(2, [0, 0, 1])
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

import numpy as np

U64 = np.uint64
#: the suit of each card index (a table: in compiled code a lookup is cheaper than a division)
SUIT_OF = np.arange(64) // 13

__all__ = ["hand_mask", "cards_in", "legal_follow", "voids_shown", "beats", "Trick", "empty_trick", "add_to_trick",
           "trick_so_far", "winner_position", "finish_trick", "next_seat"]


def hand_mask(indexes: Iterable[int]) -> int:
    """The bitmask of a hand given as card indexes (for the engine; the kernels keep masks)."""
    mask = 0
    for index in indexes:
        mask |= 1 << index
    return mask


def cards_in(mask) -> list[int]:
    """The card indexes set in ``mask``, lowest first (the inverse of :func:`hand_mask`)."""
    mask = int(mask)
    return [i for i in range(64) if mask >> i & 1]


def legal_follow(hand, led, trump, must_trump):
    """The cards of ``hand`` that may be played when suit ``led`` was led (−1: you lead).

    Rule (RULES.md, Plump and Femkamp): follow the led suit if you can, otherwise play any
    card; with ``must_trump`` (trumftvång) a player who cannot follow but holds trump
    (``trump`` ≥ 0) must play a trump.  Why: following suit is what makes a trick game a
    game of counting and planning; the trump option is a common Swedish house rule.

    >>> hand = hand_mask([26, 40, 0])                       # 2♥, 3♠, 2♣
    >>> cards_in(legal_follow(hand, 2, -1, False))          # hearts led: must follow
    [26]
    >>> cards_in(legal_follow(hand, 1, 0, False))           # diamonds led, none held: any card
    [0, 26, 40]
    >>> cards_in(legal_follow(hand, 1, 0, True))            # … unless must_trump: the club
    [0]
    >>> cards_in(legal_follow(hand, -1, 0, True))           # leading: any card
    [0, 26, 40]
    """
    if led < 0:
        return hand
    follow = hand & (U64(0x1FFF) << U64(13 * led))
    if follow != U64(0):
        return follow
    if must_trump and trump >= 0:
        trumps = hand & (U64(0x1FFF) << U64(13 * trump))
        if trumps != U64(0):
            return trumps
    return hand


def voids_shown(led, suit, trump, must_trump):
    """The suits (a 4-bit mask) a player shows they hold none of by playing a card of ``suit`` to a
    trick led in ``led``; what the search bots know of the hands they cannot see.

    Rule (:func:`legal_follow`): a player follows the suit led when they can, so a card of another
    suit shows a void in the led suit; with ``must_trump`` a player who cannot follow must trump when
    they can, so a card that neither follows nor trumps shows a void in trump too.

    >>> voids_shown(0, 0, 3, False), voids_shown(0, 2, 3, False)    # ♣ led: followed; a ♥ shows no ♣
    (0, 1)
    >>> voids_shown(0, 2, 3, True), voids_shown(0, 3, 3, True)      # must trump: no ♣ and no ♠; trumped: no ♣
    (9, 1)
    """
    if suit == led:
        return 0
    shown = 1 << led
    if must_trump and trump >= 0 and suit != trump:
        shown |= 1 << trump
    return shown


def beats(card, best, trump):
    """Does ``card``, played later in the trick, beat the trick's best card ``best``?

    Rule (RULES.md): the highest trump wins, otherwise the highest card of the led suit; a
    card of another suit never wins.  Of two identical cards (two packs) the one played
    later wins, so an equal card beats ``best``.  ``best`` is always of the led suit or a
    trump, so "same suit and higher, or a trump over a non-trump" is the whole rule.

    >>> beats(38, 30, -1), beats(30, 38, -1), beats(30, 30, -1)   # A♥ vs 6♥, twin cards
    (True, False, True)
    >>> beats(13, 38, 1), beats(13, 38, -1)                       # 2♦ trumps A♥; no trump: it does not
    (True, False)
    """
    card_suit = SUIT_OF[card]
    best_suit = SUIT_OF[best]
    if card_suit == best_suit:
        return card >= best
    return bool(card_suit == trump)


class Trick(NamedTuple):
    """The trick on the table: ``count`` cards down, the suit ``led`` (−1 before the lead), and the
    best card so far with the seat that played it (−1 before the lead).

    A plain named tuple, so numba passes it by value as a small record and Python code reads it
    by name; it is never changed in place (:func:`add_to_trick` returns the next one).
    """

    count: int
    led: int
    best_card: int
    best_seat: int


def empty_trick():
    """The trick before its lead: no card, no suit led, no best card."""
    return Trick(0, -1, -1, -1)


def add_to_trick(trick, seat, card, trump):
    """The trick after ``seat`` plays ``card`` (legal: see :func:`legal_follow`) with ``trump``.

    Rule (RULES.md): the first card sets the suit led and is the best so far; a later card takes
    the lead of the trick when it :func:`beats` the best card (so of two twins the later).

    >>> trick = add_to_trick(empty_trick(), 1, 30, 1)      # 6♥ led by seat 1, diamonds trump
    >>> add_to_trick(trick, 2, 13, 1).best_seat            # 2♦ trumps it
    2
    >>> add_to_trick(trick, 2, 30, 1).best_seat            # the twin 6♥ (two packs): the later wins
    2
    """
    if trick.count == 0:
        return Trick(1, int(SUIT_OF[card]), card, seat)
    if beats(card, trick.best_card, trump):
        return Trick(trick.count + 1, trick.led, card, seat)
    return Trick(trick.count + 1, trick.led, trick.best_card, trick.best_seat)


def next_seat(seat, players):
    """The seat on ``seat``'s left: play and the lead go round the table in seat order.

    >>> next_seat(1, 3), next_seat(2, 3)
    (2, 0)

    Written without a branch (a conditional inlined deep in the kernels trips numba's IR check) and
    without ``%``, whose division is the dearest step of the random kernel's hot loop: one back from
    ``players`` when the seat after ``seat`` would be ``players``.
    """
    after = seat + 1
    return after - players * (after >= players)


def trick_so_far(cards, count, leader, players, trump):
    """The :class:`Trick` after ``cards[:count]`` were played in order, ``leader`` leading.

    This is how a search or a play-out picks up a trick already on the table.

    >>> trick_so_far([38, 13, 50], 3, 2, 3, 1)     # A♥ led by seat 2, 2♦ (trump) by seat 0, K♠
    Trick(count=3, led=2, best_card=13, best_seat=0)
    """
    trick = empty_trick()
    seat = leader
    for j in range(count):
        trick = add_to_trick(trick, seat, cards[j], trump)
        seat = next_seat(seat, players)
    return trick


def winner_position(cards, count, trump):
    """The position (0 = the lead) in ``cards[:count]`` of the card that wins the trick.

    >>> winner_position([38, 13, 50], 3, 1), winner_position([38, 13, 50], 3, -1)
    (1, 0)
    >>> winner_position([51, 51], 2, -1)            # twin aces of spades: the later wins
    1
    """
    return trick_so_far(cards, count, 0, count, trump).best_seat


def finish_trick(trick, tricks):
    """Close a full trick: its winner gets one more in ``tricks`` (by seat) and leads next; returns the winner."""
    winner = trick.best_seat
    tricks[winner] += 1
    return winner
