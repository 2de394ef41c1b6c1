"""The one run driver: seeds → chunks → threads → progress bar, for every simulation of cardlab.

Every simulation (``simulate_plump``, ``simulate_femkamp``, ``simulate_rummy``, ``compare_rules``
and the recipes of the shipped tables) is the same loop: the master ``rng`` is cut into chunks of
seeds (:func:`cardlab.sim.seeds.iter_chunks`), a compiled batch plays each chunk, and the results
come back in order while a progress bar counts.  :func:`run_chunks` is that loop, written once.
The reference engine plays one game at a time in Python, so :func:`run_each` walks the same chunks
seed by seed and its bar counts games, not chunks.

A chunk's result depends only on its seeds, so the output is the same whatever the number of
threads (the kernels release the GIL); at most two chunks per thread are in flight, so a long run
holds little memory.

>>> sizes = [(start, len(seeds)) for start, seeds, _ in run_chunks(lambda start, seeds: None, 5, rng=1, chunk=2)]
>>> sizes
[(0, 2), (2, 2), (4, 1)]
>>> same = [list(s) for _, s, _ in run_chunks(lambda a, b: None, 5, rng=1, chunk=2, threads=3)]
>>> same == [list(s) for _, s, _ in run_chunks(lambda a, b: None, 5, rng=1, chunk=2)]
True
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterator

import numpy as np

from .seeds import CHUNK, iter_chunks
from .threads import default_threads

#: the chunk size of Femkamp's and Rummy's runs and of ``compare_rules``: they were first written
#: with chunks of 16,384, and their seeds (so every figure and table made from them) depend on it
SMALL_CHUNK = 16_384


def show_progress(progress: "bool | None", total: int, above: int) -> bool:
    """Whether to show a bar: as asked, or (``progress=None``) when the run has more than ``above`` items.

    >>> show_progress(None, 10, 100), show_progress(None, 1000, 100), show_progress(True, 1, 100)
    (False, True, True)
    """
    return bool(progress) if progress is not None else total > above


def run_chunks(work: Callable[[int, np.ndarray], Any], total: int, *, rng=None, chunk: int = CHUNK,
               threads: "int | None" = 1, progress: bool = False, unit: str = "round",
               ) -> Iterator[tuple[int, np.ndarray, Any]]:
    """Yield ``(start, seeds, work(start, seeds))`` for each chunk of ``total`` items, in order.

    ``threads`` threads run the chunks (``None``: :func:`~cardlab.sim.threads.default_threads`;
    1: one after another in this thread, as the reference engine needs); ``progress`` shows a
    ``tqdm`` bar counting ``unit``.
    """
    from tqdm.auto import tqdm

    threads = default_threads() if threads is None else max(1, int(threads))
    chunks = iter_chunks(rng, total, chunk)
    bar = tqdm(total=total, unit=unit, disable=not progress, leave=False)
    try:
        if threads == 1 or total <= chunk:
            for start, seeds in chunks:
                result = work(start, seeds)
                bar.update(len(seeds))
                yield start, seeds, result
            return
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(threads) as pool:
            pending: deque = deque()
            for start, seeds in chunks:
                pending.append((start, seeds, pool.submit(work, start, seeds)))
                if len(pending) >= 2 * threads:
                    start0, seeds0, future = pending.popleft()
                    bar.update(len(seeds0))
                    yield start0, seeds0, future.result()
            while pending:
                start0, seeds0, future = pending.popleft()
                bar.update(len(seeds0))
                yield start0, seeds0, future.result()
    finally:
        bar.close()


def run_each(work: Callable[[int, int], Any], total: int, *, rng=None, progress: bool = False,
             unit: str = "game") -> Iterator[Any]:
    """Yield ``work(index, seed)`` for each of ``total`` seeds of ``rng``, in order, one at a time.

    The seeds are those of :func:`run_chunks` (and so of :func:`~cardlab.sim.seeds.round_seeds`):
    the reference engine and a kernel given the same ``rng`` play the same deals.  The bar ticks
    once per item, because one game of the reference engine takes milliseconds.

    >>> from cardlab.sim.seeds import round_seeds
    >>> list(run_each(lambda index, seed: seed, 4, rng=7)) == [int(s) for s in round_seeds(7, 4)]
    True
    >>> list(run_each(lambda index, seed: index, 3, rng=7))
    [0, 1, 2]
    """
    from tqdm.auto import tqdm

    bar = tqdm(total=total, unit=unit, disable=not progress, leave=False)
    try:
        for start, seeds in iter_chunks(rng, total):
            for offset, seed in enumerate(seeds):
                yield work(start + offset, int(seed))
                bar.update(1)
    finally:
        bar.close()
