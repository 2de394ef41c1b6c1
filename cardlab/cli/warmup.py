"""``cardlab warmup``: compile the fast simulator for every game now, once per machine.

::

    cardlab warmup                  # Plump, Femkamp and Rummy (about 1½ minutes of computing; it says how long first)
    cardlab warmup --game plump     # one game

Compiled code is kept in numba's on-disk cache, so afterwards every new
process starts its first simulation of each game within a few seconds.
``make lab`` runs it once.  See :mod:`cardlab.sim.warmup`.
"""

from __future__ import annotations

from ..i18n import tr
from .common import add_lang


def add_parser(subparsers) -> None:
    from ..sim.warmup import GAMES

    parser = subparsers.add_parser("warmup", help="compile the fast simulator for every game now (once per machine)",
                                   description=__doc__.split("\n\n")[0].replace("``", ""))
    parser.add_argument("--game", action="append", choices=GAMES, default=None,
                        help="compile only this game (repeat for more; default: all)")
    add_lang(parser)
    parser.set_defaults(run=run)


def run(args) -> int:
    from ..sim.warmup import GAMES, warmup

    for game, seconds in warmup(args.game or GAMES, progress=None).items():
        print(tr("cli.warmup.ready", game=game, seconds=seconds))
    return 0
