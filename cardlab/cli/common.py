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
import os
from pathlib import Path
from typing import Iterable, Mapping

from ..errors import RulesError
from ..i18n import LANGUAGES, tr


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


def check_out_file(path: "str | os.PathLike[str] | None", option: str = "--out", example: str = "out.csv") -> Path | None:
    """Check, before any work, that ``path`` can become a file: its folder exists and it is not a folder."""
    if path is None:
        return None
    target = Path(path)
    if target.is_dir():
        raise RulesError("cli.out_is_folder", field=option, option=option, path=str(target),
                         example=str(target / example))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RulesError("cli.out_no_folder", field=option, option=option, path=str(target), folder=str(folder))
    return target


def write_text(path: "str | os.PathLike[str]", text: str) -> Path:
    """Write ``text`` to ``path`` safely (:func:`cardlab.atomic.write_atomically`): all of it or nothing."""
    from ..atomic import write_atomically

    return write_atomically(path, text)
