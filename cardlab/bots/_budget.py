"""How many imagined deals a search bot tries: a fixed number, or batches until a time budget is used.

>>> import numpy as np
>>> calls = []
>>> def batch(seed, worlds):
...     calls.append(worlds)
...     return np.ones(2) * worlds, worlds
>>> sums, worlds = run_budget(batch, np.random.default_rng(1), candidates=2, rollouts=100, samples=None, time_ms=None)
>>> worlds, sums.tolist(), calls
(50, [50.0, 50.0], [50])
"""

from __future__ import annotations

import time
from typing import Any, Callable

import numpy as np

#: the fewest and the most deals a decision with a play-out budget tries
MIN_WORLDS, MAX_WORLDS = 16, 2000
#: deals per batch when a time budget is given
BATCH = 8


def check_budget(rollouts: Any, samples: Any, time_ms: Any) -> None:
    """Refuse a budget that is not a positive whole number of play-outs/deals or a positive time."""
    if not isinstance(rollouts, int) or rollouts < 1:
        raise ValueError(f"rollouts must be a whole number of play-outs, at least 1; you gave {rollouts!r}.")
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise ValueError(f"samples must be a whole number of deals, at least 1; you gave {samples!r}.")
    if time_ms is not None and not (isinstance(time_ms, (int, float)) and time_ms > 0):
        raise ValueError(f"time_ms must be a positive number of milliseconds; you gave {time_ms!r}.")


def run_budget(batch: Callable[[int, int], tuple[Any, int]], rng: np.random.Generator, *, candidates: int,
               rollouts: int, samples: int | None, time_ms: float | None,
               min_worlds: int = MIN_WORLDS) -> tuple[Any, int]:
    """Call ``batch(seed, worlds)`` (returning per-candidate sums — an array, or a tuple of arrays —
    and a count) within the budget.

    Without ``time_ms``: one call with ``samples`` deals, or ``rollouts`` play-outs shared among the
    ``candidates`` (between ``min_worlds`` and :data:`MAX_WORLDS` deals).  With ``time_ms``: calls
    of :data:`BATCH` deals until the time is used (at least one).  Returns (summed sums, deals).
    """
    if time_ms is None:
        worlds = samples or min(MAX_WORLDS, max(min_worlds, rollouts // max(1, candidates)))
        sums, _ = batch(int(rng.integers(2**63)), worlds)
        return sums, worlds
    deadline = time.perf_counter() + time_ms / 1000.0
    total = None
    worlds = 0
    while True:
        sums, _ = batch(int(rng.integers(2**63)), BATCH)
        if total is None:
            total = sums
        elif isinstance(sums, tuple):
            total = tuple(t + s for t, s in zip(total, sums))
        else:
            total = total + sums
        worlds += BATCH
        if time.perf_counter() >= deadline:
            return total, worlds
