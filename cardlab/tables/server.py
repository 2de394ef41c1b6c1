"""The tables over the network: a small HTTP JSON server (tornado) on 127.0.0.1 around a :class:`TableService`.

Every pupil's kernel (or any program on the same machine) talks to it with
:class:`cardlab.tables.client.TableClient`.  All requests are ``POST`` with a JSON body and
``Content-Type: application/json`` (a page on another site cannot send that without asking
first, and the server never says yes: there are no CORS headers).

==========================  =========================================  ==============================
path                        body                                       answer
==========================  =========================================  ==============================
``/api/join``               ``code``, ``name``, ``lang``               a seat update with ``ticket``
``/api/update``             ``code``, ``token``, ``since``             a seat update, as soon as the
                                                                       table's version passes
                                                                       ``since`` (long poll, at most
                                                                       ``poll_seconds``)
``/api/move``               ``code``, ``token``, ``action``            a seat update (a refused move:
                                                                       its ``notice``)
``/api/undo``               ``code``, ``token``, ``answer`` (null:     a seat update
                            ask; true/false: answer a request)
``/api/language``           ``code``, ``token``, ``lang``              a seat update
``/api/teacher/<what>``     ``teacher`` and: ``create`` (``game``,     the code / the overview / the
                            ``rules``, ``seats``, ``level``, ``seed``,  table with every hand / the
                            ``group``), ``overview``, ``table``,        finished rounds of a group
                            ``start``, ``end``, ``restart`` (``code``),
                            ``group`` (``group``)
``/api/health``             (GET)                                      ``{"ok": true, "tables": n}``
==========================  =========================================  ==============================

Everything the server sends to a seat is that seat's update; a request with no seat (a wrong
token, an unknown code) gets ``{"type": "refusal", "error": …}`` in the language asked for,
with status 403 or 404.  Bots take over seats whose players are away every ``tick_seconds``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import tornado.netutil
import tornado.web
from tornado.httpserver import HTTPServer
from tornado.ioloop import PeriodicCallback

from ..errors import CardlabError, TableError
from ..i18n import check_language
from .service import TableService

#: The longest a long poll waits before answering with the unchanged update.
POLL_SECONDS = 10.0
MAX_BODY = 64 * 1024


def _detail(exc: Exception) -> str:
    """A short reason for a request that could not be used (a ValueError's own sentence, else its kind)."""
    text = " ".join(str(exc).split()) if isinstance(exc, ValueError) else ""
    return (text[:120] or type(exc).__name__)


class Waiters:
    """The long polls waiting for each table to change."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def event(self, code: str) -> asyncio.Event:
        if code not in self._events:
            self._events[code] = asyncio.Event()
        return self._events[code]

    def wake(self, code: str) -> None:
        event = self._events.pop(code, None)
        if event is not None:
            event.set()


class _Handler(tornado.web.RequestHandler):
    service: TableService
    waiters: Waiters
    poll_seconds: float

    def initialize(self, service: TableService, waiters: Waiters, poll_seconds: float) -> None:
        self.service, self.waiters, self.poll_seconds = service, waiters, poll_seconds

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def body(self) -> dict[str, Any]:
        if not self.request.headers.get("Content-Type", "").startswith("application/json"):
            raise tornado.web.HTTPError(415)
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise tornado.web.HTTPError(400) from None
        if not isinstance(data, dict):
            raise tornado.web.HTTPError(400)
        return data

    def send(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, exc: CardlabError, lang: Any) -> None:
        try:
            lang = check_language(lang if isinstance(lang, str) else None)
        except ValueError:
            lang = None
        status = 404 if exc.rule == "tables.no_table" else 403 if exc.rule in ("tables.bad_token", "tables.teacher_only") else 400
        params = {k: v if isinstance(v, (str, int, float, bool, type(None))) else str(v) for k, v in exc.params.items()}
        self.send({"type": "refusal", "rule": exc.rule, "params": params, "error": exc.message(lang)}, status)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"type": "refusal", "rule": "http", "error": self._reason}))


class Health(_Handler):
    def get(self) -> None:
        self.send({"ok": True, "tables": len(self.service.codes())})


class Seat(_Handler):
    """The pupils' requests (each with a seat token, except joining)."""

    async def post(self, what: str) -> None:
        data = self.body()
        lang = data.get("lang")
        try:
            if what == "join":
                ticket = self.service.join(data.get("code"), data.get("name"), lang=lang if isinstance(lang, str) else "sv")
                update = self.service.update(ticket.code, ticket.token)
                update["ticket"] = {"code": ticket.code, "seat": ticket.seat, "token": ticket.token}
                self.send(update)
            elif what == "update":
                await self.long_poll(data)
            elif what == "move":
                self.send(self.service.move(data.get("code"), data.get("token"), data.get("action")))
            elif what == "undo":
                answer = data.get("answer")
                if answer is None:
                    self.send(self.service.ask_undo(data.get("code"), data.get("token")))
                else:
                    self.send(self.service.answer_undo(data.get("code"), data.get("token"), bool(answer)))
            elif what == "language":
                self.send(self.service.set_language(data.get("code"), data.get("token"), data.get("lang")))
            else:
                raise tornado.web.HTTPError(404)
        except CardlabError as exc:
            self.refuse(exc, lang)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            self.refuse(TableError("tables.bad_action", detail=_detail(exc)), lang)

    async def long_poll(self, data: dict[str, Any]) -> None:
        code, token = data.get("code"), data.get("token")
        since = data.get("since")
        update = self.service.update(code, token)      # checks the token first
        if isinstance(since, int) and not isinstance(since, bool):
            table = self.service.table(code)
            loop = asyncio.get_running_loop()
            wait = data.get("wait", self.poll_seconds)
            wait = float(wait) if isinstance(wait, (int, float)) and not isinstance(wait, bool) and wait >= 0 else self.poll_seconds
            deadline = loop.time() + min(wait, self.poll_seconds)
            while table.version <= since and loop.time() < deadline:
                event = self.waiters.event(table.code)
                try:
                    await asyncio.wait_for(event.wait(), timeout=max(0.0, deadline - loop.time()))
                except asyncio.TimeoutError:
                    break
            update = self.service.update(code, token)
        self.send(update)


class Teacher(_Handler):
    """The teacher's requests (each with the teacher's token)."""

    def post(self, what: str) -> None:
        data = self.body()
        teacher, code = data.get("teacher"), data.get("code")
        try:
            if what == "create":
                made = self.service.create_table(data.get("game"), rules=data.get("rules"), players=data.get("players"),
                                                 seats=data.get("seats"), level=data.get("level", "medium"),
                                                 seed=data.get("seed"), teacher=teacher, group=data.get("group"))
                self.send({"type": "created", "code": made})
            elif what == "group":
                self.send({"type": "group", "rows": self.service.group_rounds(data.get("group"), teacher=teacher)})
            elif what == "overview":
                self.send({"type": "overview", "tables": self.service.overview(teacher=teacher)})
            elif what == "table":
                self.send(self.service.teacher_update(code, teacher=teacher))
            elif what in ("start", "end"):
                getattr(self.service, what)(code, teacher=teacher)
                self.send({"type": "done", "code": code})
            elif what == "restart":
                self.service.restart(code, teacher=teacher, seed=data.get("seed"))
                self.send({"type": "done", "code": code})
            else:
                raise tornado.web.HTTPError(404)
        except CardlabError as exc:
            self.refuse(exc, data.get("lang"))
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            self.refuse(TableError("tables.bad_action", detail=_detail(exc)), data.get("lang"))


def make_app(service: TableService, *, poll_seconds: float = POLL_SECONDS) -> tornado.web.Application:
    """The tornado application serving ``service`` (long polls woken by every change at a table)."""
    waiters = Waiters()
    service.subscribe(waiters.wake)
    args = {"service": service, "waiters": waiters, "poll_seconds": poll_seconds}
    return tornado.web.Application([
        (r"/api/health", Health, args),
        (r"/api/teacher/(\w+)", Teacher, args),
        (r"/api/(\w+)", Seat, args),
    ])


async def serve(service: TableService, *, host: str = "127.0.0.1", port: int = 0, poll_seconds: float = POLL_SECONDS,
                tick_seconds: float = 0.5, ready: Any = None) -> None:
    """Serve ``service`` until cancelled.  ``ready(port)`` is called once it listens (``port=0``: any free port)."""
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"The tables listen on this machine only (127.0.0.1), not on {host!r}.")
    app = make_app(service, poll_seconds=poll_seconds)
    server = HTTPServer(app, max_body_size=MAX_BODY, idle_connection_timeout=60)
    sockets = tornado.netutil.bind_sockets(port, address=host)
    server.add_sockets(sockets)
    ticker = PeriodicCallback(service.tick, tick_seconds * 1000)
    ticker.start()
    if ready is not None:
        ready(sockets[0].getsockname()[1])
    try:
        await asyncio.Event().wait()
    finally:
        ticker.stop()
        server.stop()

