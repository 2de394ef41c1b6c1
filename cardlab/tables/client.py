"""Talk to a table server (:mod:`cardlab.tables.server`) from a kernel, a script or a test.

:class:`TableClient` is one seat (or the teacher) over plain HTTP (the standard library,
blocking); :class:`AsyncTableClient` is the same for an event loop (a Jupyter kernel, the
load benchmark), on tornado's ``AsyncHTTPClient``.  Both keep every message they received in
``received`` when asked to (the leak tests read it) and the table version they last saw, so
:meth:`wait` returns as soon as anything changes.

>>> client = TableClient("http://127.0.0.1:1")
>>> client.code is None and client.received is None
True
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from ..errors import TableError


#: What a client raises when the server refuses a request that has no seat to answer.
Refused = TableError


def refusal(data: dict[str, Any], lang: str | None) -> TableError:
    """The server's refusal as a :class:`TableError` (with its fields, so it reads in any language)."""
    rule = data.get("rule")
    params = data.get("params") if isinstance(data.get("params"), dict) else {}
    if isinstance(rule, str) and rule.startswith("tables."):
        try:
            return TableError(rule, lang=lang, **params)
        except (KeyError, ValueError, TypeError):
            pass
    return TableError("tables.bad_action", lang=lang, detail=str(data.get("error", ""))[:120])


class _Seat:
    """What both clients keep: the server, the seat's ticket, the last version seen, the messages."""

    def __init__(self, url: str, *, lang: str = "sv", record: bool = False) -> None:
        self.url = url.rstrip("/")
        self.lang = lang
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.version = -1
        self.last: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] | None = [] if record else None

    def _take(self, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("type") == "refusal":
            raise refusal(data, self.lang)
        if data.get("type") == "seat-update":
            if self.received is not None:
                self.received.append(data)
            self.version = max(self.version, int(data["table"]["version"]))
            self.last = data
            ticket = data.get("ticket")
            if ticket:
                self.code, self.seat, self.token = ticket["code"], ticket["seat"], ticket["token"]
        return data

    def _seat_body(self, **more: Any) -> dict[str, Any]:
        return {"code": self.code, "token": self.token, "lang": self.lang, **more}

    def use_ticket(self, code: str, seat: int, token: str) -> None:
        """Sit down again with a ticket from before (a reload, another device of the same child)."""
        self.code, self.seat, self.token, self.version = code, seat, token, -1


class TableClient(_Seat):
    """One seat (or the teacher) at a table server, over blocking HTTP."""

    timeout = 30.0

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode("utf-8"), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                data = json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            data = json.loads(exc.read().decode("utf-8") or "{}")
        return self._take(data)

    def join(self, code: str, name: str) -> dict[str, Any]:
        return self._post("/api/join", {"code": code, "name": name, "lang": self.lang})

    def update(self) -> dict[str, Any]:
        return self._post("/api/update", self._seat_body())

    def wait(self, seconds: float = 10.0) -> dict[str, Any]:
        """The next update: as soon as the table has changed since the last one seen (or after ``seconds``)."""
        return self._post("/api/update", self._seat_body(since=self.version, wait=seconds))

    def move(self, action: Any) -> dict[str, Any]:
        return self._post("/api/move", self._seat_body(action=action))

    def undo(self, answer: bool | None = None) -> dict[str, Any]:
        return self._post("/api/undo", self._seat_body(answer=answer))

    def set_language(self, lang: str) -> dict[str, Any]:
        self.lang = lang
        return self._post("/api/language", self._seat_body())

    def teacher(self, what: str, teacher: str, **fields: Any) -> dict[str, Any]:
        return self._post(f"/api/teacher/{what}", {"teacher": teacher, "lang": self.lang, **fields})


class AsyncTableClient(_Seat):
    """One seat (or the teacher) at a table server, for an event loop (tornado's AsyncHTTPClient)."""

    timeout = 30.0

    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        client = AsyncHTTPClient()
        try:
            answer = await client.fetch(self.url + path, method="POST", body=json.dumps(body),
                                        headers={"Content-Type": "application/json"},
                                        request_timeout=self.timeout, connect_timeout=self.timeout)
            data = json.loads(answer.body.decode("utf-8"))
        except HTTPClientError as exc:
            if exc.response is None:
                raise
            data = json.loads(exc.response.body.decode("utf-8") or "{}")
        return self._take(data)

    async def join(self, code: str, name: str) -> dict[str, Any]:
        return await self._post("/api/join", {"code": code, "name": name, "lang": self.lang})

    async def update(self) -> dict[str, Any]:
        return await self._post("/api/update", self._seat_body())

    async def wait(self, seconds: float = 10.0) -> dict[str, Any]:
        return await self._post("/api/update", self._seat_body(since=self.version, wait=seconds))

    async def move(self, action: Any) -> dict[str, Any]:
        return await self._post("/api/move", self._seat_body(action=action))

    async def undo(self, answer: bool | None = None) -> dict[str, Any]:
        return await self._post("/api/undo", self._seat_body(answer=answer))

    async def set_language(self, lang: str) -> dict[str, Any]:
        self.lang = lang
        return await self._post("/api/language", self._seat_body())

    async def teacher(self, what: str, teacher: str, **fields: Any) -> dict[str, Any]:
        return await self._post(f"/api/teacher/{what}", {"teacher": teacher, "lang": self.lang, **fields})
