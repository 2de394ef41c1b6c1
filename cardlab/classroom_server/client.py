"""A pupil's side of the classroom server in a script: join with the class code, then fetch pages.

For load tests, checks and tools (standard library only).  In a browser the pupil fills in the join
page instead (``tests/browser/browser_support.join`` does that with Playwright)::

    client = join("http://127.0.0.1:8866", "sol-katt-bok", "Anna")
    status, html = client.get("/voila/render/02_play_plump.ipynb")
    client.post(f"/voila/api/shutdown/{kernel_id}", {})        # the cross-site check's value is added

``client.cookie_header`` is what a websocket to a kernel must send (``Cookie:``).
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

from .access import PASS_COOKIE


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D102
        return None


class ClassroomClient:
    """Cookies (the pass and the cross-site check's value) kept between requests; redirects not followed."""

    def __init__(self, base: str, timeout: float = 120.0) -> None:
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)

    def _cookie(self, name: str) -> "str | None":
        return next((c.value for c in self.jar if c.name == name), None)

    @property
    def xsrf(self) -> str:
        return self._cookie("_xsrf") or ""

    @property
    def has_pass(self) -> bool:
        return self._cookie(PASS_COOKIE) is not None

    @property
    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(self, method: str, path: str, data: "dict | None" = None,
                headers: "dict | None" = None) -> tuple[int, str, dict]:
        """``(status, body, headers)``; a redirect is returned as it is (3xx and its ``Location``)."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=dict(headers or {}))
        try:
            with self.opener.open(req, timeout=self.timeout) as response:
                return response.status, response.read().decode("utf-8", errors="replace"), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", errors="replace"), dict(exc.headers)

    def get(self, path: str, headers: "dict | None" = None) -> tuple[int, str]:
        status, body, _ = self.request("GET", path, headers=headers)
        return status, body

    def post(self, path: str, data: dict, headers: "dict | None" = None) -> tuple[int, str]:
        """POST a form with the cross-site check's value (``_xsrf``) added, as the server's pages do."""
        status, body, _ = self.request("POST", path, {**data, "_xsrf": self.xsrf}, headers=headers)
        return status, body

    def join(self, code: str, name: str = "", *, teacher: bool = False) -> tuple[int, str]:
        """Fill in the join page (or the teacher's sign-in page); ``(status, body)`` of the answer (302 when let in)."""
        page = "/teacher/join" if teacher else "/join"
        status, form = self.get(page)
        if status != 200:
            return status, form
        found = re.search(r'name="_xsrf" value="([^"]+)"', form)
        fields = {"code": code, "next": "/", "_xsrf": found.group(1) if found else ""}
        if not teacher:
            fields["name"] = name
        status, body, _ = self.request("POST", page, fields)
        return status, body


def join(base: str, code: str, name: str, *, teacher: bool = False, timeout: float = 120.0) -> ClassroomClient:
    """A client that has joined the class as ``name`` (or signed in as the teacher); raises if it was not let in."""
    client = ClassroomClient(base, timeout=timeout)
    status, body = client.join(code, name, teacher=teacher)
    if status != 302 or not client.has_pass:
        raise RuntimeError(f"not let in ({status}): {re.sub(r'<[^>]+>', ' ', body)[-300:].strip()}")
    return client
