"""The compiled twin of :class:`cardlab.bots.femkamp.FemkampBot` (policy ``"heuristic"``).

Each function mirrors one part of the bot on bitmask hands (``card.index`` =
suit × 13 + rank − 2, so a suit's bits run 2 … A).  The test suite checks, on
many deals, that kernel and bot play the same games.
"""

from __future__ import annotations


import numpy as np

from ._numba import njit
from .bits import SUIT_OF, above, highest_bit, lowest_bit, popcount, suit_mask
from .cores import ace_low_position, rank_at_position
from .plump_heuristic import low_max, low_min
from .rng import U64

QUEEN_R = 10  # rank offset of the queen within a suit (2 = 0 … A = 12)


def kabal_tables() -> tuple[np.ndarray, np.ndarray]:
    """The kabal's places as tables the compiled loops index: each card's ace-low position, and the card
    at each (suit, position) (−1 at position 0), both read from the rule's core
    (:func:`cardlab.rules.femkamp_core.ace_low_position`, :func:`~cardlab.rules.femkamp_core.rank_at_position`).

    A table lookup in the play-outs' innermost loop is cheaper than the core's arithmetic (measured:
    the Femkamp search bot's kabal decisions were a quarter slower calling it there).

    >>> position, card = kabal_tables()
    >>> int(position[12]), int(position[5]), int(card[3, 1]), int(card[3, 7])     # A♣ → 1, 7♣ → 7; A♠, 7♠
    (1, 7, 51, 44)
    """
    position = np.array([ace_low_position(c % 13) for c in range(52)], np.int64)
    card = np.array([[13 * s + rank_at_position(p) if p else -1 for p in range(14)] for s in range(4)], np.int64)
    return position, card


#: each card's ace-low position in its kabal row, and the card at each (suit, position)
KABAL_POSITION, KABAL_CARD = kabal_tables()


@njit(cache=True, inline="always")
def bit(card):
    return U64(1) << U64(card)


@njit(cache=True, inline="always")
def below_in_suit(card):
    """The bits of ``card``'s suit strictly below it."""
    return suit_mask(SUIT_OF[card]) & ((U64(1) << U64(card)) - U64(1))


@njit(cache=True)
def max_by_rank_short_suit(mask, hand):
    """max by (rank, −length of suit in hand, suit index)."""
    best = -1
    best_key = -1
    rest = mask
    while rest != U64(0):
        c = lowest_bit(rest)
        rest &= rest - U64(1)
        s = SUIT_OF[c]
        key = (c - 13 * s) * 10000 + (20 - popcount(hand & suit_mask(s))) * 10 + s
        if key > best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def avoid_card(code, hand, legal, best_card, position, players, played, other_voids):
    """Pass (0), clubs (1) and queens (2) rounds.  ``played``: every card seen this round (table included)."""
    if position == 0:
        return lead_card(code, hand, legal, played, other_voids)
    led = SUIT_OF[best_card]
    if SUIT_OF[lowest_bit(legal)] == led and legal & suit_mask(led) == legal:
        losers = legal & below_in_suit(best_card)
        if losers != U64(0):
            queen = 13 * led + QUEEN_R
            if code == 2 and losers & bit(queen) != U64(0):
                return queen
            return highest_bit(losers)
        if popcount(legal) == 1:
            return lowest_bit(legal)
        if position == players - 1:
            safe = legal
            if code == 2:
                safe = legal & ~bit(13 * led + QUEEN_R)
                if safe == U64(0):
                    safe = legal
            return highest_bit(safe)
        return lowest_bit(legal)
    # void in the led suit: discard
    if code == 1:
        clubs = legal & suit_mask(0)
        if clubs != U64(0):
            return highest_bit(clubs)
    if code == 2:
        best = -1
        best_key = 1 << 30
        for s in range(4):
            q = 13 * s + QUEEN_R
            if legal & bit(q) != U64(0):
                key = popcount(hand & suit_mask(s)) * 10 + s
                if key < best_key:
                    best_key = key
                    best = q
        if best >= 0:
            return best
        guards = U64(0)
        for s in range(4):
            if played & bit(13 * s + QUEEN_R) == U64(0):
                guards |= legal & (bit(13 * s + 11) | bit(13 * s + 12))
        if guards != U64(0):
            return max_by_rank_short_suit(guards, hand)
    return max_by_rank_short_suit(legal, hand)


@njit(cache=True)
def short_suit_key(c, hand):
    """The bot's tie order among leads of one class: the shortest suit in ``hand``, then the lowest rank,
    then the suit (a smaller key is a better lead)."""
    s = SUIT_OF[c]
    return popcount(hand & suit_mask(s)) * 1000 + (c - 13 * s) * 10 + s


@njit(cache=True)
def lead_class(code, c, hand, played, other_voids):
    """The first part of the bot's key for leading ``c`` (a smaller class is a better lead).

    The queens round: the bot's ``danger`` (its ``_lead_queens``): 1 for a suit whose queen is gone
    (the bot's danger 0, as safe as 1) or a card below a queen held elsewhere, 2 below a queen in
    ``hand``, 3 below a queen held elsewhere when another seat has shown void in the suit
    (``other_voids``), 4 for the queen itself, 5 for a card above it.  The clubs round: 1 for a club,
    0 otherwise (a club only when nothing else is left).  The pass round: 0.
    """
    if code != 2:
        return 1 if code == 1 and SUIT_OF[c] == 0 else 0
    s = SUIT_OF[c]
    queen = 13 * s + QUEEN_R
    if played & bit(queen) != U64(0):
        return 1  # the queen is gone (the bot's danger 0): ranks with a card below a queen still out
    if c == queen:
        return 4
    if hand & bit(queen) != U64(0):
        return 2
    if c - 13 * s > QUEEN_R:
        return 5
    if (other_voids >> s) & 1:
        return 3
    return 1


@njit(cache=True)
def lead_card(code, hand, legal, played, other_voids):
    """The lead in the pass (0), clubs (1) and queens (2) rounds, the bot's ``_lead_short`` and
    ``_lead_queens``: the legal card of the best :func:`lead_class`, then of the shortest suit, its
    lowest card (:func:`short_suit_key`)."""
    best = -1
    best_key = 1 << 30
    rest = legal
    while rest != U64(0):
        c = lowest_bit(rest)
        rest &= rest - U64(1)
        key = lead_class(code, c, hand, played, other_voids) * 100000 + short_suit_key(c, hand)
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def grand_card(hand, legal, best_card, position, players, played):
    """The grand round: take tricks."""
    if position == 0:
        seen = played | hand
        masters = U64(0)
        rest = legal
        while rest != U64(0):
            c = lowest_bit(rest)
            rest &= rest - U64(1)
            if suit_mask(SUIT_OF[c]) & above(c) & ~seen == U64(0):
                masters |= bit(c)
        if masters != U64(0):
            return low_max(masters, -1)
        best = -1
        best_key = -1
        rest = legal
        while rest != U64(0):
            c = lowest_bit(rest)
            rest &= rest - U64(1)
            s = SUIT_OF[c]
            key = popcount(hand & suit_mask(s)) * 10000 + (12 - (c - 13 * s)) * 10 + s
            if key > best_key:
                best_key = key
                best = c
        return best
    led = SUIT_OF[best_card]
    if legal & suit_mask(led) == legal:
        winning = legal & above(best_card)
        if winning != U64(0):
            if position == players - 1:
                return lowest_bit(winning)
            return highest_bit(winning)
    return low_min(legal, -1)


@njit(cache=True)
def kabal_card(hand, legal, lows, highs):
    """The kabal round: the legal card with the best (score, closeness to 7, lower suit) key."""
    best = -1
    best_score = -(1 << 30)
    best_dist = 0
    best_suit = 0
    rest = legal
    while rest != U64(0):
        c = lowest_bit(rest)
        rest &= rest - U64(1)
        s = SUIT_OF[c]
        pos = KABAL_POSITION[c]
        mine = hand & suit_mask(s)
        low = lows[s]
        score = 0
        opened = False
        for d in range(2):
            step = -1 if d == 0 else 1
            if low != 0 and ((step == -1) != (pos < low)):
                continue
            nxt = pos + step
            if nxt < 1 or nxt > 13:
                continue
            opened = True
            beyond = 0
            p = nxt
            while 1 <= p <= 13:
                pc = KABAL_CARD[s, p]
                if mine & bit(pc) != U64(0):
                    beyond += 1
                p += step
            nc = KABAL_CARD[s, nxt]
            if mine & bit(nc) != U64(0):
                score += 2 + beyond
            elif beyond > 0:
                score += beyond - 2
            else:
                score -= 3
        if not opened:
            score = 1
        dist = abs(pos - 7)
        # key = (score, -dist, -suit); a later card replaces the best only when its key is greater
        if best < 0 or score > best_score or (score == best_score and (-dist > -best_dist or
                                                                      (dist == best_dist and -s > -best_suit))):
            best = c
            best_score = score
            best_dist = dist
            best_suit = s
    return best
