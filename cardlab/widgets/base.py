"""What every cardlab game table shares: language, message line, step and auto controls.

A table is a thin view over a :class:`cardlab.match.Match`.  The pattern,
which :class:`cardlab.widgets.PlumpTable` follows and every new table
(Femkamp, Rummy …) should follow too:

1. ``__init__`` builds every child widget **once** (pools of card and bid
   buttons are hidden with ``layout.display = "none"`` when not needed) and
   never calls ``display()``; the table shows itself through
   ``_repr_mimebundle_`` (just write ``table`` as the last line of a cell).
2. ``refresh()`` redraws everything from the match state and the chosen
   language: labels, tooltips, which buttons are enabled, the HTML of the felt
   and the score sheet.  Callbacks change state, then call ``refresh()``.
3. Callbacks hold no rule logic: they ask the engine (``legal_actions``,
   ``why_illegal``, ``apply``) and wrap the call in :meth:`TableBase.attempt`,
   which turns a :class:`cardlab.errors.CardlabError` into a line on the
   message bar instead of a traceback.
4. Everything on screen comes from the i18n catalogue: messages are kept as
   :class:`cardlab.i18n.Message` objects and put into words at ``refresh()``
   time, so switching the language re-labels even the last message.

A subclass supplies ``refresh()``, ``bot_to_move()`` (is a bot to act now?)
and ``bot_step()`` (let that bot act once).  The base gives it:

* ``language_dropdown`` (sv / nb / en), ``lang``;
* ``message_html`` (class ``cardlab-message``) with :meth:`show` and
  :meth:`message_text`, and ``log_html`` with the recent events;
* ``next_button`` (class ``cardlab-next``): one bot action per click;
* ``auto_toggle`` + ``speed_dropdown``: bots play on by themselves until a
  human must act.  In a kernel this runs as an ``asyncio`` task that sleeps
  between moves (the kernel never blocks); with no running event loop (plain
  pytest) :meth:`start_auto` plays synchronously, and :meth:`run_bots` always does.
"""

from __future__ import annotations

import asyncio
import html
from abc import ABC, abstractmethod
from typing import Any, Callable, Iterable

import ipywidgets as W

from ..errors import CardlabError
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message, check_language, register, tr

register({
    "widget.next": {"sv": "Nästa ▶", "nb": "Neste ▶", "en": "Next ▶"},
    "widget.next_tip": {
        "sv": "Låt nästa bot göra sitt drag",
        "nb": "La neste bot gjøre sitt trekk",
        "en": "Let the next bot make its move",
    },
    "widget.auto": {"sv": "Automatiskt", "nb": "Automatisk", "en": "Automatic"},
    "widget.auto_tip": {
        "sv": "Botarna spelar själva tills det är din tur",
        "nb": "Botene spiller selv til det er din tur",
        "en": "The bots play on by themselves until it is your turn",
    },
    "widget.speed": {"sv": "Fart", "nb": "Fart", "en": "Speed"},
    "widget.speed.slow": {"sv": "långsamt", "nb": "sakte", "en": "slow"},
    "widget.speed.normal": {"sv": "lagom", "nb": "middels", "en": "normal"},
    "widget.speed.fast": {"sv": "snabbt", "nb": "raskt", "en": "fast"},
    "widget.language": {"sv": "Språk", "nb": "Språk", "en": "Language"},
    "widget.log": {"sv": "Vad som hänt", "nb": "Hva som har skjedd", "en": "What happened"},
})

#: Seconds between two bot moves in automatic mode.
SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3}

TONES = {
    "info": ("#fffde7", "#5d4037"),
    "error": ("#ffebee", "#b71c1c"),
    "hint": ("#e3f2fd", "#0d47a1"),
    "good": ("#e8f5e9", "#1b5e20"),
}


def with_classes(widget: W.Widget, *classes: str) -> W.Widget:
    """Add stable CSS classes (``_dom_classes``) so pages and browser tests find the widget."""
    for name in classes:
        widget.add_class(name)
    return widget


def set_classes(widget: W.Widget, wanted: Iterable[str], managed: Iterable[str]) -> None:
    """Make the ``managed`` classes of ``widget`` exactly ``wanted`` (others untouched)."""
    wanted = set(wanted)
    for name in managed:
        if name in wanted and name not in widget._dom_classes:
            widget.add_class(name)
        elif name not in wanted and name in widget._dom_classes:
            widget.remove_class(name)


def text_of(item: "Message | str | Callable[[str], str]", lang: str) -> str:
    """Put a message into words in ``lang`` (a Message, a plain string, or a function of the language)."""
    if isinstance(item, Message):
        return item.text(lang)
    if callable(item):
        return item(lang)
    return str(item)


class TableBase(ABC):
    """The shared skeleton of an interactive game table (see the module docstring)."""

    log_length = 8

    def __init__(self, *, lang: str = "sv", auto: bool = False, speed: str = "normal") -> None:
        self.lang = check_language(lang)
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self._message: list[Any] = []
        self._tone = "info"
        self._log: list[list[Any]] = []
        self._auto_task: asyncio.Task | None = None
        self._refreshing = False

        self.language_dropdown = with_classes(
            W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
                       layout=W.Layout(width="210px")), "cardlab-language")
        self.message_html = with_classes(W.HTML(), "cardlab-message")
        self.log_html = with_classes(W.HTML(), "cardlab-log")
        self.next_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-next")
        self.auto_toggle = with_classes(W.ToggleButton(value=auto, layout=W.Layout(width="auto")), "cardlab-auto")
        self.speed_dropdown = with_classes(W.Dropdown(options=[(tr(f"widget.speed.{name}", self.lang), name) for name in SPEEDS], value=speed,
                       layout=W.Layout(width="190px")), "cardlab-speed")

        self.language_dropdown.observe(self._on_language, names="value")
        self.next_button.on_click(lambda _: self.step())
        self.auto_toggle.observe(self._on_auto, names="value")

    # ------------------------------------------------------------ subclass API
    @abstractmethod
    def refresh(self) -> None:
        """Redraw every child from the match's state (the only place a table changes what it shows)."""

    @abstractmethod
    def bot_to_move(self) -> bool:
        """Is it a bot's turn (so Next / automatic play has something to do)?"""

    @abstractmethod
    def bot_step(self) -> bool:
        """Let the bot to move act once; False if its move was refused (then automatic play stops)."""

    # --------------------------------------------------------------- messages
    def show(self, *items: "Message | str", tone: str = "info", log: bool = True) -> None:
        """Put ``items`` (Messages, re-worded on a language switch) on the message line."""
        self._message = list(items)
        self._tone = tone
        if log and items:
            self._log.append(list(items))
            del self._log[: -self.log_length]

    def message_text(self) -> str:
        """The message line as plain text in the current language."""
        return " ".join(text_of(m, self.lang) for m in self._message)

    def _draw_messages(self) -> None:
        background, colour = TONES.get(self._tone, TONES["info"])
        text = html.escape(self.message_text()) or "&nbsp;"
        self.message_html.value = (
            f'<div role="status" aria-live="polite" style="background:{background};color:{colour};'
            f'border-radius:10px;padding:8px 12px;font:bold 17px sans-serif;min-height:24px">{text}</div>')
        lines = "".join(f"<li>{html.escape(' '.join(text_of(m, self.lang) for m in entry))}</li>"
                        for entry in reversed(self._log[:-1]))
        self.log_html.value = (f'<details style="font:13px sans-serif;color:#333"><summary>{html.escape(tr("widget.log", self.lang))}'
                               f'</summary><ul style="margin:4px 0">{lines}</ul></details>' if lines else "")

    def _label_controls(self) -> None:
        """Re-label the shared controls in the current language."""
        lang = self.lang
        self.language_dropdown.description = tr("widget.language", lang)
        self.next_button.description = tr("widget.next", lang)
        self.next_button.tooltip = tr("widget.next_tip", lang)
        self.auto_toggle.description = tr("widget.auto", lang)
        self.auto_toggle.tooltip = tr("widget.auto_tip", lang)
        self.speed_dropdown.description = tr("widget.speed", lang)
        options = [(tr(f"widget.speed.{name}", lang), name) for name in SPEEDS]
        if list(self.speed_dropdown.options) != options:
            value = self.speed_dropdown.value or "normal"
            self.speed_dropdown.options = options
            self.speed_dropdown.value = value
        self.next_button.disabled = not self.bot_to_move()

    # ------------------------------------------------------------- callbacks
    def attempt(self, do: Callable[[], Any]) -> bool:
        """Run ``do()``; a CardlabError becomes the message line (in the player's language).  True if it worked."""
        try:
            do()
        except CardlabError as exc:
            self.show(exc.as_message(), tone="error")
            self.refresh()
            return False
        return True

    def _on_language(self, change: dict) -> None:
        self.set_language(change["new"])

    def set_language(self, lang: str) -> None:
        """Switch every word on the table to ``lang`` ("sv", "nb" or "en")."""
        self.lang = check_language(lang)
        if self.language_dropdown.value != self.lang:
            self.language_dropdown.value = self.lang  # observer calls back here once
            return
        self.refresh()

    # ------------------------------------------------------------- bot turns
    @property
    def delay(self) -> float:
        """Seconds between bot moves in automatic mode."""
        return SPEEDS[self.speed_dropdown.value]

    def step(self) -> bool:
        """Let one bot act (the Next button).  False if no bot is to move."""
        if not self.bot_to_move():
            return False
        self.bot_step()
        self.refresh()
        return True

    def run_bots(self, max_steps: int = 100_000) -> int:
        """Let the bots play, synchronously, until a human must act or the game is over; returns the steps taken."""
        steps = 0
        while steps < max_steps and self.bot_to_move():
            if self.bot_step() is False:
                break
            steps += 1
        self.refresh()
        return steps

    def _on_auto(self, change: dict) -> None:
        if change["new"]:
            self.start_auto()
        else:
            self.stop_auto()

    def start_auto(self) -> None:
        """Play the bots' moves by themselves: as an asyncio task in a kernel, synchronously otherwise."""
        if not self.bot_to_move():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run_bots()
            return
        if self._auto_task is not None and not self._auto_task.done():
            return
        self._auto_task = loop.create_task(self._auto_loop())

    async def _auto_loop(self) -> None:
        while self.auto_toggle.value and self.bot_to_move():
            await asyncio.sleep(self.delay)
            if not self.auto_toggle.value or not self.bot_to_move():
                break
            self.step()

    def stop_auto(self) -> None:
        """Stop a running automatic play (the toggle stays as it is)."""
        if self._auto_task is not None and not self._auto_task.done():
            self._auto_task.cancel()
        self._auto_task = None

    def after_human_move(self) -> None:
        """Call after a human acted: in automatic mode, the bots take over."""
        if self.auto_toggle.value:
            self.start_auto()

    # ---------------------------------------------------------------- display
    @property
    @abstractmethod
    def widget(self) -> W.Widget:
        """The whole table as one widget, built once."""

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
