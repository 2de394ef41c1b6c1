"""The teacher's page of shared tables in the classroom app (``/teacher/tables``, behind the teacher code).

Every table, live: its code, the game, whose turn it is, the points and each seat (who is here, a free seat,
a child who is gone while a bot plays, a bot and its level); never a card.  A form opens tables (game,
players, rules preset, how many children, the bots' level, how many tables) and each table has *Start now*,
*End* and *New game*.  The server side speaks to the table service's teacher API with the teacher's token
(:class:`cardlab.tables.overview.TablesOverview`); the browser never sees the token.  Plain HTML in the
class's language, every name escaped, every form with the cross-site check's value; the list refreshes
itself every few seconds with a few lines of script (or a meta refresh without script).

>>> from cardlab.tables.overview import TablesOverview
>>> overview = TablesOverview.in_process(lang="en")
>>> code = overview.create("plump", players=3, humans=2, level="easy", seed=3)
>>> _ = overview.service.join(code, "<b>Bo</b>")
>>> html = tables_list_html(overview.rows(), "en", xsrf_form_html="")
>>> code in html and "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Any, Sequence

import tornado.web
from tornado.ioloop import IOLoop

from ..errors import CardlabError
from ..i18n import tr
from .gate import ClassroomHandler, teacher_only
from .pages import page
from ..tables.results import GAME_NAMES

#: Seconds between two looks at the tables.
REFRESH_SECONDS = 3
GAMES = ("plump", "femkamp", "rummy")
LEVELS = ("easy", "medium", "hard")
ACTIONS = ("create", "start", "end", "restart")
MAX_TABLES_AT_ONCE = 12
_CODES = re.compile(r"^[A-Z0-9]{1,8}(?:,[A-Z0-9]{1,8}){0,11}$")

_STYLE = """
main { max-width: 64rem; }
table.tables td { vertical-align: top; }
.code { font-size: 1.5rem; font-weight: 700; letter-spacing: .08em; font-family: monospace; }
ul.seats { list-style: none; margin: 0; padding: 0; }
.seat-here { color: #1f6f43; } .seat-away { color: #b35c00; } .seat-empty { color: #777; } .seat-bot { color: #345; }
form.inline { display: inline; } form.inline button { font-size: .95rem; margin: .15rem; padding: .3rem .7rem; }
form.create { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: end; }
form.create label { margin: 0; } form.create select, form.create input { font-size: 1.05rem; }
.notice { background: #e8f2ec; border-left: 5px solid #1f6f43; padding: .6rem .8rem; margin: 1rem 0; }
"""


@dataclass(frozen=True)
class TablesLink:
    """Where the table service is and the teacher's token for it (kept on the server, never sent to a browser)."""

    url: str
    token: str

    def overview(self, lang: str):
        from ..tables.overview import TablesOverview

        return TablesOverview(teacher=self.token, url=self.url, lang=lang)


def _presets() -> dict[str, list[str]]:
    from ..tables.overview import presets

    return {game: presets(game) for game in GAMES}


def _options(values: Sequence[tuple[str, str]], chosen: str = "") -> str:
    return "".join(f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>{escape(label)}</option>'
                   for v, label in values)


def create_form_html(lang: str, *, xsrf_form_html: str) -> str:
    """The form that opens tables (game, players, rules preset, children, bots' level, how many tables)."""
    games = [(g, GAME_NAMES[g]) for g in GAMES]
    rules = f'<option value="">{escape(tr("server.tables.default_rules", lang))}</option>' + "".join(
        f'<optgroup label="{escape(GAME_NAMES[g])}">{_options([(p, p) for p in names])}</optgroup>'
        for g, names in _presets().items())
    levels = [(lv, tr(f"level.{lv}", lang)) for lv in LEVELS]

    def field(name: str, label_key: str, control: str) -> str:
        return f'<div><label for="{name}">{escape(tr(label_key, lang))}</label>{control}</div>'

    return (f'<form method="post" action="/teacher/tables" class="create" autocomplete="off">{xsrf_form_html}'
            '<input type="hidden" name="action" value="create">'
            + field("game", "overview.form.game", f'<select id="game" name="game">{_options(games)}</select>')
            + field("players", "overview.form.players",
                    '<input type="number" id="players" name="players" min="2" max="6" placeholder="–" style="width:4rem">')
            + field("rules", "overview.form.rules", f'<select id="rules" name="rules">{rules}</select>')
            + field("humans", "overview.form.humans",
                    '<input type="number" id="humans" name="humans" min="0" max="6" placeholder="–" style="width:4rem">')
            + field("level", "overview.form.level", f'<select id="level" name="level">{_options(levels, "medium")}</select>')
            + field("tables", "overview.form.tables",
                    f'<input type="number" id="tables" name="tables" min="1" max="{MAX_TABLES_AT_ONCE}" value="1" style="width:4rem">')
            + f'<div><button type="submit" id="create">{escape(tr("overview.form.create", lang))}</button></div></form>')


def _button(action: str, code: str, label: str, xsrf_form_html: str) -> str:
    return (f'<form method="post" action="/teacher/tables" class="inline">{xsrf_form_html}'
            f'<input type="hidden" name="action" value="{action}"><input type="hidden" name="code" value="{escape(code)}">'
            f'<button type="submit" class="{action}" data-code="{escape(code)}">{escape(label)}</button></form>')


def tables_list_html(rows: Sequence[Any], lang: str, *, xsrf_form_html: str, summary: str = "") -> str:
    """Every table (:class:`cardlab.tables.overview.TableRow`) as an HTML table, names escaped, with its buttons
    (``summary``: one sentence above it)."""
    said = f'<p class="small" id="summary">{escape(summary)}</p>' if summary else ""
    if not rows:
        return said + f'<p id="no-tables">{escape(tr("server.tables.none", lang))}</p>'
    head = "".join(f"<th>{escape(h.strip())}</th>" for h in tr("server.tables.head", lang).split("|"))
    body = []
    for row in rows:
        seats = "".join(f'<li class="seat-{escape(s.state)}">{escape(s.words)}</li>' for s in row.seats)
        buttons = ""
        if not row.started and not row.ended:
            buttons += _button("start", row.code, tr("overview.button.start", lang), xsrf_form_html)
        if not row.ended and not row.over:
            buttons += _button("end", row.code, tr("overview.button.end", lang), xsrf_form_html)
        buttons += _button("restart", row.code, tr("overview.button.restart", lang), xsrf_form_html)
        body.append(f'<tr data-code="{escape(row.code)}"><td class="code">{escape(row.code)}</td><td>{escape(row.game)}</td>'
                    f"<td>{escape(row.state)}</td><td>{escape(row.scores)}</td><td><ul class=\"seats\">{seats}</ul></td>"
                    f"<td>{buttons}</td></tr>")
    return said + f'<table class="tables"><tr>{head}</tr>{"".join(body)}</table>'


def tables_page(lang: str, *, rows: "Sequence[Any] | None", xsrf_form_html: str, notice: str = "", error: str = "",
                summary: str = "") -> str:
    """The whole page: the sentence of what just happened, the form, the list (``rows=None``: the service is not answering)."""
    said = (f'<p class="notice" role="status">{escape(notice)}</p>' if notice else "") + (
        f'<p class="error" role="alert">{escape(error)}</p>' if error else "")
    listing = tables_list_html(rows, lang, xsrf_form_html=xsrf_form_html, summary=summary) if rows is not None else ""
    script = ("<script>setInterval(function () {fetch('/teacher/tables/list', {credentials: 'same-origin'})"
              ".then(function (r) { return r.ok ? r.text() : null; })"
              ".then(function (t) { if (t !== null) { document.getElementById('table-list').innerHTML = t; } })"
              f".catch(function () {{}});}}, {REFRESH_SECONDS * 1000});</script>")
    body = (f"<style>{_STYLE}</style><p>{escape(tr('server.tables.intro', lang))}</p>{said}"
            f"{create_form_html(lang, xsrf_form_html=xsrf_form_html)}"
            f'<h2>{escape(tr("overview.form.tables", lang))}</h2>'
            f'<div id="table-list">{listing}</div>'
            f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS * 4}"></noscript>{script}'
            f'<p class="small"><a href="/teacher">{escape(tr("server.teacher.title", lang))}</a></p>')
    return page(tr("server.tables.title", lang), body, lang)


def _whole_number(text: str, field: str, lang: str, low: int, high: int) -> "int | None":
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,3}", text) or not low <= int(text) <= high:
        raise ValueError(tr("server.tables.bad_number", lang, field=tr(field, lang), low=low, high=high, given=text[:10]))
    return int(text)


class TablesPageHandler(ClassroomHandler):
    """``/teacher/tables``: the page (GET) and its buttons (POST); teacher only."""

    def initialize(self, state: Any = None, link: "TablesLink | None" = None, **_: Any) -> None:
        super().initialize(state)
        self.link = link

    async def _ask(self, fn):
        """Run a (blocking) call to the table service off the server's event loop."""
        return await IOLoop.current().run_in_executor(None, fn)

    async def _rows_and_summary(self, overview) -> "tuple[list | None, str, str]":
        try:
            rows = await self._ask(overview.rows)
        except (OSError, CardlabError, ValueError) as exc:
            return None, "", tr("overview.gone", self.lang, error=str(exc)[:80])
        seated = sum(1 for r in rows for s in r.seats if s.state in ("here", "away"))
        playing = sum(1 for r in rows if r.started and not r.over and not r.ended)
        done = sum(1 for r in rows if r.over or r.ended)
        summary = tr("overview.summary", self.lang, tables=len(rows), children=seated, playing=playing, done=done)
        return rows, summary, ""

    def _notice(self) -> str:
        done, code = self.get_argument("done", ""), self.get_argument("code", "").upper()
        if done not in ACTIONS or not _CODES.match(code):
            return ""
        if done == "create":
            return tr("overview.created", self.lang, codes=code.replace(",", ", "))
        return tr(f"overview.done.{done}", self.lang, code=code)

    async def _show(self, status: int = 200, error: str = "") -> None:
        overview = self.link.overview(self.lang)
        rows, summary, gone = await self._rows_and_summary(overview)
        self.page(status if not gone else 503, tables_page(self.lang, rows=rows, xsrf_form_html=self.xsrf_form_html(),
                                                           notice="" if error else self._notice(),
                                                           error=error or gone, summary=summary))

    @teacher_only
    async def get(self) -> None:
        await self._show()

    @teacher_only
    async def post(self) -> None:
        lang = self.lang
        overview = self.link.overview(lang)
        action = self.get_body_argument("action", "")
        code = self.get_body_argument("code", "")[:20]
        try:
            if action == "create":
                game = self.get_body_argument("game", "")
                level = self.get_body_argument("level", "medium")
                rules = self.get_body_argument("rules", "").strip()[:40] or None
                players = _whole_number(self.get_body_argument("players", ""), "overview.form.players", lang, 2, 8)
                humans = _whole_number(self.get_body_argument("humans", ""), "overview.form.humans", lang, 0, 8)
                count = _whole_number(self.get_body_argument("tables", "1"), "overview.form.tables", lang, 1,
                                      MAX_TABLES_AT_ONCE) or 1

                def create() -> list[str]:
                    return [overview.create(game, players=players, rules=rules, humans=humans, level=level)
                            for _ in range(count)]

                code = ",".join(await self._ask(create))
            elif action in ("start", "end", "restart"):
                await self._ask(lambda: getattr(overview, action)(code))
            else:
                raise tornado.web.HTTPError(400)
        except CardlabError as exc:
            return await self._show(400, exc.message(lang))
        except ValueError as exc:
            return await self._show(400, str(exc))
        except OSError as exc:
            return await self._show(503, tr("overview.gone", lang, error=str(exc)[:80]))
        self.redirect(f"/teacher/tables?done={action}&code={code}", status=303)


class TablesListHandler(TablesPageHandler):
    """``/teacher/tables/list``: only the list (what the page's script fetches every few seconds)."""

    @teacher_only
    async def get(self) -> None:
        rows, summary, gone = await self._rows_and_summary(self.link.overview(self.lang))
        html = tables_list_html(rows, self.lang, xsrf_form_html=self.xsrf_form_html(), summary=summary) if rows is not None else (
            f'<p class="error" role="alert">{escape(gone)}</p>')
        self.set_status(200 if rows is not None else 503)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(html)

    def post(self) -> None:
        raise tornado.web.HTTPError(405)


def add_tables_pages(link: TablesLink) -> None:
    """Serve the teacher's tables page (and its list) in classroom servers started after this call."""
    from .gate import add_page

    add_page(r"/teacher/tables", TablesPageHandler, {"link": link})
    add_page(r"/teacher/tables/list", TablesListHandler, {"link": link})
