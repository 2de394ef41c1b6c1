"""numba's ``njit`` with an on-disk cache that works on every machine.

``cache=True`` writes compiled code next to the module (in ``__pycache__``)
or, when that folder cannot be written, in numba's user cache.  Machines that
set ``PYTHONDONTWRITEBYTECODE`` still cache: numba does not read that flag.
Set ``NUMBA_CACHE_DIR`` to move the cache elsewhere.
"""

from __future__ import annotations

from numba import njit

__all__ = ["njit"]
