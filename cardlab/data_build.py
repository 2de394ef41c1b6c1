"""The tables in ``data/``: built by one command, described by a manifest, checkable row by row.

``cardlab data build`` (or :func:`build`) writes small CSV tables that the
analysis notebooks chart, plus ``manifest.json``.  Every table is a grid of
*configurations* (players × hand size × trump mode × policy …); each
configuration gets its own seed, derived from the master seed and the
configuration's name (:func:`config_seed`), and each row stores that seed, the
number of rounds or games behind it and the fingerprint of its rules.  So any
row can be made again on its own: :func:`recompute_rows`.

Tables (see :data:`TABLES`):

* ``plump_zero_bids`` — single Plump rounds over players 2–7 × every hand size ×
  trump (turned-up, none, fixed spades) × policy (random, heuristic), one row
  per seat counted from the leader: how often the seat takes no trick, how often
  a zero bid (nolla) is made, how often any bid is made, with Wilson 95 % intervals.
* ``plump_hook`` — the same deals played by heuristic bots with and without
  the hook (kroken): how often the dealer is forced off the bid they wanted,
  plumps per round, and each seat's mean score under three scoring variants.
* ``plump_bid_weights`` — the friendly bot's bidding table: expected tricks per kind of card,
  measured by simulation per players × hand size × seat × trump (see
  :mod:`cardlab.sim.plump_calibrate`); built only when named (``--only plump_bid_weights``),
  because every heuristic number in the other tables is measured with it.
* ``plump_search_zero_bids`` — zero bids when every seat is :class:`cardlab.bots.plump_search.PlumpSearchBot`
  with a fixed, modest budget: a few thousand rounds per setting (the engine, not a kernel).
* ``plump_one_card_exact`` — exact one-card chances (fractions), no simulation.
* ``plump_exact_small`` — exact two- and three-card odds under random play and the lowest-card policy.
* ``femkamp_summary`` — whole Femkamp games aggregated per round × seat
  (20,000 games per setting), with ``femkamp_games`` keeping the first games
  row by row for replay.
* ``rummy_summary`` — single Rummy rounds aggregated per seat (20,000 per
  setting), with ``rummy_rounds`` keeping the first rounds for replay.

Big settings are aggregated (sums are enough for every mean, share and
interval), so the files stay small.

>>> config_seed(2024, "plump_zero_bids/p4/c5/turned-up/random") == config_seed(2024, "plump_zero_bids/p4/c5/turned-up/random")
True
>>> [t.name for t in TABLES]  # doctest: +NORMALIZE_WHITESPACE
['plump_zero_bids', 'plump_search_zero_bids', 'plump_hook', 'plump_bid_weights', 'plump_one_card_exact',
 'plump_exact_small', 'femkamp_summary', 'femkamp_games', 'rummy_summary', 'rummy_rounds']
"""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from .atomic import write_atomically

DEFAULT_SEED = 2024
#: data files are written with this many decimals (the checks compare to within the last one)
DECIMALS = 6

TRUMP_MODES = {"turned-up": {"trump": "turned-up"}, "none": {"trump": "none"},
               "fixed-S": {"trump": "fixed", "trump_suit": "S"}}


def config_seed(master: int, key: str) -> int:
    """The seed of one configuration: a SeedSequence of the master seed and a checksum of ``key``."""
    state = np.random.SeedSequence([int(master), zlib.crc32(key.encode("utf-8"))]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1]))


@dataclass(frozen=True)
class Config:
    """One cell of a table's grid: what to run, with which rules and seed."""

    table: str
    key: str
    game: str
    rules: dict
    options: dict = field(default_factory=dict)
    count: int = 0  # rounds or games
    seed: int = 0
    cost: float = 1.0

    def rules_object(self):
        return rules_from_options(self.game, self.rules)


def rules_from_options(game: str, options: dict):
    """The rules object of ``game`` built from an options dict (as stored in the manifest)."""
    if game == "plump":
        from .rules.plump import PlumpRules as cls
    elif game == "femkamp":
        from .rules.femkamp import FemkampRules as cls
    elif game == "rummy":
        from .rules.rummy import RummyRules as cls
    else:
        raise ValueError(f"unknown game {game!r}")
    return cls.from_dict(options)


# ----------------------------------------------------------- plump tables
def _plump_rules(players: int, trump: str, **extra) -> dict:
    from .rules.plump import PlumpRules

    return PlumpRules(players=players, **TRUMP_MODES[trump], **extra).to_dict()


#: rounds per Plump setting, games per Femkamp setting, rounds per Rummy setting (at scale 1)
PLUMP_ROUNDS = 200_000
FEMKAMP_GAMES = 20_000
RUMMY_ROUNDS = 20_000
#: games or rounds per setting kept row by row (for replay) beside the aggregated tables
SAMPLE = 200


def zero_bid_configs(master: int, scale: float) -> list[Config]:
    from .rules.plump import PlumpRules

    rounds = max(200, int(PLUMP_ROUNDS * scale))
    out = []
    for players in range(2, 8):
        for trump in TRUMP_MODES:
            rules = _plump_rules(players, trump)
            for cards in range(1, PlumpRules.from_dict(rules).largest_hand + 1):
                for policy in ("random", "heuristic"):
                    key = f"plump_zero_bids/p{players}/c{cards}/{trump}/{policy}"
                    out.append(Config("plump_zero_bids", key, "plump", rules,
                                      {"players": players, "cards": cards, "trump": trump, "policy": policy},
                                      rounds, config_seed(master, key),
                                      rounds * cards * players / (1.9e6 if policy == "heuristic" else 4.5e6)))
    return out


def run_zero_bids(config: Config) -> pd.DataFrame:
    from .sim.plump import summarize_plump

    o = config.options
    table = summarize_plump(config.rules_object(), policy=o["policy"], rounds=config.count, hand_size=o["cards"],
                            rng=config.seed, progress=False, threads=1)
    return _zero_bid_frame(config, table)


def _zero_bid_frame(config: Config, table: pd.DataFrame) -> pd.DataFrame:
    """The zero-bid table's rows for one configuration, from a per-seat summary (and its counts)."""
    from .sim.stats import wilson_interval

    o = config.options
    counts = table.attrs["counts"]
    bid0 = np.asarray(counts["bid0"])
    bid0_made = np.asarray(counts["bid0_zero"])
    low, high = wilson_interval(bid0_made, bid0)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_bid0 = np.where(bid0 > 0, bid0_made / np.maximum(bid0, 1), np.nan)
    return pd.DataFrame({
        "players": o["players"], "cards": o["cards"], "trump": o["trump"], "policy": o["policy"],
        "seat_from_leader": table["seat_from_leader"].to_numpy(),
        "rounds": config.count, "seed": config.seed, "fingerprint": table.attrs["fingerprint"],
        "p_zero": table["p_zero"].to_numpy(), "zero_low": table["ci_low"].to_numpy(), "zero_high": table["ci_high"].to_numpy(),
        "bid0_rounds": bid0, "bid0_made": bid0_made, "p_bid0_made": p_bid0, "bid0_low": low, "bid0_high": high,
        "p_made": table["p_made"].to_numpy(), "made_low": table["made_low"].to_numpy(),
        "made_high": table["made_high"].to_numpy(),
    })


#: the search-bot sample: rounds per setting (at scale 1), the bots' play-outs per decision (the bot's default,
#: ``cardlab.bots.plump_search.ISMCTS_ROLLOUTS``: information-set MCTS with 5000 iterations), the settings
SEARCH_ROUNDS = 250
SEARCH_ROLLOUTS = 5000
SEARCH_SETTINGS = {4: range(1, 8)}


def search_zero_bid_configs(master: int, scale: float) -> list[Config]:
    rounds = max(20, int(SEARCH_ROUNDS * scale))
    out = []
    for players, sizes in SEARCH_SETTINGS.items():
        rules = _plump_rules(players, "turned-up")
        for cards in sizes:
            key = f"plump_search_zero_bids/p{players}/c{cards}/turned-up/search"
            out.append(Config("plump_search_zero_bids", key, "plump", rules,
                              {"players": players, "cards": cards, "trump": "turned-up", "policy": "search",
                               "rollouts": SEARCH_ROLLOUTS},
                              rounds, config_seed(master, key), rounds * (cards + 1) * players / 2500))
    return out


def run_search_zero_bids(config: Config) -> pd.DataFrame:
    """Every seat a :class:`~cardlab.bots.plump_search.PlumpSearchBot` (its own seed, ``rollouts`` play-outs)."""
    from .bots.plump_search import PlumpSearchBot
    from .sim.plump import simulate_plump

    o = config.options
    rules = config.rules_object()
    bots = [PlumpSearchBot(rng=np.random.SeedSequence([config.seed, seat]), rollouts=o["rollouts"])
            for seat in range(rules.players)]
    table = simulate_plump(rules, bots=bots, rounds=config.count, hand_size=o["cards"], rng=config.seed,
                           progress=False, rows=False, engine="reference")
    frame = _zero_bid_frame(config, table)
    frame.insert(4, "rollouts", o["rollouts"])
    return frame


BID_ROUNDS = 40_000
BID_PASSES = 3


def bid_weight_configs(master: int, scale: float) -> list[Config]:
    from .kernels.plump_bid_table import max_cards

    rounds = max(500, int(BID_ROUNDS * scale))
    out = []
    for players in range(2, 8):
        for cards in range(1, max_cards(players) + 1):
            for trump in ("turned-up", "none"):
                key = f"plump_bid_weights/p{players}/c{cards}/{trump}"
                out.append(Config("plump_bid_weights", key, "plump", _plump_rules(players, trump),
                                  {"players": players, "cards": cards, "trump": trump, "passes": BID_PASSES},
                                  rounds, config_seed(master, key), BID_PASSES * rounds * cards * players / 1.9e6))
    return out


def run_bid_weights(config: Config) -> pd.DataFrame:
    from .sim.plump_calibrate import calibrate_setting

    o = config.options
    rows = calibrate_setting(o["players"], o["cards"], o["trump"], config.count, o["passes"], config.seed)
    rows.insert(4, "rounds", config.count)
    rows.insert(5, "passes", o["passes"])
    rows.insert(6, "seed", config.seed)
    rows.insert(7, "fingerprint", config.rules_object().fingerprint())
    return rows


HOOK_SCORINGS = ("standard", "trick-points", "penalty")


def hook_configs(master: int, scale: float) -> list[Config]:
    from .rules.plump import PlumpRules

    rounds = max(200, int(PLUMP_ROUNDS * scale))
    out = []
    for players in range(3, 8):
        for trump in ("turned-up", "none"):
            rules = _plump_rules(players, trump)
            for cards in range(1, PlumpRules.from_dict(rules).largest_hand + 1):
                key = f"plump_hook/p{players}/c{cards}/{trump}/heuristic"
                out.append(Config("plump_hook", key, "plump", rules,
                                  {"players": players, "cards": cards, "trump": trump, "policy": "heuristic"},
                                  rounds, config_seed(master, key), 2 * rounds * cards * players / 1.9e6))
    return out


def run_hook(config: Config) -> pd.DataFrame:
    """Play the same deals with the hook on and off (heuristic bots) and compare, seat by seat.

    Besides each run's own means, ``diff_<scoring>`` is the paired difference
    (hook on − hook off) of a seat's round score with its 95 % interval, and
    ``p_seat_changed`` how often that seat's bid, tricks or score changed.
    """
    from .sim.compare import _from_leader
    from .sim.plump import kernel_batch, make_setup, score_array
    from .sim.runs import run_chunks
    from .sim.stats import mean_interval, wilson_interval

    o = config.options
    rules_on = config.rules_object()
    rules_off = rules_on.replace(hook=False)
    p, cards = o["players"], o["cards"]
    setups = {True: make_setup(rules_on, policy=o["policy"], hand_size=cards),
              False: make_setup(rules_off, policy=o["policy"], hand_size=cards)}
    forced = 0
    made = {h: np.zeros(p, np.int64) for h in setups}
    plumps = {h: [0, 0] for h in setups}  # sum, sum of squares of plumps per round
    scores = {(h, s): [np.zeros(p), np.zeros(p)] for h in setups for s in HOOK_SCORINGS}
    diffs = {s: [np.zeros(p), np.zeros(p)] for s in HOOK_SCORINGS}
    seat_changed = np.zeros(p, np.int64)
    plump_diff = [0, 0]  # sum, sum of squares of (plumps with the hook − without) per round
    def work(start, seeds):
        return {h: kernel_batch(setup, seeds, start) for h, setup in setups.items()}

    for start, seeds, arrays in run_chunks(work, config.count, rng=config.seed):
        dealer = arrays[True]["dealer"]
        rows = np.arange(len(seeds))
        forced += int((arrays[True]["bids"][rows, dealer] != arrays[False]["bids"][rows, dealer]).sum())
        ordered = {h: (_from_leader(a["bids"], dealer), _from_leader(a["tricks"], dealer)) for h, a in arrays.items()}
        seat_changed += ((ordered[True][0] != ordered[False][0]) | (ordered[True][1] != ordered[False][1])).sum(axis=0)
        missed = {}
        for h, (bids, tricks) in ordered.items():
            hit = bids == tricks
            made[h] += hit.sum(axis=0)
            missed[h] = (~hit).sum(axis=1)
            plumps[h][0] += int(missed[h].sum())
            plumps[h][1] += int((missed[h] ** 2).sum())
        extra = missed[True] - missed[False]
        plump_diff[0] += int(extra.sum())
        plump_diff[1] += int((extra ** 2).sum())
        for s in HOOK_SCORINGS:
            sc = {h: score_array(b, t, s).astype(float) for h, (b, t) in ordered.items()}
            for h in setups:
                scores[(h, s)][0] += sc[h].sum(axis=0)
                scores[(h, s)][1] += (sc[h] ** 2).sum(axis=0)
            d = sc[True] - sc[False]
            diffs[s][0] += d.sum(axis=0)
            diffs[s][1] += (d ** 2).sum(axis=0)
    n = config.count
    f_low, f_high = wilson_interval(forced, n)
    c_low, c_high = wilson_interval(seat_changed, np.full(p, n))
    pd_mean, pd_low, pd_high = mean_interval(plump_diff[0], plump_diff[1], n)
    parts = []
    for h in (True, False):
        m_low, m_high = wilson_interval(made[h], np.full(p, n))
        pl_mean, pl_low, pl_high = mean_interval(plumps[h][0], plumps[h][1], n, bounds=(0, p))
        part = pd.DataFrame({
            "players": p, "cards": cards, "trump": o["trump"], "policy": o["policy"], "hook": h,
            "seat_from_leader": np.arange(p), "rounds": n, "seed": config.seed,
            "fingerprint": (rules_on if h else rules_off).fingerprint(),
            "p_forced": forced / n if h else 0.0, "forced_low": float(f_low) if h else 0.0,
            "forced_high": float(f_high) if h else 0.0,
            "plumps_per_round": float(pl_mean), "plumps_low": float(pl_low), "plumps_high": float(pl_high),
            "diff_plumps": float(pd_mean), "diff_plumps_low": float(pd_low), "diff_plumps_high": float(pd_high),
            "p_made": made[h] / n, "made_low": m_low, "made_high": m_high,
            "p_seat_changed": seat_changed / n, "seat_changed_low": c_low, "seat_changed_high": c_high,
        })
        for s in HOOK_SCORINGS:
            bounds = (-cards, 10 + cards) if s == "penalty" else (0, 10 + cards)
            mean, low, high = mean_interval(scores[(h, s)][0], scores[(h, s)][1], np.full(p, n), bounds=bounds)
            col = s.replace("-", "_")
            part[f"score_{col}"], part[f"score_{col}_low"], part[f"score_{col}_high"] = mean, low, high
            dmean, dlow, dhigh = mean_interval(diffs[s][0], diffs[s][1], np.full(p, n))
            part[f"diff_{col}"], part[f"diff_{col}_low"], part[f"diff_{col}_high"] = dmean, dlow, dhigh
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def exact_configs(master: int, scale: float) -> list[Config]:
    out = []
    for players in range(2, 8):
        for trump in ("turned-up", "none", "fixed-S"):
            key = f"plump_one_card_exact/p{players}/{trump}"
            out.append(Config("plump_one_card_exact", key, "plump", _plump_rules(players, trump),
                              {"players": players, "trump": trump}, 0, 0, 0.01))
    return out


def run_exact(config: Config) -> pd.DataFrame:
    from .sim.exact import p_zero_one_card

    o = config.options
    # the exact function counts seats from the leader; "fixed" makes suit 0 trump, which is the same by symmetry
    mode = {"turned-up": "turned-up", "none": "none", "fixed-S": "fixed"}[o["trump"]]
    p_zero = p_zero_one_card(o["players"], mode)
    return pd.DataFrame({
        "players": o["players"], "cards": 1, "trump": o["trump"], "seat_from_leader": np.arange(o["players"]),
        "fingerprint": config.rules_object().fingerprint(),
        "p_zero_exact": [str(x) for x in p_zero], "p_zero": [float(x) for x in p_zero],
    })


# ----------------------------------------------------------- femkamp
FEMKAMP_ROUNDS = ("pass", "clubs", "queens", "grand", "kabal")


def femkamp_bounds(name: str, players: int, queen_points: int = 4) -> tuple[float, float]:
    """The range of one player's score in round ``name`` (or ``"total"``): intervals are clipped to it.

    >>> femkamp_bounds("grand", 5), femkamp_bounds("pass", 3)
    ((-10, 0), (0, 17))
    """
    from .rules.femkamp import FemkampRules

    tricks = FemkampRules(players=players).trick_hand_size
    ranges = {"pass": (0, tricks), "clubs": (0, 13), "queens": (0, 4 * queen_points), "grand": (-tricks, 0),
              "kabal": (0, None)}
    if name == "total":
        return (-tricks, None)
    return ranges[name]


def femkamp_configs(master: int, scale: float) -> list[Config]:
    from .rules.femkamp import FemkampRules

    games = max(SAMPLE, int(FEMKAMP_GAMES * scale))
    out = []
    for players in (3, 4, 5):
        for policy in ("random", "heuristic"):
            key = f"femkamp_games/p{players}/{policy}"
            out.append(Config("femkamp_games", key, "femkamp", FemkampRules(players=players).to_dict(),
                              {"players": players, "policy": policy}, games, config_seed(master, key),
                              games * (4e-5 if policy == "random" else 6e-5)))
    return out


def femkamp_kernel_games(rules, seeds: np.ndarray, policy: str) -> dict[str, np.ndarray]:
    """Play one whole Femkamp game per seed with the compiled kernel: arrays (game × round × seat), rounds in rules order.

    The replay command the shipped manifest names; the batch itself is
    :func:`cardlab.sim.femkamp.kernel_batch`.  The same seed always gives the same game.
    """
    from .sim.femkamp import kernel_batch

    return kernel_batch(rules, seeds, policy == "heuristic")


def femkamp_sample_rows(arrays: dict, *, players: int, policy: str, seeds: np.ndarray, first: int,
                        fingerprint: str) -> pd.DataFrame:
    """One row per game × seat (each round's score, prikks, cards left, total, won) for the games given."""
    names = arrays["names"]
    scores = arrays["scores"]
    n = len(seeds)
    by_name = {name: scores[:, r, :] for r, name in enumerate(names)}
    kabal = names.index("kabal")
    total = scores.sum(axis=1)
    won = total == total.min(axis=1, keepdims=True)
    first_dealer = int(arrays["dealers"][0])
    seat = np.tile(np.arange(players), n)
    df = pd.DataFrame({"players": players, "policy": policy, "game": np.repeat(np.arange(first, first + n), players),
                       "seed": np.repeat(seeds, players), "fingerprint": fingerprint, "seat": seat,
                       "first_dealer": first_dealer, "seat_from_leader": (seat - first_dealer - 1) % players})
    for name in FEMKAMP_ROUNDS:
        df[name] = by_name[name].reshape(-1)
    df["prikks"] = arrays["prikks"][:, kabal, :].reshape(-1)
    df["cards_left"] = arrays["cards_left"][:, kabal, :].reshape(-1)
    df["total"] = total.reshape(-1)
    df["won"] = won.reshape(-1)
    return df


def run_femkamp(config: Config) -> pd.DataFrame:
    """The first :data:`SAMPLE` games of a setting, row by row (the full setting is in ``femkamp_summary``)."""
    from .sim.seeds import round_seeds

    o = config.options
    rules = config.rules_object()
    seeds = round_seeds(config.seed, config.count)[:SAMPLE]
    arrays = femkamp_kernel_games(rules, seeds, o["policy"])
    return femkamp_sample_rows(arrays, players=o["players"], policy=o["policy"], seeds=seeds, first=0,
                               fingerprint=rules.fingerprint())


def femkamp_summary_configs(master: int, scale: float) -> list[Config]:
    # the same settings and seeds as femkamp_games: the sample is the first games of the summary
    return [Config("femkamp_summary", c.key, c.game, c.rules, c.options, c.count, c.seed, c.cost)
            for c in femkamp_configs(master, scale)]


def run_femkamp_summary(config: Config) -> pd.DataFrame:
    """All games of a setting, aggregated: per round (and total) × seat from the first leader.

    ``mean_score`` with its 95 % interval (clipped to the round's possible
    scores) and the standard deviation ``sd_score``; ``p_win`` (lowest total, ties shared as wins) per seat; and per
    round ``p_decides``: the share of games whose winners would change if
    that round were left out (Wilson 95 %).
    """
    from .sim.compare import _from_leader
    from .sim.runs import run_chunks
    from .sim.stats import mean_interval, wilson_interval

    o = config.options
    rules = config.rules_object()
    p = o["players"]
    names = list(rules.round_order)
    r = len(names)
    sums = np.zeros((r + 1, p))
    sqs = np.zeros((r + 1, p))
    wins = np.zeros(p, np.int64)
    decides = np.zeros(r, np.int64)
    prikks = np.zeros(p)
    left = np.zeros(p)
    for start, seeds, a in run_chunks(lambda start, seeds: femkamp_kernel_games(rules, seeds, o["policy"]),
                                      config.count, rng=config.seed, unit="game"):
        first = np.full(len(seeds), a["dealers"][0], np.int64)
        per_round = np.stack([_from_leader(a["scores"][:, k, :], first) for k in range(r)], axis=1)
        total = per_round.sum(axis=1)
        won = total == total.min(axis=1, keepdims=True)
        wins += won.sum(axis=0)
        for k in range(r):
            sums[k] += per_round[:, k, :].sum(axis=0)
            sqs[k] += (per_round[:, k, :].astype(float) ** 2).sum(axis=0)
            without = total - per_round[:, k, :]
            decides[k] += int(((without == without.min(axis=1, keepdims=True)) != won).any(axis=1).sum())
        sums[r] += total.sum(axis=0)
        sqs[r] += (total.astype(float) ** 2).sum(axis=0)
        kabal = names.index("kabal")
        prikks += _from_leader(a["prikks"][:, kabal, :], first).sum(axis=0)
        left += _from_leader(a["cards_left"][:, kabal, :], first).sum(axis=0)
    n = config.count
    ns = np.full(p, n)
    w_low, w_high = wilson_interval(wins, ns)
    d_low, d_high = wilson_interval(decides, n)
    parts = []
    for k, name in enumerate(names + ["total"]):
        mean, low, high = mean_interval(sums[k], sqs[k], ns, bounds=femkamp_bounds(name, p, rules.queen_points))
        sd = np.sqrt(np.maximum(sqs[k] / n - (sums[k] / n) ** 2, 0.0) * n / max(n - 1, 1))
        part = pd.DataFrame({"players": p, "policy": o["policy"], "round": name, "seat_from_leader": np.arange(p),
                             "games": n, "seed": config.seed, "fingerprint": rules.fingerprint(),
                             "mean_score": mean, "score_low": low, "score_high": high, "sd_score": sd})
        if name == "total":
            part["p_win"], part["win_low"], part["win_high"] = wins / n, w_low, w_high
            part["p_decides"], part["decides_low"], part["decides_high"] = np.nan, np.nan, np.nan
        else:
            part["p_win"], part["win_low"], part["win_high"] = np.nan, np.nan, np.nan
            part["p_decides"], part["decides_low"], part["decides_high"] = decides[k] / n, d_low[k], d_high[k]
        part["mean_prikks"] = prikks / n if name == "kabal" else np.nan
        part["mean_cards_left"] = left / n if name == "kabal" else np.nan
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


# ----------------------------------------------------------- rummy
#: Rummy data is built with an explicit bound on reshuffles, so every round ends and the fingerprint says so
RUMMY_MAX_RESHUFFLES = 3


def rummy_configs(master: int, scale: float) -> list[Config]:
    from .rules.rummy import RummyRules

    rounds = max(SAMPLE, int(RUMMY_ROUNDS * scale))
    out = []
    for players in range(2, 7):
        for policy in ("random", "heuristic"):
            key = f"rummy_rounds/p{players}/{policy}"
            rules = RummyRules(players=players, max_reshuffles=RUMMY_MAX_RESHUFFLES).to_dict()
            out.append(Config("rummy_rounds", key, "rummy", rules, {"players": players, "policy": policy}, rounds,
                              config_seed(master, key), rounds * (2e-4 if policy == "random" else 4e-4)))
    return out


def rummy_kernel_rows(rules, seeds: np.ndarray, *, policy: str, first: int) -> pd.DataFrame:
    """One row per round × seat for the rounds with these seeds, played by the compiled kernel."""
    from .sim.rummy import kernel_batch

    p = rules.players
    dealer = rules.first_dealer
    a = kernel_batch(rules, [policy] * p, seeds, np.full(len(seeds), dealer, np.int64))
    n = len(seeds)
    seat = np.tile(np.arange(p), n)
    winner = np.repeat(a["winner"], p)
    return pd.DataFrame({
        "players": p, "policy": policy, "round": np.repeat(np.arange(first, first + n), p),
        "seed": np.repeat(seeds, p), "fingerprint": rules.fingerprint(), "seat": seat, "dealer": dealer,
        "seat_from_leader": (seat - dealer - 1) % p, "went_out": winner == seat, "no_winner": winner < 0,
        "went_rummy": np.repeat(a["went_rummy"], p), "penalty": a["penalty"].reshape(-1),
        "cards_left": a["cards_left"].reshape(-1), "turns": np.repeat(a["turns"], p),
        "reshuffles": np.repeat(a["reshuffles"], p),
    })


def run_rummy(config: Config) -> pd.DataFrame:
    """The first :data:`SAMPLE` rounds of a setting, row by row (the full setting is in ``rummy_summary``)."""
    from .sim.seeds import round_seeds

    rules = config.rules_object()
    return rummy_kernel_rows(rules, round_seeds(config.seed, config.count)[:SAMPLE], policy=config.options["policy"],
                             first=0)


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
    from .sim.rummy import kernel_batch
    from .sim.runs import run_chunks
    from .sim.stats import mean_interval, wilson_interval

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


# ----------------------------------------------------------- exact small rounds
def exact_small_configs(master: int, scale: float) -> list[Config]:
    out = []
    for players in (3, 4):
        for cards in (2, 3):
            for trump in ("turned-up", "none"):
                key = f"plump_exact_small/p{players}/c{cards}/{trump}"
                out.append(Config("plump_exact_small", key, "plump", _plump_rules(players, trump),
                                  {"players": players, "cards": cards, "trump": trump, "policy": "random"}, 0, 0,
                                  60.0 if (players, cards) == (4, 3) else 2.0))
    # the lowest-card policy (cardlab.sim.exact_simple): three players with two cards are computed here, the larger
    # settings are read from the stored counts (data/plump_exact_simple_counts.json, see data/README.md)
    from .sim.exact_simple import read_counts

    stored = read_counts()
    for players, cards in ((3, 2), (4, 2), (3, 3), (4, 3)):
        for trump in ("turned-up", "none"):
            if (players, cards) != (3, 2) and f"p{players}/c{cards}/{trump}" not in stored:
                continue
            key = f"plump_exact_small/p{players}/c{cards}/{trump}/simple"
            out.append(Config("plump_exact_small", key, "plump", _plump_rules(players, trump),
                              {"players": players, "cards": cards, "trump": trump, "policy": "simple"}, 0, 0,
                              20.0 if (players, cards) == (3, 2) else 1.0))
    return out


def run_exact_small(config: Config) -> pd.DataFrame:
    o = config.options
    if o["policy"] == "simple":
        from .sim.exact_simple import simple_table

        # two cards and three players take seconds: computed here; the larger settings come from the stored counts
        table = simple_table((o["players"],), (o["cards"],), (o["trump"],), stored=(o["players"], o["cards"]) != (3, 2))
    else:
        from .sim.exact_tricks import exact_table

        table = exact_table((o["players"],), (o["cards"],), (o["trump"],))
    table.insert(5, "fingerprint", config.rules_object().fingerprint())
    for t in range(o["cards"] + 1, 4):
        table[f"p_tricks_{t}"] = 0.0
    cols = [c for c in table.columns if not c.startswith("p_tricks_")]
    tricks = [f"p_tricks_{t}" for t in range(4)]
    return table[cols[:-2] + tricks + cols[-2:]]


# ----------------------------------------------------------- the code behind a table
#: the parts of cardlab whose code can change what a table holds; imports are followed inside them only
CODE_ROOTS = ("kernels", "search", "sim", "bots", "rules", "games", "cards", "tricks", "_rng")
#: modules that change how a build runs (compile cache, warm-up, scheduling, threads), never what it computes
CODE_IGNORED = ("kernels/_numba.py", "sim/warmup.py", "sim/sweep.py", "sim/threads.py")
_PACKAGE = Path(__file__).resolve().parent


def normalized_source(path: "str | Path") -> str:
    r"""A module's code without comments, docstrings or layout: what decides what it computes.

    The source is parsed and written back by :func:`ast.unparse` with every docstring taken out,
    so editing a comment or a docstring (or re-wrapping a line) leaves it as it was.

    >>> import tempfile, pathlib
    >>> a, b = (pathlib.Path(tempfile.mkdtemp()) / n for n in ("a.py", "b.py"))
    >>> _ = a.write_text("def f(x):\n    '''Twice x.'''\n    return 2 * x  # double\n")
    >>> _ = b.write_text("def f(x):\n    return 2*x\n")
    >>> normalized_source(a) == normalized_source(b)
    True
    >>> _ = b.write_text("def f(x):\n    return 3 * x\n")
    >>> normalized_source(a) == normalized_source(b)
    False
    """
    import ast

    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree)


def _imported_files(node, package: str) -> set[str]:
    """The package-relative ``.py`` files that the imports inside ``node`` (at any depth) name, within cardlab."""
    import ast

    found = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Import):
            targets = [(a.name, None) for a in sub.names]
        elif isinstance(sub, ast.ImportFrom):
            if sub.level:
                base = package.split(".")[: len(package.split(".")) - (sub.level - 1)]
                module = ".".join(base + ([sub.module] if sub.module else []))
            else:
                module = sub.module or ""
            targets = [(module, a.name) for a in sub.names]
        else:
            continue
        for module, name in targets:
            parts = module.split(".")
            if parts[0] != "cardlab" or len(parts) < 2 or parts[1] not in CODE_ROOTS:
                continue
            folder = _PACKAGE.joinpath(*parts[1:])
            if name and (folder / f"{name}.py").is_file():  # from cardlab.rules import plump_core
                found.add("/".join(parts[1:] + [name]) + ".py")
            elif folder.with_suffix(".py").is_file():
                found.add("/".join(parts[1:]) + ".py")
            elif (folder / "__init__.py").is_file():
                found.add("/".join(parts[1:]) + "/__init__.py")
    return {f for f in found if f not in CODE_IGNORED}


def _module_of(relative: str) -> str:
    parts = ["cardlab"] + relative[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _recipe_nodes(names) -> dict:
    """The top-level functions, classes and constants of this module that ``names`` use, followed through each other."""
    import ast

    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    top = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                if isinstance(target, ast.Name):
                    top[target.id] = node
    seen: dict = {}
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen or name not in top:
            continue
        seen[name] = top[name]
        todo.extend(sub.id for sub in ast.walk(top[name]) if isinstance(sub, ast.Name))
    return seen


def table_code(spec: "TableSpec") -> dict:
    """What table ``spec`` is computed by: its recipe in this module, the cardlab modules it reaches, its data files.

    The recipe is the table's ``configs`` and ``run`` functions with the functions and constants
    of this module that they use; the modules are those its recipe imports, followed through their
    own imports (any depth, lazy imports included) inside :data:`CODE_ROOTS`; the data files are
    the spec's ``data`` (e.g. the bidding table the friendly bot's kernels are compiled with).
    Returns ``{"fingerprint": 16 hex digits, "files": {file: 12 hex digits}}``: a file changes its
    digest only when its code does (:func:`normalized_source`), so a table is stale exactly when
    one of these digests differs from the manifest's.
    """
    import ast
    import hashlib

    def digest(text: "str | bytes") -> str:
        return hashlib.sha256(text if isinstance(text, bytes) else text.encode("utf-8")).hexdigest()[:12]

    nodes = _recipe_nodes([spec.configs.__name__, spec.run.__name__])
    recipe = "\n".join(ast.unparse(_without_docstring(nodes[n])) for n in sorted(nodes))
    files: dict[str, str] = {"data_build.py:" + spec.name: digest(recipe)}
    todo = sorted(set().union(*(_imported_files(n, "cardlab") for n in nodes.values())))
    seen: set[str] = set()
    while todo:
        relative = todo.pop()
        if relative in seen:
            continue
        seen.add(relative)
        path = _PACKAGE / relative
        files[relative] = digest(normalized_source(path))
        package = _module_of(relative) if relative.endswith("__init__.py") else _module_of(relative).rpartition(".")[0]
        todo.extend(sorted(_imported_files(ast.parse(path.read_text(encoding="utf-8")), package) - seen))
    for name in spec.data:
        files[name] = digest((_PACKAGE / name).read_bytes())
    files = dict(sorted(files.items()))
    whole = hashlib.sha256("".join(f"{k}\0{v}\n" for k, v in files.items()).encode()).hexdigest()[:16]
    return {"fingerprint": whole, "files": files}


def _without_docstring(node):
    import ast
    import copy

    node = copy.deepcopy(node)
    body = getattr(node, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        node.body = body[1:] or [ast.Pass()]
    return node


def stale_code(name: str, manifest: "dict | None" = None) -> list[str]:
    """The files (or recipe) whose code changed since table ``name`` was built, by the manifest's ``code``.

    ``["(no code fingerprint)"]`` when the manifest records none; ``[]`` when the table is fresh.
    """
    entry = (manifest or load_manifest())["tables"][name]
    recorded = entry.get("code")
    if not recorded:
        return ["(no code fingerprint)"]
    now = table_code(TABLES_BY_NAME[name])
    if now["fingerprint"] == recorded["fingerprint"]:
        return []
    keys = sorted(set(now["files"]) | set(recorded["files"]))
    return [k for k in keys if now["files"].get(k) != recorded["files"].get(k)]


# ----------------------------------------------------------- the catalogue
@dataclass(frozen=True)
class TableSpec:
    name: str
    game: str
    description: str
    unit: str
    configs: Callable[[int, float], list[Config]]
    run: Callable[[Config], pd.DataFrame]
    keys: tuple[str, ...]  # columns that name a configuration
    explicit: bool = False  # built only when named with ``only`` (the bidding table the others are measured with)
    data: tuple[str, ...] = ()  # data files (inside the package) that the table's code reads

    @property
    def file(self) -> str:
        return f"{self.name}.csv"


#: the friendly bot's bidding table, compiled into every kernel that bids like it (and into the search's play-outs)
BID_WEIGHTS_FILES = ("data/plump_bid_weights.csv",)

TABLES = [
    TableSpec("plump_zero_bids", "plump",
              "Single Plump rounds (hook on, standard scoring) for players 2-7 x every hand size x trump "
              "(turned-up, none, fixed spades) x policy (random, heuristic = the friendly bot); one row per seat "
              "counted from the leader (0 = left of the dealer, players-1 = the dealer). p_zero: no trick taken; "
              "p_bid0_made: a zero bid made (of bid0_rounds zero bids); p_made: any bid made; *_low/*_high: Wilson "
              "95% intervals.", "round", zero_bid_configs, run_zero_bids, ("players", "cards", "trump", "policy"),
              data=BID_WEIGHTS_FILES),
    TableSpec("plump_search_zero_bids", "plump",
              "Zero bids when every seat is PlumpSearchBot at its default strength (a strong player: information-set "
              f"MCTS with {SEARCH_ROLLOUTS} iterations per decision, each seat its own seed), played by the engine: 4 "
              f"players x 1-7 cards, trump turned up, hook on, {SEARCH_ROUNDS:,} rounds per setting; the columns of "
              "plump_zero_bids (Wilson 95% intervals) plus rollouts. The search bot changes as it is improved: "
              "rebuild with the command below.", "round", search_zero_bid_configs, run_search_zero_bids,
              ("players", "cards", "trump", "policy"), data=BID_WEIGHTS_FILES),
    TableSpec("plump_hook", "plump",
              "The same deals played by heuristic bots with the hook (kroken) on and off, players 3-7 x every hand "
              "size x trump (turned-up, none). p_forced: share of rounds in which the hook moved the dealer off the "
              "bid they would have made (Wilson 95%); plumps_per_round: players who missed their bid per round; "
              "score_<variant>: mean round score by seat for standard, trick-points and penalty scoring; "
              "diff_<variant>: the paired difference hook on - hook off of a seat's round score on the same deals "
              "(95% normal intervals); diff_plumps: the paired difference in plumps per round; p_seat_changed: the "
              "seat's bid or tricks changed.",
              "round", hook_configs, run_hook, ("players", "cards", "trump", "policy"), data=BID_WEIGHTS_FILES),
    TableSpec("plump_bid_weights", "plump",
              "The friendly bot's (PlumpBot, policy heuristic) bidding table: for players 2-7 x every hand size x "
              "trump (turned-up, none) x seat from the dealer's left (and seat 'any', all seats pooled), the "
              "expected tricks each kind of card brings, in hundredths of a trick (w_<feature>; see "
              "cardlab.kernels.plump_bid_table), fitted by least squares on rounds the bot played at every seat, in "
              "passes that bid with the previous pass's fit. hands: hands behind the row; mean_tricks: their mean "
              "tricks. Built only when named (--only plump_bid_weights): the other heuristic tables are measured "
              "with it.", "round", bid_weight_configs, run_bid_weights, ("players", "cards", "trump"), explicit=True),
    TableSpec("plump_one_card_exact", "plump",
              "Exact chance (a fraction) that each seat takes no trick in a one-card Plump round, players 2-7 x "
              "trump (turned-up, none, fixed spades); from cardlab.sim.exact, no simulation.",
              "exact", exact_configs, run_exact, ("players", "trump")),
    TableSpec("plump_exact_small", "plump",
              "Exact odds of two- and three-card Plump rounds, hook on, trump (turned-up, none), one row per seat "
              "from the leader. policy random (every bid and card uniform among the legal ones), 3 and 4 players x 2 "
              "and 3 cards: p_zero (no trick = a random zero bid made), p_made (the random bid made); from "
              "cardlab.sim.exact_tricks. policy simple (SimpleBot at every seat: the lowest legal card, bid = aces + "
              "trump K and Q): p_zero, p_made (its bid made); from cardlab.sim.exact_simple, the settings it reaches. "
              "Both: mean_tricks, p_tricks_<t>, and the fractions as text; no simulation.",
              "exact", exact_small_configs, run_exact_small, ("players", "cards", "trump", "policy"),
              data=("data/plump_exact_simple_counts.json",)),
    TableSpec("femkamp_summary", "femkamp",
              "Whole Femkamp games (compiled kernel), 3, 4 and 5 players x policy (random, heuristic), 20,000 games "
              "each; one row per round (pass, clubs, queens, grand, kabal, total) x seat from the first leader: "
              "mean_score with a 95% interval clipped to the possible scores; p_win (lowest total; ties count for "
              "every tied seat) on the total rows; sd_score: standard deviation of a player's score; p_decides: share of games whose winners change when that round "
              "is left out (Wilson 95%).", "game", femkamp_summary_configs, run_femkamp_summary, ("players", "policy")),
    TableSpec("femkamp_games", "femkamp",
              "A replay sample: the first 200 games of every femkamp_summary setting, one row per game x seat: the "
              "score of each round (pass, clubs, queens, grand, kabal = prikks + cards_left), total, won. seed "
              "replays the game with the kernel: cardlab.data_build.femkamp_kernel_games(rules, [seed], policy).",
              "game", femkamp_configs, run_femkamp, ("players", "policy")),
    TableSpec("rummy_summary", "rummy",
              f"Single Rummy rounds (compiled kernel; at most {RUMMY_MAX_RESHUFFLES} reshuffles, then an empty "
              "stock ends the round with no winner), 2-6 players x policy (random, heuristic), 20,000 rounds each; "
              "one row per seat from the leader (0 starts): p_out (Wilson 95%), mean_penalty and loser_penalty "
              "(95%, clipped at 0); per setting p_no_winner (Wilson 95%) and mean_turns (95%).",
              "round", rummy_summary_configs, run_rummy_summary, ("players", "policy")),
    TableSpec("rummy_rounds", "rummy",
              "A replay sample: the first 200 rounds of every rummy_summary setting, one row per round x seat: "
              "went_out, penalty, cards_left, turns, reshuffles; seat_from_leader 0 starts. seed replays the round "
              "move by move: cardlab.sim.rummy.replay_rummy_round(rules, seed, policy, dealer=dealer, engine='kernel').",
              "round", rummy_configs, run_rummy, ("players", "policy")),
]
TABLES_BY_NAME = {t.name: t for t in TABLES}


def _run(config: Config) -> pd.DataFrame:
    return TABLES_BY_NAME[config.table].run(config)


def _warm_up() -> None:
    """Compile the numba kernels once before work is split between processes."""
    from .rules.plump import PlumpRules
    from .sim.plump import summarize_plump

    from .rules.femkamp import FemkampRules
    from .rules.rummy import RummyRules

    for policy in ("random", "heuristic"):
        summarize_plump(PlumpRules(players=3), policy=policy, rounds=10, hand_size=2, rng=0, progress=False)
        femkamp_kernel_games(FemkampRules(players=3), np.arange(2, dtype=np.int64), policy)
        rummy_kernel_rows(RummyRules(players=2, max_reshuffles=1), np.arange(2, dtype=np.int64), policy=policy, first=0)


def command_line(seed: int, scale: float, only: list[str] | None = None, out: str | None = None) -> str:
    parts = ["cardlab data build", f"--seed {seed}"]
    if scale != 1.0:
        parts.append(f"--scale {scale:g}")
    if out is not None:
        parts.append(f"--out {out}")
    for name in only or []:
        parts.append(f"--only {name}")
    return " ".join(parts)


def choose_executor(workers: int, scheduler: str | None = None, client=None) -> str:
    """``"dask"`` or ``"serial"``: how :func:`build` runs its configurations.

    A scheduler address or a client means Dask (an error naming the
    ``cluster`` extra if it is missing); one worker means serial; more workers
    mean a local Dask cluster when Dask is installed, and serial otherwise.

    >>> choose_executor(1)
    'serial'
    """
    from .sim.sweep import dask_available

    if scheduler or client is not None:
        return "dask"
    if workers <= 1 or not dask_available():
        return "serial"
    return "dask"


def build(out: "str | Path | None" = None, *, seed: int = DEFAULT_SEED, scale: float = 1.0, workers: int = 2,
          only: list[str] | None = None, progress: bool = False, scheduler: str | None = None, client=None,
          processes: bool = True) -> dict:
    """Run every configuration of every table (or only the tables named) and write CSVs and the manifest.

    ``scale`` multiplies the rounds/games per configuration (1.0 for the shipped data).
    The configurations run through :func:`cardlab.sim.sweep.run_tasks`, heaviest
    first: on the Dask cluster at ``scheduler`` (or ``client``), else on a
    local cluster of ``workers`` processes (threads with ``processes=False``),
    else one after another (``workers=1``, or Dask not installed); see
    :func:`choose_executor`.  Each configuration has its own seed, so the
    files are the same whichever way they are run.  Returns the manifest as a dict.
    The tables go to ``out``, else to your data folder
    (:func:`cardlab.data_files.user_data_dir`), where :func:`load_table` finds them.
    """
    shown_out = None if out is None else str(out)
    out = Path(out) if out is not None else user_data_dir()
    out.mkdir(parents=True, exist_ok=True)
    names = only or [t.name for t in TABLES if not t.explicit]
    unknown = [n for n in names if n not in TABLES_BY_NAME]
    if unknown:
        from .errors import RulesError

        raise RulesError("rules.invalid", field="only", problem=f"no table {unknown[0]!r}; choose from {', '.join(TABLES_BY_NAME)}.")
    configs = [c for n in names for c in TABLES_BY_NAME[n].configs(seed, scale)]
    started = time.perf_counter()
    executor = choose_executor(workers, scheduler, client)
    if not scheduler and client is None:
        _warm_up()  # compile (and cache) the numba kernels once, before local workers start
    order = sorted(range(len(configs)), key=lambda i: -configs[i].cost)
    from .sim.sweep import run_tasks

    ordered = run_tasks(_run, [configs[i] for i in order], executor=executor, scheduler=scheduler, workers=workers,
                        client=client, processes=processes, progress=progress, unit="configuration")
    results: dict[int, pd.DataFrame] = dict(zip(order, ordered))
    manifest_path = out / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"tables": {}}
    # a full build starts afresh but keeps the entries of the tables built only when named
    keep = {t.name for t in TABLES if t.explicit and t.name not in names} if not only else set(manifest["tables"])
    manifest["tables"] = {k: v for k, v in manifest["tables"].items() if k in keep}
    for name in names:
        spec = TABLES_BY_NAME[name]
        frames = [results[i] for i, c in enumerate(configs) if c.table == name]
        df = pd.concat(frames, ignore_index=True)
        write_atomically(out / spec.file, df.to_csv(index=False, float_format=f"%.{DECIMALS}f"))
        table_configs = [c for c in configs if c.table == name]
        rules = {}
        for c in table_configs:
            r = c.rules_object()
            rules[r.fingerprint()] = r.to_dict()
            if name == "plump_hook":
                off = r.replace(hook=False)
                rules[off.fingerprint()] = off.to_dict()
        manifest["tables"][name] = {
            "file": spec.file, "game": spec.game, "description": spec.description, "unit": spec.unit,
            "rows": int(len(df)), "columns": list(df.columns), "configurations": len(table_configs),
            "per_configuration": sorted({c.count for c in table_configs}),
            "rows_per_configuration": sorted({int(len(results[i])) for i, c in enumerate(configs) if c.table == name}),
            "bytes": (out / spec.file).stat().st_size,
            "config_keys": list(spec.keys), "rules": rules,
            "command": command_line(seed, scale, [name], shown_out),
            "code": table_code(spec),
        }
    manifest.update({"seed": seed, "scale": scale, "command": command_line(seed, scale, None, shown_out),
                     "seeding": "each configuration: numpy SeedSequence([seed, crc32(key)]) -> the row's `seed`; "
                                "rounds/games inside it: cardlab.sim.seeds.round_seeds(seed, count)"})
    manifest["tables"] = {k: manifest["tables"][k] for k in sorted(manifest["tables"], key=lambda n: [t.name for t in TABLES].index(n))}
    write_atomically(manifest_path, json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    # (a new bidding table needs no cache clearing: it is part of the compiled kernels' fingerprint,
    # so the next process compiles them afresh in a folder of their own; see cardlab.kernels._numba)
    manifest["seconds"] = round(time.perf_counter() - started, 1)
    return manifest


# ----------------------------------------------------------- code fingerprints and measured tables
def record_code(names: "list[str]", out: "str | Path | None" = None) -> dict:
    """Write today's :func:`table_code` into the manifest entries of tables ``names``, leaving the tables as they are.

    Only for tables shown to come out the same from today's code (rebuilt byte for byte, or their
    rows made again by :func:`recompute_rows`); :func:`build` records the code of every table it builds.
    """
    folder = Path(out) if out is not None else shipped_dir()
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    for name in names:
        manifest["tables"][name]["code"] = table_code(TABLES_BY_NAME[name])
    write_atomically(path, json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    return manifest


#: tables measured by a benchmark, not built here: each row names the command that made it
MEASUREMENTS = {
    "strength_arena": (
        "Bot strength in OpenSpiel's oh_hell (one round: trump turned up, hook on, 1 per trick + 10 for an exact "
        "bid): a cardlab tier head to head against OpenSpiel's ISMCTS (against), on the same deals with the seats "
        "rotated. One row per run x size x tier: diff = the tier's mean score per round minus the field's in the "
        "same seats (se: standard error over deals, z), exact_bids, zero_bids_failed, CPU ms per decision beside "
        "the field's. seed 'pooled': the runs of pooled_seeds pooled by benchmarks/arena_pool.py (plumpbot against "
        "ismcts-300 taken deal by deal). openspiel: the release; command: what made the row (run from the "
        "repository's folder); recorded: what wrote it (benchmarks/arena_openspiel.py --table for a run, "
        "benchmarks/arena_pool.py --table for the pooled rows)."),
}


def record_measurements(out: "str | Path | None" = None) -> dict:
    """List the measured tables (:data:`MEASUREMENTS`) in the manifest: file, rows, columns, bytes, the commands."""
    from .data_files import MEASURED

    folder = Path(out) if out is not None else shipped_dir()
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    entries = {}
    for name, description in MEASUREMENTS.items():
        file = folder / MEASURED[name]
        df = pd.read_csv(file)
        entries[name] = {"file": MEASURED[name], "description": description, "rows": int(len(df)),
                         "columns": list(df.columns), "bytes": file.stat().st_size,
                         "commands": sorted(set(df.command)),
                         "command": "python benchmarks/arena_openspiel.py ... --table cardlab/data/strength_arena.csv"}
    manifest["measurements"] = entries
    write_atomically(path, json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    return manifest


# ----------------------------------------------------------- checking
def config_for_row(name: str, row: "pd.Series | dict", seed: int = DEFAULT_SEED, scale: float = 1.0) -> Config:
    """The configuration that produced ``row`` of table ``name`` (matched on the table's key columns)."""
    spec = TABLES_BY_NAME[name]
    for c in spec.configs(seed, scale):
        if all(str(c.options[k]) == str(row[k]) for k in spec.keys):
            return c
    raise KeyError(f"no configuration of {name} matches {dict((k, row[k]) for k in spec.keys)}")


def recompute_rows(name: str, rows: pd.DataFrame, seed: int = DEFAULT_SEED, scale: float = 1.0) -> pd.DataFrame:
    """Make the given rows of table ``name`` again from their seeds, and return them (same columns, same order).

    Femkamp and Rummy sample rows are replayed game by game from their own
    ``seed``; aggregated rows rerun their configuration's seeded rounds or games.
    """
    out = []
    for _, row in rows.iterrows():
        config = config_for_row(name, row, seed, scale)
        if name == "femkamp_games":
            rules = config.rules_object()
            seeds = np.array([int(row["seed"])], np.int64)
            frame = femkamp_sample_rows(femkamp_kernel_games(rules, seeds, row["policy"]), players=int(row["players"]),
                                        policy=row["policy"], seeds=seeds, first=int(row["game"]),
                                        fingerprint=rules.fingerprint())
            frame = frame[frame.seat == row["seat"]]
        elif name == "rummy_rounds":
            rules = config.rules_object()
            frame = rummy_kernel_rows(rules, np.array([int(row["seed"])], np.int64), policy=row["policy"],
                                      first=int(row["round"]))
            frame = frame[frame.seat == row["seat"]]
        else:
            frame = TABLES_BY_NAME[name].run(config)
            if "seat_from_leader" in frame.columns:
                mask = frame.seat_from_leader == row["seat_from_leader"]
            else:  # the bidding table: seats from the dealer's left, and "any"
                mask = frame.seat.astype(str) == str(row["seat"])
            if "round" in frame.columns and name == "femkamp_summary":
                mask &= frame["round"].astype(str) == str(row["round"])
            if "hook" in frame.columns:
                mask &= frame.hook.astype(str) == str(row["hook"])
            frame = frame[mask]
        out.append(frame)
    return pd.concat(out, ignore_index=True)[list(rows.columns)]


# where tables live: one place for load_table and build (kept importable from here)
from .data_files import load_manifest, load_table, shipped_dir, user_data_dir  # noqa: E402,F401


def data_dir() -> Path:
    """The folder of the tables that ship with cardlab (see :mod:`cardlab.data_files`)."""
    return shipped_dir()
