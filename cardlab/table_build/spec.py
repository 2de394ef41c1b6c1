"""What one table is (:class:`TableSpec`): its recipe, the columns that name a configuration, its description.

>>> from cardlab.table_build.catalogue import TABLES_BY_NAME
>>> spec = TABLES_BY_NAME["plump_hook"]
>>> spec.file, spec.keys, spec.rule_variants
('plump_hook.csv', ('players', 'cards', 'trump', 'policy'), ({'hook': False},))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pandas as pd

from .config import Config


@dataclass(frozen=True)
class TableSpec:
    """A table of the catalogue: ``configs(master_seed, scale)`` lists its grid, ``run(config)`` makes a cell's rows."""

    name: str
    game: str
    description: str
    unit: str
    configs: Callable[[int, float], list[Config]]
    run: Callable[[Config], pd.DataFrame]
    keys: tuple[str, ...]  # columns that name a configuration
    explicit: bool = False  # built only when named with ``only`` (the bidding table the others are measured with)
    data: tuple[str, ...] = ()  # data files (inside the package) that the table's code reads
    #: a replay table's row made again from its own seed, ``replay(config, row)`` (else the configuration is rerun)
    replay: Callable[[Config, "pd.Series"], pd.DataFrame] | None = None
    #: changes of a configuration's rules that its rows are also played under (listed in the manifest too)
    rule_variants: tuple[dict, ...] = ()

    @property
    def file(self) -> str:
        return f"{self.name}.csv"
