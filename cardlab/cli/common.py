"""What every ``cardlab`` sub-command shares: the user's language, checked values, safe output files.

A command-line mistake is one line on stderr and exit status 2, in the
user's language, and leaves no file or folder behind.  The language is
``--lang`` when given, else the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English:

>>> command_line_language(["simulate", "--lang", "nb"], {})
'nb'
>>> command_line_language([], {"LANG": "sv_SE.UTF-8"})
'sv'
>>> command_line_language([], {"LANG": "C.UTF-8"})
'en'

Values are checked as they are read, with a sentence naming what is wrong:

>>> seed("7")
7
>>> seed("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a seed is a whole number from 0 upwards, not '-1'
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterable, Mapping

from ..errors import RulesError
from ..i18n import LANGUAGES, get_language, tr


#: locale prefixes → cardlab's languages (Norwegian nynorsk and the old ``no`` read bokmål)
LOCALE_LANGUAGES = {"sv": "sv", "nb": "nb", "nn": "nb", "no": "nb", "en": "en"}


def locale_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language of the user's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), if cardlab speaks it.

    >>> locale_language({"LC_ALL": "nb_NO.UTF-8", "LANG": "sv_SE.UTF-8"})
    'nb'
    >>> locale_language({"LANG": "de_DE.UTF-8"}) is None
    True
    """
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:  # the first one set decides, as in POSIX
            return LOCALE_LANGUAGES.get(value.split(".")[0].split("_")[0].lower())
    return None


def command_line_language(argv: Iterable[str], environ: Mapping[str, str] | None = None) -> str:
    """The language for messages: ``--lang`` in ``argv`` (if valid), else the locale, else ``"en"``."""
    args = list(argv)
    for i, arg in enumerate(args):
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in LANGUAGES:
            return value
    return locale_language(environ) or "en"


def whole_number(text: str) -> int:
    """An ``int`` from the command line (a sentence in the user's language if it is not one)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("cli.whole_number", value=text)) from None


def positive(text: str) -> int:
    """A whole number of at least 1.

    >>> positive("3")
    3
    """
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(tr("cli.at_least", low=1, value=value))
    return value


def seed(text: str) -> int:
    """A master seed: a whole number from 0 upwards (numpy's seeds cannot be negative)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(tr("cli.seed", value=text))
    return value


def add_lang(parser: argparse.ArgumentParser, help_text: str | None = None) -> None:
    """The ``--lang`` option every command takes (messages; for scoresheet also the sheet's language)."""
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=help_text or "language of messages: sv, nb or en (default: the locale, else en)")


def os_reason(exc: OSError, lang: str | None = None) -> str:
    """Why the system refused, in the user's language (the system's own words for rare cases).

    >>> os_reason(PermissionError(13, "Permission denied"), "sv")
    'åtkomst nekad'
    """
    name = errno.errorcode.get(exc.errno or 0, "")
    key = f"cli.os.{OS_REASONS.get(name, '')}"
    if name in OS_REASONS:
        return tr(key, lang)
    return " ".join(str(exc.strerror or exc).split()) or type(exc).__name__


#: errno names → the key of their sentence (``cli.os.<key>``)
OS_REASONS = {"ENOENT": "missing", "EACCES": "denied", "EPERM": "denied", "EROFS": "read_only", "ENOSPC": "full",
              "EDQUOT": "full", "EISDIR": "folder", "ENOTDIR": "not_folder", "EEXIST": "exists",
              "ENAMETOOLONG": "too_long", "ELOOP": "loop", "EFBIG": "too_big"}


def file_error(exc: OSError, lang: str | None = None) -> str:
    """An :class:`OSError` as the one sentence the command line prints."""
    path = exc.filename if exc.filename is not None else None
    reason = os_reason(exc, lang)
    if path is None:
        return tr("cli.os_error", lang, reason=reason)
    return tr("cli.file_error", lang, path=str(path), reason=reason)


def _probe_file(folder: Path, target: Path, option: str) -> None:
    """Create and remove a hidden file in ``folder``, as writing ``target`` will (a sentence if it cannot)."""
    from ..atomic import temporary_name

    probe = temporary_name(folder / target.name)
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.unlink(probe)
    except OSError as exc:
        raise RulesError("cli.cannot_write", field=option, path=str(target), reason=os_reason(exc)) from None


def check_out_file(path: "str | os.PathLike[str] | None", option: str = "--out", example: str = "out.csv") -> Path | None:
    """Check, before any work, that ``path`` can become a file: its folder exists, may be written, and it is not a folder."""
    if path is None:
        return None
    target = Path(path)
    if target.is_dir():
        raise RulesError("cli.out_is_folder", field=option, option=option, path=str(target),
                         example=str(target / example))
    if target.exists() and not target.is_file():   # a device or a pipe such as /dev/stdout: written straight into
        return target
    if target.is_symlink():                          # a link to a file not there yet: the file it names
        target = Path(os.path.realpath(target))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RulesError("cli.out_no_folder", field=option, option=option, path=str(target), folder=str(folder))
    _probe_file(folder, target, option)
    return Path(path)


def check_out_folder(path: "str | os.PathLike[str]", option: str = "--out") -> Path:
    """Check, before any work, that ``path`` is or can become a folder files can be written in.

    Nothing is left behind: a folder made to try it is removed again.
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise RulesError("cli.out_is_file", field=option, option=option, path=str(folder))
    existing = next((p for p in [folder, *folder.absolute().parents] if p.exists()), Path("/"))
    if not existing.is_dir():
        raise RulesError("cli.cannot_write", field=option, path=str(folder), reason=tr("cli.os.not_folder"))
    if existing == folder:
        _probe_file(folder, folder / "manifest.json", option)
        return folder
    try:
        trial = Path(tempfile.mkdtemp(prefix=".cardlab-", dir=existing))
        trial.rmdir()
    except OSError as exc:
        raise RulesError("cli.cannot_write", field=option, path=str(folder), reason=os_reason(exc)) from None
    return folder


def write_text(path: "str | os.PathLike[str]", text: str) -> Path:
    """Write ``text`` to ``path`` safely (:func:`cardlab.atomic.write_atomically`): all of it or nothing."""
    from ..atomic import write_atomically

    return write_atomically(path, text)


# ---------------------------------------------------------------- how long a run will take
#: a run estimated to take longer than this (seconds) says how long before it starts
ANNOUNCE_AFTER = 10.0
#: a run estimated to take longer than this (seconds) is refused unless ``--yes`` is given
REFUSE_AFTER = 6 * 3600.0


def add_yes(parser: argparse.ArgumentParser) -> None:
    """The ``--yes`` option: run even when the estimate says it will take very long."""
    parser.add_argument("--yes", action="store_true",
                        help=f"run even if it is estimated to take more than {REFUSE_AFTER / 3600:g} hours")


def count_text(n: int, lang: str | None = None) -> str:
    """A whole number with thousands marked as the language writes them.

    >>> count_text(1_000_000_000_000, "en"), count_text(1_000_000, "sv"), count_text(999, "nb")
    ('1,000,000,000,000', '1 000 000', '999')
    """
    text = f"{n:,}"
    return text if (lang or get_language()) == "en" else text.replace(",", " ")


def duration_text(seconds: float, lang: str | None = None) -> str:
    """A duration rounded for a person: ``40 s``, ``3 min``, ``5 h``, ``12 days``, ``310 years``.

    >>> duration_text(40, "en"), duration_text(200, "en"), duration_text(5 * 3600, "sv"), duration_text(3e6, "nb")
    ('40 s', '3 min', '5 h', '35 døgn')
    """
    units = [(365 * 86400, "years"), (86400, "days"), (3600, "h"), (60, "min"), (1, "s")]
    for size, unit in units:
        if seconds >= 1.5 * size or size == 1:
            value = max(1, round(seconds / size))
            return tr(f"cli.time.{unit}", lang, n=count_text(value, lang))
    raise AssertionError("unreachable")  # pragma: no cover


def seconds_per_unit(run: Callable[[int], object], total: int, *, first: int = 16, enough: float = 0.2) -> float | None:
    """Time ``run(n)`` on a small part of the work: seconds per unit (None when the whole run is tiny).

    One unit is run first, untimed (what happens once per run: imports, loading compiled code);
    then ``n`` starts at ``first`` and grows fourfold until one sample takes ``enough`` seconds
    (or would be more than a quarter of ``total``); the last sample gives the answer.

    >>> import time
    >>> round(seconds_per_unit(lambda n: time.sleep(n * 0.001), 10**9, enough=0.05), 3)
    0.001
    >>> seconds_per_unit(lambda n: None, 20) is None
    True
    """
    n, per_unit = first, None
    if n * 4 <= total:
        run(1)
    while n * 4 <= total:
        started = time.perf_counter()
        run(n)
        per_unit = (time.perf_counter() - started) / n
        if per_unit * n >= enough:
            break
        n *= 4
    return per_unit


def say_how_long(prog: str, per_unit: "float | None", total: int, unit: str, *, yes: bool) -> None:
    """Before a long run: one line on stderr saying how long it will take; refuse a very long one without ``--yes``.

    ``unit``: the catalogue key of what is counted (``cli.unit.rounds``, ``cli.unit.games``).
    """
    if per_unit is None:
        return
    seconds = per_unit * total
    if seconds < ANNOUNCE_AFTER:
        return
    fields = {"time": duration_text(seconds), "count": count_text(total), "unit": tr(unit)}
    if seconds > REFUSE_AFTER and not yes:
        raise RulesError("cli.too_long", field="--yes", limit=duration_text(REFUSE_AFTER), **fields)
    sys.stderr.write(f"{prog}: {tr('cli.how_long', **fields)}\n")
    sys.stderr.flush()
