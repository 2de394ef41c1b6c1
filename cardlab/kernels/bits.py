"""Bit tricks for hands stored as ``uint64`` masks (bit ``card.index`` set for each card held).

>>> import numpy as np
>>> hand = np.uint64((1 << 0) | (1 << 12) | (1 << 51))   # 2♣, A♣, A♠
>>> int(popcount(hand)), int(lowest_bit(hand)), int(highest_bit(hand)), int(nth_bit(hand, 1))
(3, 0, 51, 12)

Two helpers exist only for speed: :func:`nth_bit` uses the processor's ``pdep`` instruction where
that instruction is fast (:data:`FAST_PDEP`; a loop elsewhere, with the same answers), and
:func:`barrier` keeps a random condition a value, so that a choice made by it compiles without a
jump:

>>> from numba import njit
>>> @njit
... def larger(a, b):
...     a_wins = barrier(a > b)
...     return a if a_wins else b
>>> larger(3, 5), larger(7, 2)
(5, 7)
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
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


@njit(cache=True)
def set_bits_into(mask, out):
    """Write the indexes of the set bits of ``mask``, lowest first, into ``out``; returns how many.

    >>> import numpy as np
    >>> out = np.zeros(64, np.int64)
    >>> n = set_bits_into(np.uint64(0b101001), out)
    >>> out[:n].tolist()
    [0, 3, 5]
    """
    n = 0
    rest = mask
    while rest != U64(0):
        out[n] = lowest_bit(rest)
        n += 1
        rest &= rest - U64(1)
    return n


@njit(cache=True)
def value_range(mask, values):
    """The least and the greatest of ``values[c]`` over the set bits ``c`` of a non-zero ``mask``.

    >>> import numpy as np
    >>> value_range(np.uint64(0b10110), np.array([9, 4, 7, 9, 2]))
    (2, 7)
    """
    low = values[lowest_bit(mask)]
    high = low
    rest = mask
    while rest != U64(0):
        v = values[lowest_bit(rest)]
        rest &= rest - U64(1)
        if v < low:
            low = v
        if v > high:
            high = v
    return low, high


@njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits (one machine instruction)."""
    return np.int64(_ctpop(x))


def _pdep_is_fast() -> bool:
    """Does numba compile for a processor with a fast ``pdep`` (BMI2)?

    Intel has it since Haswell, AMD since Zen 3; AMD's earlier BMI2 processors run it in microcode
    (hundreds of cycles), so there the loop is faster.  A target set through ``NUMBA_CPU_NAME`` or
    ``NUMBA_CPU_FEATURES`` (for example a portable cache) gets the loop, which runs everywhere.
    """
    from numba.core import config

    if config.CPU_NAME or config.CPU_FEATURES:
        return False
    try:
        import llvmlite.binding as llvm

        name = llvm.get_host_cpu_name()
        features = llvm.get_host_cpu_features()
    except Exception:  # pragma: no cover - an llvmlite without host queries
        return False
    return bool(features.get("bmi2", False)) and not name.startswith(("znver1", "znver2", "bdver", "btver"))


#: True when :func:`nth_bit` compiles to ``pdep`` + ``tzcnt``; else it clears the lowest bit ``k`` times
FAST_PDEP = _pdep_is_fast()


@intrinsic
def _pdep(typingctx, source, mask):
    """x86 BMI2 ``pdep``: the low bits of ``source`` deposited, in order, at the set bits of ``mask``."""
    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return types.uint64(types.uint64, types.uint64), codegen


@njit(cache=True, inline="always")
def nth_bit_loop(mask, k):
    """:func:`nth_bit` on any processor: clear the lowest set bit ``k`` times, then take the lowest."""
    for _ in range(k):
        mask &= mask - U64(1)
    return lowest_bit(mask)


if FAST_PDEP:
    @njit(cache=True, inline="always")
    def nth_bit(mask, k):
        """Index of the ``k``-th (0-based, from the lowest) set bit of ``mask`` (``k`` < its popcount).

        Here ``pdep`` puts a single bit at the ``k``-th set bit of ``mask`` (3 cycles); without it
        (:data:`FAST_PDEP` false) the loop of :func:`nth_bit_loop`, whose exit a processor mispredicts
        at almost every card, gives the same answers.
        """
        return lowest_bit(_pdep(U64(1) << U64(k), mask))
else:
    nth_bit = nth_bit_loop


@intrinsic
def barrier(typingctx, x):
    """``x`` unchanged, through an empty inline-assembly statement the optimiser cannot see into.

    LLVM likes to compile ``a if cond else b`` as a jump when ``cond`` comes from comparisons. When
    the condition is a coin toss (does the card just played beat the best one so far?) the
    processor mispredicts that jump about every second time, some 15 cycles each. Passed through
    ``barrier``, the condition has to exist as a value, and the choice compiles to conditional
    moves: ``wins = barrier(beats(card, best, trump))``; ``best = card if wins else best``.
    """
    if not isinstance(x, (types.Boolean, types.Integer)):
        return None

    def codegen(context, builder, signature, args):
        value = args[0]
        kind = value.type
        held = ir.IntType(8) if kind.width < 8 else kind  # a bool (i1) travels as a byte on every target
        if held is not kind:
            value = builder.zext(value, held)
        value = builder.call(ir.InlineAsm(ir.FunctionType(held, [held]), "", "=r,0"), [value])
        return builder.trunc(value, kind) if held is not kind else value

    return x(x), codegen


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
