"""``cardlab compare``: two rule sets on the same deals, the difference seat by seat.

::

    cardlab compare plump --players 4 --cards 5 --b hook=false --rounds 200000 --seed 1
    cardlab compare plump --players 4 --cards 10 --a scoring=trick-points --b scoring=standard
    cardlab compare femkamp --players 4 --b queen_points=5 --games 20000
    cardlab compare rummy --players 3 --a max_reshuffles=3 --b max_reshuffles=1 --policy random

Rule set a is the game's default rules changed by every ``--a name=value``,
rule set b the same with every ``--b name=value``.  Both play the same deals
and random streams (:func:`cardlab.sim.compare_rules`).  One row per seat
counted from the leader: ``diff`` = a − b of the round score (Plump), game
total (Femkamp) or round penalty (Rummy), with its 95 % interval, and how
often anything changed.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import RulesError
from ..i18n import Message, tr
from .common import add_lang, add_yes, check_out_file, positive, say_how_long, seconds_per_unit, seed, write_text
from .simulate import FORMATS, render

DEFAULT_PLAYERS = {"plump": 4, "femkamp": 4, "rummy": 3}


def _setting(text: str) -> tuple[str, str]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(tr("cli.compare.setting", value=text))
    name, value = text.split("=", 1)
    return name.strip().replace("-", "_"), value.strip()


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("compare", help="compare two rule sets on the same deals, seat by seat",
                                   description=__doc__.split("\n\n")[0].replace("``", ""))
    parser.add_argument("game", choices=("plump", "femkamp", "rummy"), help="the game")
    parser.add_argument("--players", type=positive, default=None, help="number of players (default 4; Rummy 3)")
    parser.add_argument("--a", dest="a", type=_setting, action="append", default=[], metavar="NAME=VALUE",
                        help="a rule of rule set a (repeat for more)")
    parser.add_argument("--b", dest="b", type=_setting, action="append", default=[], metavar="NAME=VALUE",
                        help="a rule of rule set b (repeat for more)")
    parser.add_argument("--cards", type=positive, default=None, help="Plump: cards per hand (default 5)")
    parser.add_argument("--rounds", type=positive, default=None, help="rounds (Plump, Rummy) or games (Femkamp) to play")
    parser.add_argument("--games", type=positive, default=None, help="Femkamp: games to play (same as --rounds)")
    parser.add_argument("--policy", choices=("heuristic", "random"), default="heuristic",
                        help="how every seat plays (default heuristic, the friendly bot)")
    parser.add_argument("--seed", type=seed, default=1, help="master seed, 0 or more (default 1)")
    parser.add_argument("--format", choices=FORMATS, default="table", help="output format (default table)")
    parser.add_argument("--out", metavar="FILE", help="write to this file instead of the screen (its folder must exist)")
    add_yes(parser)
    add_lang(parser)
    parser.set_defaults(run=run)


def _value(text: str):
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def build_rules(game: str, players: int, settings: list[tuple[str, str]]):
    """The rules of ``game`` for ``players`` changed by ``name=value`` settings (bad names raise ``RulesError``)."""
    from ..data_build import rules_from_options
    from ..rules.femkamp import FemkampRules
    from ..rules.plump import PlumpRules
    from ..rules.rummy import RummyRules

    cls = {"plump": PlumpRules, "femkamp": FemkampRules, "rummy": RummyRules}[game]
    options = cls(players=players).to_dict()
    for name, value in settings:
        if name not in options:
            raise RulesError("rules.invalid", field=name, problem=Message(
                "cli.compare.no_such_rule", {"game": game, "name": name, "allowed": ", ".join(sorted(options))}))
        options[name] = _value(value)
    return rules_from_options(game, options)


def run(args) -> int:
    from ..sim.compare import compare_rules

    check_out_file(args.out, example=f"compare.{args.format if args.format != 'table' else 'txt'}")
    players = args.players or DEFAULT_PLAYERS[args.game]
    rules_a = build_rules(args.game, players, args.a)
    rules_b = build_rules(args.game, players, args.b)
    count = args.games if args.game == "femkamp" and args.games is not None else args.rounds
    if count is None:
        count = {"plump": 100_000, "femkamp": 5_000, "rummy": 10_000}[args.game]
    def play(rounds: int):
        return compare_rules(args.game, rules_a, rules_b, rounds=rounds,
                             hand_size=(args.cards or 5) if args.game == "plump" else None, policy=args.policy,
                             rng=args.seed)

    say_how_long("cardlab compare", seconds_per_unit(play, count), count,
                 "cli.unit.games" if args.game == "femkamp" else "cli.unit.rounds", yes=args.yes)
    table = play(count)
    text = render(table, args.format)
    if args.out:
        write_text(args.out, text)
    else:
        sys.stdout.write(text)
    return 0
