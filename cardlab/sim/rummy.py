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

#: The reshuffle limit a simulation plays when it is given no rules (RULES.md plays without one;
#: random players can keep such a round open for a very long time).  It is named in the rules,
#: so every table's fingerprint shows it.
SIMULATION_RESHUFFLES = 3


def simulation_rules(**options):
    """Rummy rules for a simulation: ``RummyRules(**options)`` with ``max_reshuffles`` bounded
    (:data:`SIMULATION_RESHUFFLES` unless given).

    >>> simulation_rules(players=4).max_reshuffles
    3
    """
    from ..rules.rummy import RummyRules

    return RummyRules(**{"max_reshuffles": SIMULATION_RESHUFFLES, **options})


def _factories():
    from ..bots.rummy import RummyBot, RummyRandomBot

    return {"random": lambda seed, seat: RummyRandomBot(rng=bot_rng(seed, seat)),
            "heuristic": lambda seed, seat: RummyBot()}


def replay_rummy_round(rules=None, seed: int = 0, policy: "str | Sequence[Any]" = "random", *, dealer: int | None = None,
                       engine: str = "reference"):
    """Play the round stored under ``seed`` again with the reference engine; returns the finished round.

    ``engine="reference"`` replays a row made by the reference engine (deal from
    ``numpy.random.default_rng(seed)``, random seats are ``RummyRandomBot``);
    ``engine="kernel"`` replays a row made by the compiled kernel: the deal, every
    reshuffle and every random choice come from the round's shared stream
    (:class:`cardlab.kernels.rng.Stream`), so the engine repeats the kernel move for move.
    """
    from ..games.rummy import RummyRound

    rules = rules or simulation_rules()
    if engine == "kernel":
        from ..kernels.rng import DeckRng, Stream, StreamBot

        stream = Stream(seed)
        deck = DeckRng(stream)
        rnd = RummyRound.deal(rules, dealer=dealer, rng=deck, seed=seed, reshuffle_rng=deck)
        factories = {**_factories(), "random": lambda s, seat: StreamBot(stream)}
        return play(rnd, make_bots(policy, rules.players, seed, factories))
    rnd = RummyRound.deal(rules, dealer=dealer, rng=np.random.default_rng(seed), seed=seed)
    return play(rnd, make_bots(policy, rules.players, seed, _factories()))


def simulate_rummy(rules=None, *, policy: "str | Sequence[Any]" = "random", bots=None, rounds: int = 100,
                   dealer: "int | str | None" = None, rng=None, progress=None, engine: str = "auto",
                   threads: int | None = None) -> pd.DataFrame:
    """Play ``rounds`` single Rummy rounds; columns round, seed, seat, dealer, seat_from_leader (0 starts),
    went_out, no_winner, went_rummy, penalty, cards_left, turns, reshuffles.

    ``engine="auto"`` plays named policies (``"random"``, ``"heuristic"``, or one of them per seat)
    with the compiled kernel (:mod:`cardlab.kernels.rummy_kernel`; its rows replay with
    ``replay_rummy_round(..., engine="kernel")``) and your own ``bots`` with the reference
    engine; ``engine="reference"`` forces the engine.  Kernel chunks run on ``threads``
    threads with the same result for any number of threads.

    The kernel needs a reshuffle limit in the rules (``max_reshuffles``, see
    ``rummy_kernel.RULE_OPTIONS``) and refuses rules without one; with no rules given the
    simulation plays :func:`simulation_rules` (at most :data:`SIMULATION_RESHUFFLES` reshuffles).
    """
    from ..errors import RulesError
    from ..i18n import Message

    rules = rules or simulation_rules()
    chosen = bots if bots is not None else policy
    make_bots(chosen, rules.players, 0, _factories())
    if engine not in ("auto", "kernel", "reference"):
        raise RulesError("rules.invalid", field="engine", problem=Message("sim.engine_choice", {"value": repr(engine)}))
    names = _policy_names(chosen, rules.players)
    if engine == "kernel" and names is None:
        raise RulesError("rules.invalid", field="engine", problem=Message("sim.kernel_policies", {"game": "Rummy"}))
    if dealer is not None and dealer != "rotate" and (isinstance(dealer, bool) or not isinstance(dealer, (int, np.integer))
                                                      or not 0 <= dealer < rules.players):
        raise RulesError("rules.invalid", field="dealer", problem=Message("sim.dealer", {"last": rules.players - 1, "value": repr(dealer)}))
    if engine != "reference" and names is not None:
        _check_kernel_rules(rules)
        df = _kernel_rounds(rules, names, rounds, dealer, rng, progress, threads)
        df.attrs.update({"game": "rummy", "rules": rules.to_dict(), "fingerprint": rules.fingerprint(),
                         "policy": policy_label(chosen), "rounds": rounds, "engine": "kernel"})
        return df

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


def _policy_names(chosen, players: int) -> "list[str] | None":
    """One kernel policy name per seat, or ``None`` when some seat is a bot object."""
    from ..kernels.rummy_kernel import POLICY_CODES

    if isinstance(chosen, str):
        return [chosen] * players if chosen in POLICY_CODES else None
    if hasattr(chosen, "choose"):
        return None
    items = list(chosen)
    return items if all(isinstance(p, str) and p in POLICY_CODES for p in items) else None


def _check_kernel_rules(rules) -> None:
    """Refuse rules the kernel does not model, naming the option (see ``rummy_kernel.RULE_OPTIONS``)."""
    from ..kernels.kernel_rules import check_kernel_rules
    from ..kernels.rummy_kernel import RULE_OPTIONS

    check_kernel_rules(rules, RULE_OPTIONS, "rummy")


def kernel_batch(rules, policies: Sequence[str], seeds: np.ndarray, dealers: np.ndarray) -> dict[str, np.ndarray]:
    """Play one round per seed with the compiled kernel: arrays ``winner``, ``went_rummy``, ``turns``,
    ``reshuffles`` (per round) and ``penalty``, ``cards_left`` (round × seat)."""
    from ..kernels.rummy_kernel import MAX_TURNS, POLICY_CODES, RoundArrays, RoundResults, TurnRules, play_rounds

    _check_kernel_rules(rules)

    n, p = len(seeds), rules.players
    out = RoundResults.empty(n, p)
    play_rounds(np.ascontiguousarray(seeds, np.int64), np.ascontiguousarray(dealers, np.int64), rules.hand_size,
                np.array([POLICY_CODES[x] for x in policies], np.int64),
                TurnRules(rules.no_same_discard, rules.max_reshuffles, MAX_TURNS), rules.rummy_bonus,
                RoundArrays.empty(p), out)
    return out._asdict()


def _kernel_rounds(rules, policies, rounds: int, dealer, rng, progress, threads) -> pd.DataFrame:
    from .runs import SMALL_CHUNK, run_chunks, show_progress

    p = rules.players

    def dealers_for(start: int, n: int) -> np.ndarray:
        if dealer == "rotate":
            return (start + np.arange(n)) % p
        return np.full(n, rules.first_dealer if dealer is None else int(dealer), np.int64)

    def work(start, seeds):
        return kernel_batch(rules, policies, seeds, dealers_for(start, len(seeds)))

    parts = []
    for start, seeds, arrays in run_chunks(work, rounds, rng=rng, chunk=SMALL_CHUNK, threads=threads,
                                           progress=show_progress(progress, rounds, 200_000)):
        n = len(seeds)
        seat = np.tile(np.arange(p), n)
        dealer_rows = np.repeat(dealers_for(start, n), p)
        winner = np.repeat(arrays["winner"], p)
        parts.append(pd.DataFrame({
            "round": np.repeat(np.arange(start, start + n), p), "seed": np.repeat(seeds, p), "seat": seat,
            "dealer": dealer_rows, "seat_from_leader": (seat - dealer_rows - 1) % p, "went_out": winner == seat,
            "no_winner": winner < 0, "went_rummy": np.repeat(arrays["went_rummy"], p),
            "penalty": arrays["penalty"].reshape(-1), "cards_left": arrays["cards_left"].reshape(-1),
            "turns": np.repeat(arrays["turns"], p), "reshuffles": np.repeat(arrays["reshuffles"], p),
        }))
    return pd.concat(parts, ignore_index=True)


def rummy_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per seat from the leader: go-out rate (Wilson 95 %), mean penalty with a 95 % interval (clipped at 0), round length."""
    players = int(df.seat.max()) + 1
    g = df.groupby("seat_from_leader")
    n = g.size().to_numpy()
    out = g.went_out.sum().to_numpy()
    low, high = wilson_interval(out, n)
    mean, plow, phigh = mean_interval(g.penalty.sum(), (df.penalty.astype(float) ** 2).groupby(df.seat_from_leader).sum(), n,
                                      bounds=(0, None))  # a penalty is never negative
    return pd.DataFrame({
        "players": players, "policy": df.attrs.get("policy", ""), "seat_from_leader": np.arange(players),
        "rounds": n, "p_out": out / n, "ci_low": low, "ci_high": high,
        "mean_penalty": mean, "penalty_low": plow, "penalty_high": phigh,
        "mean_turns": g.turns.mean().to_numpy(), "p_no_winner": g.no_winner.mean().to_numpy(),
    })
