"""Any row of a table made again from its seed (:func:`recompute_rows`), and the configuration behind it.

>>> config_for_row("plump_hook", {"players": 4, "cards": 3, "trump": "none", "policy": "heuristic"}).key
'plump_hook/p4/c3/none/heuristic'
"""

from __future__ import annotations

import pandas as pd

from .catalogue import TABLES_BY_NAME
from .config import DEFAULT_SEED, Config


def config_for_row(name: str, row: "pd.Series | dict", seed: int = DEFAULT_SEED, scale: float = 1.0) -> Config:
    """The configuration that produced ``row`` of table ``name`` (matched on the table's key columns)."""
    spec = TABLES_BY_NAME[name]
    for c in spec.configs(seed, scale):
        if all(str(c.options[k]) == str(row[k]) for k in spec.keys):
            return c
    raise KeyError(f"no configuration of {name} matches {dict((k, row[k]) for k in spec.keys)}")


def recompute_rows(name: str, rows: pd.DataFrame, seed: int = DEFAULT_SEED, scale: float = 1.0) -> pd.DataFrame:
    """Make the given rows of table ``name`` again from their seeds, and return them (same columns, same order).

    The rows of a replay table (``femkamp_games``, ``rummy_rounds``: a table whose spec has a ``replay``)
    are played again game by game from their own ``seed``; aggregated rows rerun their configuration's
    seeded rounds or games.

    >>> from cardlab.data_files import load_table, shipped_dir
    >>> rows = load_table("plump_one_card_exact", shipped_dir()).iloc[[0, 5]]
    >>> again = recompute_rows("plump_one_card_exact", rows)
    >>> again.p_zero_exact.tolist() == rows.p_zero_exact.tolist(), list(again.columns) == list(rows.columns)
    (True, True)
    """
    spec = TABLES_BY_NAME[name]
    out = []
    for _, row in rows.iterrows():
        config = config_for_row(name, row, seed, scale)
        if spec.replay is not None:  # a replay table: the row's own game or round, from its seed
            frame = spec.replay(config, row)
        else:  # an aggregated table: its configuration run again, the row picked out
            frame = spec.run(config)
            if "seat_from_leader" in frame.columns:
                mask = frame.seat_from_leader == row["seat_from_leader"]
            else:  # the bidding table: seats from the dealer's left, and "any"
                mask = frame.seat.astype(str) == str(row["seat"])
            if "round" in frame.columns:  # femkamp_summary: one row per round and seat
                mask &= frame["round"].astype(str) == str(row["round"])
            if "hook" in frame.columns:
                mask &= frame.hook.astype(str) == str(row["hook"])
            frame = frame[mask]
        out.append(frame)
    return pd.concat(out, ignore_index=True)[list(rows.columns)]
