"""One place where randomness enters cardlab.

Every random function takes a keyword-only ``rng``: a seed (int), a
``numpy.random.Generator``, a ``numpy.random.SeedSequence`` or ``None``
(fresh entropy).  It is normalised once with :func:`normalize_rng`.

>>> g = normalize_rng(7)
>>> int(g.integers(100)) == int(normalize_rng(7).integers(100))
True
"""

from __future__ import annotations

import numpy as np


def normalize_rng(rng=None) -> np.random.Generator:
    """Return a ``numpy.random.Generator`` for ``rng`` (SPEC 7 style)."""
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, bool):
        raise TypeError("rng must be a seed (int), a numpy Generator, a SeedSequence or None, not a bool")
    return np.random.default_rng(rng)


def derive_seed(rng=None) -> int:
    """Draw a fresh 63-bit integer seed from ``rng`` (so a game can store it and be replayed).

    >>> derive_seed(1) == derive_seed(1)
    True
    """
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        return int(rng)
    return int(normalize_rng(rng).integers(0, 2**63 - 1))


def child_rng(seed: int, *keys: int) -> np.random.Generator:
    """A reproducible stream for one part of a seeded game, e.g. ``child_rng(seed, round_no)``.

    >>> a = child_rng(5, 2).integers(1000); b = child_rng(5, 2).integers(1000)
    >>> int(a) == int(b)
    True
    """
    return np.random.default_rng(np.random.SeedSequence([int(seed), *map(int, keys)]))
