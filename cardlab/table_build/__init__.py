"""How the data tables of ``data/`` are built: the build framework, and one recipe per table.

(These are the CSV tables the analysis notebooks chart, not the card tables of :mod:`cardlab.tables`.)
:mod:`cardlab.data_build` gathers the names that notebooks, the command line and the tests use;
the code lives here, one job per module:

* :mod:`~cardlab.table_build.config` — one cell of a table's grid (:class:`~cardlab.table_build.config.Config`)
  and its seed (:func:`~cardlab.table_build.config.config_seed`);
* :mod:`~cardlab.table_build.spec` — what a table is (:class:`~cardlab.table_build.spec.TableSpec`):
  its recipe, its key columns, its description;
* :mod:`~cardlab.table_build.recipes` — the recipes, one module per table (Plump, Femkamp, Rummy),
  each with the sizes it runs at;
* :mod:`~cardlab.table_build.catalogue` — every table in one list (:data:`~cardlab.table_build.catalogue.TABLES`);
* :mod:`~cardlab.table_build.build` — running every configuration and writing the CSVs and the manifest;
* :mod:`~cardlab.table_build.recipe_source` and :mod:`~cardlab.table_build.fingerprints` — the code
  behind a table, so a table whose code changed is known to be stale;
* :mod:`~cardlab.table_build.recompute` — any row made again from its seed;
* :mod:`~cardlab.table_build.measurements` — the tables measured by a benchmark, listed in the manifest.

The recipes import only :mod:`~cardlab.table_build.config` (and each other) at module level; the
framework imports the catalogue, never the other way round.

>>> from cardlab.table_build.catalogue import TABLES_BY_NAME
>>> TABLES_BY_NAME["rummy_summary"].run.__module__
'cardlab.table_build.recipes.rummy_summary'
"""
