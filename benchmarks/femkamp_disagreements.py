"""Where does FemkampSearchBot leave FemkampBot's card, and what does it save there?

Positions: the decisions of seat ``g % 4`` in game ``g`` (seed ``seed + g``) of whole Femkamp games
with FemkampBot in every seat (4 players, classic rules).  At each decision with more than one card
the search bot (``FemkampSearchBot(rng=seed * 100_003 + g)``, default 3000 play-outs) decides from the
seat's view too.  A situation is the round and FemkampBot's reason (its message key: ``duck``,
``lead_under_queen``, ``discard_high``, …).  Where the two cards differ, both are judged with the
*true* hands: the rest of the round is played out in the engine with FemkampBot in every seat, once
after each card, and the seat's points are compared (saved = points after FemkampBot's card − points
after the search's card; positive: the search's card was better).  The judge knows the hidden hands
the search only imagines, but plays the rest of the round like FemkampBot, so "saved" is "saved if
everyone then plays FemkampBot's rules" — one deal per position, so the mean over many positions is
what counts (SE over positions).

The table gives, per situation: decisions, how often the search left FemkampBot's card, the mean
points saved where it did (± SE), and the saving per decision of that situation (the share of the
round's gain it explains).  With ``--detail`` it also splits the disagreements by what the search
played instead (higher or lower than FemkampBot's card of the same suit, or a card of a suit it holds fewer,
as many or more cards of).

Run::

    python benchmarks/femkamp_disagreements.py --games 300 --seed 0
    python benchmarks/femkamp_disagreements.py --games 300 --seed 0 --rounds queens --detail
"""

from __future__ import annotations

import argparse
import copy
import time
from collections import defaultdict

import numpy as np

from cardlab import FemkampBot, FemkampGame, FemkampRules, FemkampSearchBot
from cardlab.rules.femkamp import ROUND_NAMES

HEURISTIC = FemkampBot()


def round_points(rnd, seat: int, first) -> int:
    """The seat's points for the round when ``first`` is played now and FemkampBot plays every move after."""
    rnd = copy.deepcopy(rnd)
    rnd.apply(first)
    while not rnd.is_over:
        rnd.apply(HEURISTIC.choose(rnd.view(rnd.to_move)))
    return rnd.scores()[seat]


def relation(hand, bot_card, search_card) -> str:
    """What the search played instead of FemkampBot's card, in a few words (suit lengths as held before the move).

    >>> from cardlab.cards import parse_cards
    >>> relation(parse_cards("2C 5C 9C KD"), *parse_cards("2C KD"))
    'a shorter suit'
    """
    if search_card.suit is bot_card.suit:
        return "higher, same suit" if search_card.rank > bot_card.rank else "lower, same suit"
    mine, other = (sum(1 for c in hand if c.suit is card.suit) for card in (bot_card, search_card))
    return "a shorter suit" if other < mine else "a longer suit" if other > mine else "a suit as long"


def collect(games: int, seed: int, rounds: set[str], rollouts: int) -> list[dict]:
    """One record per decision of the hero seat (with more than one card) in ``rounds``."""
    records = []
    for g in range(games):
        hero = g % 4
        search = FemkampSearchBot(rng=seed * 100_003 + g, rollouts=rollouts)
        game = FemkampGame.start(FemkampRules(), seed=seed + g)
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            decision = HEURISTIC.decide(view)
            name = game.round_name
            if seat == hero and name in rounds and len(view.legal_actions) > 1:
                other = search.decide(view).action
                record = {"game": g, "round": name, "situation": decision.reason.key.rsplit(".", 1)[1],
                          "left": other != decision.action, "saved": 0.0, "how": ""}
                if record["left"]:
                    rnd = game.round
                    record["saved"] = float(round_points(rnd, seat, decision.action) - round_points(rnd, seat, other))
                    record["how"] = relation(view.hand, decision.action.card, other.card)
                records.append(record)
            game.apply(decision.action)
    return records


def mean_se(values) -> tuple[float, float]:
    v = np.asarray(values, float)
    if len(v) == 0:
        return float("nan"), float("nan")
    return float(v.mean()), (float(v.std(ddof=1) / np.sqrt(len(v))) if len(v) > 1 else float("nan"))


def table(records: list[dict], games: int, detail: bool) -> None:
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in records:
        groups[(ROUND_NAMES.index(r["round"]), r["round"], r["situation"])].append(r)
    print(f"{'round':<7} {'situation':<18} {'decisions':>9} {'left':>6} {'left %':>6}   "
          f"{'saved where left (± SE)':>24}   {'per game':>8}")
    for (_, name, situation), rows in sorted(groups.items()):
        left = [r for r in rows if r["left"]]
        mean, se = mean_se([r["saved"] for r in left])
        per_game = sum(r["saved"] for r in left) / games
        print(f"{name:<7} {situation:<18} {len(rows):>9} {len(left):>6} {100 * len(left) / len(rows):>5.1f}%   "
              f"{mean:>+10.3f} ± {se:<11.3f}   {per_game:>+8.3f}")
        if detail:
            by_how: dict[str, list[float]] = defaultdict(list)
            for r in left:
                by_how[r["how"]].append(r["saved"])
            for how, saved in sorted(by_how.items()):
                m, s = mean_se(saved)
                print(f"{'':<7}   {how:<16} {'':>9} {len(saved):>6} {'':>6}   {m:>+10.3f} ± {s:<11.3f}")
    print()
    for name in ROUND_NAMES:
        rows = [r for r in records if r["round"] == name]
        if rows:
            left = [r for r in rows if r["left"]]
            total = np.zeros(games)
            for r in left:
                total[r["game"]] += r["saved"]
            m, s = mean_se(total)
            print(f"{name:<7} all: {len(rows)} decisions, left {len(left)} ({100 * len(left) / len(rows):.1f}%), "
                  f"saved per game {m:+.3f} ± {s:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games (one seat each, rotating; default 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--rounds", default="pass,clubs,queens,grand",
                        help="comma-separated rounds to look at (default the four trick rounds)")
    parser.add_argument("--rollouts", type=int, default=3000, help="the search bot's play-outs per decision")
    parser.add_argument("--detail", action="store_true", help="split disagreements by what the search played")
    args = parser.parse_args()
    rounds = {r.strip() for r in args.rounds.split(",")}
    unknown = rounds - set(ROUND_NAMES)
    if unknown:
        parser.error(f"unknown round(s) {', '.join(sorted(unknown))}: choose from {', '.join(ROUND_NAMES)}")
    start = time.perf_counter()
    records = collect(args.games, args.seed, rounds, args.rollouts)
    print(f"FemkampBot's decisions (seat g % 4 of game g, seeds {args.seed}..{args.seed + args.games - 1}) where "
          f"FemkampSearchBot(rollouts={args.rollouts}) plays another card; saved = points with FemkampBot's card "
          f"− with the search's, judged by one play-out from the true hands ({time.perf_counter() - start:.0f} s)\n")
    table(records, args.games, args.detail)


if __name__ == "__main__":
    main()
