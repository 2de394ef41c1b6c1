"""The recipes of the data tables: one module per table, each with its ``…_configs`` and ``run_…`` functions.

A recipe's ``configs(master_seed, scale)`` lists its grid of :class:`~cardlab.table_build.config.Config`
cells (each with its own seed) and its ``run(config)`` makes one cell's rows.  The sizes a recipe runs
at (rounds, games, play-outs) are constants beside it.  Recipes import the simulations they call
inside their functions, so that listing the tables stays quick.

Plump: :mod:`.plump_zero_bids`, :mod:`.plump_search_zero_bids`, :mod:`.plump_hook`,
:mod:`.plump_bid_weights`, :mod:`.plump_one_card_exact`, :mod:`.plump_exact_small` (the settings they
share: :mod:`.plump_settings`).  Femkamp: :mod:`.femkamp_games`, :mod:`.femkamp_summary`.  Rummy:
:mod:`.rummy_rounds`, :mod:`.rummy_summary`.  The replay tables keep the first games or rounds of each
setting: :mod:`.replay_sample`.

A table's code fingerprint (:func:`cardlab.table_build.fingerprints.table_code`) follows a recipe's
names through these modules, so import names (``from .plump_settings import PLUMP_ROUNDS``), not
modules, from one recipe into another.
"""
