"""numba's ``njit`` with an on-disk cache that works on every machine.

``cache=True`` writes compiled code next to the module (in ``__pycache__``).
When cardlab is installed where that folder cannot be written (a system-wide
or read-only site-packages), this module points ``NUMBA_CACHE_DIR`` at a
folder of the user's own — ``$XDG_CACHE_HOME/cardlab/numba`` (normally
``~/.cache/cardlab/numba``), else one in the temporary folder — before numba
looks for a cache, so compiled code is still kept between runs.  A
``NUMBA_CACHE_DIR`` you set yourself is always respected.  Machines that set
``PYTHONDONTWRITEBYTECODE`` still cache: numba does not read that flag.

>>> cache_dir() is None or cache_dir().is_dir()
True
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

__all__ = ["njit", "cache_dir", "user_cache_dir"]


def _writable(folder: Path) -> bool:
    """True when a file can be made in ``folder`` (created if missing), as numba itself checks."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def user_cache_dir() -> Path:
    """cardlab's numba cache in the user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``)."""
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "cardlab" / "numba"


def _choose_cache_dir() -> Path | None:
    """The folder to give numba, or None when its default (``__pycache__`` beside the kernels) can be written."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    if _writable(Path(__file__).resolve().parent / "__pycache__"):
        return None
    for candidate in (user_cache_dir(), Path(tempfile.gettempdir()) / f"cardlab-numba-{os.getuid() if hasattr(os, 'getuid') else 'user'}"):
        if _writable(candidate):
            return candidate
    return None


_CACHE_DIR = _choose_cache_dir()
if _CACHE_DIR is not None and not os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = str(_CACHE_DIR)
    if "numba" in sys.modules:  # numba read its settings already: tell it directly
        from numba.core import config as _config

        _config.CACHE_DIR = str(_CACHE_DIR)

from numba import njit  # noqa: E402 - after NUMBA_CACHE_DIR is settled


def cache_dir() -> Path | None:
    """Where compiled kernels are cached: the folder chosen above, or None for numba's default (``__pycache__``)."""
    return _CACHE_DIR
