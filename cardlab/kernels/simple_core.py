"""SimpleBot's policy on bitmask hands, written once for the bot, the kernel and the exact counts.

The lowest-card policy (:class:`cardlab.bots.simple.SimpleBot`) is a yardstick, not a rule, so
it lives beside the simulations rather than in :mod:`cardlab.rules`; like the rule cores these
are plain Python functions that numba compiles unchanged (:mod:`cardlab.kernels.cores` registers
them), so :class:`~cardlab.bots.simple.SimpleBot`, the ``simple`` policy of
:mod:`cardlab.kernels.plump_kernel` and :func:`cardlab.sim.exact_simple.play_lowest` make the same
choice from the same lines.  Cards are indexes ``suit × 13 + rank − 2`` (A♠ = 51), hands and
legal cards bitmasks, trump 0..3 or −1.

>>> hand = (1 << 51) | (1 << 49) | (1 << 0)      # A♠ Q♠ 2♣
>>> simple_bid(hand, 3, 3), simple_bid(hand, 3, -1), simple_card(hand)
(2, 1, 0)
>>> dodge_hook(2, 2), dodge_hook(0, 0), dodge_hook(1, 2)
(1, 1, 1)
"""

from __future__ import annotations

import numpy as np

U64 = np.uint64

__all__ = ["simple_honours", "simple_bid", "simple_card", "dodge_hook"]


def simple_honours(hand, trump):
    """How many cards of ``hand`` SimpleBot counts as a trick: its aces, and the king and queen of trump.

    >>> simple_honours((1 << 12) | (1 << 11) | (1 << 10), 0), simple_honours((1 << 12) | (1 << 11), -1)
    (3, 1)
    """
    count = 0
    for suit in range(4):
        if hand & (U64(1) << U64(13 * suit + 12)) != U64(0):
            count += 1
    if trump >= 0:
        if hand & (U64(1) << U64(13 * trump + 11)) != U64(0):
            count += 1
        if hand & (U64(1) << U64(13 * trump + 10)) != U64(0):
            count += 1
    return count


def simple_bid(hand, hand_size, trump):
    """SimpleBot's wanted bid (before the hook): :func:`simple_honours`, at most the hand size."""
    return min(simple_honours(hand, trump), hand_size)


def simple_card(legal):
    """SimpleBot's card: the legal card of lowest rank, clubs before diamonds before hearts before spades
    on equal rank (−1 when ``legal`` is empty).

    >>> simple_card((1 << 40) | (1 << 27)), simple_card((1 << 13) | (1 << 26))    # 3♠ vs 3♥; 2♦ vs 2♥
    (27, 13)
    """
    for rank in range(13):
        for suit in range(4):
            card = 13 * suit + rank
            if legal & (U64(1) << U64(card)) != U64(0):
                return card
    return -1


def dodge_hook(bid, forbidden):
    """The bid SimpleBot makes when the hook forbids ``forbidden`` (−1: nothing forbidden): one less,
    or one more when the wanted bid was 0.

    >>> dodge_hook(3, -1), dodge_hook(3, 3), dodge_hook(0, 0)
    (3, 2, 1)
    """
    if bid != forbidden:
        return bid
    return bid - 1 if bid > 0 else bid + 1
