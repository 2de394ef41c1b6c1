"""How good are RummySearchBot's single decisions?  Judged with the hands it cannot see.

Positions: every third decision with a choice (a draw with both piles there, or a discard) of any
seat in rounds of RummyBot against itself (3 players, classic rules, dealt from seeds 5000, 5001, …,
before any reshuffle).  Each candidate move is judged by ``--truth`` play-outs to the round's end
(every seat playing like RummyBot's compiled twin) from the *true* hands of the other seats, only the
stock dealt anew; so the judge knows what the search bot does not.  For each setting of the search
(horizon in turns, deals per move, margin in standard errors) the bot decides without seeing those
hands, and the report is its mean gain per decision (the judged penalty of RummyBot's move minus
that of the chosen move; 0 when it keeps RummyBot's move) with the standard error over positions,
for draws and discards apart, and how often it left RummyBot's move::

    python benchmarks/rummy_search_probe.py --positions 300 --truth 1000
    python benchmarks/rummy_search_probe.py --positions 300 --truth 1000 --setting 60,1000,1 --setting 15,2500,0.5

A setting is ``max_turns,deals,margin``; every move is tried in the same deals, as the bot does.
The judge's own noise (``--truth`` deals) is shared by all settings, so settings compare pairwise.

Where does the search leave RummyBot's discard, and why?  ``--why`` sorts those positions by what
RummyBot's card and the search's card are (see :func:`category`) and gives the count and the mean
saving ± SE of each kind.  ``--rule pair,run,dead`` (repeatable) judges, on the same discards, a
changed discard rule: a partner of the same rank counts ``pair`` points, one of the same suit ``run``
points, and with ``dead`` = 1 a partner counts nothing when every card that would make the three with
it is dead, on the discard pile or in a meld on the table (RummyBot here: 2, 2 and 0)::

    python benchmarks/rummy_search_probe.py --positions 300 --truth 1000 --setting 15,750,0.5 --why \
        --rule 2,2,0 --rule 3,2,0 --rule 4,2,0 --rule 5,2,0 --rule 2,2,1 --rule 3,2,1 --rule 4,2,1 \
        --rule 5,2,1 --rule 4,1,1 --rule 4,3,1
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardlab import RummyRules
from cardlab.bots.rummy import RummyBot, connectors, dead_cards
from cardlab.games.melds import deadwood_points
from cardlab.bots.rummy_search import RummySearchBot, _mask
from cardlab.games.rummy import Discard, RummyRound

HEURISTIC = RummyBot()


def positions(count: int, first_seed: int = 5000, every: int = 3) -> list:
    """(view, true hands as masks) of every ``every``-th decision with a choice, RummyBot in every seat."""
    out = []
    r = 0
    while len(out) < count:
        rnd = RummyRound.deal(RummyRules(), dealer=r % 3, rng=first_seed + r, seed=first_seed + r)
        k = 0
        while not rnd.is_over and len(out) < count:
            view = rnd.view(rnd.to_move)
            move = HEURISTIC.choose(view)
            choice = (len(view.legal_actions) > 1 if view.phase == "draw" else isinstance(move, Discard))
            if view.reshuffles == 0 and choice:
                k += 1
                if k % every == 0:
                    out.append((view, [_mask(h) for h in rnd.hands]))
            rnd.apply(move)
        r += 1
    return out


def candidates(view) -> list:
    """RummyBot's move first, then every other draw or discard."""
    first = HEURISTIC.choose(view)
    if view.phase == "draw":
        return [first] + [a for a in view.legal_actions if a != first]
    return [first] + [a for a in view.legal_actions if isinstance(a, Discard) and a != first]


def live(card, partner, dead: set) -> bool:
    """Whether some card that would make the three with ``card`` and ``partner`` is not dead yet."""
    return any(c not in dead for c in connectors(card, partner))


def category(view, ours, theirs) -> str:
    """What kind of change the search made: RummyBot discards ``ours``, the search ``theirs``.

    A partner is a card of the hand of the same rank, or of the same suit at most two apart; it is
    dead when every card that would make the three with it is dead (:func:`dead_cards`)."""
    dead = dead_cards(view)

    def partners(card):
        return [c for c in view.hand if c != card and (c.rank == card.rank or (
            c.suit == card.suit and abs(c.rank.ace_low - card.rank.ace_low) <= 2))]

    ours_live = [c for c in partners(ours) if live(ours, c, dead)]
    theirs_all, theirs_live = partners(theirs), [c for c in partners(theirs) if live(theirs, c, dead)]
    if any(c.rank == ours.rank for c in ours_live) and not any(c.rank == theirs.rank for c in theirs_live):
        return "RummyBot breaks a live pair, the search keeps it"
    if theirs_all and not theirs_live:
        kind = "pair" if any(c.rank == theirs.rank for c in theirs_all) else "near-run"
        return f"the search breaks a {kind} whose connecting cards are all dead"
    if theirs_live:
        return "the search breaks a live pair or near-run"
    if not ours_live:
        return f"both lone cards, the search throws the {'heavier' if theirs.rank.points > ours.rank.points else 'lighter or equal'}"
    return "the search throws a lone card, RummyBot one with live partners"


def rule_discard(view, moves, pair: float, run: float, use_dead: bool):
    """Index in ``moves`` of the discard a changed rule makes (see the module docstring)."""
    dead = dead_cards(view) if use_dead else set()

    def key(i):
        card = moves[i].card
        rest = [c for c in view.hand if c != card]
        cost = float(deadwood_points(tuple(rest)))
        for c in rest:
            if c.rank == card.rank or (c.suit == card.suit and abs(c.rank.ace_low - card.rank.ace_low) <= 2):
                if not use_dead or live(card, c, dead):
                    cost += pair if c.rank == card.rank else run
        if HEURISTIC.danger(view, card):
            cost += HEURISTIC.DANGER_WEIGHT
        return (cost, -card.rank.points, card.index)

    return min(range(len(moves)), key=key)


def mean_se(values) -> str:
    g = np.array(values, float)
    se = g.std(ddof=1) / np.sqrt(len(g)) if len(g) > 1 else float("nan")
    return f"{g.mean():+.3f} ± {se:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--truth", type=int, default=1000, help="judging play-outs per move (true hands)")
    parser.add_argument("--setting", action="append", default=None, help="max_turns,deals,margin (repeatable)")
    parser.add_argument("--why", action="store_true", help="sort the discards the search changes by kind")
    parser.add_argument("--rule", action="append", default=[], help="pair,run,dead: judge a changed discard rule")
    args = parser.parse_args(argv)
    settings = [tuple(float(x) for x in s.split(",")) for s in (args.setting or
                ["60,60,2", "60,1000,1", "15,750,0.5", "15,2500,0.5", "15,2500,1"])]
    start = time.perf_counter()
    pos = positions(args.positions)
    judge = RummySearchBot(rng=10_000, samples=args.truth, max_turns=10_000)
    saved, moves = [], []
    for view, hands in pos:
        moves.append(candidates(view))
        (sums, _), worlds = judge._search(view, moves[-1], hands=hands)
        saved.append(sums[0] / worlds - sums / worlds)
    phases = [view.phase for view, _ in pos]
    print(f"{len(pos)} positions ({phases.count('draw')} draws, {phases.count('meld')} discards), judged with "
          f"{args.truth} play-outs per move from the true hands ({time.perf_counter() - start:.0f} s)")
    print(f"  best move in hindsight (noisy upper bound): draws {np.mean([s.max() for s, p in zip(saved, phases) if p == 'draw']):+.3f}, "
          f"discards {np.mean([s.max() for s, p in zip(saved, phases) if p == 'meld']):+.3f} points per decision")
    for max_turns, deals, margin in settings:
        bot = RummySearchBot(rng=1, samples=int(deals), max_turns=int(max_turns), margin=margin)
        gains: dict[str, list] = {"draw": [], "meld": []}
        kinds: dict[str, list] = {}
        left = {"draw": 0, "meld": 0}
        t = time.perf_counter()
        for i, (view, _) in enumerate(pos):
            bot.rng = np.random.default_rng(777 + i)
            (sums, squares), worlds = bot._search(view, candidates(view))
            best = bot.pick(sums, squares, worlds)
            left[view.phase] += best != 0
            gains[view.phase].append(saved[i][best])
            if best and view.phase == "meld":
                kinds.setdefault(category(view, moves[i][0].card, moves[i][best].card), []).append(saved[i][best])
        parts = []
        for phase, name in (("draw", "draws"), ("meld", "discards")):
            g = np.array(gains[phase])
            parts.append(f"{name} {g.mean():+.3f} ± {g.std(ddof=1) / np.sqrt(len(g)):.3f} (left {left[phase]}/{len(g)})")
        print(f"  max_turns {int(max_turns):>3}, {int(deals):>4} deals, margin {margin:.1f}: gain per decision "
              + ", ".join(parts) + f"  ({time.perf_counter() - t:.0f} s)")
        if args.why:
            for kind, values in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
                print(f"      {kind}: {len(values)}, saving {mean_se(values)} per change")
    discards = [i for i, (view, _) in enumerate(pos) if view.phase == "meld"]
    for text in args.rule:
        pair, run, dead = (float(x) for x in text.split(","))
        picks = [rule_discard(pos[i][0], moves[i], pair, run, bool(dead)) for i in discards]
        gains = [saved[i][k] for i, k in zip(discards, picks)]
        changed = [g for g, k in zip(gains, picks) if k]
        print(f"  rule pair {pair:g}, run {run:g}, dead partners {'count nothing' if dead else 'count'}: "
              f"gain per discard {mean_se(gains)}, changed {len(changed)}/{len(gains)}"
              + (f" (saving {mean_se(changed)} per change)" if len(changed) > 1 else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
