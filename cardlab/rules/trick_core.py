"""The trick rules of Plump and Femkamp on card indexes and bitmask hands, written once.

A card is its index ``suit × 13 + rank − 2`` (2♣ = 0, A♣ = 12, 2♦ = 13 … A♠ = 51), a suit
is 0..3 (clubs, diamonds, hearts, spades) or −1 for none, and a hand is a bitmask with bit
``index`` set for each card it holds.  The functions are plain Python that numba compiles
unchanged: :mod:`cardlab.tricks` and the games call them as they are, the compiled kernels
call the same functions (:mod:`cardlab.sim.cores` registers them with numba).

>>> hand = hand_mask([0, 12, 40])                  # 2♣, A♣, 3♠
>>> cards_in(legal_follow(hand, 3, -1, False))     # spades led: the 3♠
[40]
>>> beats(51, 40, -1), beats(0, 51, 0)             # A♠ over 3♠; 2♣ trumps A♠ when clubs are trump
(True, True)
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

U64 = np.uint64

__all__ = ["hand_mask", "cards_in", "legal_follow", "beats"]


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
    card_suit = card // 13
    best_suit = best // 13
    if card_suit == best_suit:
        return card >= best
    return card_suit == trump
