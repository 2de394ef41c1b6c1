"""The teacher's overview of every shared table, with no user interface.

:class:`TablesOverview` speaks for the teacher (it holds the teacher's token) to a
:class:`cardlab.tables.TableService` in this process or to a table server
(:mod:`cardlab.tables.server`): it opens tables (game, players, rules preset, how many
children, the bots' level), reads every table's public record and says it in words (whose
turn, the points, who is here, waiting or gone), and ends, restarts or starts a table.
Its rows carry no card: the teacher's *Lärarläge* (every hand) is :meth:`teacher_table`.
The widget is :class:`cardlab.widgets.tables_overview.TablesOverviewPage`.

>>> overview = TablesOverview.in_process(lang="en")
>>> code = overview.create("plump", players=3, rules="kids", humans=2, level="easy", seed=3)
>>> row = overview.rows()[0]
>>> row.code == code, row.state
(True, 'Waiting for 2 children to sit down')
>>> [s.words for s in row.seats]
['Seat 0: free', 'Seat 1: free', 'Seat 2: bot (Easy)']
>>> overview.service.join(code, "Anna") and overview.rows()[0].seats[0].words
'Seat 0: Anna (here)'
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from ..i18n import Message, check_language, tr
from .service import GAMES, LEVELS, TableService, _rules_for

#: Where the pupils' kernels (and the teacher's notebook) look for the table server.
DEFAULT_URL = "http://127.0.0.1:8871"


def tables_url() -> str:
    """The table server's address: ``$CARDLAB_TABLES_URL``, else ``http://127.0.0.1:8871``."""
    return os.environ.get("CARDLAB_TABLES_URL", "").strip() or DEFAULT_URL


def server_is_running(url: str, timeout: float = 1.0) -> bool:
    """Does a table server answer at ``url`` (``/api/health``) within ``timeout`` seconds?"""
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/api/health", timeout=timeout) as answer:
            return bool(json.loads(answer.read().decode("utf-8")).get("ok"))
    except (OSError, ValueError, urllib.error.URLError):
        return False


def presets(game: str) -> list[str]:
    """The rules presets shipped for ``game``.

    >>> presets("plump")
    ['classic', 'kids', 'trick-points', 'two-player']
    """
    from ..games.femkamp import FemkampGame
    from ..games.plump import PlumpGame
    from ..games.rummy import RummyGame

    return {"plump": PlumpGame, "femkamp": FemkampGame, "rummy": RummyGame}[game].rules_class.presets()


@dataclass(frozen=True)
class SeatRow:
    """One seat as the teacher's page says it: ``state`` is here / away / empty / bot."""

    seat: int
    name: str | None
    state: str
    words: str


@dataclass(frozen=True)
class TableRow:
    """One table as the teacher's page says it (no card in it)."""

    code: str
    game: str
    state: str          #: whose turn, or waiting / over / ended, in words
    scores: str         #: every seat's points, in words
    seats: tuple[SeatRow, ...]
    ended: bool
    over: bool
    started: bool
    version: int
    group: str | None = None


class TablesOverview:
    """The teacher's side of the shared tables (see the module docstring).

    ``service``: a :class:`TableService` in this process, or None to talk to the server at
    ``url`` through :class:`cardlab.tables.client.TableClient`.  ``teacher``: the teacher's token.
    ``where`` says which one it is ("server" or "in-process").
    """

    def __init__(self, *, teacher: str, service: TableService | None = None, url: str | None = None,
                 lang: str = "sv") -> None:
        self.service, self.teacher, self.lang = service, teacher, check_language(lang)
        self.url = None if service is not None else (url or tables_url())
        self.where = "in-process" if service is not None else "server"
        self._client: Any = None
        if service is None:
            from .client import TableClient

            self._client = TableClient(self.url, lang=self.lang)

    @classmethod
    def in_process(cls, folder: Any = None, *, lang: str = "sv", **options: Any) -> "TablesOverview":
        """An overview of a new :class:`TableService` in this process (its log in ``folder`` if given)."""
        from pathlib import Path

        from .store import TableStore

        store = None
        if folder is not None:      # the folder's own teacher token (made on first use), as the server uses
            from .__main__ import teacher_token

            options.setdefault("teacher_token", teacher_token(Path(folder)))
            store = TableStore.in_folder(folder)
        service = TableService(store, **options)
        token = service.teacher_token
        assert token is not None
        return cls(teacher=token, service=service, lang=lang)

    @classmethod
    def connect(cls, *, url: str | None = None, class_dir: Any = None, fallback_folder: Any = None,
                lang: str = "sv", **options: Any) -> "TablesOverview":
        """The table server at ``url`` if one answers (the token from the class folder), else a
        service in this process keeping its log in ``fallback_folder`` (see :attr:`where`;
        ``options`` go to that :class:`TableService`)."""
        from pathlib import Path

        from ..classroom import class_dir as find_class_dir
        from .__main__ import teacher_token

        url = url or tables_url()
        if server_is_running(url):
            return cls(teacher=teacher_token(Path(find_class_dir(class_dir))), url=url, lang=lang)
        return cls.in_process(fallback_folder, lang=lang, **options)

    def where_words(self) -> str:
        """One sentence: which tables this page shows (a server, or a service in this notebook only)."""
        if self.where == "server":
            return tr("overview.where.server", self.lang, url=self.url)
        return tr("overview.where.local", self.lang)

    # --------------------------------------------------------------- acting
    def _ask(self, what: str, **fields: Any) -> Any:
        if self.service is not None:
            method = {"overview": lambda: self.service.overview(teacher=self.teacher),
                      "create": lambda: self.service.create_table(teacher=self.teacher, **fields),
                      "start": lambda: self.service.start(fields["code"], teacher=self.teacher),
                      "end": lambda: self.service.end(fields["code"], teacher=self.teacher),
                      "restart": lambda: self.service.restart(fields["code"], teacher=self.teacher,
                                                              seed=fields.get("seed")),
                      "table": lambda: self.service.teacher_update(fields["code"], teacher=self.teacher)}[what]
            return method()
        answer = self._client.teacher(what, self.teacher, **fields)
        return {"overview": lambda: answer["tables"], "create": lambda: answer["code"]}.get(what, lambda: answer)()

    def create(self, game: str, *, players: int | None = None, rules: Any = None, humans: int | None = None,
               level: str = "medium", seed: Any = None, group: str | None = None) -> str:
        """Open a table: ``humans`` children's seats (default: every seat) and bots of ``level`` in the rest.

        ``group``: tables of one group play the same deals (:meth:`new_group` makes a name).

        Refused, with a sentence naming the field, for an unknown game, level or preset, or more
        children than seats.
        """
        from ..errors import TableError

        if game not in GAMES:
            raise TableError("tables.unknown_game", lang=self.lang, game=repr(game), known=", ".join(GAMES))
        if level not in LEVELS:
            raise TableError("tables.seats", lang=self.lang, levels=", ".join(LEVELS), given=repr(level))
        count = _rules_for(game, rules, players).players
        humans = count if humans is None else humans
        if not isinstance(humans, int) or not 0 <= humans <= count:
            raise TableError("overview.humans", lang=self.lang, players=count, given=repr(humans)[:20])
        seats = ["human"] * humans + [level] * (count - humans)
        fields = {"group": group} if group is not None else {}
        return self._ask("create", game=game, rules=rules, players=count, seats=seats, level=level, seed=seed, **fields)

    def create_group(self, game: str, tables: int, **options: Any) -> list[str]:
        """Open ``tables`` tables that play the same deals (a new group); options as :meth:`create`."""
        group = self.new_group()
        return [self.create(game, group=group, **options) for _ in range(tables)]

    def new_group(self) -> str:
        """A fresh name for a group of tables with the same deals."""
        if self.service is not None:
            return self.service.new_group()
        from .codes import new_table_code

        return "G" + new_table_code()

    def same_deals(self, group: str) -> Any:
        """Every finished round of every seat at the tables of ``group``, as a DataFrame (for the chart)."""
        import pandas as pd

        if self.service is not None:
            rows = self.service.group_rounds(group, teacher=self.teacher)
        else:
            rows = self._client.teacher("group", self.teacher, group=group)["rows"]
        return pd.DataFrame(rows)

    def groups(self) -> list[str]:
        """The groups of same-deal tables, in the order they were opened."""
        seen: list[str] = []
        for t in self.tables():
            if t.get("group") and t["group"] not in seen:
                seen.append(t["group"])
        return seen

    def start(self, code: str) -> None:
        """Start a table before every child has sat down (bots play the empty seats meanwhile)."""
        self._ask("start", code=code)

    def end(self, code: str) -> None:
        """End the game at a table (it stays, finished)."""
        self._ask("end", code=code)

    def restart(self, code: str, seed: Any = None) -> None:
        """A new game at the same table and seats."""
        self._ask("restart", code=code, seed=seed)

    def teacher_table(self, code: str) -> dict[str, Any]:
        """*Lärarläge*: one table with every hand (only ever for the teacher's page)."""
        return self._ask("table", code=code)

    # -------------------------------------------------------------- reading
    def tables(self) -> list[dict[str, Any]]:
        """Every table's public record (no cards), as the service gives it."""
        return list(self._ask("overview"))

    def version(self) -> tuple:
        """Changes whenever anything at any table changes (a page redraws when it does)."""
        return tuple((t["code"], t["version"]) for t in self.tables())

    def rows(self) -> list[TableRow]:
        """Every table in words (see :class:`TableRow`)."""
        return [self.row(t) for t in self.tables()]

    def row(self, table: dict[str, Any]) -> TableRow:
        lang = self.lang
        seats = table["seats"]
        names = [s["name"] or tr("shared.bot", lang, n=s["seat"]) for s in seats]
        seat_rows = []
        for s in seats:
            if s["state"] == "bot":
                words = tr("overview.seat.bot", lang, n=s["seat"], level=tr(f"level.{s['level']}", lang))
            elif s["state"] == "empty":
                words = tr("overview.seat.empty", lang, n=s["seat"])
            else:
                words = tr(f"overview.seat.{s['state']}", lang, n=s["seat"], name=s["name"])
            seat_rows.append(SeatRow(seat=s["seat"], name=s["name"], state=s["state"], words=words))
        if table["ended"]:
            state = tr("overview.state.ended", lang)
        elif table["over"]:
            state = tr("overview.state.over", lang, names=", ".join(names[w] for w in table["winners"]))
        elif not table["started"]:
            free = sum(1 for s in seats if s["state"] == "empty")
            state = tr("overview.state.waiting", lang, n=free)
        else:
            turn = table["to_move"]
            state = tr("overview.state.turn", lang, name=names[turn]) if turn is not None else ""
            if turn is not None and seats[turn]["state"] in ("away", "empty"):
                state += " " + tr("overview.state.bot_plays", lang)
        scores = ", ".join(f"{n} {t}" for n, t in zip(names, table["totals"]))
        from .results import GAME_NAMES

        game_words = GAME_NAMES[table["game"]]
        if table.get("games", 1) > 1:
            game_words += f" #{table['games']}"
        return TableRow(code=table["code"], game=game_words, state=state, scores=scores, seats=tuple(seat_rows),
                        ended=bool(table["ended"]), over=bool(table["over"]), started=bool(table["started"]),
                        version=int(table["version"]), group=table.get("group"))

    def summary(self) -> str:
        """One sentence: how many tables, children seated, games going, games finished."""
        tables = self.tables()
        seated = sum(1 for t in tables for s in t["seats"] if s["state"] in ("here", "away"))
        playing = sum(1 for t in tables if t["started"] and not t["over"] and not t["ended"])
        done = sum(1 for t in tables if t["over"] or t["ended"])
        return Message("overview.summary", {"tables": len(tables), "children": seated, "playing": playing,
                                            "done": done}).text(self.lang)
