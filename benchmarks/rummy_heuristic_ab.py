"""Is today's RummyBot better than an earlier one?  Paired rounds, same deals, seats rotated.

The earlier RummyBot is read from a git revision (``--old``, the file ``cardlab/bots/rummy.py`` as
it was then), so nothing of it has to be kept in the package.  Round ``r`` (3 players unless
``--players``, classic rules with at most 3 reshuffles of the stock, dealt from seed ``seed + r``,
dealer ``r % players``) is played twice: once with today's RummyBot in seat ``r % players`` and the
earlier one in the other seats, once with the earlier one in every seat.  The report is the mean of
that seat's penalty points (earlier − today; positive: today's bot pays fewer) with its standard
error and z, and how often that seat went out.  The reshuffle limit is the one the simulations and
the shipped tables use: without it a few deals never end (seeds 201, 396 and 517 of classic rules ran
past 37,000 turns with RummyBot of a8701d2 in every seat, three players each holding one card of the
same run), and within it RummyBot plays exactly as its compiled twin::

    python benchmarks/rummy_heuristic_ab.py --old a8701d2 --rounds 2000 [--seed 0] [--players 3] [--pair 4]

``--pair W`` tries a rule that was not kept: today's bot, but a live partner of the same rank (a pair)
is worth ``W`` penalty points instead of :attr:`RummyBot.PARTNER_WEIGHT`.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from cardlab import RummyRules
from cardlab.bots.rummy import RummyBot, _near, connectors, dead_cards
from cardlab.games.rummy import RummyRound
from cardlab.sim.rummy import SIMULATION_RESHUFFLES

from bot_revision import class_at_revision


def pair_weighted(weight: float) -> type:
    """Today's RummyBot with a live same-rank partner worth ``weight`` points (``--pair``)."""

    class PairBot(RummyBot):
        def partner_points(self, view, card, rest):
            dead = dead_cards(view)
            live = [c for c in rest if c != card and (c.rank == card.rank or _near(card, c))
                    and any(x not in dead for x in connectors(card, c))]
            return sum(weight if c.rank == card.rank else self.PARTNER_WEIGHT for c in live)

    return PairBot


def play(rules: RummyRules, r: int, seed: int, bots: list) -> RummyRound:
    rnd = RummyRound.deal(rules, dealer=r % rules.players, rng=seed + r, seed=seed + r)
    while not rnd.is_over:
        rnd.apply(bots[rnd.to_move].choose(rnd.view(rnd.to_move)))
    return rnd


def compare(old_class, rounds: int, seed: int, new_class: type = RummyBot, players: int = 3) -> dict:
    rules = RummyRules(players=players, max_reshuffles=SIMULATION_RESHUFFLES)
    new, old = new_class(), old_class()
    diffs, outs, changed = [], [0, 0], 0
    for r in range(rounds):
        hero = r % rules.players
        with_new = play(rules, r, seed, [new if s == hero else old for s in range(rules.players)])
        with_old = play(rules, r, seed, [old] * rules.players)
        diffs.append(with_old.scores()[hero] - with_new.scores()[hero])
        outs[0] += with_new.winner == hero
        outs[1] += with_old.winner == hero
        changed += with_new.turns != with_old.turns or with_new.scores() != with_old.scores()
    return {"diffs": np.array(diffs, float), "outs": outs, "changed": changed, "rules": rules}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="git revision of the earlier RummyBot")
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first round")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pair", type=float, default=None, help="a live pair partner is worth this many points")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = compare(class_at_revision("cardlab/bots/rummy.py", "RummyBot", args.old), args.rounds, args.seed, RummyBot if args.pair is None else pair_weighted(args.pair), args.players)
    d, rules = data["diffs"], data["rules"]
    mean, se = float(d.mean()), float(d.std(ddof=1) / math.sqrt(len(d)))
    which = "RummyBot (this tree)" + ("" if args.pair is None else f" with a live pair partner worth {args.pair:g}")
    print(f"{which} vs RummyBot at {args.old}, {args.players} players, rules {rules.fingerprint()} "
          f"({rules.changed_options() or 'classic'}), {args.rounds} rounds, seeds {args.seed}..{args.seed + args.rounds - 1}, "
          f"seats rotated; positive = today's bot pays fewer penalty points")
    print(f"  penalty per round: {mean:+.3f} ± {se:.3f} (SE)   z = {mean / se if se > 0 else float('inf'):+.1f}   "
          f"went out {data['outs'][0] / args.rounds:.1%} (earlier bot in that seat {data['outs'][1] / args.rounds:.1%})   "
          f"rounds that went differently {data['changed']}   ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
