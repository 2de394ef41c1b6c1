"""Shared card tables: several humans (each on their own device) and bots at one game.

* :class:`TableService` owns every table's match, checks every move against its seat token,
  lets bots play empty and abandoned seats, and sends each seat only its seat update
  (:mod:`cardlab.tables.updates`, built from ``view(seat)``);
* :class:`TableStore` keeps every action in one SQLite file in the class folder, so a
  restart rebuilds every table (:mod:`cardlab.tables.store`);
* :mod:`cardlab.tables.server` serves the service over HTTP on 127.0.0.1
  (``python -m cardlab.tables serve --class-dir DIR --port P``) and
  :mod:`cardlab.tables.client` talks to it;
* :mod:`cardlab.tables.leaks` checks that no message shows a card a seat may not see.
"""

from .service import AWAY_AFTER, Seat, Table, TableError, TableService, Ticket
from .store import TableStore

__all__ = ["TableService", "TableStore", "TableError", "Ticket", "Table", "Seat", "AWAY_AFTER"]
