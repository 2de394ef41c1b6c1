"""Simulated Femkamp games (reference engine): one row per game × round × seat.

>>> df = simulate_femkamp(games=2, rng=1, progress=False, engine="reference")
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


def kernel_deals(rules, seed: int) -> list[dict]:
    """The deals of the kernel game stored under ``seed``, as ``FemkampGame`` set-up deals.

    They are the deals of a heuristic kernel game (a random kernel game draws its
    choices from the same stream, so only its first deal is the same).
    """
    from ..cards import Card
    from ..kernels.femkamp_kernel import ROUND_CODES, deal_games

    names = list(rules.round_order)
    codes = np.array([ROUND_CODES[n] for n in names], np.int64)
    dealers = np.array([rules.dealer_for_round(i) for i in range(len(names))], np.int64)
    masks = np.zeros((len(names), rules.players), np.uint64)
    deal_games(int(seed), rules.players, codes, dealers, masks)
    deals = []
    for r in range(len(names)):
        hands = [" ".join(Card.from_index(i).code for i in range(52) if (int(m) >> i) & 1) for m in masks[r]]
        deals.append({"hands": hands, "table": ""} if names[r] == "kabal" else {"hands": hands})
    return deals


def replay_femkamp_game(rules=None, seed: int = 0, policy: "str | Sequence[Any]" = "random", *, engine: str = "reference"):
    """Play the game stored under ``seed`` again with the reference engine; returns the finished game.

    ``engine="reference"`` replays a row made by the reference engine;
    ``engine="kernel"`` replays a heuristic row made by the kernel (its deals come
    from :func:`kernel_deals`).
    """
    from ..games.femkamp import FemkampGame
    from ..rules.femkamp import FemkampRules

    rules = rules or FemkampRules()
    setup = {"deals": kernel_deals(rules, seed)} if engine == "kernel" else None
    game = FemkampGame.start(rules, seed=seed, setup=setup)
    return play(game, make_bots(policy, rules.players, seed, _factories()))


def simulate_femkamp(rules=None, *, policy: "str | Sequence[Any]" = "random", bots=None, games: int = 100, rng=None,
                     progress=None, engine: str = "auto") -> pd.DataFrame:
    """Play ``games`` whole Femkamp games; columns game, seed, round, round_name, seat, dealer,
    seat_from_leader, tricks, clubs, queens, prikks, cards_left, score, total (running) and won.

    ``engine="auto"`` plays random games with the compiled kernel
    (:mod:`cardlab.kernels.femkamp_kernel`: same rules, its own random draws, so
    a row replays with the reference engine only when it was made there) and
    everything else with the reference engine; ``engine="reference"`` forces
    the engine, whose games :func:`replay_femkamp_game` repeats exactly.
    """
    from ..errors import RulesError
    from ..i18n import Message
    from ..rules.femkamp import FemkampRules

    rules = rules or FemkampRules()
    chosen = bots if bots is not None else policy
    make_bots(chosen, rules.players, 0, _factories())  # check the policy before playing
    if engine not in ("auto", "kernel", "reference"):
        raise RulesError("rules.invalid", field="engine", problem=Message("sim.engine_choice", {"value": repr(engine)}))
    named = chosen if chosen in ("random", "heuristic") else None
    if engine == "kernel" and named is None:
        raise RulesError("rules.invalid", field="engine", problem=Message("sim.kernel_policies", {"game": "Femkamp"}))
    if engine != "reference" and named is not None:
        _check_kernel_rules(rules)
        df = _kernel_games(rules, games, rng, progress, heuristic=named == "heuristic")
        df.attrs.update({"game": "femkamp", "rules": rules.to_dict(), "fingerprint": rules.fingerprint(),
                         "policy": named, "games": games, "engine": "kernel"})
        return df

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


def _check_kernel_rules(rules) -> None:
    """Refuse rules the kernel does not model, naming the option (see ``femkamp_kernel.RULE_OPTIONS``)."""
    from ..kernels.femkamp_kernel import RULE_OPTIONS
    from ..kernels.kernel_rules import check_kernel_rules

    check_kernel_rules(rules, RULE_OPTIONS, "femkamp")


def kernel_batch(rules, seeds: np.ndarray, heuristic: bool = False) -> dict:
    """Play one whole game per seed with the compiled kernel: arrays ``scores``, ``tricks``, ``clubs``,
    ``queens``, ``prikks``, ``cards_left`` (game × round × seat, rounds in rules order), with the
    round ``names`` and each round's ``dealers``.  The same seed always gives the same game.
    """
    from ..kernels.femkamp_kernel import ROUND_CODES, play_games

    names = list(rules.round_order)
    codes = np.array([ROUND_CODES[n] for n in names], np.int64)
    dealers = np.array([rules.dealer_for_round(i) for i in range(len(names))], np.int64)
    outs = [np.zeros((len(seeds), len(names), rules.players), np.int64) for _ in range(6)]
    play_games(np.ascontiguousarray(seeds, np.int64), rules.players, codes, dealers, rules.queen_points,
               rules.clubs_all_zero, rules.kabal_starter == "seven-of-hearts", heuristic, *outs)
    return dict(zip(("scores", "tricks", "clubs", "queens", "prikks", "cards_left"), outs), names=names,
                dealers=dealers)


def _kernel_games(rules, games: int, rng, progress, heuristic: bool = False) -> pd.DataFrame:
    from ..kernels.femkamp_kernel import game_winners
    from ..rules.femkamp_core import TIE_CODES
    from .runs import SMALL_CHUNK, run_chunks, show_progress

    p = rules.players
    parts = []
    for start, seeds, a in run_chunks(lambda start, seeds: kernel_batch(rules, seeds, heuristic), games, rng=rng,
                                      chunk=SMALL_CHUNK, progress=show_progress(progress, games, 200_000),
                                      unit="game"):
        names, dealers = a["names"], a["dealers"]
        n, r = len(seeds), len(names)
        scores = a["scores"]
        totals = scores.cumsum(axis=1)
        won = np.zeros((n, p), np.bool_)
        game_winners(np.ascontiguousarray(totals[:, -1, :]), TIE_CODES[rules.tie], won)
        seat = np.tile(np.arange(p), n * r)
        dealer = np.tile(np.repeat(dealers, p), n)
        parts.append(pd.DataFrame({
            "game": np.repeat(np.arange(start, start + n), r * p), "seed": np.repeat(seeds, r * p),
            "round": np.tile(np.repeat(np.arange(1, r + 1), p), n),
            "round_name": pd.Categorical.from_codes(np.tile(np.repeat(np.arange(r), p), n), names),
            "seat": seat, "dealer": dealer, "seat_from_leader": (seat - dealer - 1) % p,
            "tricks": a["tricks"].reshape(-1), "clubs": a["clubs"].reshape(-1), "queens": a["queens"].reshape(-1),
            "prikks": a["prikks"].reshape(-1), "cards_left": a["cards_left"].reshape(-1), "score": scores.reshape(-1),
            "total": totals.reshape(-1), "won": np.broadcast_to(won[:, None, :], (n, r, p)).reshape(-1),
        }))
    return pd.concat(parts, ignore_index=True)


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
