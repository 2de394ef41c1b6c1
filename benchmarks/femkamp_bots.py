"""How much better than random play is FemkampBot?  Mean totals with 95% confidence intervals.

Two measurements, each over the same seeded 4-player deals (seed = game number):

1. **Same policy at every seat** (all heuristic, then all random): the mean total
   per player.  Note what this can and cannot show: in every trick round the
   points handed out add up to a fixed sum whatever is played (13 tricks in the
   pass round, 13 clubs, 4 queens, −13 in grand), so the mean per player only
   moves with the kabal round, where prikks and cards left depend on how
   everyone plays.  Cautious kabal play (holding back sevens) gives *every* seat
   more prikks, so this number measures how "open" a table is, not who plays better.
2. **One seat against three random players** (the seat rotates with the seed):
   the mean total of that seat when it is the heuristic bot, versus when it is
   random too.  This is the comparison that shows playing strength.
3. **FemkampSearchBot against FemkampBot** (``--search``): in game ``g`` (seed ``seed + g``) seat
   ``g % 4`` is the search bot and the other three play FemkampBot; the same game is played again
   with FemkampBot in that seat too.  The difference of that seat's totals (heuristic − search;
   positive: the search bot scores fewer points) is reported with its standard error and z, per
   round too, and the search bot's milliseconds per decision (prikks and one-card moves, which it
   answers without searching, included).

4. **FemkampBot against an earlier FemkampBot** (``--against REV``: the bot as it was in git revision
   ``REV``, loaded from ``cardlab/bots/femkamp.py`` of that revision): in game ``g`` (seed ``seed + g``)
   seat ``g % 4`` is today's FemkampBot, then the earlier one, on the same deal; the other three seats
   are the earlier bot (and, in a second line, today's bot).  The difference of that seat's totals
   (earlier − today; positive: today's bot scores fewer points) is reported with its standard error
   and z, per round too.

Run: ``python benchmarks/femkamp_bots.py [--games 1000]``
     ``python benchmarks/femkamp_bots.py --search --games 1000 [--rollouts 3000] [--seed 0]``
     ``python benchmarks/femkamp_bots.py --against a8701d2 --games 1000 [--seed 0]``
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardlab import FemkampBot, FemkampGame, FemkampRules, FemkampSearchBot, RandomBot, play_out
from cardlab.rules.femkamp import ROUND_NAMES

from bot_revision import class_at_revision


def interval(values: np.ndarray) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    return float(values.mean()), float(1.96 * values.std(ddof=1) / np.sqrt(len(values)))


def same_policy(policy: str, games: int) -> dict[str, np.ndarray]:
    """Every seat plays ``policy``; per-player totals and per-round scores, flattened over seats."""
    totals, rounds = [], []
    for seed in range(games):
        bots = [FemkampBot()] * 4 if policy == "heuristic" else [RandomBot(rng=seed * 10 + i) for i in range(4)]
        game = play_out(FemkampGame.start(FemkampRules(), seed=seed), bots)
        totals += game.totals
        rounds += [[r.scores[s] for r in game.results] for s in range(4)]
    return {"totals": np.array(totals, float), "rounds": np.array(rounds, float)}


def one_seat(policy: str, games: int) -> dict[str, np.ndarray]:
    """Seat ``seed % 4`` plays ``policy``, the other three play at random."""
    totals, rounds = [], []
    for seed in range(games):
        hero = seed % 4
        bots = [RandomBot(rng=seed * 10 + i) for i in range(4)]
        if policy == "heuristic":
            bots[hero] = FemkampBot()
        game = play_out(FemkampGame.start(FemkampRules(), seed=seed), bots)
        totals.append(game.totals[hero])
        rounds.append([r.scores[hero] for r in game.results])
    return {"totals": np.array(totals, float), "rounds": np.array(rounds, float)}


def report(title: str, data: dict[str, np.ndarray], seconds: float) -> None:
    mean, half = interval(data["totals"])
    per_round = "  ".join(f"{name} {m:+.2f}±{h:.2f}" for name, (m, h) in
                          zip(ROUND_NAMES, (interval(data["rounds"][:, i]) for i in range(5))))
    print(f"{title:<38} mean total {mean:6.2f} ± {half:.2f}   ({seconds:.1f} s)")
    print(f"{'':<38} per round: {per_round}")


class _Timed:
    """Wraps a bot and adds up the time its decisions take."""

    def __init__(self, bot) -> None:
        self.bot, self.seconds, self.decisions = bot, 0.0, 0

    def decide(self, view):
        start = time.perf_counter()
        decision = self.bot.decide(view)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return decision

    def choose(self, view):
        return self.decide(view).action


def search_against_heuristic(games: int, seed: int, rollouts: int) -> dict:
    """Seat ``g % 4`` of game ``g`` is FemkampSearchBot, then FemkampBot, against three FemkampBots."""
    diffs, rounds = [], []
    seconds = decisions = 0
    for g in range(games):
        hero = g % 4
        timed = _Timed(FemkampSearchBot(rng=seed * 100_003 + g, rollouts=rollouts))
        bots = [FemkampBot() for _ in range(4)]
        bots[hero] = timed
        searched = play_out(FemkampGame.start(FemkampRules(), seed=seed + g), bots)
        plain = play_out(FemkampGame.start(FemkampRules(), seed=seed + g), [FemkampBot() for _ in range(4)])
        diffs.append(plain.totals[hero] - searched.totals[hero])
        rounds.append([p.scores[hero] - s.scores[hero] for p, s in zip(plain.results, searched.results)])
        seconds += timed.seconds
        decisions += timed.decisions
    return {"diffs": np.array(diffs, float), "rounds": np.array(rounds, float), "ms": 1000 * seconds / decisions}


def against_revision(games: int, seed: int, earlier) -> dict:
    """Seat ``g % 4`` of game ``g`` is today's FemkampBot, then ``earlier``; the field is ``earlier``, then today's."""
    out = {}
    for field, make in (("earlier", earlier), ("today", FemkampBot)):
        diffs, rounds = [], []
        for g in range(games):
            hero = g % 4
            games_played = []
            for hero_bot in (FemkampBot, earlier):
                bots = [make() for _ in range(4)]
                bots[hero] = hero_bot()
                games_played.append(play_out(FemkampGame.start(FemkampRules(), seed=seed + g), bots))
            today, before = games_played
            diffs.append(before.totals[hero] - today.totals[hero])
            rounds.append([b.scores[hero] - t.scores[hero] for b, t in zip(before.results, today.results)])
        out[field] = {"diffs": np.array(diffs, float), "rounds": np.array(rounds, float)}
    return out


def report_against(data: dict, games: int, seed: int, revision: str, seconds: float) -> None:
    print(f"FemkampBot vs FemkampBot of {revision}, {games} games, seeds {seed}..{seed + games - 1}, seats rotated; "
          f"positive = today's bot scores fewer points  ({seconds:.0f} s)")
    for field, label in (("earlier", f"the other three play the bot of {revision}"),
                         ("today", "the other three play today's bot")):
        d = data[field]["diffs"]
        mean, se = float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))
        print(f"  {label}: total per game {mean:+.3f} ± {se:.3f} (SE)   z = {mean / se if se > 0 else float('inf'):+.1f}")
        per_round = []
        for i, name in enumerate(ROUND_NAMES):
            r = data[field]["rounds"][:, i]
            rse = float(r.std(ddof=1) / np.sqrt(len(r)))
            per_round.append(f"{name} {r.mean():+.3f} ± {rse:.3f}")
        print(f"    per round: {'   '.join(per_round)}")


def report_search(data: dict, games: int, seed: int, rollouts: int, seconds: float) -> None:
    d = data["diffs"]
    mean, se = float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))
    print(f"FemkampSearchBot(rollouts={rollouts}) vs FemkampBot, {games} games, seeds {seed}..{seed + games - 1}, "
          f"seats rotated; positive = the search bot scores fewer points")
    print(f"  total per game: {mean:+.3f} ± {se:.3f} (SE)   z = {mean / se if se > 0 else float('inf'):+.1f}   "
          f"{data['ms']:.1f} ms per decision   ({seconds:.0f} s)")
    for i, name in enumerate(ROUND_NAMES):
        r = data["rounds"][:, i]
        rse = float(r.std(ddof=1) / np.sqrt(len(r)))
        print(f"  {name:<7} {r.mean():+.3f} ± {rse:.3f}   z = {r.mean() / rse if rse > 0 else float('nan'):+.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--search", action="store_true", help="FemkampSearchBot against FemkampBot instead")
    parser.add_argument("--rollouts", type=int, default=3000, help="the search bot's play-outs per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (search and --against runs)")
    parser.add_argument("--against", metavar="REV", help="today's FemkampBot against the one of git revision REV")
    args = parser.parse_args()
    if args.against:
        start = time.perf_counter()
        data = against_revision(args.games, args.seed, class_at_revision("cardlab/bots/femkamp.py", "FemkampBot", args.against))
        report_against(data, args.games, args.seed, args.against, time.perf_counter() - start)
        return
    if args.search:
        start = time.perf_counter()
        data = search_against_heuristic(args.games, args.seed, args.rollouts)
        report_search(data, args.games, args.seed, args.rollouts, time.perf_counter() - start)
        return
    print(f"Femkamp, 4 players, classic rules, {args.games} seeded games per run; lower is better.\n")
    for label, run in (("all seats heuristic", lambda: same_policy("heuristic", args.games)),
                       ("all seats random", lambda: same_policy("random", args.games)),
                       ("one heuristic seat vs 3 random", lambda: one_seat("heuristic", args.games)),
                       ("one random seat vs 3 random", lambda: one_seat("random", args.games))):
        start = time.perf_counter()
        data = run()
        report(label, data, time.perf_counter() - start)


if __name__ == "__main__":
    main()
