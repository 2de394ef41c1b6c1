"""How many threads a batch of kernel runs uses (shared by every game's simulator).

>>> 1 <= default_threads() <= 8
True
"""

from __future__ import annotations

import os


def default_threads() -> int:
    """Threads for kernel runs: the cores this process may use (at most 8)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(8, cores))
