"""``rummy_summary``: single Rummy rounds aggregated per seat from the leader.

The settings and seeds of ``rummy_rounds`` (whose rows are the first rounds of each run here), all
rounds of each: how often a seat goes out, penalties, rounds with no winner, turns per round.

>>> [(c.table, c.count) for c in rummy_summary_configs(2024, 0.5)][:1]
[('rummy_summary', 10000)]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import Config
from .rummy_rounds import rummy_configs


def rummy_summary_configs(master: int, scale: float) -> list[Config]:
    return [Config("rummy_summary", c.key, c.game, c.rules, c.options, c.count, c.seed, c.cost)
            for c in rummy_configs(master, scale)]


def run_rummy_summary(config: Config) -> pd.DataFrame:
    """All rounds of a setting, aggregated per seat from the leader (0 starts).

    ``p_out`` (went out, Wilson 95 %); ``mean_penalty`` (0 for the winner)
    and ``loser_penalty`` (over the rounds the seat did not go out), with 95 %
    intervals clipped at 0; and per setting ``p_no_winner`` (Wilson) and
    ``mean_turns`` (95 %), the same on every row of the setting.
    """
    from ...sim.rummy import kernel_batch
    from ...sim.runs import run_chunks
    from ...sim.stats import mean_interval, wilson_interval

    o = config.options
    rules = config.rules_object()
    p = o["players"]
    dealer = rules.first_dealer
    out = np.zeros(p, np.int64)
    pen = np.zeros(p)
    pen_sq = np.zeros(p)
    lose_n = np.zeros(p)
    lose = np.zeros(p)
    lose_sq = np.zeros(p)
    no_winner = 0
    turns = [0.0, 0.0]
    idx = (dealer + 1 + np.arange(p)) % p  # column k = k places from the leader
    def work(start, seeds):
        return kernel_batch(rules, [o["policy"]] * p, seeds, np.full(len(seeds), dealer, np.int64))

    for start, seeds, a in run_chunks(work, config.count, rng=config.seed):
        went = (a["winner"][:, None] == np.arange(p)[None, :])[:, idx]
        penalty = a["penalty"][:, idx].astype(float)
        out += went.sum(axis=0)
        pen += penalty.sum(axis=0)
        pen_sq += (penalty ** 2).sum(axis=0)
        lost = ~went
        lose_n += lost.sum(axis=0)
        lose += (penalty * lost).sum(axis=0)
        lose_sq += (penalty ** 2 * lost).sum(axis=0)
        no_winner += int((a["winner"] < 0).sum())
        turns[0] += float(a["turns"].sum())
        turns[1] += float((a["turns"].astype(float) ** 2).sum())
    n = config.count
    ns = np.full(p, n)
    o_low, o_high = wilson_interval(out, ns)
    m, m_low, m_high = mean_interval(pen, pen_sq, ns, bounds=(0, None))
    lm, l_low, l_high = mean_interval(lose, lose_sq, lose_n, bounds=(0, None))
    nw_low, nw_high = wilson_interval(no_winner, n)
    t, t_low, t_high = mean_interval(turns[0], turns[1], n, bounds=(1, None))
    return pd.DataFrame({
        "players": p, "policy": o["policy"], "seat_from_leader": np.arange(p), "rounds": n, "seed": config.seed,
        "fingerprint": rules.fingerprint(), "went_out": out, "p_out": out / n, "out_low": o_low, "out_high": o_high,
        "mean_penalty": m, "penalty_low": m_low, "penalty_high": m_high,
        "loser_penalty": lm, "loser_penalty_low": l_low, "loser_penalty_high": l_high,
        "p_no_winner": no_winner / n, "no_winner_low": float(nw_low), "no_winner_high": float(nw_high),
        "mean_turns": float(t), "turns_low": float(t_low), "turns_high": float(t_high),
    })
