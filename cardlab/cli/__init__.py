"""The ``cardlab`` command.

Each sub-command lives in its own module of this package with two functions,
``add_parser(subparsers)`` and ``run(args) -> int``; :data:`COMMANDS` lists them.
A bad argument prints one line naming the option and the allowed values and
exits with code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..errors import CardlabError

#: sub-command name → its module in ``cardlab.cli``
COMMANDS = {
    "simulate": "simulate",
    "sweep": "sweep",
    "scoresheet": "scoresheet",
    "data": "data",
    "compare": "compare",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit code 2
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardlab", description="cardlab: Plump, Femkamp and Rummy — simulate the odds, print score sheets, build the data tables.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module_name in COMMANDS.values():
        importlib.import_module(f"cardlab.cli.{module_name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except CardlabError as exc:
        sys.stderr.write(f"cardlab {args.command}: error: {exc}\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
