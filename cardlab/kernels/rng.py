"""The per-round random stream shared by the fast kernels and the reference engine.

Every simulated round stores one integer ``seed``.  From it a small
SplitMix64 stream draws, in this order: the shuffle of the deck (a
Fisher–Yates shuffle from the top card down), then every random choice of
the round in the order the moves are made.  The same stream exists twice:

* compiled with numba, inside the kernels (:func:`next_u64`, :func:`below`,
  :func:`shuffle_into`);
* in plain Python (:class:`Stream`), so the reference engine can replay a
  round: :class:`DeckRng` hands the shuffled order to
  :meth:`cardlab.games.plump.PlumpRound.deal` and :class:`StreamBot` makes
  the same random choices as the kernel.

>>> order = shuffled_order(7, 52)
>>> sorted(order) == list(range(52)), order == kernel_shuffled_order(7, 52, 51).tolist()
(True, True)
"""

from __future__ import annotations

import numpy as np

from ._numba import njit

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class Stream:
    """SplitMix64 in plain Python (the twin of the kernels' generator).

    >>> a, b = Stream(1), Stream(1)
    >>> [a.below(52) for _ in range(3)] == [b.below(52) for _ in range(3)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = int(seed) & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (Lemire's multiply-and-reject, exact); ``n = 1`` draws nothing."""
        if n == 1:
            return 0
        m = (self.next_u64() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = (self.next_u64() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def shuffle(self, n: int, top: int | None = None) -> list[int]:
        """The order of a shuffled ``n``-card deck (position → original index).

        A Fisher–Yates shuffle from the top: position ``i`` takes a uniform
        card of those not yet placed.  Only the first ``top`` positions are
        drawn (a round never looks deeper than the cards it deals and turns);
        the rest of the deck stays in its partly shuffled order.
        """
        order = list(range(n))
        steps = n - 1 if top is None else min(top, n - 1)
        for i in range(steps):
            j = i + self.below(n - i)
            order[i], order[j] = order[j], order[i]
        return order


def shuffled_order(seed: int, n: int = 52, top: int | None = None) -> list[int]:
    """The deck order a round with ``seed`` is dealt from (same in kernel and engine)."""
    return Stream(seed).shuffle(n, top)


class DeckRng(np.random.Generator):
    """A numpy Generator whose ``permutation`` is the shared shuffle drawn from a :class:`Stream`.

    Passing it as ``rng=`` to :meth:`cardlab.games.plump.PlumpRound.deal`
    (which shuffles with ``rng.permutation``) makes the reference engine
    deal exactly the cards the kernel deals for that seed.

    >>> DeckRng(Stream(3)).permutation(52)[:4].tolist() == shuffled_order(3)[:4]
    True
    """

    def __init__(self, stream: Stream, top: int | None = None) -> None:
        super().__init__(np.random.PCG64(0))
        self.stream = stream
        self.top = top

    def permutation(self, x):  # type: ignore[override]
        n = int(x) if np.isscalar(x) else len(x)
        order = np.asarray(self.stream.shuffle(n, self.top), dtype=np.int64)
        return order if np.isscalar(x) else np.asarray(x)[order]


class StreamBot:
    """Random play that draws from a round's :class:`Stream` exactly like the kernel.

    Choices are uniform among ``view.legal_actions`` (ascending bids; cards
    in hand order, i.e. ascending card index), so a replayed round repeats
    the kernel's random moves move for move.
    """

    name = "random"

    def __init__(self, stream: Stream) -> None:
        self.stream = stream

    def choose(self, view):
        options = view.legal_actions
        return options[self.stream.below(len(options))]


# ----------------------------------------------------------------- compiled twin
U64 = np.uint64


@njit(cache=True, inline="always")
def next_u64(state):
    """One SplitMix64 step: returns (new state, output)."""
    state = state + U64(0x9E3779B97F4A7C15)
    z = state
    z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return state, z ^ (z >> U64(31))


@njit(cache=True, inline="always")
def below(state, n):
    """(new state, uniform integer in 0..n-1); the twin of :meth:`Stream.below`."""
    if n == 1:
        return state, np.int64(0)
    nn = U64(n)
    state, x = next_u64(state)
    m = (x >> U64(32)) * nn
    low = m & U64(0xFFFFFFFF)
    if low < nn:
        threshold = (U64(0x100000000) - nn) % nn
        while low < threshold:
            state, x = next_u64(state)
            m = (x >> U64(32)) * nn
            low = m & U64(0xFFFFFFFF)
    return state, np.int64(m >> U64(32))


@njit(cache=True, inline="always")
def fill_ahead(state, ahead, count):
    """Draw the next ``count`` outputs of the stream at once: ``ahead[k]`` = the high 32 bits of output ``k + 1``.

    SplitMix64's ``k``-th output depends only on ``state + k × golden``, so a whole round's worth of
    outputs can be made in one loop the compiler vectorises, before anyone knows which of them the
    round will use.  :func:`take_ahead` then spends them one draw at a time (only the high half of
    an output ever matters to :func:`below`).

    >>> import numpy as np
    >>> ahead = np.zeros(3, np.uint32)
    >>> fill_ahead(np.uint64(7), ahead, 3)
    >>> s = Stream(7); ahead.tolist() == [s.next_u64() >> 32 for _ in range(3)]
    True
    """
    z = state
    for k in range(count):
        z += U64(0x9E3779B97F4A7C15)
        w = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
        w = (w ^ (w >> U64(27))) * U64(0x94D049BB133111EB)
        ahead[k] = np.uint32((w ^ (w >> U64(31))) >> U64(32))


@njit(cache=True, inline="always")
def take_ahead(ahead, used, n):
    """:func:`below` from outputs made by :func:`fill_ahead`: (outputs used, uniform pick in 0..n-1, doubt).

    ``used`` counts the outputs spent so far; ``n = 1`` spends none, as in :func:`below`.  The pick
    is :func:`below`'s whenever that draw is accepted at once.  ``doubt`` is True when it might
    not be (the low half of the product is below ``n``, a superset of Lemire's rejections, about
    once in 10⁸ draws): a caller then plays the round again with :func:`below`, so every result
    stays exact.  There is no jump on ``n`` here, so a random ``n`` costs no misprediction.

    >>> import numpy as np
    >>> ahead = np.zeros(4, np.uint32); fill_ahead(np.uint64(9), ahead, 4)
    >>> used, pick, doubt = take_ahead(ahead, 0, 52)
    >>> (pick, used, doubt) == (below(np.uint64(9), 52)[1], 1, False)
    True
    """
    nn = U64(n)
    m = U64(ahead[used]) * nn
    return used + (1 if n != 1 else 0), np.int64(m >> U64(32)), (m & U64(0xFFFFFFFF)) < nn


@njit(cache=True)
def swap_into(order, i, j):
    """Swap ``order[i]`` and ``order[j]``; returns the entry now at ``i`` (one place of a Fisher–Yates
    shuffle, its pick ``j`` already drawn).

    >>> import numpy as np
    >>> order = np.arange(4)
    >>> swap_into(order, 0, 2), order.tolist()
    (2, [2, 1, 0, 3])
    """
    entry = order[j]
    order[j] = order[i]
    order[i] = entry
    return entry


@njit(cache=True)
def shuffle_step(state, order, i, n):
    """One step of a Fisher–Yates shuffle from the top: position ``i`` of ``order[:n]`` takes an entry
    drawn uniformly from ``order[i:n]`` (:func:`swap_into`); returns (new state, the entry now at ``i``).

    Every shuffle of the stream is made of these steps, ``i = 0, 1, …`` in order, so the kernels and
    :meth:`Stream.shuffle` draw the same numbers.

    >>> import numpy as np
    >>> order = np.arange(5)
    >>> _, first = shuffle_step(np.uint64(7), order, 0, 5)
    >>> first == Stream(7).shuffle(5, 1)[0], sorted(order.tolist()) == list(range(5))
    (True, True)
    """
    state, j = below(state, n - i)
    return state, swap_into(order, i, i + j)


@njit(cache=True, inline="always")
def shuffle_into(state, order, top):
    """Fisher–Yates shuffle of the first ``top`` positions of ``order`` (filled with 0..n-1 first); returns the new state."""
    n = order.shape[0]
    for i in range(n):
        order[i] = i
    steps = min(top, n - 1)
    for i in range(steps):
        state, _ = shuffle_step(state, order, i, n)
    return state


@njit(cache=True)
def kernel_shuffled_order(seed, n, top):
    """:func:`shuffled_order` computed by the compiled twin (for tests)."""
    order = np.empty(n, np.int64)
    shuffle_into(U64(seed), order, top)
    return order
