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
  with a fixed, modest budget: ``SEARCH_ROUNDS`` rounds per setting, ``SEARCH_ROLLOUTS`` play-outs per
  decision (the engine, not a kernel).
* ``plump_one_card_exact`` — exact one-card chances (fractions), no simulation.
* ``plump_exact_small`` — exact two- and three-card odds under random play and the lowest-card policy.
* ``femkamp_summary`` — whole Femkamp games aggregated per round × seat
  (``FEMKAMP_GAMES`` games per setting), with ``femkamp_games`` keeping the first games
  row by row for replay.
* ``rummy_summary`` — single Rummy rounds aggregated per seat (``RUMMY_ROUNDS`` per
  setting), with ``rummy_rounds`` keeping the first rounds for replay.

Big settings are aggregated (sums are enough for every mean, share and
interval), so the files stay small.

The code lives in :mod:`cardlab.table_build`: the framework (configurations and
their seeds, :func:`build`, the code fingerprints, :func:`recompute_rows`) and,
in :mod:`cardlab.table_build.recipes`, one recipe module per table.  This module
gathers the names that notebooks, the command line, the claims and the tests use.

>>> len(TABLES), sorted(t.name for t in TABLES if t.replay)
(10, ['femkamp_games', 'rummy_rounds'])
>>> femkamp_kernel_games.__module__   # the replay command the shipped manifest names, from here
'cardlab.table_build.recipes.femkamp_games'
"""

from __future__ import annotations

from .data_files import load_manifest, load_table, shipped_dir, user_data_dir
from .table_build.build import DECIMALS, build, choose_executor, command_line, run_config, warm_up
from .table_build.catalogue import BID_WEIGHTS_FILES, TABLES, TABLES_BY_NAME
from .table_build.config import DEFAULT_SEED, Config, config_seed, rules_from_options
from .table_build.fingerprints import CODE_IGNORED, CODE_ROOTS, normalized_source, record_code, stale_code, table_code
from .table_build.measurements import MEASUREMENTS, record_measurements
from .table_build.recipes.femkamp_games import (FEMKAMP_GAMES, FEMKAMP_ROUNDS, femkamp_configs, femkamp_kernel_games,
                                                femkamp_sample_rows, replay_femkamp_game, run_femkamp)
from .table_build.recipes.femkamp_summary import femkamp_bounds, femkamp_summary_configs, run_femkamp_summary
from .table_build.recipes.plump_bid_weights import BID_PASSES, BID_ROUNDS, bid_weight_configs, run_bid_weights
from .table_build.recipes.plump_exact_small import exact_small_configs, run_exact_small
from .table_build.recipes.plump_hook import HOOK_OFF, HOOK_SCORINGS, hook_configs, run_hook
from .table_build.recipes.plump_one_card_exact import exact_configs, run_exact
from .table_build.recipes.plump_search_zero_bids import (SEARCH_ROLLOUTS, SEARCH_ROUNDS, SEARCH_SETTINGS,
                                                         run_search_zero_bids, search_zero_bid_configs)
from .table_build.recipes.plump_settings import PLUMP_ROUNDS, TRUMP_MODES, plump_rules_dict
from .table_build.recipes.plump_zero_bids import run_zero_bids, zero_bid_configs, zero_bid_frame
from .table_build.recipes.replay_sample import SAMPLE, sample_seeds
from .table_build.recipes.rummy_rounds import (RUMMY_MAX_RESHUFFLES, RUMMY_ROUNDS, replay_rummy_round, rummy_configs,
                                               rummy_kernel_rows, run_rummy)
from .table_build.recipes.rummy_summary import rummy_summary_configs, run_rummy_summary
from .table_build.recompute import config_for_row, recompute_rows
from .table_build.spec import TableSpec

#: the folder of the tables that ship with cardlab (see :mod:`cardlab.data_files`)
data_dir = shipped_dir

__all__ = [
    # the framework
    "DEFAULT_SEED", "DECIMALS", "Config", "config_seed", "rules_from_options", "TableSpec", "build", "choose_executor",
    "command_line", "run_config", "warm_up", "CODE_ROOTS", "CODE_IGNORED", "normalized_source", "table_code",
    "stale_code", "record_code", "MEASUREMENTS", "record_measurements", "config_for_row", "recompute_rows",
    # the catalogue
    "TABLES", "TABLES_BY_NAME", "BID_WEIGHTS_FILES",
    # where tables live
    "load_table", "load_manifest", "data_dir", "shipped_dir", "user_data_dir",
    # the recipes and their sizes
    "TRUMP_MODES", "PLUMP_ROUNDS", "plump_rules_dict", "zero_bid_configs", "run_zero_bids", "zero_bid_frame",
    "SEARCH_ROUNDS", "SEARCH_ROLLOUTS", "SEARCH_SETTINGS", "search_zero_bid_configs", "run_search_zero_bids",
    "BID_ROUNDS", "BID_PASSES", "bid_weight_configs", "run_bid_weights", "HOOK_SCORINGS", "HOOK_OFF", "hook_configs",
    "run_hook", "exact_configs", "run_exact", "exact_small_configs", "run_exact_small",
    "SAMPLE", "sample_seeds", "FEMKAMP_GAMES", "FEMKAMP_ROUNDS", "femkamp_configs", "femkamp_kernel_games",
    "femkamp_sample_rows", "run_femkamp", "replay_femkamp_game", "femkamp_bounds", "femkamp_summary_configs",
    "run_femkamp_summary", "RUMMY_ROUNDS", "RUMMY_MAX_RESHUFFLES", "rummy_configs", "rummy_kernel_rows", "run_rummy",
    "replay_rummy_round", "rummy_summary_configs", "run_rummy_summary",
]
