"""``cardlab scoresheet``: print a score sheet (protokoll) as an A4 PDF.

Blank, for the kitchen table::

    cardlab scoresheet plump --players 5 --schedule full --lang sv --out protokoll.pdf
    cardlab scoresheet plump --preset kids --names Anna,Björn,Cissi,Dag
    cardlab scoresheet femkamp --players 4 --lang nb
    cardlab scoresheet rummy --players 3 --target 100

Filled, from a game saved with ``Match.save``::

    cardlab scoresheet --from game.json --names Anna,Björn,Cissi --out protokoll.pdf

A bad option prints one line (in the language of ``--lang``, else the
locale's) and exits with code 2; no file is written then.  The sheet itself
is printed in ``--lang``, else in the game's home language (Swedish; Norwegian
for Femkamp).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import CardlabError, RulesError, SaveFileError
from ..i18n import LANGUAGES, get_language, tr
from .common import check_out_file, positive

GAMES = ("plump", "femkamp", "rummy")

#: options that change the rules, and the games they belong to
RULE_OPTIONS = {
    "players": GAMES, "decks": ("plump",), "schedule": ("plump",), "max_cards": ("plump",),
    "trump": ("plump",), "trump_suit": ("plump",), "scoring": ("plump",), "no_hook": ("plump",),
    "queen_points": ("femkamp",), "target": ("rummy",), "rounds": ("rummy",), "preset": GAMES,
}

#: the language a sheet is printed in when --lang is not given
HOME_LANGUAGE = {"plump": "sv", "femkamp": "nb", "rummy": "sv"}


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "scoresheet", help="print a score sheet (protokoll) as an A4 PDF, blank or from a saved game",
        description="Print a score sheet (protokoll) as an A4 PDF: blank for the kitchen table, "
                    "or filled from a game saved with Match.save (--from).")
    parser.add_argument("game", nargs="?", choices=GAMES, help="plump, femkamp or rummy (not needed with --from)")
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="where to write the PDF; its folder must exist (default: <game>-protokoll.pdf)")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="language of the sheet and of messages: sv, nb or en (sheet default: sv; nb for "
                             "femkamp; messages default: the locale, else en)")
    parser.add_argument("--names", metavar="A,B,C", help="player names in seating order, separated by commas")
    parser.add_argument("--from", dest="from_file", metavar="GAME.json", help="fill the sheet from a saved game")
    parser.add_argument("--preset", metavar="NAME", help="a named set of rules, e.g. kids for plump")
    parser.add_argument("--players", type=positive, metavar="N", help="number of players")
    plump = parser.add_argument_group("plump")
    plump.add_argument("--decks", type=int, metavar="N", help="1 or 2 decks (8 or more players need 2)")
    plump.add_argument("--schedule", metavar="S", help="full, down, up, full-each-deals-one, or hand sizes like 5,4,3,2,1")
    plump.add_argument("--max-cards", dest="max_cards", type=int, metavar="N", help="the largest hand")
    plump.add_argument("--trump", metavar="MODE", help="turned-up, none, rotating or fixed")
    plump.add_argument("--trump-suit", dest="trump_suit", metavar="SUIT", help="C, D, H or S (with --trump fixed)")
    plump.add_argument("--scoring", metavar="WAY", help="how a round is scored: standard, trick-points, penalty or tricks-only")
    plump.add_argument("--no-hook", dest="no_hook", action="store_true", default=None,
                       help="the dealer may make the bids add up (no spärr/krok)")
    femkamp = parser.add_argument_group("femkamp")
    femkamp.add_argument("--queen-points", dest="queen_points", type=int, metavar="N", help="points per queen (4)")
    rummy = parser.add_argument_group("rummy")
    rummy.add_argument("--target", type=int, metavar="POINTS", help="the game ends when someone reaches it (100)")
    rummy.add_argument("--rounds", type=int, metavar="N", help="a fixed number of rounds instead of a target")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    lang = args.lang or get_language()  # messages: --lang, else the language cardlab.cli chose from the locale
    path = write_sheet(args)  # a CardlabError becomes one line and exit code 2 in cardlab.cli.main
    print(tr("cli.scoresheet.written", lang, path=path))
    return 0


def _names(args: argparse.Namespace) -> list[str] | None:
    if args.names is None:
        return None
    return [name.strip() for name in args.names.split(",")]


def _given_rule_options(args: argparse.Namespace) -> list[str]:
    return [name for name in RULE_OPTIONS if getattr(args, name, None) is not None]


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def write_sheet(args: argparse.Namespace) -> Path:
    """Build the sheet the options ask for and write it; a :class:`CardlabError` if they do not fit."""
    lang_for_errors = args.lang or get_language()
    names = _names(args)
    if args.from_file:
        return _write_filled(args, names, lang_for_errors)
    if args.game is None:
        raise RulesError("cli.scoresheet.need_game", lang=lang_for_errors, field="game")
    lang = args.lang or HOME_LANGUAGE[args.game]
    for option in _given_rule_options(args):
        if args.game not in RULE_OPTIONS[option]:
            raise RulesError("cli.scoresheet.option_not_for_game", lang=lang, field=option, option=_flag(option),
                             game=args.game, games=", ".join(RULE_OPTIONS[option]))
    out = check_out_file(args.out or f"{args.game}-protokoll.pdf", example=f"{args.game}-protokoll.pdf")
    rules = build_rules(args, names)
    from .. import pdf

    sheet = {"plump": "plump_sheet", "femkamp": "femkamp_sheet", "rummy": "rummy_sheet"}[args.game]
    return getattr(pdf, sheet)(rules, names=names, lang=lang, path=out)


def build_rules(args: argparse.Namespace, names: list[str] | None):
    """The rules object the options describe: a preset (or the defaults) with the options changed."""
    rules_class = _rules_class(args.game)
    base = rules_class.preset(args.preset) if args.preset else rules_class()
    changes: dict = {}
    if args.players is not None:
        changes["players"] = args.players
    elif names is not None:
        changes["players"] = len(names)
    if args.game == "plump":
        for name in ("decks", "max_cards", "trump", "trump_suit", "scoring"):
            if getattr(args, name) is not None:
                changes[name] = getattr(args, name)
        if args.trump_suit is not None and args.trump is None:
            changes["trump"] = "fixed"
        if args.schedule is not None:
            changes["schedule"] = parse_schedule(args.schedule, args.lang or get_language())
        if args.no_hook:
            changes["hook"] = False
    elif args.game == "femkamp":
        if args.queen_points is not None:
            changes["queen_points"] = args.queen_points
    elif args.game == "rummy":
        for name in ("target", "rounds"):
            if getattr(args, name) is not None:
                changes[name] = getattr(args, name)
    if "players" in changes and "first_dealer" in base.to_dict() and base.first_dealer >= changes["players"]:
        changes["first_dealer"] = 0
    return base.replace(**changes) if changes else base


def parse_schedule(text: str, lang: str = "sv"):
    """``"full"`` stays a name; ``"5,4,3"`` becomes ``(5, 4, 3)``.

    >>> parse_schedule("down"), parse_schedule("3, 2,1")
    ('down', (3, 2, 1))
    """
    text = text.strip()
    if "," not in text and not text.isdigit():
        return text
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise RulesError("cli.scoresheet.bad_schedule", lang=lang, field="schedule", value=text) from None


def _rules_class(game: str):
    if game == "plump":
        from ..rules.plump import PlumpRules

        return PlumpRules
    if game == "femkamp":
        from ..rules.femkamp import FemkampRules

        return FemkampRules
    from ..rules.rummy import RummyRules

    return RummyRules


def _write_filled(args: argparse.Namespace, names: list[str] | None, lang: str) -> Path:
    for option in _given_rule_options(args):
        raise RulesError("cli.scoresheet.from_and_rules", lang=lang, field=option, option=_flag(option))
    source = Path(args.from_file)
    if source.is_dir():
        raise RulesError("cli.in_is_folder", lang=lang, field="from", option="--from", path=str(source))
    if not source.is_file():
        raise RulesError("cli.scoresheet.no_file", lang=lang, field="from", path=str(source))
    out = check_out_file(args.out or f"{source.stem}-protokoll.pdf", example=f"{source.stem}-protokoll.pdf")
    from ..pdf import filled_sheet, texts  # noqa: F401 - texts registers the sheets' messages

    match = load_saved_game(source, lang)
    found = match.game.game_name
    if args.game is not None and args.game != found:
        raise RulesError("pdf.wrong_game", lang=lang, field="game", found=found, wanted=args.game)
    sheet_lang = args.lang or HOME_LANGUAGE.get(found, "sv")
    return filled_sheet(match, names=names, lang=sheet_lang, path=out)


def load_saved_game(source: Path, lang: str):
    """``Match.load(source)``, with any failure to read it said in one sentence (a :class:`SaveFileError`).

    Saves refused by ``Match.load`` keep their own message; anything else it
    trips over (a damaged or hand-edited file) is reported as a damaged save.
    """
    from ..match import Match

    try:
        return Match.load(source)
    except CardlabError:
        raise
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        problem = " ".join(f"{type(exc).__name__}: {exc}".split())[:120]
        raise SaveFileError("cli.scoresheet.damaged", lang=lang, path=str(source), problem=problem) from None
