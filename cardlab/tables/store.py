"""The tables' log: every action appended to one SQLite file in the class folder.

Each table is its rules, its seed and the list of what happened (seats taken, moves,
undos, restarts).  :class:`TableStore` appends one row per event and commits it before
the move is shown to anyone, with SQLite's write-ahead log (``journal_mode=WAL``) and
``synchronous=FULL``: a server killed at any moment (even ``kill -9``) loses nothing
it had acknowledged, and a restart replays every table from its rows.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = TableStore(folder / "tables.sqlite")
>>> store.append("KMX47", "create", {"game": "plump"})
1
>>> store.append("KMX47", "move", {"action": {"type": "bid", "seat": 1, "tricks": 0}})
2
>>> [(code, kind) for _, code, kind, _ in store.entries()]
[('KMX47', 'create'), ('KMX47', 'move')]
>>> store.journal_mode()
'wal'
>>> store.close()
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterator

#: The file name of the log in a class folder.
FILE_NAME = "tables.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_code ON events (code, id);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class TableStore:
    """An append-only log of table events in one SQLite file (WAL journal)."""

    def __init__(self, path: "str | Path") -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    @classmethod
    def in_folder(cls, folder: "str | Path") -> "TableStore":
        """The store of a class folder (``<folder>/tables.sqlite``)."""
        return cls(Path(folder) / FILE_NAME)

    def append(self, code: str, kind: str, data: dict[str, Any]) -> int:
        """Write one event and commit it; returns its number.  Raises ``sqlite3.Error`` if it cannot."""
        cur = self._db.execute("INSERT INTO events (code, kind, data, at) VALUES (?, ?, ?, ?)",
                               (code, kind, json.dumps(data, ensure_ascii=False, sort_keys=True), time.time()))
        return int(cur.lastrowid)

    def entries(self) -> Iterator[tuple[int, str, str, dict[str, Any]]]:
        """Every event in the order written: ``(number, code, kind, data)``."""
        for number, code, kind, data in self._db.execute("SELECT id, code, kind, data FROM events ORDER BY id"):
            yield number, code, kind, json.loads(data)

    def count(self, kind: str | None = None) -> int:
        """How many events (of ``kind``) the log holds."""
        if kind is None:
            return int(self._db.execute("SELECT COUNT(*) FROM events").fetchone()[0])
        return int(self._db.execute("SELECT COUNT(*) FROM events WHERE kind = ?", (kind,)).fetchone()[0])

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def journal_mode(self) -> str:
        return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def close(self) -> None:
        self._db.close()
