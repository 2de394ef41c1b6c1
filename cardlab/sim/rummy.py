"""Simulated Rummy rounds (reference engine): one row per round × seat.

>>> df = simulate_rummy(rounds=3, rng=1, progress=False)
>>> len(df), int(df.groupby("round").went_out.sum().max()) <= 1
(9, True)
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import pandas as pd

from .engine_runs import bot_rng, make_bots, play, policy_label, run_seeds
from .stats import mean_interval, wilson_interval


def _factories():
    from ..bots.rummy import RummyBot, RummyRandomBot

    return {"random": lambda seed, seat: RummyRandomBot(rng=bot_rng(seed, seat)),
            "heuristic": lambda seed, seat: RummyBot()}


def replay_rummy_round(rules=None, seed: int = 0, policy: "str | Sequence[Any]" = "random", *, dealer: int | None = None):
    """Play the round stored under ``seed`` again with the reference engine; returns the finished round."""
    from ..games.rummy import RummyRound
    from ..rules.rummy import RummyRules

    rules = rules or RummyRules()
    rnd = RummyRound.deal(rules, dealer=dealer, rng=np.random.default_rng(seed), seed=seed)
    return play(rnd, make_bots(policy, rules.players, seed, _factories()))


def simulate_rummy(rules=None, *, policy: "str | Sequence[Any]" = "random", bots=None, rounds: int = 100,
                   dealer: "int | str | None" = None, rng=None, progress=None) -> pd.DataFrame:
    """Play ``rounds`` single Rummy rounds; columns round, seed, seat, dealer, seat_from_leader (0 starts),
    went_out, no_winner, went_rummy, penalty, cards_left, turns, reshuffles."""
    from ..rules.rummy import RummyRules

    rules = rules or RummyRules()
    chosen = bots if bots is not None else policy
    make_bots(chosen, rules.players, 0, _factories())

    def work(index: int, seed: int) -> list[dict]:
        d = index % rules.players if dealer == "rotate" else (rules.first_dealer if dealer is None else int(dealer))
        rnd = replay_rummy_round(rules, seed, chosen, dealer=d)
        scores = rnd.scores()
        return [{
            "round": index, "seed": seed, "seat": seat, "dealer": d, "seat_from_leader": (seat - d - 1) % rules.players,
            "went_out": rnd.winner == seat, "no_winner": rnd.winner is None, "went_rummy": bool(rnd.went_rummy),
            "penalty": scores[seat], "cards_left": len(rnd.hands[seat]), "turns": rnd.turns,
            "reshuffles": rnd.reshuffles,
        } for seat in range(rules.players)]

    df = pd.DataFrame(run_seeds(rng, rounds, work, progress, "round"))
    df.attrs.update({"game": "rummy", "rules": rules.to_dict(), "fingerprint": rules.fingerprint(),
                     "policy": policy_label(chosen), "rounds": rounds, "engine": "reference"})
    return df


def rummy_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per seat from the leader: go-out rate (Wilson 95 %), mean penalty with a 95 % interval, round length."""
    players = int(df.seat.max()) + 1
    g = df.groupby("seat_from_leader")
    n = g.size().to_numpy()
    out = g.went_out.sum().to_numpy()
    low, high = wilson_interval(out, n)
    mean, plow, phigh = mean_interval(g.penalty.sum(), (df.penalty.astype(float) ** 2).groupby(df.seat_from_leader).sum(), n)
    return pd.DataFrame({
        "players": players, "policy": df.attrs.get("policy", ""), "seat_from_leader": np.arange(players),
        "rounds": n, "p_out": out / n, "ci_low": low, "ci_high": high,
        "mean_penalty": mean, "penalty_low": plow, "penalty_high": phigh,
        "mean_turns": g.turns.mean().to_numpy(), "p_no_winner": g.no_winner.mean().to_numpy(),
    })
