"""The compiled twin of :class:`cardlab.bots.plump.PlumpBot` (policy ``"heuristic"``).

Each function mirrors one step of the bot's docstring on bitmask hands; the
test suite checks, on thousands of deals, that kernel and bot make the same
bids and play the same cards.  Card orders used by the bot:

* "low" order: rank, then trump-ness, then suit (♣ < ♦ < ♥ < ♠);
* "win" order: trump-ness, then rank, then suit.

Bids come from the shipped table of :mod:`cardlab.kernels.plump_bid_table` (read at import, frozen into
the compiled code); :func:`calibrated_bid` takes a table as an argument, for the tool that builds it.

>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> ks = parse_cards("KS")[0].index
>>> hand = mask("KS 2H")
>>> # with A♠ turned up, K♠ is the top trump: a master to lead when a trick is needed
>>> heuristic_card(hand, hand, -1, 3, 4, 2, 0, 1, np.uint64(0), parse_cards("AS")[0].index) == ks
True
>>> heuristic_card(hand, hand, -1, 3, 4, 2, 0, 1, np.uint64(0)) == ks   # A♠ unknown: lead low instead
False
"""

from __future__ import annotations

import numpy as np

from ._numba import njit
from .bits import SUIT_OF, above, highest_bit, lowest_bit, popcount, suit_mask
from .cores import beats
from .plump_bid_table import FEATURES, bid_weights
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



#: the shipped bidding table (see :mod:`cardlab.kernels.plump_bid_table`); numba freezes it into the
#: compiled code, so ``python -m cardlab.sim.plump_calibrate`` clears the kernel cache after writing it
BID_WEIGHTS = bid_weights()
N_FEATURES = len(FEATURES)


@njit(cache=True)
def bid_features(hand, trump, trump_card, out):
    """Fill ``out`` with the hand's holding features (:data:`cardlab.kernels.plump_bid_table.FEATURES`).

    A card's class is how many higher cards of its suit are *out*: not in ``hand`` and not the
    turned-up ``trump_card`` (-1 when none is turned).
    """
    for i in range(N_FEATURES):
        out[i] = 0
    seen = hand
    if trump_card >= 0:
        seen |= U64(1) << U64(trump_card)
    n_trump = 0
    if trump >= 0:
        n_trump = popcount(hand & suit_mask(trump))
    voids = 0
    singles = 0
    for s in range(4):
        n = popcount(hand & suit_mask(s))
        if s != trump:
            if n == 0:
                voids += 1
            elif n == 1:
                singles += 1
            out[11] += max(0, n - 3)
        out_above = 0
        for r in range(12, -1, -1):
            c = 13 * s + r
            if has(hand, c):
                if s == trump:
                    out[min(out_above, 3)] += 1
                elif out_above == 0:
                    out[5 if n <= 3 else 6] += 1
                elif out_above == 1:
                    out[7 if n >= 2 else 8] += 1
                elif out_above == 2 and n >= 3:
                    out[9] += 1
                elif r >= 8:
                    out[10] += 1
            elif not has(seen, c):
                out_above += 1
    if trump >= 0:
        out[4] = max(0, n_trump - 2)
        out[12] = min(voids, n_trump)
        out[13] = min(singles, max(0, n_trump - voids))
    out[14] = 1


@njit(cache=True)
def expected_tricks(hand, hand_size, trump, players, seat, trump_card, weights):
    """The table's expected tricks for ``hand``, in hundredths (``seat`` -1: any seat)."""
    feats = np.zeros(N_FEATURES, np.int64)
    bid_features(hand, trump, trump_card, feats)
    row = seat if 0 <= seat < 7 else 7
    kind = 1 if trump >= 0 else 0
    total = 0
    for i in range(N_FEATURES):
        total += feats[i] * weights[players, hand_size, row, kind, i]
    return total


@njit(cache=True)
def bid_from(expected, hand_size, forbidden, sure=0):
    """The bid for ``expected`` hundredths of a trick: rounded, kept in 0..hand_size; past the hook
    to the side the expectation leans to (one up when at or above the forbidden bid, else one down,
    but not below ``sure`` tricks when one up is allowed)."""
    bid = (expected + 50) // 100
    bid = max(0, min(hand_size, bid))
    if bid != forbidden:
        return bid
    if (expected >= 100 * bid and bid + 1 <= hand_size) or bid == 0:
        return bid + 1
    if bid - 1 < sure and bid + 1 <= hand_size:
        return bid + 1
    return bid - 1


@njit(cache=True)
def sure_trumps(hand, trump, seen):
    """The trumps of ``hand`` that win whatever trick they are played to: no higher trump outside
    ``seen`` (the cards this seat has seen: its hand, the cards played, the turned-up card)."""
    out = U64(0)
    if trump < 0:
        return out
    rest = hand & suit_mask(trump)
    while rest != U64(0):
        c = lowest_bit(rest)
        rest &= rest - U64(1)
        if suit_mask(trump) & above(c) & ~seen == U64(0):
            out |= U64(1) << U64(c)
    return out


@njit(cache=True)
def calibrated_bid(hand, hand_size, trump, players, forbidden, seat, trump_card, weights, count_sure=True):
    """:func:`heuristic_bid` with the weights table given (the calibration tool tries new tables)."""
    sure = 0
    if count_sure:
        seen = hand
        if trump_card >= 0:
            seen |= U64(1) << U64(trump_card)
        sure = popcount(sure_trumps(hand, trump, seen))
    return bid_from(expected_tricks(hand, hand_size, trump, players, seat, trump_card, weights), hand_size, forbidden,
                    sure)


@njit(cache=True)
def half_tricks(hand, trump, players, hand_size):
    """The bot's estimate of the hand in half-tricks (any seat, no turned-up card known): the table's
    expected tricks × 2, rounded.  Kept for callers that want a quick strength figure."""
    e = expected_tricks(hand, hand_size, trump, players, -1, -1, BID_WEIGHTS)
    return max(0, (2 * e + 50) // 100)


@njit(cache=True)
def heuristic_bid(hand, hand_size, trump, players, forbidden, seat=-1, trump_card=-1, count_sure=True):
    """The bot's bid: the shipped table's expected tricks, rounded; past the hook to the side it leans to,
    never below the sure trumps (trumps from the top down) when one up is allowed.

    ``seat`` counts from the dealer's left (the bidding order; -1 when unknown: the pooled row);
    ``trump_card`` is the turned-up card (-1 when none or unknown).  ``count_sure=False``: the bid
    as it was before the sure trumps counted (kept by the search's model bidder, whose strength was
    measured with it, and by the bidding table's calibration).
    """
    return calibrated_bid(hand, hand_size, trump, players, forbidden, seat, trump_card, BID_WEIGHTS, count_sure)


@njit(cache=True)
def heuristic_card(hand, legal, best_card, trump, players, tricks_left, position, need, played, trump_card=-1,
                   count_sure=True):
    """The bot's card.  ``position`` is 0 when leading; ``played`` holds the cards played so far (the
    trick on the table too); ``trump_card`` is the turned-up card (-1 when none or unknown), which
    counts as seen.  ``count_sure=False``: the play before the sure-trump rule (kept by the search's
    play-outs and the bidding table's calibration, which were measured with it)."""
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
            if trump_card >= 0:
                seen |= U64(1) << U64(trump_card)
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
        if count_sure and trump >= 0:
            seen = played | hand
            if trump_card >= 0:
                seen |= U64(1) << U64(trump_card)
            sure = sure_trumps(hand, trump, seen)
            spare = losers & ~sure
            if popcount(sure) >= need and spare != U64(0):
                return win_max(spare, trump)  # the sure trumps will take what is still needed: let this go
        if winners != U64(0):
            if last:
                return win_min(winners, trump)
            if trump >= 0 and SUIT_OF[best_card] != trump and winners & ~suit_mask(trump) == U64(0):
                return win_min(winners, trump)  # void in the led suit, nobody has trumped: ruff low
            return win_max(winners, trump)
        return low_min(legal, trump)
    if losers != U64(0):
        return win_max(losers, trump)
    if last:
        return low_max(legal, trump)
    return low_min(legal, trump)
