"""Writing a file so that a reader never sees half of it and a cut-short write loses nothing.

:func:`write_atomically` writes into a temporary file in the same folder, flushes it to disk
(``fsync``) and only then renames it over the target with :func:`os.replace`, which is atomic: at
every moment the path holds either the old complete file or the new complete file.  A kill, a
full disk or Ctrl-C during the write leaves the old file as it was (the last good copy) and no
temporary file behind (except after a hard kill: then a hidden ``.NAME.*.tmp`` may stay, and never
under the file's own name).  Every file cardlab writes goes through it: saved games
(:meth:`cardlab.Match.save`), quiz results, score sheets, the command line's ``--out`` files and the
data tables.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> write_atomically(path, '{"round": 1}\\n') == path
True
>>> _ = write_atomically(path, b'{"round": 2}\\n')
>>> path.read_text()
'{"round": 2}\\n'
>>> def fails(handle):
...     handle.write(b'{"round": 3')
...     raise OSError("disk full")
>>> write_atomically(path, fails)
Traceback (most recent call last):
...
OSError: disk full
>>> path.read_text(), sorted(p.name for p in path.parent.iterdir())   # the old file, nothing else
('{"round": 2}\\n', ['game.json'])

``backup=True`` also keeps the file being replaced as ``NAME.bak`` (itself replaced atomically):

>>> _ = write_atomically(path, "3\\n", backup=True)
>>> path.read_text(), path.with_name("game.json.bak").read_text()
('3\\n', '{"round": 2}\\n')
"""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path
from typing import BinaryIO, Callable, Union

#: what :func:`write_atomically` can write: bytes, text (UTF-8), or a function given the open binary file
Content = Union[bytes, bytearray, memoryview, str, Callable[[BinaryIO], object]]


def temporary_name(target: Path) -> Path:
    """A fresh hidden name beside ``target`` for writing it (``.game.json.3f2a…​.tmp``)."""
    return target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _named(exc: OSError, target: Path) -> OSError:
    """``exc`` naming ``target`` when the system did not say which file it refused."""
    if exc.filename is None and exc.errno is not None:
        return type(exc)(exc.errno, exc.strerror, str(target))
    return exc


def _write_in_place(target: Path, content: Content, encoding: str) -> None:
    try:
        with open(target, "wb") as handle:
            if callable(content):
                content(handle)
            else:
                handle.write(content.encode(encoding) if isinstance(content, str) else bytes(content))
    except OSError as exc:
        raise _named(exc, target) from None


def write_atomically(path: "str | os.PathLike[str]", content: Content, *, encoding: str = "utf-8",
                     backup: bool = False) -> Path:
    """Write ``content`` to ``path`` all at once; returns ``path`` as a :class:`~pathlib.Path`.

    ``content``: bytes, a string (written in ``encoding``, newlines as given), or a function that
    writes to the open binary file.  The folder must exist.  The new file gets the old file's
    permissions, or the usual ones for a new file (``0o666`` less the umask).  Any error (raised by
    the system or by the function) leaves the old file untouched, removes the temporary file and
    is raised again.  ``backup=True`` keeps the replaced file as ``NAME.bak``.  A link is followed
    (the file it points to is replaced, the link stays); a device or a pipe (``/dev/stdout``) is
    written straight into, as it cannot be replaced.
    """
    target = Path(path)
    if target.is_symlink():            # write where the link points, and keep the link
        target = Path(os.path.realpath(target))
    if target.exists() and not target.is_file() and not target.is_dir():
        _write_in_place(target, content, encoding)   # a device or a pipe (/dev/stdout): it cannot be replaced
        return Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    tmp = temporary_name(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags, 0o666)
    except OSError as exc:   # say which file could not be written, not the temporary name
        raise type(exc)(exc.errno, exc.strerror, str(target)) from None
    try:
        try:
            mode = os.stat(target).st_mode & 0o7777
        except OSError:
            mode = None
        with os.fdopen(fd, "wb") as handle:
            if callable(content):
                content(handle)
            else:
                handle.write(content.encode(encoding) if isinstance(content, str) else bytes(content))
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        if backup and os.path.isfile(target):
            keep = temporary_name(target)
            try:
                try:
                    os.link(target, keep)
                except OSError:   # no hard links here: a copy does
                    shutil.copyfile(target, keep)
                os.replace(keep, target.with_name(target.name + ".bak"))
            finally:
                if os.path.lexists(keep):
                    os.unlink(keep)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and _named(exc, target) is not exc:
            raise _named(exc, target) from None
        raise
    _fsync_folder(folder)
    return Path(path)
