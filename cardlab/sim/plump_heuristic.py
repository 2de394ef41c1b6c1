"""The compiled twin of :class:`cardlab.bots.plump.PlumpBot` (policy ``"heuristic"``).

Each function mirrors one step of the bot's docstring on bitmask hands; the
test suite checks, on thousands of deals, that kernel and bot make the same
bids and play the same cards.  Card orders used by the bot:

* "low" order: rank, then trump-ness, then suit (♣ < ♦ < ♥ < ♠);
* "win" order: trump-ness, then rank, then suit.
"""

from __future__ import annotations

from ._numba import njit
from .bits import SUIT_OF, above, highest_bit, lowest_bit, popcount, suit_mask
from .cores import beats
from .rng import U64


@njit(cache=True, inline="always")
def has(mask, card):
    return (mask >> U64(card)) & U64(1) != U64(0)


@njit(cache=True)
def low_min(mask, trump):
    """The lowest card of ``mask`` in "low" order."""
    for r in range(13):
        for s in range(4):
            if s != trump and has(mask, 13 * s + r):
                return 13 * s + r
        if trump >= 0 and has(mask, 13 * trump + r):
            return 13 * trump + r
    return -1


@njit(cache=True)
def low_max(mask, trump):
    """The highest card of ``mask`` in "low" order."""
    for r in range(12, -1, -1):
        if trump >= 0 and has(mask, 13 * trump + r):
            return 13 * trump + r
        for s in range(3, -1, -1):
            if s != trump and has(mask, 13 * s + r):
                return 13 * s + r
    return -1


@njit(cache=True)
def win_min(mask, trump):
    """The lowest card of ``mask`` in "win" order."""
    side = mask
    if trump >= 0:
        side = mask & ~suit_mask(trump)
    if side != U64(0):
        return low_min(side, -1)
    return lowest_bit(mask)


@njit(cache=True)
def win_max(mask, trump):
    """The highest card of ``mask`` in "win" order."""
    if trump >= 0:
        trumps = mask & suit_mask(trump)
        if trumps != U64(0):
            return highest_bit(trumps)
    return low_max(mask, -1)


@njit(cache=True)
def half_tricks(hand, trump, players, hand_size):
    """:meth:`PlumpBot.half_tricks` on a bitmask hand."""
    halves = 0
    for s in range(4):
        n = popcount(hand & suit_mask(s))
        if n == 0:
            continue
        ace = has(hand, 13 * s + 12)
        king = has(hand, 13 * s + 11)
        queen = has(hand, 13 * s + 10)
        if s == trump:
            if ace:
                halves += 2
            if king:
                halves += 2 if n >= 2 else 1
            if queen:
                halves += 2 if n >= 3 else (1 if n >= 2 else 0)
            if n >= 3:
                halves += n - (1 if ace else 0) - (1 if king else 0) - (1 if queen else 0)
        else:
            if ace:
                halves += 2 if n <= 4 else 1
            if king and n >= 2:
                halves += 2 if (n <= 4 and players <= 4) else 1
            if queen and n >= 3 and hand_size >= 7:
                halves += 1
    if trump >= 0:
        spare = popcount(hand & suit_mask(trump)) - 1
        for s in range(4):
            if s != trump and spare > 0 and hand & suit_mask(s) == U64(0):
                halves += 1
                spare -= 1
    return halves


@njit(cache=True)
def heuristic_bid(hand, hand_size, trump, players, forbidden):
    """The bot's bid: half-tricks // 2, capped; one up (or else one down) if the hook forbids it."""
    bid = min(hand_size, half_tricks(hand, trump, players, hand_size) // 2)
    if bid != forbidden:
        return bid
    if bid + 1 <= hand_size:
        return bid + 1
    return bid - 1


@njit(cache=True)
def heuristic_card(hand, legal, best_card, trump, players, tricks_left, position, need, played):
    """The bot's card.  ``position`` is 0 when leading; ``played`` holds the cards of finished tricks."""
    if position == 0:
        side = legal
        if trump >= 0 and legal & ~suit_mask(trump) != U64(0):
            side = legal & ~suit_mask(trump)
        if need > 0:
            if need >= tricks_left:
                if trump >= 0 and legal & suit_mask(trump) != U64(0):
                    return low_max(legal & suit_mask(trump), trump)
                return low_max(legal, trump)
            seen = played | hand
            masters = U64(0)
            rest = legal
            while rest != U64(0):
                c = lowest_bit(rest)
                rest &= rest - U64(1)
                higher = suit_mask(SUIT_OF[c]) & above(c)
                if higher & ~seen == U64(0):
                    masters |= U64(1) << U64(c)
            if masters != U64(0):
                return low_max(masters, trump)
            return low_min(side, trump)
        return low_min(side, trump)
    # following: the cards that would beat the trick's best card
    winners = U64(0)
    rest = legal
    while rest != U64(0):
        c = lowest_bit(rest)
        rest &= rest - U64(1)
        if beats(c, best_card, trump):
            winners |= U64(1) << U64(c)
    losers = legal & ~winners
    last = position == players - 1
    if need > 0:
        if winners != U64(0):
            if last:
                return win_min(winners, trump)
            return win_max(winners, trump)
        return low_min(legal, trump)
    if losers != U64(0):
        return low_max(losers, trump)
    if last:
        return low_max(legal, trump)
    return low_min(legal, trump)
