"""Compiled Rummy meld helpers for the kernel: hands as ``uint64`` bitmasks (bit ``card.index``).

The tables are built from :mod:`cardlab.games.melds` itself, in the same order,
so :func:`deadwood` and :func:`best_split` break ties exactly like
:func:`cardlab.games.melds.best_melds` (branch on the lowest card; keep the
first meld that leaves strictly less deadwood).

>>> from cardlab.games.melds import best_melds, deadwood_points
>>> from cardlab.cards import parse_cards
>>> hand = parse_cards("AS 2S 3S 4S 7H 7D 7C KD")
>>> mask = np.uint64(sum(1 << c.index for c in hand))
>>> int(deadwood(mask)) == deadwood_points(hand)
True
>>> out = np.zeros(20, np.uint64)
>>> n, melded = best_split(mask, out)
>>> [sorted(c.index for c in m) for m in best_melds(hand).melds] == [
...     [i for i in range(52) if int(out[k]) >> i & 1] for k in range(n)]
True
"""

from __future__ import annotations

import numpy as np

from ..cards import Card
from ..games import melds as _melds
from ._numba import njit
from .bits import lowest_bit, popcount
from .rng import U64

#: every meld of the deck, in the order :func:`cardlab.games.melds.meld_candidates` lists them
MELD_MASKS = np.array(_melds._MELD_MASKS, np.uint64)
_WIDTH = max(len(w) for w in _melds._MELDS_WITH)
#: for each card, the melds holding it (the order :func:`cardlab.games.melds.best_melds` tries them)
MELDS_WITH = np.zeros((52, _WIDTH), np.uint64)
MELDS_WITH_COUNT = np.zeros(52, np.int64)
for _i, _with in enumerate(_melds._MELDS_WITH):
    MELDS_WITH[_i, :len(_with)] = _with
    MELDS_WITH_COUNT[_i] = len(_with)
#: penalty points (A = 1, 2–10 face value, J/Q/K = 10) and ace-low positions (A = 1 … K = 13)
POINTS = np.array([Card.from_index(i).rank.points for i in range(52)], np.int64)
POSITION = np.array([Card.from_index(i).rank.ace_low for i in range(52)], np.int64)
#: the cards of the same rank (the card itself included) or of the same suit at most two apart
#: (what :func:`cardlab.bots.rummy.partners` counts and :meth:`RummyBot.danger` looks for)
RELATED = np.array([sum(1 << j.index for j in (Card.from_index(k) for k in range(52))
                        if j.rank == Card.from_index(i).rank
                        or (j.suit == Card.from_index(i).suit and abs(j.rank.ace_low - Card.from_index(i).rank.ace_low) <= 2))
                    for i in range(52)], np.uint64)

#: CONNECT[a, b]: the cards that would make a meld of three with partners ``a`` and ``b``
#: (:func:`cardlab.games.melds.connectors`; 0 when ``a`` and ``b`` are no partners)
CONNECT = np.zeros((52, 52), np.uint64)


def _fill_connect() -> None:
    from ..games.melds import connectors, run_neighbours

    for a in range(52):
        for b in range(52):
            ca, cb = Card.from_index(a), Card.from_index(b)
            if a != b and (ca.rank == cb.rank or run_neighbours(ca, cb)):
                CONNECT[a, b] = sum(1 << c.index for c in connectors(ca, cb))


_fill_connect()


@njit(cache=True, inline="always")
def has_meld(hand):
    """Quick test: does ``hand`` hold any set of 3 or run of 3?"""
    r0 = hand & U64(0x1FFF)
    r1 = (hand >> U64(13)) & U64(0x1FFF)
    r2 = (hand >> U64(26)) & U64(0x1FFF)
    r3 = (hand >> U64(39)) & U64(0x1FFF)
    if (r0 & r1 & r2) | (r0 & r1 & r3) | (r0 & r2 & r3) | (r1 & r2 & r3) != U64(0):
        return True
    for r in (r0, r1, r2, r3):
        p = ((r << U64(1)) | (r >> U64(12))) & U64(0x1FFF)  # ace-low positions: bit 0 = ace
        if p & (p >> U64(1)) & (p >> U64(2)) != U64(0):
            return True
    return False


@njit(cache=True)
def mask_points(mask):
    """Penalty points of the cards in ``mask``."""
    total = 0
    while mask != U64(0):
        total += POINTS[lowest_bit(mask)]
        mask &= mask - U64(1)
    return total


@njit(cache=True)
def deadwood_and_meld(mask):
    """(least deadwood penalty of the cards in ``mask``, the meld holding its lowest card in a split
    that leaves that little: 0 when the lowest card is best left as deadwood).

    The search of :func:`cardlab.games.melds.best_melds`: branch on the lowest card, deadwood or in
    one of its melds (in the order of ``MELDS_WITH``), keeping the first meld that leaves strictly
    less deadwood.

    >>> from cardlab.cards import parse_cards
    >>> hand = np.uint64(sum(1 << c.index for c in parse_cards("2C 3C 4C KD")))
    >>> points, meld = deadwood_and_meld(hand)
    >>> int(points), sorted(c.index for c in parse_cards("2C 3C 4C")) == [i for i in range(52) if int(meld) >> i & 1]
    (10, True)
    """
    if not has_meld(mask):  # no meld at all (also the empty hand): every card is deadwood
        return mask_points(mask), U64(0)
    low = lowest_bit(mask)
    best = deadwood_and_meld(mask & (mask - U64(1)))[0] + POINTS[low]
    choice = U64(0)
    for k in range(MELDS_WITH_COUNT[low]):
        if best == 0:
            break
        meld = MELDS_WITH[low, k]
        if meld & mask == meld:
            rest = deadwood_and_meld(mask & ~meld)[0]
            if rest < best:
                best = rest
                choice = meld
    return best, choice


@njit(cache=True)
def deadwood(mask):
    """Least deadwood penalty of the cards in ``mask`` (the twin of ``melds.deadwood_points``)."""
    return deadwood_and_meld(mask)[0]


@njit(cache=True)
def best_split(mask, out):
    """The melds of ``melds.best_melds`` for ``mask``: writes them to ``out`` in order; returns (count, melded cards)."""
    n = 0
    melded = U64(0)
    if not has_meld(mask):  # most hands between melds: nothing to search
        return n, melded
    while mask != U64(0):
        choice = deadwood_and_meld(mask)[1]
        if choice == U64(0):
            mask &= mask - U64(1)
        else:
            out[n] = choice
            n += 1
            melded |= choice
            mask &= ~choice
    return n, melded


@njit(cache=True, inline="always")
def partners(card, rest):
    """How many cards of ``rest`` could share a meld with ``card`` (``bots.rummy.partners``)."""
    return popcount(rest & RELATED[card] & ~(U64(1) << U64(card)))


@njit(cache=True)
def live_partners(card, rest, dead):
    """How many partners of ``card`` in ``rest`` still have a connector that is not ``dead``
    (``bots.rummy.live_partners``)."""
    count = 0
    m = rest & RELATED[card] & ~(U64(1) << U64(card))
    while m != U64(0):
        p = lowest_bit(m)
        m &= m - U64(1)
        if CONNECT[card, p] & ~dead != U64(0):
            count += 1
    return count
