"""A seat at a shared table in Jupyter or Voilà: it draws that seat's updates and sends its moves.

Everything on the screen is drawn from the seat update (:mod:`cardlab.tables.updates`), never
from a game object: the widget cannot show what the seat may not see, because it never has it.
Names are escaped wherever they are drawn.

* :class:`SeatView` draws one seat update (the felt, whose turn, the points, the notice) and
  one button per legal move; clicking one calls ``on_action`` with the move's plain dict.
* :class:`JoinForm` is what a pupil's page shows first: the table code, their name and a button;
  a wrong code or an empty name is answered with a sentence, and then the seat replaces the form.
* :class:`SharedTable` is a seat at a table: ``SharedTable.local(service, code, token)`` for a
  :class:`cardlab.tables.TableService` in this kernel (redrawn on every change), or
  ``SharedTable.remote(url, code=…, name=…)`` for a table server (a background task waits for
  each change with a long poll).

>>> from cardlab.tables import TableService
>>> service = TableService()
>>> code = service.create_table("plump", rules="kids", seats=["human", "medium", "medium"], seed=3,
...                             teacher=service.teacher_token)
>>> anna = service.join(code, "<Anna>", lang="en")
>>> seat = SharedTable.local(service, code, anna.token)
>>> "&lt;Anna&gt;" in seat.felt_html.value and "<Anna>" not in seat.felt_html.value
True
>>> seat.status_html.value.count("Your turn")
1
>>> seat.action_buttons[0].description
'Bid 0'
>>> seat.action_buttons[0].click()          # the bid is made, and the bots play on to Anna's next turn
>>> service.table(code).movers.count("human"), service.table(code).match.game.to_move
(1, 0)
"""

from __future__ import annotations

import asyncio
import html
from typing import Any, Callable

import ipywidgets as W

from ..cards import Card
from ..display.cards import card_svg, cards_html
from ..display.felt import FELT_CSS, felt_frame, message_html, seat_box_html, seats_around, status_html, trick_cells_html
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message, tr
from .base import with_classes

CARD_WIDTH = 46
SMALL_WIDTH = 26


def _card(code: str) -> str:
    return str(Card.parse(code))


def seat_names(update: dict[str, Any], lang: str) -> list[str]:
    """Each seat's name as the table shows it (a bot's as "Bot n"), not yet escaped."""
    return [s["name"] if s["name"] else tr("shared.bot", lang, n=s["seat"]) for s in update["table"]["seats"]]


def action_words(action: dict[str, Any], lang: str, discard_top: str | None = None) -> str:
    """A legal move as a button says it: "Bjud 2", "K♠", "Ta från högen", "Lägg ner A♠ 2♠ 3♠" …

    >>> action_words({"type": "bid", "seat": 0, "tricks": 2}, "sv"), action_words({"type": "play", "seat": 0, "card": "KS"}, "en")
    ('Bjud 2', 'K♠')
    >>> action_words({"type": "draw", "seat": 0, "source": "discard"}, "nb", discard_top="7H")
    'Ta 7♥ fra kastebunken'
    """
    kind = action["type"]
    if kind == "bid":
        return tr("shared.action.bid", lang, n=action["tricks"])
    if kind == "play":
        return _card(action["card"])
    if kind == "prikk":
        return tr("shared.action.prikk", lang)
    if kind == "draw":
        return tr("shared.action.draw_stock", lang) if action.get("source", "stock") == "stock" else \
            tr("shared.action.draw_discard", lang, card=_card(discard_top) if discard_top else "?")
    if kind == "meld":
        return tr("shared.action.meld", lang, cards=" ".join(_card(c) for c in action["cards"]))
    if kind == "lay-off":
        return tr("shared.action.lay_off", lang, card=_card(action["card"]), meld=f"#{action['meld_index'] + 1}")
    if kind == "discard":
        return tr("shared.action.discard", lang, card=_card(action["card"]))
    return kind


def felt_of(update: dict[str, Any], lang: str) -> str:
    """The felt of a seat update as HTML: the other seats (face down), the middle of the table, your seat."""
    view, table = update["view"], update["table"]
    names = seat_names(update, lang)
    seat, players = view["seat"], view["players"]
    kind = view["kind"]
    if kind == "plump":      # every hand starts at hand_size; a card leaves it for each trick played to
        played = [sum(1 for t in view["completed_tricks"] if s in t["seats"])
                  + sum(1 for p, _ in view["current_trick"] if p == s) for s in range(players)]
        counts = [view["hand_size"] - n for n in played]
    else:
        counts = view["hand_counts"] if kind == "femkamp" else view["hand_sizes"]

    def body(s: int) -> str:
        lines = [tr("shared.cards", lang, n=counts[s])]
        if kind == "plump":
            bid = view["bids"][s]
            lines.append(tr("shared.bid_line", lang, bid="–" if bid is None else bid, tricks=view["tricks_taken"][s]))
        elif kind == "femkamp" and view["round_name"] == "kabal":
            lines.append(tr("shared.prikks_line", lang, prikks=view["prikks"][s]))
        elif kind == "femkamp":
            lines.append(tr("shared.tricks_line", lang, tricks=view["tricks_taken"][s]))
        state = table["seats"][s]["state"]
        if state in ("away", "empty"):
            lines.append(tr(f"shared.{state}", lang))
        text = "".join(f'<div style="font:13px sans-serif">{html.escape(line)}</div>' for line in lines)
        if s != seat:
            text += "".join(card_svg("AS", face_down=True, width=SMALL_WIDTH) for _ in range(min(counts[s], 13)))
        return text

    def box(s: int) -> str:
        return seat_box_html(s, names[s], body(s), to_move=tr("shared.your_turn", lang).rstrip(".")
                             if view["to_move"] == s else None,
                             dealer=tr("widget.dealer", lang) if view.get("dealer") == s else None)

    top = "".join(box(s) for s in seats_around(seat, players))
    middle = _middle(view, names, lang)
    me = box(seat) + f'<div class="cardlab-shared-hand">{cards_html(view["hand"], width=CARD_WIDTH)}</div>'
    felt = felt_frame(top, middle, me, classes="cardlab-felt cardlab-shared-felt")
    # how many moves the table had: the page says which state it shows (tests wait for it)
    return f'<div class="cardlab-shared-state" data-moves="{int(table["moves"])}">{felt}</div>'


def _middle(view: dict[str, Any], names: list[str], lang: str) -> str:
    kind = view["kind"]
    parts = []
    if kind == "plump":
        parts.append(html.escape(tr("shared.trump", lang, card=_card(view["trump_card"])) if view["trump_card"]
                                 else tr("shared.no_trump", lang)))
    if kind == "rummy":
        parts.append(html.escape(tr("shared.stock", lang, n=view["stock_size"])))
        if view["discard_pile"]:
            parts.append(html.escape(tr("shared.discard_top", lang, card=_card(view["discard_pile"][-1]))))
        for number, meld in enumerate(view["table"], start=1):
            parts.append(f"#{number} {cards_html(meld['cards'], width=SMALL_WIDTH + 4)}")
    if kind == "femkamp" and view.get("layout"):
        parts.append(cards_html(view["layout"]["cards"], width=SMALL_WIDTH + 4) if view["layout"]["cards"] else "")
    trick = view.get("current_trick") or []
    if trick:
        parts.append(trick_cells_html([(s, c) for s, c in trick], names, winner=None, width=CARD_WIDTH, four_colour=False))
    elif view.get("completed_tricks"):
        last = view["completed_tricks"][-1]
        parts.append(html.escape(tr("shared.last_trick", lang)) + "<br>" + trick_cells_html(
            list(zip(last["seats"], last["cards"])), names, winner=last["winner"], width=CARD_WIDTH, four_colour=False))
    return "".join(f'<div style="color:#fff;font:15px sans-serif;margin:3px">{p}</div>' for p in parts if p)


def status_of(update: dict[str, Any], lang: str) -> str:
    """Whose turn it is (or that the game waits, is over or was ended), in words."""
    table, view = update["table"], update["view"]
    names = seat_names(update, lang)
    if table["ended"]:
        return tr("shared.ended", lang)
    if table["over"]:
        return tr("shared.over", lang, names=", ".join(names[s] for s in table["winners"]))
    if not table["started"]:
        return tr("shared.waiting", lang, code=table["code"])
    if view["to_move"] == view["seat"]:
        return tr("shared.your_turn", lang)
    return tr("shared.their_turn", lang, name=names[view["to_move"]])


def totals_of(update: dict[str, Any], lang: str) -> str:
    names = seat_names(update, lang)
    scores = ", ".join(f"{n} {t}" for n, t in zip(names, update["table"]["totals"]))
    return tr("shared.totals", lang, scores=scores)


def same_deals_html(update: dict[str, Any], lang: str) -> str:
    """How the same cards went at the other tables (same deals): the newest round, or every round at the end."""
    lines = update.get("same_deals") or []
    if not lines:
        return ""
    shown = lines if update["table"]["over"] else lines[-1:]
    items = "".join(f"<li>{html.escape(line['text'])}</li>" for line in shown)
    return (f'<div style="background:#fffde7;color:#3e2723;border-radius:8px;padding:6px 10px;margin-top:6px;'
            f'font:14px sans-serif"><b>{html.escape(tr("same.title", lang))}</b><ul style="margin:2px 0">{items}</ul></div>')


class SeatView:
    """Draws one seat update and offers its legal moves as buttons (see the module docstring).

    ``on_action(action_dict)`` is called by a move button; ``on_undo(answer)`` by *Ångra*
    (``None``: ask) and by the yes/no buttons of a request to undo.
    """

    def __init__(self, *, on_action: Callable[[dict], Any], on_undo: Callable[[Any], Any] | None = None,
                 lang: str = "sv", on_language: Callable[[str], Any] | None = None) -> None:
        self.lang = lang
        self.on_action, self.on_undo, self.on_language = on_action, on_undo, on_language
        self.update: dict[str, Any] | None = None
        self.status_html = with_classes(W.HTML(), "cardlab-shared-status")
        self.felt_html = with_classes(W.HTML(), "cardlab-shared-felt")
        self.message_html = with_classes(W.HTML(), "cardlab-message")
        self.totals_html = with_classes(W.HTML(), "cardlab-shared-totals")
        self.same_deals_html = with_classes(W.HTML(), "cardlab-shared-same-deals")
        #: set last of all: once a page shows ``data-drawn=N``, every part of it draws the table after N moves
        self.drawn_html = with_classes(W.HTML(layout=W.Layout(height="0px", overflow="hidden")), "cardlab-shared-drawn")
        self.actions_box = with_classes(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cardlab-shared-actions")
        self.action_buttons: list[W.Button] = []
        self.undo_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-undo")
        self.yes_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-undo-yes")
        self.no_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-undo-no")
        self.language_dropdown = with_classes(W.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=lang,
                                                         layout=W.Layout(width="180px")), "cardlab-language")
        self.undo_button.on_click(lambda _: self._undo(None))
        self.yes_button.on_click(lambda _: self._undo(True))
        self.no_button.on_click(lambda _: self._undo(False))
        self.language_dropdown.observe(self._language, names="value")
        bar = W.HBox([self.language_dropdown, self.undo_button, self.yes_button, self.no_button])
        self.style_html = W.HTML(FELT_CSS, layout=W.Layout(height="0px", overflow="hidden"))
        self.box = with_classes(W.VBox([self.style_html, bar, self.status_html, self.felt_html, self.message_html, self.actions_box,
                                        self.totals_html, self.same_deals_html, self.drawn_html]),
                                "cardlab-felt-table", "cardlab-shared-table")
        if on_undo is None:
            self.undo_button.layout.display = "none"
        self.show(None)

    def _undo(self, answer: Any) -> None:
        if self.on_undo is not None:
            self.on_undo(answer)

    def _language(self, change: dict) -> None:
        self.lang = change["new"]
        if self.on_language is not None:
            self.on_language(self.lang)
        self.show(self.update)

    def show(self, update: dict[str, Any] | None) -> None:
        """Draw ``update`` (None: draw nothing at all — no hand, no buttons)."""
        self.update = update
        lang = self.lang
        self.undo_button.description = tr("shared.undo", lang)
        self.yes_button.description = tr("shared.yes", lang)
        self.no_button.description = tr("shared.no", lang)
        if update is None:
            self.status_html.value = self.felt_html.value = self.totals_html.value = self.same_deals_html.value = ""
            self.message_html.value = ""
            self.action_buttons = []
            self.actions_box.children = ()
            self.yes_button.layout.display = self.no_button.layout.display = "none"
            self.drawn_html.value = ""
            return
        self.status_html.value = status_html(status_of(update, lang))
        self.felt_html.value = felt_of(update, lang)
        self.totals_html.value = f'<div style="color:#fff;font:15px sans-serif">{html.escape(totals_of(update, lang))}</div>'
        self.same_deals_html.value = same_deals_html(update, lang)
        notice = update.get("notice")
        self.message_html.value = message_html(notice["text"], notice["tone"]) if notice else message_html("")
        asked = bool(notice and notice.get("ask") == "undo")
        self.yes_button.layout.display = self.no_button.layout.display = None if asked else "none"
        buttons = []
        pile = update["view"].get("discard_pile") or []
        top = pile[-1] if pile else None
        for action in update["view"]["legal_actions"]:
            button = with_classes(W.Button(description=action_words(action, lang, top), layout=W.Layout(width="auto")),
                                  "cardlab-shared-move", "cardlab-action-btn")
            button.on_click(lambda _, act=action: self.on_action(act))
            buttons.append(button)
        self.action_buttons = buttons
        self.actions_box.children = tuple(buttons)
        self.drawn_html.value = f'<span data-drawn="{int(update["table"]["moves"])}"></span>'

    def texts(self) -> list[str]:
        """Every text on the screen now (HTML values and button labels), for tests that read the page."""
        from .base import widget_tree

        found = []
        for widget in widget_tree(self.box):
            for name in ("value", "description", "tooltip"):
                value = getattr(widget, name, None)
                if isinstance(value, str) and value:
                    found.append(value)
        return found


class _LocalSeat:
    """A seat at a :class:`cardlab.tables.TableService` in this kernel."""

    def __init__(self, service: Any, code: str, token: str) -> None:
        self.service, self.code, self.token = service, code, token

    def update(self) -> dict:
        return self.service.update(self.code, self.token)

    def move(self, action: dict) -> dict:
        return self.service.move(self.code, self.token, action)

    def undo(self, answer: Any) -> dict:
        if answer is None:
            return self.service.ask_undo(self.code, self.token)
        return self.service.answer_undo(self.code, self.token, answer)

    def set_language(self, lang: str) -> dict:
        return self.service.set_language(self.code, self.token, lang)


class SharedTable:
    """A seat at a shared table (see the module docstring); show it by making it a cell's last line."""

    def __init__(self, seat: Any, *, lang: str = "sv") -> None:
        self.seat = seat
        self.view = SeatView(on_action=self.move, on_undo=self.undo, lang=lang, on_language=self.set_language)
        self._task: asyncio.Task | None = None
        self.refresh()

    # the widgets, by name
    def __getattr__(self, name: str) -> Any:
        if name in ("status_html", "felt_html", "message_html", "totals_html", "same_deals_html", "action_buttons",
                    "undo_button", "yes_button", "no_button", "language_dropdown", "box"):
            return getattr(self.view, name)
        raise AttributeError(name)

    @classmethod
    def local(cls, service: Any, code: str, token: str, *, lang: str | None = None) -> "SharedTable":
        """A seat at ``service`` in this kernel, redrawn on every change at its table."""
        seat = _LocalSeat(service, code, token)
        table = cls(seat, lang=lang or service.table(code).seats[service.seat_of(code, token)].lang)
        service.subscribe(lambda changed: table.refresh() if changed == service.table(code).code else None)
        return table

    @classmethod
    def remote(cls, url: str | None = None, *, code: str, name: str | None = None, token: str | None = None, seat: int | None = None,
               lang: str = "sv") -> "SharedTable":
        """A seat at a table server: join with ``name`` (or sit down again with ``token`` and ``seat``).

        ``url``: the server (default ``$CARDLAB_TABLES_URL``, else ``http://127.0.0.1:8871``).
        """
        import os

        from ..tables.client import TableClient

        client = TableClient(url or os.environ.get("CARDLAB_TABLES_URL", "http://127.0.0.1:8871"), lang=lang)
        if token is not None:
            client.use_ticket(code, int(seat or 0), token)
        else:
            client.join(code, name or "")
        table = cls(client, lang=lang)
        table.start_polling()
        return table

    def refresh(self, update: dict | None = None) -> None:
        """Draw the seat's latest update (fetched unless given)."""
        try:
            self.view.show(update if update is not None else self.seat.update())
        except Exception as exc:  # the server is gone: say so instead of a traceback
            self.view.message_html.value = message_html(Message("shared.gone", {"error": str(exc)[:80]}).text(self.view.lang), "error")

    def move(self, action: dict) -> None:
        self.refresh(self.seat.move(action))

    def undo(self, answer: Any) -> None:
        self.refresh(self.seat.undo(answer))

    def set_language(self, lang: str) -> None:
        self.seat.lang = lang
        self.refresh(self.seat.set_language(lang))

    def start_polling(self) -> None:
        """Wait for each change at the table in the background (needs a running event loop, as in a kernel)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._poll())

    async def _poll(self) -> None:
        from ..tables.client import AsyncTableClient

        waiter = AsyncTableClient(self.seat.url, lang=self.seat.lang)
        waiter.use_ticket(self.seat.code, self.seat.seat, self.seat.token)
        while True:
            try:
                waiter.version = self.seat.version
                update = await waiter.wait(10.0)
                self.seat.version = waiter.version
                self.refresh(update)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.view.message_html.value = message_html(Message("shared.gone", {"error": str(exc)[:80]}).text(self.view.lang), "error")
                await asyncio.sleep(2.0)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view.box._repr_mimebundle_(**kwargs)


class JoinForm:
    """Join a shared table by typing its code and your name (see the module docstring).

    ``service``: a :class:`cardlab.tables.TableService` in this kernel, or None for the table server
    at ``url`` (default ``$CARDLAB_TABLES_URL``).  After joining, ``table`` is the :class:`SharedTable`.

    >>> from cardlab.tables import TableService
    >>> service = TableService()
    >>> code = service.create_table("rummy", seats=["human", "medium"], players=2, seed=1, teacher=service.teacher_token)
    >>> form = JoinForm(service=service, lang="en")
    >>> form.code_text.value, form.name_text.value = "XXXXX", "Anna"
    >>> form.join_button.click()
    >>> "There is no table with the code XXXXX" in form.message_html.value, form.table is None
    (True, True)
    >>> form.code_text.value = code.lower()
    >>> form.join_button.click()
    >>> form.table is not None and form.box.children == (form.table.view.box,)
    True
    """

    def __init__(self, *, service: Any = None, url: str | None = None, lang: str = "sv") -> None:
        self.service, self.url, self.lang = service, url, lang
        self.table: SharedTable | None = None
        self.code_text = with_classes(W.Text(placeholder=tr("shared.join.code", lang), layout=W.Layout(width="160px")),
                                      "cardlab-join-code")
        self.name_text = with_classes(W.Text(placeholder=tr("shared.join.name", lang), layout=W.Layout(width="220px")),
                                      "cardlab-join-name")
        self.join_button = with_classes(W.Button(description=tr("shared.join.button", lang), button_style="success",
                                                 layout=W.Layout(width="auto")), "cardlab-join-button")
        self.message_html = with_classes(W.HTML(message_html("")), "cardlab-message")
        self.join_button.on_click(lambda _: self.join())
        self.style_html = W.HTML(FELT_CSS, layout=W.Layout(height="0px", overflow="hidden"))
        self.box = with_classes(W.VBox([self.style_html, W.HBox([self.code_text, self.name_text, self.join_button]),
                                        self.message_html]), "cardlab-felt-table", "cardlab-join-form")

    def join(self) -> None:
        """Sit down with the code and name typed; a refusal is shown as a sentence and the form stays."""
        from ..errors import CardlabError

        try:
            if self.service is not None:
                ticket = self.service.join(self.code_text.value, self.name_text.value, lang=self.lang)
                table = SharedTable.local(self.service, ticket.code, ticket.token, lang=self.lang)
            else:
                table = SharedTable.remote(self.url, code=self.code_text.value, name=self.name_text.value, lang=self.lang)
        except CardlabError as exc:
            self.message_html.value = message_html(exc.message(self.lang), "error")
            return
        self.table = table
        self.box.remove_class("cardlab-felt-table")      # the seat brings its own felt
        self.box.children = (table.view.box,)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
