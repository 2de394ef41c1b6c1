"""Seeds for simulations: independent chunk streams, one stored seed per round or game.

The master ``rng`` becomes a :class:`numpy.random.SeedSequence`; it spawns
one child per chunk of :data:`CHUNK` rounds, and each child draws the 63-bit
seeds of its rounds.  The seeds therefore depend only on ``rng`` and the
round's number, never on how the work is split between processes.

>>> a = round_seeds(1, 10); b = round_seeds(1, 100)[:10]
>>> bool((a == b).all()), a.dtype.name
(True, 'int64')
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

CHUNK = 65_536


def master_sequence(rng=None) -> np.random.SeedSequence:
    """The SeedSequence behind ``rng`` (a seed, a SeedSequence, a Generator or None)."""
    if isinstance(rng, np.random.SeedSequence):
        return rng
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(int(rng.integers(0, 2**63 - 1)))
    if isinstance(rng, bool):
        raise TypeError("rng must be a seed (int), a numpy Generator, a SeedSequence or None, not a bool")
    return np.random.SeedSequence(rng)


def chunk_sequences(rng, n_chunks: int) -> list[np.random.SeedSequence]:
    """One child SeedSequence per chunk (``spawn`` keeps the streams independent)."""
    return master_sequence(rng).spawn(n_chunks)


def chunk_seeds(sequence: np.random.SeedSequence, size: int) -> np.ndarray:
    """The round seeds of one chunk (non-negative int64)."""
    return np.random.default_rng(sequence).integers(0, 2**63 - 1, size=size, dtype=np.int64)


def iter_chunks(rng, total: int, chunk: int = CHUNK) -> Iterator[tuple[int, np.ndarray]]:
    """``(first round number, seeds)`` for each chunk of ``total`` rounds."""
    n_chunks = max(1, -(-total // chunk))
    children = chunk_sequences(rng, n_chunks)
    for c, child in enumerate(children):
        start = c * chunk
        size = min(chunk, total - start)
        if size <= 0:
            break
        yield start, chunk_seeds(child, size)


def round_seeds(rng, total: int, chunk: int = CHUNK) -> np.ndarray:
    """All round seeds of a run of ``total`` rounds, in order."""
    parts = [seeds for _, seeds in iter_chunks(rng, total, chunk)]
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)
