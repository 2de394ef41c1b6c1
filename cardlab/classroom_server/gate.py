"""The door of the classroom server: nothing but the join page without a pass, and the limits.

Every HTTP request and websocket passes :meth:`ClassroomGate.refusal` before tornado picks its
handler (:class:`GatedApplication` overrides ``find_handler``), so no Voilà URL (render, tree,
static files, the contents API, kernels, websockets) is served without a valid pass, whatever
the handler itself checks.  In this order:

1. a kernel asking who its pupil is (``/cardlab/identity/<kernel>``) must show the kernel key;
2. too many requests from one client → 429 ("wait a moment");
3. the join pages (``/join``, ``/teacher/join``) are open to everyone;
4. no valid pass → the join page (a redirect for GET, else 403);
5. a kernel's websocket, its shutdown or its info only for the pupil whose page holds that kernel;
6. a new page (``/voila/render/...``): the class full → 503; this client's pages or page loads per
   minute over the limit → 429.

Teacher-only pages
------------------

A page for the teacher alone (a results page, a table overview) is a tornado handler whose methods
carry :func:`teacher_only`; add it with :func:`add_page` before the server starts::

    from cardlab.classroom_server.gate import ClassroomHandler, add_page, teacher_only

    class TablesOverview(ClassroomHandler):
        @teacher_only
        def get(self):
            self.write(f"tables for {self.pass_.name or 'the teacher'}")

    add_page(r"/teacher/tables", TablesOverview)

A pupil (or anyone without the teacher code) who opens it gets the teacher's sign-in page.
"""

from __future__ import annotations

import contextvars
import functools
import hmac
import json
import re
from typing import Any, Callable
from urllib.parse import quote, urlparse

import tornado.web
from tornado.escape import url_escape
from tornado.websocket import WebSocketHandler

from .access import PASS_COOKIE, TEACHER, AccessCodes, GuessLimiter, Pass, make_pass, read_pass
from .limits import KernelLedger, Limits, SlidingCount, TokenBucket
from .pages import file_list_page, join_page, refusal_page, teacher_join_page, teacher_page
from ..errors import CardlabError

#: The header a kernel shows to ask for its pupil (its value is in the kernel's environment).
KERNEL_KEY_HEADER = "X-Cardlab-Kernel-Key"
OPEN_PATHS = frozenset({"/join", "/teacher/join"})
_KERNEL_PATH = re.compile(r"^/(?:api/kernels|voila/api/shutdown|voila/query|voila/execution)/([^/]+)(?:/.*)?$")

#: The page being rendered (set while a render handler asks for its kernel), read by the kernel manager.
CURRENT_PAGE: contextvars.ContextVar[Any] = contextvars.ContextVar("cardlab_current_page", default=None)
_EXTRA_PAGES: list[tuple[str, type, dict]] = []


class ClassroomState:
    """Everything the door needs: the codes, the limits and their counters, who holds which kernel."""

    def __init__(self, codes: AccessCodes, limits: Limits, *, lang: str, kernel_key: str, join_url: str = "") -> None:
        self.codes, self.limits, self.lang, self.kernel_key, self.join_url = codes, limits, lang, kernel_key, join_url
        self.ledger = KernelLedger()
        self.requests = TokenBucket(limits.requests_per_second, limits.request_burst)
        self.page_loads = SlidingCount(limits.pages_per_minute, 60.0)
        self.guesses = GuessLimiter()
        self.lessons: list = []       #: the file list (:class:`cardlab.classroom_server.pages.Lesson`), set when the server starts
        self.tables_url: "str | None" = None   #: the table service's address when it runs beside the server


def current_pass(handler: tornado.web.RequestHandler) -> "Pass | None":
    """The valid pass this request carries, or ``None``."""
    secret = handler.application.settings.get("cookie_secret", b"")
    value = handler.get_cookie(PASS_COOKIE)
    return read_pass(secret if isinstance(secret, bytes) else str(secret).encode(), value)


def teacher_only(method: Callable) -> Callable:
    """Decorate a handler method so that only a teacher's pass gets through (others: the teacher's sign-in
    page for GET/HEAD, 403 otherwise)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        found = current_pass(self)
        if found is None or not found.teacher:
            if self.request.method in ("GET", "HEAD"):
                self.redirect("/teacher/join?next=" + url_escape(self.request.uri, plus=False))
                return None
            raise tornado.web.HTTPError(403)
        return method(self, *args, **kwargs)

    return wrapper


def add_page(pattern: str, handler: type, kwargs: "dict | None" = None) -> None:
    """Serve ``handler`` at ``pattern`` (a tornado URL pattern) in classroom servers started after this call.

    The door still applies: only a pass holder reaches it; add :func:`teacher_only` for the teacher alone.
    """
    _EXTRA_PAGES.append((pattern, handler, dict(kwargs or {})))


def extra_pages() -> list[tuple[str, type, dict]]:
    return list(_EXTRA_PAGES)


def safe_next(url: "str | None") -> str:
    """Where to go after joining: a path on this server only (never another site).

    >>> safe_next("/voila/render/a.ipynb?x=1"), safe_next("//evil.example/"), safe_next("https://evil.example/"), safe_next(None)
    ('/voila/render/a.ipynb?x=1', '/', '/', '/')
    """
    if not url or not url.startswith("/") or url.startswith("//") or "\\" in url:
        return "/"
    parsed = urlparse(url)
    return url if not parsed.scheme and not parsed.netloc else "/"


# ------------------------------------------------------------------ handlers
class ClassroomHandler(tornado.web.RequestHandler):
    """Base of the server's own pages: ``self.state`` (the :class:`ClassroomState`) and ``self.pass_``."""

    def initialize(self, state: "ClassroomState | None" = None, **_: Any) -> None:
        self.state = state or self.application.settings["cardlab_state"]

    @property
    def pass_(self) -> "Pass | None":
        return current_pass(self)

    @property
    def lang(self) -> str:
        return self.state.lang

    def page(self, status: int, html: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(html)


class RefusalHandler(ClassroomHandler):
    """Says no to any method with a page in the pupils' language (or redirects to the join page)."""

    def initialize(self, state=None, status: int = 403, title: str = "", text: str = "", fields: "dict | None" = None,
                   redirect: "str | None" = None, **_: Any) -> None:
        super().initialize(state)
        self.status, self.title, self.text, self.fields, self.redirect_to = status, title, text, fields or {}, redirect

    def check_xsrf_cookie(self) -> None:      # a refusal changes nothing
        return None

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        if self.redirect_to and self.request.method in ("GET", "HEAD"):
            self.redirect(self.redirect_to)
            return
        if self.status == 429:
            self.set_header("Retry-After", "60")
        self.page(self.status, refusal_page(self.title, self.text, self.lang, **self.fields))

    get = head = post = put = delete = patch = options = _refuse


class JoinHandler(ClassroomHandler):
    """``/join``: class code and name once → a pupil's pass."""

    def get(self) -> None:
        self.page(200, join_page(self.lang, xsrf_form_html=self.xsrf_form_html(), next_url=safe_next(self.get_argument("next", "/"))))

    def post(self) -> None:
        client = self.request.remote_ip or "?"
        next_url = safe_next(self.get_body_argument("next", "/"))
        name = self.get_body_argument("name", "")[:200]
        form = functools.partial(join_page, self.lang, xsrf_form_html=self.xsrf_form_html(), next_url=next_url, name=name)
        if not cross_site_check_passes(self):
            return self.page(403, form(error="server.join.cookies"))
        if not self.state.guesses.allowed(client):
            self.set_header("Retry-After", "60")
            return self.page(429, form(error="server.join.too_many_tries"))
        role = self.state.codes.role_for(self.get_body_argument("code", "")[:200])
        if role is None:
            self.state.guesses.wrong(client)
            return self.page(403, form(error="server.join.wrong_code"))
        try:
            issued = make_pass(name, lang=self.lang, teacher=role == TEACHER)
        except CardlabError as exc:
            return self.page(400, form(error_text=exc.message(self.lang)))
        set_pass(self, issued)
        self.redirect(next_url)


class TeacherJoinHandler(ClassroomHandler):
    """``/teacher/join``: the teacher code → a teacher's pass (which also opens every pupil page)."""

    def get(self) -> None:
        self.page(200, teacher_join_page(self.lang, xsrf_form_html=self.xsrf_form_html(),
                                         next_url=safe_next(self.get_argument("next", "/teacher"))))

    def post(self) -> None:
        client = self.request.remote_ip or "?"
        next_url = safe_next(self.get_body_argument("next", "/teacher"))
        form = functools.partial(teacher_join_page, self.lang, xsrf_form_html=self.xsrf_form_html(), next_url=next_url)
        if not cross_site_check_passes(self):
            return self.page(403, form(error="server.join.cookies"))
        if not self.state.guesses.allowed(client):
            self.set_header("Retry-After", "60")
            return self.page(429, form(error="server.join.too_many_tries"))
        if self.state.codes.role_for(self.get_body_argument("code", "")[:200]) != TEACHER:
            self.state.guesses.wrong(client)
            return self.page(403, form(error="server.join.wrong_code"))
        earlier = self.pass_
        set_pass(self, make_pass(earlier.name if earlier else "", teacher=True,
                                 pupil_id=earlier.pupil_id if earlier else None))
        self.redirect(next_url)


def cross_site_check_passes(handler: tornado.web.RequestHandler) -> bool:
    """Did the form come from this site's own page (its ``_xsrf`` value matches the browser's cookie)?"""
    try:
        tornado.web.RequestHandler.check_xsrf_cookie(handler)
    except tornado.web.HTTPError:
        return False
    return True


def set_pass(handler: tornado.web.RequestHandler, issued: Pass) -> None:
    """Give the browser its pass (signed, not readable by the page's scripts, sent only by this site's own pages,
    kept until the browser closes and valid for a day at most) and the cross-site check's cookie that the pages
    send with their requests."""
    handler.set_signed_cookie(PASS_COOKIE, issued.to_json(), expires_days=None, httponly=True,   # gone with the browser
                              samesite="Lax", path="/")
    handler.xsrf_token  # noqa: B018 - sets the _xsrf cookie


class TeacherHandler(ClassroomHandler):
    """``/teacher``: who has which page open."""

    @teacher_only
    def get(self) -> None:
        ledger = self.state.ledger
        rows = [(c.name or "–", c.notebook, c.connected, c.client) for c in ledger.claims.values()]
        self.page(200, teacher_page(self.lang, rows=rows, limit=self.state.limits.max_kernels,
                                    join_url=self.state.join_url, code=self.state.codes.class_code,
                                    tables=self.state.tables_url is not None))


class TeacherStatusHandler(ClassroomHandler):
    """``/teacher/status.json``: the same as numbers (for scripts and tests)."""

    @teacher_only
    def get(self) -> None:
        ledger = self.state.ledger
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({
            "kernels": ledger.total(), "max_kernels": self.state.limits.max_kernels,
            "pages": [{"kernel": k, "pupil": c.pupil_id, "name": c.name, "notebook": c.notebook,
                       "connected": c.connected, "client": c.client} for k, c in ledger.claims.items()],
        }, ensure_ascii=False))


class FileListHandler(ClassroomHandler):
    """``/`` and ``/voila/tree``: the notebooks a pupil may open, with their titles, in the pupils' language."""

    def get(self) -> None:
        found = self.pass_
        self.page(200, file_list_page(self.state.lessons, self.lang, pupil_name=found.name if found else ""))


class IdentityHandler(ClassroomHandler):
    """``/cardlab/identity/<kernel>``: the pupil whose page holds this kernel (asked by the kernel itself)."""

    def get(self, kernel_id: str) -> None:
        claim = self.state.ledger.claims.get(kernel_id)
        if claim is None:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"id": claim.pupil_id, "name": claim.name}, ensure_ascii=False))


def own_handlers(state: ClassroomState) -> list[tuple[str, type, dict]]:
    """The server's own pages (before Voilà's)."""
    args = {"state": state}
    return [(r"/join", JoinHandler, args), (r"/teacher/join", TeacherJoinHandler, args), (r"/teacher", TeacherHandler, args),
            (r"/teacher/status\.json", TeacherStatusHandler, args), (r"/cardlab/identity/([^/]+)", IdentityHandler, args),
            *[(pattern, cls, {**args, **kw}) for pattern, cls, kw in extra_pages()]]


# ------------------------------------------------------------------ the door
class ClassroomGate:
    """Decides, from a request's headers alone, whether it may reach its handler (see the module docstring)."""

    def __init__(self, state: ClassroomState) -> None:
        self.state = state

    def refusal(self, request, secret: bytes) -> "tuple[type, dict] | None":
        state, limits = self.state, self.state.limits
        client = request.remote_ip or "?"
        path = request.path

        def no(status: int, title: str, text: str, **fields: Any) -> tuple[type, dict]:
            return RefusalHandler, {"state": state, "status": status, "title": title, "text": text, "fields": fields}

        if path.startswith("/cardlab/identity/"):         # a kernel asking for its pupil (not counted as a client's request)
            shown = request.headers.get(KERNEL_KEY_HEADER, "")
            ok = bool(shown) and hmac.compare_digest(shown.encode(), state.kernel_key.encode())
            return None if ok else no(403, "server.teacher.title", "server.teacher.only")
        if not state.requests.take(client):
            return no(429, "server.busy.title", "server.busy.requests")
        if path in OPEN_PATHS:
            return None
        cookie = request.cookies.get(PASS_COOKIE)
        found = read_pass(secret, cookie.value if cookie is not None else None)
        if found is None:
            upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
            return RefusalHandler, {"state": state, "status": 403, "title": "server.join.title", "text": "server.join.intro",
                                    "redirect": None if upgrade else "/join?next=" + quote(request.uri or "/", safe="")}
        kernel = _KERNEL_PATH.match(path)
        if kernel and not found.teacher:
            if path.startswith("/voila/query/") or state.ledger.owner(kernel.group(1)) != found.pupil_id:
                return no(403, "server.teacher.title", "server.teacher.only")
        if path.startswith("/voila/render/") and request.method in ("GET", "HEAD"):
            if state.ledger.total() >= limits.max_kernels:
                return no(503, "server.full.title", "server.full.text", limit=limits.max_kernels)
            if not found.teacher:
                if state.ledger.for_client(client) >= limits.kernels_per_client:
                    return no(429, "server.busy.title", "server.busy.pages", count=limits.kernels_per_client)
                if not state.page_loads.take(client):
                    return no(429, "server.busy.title", "server.busy.reloads")
            state.ledger.start_loading(client)            # counted until the page's handler has finished
            request._cardlab_loading = client
        return None


class GatedApplication(tornado.web.Application):
    """A tornado application whose every request passes the classroom's door first."""

    gate: "ClassroomGate | None" = None
    #: Limits on the connection itself: small request bodies (nothing is uploaded), idle connections closed.
    LISTEN = {"max_body_size": 1 << 20, "max_buffer_size": 4 << 20, "idle_connection_timeout": 120}

    def find_handler(self, request, **kwargs):
        if self.gate is not None:
            secret = self.settings.get("cookie_secret", b"")
            refused = self.gate.refusal(request, secret if isinstance(secret, bytes) else str(secret).encode())
            if refused is not None:
                handler, handler_kwargs = refused
                return self.get_handler_delegate(request, handler, handler_kwargs)
        return super().find_handler(request, **kwargs)

    def listen(self, port: int, address: "str | None" = None, **kwargs: Any):
        for key, value in self.LISTEN.items():
            kwargs.setdefault(key, value)
        return super().listen(port, address, **kwargs)


def identity_provider_class():
    """jupyter_server's identity provider for the classroom: the user is the pass's pupil (no tokens)."""
    from jupyter_server.auth.identity import IdentityProvider, User

    class ClassroomIdentityProvider(IdentityProvider):
        """The pupil of a request is the one its pass names; a request is never token-authenticated, so the
        cross-site check and the origin check always apply."""

        def get_handlers(self):
            return []

        def get_user(self, handler):
            found = current_pass(handler)
            if found is None:
                return None
            if not isinstance(handler, WebSocketHandler):
                handler.xsrf_token  # noqa: B018 - keeps the _xsrf cookie a closed tab's shutdown request sends
            return User(username=found.pupil_id, name=found.name or "teacher", display_name=found.name or "teacher")

        def is_token_authenticated(self, handler):
            return False

        @property
        def auth_enabled(self):
            return True

    return ClassroomIdentityProvider
