"""The teacher's page of shared tables: open tables, watch every one live, end or restart one.

Views only: everything it shows and does goes through :class:`cardlab.tables.overview.TablesOverview`
(no card is ever drawn here; names are escaped).  A service in this kernel redraws the page on
every change; a table server is asked again every ``poll_seconds`` by a background task.

>>> from cardlab.tables.overview import TablesOverview
>>> page = TablesOverviewPage(TablesOverview.in_process(lang="en"))
>>> page.game_dropdown.value, page.rules_dropdown.value = "plump", "kids"
>>> page.players_text.value, page.humans_text.value, page.tables_text.value = 3, 2, 2
>>> page.create_button.click()
>>> len(page.rows_box.children), "Tables: 2," in page.summary_html.value
(2, True)
>>> code = page.overview.rows()[0].code
>>> page.buttons[code]["end"].click()
>>> "Ended by the teacher" in page.row_html[code].value
True
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets as W

from ..display.felt import message_html
from ..errors import CardlabError
from ..i18n import tr
from ..tables.overview import TablesOverview, presets
from ..tables.results import GAME_NAMES
from ..tables.service import GAMES, LEVELS
from .base import with_classes

_WIDE = {"width": "250px"}
_NARROW = {"width": "170px"}
_STATE_COLOUR = {"here": "#1b5e20", "away": "#b71c1c", "empty": "#616161", "bot": "#37474f"}


def row_html(row: Any, lang: str) -> str:
    """One table as HTML: its code, game, whose turn, the points and every seat (names escaped)."""
    seats = "".join(f'<li style="color:{_STATE_COLOUR.get(s.state, "#000")}">{html.escape(s.words)}</li>' for s in row.seats)
    return (f'<div class="cardlab-overview-row" data-code="{html.escape(row.code)}" data-version="{row.version}" '
            f'style="border:1px solid #c8e6c9;border-radius:8px;padding:6px 10px;margin:4px 0;font:14px sans-serif">'
            f'<b style="font:bold 18px monospace">{html.escape(row.code)}</b> · {html.escape(row.game)} · '
            f'<b>{html.escape(row.state)}</b>'
            + (f' · {html.escape(tr("overview.group", lang, group=row.group))}' if row.group else "")
            + f'<br>{html.escape(tr("overview.points", lang))}: {html.escape(row.scores)}'
            f'<ul style="margin:2px 0 0 0">{seats}</ul></div>')


class TablesOverviewPage:
    """The teacher's page (see the module docstring); show it by making it a cell's last line."""

    def __init__(self, overview: TablesOverview, *, poll_seconds: float = 2.0) -> None:
        self.overview, self.lang, self.poll_seconds = overview, overview.lang, poll_seconds
        lang = self.lang
        self.where_html = with_classes(W.HTML(message_html(overview.where_words(), "info")), "cardlab-overview-where")
        self.game_dropdown = W.Dropdown(options=[(GAME_NAMES[g], g) for g in GAMES],
                                        value="plump", description=tr("overview.form.game", lang), layout=W.Layout(**_WIDE))
        self.rules_dropdown = W.Dropdown(description=tr("overview.form.rules", lang), layout=W.Layout(**_WIDE))
        self.players_text = W.BoundedIntText(value=4, min=2, max=6, description=tr("overview.form.players", lang),
                                              layout=W.Layout(**_NARROW))
        self.humans_text = W.BoundedIntText(value=3, min=0, max=6, description=tr("overview.form.humans", lang),
                                             layout=W.Layout(**_NARROW))
        self.level_dropdown = W.Dropdown(options=[(tr(f"level.{v}", lang), v) for v in LEVELS], value="medium",
                                         description=tr("overview.form.level", lang), layout=W.Layout(**_WIDE))
        self.same_deals_checkbox = W.Checkbox(value=False, description=tr("overview.form.same_deals", lang), indent=False)
        self.tables_text = W.BoundedIntText(value=1, min=1, max=20, description=tr("overview.form.tables", lang),
                                             layout=W.Layout(**_NARROW))
        self.create_button = with_classes(W.Button(description=tr("overview.form.create", lang), button_style="success",
                                                   layout=W.Layout(width="auto")), "cardlab-overview-create")
        self.message_html = with_classes(W.HTML(message_html("")), "cardlab-message")
        self.summary_html = with_classes(W.HTML(), "cardlab-overview-summary")
        self.rows_box = with_classes(W.VBox(), "cardlab-overview-rows")
        self.buttons: dict[str, dict[str, W.Button]] = {}
        self.row_html: dict[str, W.HTML] = {}
        self._rows: dict[str, W.Box] = {}
        self._seen: tuple = ()
        self._task: asyncio.Task | None = None
        self.game_dropdown.observe(lambda _: self._game_changed(), names="value")
        self.create_button.on_click(lambda _: self.create())
        self._game_changed()
        form = W.VBox([W.HBox([self.game_dropdown, self.rules_dropdown, self.level_dropdown]),
                       W.HBox([self.players_text, self.humans_text, self.tables_text, self.same_deals_checkbox,
                               self.create_button])])
        self.box = with_classes(W.VBox([self.where_html, form, self.message_html, self.summary_html, self.rows_box]),
                                "cardlab-tables-overview")
        if overview.service is not None:
            overview.service.subscribe(lambda _code: self.refresh())
        self.refresh()

    def _game_changed(self) -> None:
        names = presets(self.game_dropdown.value)
        self.rules_dropdown.options = names
        self.rules_dropdown.value = "kids" if "kids" in names else "classic" if "classic" in names else names[0]

    # -------------------------------------------------------------- acting
    def create(self) -> list[str]:
        """Open as many tables as asked with the form's choices; their codes are said on the page."""
        codes = []
        group = self.overview.new_group() if self.same_deals_checkbox.value else None
        try:
            for _ in range(self.tables_text.value):
                codes.append(self.overview.create(self.game_dropdown.value, players=self.players_text.value,
                                                  rules=self.rules_dropdown.value, humans=self.humans_text.value,
                                                  level=self.level_dropdown.value, group=group))
        except CardlabError as exc:
            self.message_html.value = message_html(exc.message(self.lang), "error")
        else:
            self.message_html.value = message_html(tr("overview.created", self.lang, codes=" ".join(codes)), "info")
        self.refresh(force=True)
        return codes

    def _act(self, what: str, code: str) -> None:
        try:
            getattr(self.overview, what)(code)
        except CardlabError as exc:
            self.message_html.value = message_html(exc.message(self.lang), "error")
            return
        self.message_html.value = message_html(tr(f"overview.done.{what}", self.lang, code=code), "info")
        self.refresh(force=True)

    # ------------------------------------------------------------- drawing
    def refresh(self, force: bool = False) -> None:
        """Draw every table again (only what changed, unless ``force``)."""
        try:
            rows = self.overview.rows()
            summary = self.overview.summary()
        except CardlabError as exc:
            self.message_html.value = message_html(exc.message(self.lang), "error")
            return
        except OSError as exc:
            self.message_html.value = message_html(tr("overview.gone", self.lang, error=str(exc)[:80]), "error")
            return
        seen = tuple((r.code, r.version) for r in rows)
        if seen == self._seen and not force:
            return
        self._seen = seen
        self.summary_html.value = f'<div style="font:bold 15px sans-serif">{html.escape(summary)}</div>'
        children = []
        for row in rows:
            if row.code not in self._rows:
                self._make_row(row.code)
            self.row_html[row.code].value = row_html(row, self.lang)
            self.buttons[row.code]["start"].layout.display = "none" if row.started or row.ended else None
            children.append(self._rows[row.code])
        self.rows_box.children = tuple(children)

    def _make_row(self, code: str) -> None:
        self.row_html[code] = W.HTML()
        buttons = {}
        for what in ("start", "end", "restart"):
            button = with_classes(W.Button(description=tr(f"overview.button.{what}", self.lang),
                                           layout=W.Layout(width="auto")), f"cardlab-overview-{what}")
            button.on_click(lambda _, w=what, c=code: self._act(w, c))
            buttons[what] = button
        self.buttons[code] = buttons
        self._rows[code] = W.VBox([self.row_html[code], W.HBox(list(buttons.values()))])

    # --------------------------------------------------------------- live
    def start_polling(self) -> None:
        """Ask a table server again every ``poll_seconds`` (needs a running event loop, as in a kernel)."""
        if self.overview.service is not None or self._task is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._poll())

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_seconds)
            self.refresh()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.start_polling()
        return self.box._repr_mimebundle_(**kwargs)
