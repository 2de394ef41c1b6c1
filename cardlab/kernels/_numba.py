"""numba's ``njit`` with an on-disk cache that is never stale and works on every machine.

``cache=True`` keeps compiled code between runs, but numba checks only the
source file of the function it compiled: when a function in *another* module
changes (``plump_heuristic.heuristic_card``, called by the kernel in
``plump_kernel``), or the bidding table baked into PlumpBot's twin changes,
numba would go on loading the old machine code.  So the compiled code of each
version of cardlab lives in a folder of its own, named by a fingerprint of
everything it is made from (:func:`kernel_fingerprint`: every Python source of
the package and ``data/plump_bid_weights.csv``).  Any change to those files
gives a new folder, and the kernels are compiled afresh once; the three most
recently used folders are kept, older ones are removed.

Where the folders live: beside the kernels (``cardlab/kernels/__pycache__/numba``)
when that can be written, else the user's cache folder —
``$XDG_CACHE_HOME/cardlab/numba`` (normally ``~/.cache/cardlab/numba``) — else
one in the temporary folder.  cardlab points ``NUMBA_CACHE_DIR`` there before
numba looks for a cache (so other numba code in the same process caches there
too).  A ``NUMBA_CACHE_DIR`` you set yourself is where the cache goes, keyed
the same way: cardlab uses the folder ``cardlab-FINGERPRINT`` inside yours (and
keeps the three newest such folders there, never touching anything else in
it), so an edited helper is compiled afresh there too.  Processes started from
this one (Jupyter kernels, Dask workers) inherit the choice, and choose again
inside your folder when their code differs.  Machines that set
``PYTHONDONTWRITEBYTECODE`` still cache: numba does not read that flag.

>>> cache_dir() is None or cache_dir().is_dir()
True
>>> len(kernel_fingerprint())
16
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

__all__ = ["njit", "cache_dir", "user_cache_dir", "kernel_fingerprint"]

PACKAGE = Path(__file__).resolve().parents[1]
#: data files whose contents are compiled into the kernels (read at import into global arrays)
BAKED_DATA = ("data/plump_bid_weights.csv",)
#: fingerprint folders kept in one cache folder (the newest by modification time)
KEEP = 3
#: set in the environment to the folder cardlab chose, so that a process started from this one
#: (a Jupyter kernel, a Dask worker) can tell cardlab's choice from a ``NUMBA_CACHE_DIR`` of the user's
CHOSEN = "CARDLAB_NUMBA_CACHE_DIR"
#: set in the environment to the user's own ``NUMBA_CACHE_DIR`` when cardlab keyed a folder inside it
USER_DIR = "CARDLAB_NUMBA_USER_CACHE_DIR"
#: the start of a fingerprint folder's name inside a user's ``NUMBA_CACHE_DIR``
USER_PREFIX = "cardlab-"


def kernel_fingerprint(package: Path = PACKAGE) -> str:
    """16 hex digits that change whenever code or data compiled into the kernels may have changed.

    Every ``.py`` file of the package counts (by its path inside the package and its bytes, not its
    time stamp), because a kernel may call into any module that other code imports; so do the data
    files in :data:`BAKED_DATA`.
    """
    digest = hashlib.sha256()
    files = sorted(package.rglob("*.py")) + [package / name for name in BAKED_DATA]
    for path in files:
        if path.is_file():
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    """True when a file can be made in ``folder`` (created if missing), as numba itself checks."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def user_cache_dir() -> Path:
    """cardlab's numba cache in the user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``).

    The compiled code itself goes one level down, in a folder named by :func:`kernel_fingerprint`.
    """
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "cardlab" / "numba"


def _bases() -> tuple[Path, ...]:
    """Where the fingerprint folders may go, in order of preference."""
    user = f"{os.getuid()}" if hasattr(os, "getuid") else "user"
    return (PACKAGE / "kernels" / "__pycache__" / "numba", user_cache_dir(),
            Path(tempfile.gettempdir()) / f"cardlab-numba-{user}")


def _is_fingerprint_folder(name: str, prefix: str = "") -> bool:
    """``name`` is ``prefix`` and 16 hex digits (the folders :func:`_prune` may remove).

    >>> _is_fingerprint_folder("0123456789abcdef"), _is_fingerprint_folder("cardlab-0123456789abcdef", "cardlab-")
    (True, True)
    >>> _is_fingerprint_folder("my-project-cache", "cardlab-"), _is_fingerprint_folder("cardlab-notes", "cardlab-")
    (False, False)
    """
    rest = name[len(prefix):] if name.startswith(prefix) else ""
    return len(rest) == 16 and all(c in "0123456789abcdef" for c in rest)


def _prune(base: Path, keep: Path, prefix: str = "") -> None:
    """Remove all but the :data:`KEEP` newest fingerprint folders of ``base`` (never ``keep``); best effort."""
    try:
        folders = [f for f in base.iterdir() if f.is_dir() and _is_fingerprint_folder(f.name, prefix) and f != keep]
        folders.sort(key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in folders[KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)


def _choose_cache_dir() -> Path | None:
    """The folder to give numba; None only when nothing can be written (numba then decides)."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    chosen = os.environ.get(CHOSEN)
    if given and given != chosen:
        users = given                      # the user's own folder
    elif given and os.environ.get(USER_DIR):
        users = os.environ[USER_DIR]       # inherited from a cardlab process that keyed the user's folder
    else:
        users = None
    fingerprint = kernel_fingerprint()
    if users:
        folder = Path(users) / f"{USER_PREFIX}{fingerprint}"
        if _writable(folder):
            os.environ[USER_DIR] = users
            os.utime(folder)
            _prune(Path(users), folder, USER_PREFIX)
            return folder
    os.environ.pop(USER_DIR, None)
    for base in _bases():
        folder = base / fingerprint
        if _writable(folder):
            os.utime(folder)  # "recently used", for pruning
            _prune(base, folder)
            return folder
    return None


_CACHE_DIR = _choose_cache_dir()
if _CACHE_DIR is not None and str(_CACHE_DIR) != os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = os.environ[CHOSEN] = str(_CACHE_DIR)
    if "numba" in sys.modules:  # numba read its settings already: tell it directly
        from numba.core import config as _config

        _config.CACHE_DIR = str(_CACHE_DIR)

from numba import njit  # noqa: E402 - after NUMBA_CACHE_DIR is settled


def cache_dir() -> Path | None:
    """Where compiled kernels are cached: a folder named by :func:`kernel_fingerprint` (inside yours if you set one)."""
    return _CACHE_DIR
