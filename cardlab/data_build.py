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
* ``plump_one_card_exact`` — exact one-card chances (fractions), no simulation.
* ``femkamp_games`` — whole Femkamp games, one row per game × seat with each
  round's score, kabal prikks and cards left.
* ``rummy_rounds`` — single Rummy rounds, one row per round × seat.

>>> config_seed(2024, "plump_zero_bids/p4/c5/turned-up/random") == config_seed(2024, "plump_zero_bids/p4/c5/turned-up/random")
True
>>> [t.name for t in TABLES]
['plump_zero_bids', 'plump_hook', 'plump_one_card_exact', 'femkamp_games', 'rummy_rounds']
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


def zero_bid_configs(master: int, scale: float) -> list[Config]:
    from .rules.plump import PlumpRules

    rounds = max(200, int(20_000 * scale))
    out = []
    for players in range(2, 8):
        for trump in TRUMP_MODES:
            rules = _plump_rules(players, trump)
            for cards in range(1, PlumpRules.from_dict(rules).largest_hand + 1):
                for policy in ("random", "heuristic"):
                    key = f"plump_zero_bids/p{players}/c{cards}/{trump}/{policy}"
                    out.append(Config("plump_zero_bids", key, "plump", rules,
                                      {"players": players, "cards": cards, "trump": trump, "policy": policy},
                                      rounds, config_seed(master, key), rounds * cards * players * 1e-8))
    return out


def run_zero_bids(config: Config) -> pd.DataFrame:
    from .sim.plump import summarize_plump
    from .sim.stats import wilson_interval

    o = config.options
    table = summarize_plump(config.rules_object(), policy=o["policy"], rounds=config.count, hand_size=o["cards"],
                            rng=config.seed, progress=False)
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


HOOK_SCORINGS = ("standard", "trick-points", "penalty")


def hook_configs(master: int, scale: float) -> list[Config]:
    from .rules.plump import PlumpRules

    rounds = max(200, int(20_000 * scale))
    out = []
    for players in range(3, 8):
        for trump in ("turned-up", "none"):
            rules = _plump_rules(players, trump)
            for cards in range(1, PlumpRules.from_dict(rules).largest_hand + 1):
                key = f"plump_hook/p{players}/c{cards}/{trump}/heuristic"
                out.append(Config("plump_hook", key, "plump", rules,
                                  {"players": players, "cards": cards, "trump": trump, "policy": "heuristic"},
                                  rounds, config_seed(master, key), 2 * rounds * cards * players * 2e-8))
    return out


def run_hook(config: Config) -> pd.DataFrame:
    """Play the same deals with the hook on and off (heuristic bots) and compare, seat by seat."""
    from .sim.plump import kernel_batch, make_setup, score_array
    from .sim.seeds import iter_chunks
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
    for start, seeds in iter_chunks(config.seed, config.count):
        arrays = {h: kernel_batch(setup, seeds, start) for h, setup in setups.items()}
        dealer = arrays[True]["dealer"]
        rows = np.arange(len(seeds))
        forced += int((arrays[True]["bids"][rows, dealer] != arrays[False]["bids"][rows, dealer]).sum())
        for h, a in arrays.items():
            idx = (a["dealer"][:, None] + 1 + np.arange(p)[None, :]) % p  # column k = k places from the leader
            bids = np.take_along_axis(a["bids"], idx, axis=1)
            tricks = np.take_along_axis(a["tricks"], idx, axis=1)
            hit = bids == tricks
            made[h] += hit.sum(axis=0)
            missed = (~hit).sum(axis=1)
            plumps[h][0] += int(missed.sum())
            plumps[h][1] += int((missed ** 2).sum())
            for s in HOOK_SCORINGS:
                sc = score_array(bids, tricks, s).astype(float)
                scores[(h, s)][0] += sc.sum(axis=0)
                scores[(h, s)][1] += (sc ** 2).sum(axis=0)
    n = config.count
    f_low, f_high = wilson_interval(forced, n)
    parts = []
    for h in (True, False):
        m_low, m_high = wilson_interval(made[h], np.full(p, n))
        pl_mean, pl_low, pl_high = mean_interval(plumps[h][0], plumps[h][1], n)
        part = pd.DataFrame({
            "players": p, "cards": cards, "trump": o["trump"], "policy": o["policy"], "hook": h,
            "seat_from_leader": np.arange(p), "rounds": n, "seed": config.seed,
            "fingerprint": (rules_on if h else rules_off).fingerprint(),
            "p_forced": forced / n if h else 0.0, "forced_low": float(f_low) if h else 0.0,
            "forced_high": float(f_high) if h else 0.0,
            "plumps_per_round": float(pl_mean), "plumps_low": float(pl_low), "plumps_high": float(pl_high),
            "p_made": made[h] / n, "made_low": m_low, "made_high": m_high,
        })
        for s in HOOK_SCORINGS:
            mean, low, high = mean_interval(scores[(h, s)][0], scores[(h, s)][1], np.full(p, n))
            col = s.replace("-", "_")
            part[f"score_{col}"], part[f"score_{col}_low"], part[f"score_{col}_high"] = mean, low, high
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


def femkamp_configs(master: int, scale: float) -> list[Config]:
    from .rules.femkamp import FemkampRules

    games = max(10, int(250 * scale))
    out = []
    for players in (3, 4, 5):
        for policy in ("random", "heuristic"):
            key = f"femkamp_games/p{players}/{policy}"
            out.append(Config("femkamp_games", key, "femkamp", FemkampRules(players=players).to_dict(),
                              {"players": players, "policy": policy}, games, config_seed(master, key), games * 0.04))
    return out


def femkamp_rows(game, *, players: int, policy: str, index: int, seed: int, fingerprint: str) -> list[dict]:
    """One row per seat of a finished Femkamp game."""
    winners = set(game.winners())
    by_name = {res.name: res for res in game.results}
    rows = []
    for seat in range(players):
        row = {"players": players, "policy": policy, "game": index, "seed": seed, "fingerprint": fingerprint,
               "seat": seat, "first_dealer": game.results[0].dealer,
               "seat_from_leader": (seat - game.results[0].dealer - 1) % players}
        for name in FEMKAMP_ROUNDS:
            row[name] = by_name[name].scores[seat]
        kabal = by_name["kabal"]
        row["prikks"] = kabal.prikks[seat] if kabal.prikks else 0
        row["cards_left"] = kabal.cards_left[seat] if kabal.cards_left else 0
        row["total"] = sum(row[name] for name in FEMKAMP_ROUNDS)
        row["won"] = seat in winners
        rows.append(row)
    return rows


def run_femkamp(config: Config) -> pd.DataFrame:
    from .sim.femkamp import replay_femkamp_game
    from .sim.seeds import round_seeds

    o = config.options
    rules = config.rules_object()
    rows: list[dict] = []
    for index, seed in enumerate(round_seeds(config.seed, config.count)):
        game = replay_femkamp_game(rules, int(seed), o["policy"])
        rows += femkamp_rows(game, players=o["players"], policy=o["policy"], index=index, seed=int(seed),
                             fingerprint=rules.fingerprint())
    return pd.DataFrame(rows)


# ----------------------------------------------------------- rummy
def rummy_configs(master: int, scale: float) -> list[Config]:
    from .rules.rummy import RummyRules

    out = []
    plan = [(players, "heuristic", 600 if players in (3, 4) else 250) for players in range(2, 7)] + [(3, "random", 120)]
    for players, policy, rounds in plan:
        rounds = max(10, int(rounds * scale))
        key = f"rummy_rounds/p{players}/{policy}"
        out.append(Config("rummy_rounds", key, "rummy", RummyRules(players=players, max_reshuffles=3).to_dict(),
                          {"players": players, "policy": policy}, rounds, config_seed(master, key),
                          rounds * (0.08 if policy == "random" else 0.035)))
    return out


def rummy_rows(rnd, *, players: int, policy: str, index: int, seed: int, fingerprint: str, dealer: int) -> list[dict]:
    """One row per seat of a finished Rummy round."""
    scores = rnd.scores()
    return [{
        "players": players, "policy": policy, "round": index, "seed": seed, "fingerprint": fingerprint,
        "seat": seat, "dealer": dealer, "seat_from_leader": (seat - dealer - 1) % players,
        "went_out": rnd.winner == seat, "no_winner": rnd.winner is None, "went_rummy": bool(rnd.went_rummy),
        "penalty": scores[seat], "cards_left": len(rnd.hands[seat]), "turns": rnd.turns, "reshuffles": rnd.reshuffles,
    } for seat in range(players)]


def run_rummy(config: Config) -> pd.DataFrame:
    from .sim.rummy import replay_rummy_round
    from .sim.seeds import round_seeds

    o = config.options
    rules = config.rules_object()
    rows: list[dict] = []
    for index, seed in enumerate(round_seeds(config.seed, config.count)):
        rnd = replay_rummy_round(rules, int(seed), o["policy"], dealer=rules.first_dealer)
        rows += rummy_rows(rnd, players=o["players"], policy=o["policy"], index=index, seed=int(seed),
                           fingerprint=rules.fingerprint(), dealer=rules.first_dealer)
    return pd.DataFrame(rows)


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

    @property
    def file(self) -> str:
        return f"{self.name}.csv"


TABLES = [
    TableSpec("plump_zero_bids", "plump",
              "Single Plump rounds (hook on, standard scoring) for players 2-7 x every hand size x trump "
              "(turned-up, none, fixed spades) x policy (random, heuristic); one row per seat counted from the "
              "leader (0 = left of the dealer, players-1 = the dealer). p_zero: no trick taken; p_bid0_made: a "
              "zero bid made (of bid0_rounds); p_made: any bid made; *_low/*_high: Wilson 95% intervals.",
              "round", zero_bid_configs, run_zero_bids, ("players", "cards", "trump", "policy")),
    TableSpec("plump_hook", "plump",
              "The same deals played by heuristic bots with the hook (kroken) on and off, players 3-7 x every hand "
              "size x trump (turned-up, none). p_forced: share of rounds in which the hook moved the dealer off the "
              "bid they would have made (Wilson 95%); plumps_per_round: players who missed their bid per round; "
              "score_<variant>: mean round score by seat for standard, trick-points and penalty scoring (95% "
              "normal intervals).", "round", hook_configs, run_hook, ("players", "cards", "trump", "policy")),
    TableSpec("plump_one_card_exact", "plump",
              "Exact chance (a fraction) that each seat takes no trick in a one-card Plump round, players 2-7 x "
              "trump (turned-up, none, fixed spades); from cardlab.sim.exact, no simulation.",
              "exact", exact_configs, run_exact, ("players", "trump")),
    TableSpec("femkamp_games", "femkamp",
              "Whole Femkamp games for 3, 4 and 5 players x policy (random, heuristic); one row per game x seat: "
              "the score of each round (pass, clubs, queens, grand, kabal = prikks + cards_left), total, won. "
              "seed replays the game: cardlab.sim.femkamp.replay_femkamp_game(rules, seed, policy).",
              "game", femkamp_configs, run_femkamp, ("players", "policy")),
    TableSpec("rummy_rounds", "rummy",
              "Single Rummy rounds for 2-6 players with heuristic bots (and 3 players with random bots); one row "
              "per round x seat: went_out, penalty, cards_left, turns, reshuffles; seat_from_leader 0 starts. "
              "seed replays the round: cardlab.sim.rummy.replay_rummy_round(rules, seed, policy, dealer=dealer).",
              "round", rummy_configs, run_rummy, ("players", "policy")),
]
TABLES_BY_NAME = {t.name: t for t in TABLES}


def _run(config: Config) -> pd.DataFrame:
    return TABLES_BY_NAME[config.table].run(config)


def _warm_up() -> None:
    """Compile the numba kernels once before work is split between processes."""
    from .rules.plump import PlumpRules
    from .sim.plump import summarize_plump

    for policy in ("random", "heuristic"):
        summarize_plump(PlumpRules(players=3), policy=policy, rounds=10, hand_size=2, rng=0, progress=False)


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
    names = only or [t.name for t in TABLES]
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
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() and only else {"tables": {}}
    for name in names:
        spec = TABLES_BY_NAME[name]
        frames = [results[i] for i, c in enumerate(configs) if c.table == name]
        df = pd.concat(frames, ignore_index=True)
        df.to_csv(out / spec.file, index=False, float_format=f"%.{DECIMALS}f")
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
            "config_keys": list(spec.keys), "rules": rules,
            "command": command_line(seed, scale, [name], shown_out),
        }
    manifest.update({"seed": seed, "scale": scale, "command": command_line(seed, scale, None, shown_out),
                     "seeding": "each configuration: numpy SeedSequence([seed, crc32(key)]) -> the row's `seed`; "
                                "rounds/games inside it: cardlab.sim.seeds.round_seeds(seed, count)"})
    manifest["tables"] = {k: manifest["tables"][k] for k in sorted(manifest["tables"], key=lambda n: [t.name for t in TABLES].index(n))}
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    manifest["seconds"] = round(time.perf_counter() - started, 1)
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

    Femkamp and Rummy rows are replayed game by game from their own ``seed``;
    Plump rows rerun their configuration's seeded rounds.
    """
    out = []
    for _, row in rows.iterrows():
        config = config_for_row(name, row, seed, scale)
        if name == "femkamp_games":
            rules = config.rules_object()
            from .sim.femkamp import replay_femkamp_game

            game = replay_femkamp_game(rules, int(row["seed"]), row["policy"])
            new = femkamp_rows(game, players=int(row["players"]), policy=row["policy"], index=int(row["game"]),
                               seed=int(row["seed"]), fingerprint=rules.fingerprint())
            frame = pd.DataFrame(new)
            frame = frame[frame.seat == row["seat"]]
        elif name == "rummy_rounds":
            rules = config.rules_object()
            from .sim.rummy import replay_rummy_round

            rnd = replay_rummy_round(rules, int(row["seed"]), row["policy"], dealer=int(row["dealer"]))
            frame = pd.DataFrame(rummy_rows(rnd, players=int(row["players"]), policy=row["policy"],
                                            index=int(row["round"]), seed=int(row["seed"]),
                                            fingerprint=rules.fingerprint(), dealer=int(row["dealer"])))
            frame = frame[frame.seat == row["seat"]]
        else:
            frame = TABLES_BY_NAME[name].run(config)
            mask = frame.seat_from_leader == row["seat_from_leader"]
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
