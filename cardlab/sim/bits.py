"""Bit tricks for hands stored as ``uint64`` masks (bit ``card.index`` set for each card held).

>>> import numpy as np
>>> hand = np.uint64((1 << 0) | (1 << 12) | (1 << 51))   # 2♣, A♣, A♠
>>> int(popcount(hand)), int(lowest_bit(hand)), int(highest_bit(hand)), int(nth_bit(hand, 1))
(3, 0, 51, 12)
"""

from __future__ import annotations

import numpy as np
from numba import types
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import intrinsic

from ._numba import njit
from .cores import beats, legal_follow
from .rng import U64

SUIT_OF = (np.arange(64) // 13).astype(np.int64)


@intrinsic
def _ctpop(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@njit(cache=True, inline="always")
def lowest_bit(mask):
    """Index of the lowest set bit of a non-zero ``uint64``."""
    return np.int64(trailing_zeros(mask))


@njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits (one machine instruction)."""
    return np.int64(_ctpop(x))


@njit(cache=True, inline="always")
def nth_bit(mask, k):
    """Index of the ``k``-th (0-based, from the lowest) set bit of ``mask``."""
    for _ in range(k):
        mask &= mask - U64(1)
    return lowest_bit(mask)


@njit(cache=True, inline="always")
def suit_mask(suit):
    return U64(0x1FFF) << U64(13 * suit)


#: the follow-suit rule and the trick rule live once, in :mod:`cardlab.rules.trick_core`;
#: these are the same functions under the names the kernels have always used
legal_mask = legal_follow


@njit(cache=True, inline="always")
def highest_bit(mask):
    """Index of the highest set bit of a non-zero ``uint64``."""
    return np.int64(63 - np.int64(leading_zeros(mask)))


@njit(cache=True, inline="always")
def above(card):
    """The bits strictly above ``card`` (higher ranks of its suit and every later suit)."""
    return ~((U64(2) << U64(card)) - U64(1))
