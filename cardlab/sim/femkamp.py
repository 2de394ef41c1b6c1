"""Simulated Femkamp games (reference engine): one row per game × round × seat.

>>> df = simulate_femkamp(games=2, rng=1, progress=False)
>>> len(df), sorted(df.round_name.unique())
(40, ['clubs', 'grand', 'kabal', 'pass', 'queens'])
>>> trick_rounds = df[df.round_name != "kabal"]
>>> sorted(set(trick_rounds.groupby(["game", "round"]).tricks.sum()))
[13]
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import pandas as pd

from .engine_runs import bot_rng, make_bots, play, policy_label, run_seeds
from .stats import mean_interval, wilson_interval


def _factories():
    from ..bots.base import RandomBot
    from ..bots.femkamp import FemkampBot

    return {"random": lambda seed, seat: RandomBot(rng=bot_rng(seed, seat)),
            "heuristic": lambda seed, seat: FemkampBot()}


def replay_femkamp_game(rules=None, seed: int = 0, policy: "str | Sequence[Any]" = "random"):
    """Play the game stored under ``seed`` again with the reference engine; returns the finished game."""
    from ..games.femkamp import FemkampGame
    from ..rules.femkamp import FemkampRules

    rules = rules or FemkampRules()
    game = FemkampGame.start(rules, seed=seed)
    return play(game, make_bots(policy, rules.players, seed, _factories()))


def simulate_femkamp(rules=None, *, policy: "str | Sequence[Any]" = "random", bots=None, games: int = 100, rng=None,
                     progress=None) -> pd.DataFrame:
    """Play ``games`` whole Femkamp games; columns game, seed, round, round_name, seat, dealer,
    seat_from_leader, tricks, clubs, queens, prikks, cards_left, score, total (running) and won."""
    from ..rules.femkamp import FemkampRules

    rules = rules or FemkampRules()
    chosen = bots if bots is not None else policy
    make_bots(chosen, rules.players, 0, _factories())  # check the policy before playing

    def work(index: int, seed: int) -> list[dict]:
        game = replay_femkamp_game(rules, seed, chosen)
        winners = set(game.winners())
        out, totals = [], [0] * rules.players
        for number, res in enumerate(game.results, start=1):
            for seat in range(rules.players):
                totals[seat] += res.scores[seat]
                out.append({
                    "game": index, "seed": seed, "round": number, "round_name": res.name, "seat": seat,
                    "dealer": res.dealer, "seat_from_leader": (seat - res.dealer - 1) % rules.players,
                    "tricks": res.tricks[seat] if res.tricks else 0, "clubs": res.clubs[seat] if res.clubs else 0,
                    "queens": res.queens[seat] if res.queens else 0, "prikks": res.prikks[seat] if res.prikks else 0,
                    "cards_left": res.cards_left[seat] if res.cards_left else 0, "score": res.scores[seat],
                    "total": totals[seat], "won": seat in winners,
                })
        return out

    df = pd.DataFrame(run_seeds(rng, games, work, progress, "game"))
    df.attrs.update({"game": "femkamp", "rules": rules.to_dict(), "fingerprint": rules.fingerprint(),
                     "policy": policy_label(chosen), "games": games, "engine": "reference"})
    return df


def round_score_distribution(df: pd.DataFrame) -> pd.DataFrame:
    """Share of player-rounds with each score, per round (rows: round_name × score)."""
    counts = df.groupby(["round_name", "score"]).size().rename("count").reset_index()
    counts["share"] = counts["count"] / counts.groupby("round_name")["count"].transform("sum")
    return counts


def femkamp_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per round (and ``total``) × seat: mean score with a 95 % interval, and each seat's win rate (Wilson)."""
    players = int(df.seat.max()) + 1
    games = int(df.game.nunique())
    last = df[df["round"] == df["round"].max()]
    rows = []
    order = list(dict.fromkeys(df.sort_values("round").round_name))
    for name in order + ["total"]:
        part = last.assign(score=last.total) if name == "total" else df[df.round_name == name]
        g = part.groupby("seat").score
        mean, low, high = mean_interval(g.sum(), (part.score.astype(float) ** 2).groupby(part.seat).sum(), g.size())
        row = pd.DataFrame({"players": players, "games": games, "policy": df.attrs.get("policy", ""), "round": name,
                            "seat": np.arange(players), "mean_score": mean, "score_low": low, "score_high": high,
                            "p_zero": (part.score == 0).groupby(part.seat).mean().to_numpy()})
        if name == "total":
            wins = last.groupby("seat").won.sum().to_numpy()
            wl, wh = wilson_interval(wins, np.full(players, games))
            row["p_win"], row["win_low"], row["win_high"] = wins / games, wl, wh
        rows.append(row)
    return pd.concat(rows, ignore_index=True)
