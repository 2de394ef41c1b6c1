"""The ``cardlab`` command.

Each sub-command lives in its own module of this package with two functions,
``add_parser(subparsers)`` and ``run(args) -> int``; :data:`COMMANDS` lists them.

Every mistake on the command line prints one line on stderr, in the user's
language (``--lang``, else the locale, else English), and exits with status 2
without writing any file; so does every refusal of the file system (a folder that
cannot be written, a missing one, a full disk); see :mod:`cardlab.cli.common`.
A run estimated to take long says how long before it starts, and one of more
than a few hours asks for ``--yes``.

>>> main(["--version"])
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys

from ..errors import CardlabError
from ..i18n import Message, get_language, set_language, tr
from .common import command_line_language, file_error

#: sub-command name → its module in ``cardlab.cli``
COMMANDS = {
    "simulate": "simulate",
    "sweep": "sweep",
    "scoresheet": "scoresheet",
    "data": "data",
    "warmup": "warmup",
    "compare": "compare",
}

#: a message key inside a rules error → the same hint in command-line words
CLI_HINTS = {"plump.two_decks_hint": "cli.two_decks_hint"}


def _translate_argparse(message: str) -> str:
    """argparse's English complaint in the current language (the common ones; others stay as they are)."""
    if get_language() == "en":
        return message
    patterns = [
        (r"argument (?P<argument>\S+): invalid choice: '(?P<value>[^']*)' \(choose from (?P<choices>.*)\)",
         "cli.arg.invalid_choice"),
        (r"the following arguments are required: (?P<names>.*)", "cli.arg.required"),
        (r"unrecognized arguments: (?P<names>.*)", "cli.arg.unrecognized"),
        (r"argument (?P<argument>\S+): expected one argument", "cli.arg.needs_value"),
        (r"argument (?P<argument>\S+): invalid int value: '(?P<value>[^']*)'", "cli.arg.bad_value"),
    ]
    for pattern, key in patterns:
        found = re.fullmatch(pattern, message)
        if found:
            fields = found.groupdict()
            if "choices" in fields:
                fields["choices"] = fields["choices"].replace("'", "")
            return tr(key, **fields)
    typed = re.fullmatch(r"argument (?P<argument>\S+): (?P<rest>.*)", message)
    return message if typed is None else f"{typed['argument']}: {typed['rest']}"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit code 2
        sys.stderr.write(f"{self.prog}: error: {_translate_argparse(message)}\n")
        raise SystemExit(2)


def _version() -> str:
    from .. import __version__

    return f"cardlab {__version__}"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardlab", description="cardlab: Plump, Femkamp and Rummy — simulate the odds, print "
                                                 "score sheets, build the data tables.")
    parser.add_argument("--version", action="version", version=_version(), help="print cardlab's version and stop")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module_name in COMMANDS.values():
        importlib.import_module(f"cardlab.cli.{module_name}").add_parser(sub)
    return parser


def _error_text(exc: CardlabError, lang: str) -> str:
    params = dict(exc.params)
    for name, value in params.items():
        if isinstance(value, Message) and value.key in CLI_HINTS:
            params[name] = Message(CLI_HINTS[value.key], value.params)
    return tr(exc.rule, lang, **params)


def _one_line(text: str, limit: int = 400) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def main(argv: list[str] | None = None) -> int:
    """Run ``cardlab`` with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    before = get_language()
    lang = command_line_language(argv)
    set_language(lang)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        prog = f"cardlab {args.command}"
        try:
            return int(args.run(args) or 0)
        except CardlabError as exc:
            sys.stderr.write(f"{prog}: error: {_one_line(_error_text(exc, lang))}\n")
            return 2
        except OSError as exc:  # the file system said no: one sentence, like any other mistake
            if os.environ.get("CARDLAB_DEBUG"):
                raise
            sys.stderr.write(f"{prog}: error: {_one_line(file_error(exc, lang))}\n")
            return 2
        except KeyboardInterrupt:
            sys.stderr.write(f"{prog}: {tr('cli.interrupted', lang)}\n")
            return 130
        except Exception as exc:  # a bug, not a mistake: still one line unless asked for the details
            if os.environ.get("CARDLAB_DEBUG"):
                raise
            error = _one_line(f"{type(exc).__name__}: {exc}", 200)
            sys.stderr.write(f"{prog}: error: {tr('cli.unexpected', lang, error=error)}\n")
            return 1
    finally:
        set_language(before)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
