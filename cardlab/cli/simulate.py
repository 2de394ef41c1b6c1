"""``cardlab simulate``: odds from many seeded rounds, printed as a table, CSV or JSON.

::

    cardlab simulate plump --players 4 --cards 10 --trump turned-up --policy random --rounds 1000000 --seed 1
    cardlab simulate plump --players 5 --cards 1 --trump none --format csv --out one-card.csv
    cardlab simulate femkamp --players 4 --games 200 --policy heuristic
    cardlab simulate rummy --players 3 --rounds 500 --policy random --format json

Plump prints one row per seat counted from the leader (0 = left of the
dealer, players − 1 = the dealer): ``p_zero`` is the share of rounds in which
that seat took no trick, with its Wilson 95 % interval (``ci_low``,
``ci_high``).  A Plump simulation is one round per seed; with ``--trump
rotating`` it uses the first round's trump (clubs, unless ``trump_order``
says otherwise).  Eight or more Plump players need ``--decks 2``.  A bad
option prints one line and exits with code 2, and writes no file.

The first run compiles the fast simulator (once per machine, shown with a
progress bar); ``cardlab warmup`` does it ahead of time.  A run that will take
more than a few seconds says how long first (timed on a short sample), and one
of more than six hours is refused unless you add ``--yes``.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import RulesError
from .common import add_lang, add_yes, check_out_file, positive, say_how_long, seconds_per_unit, seed, write_text

FORMATS = ("table", "csv", "json")
POLICIES = ("random", "heuristic")
TRUMPS = ("turned-up", "none", "rotating", "fixed")
SCORINGS = ("standard", "trick-points", "penalty", "tricks-only")


def _common(p: argparse.ArgumentParser, default_players: int) -> None:
    p.add_argument("--players", type=positive, default=default_players, help=f"number of players (default {default_players})")
    p.add_argument("--policy", choices=POLICIES, default="random", help="how every seat plays (default random)")
    p.add_argument("--seed", type=seed, default=1, help="master seed, 0 or more; every round stores its own seed (default 1)")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format (default table)")
    p.add_argument("--out", metavar="FILE", help="write to this file instead of the screen (its folder must exist)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: on a terminal, for long runs)")
    add_yes(p)
    add_lang(p)


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("simulate", help="simulate many rounds and print the odds",
                                   description=__doc__.split("\n\n")[0].replace("``", ""))
    games = parser.add_subparsers(dest="game", metavar="GAME", parser_class=type(parser))
    games.required = True

    plump = games.add_parser("plump", help="single Plump rounds: p_zero, bids made, scores by seat")
    _common(plump, 4)
    plump.add_argument("--decks", type=int, choices=(1, 2), default=1,
                       help="1 or 2 decks shuffled together (default 1; 8 or more players need 2)")
    plump.add_argument("--cards", type=positive, default=None, help="cards per hand (default: the largest the deck allows)")
    plump.add_argument("--trump", choices=TRUMPS, default="turned-up", help="trump mode (default turned-up)")
    plump.add_argument("--trump-suit", choices=("C", "D", "H", "S"), default=None, help="the suit for --trump fixed")
    plump.add_argument("--scoring", choices=SCORINGS, default="standard",
                       help="how a round is scored: standard (10 + tricks for an exact bid), trick-points, "
                            "penalty or tricks-only (default standard)")
    plump.add_argument("--no-hook", action="store_true", help="play without the hook (kroken)")
    plump.add_argument("--rounds", type=positive, default=100_000, help="rounds to play (default 100000)")

    femkamp = games.add_parser("femkamp", help="whole Femkamp games: score per round and win rate by seat")
    _common(femkamp, 4)
    femkamp.add_argument("--games", type=positive, default=200, help="games to play (default 200)")

    rummy = games.add_parser("rummy", help="single Rummy rounds: go-out rate, penalties, round length")
    _common(rummy, 3)
    rummy.add_argument("--rounds", type=positive, default=500, help="rounds to play (default 500)")
    parser.set_defaults(run=run)


def _progress(args) -> bool | None:
    if args.progress is not None:
        return args.progress
    return None if sys.stderr.isatty() else False


def plump_table(args, rounds: int | None = None, progress=None):
    from ..rules.plump import PlumpRules
    from ..sim.plump import simulate_plump

    if args.trump == "fixed" and args.trump_suit is None:
        raise RulesError("cli.simulate.fixed_needs_suit", field="--trump-suit")
    if args.trump != "fixed" and args.trump_suit is not None:
        raise RulesError("cli.simulate.suit_needs_fixed", field="--trump-suit")
    rules = PlumpRules(players=args.players, decks=args.decks, trump=args.trump, trump_suit=args.trump_suit,
                       scoring=args.scoring, hook=not args.no_hook)
    if args.cards is not None and args.cards > rules.deck_limit:
        raise RulesError("cli.simulate.too_many_cards", field="--cards", high=rules.deck_limit, players=args.players,
                         value=args.cards)
    if rules.decks == 1:  # two decks are played by the reference engine, which needs no compiling
        _compile("plump")
    table = simulate_plump(rules, policy=args.policy, rounds=args.rounds if rounds is None else rounds,
                           hand_size=args.cards, rng=args.seed, progress=_progress(args) if progress is None else progress,
                           rows=False)
    return table


def femkamp_table(args, games: int | None = None, progress=None):
    from ..rules.femkamp import FemkampRules
    from ..sim.femkamp import femkamp_summary, simulate_femkamp

    rules = FemkampRules(players=args.players)
    _compile("femkamp")
    df = simulate_femkamp(rules, policy=args.policy, games=args.games if games is None else games, rng=args.seed,
                          progress=_progress(args) if progress is None else progress)
    return femkamp_summary(df)


def rummy_table(args, rounds: int | None = None, progress=None):
    from ..sim.rummy import rummy_summary, simulate_rummy, simulation_rules

    rules = simulation_rules(players=args.players)
    _compile("rummy")
    df = simulate_rummy(rules, policy=args.policy, rounds=args.rounds if rounds is None else rounds, rng=args.seed,
                        progress=_progress(args) if progress is None else progress)
    return rummy_summary(df)


def render(table, fmt: str) -> str:
    """The summary as text in ``fmt`` (table, csv or json)."""
    if fmt == "csv":
        return table.to_csv(index=False)
    if fmt == "json":
        return table.to_json(orient="records", indent=1) + "\n"
    return table.to_string(index=False, float_format=lambda v: f"{v:.4f}") + "\n"


def _compile(game: str) -> None:
    """Compile (or load) the game's kernels now, with a message and progress bar if it takes a while."""
    from ..sim.warmup import ensure_compiled

    ensure_compiled(game)


def run(args) -> int:
    check_out_file(args.out, example=f"{args.game}.{args.format if args.format != 'table' else 'txt'}")
    builders = {"plump": plump_table, "femkamp": femkamp_table, "rummy": rummy_table}
    build = builders[args.game]
    total = args.games if args.game == "femkamp" else args.rounds
    # a short timed sample first: a long run says how long it will take, a very long one needs --yes
    per_unit = seconds_per_unit(lambda n: build(args, n, False), total)
    say_how_long(f"cardlab simulate {args.game}", per_unit, total,
                 "cli.unit.games" if args.game == "femkamp" else "cli.unit.rounds", yes=args.yes)
    table = build(args)
    text = render(table, args.format)
    if args.out:
        write_text(args.out, text)
    else:
        sys.stdout.write(text)
    return 0
