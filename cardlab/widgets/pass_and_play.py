"""Pass-and-play at one device: a covered screen between turns, then one child's seat at a time.

The widget draws :class:`cardlab.session.pass_and_play.PassAndPlaySession`.  While the screen
is covered it shows only whom to give the computer to, the points and one button; the seat
view is emptied (no hand, no move buttons in the page at all).  After a move that hands the
turn to another child, the screen is covered again by itself; *Klar: dölj mina kort* covers it
at any time.

>>> table = PassAndPlayTable("plump", ["Anna", "Bo"], rules="kids", players=3, seed=3, lang="sv")
>>> table.curtain_html.value.count("Ge datorn till Bo")
1
>>> table.seat.felt_html.value, table.seat.action_buttons
('', [])
>>> table.ready_button.click()
>>> table.seat.status_html.value.count("Din tur"), table.curtain_box.layout.display
(1, 'none')
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..session.pass_and_play import PassAndPlaySession
from ..i18n import Message
from .base import with_classes
from .shared_table import SeatView


class PassAndPlayTable:
    """A pass-and-play table (see the module docstring); arguments as :class:`PassAndPlaySession`."""

    def __init__(self, game: str, names: list[str], **options: Any) -> None:
        self.session = PassAndPlaySession(game, names, **options)
        self.curtain_html = with_classes(W.HTML(), "cardlab-pass-curtain")
        self.ready_button = with_classes(W.Button(layout=W.Layout(width="auto"), button_style="success"), "cardlab-pass-ready")
        self.done_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-pass-done")
        self.ready_button.on_click(lambda _: self.ready())
        self.done_button.on_click(lambda _: self.hide())
        self.curtain_box = with_classes(W.VBox([self.curtain_html, self.ready_button]), "cardlab-pass-curtain-box")
        self.seat = SeatView(on_action=self.move, lang=self.session.lang, on_language=self._language)
        self.box = with_classes(W.VBox([self.curtain_box, self.seat.box, self.done_button]), "cardlab-pass-and-play")
        self.refresh()

    def _language(self, lang: str) -> None:
        self.session.set_language(lang)
        self.refresh()

    def ready(self) -> None:
        self.session.ready()
        self.refresh()

    def hide(self) -> None:
        self.session.hide()
        self.refresh()

    def move(self, action: dict) -> None:
        update = self.session.move(action)
        if self.session.shown is not None and update is not None:
            self.seat.show(update)          # the same child again (or a refusal): keep the seat, with its notice
            return
        self.refresh()

    def refresh(self) -> None:
        """Draw the covered screen, or the seat of the child on the screen (never both, never two seats)."""
        session = self.session
        lang = session.lang
        self.done_button.description = Message("pass.done", {}).text(lang)
        if session.shown is None:
            self.seat.show(None)
            self.seat.box.layout.display = "none"
            self.done_button.layout.display = "none"
            self.curtain_box.layout.display = None
            self.curtain_html.value = (f'<div style="background:#1b5e20;color:#fff;border-radius:14px;padding:28px;'
                                       f'font:bold 22px sans-serif;text-align:center">'
                                       f'{html.escape(session.curtain_text())}</div>')
            words = session.ready_words()
            self.ready_button.description = words
            self.ready_button.layout.display = None if words else "none"
            return
        self.curtain_box.layout.display = "none"
        self.curtain_html.value = ""
        self.seat.box.layout.display = None
        self.done_button.layout.display = None
        self.seat.show(session.current())

    def texts(self) -> list[str]:
        """Every text on the screen now (for tests that read the page)."""
        found = [self.curtain_html.value, self.ready_button.description, self.done_button.description]
        return [t for t in found if t] + self.seat.texts()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
