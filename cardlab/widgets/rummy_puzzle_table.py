"""The Rummy puzzle table: a thin ipywidgets view over a
:class:`cardlab.puzzles.rummy_session.RummyPuzzleSession`.

It draws the turn (how many cards every other seat holds, the melds on the
table, the discard pile's top and the stock), the child's hand as card buttons
to select, the moves as buttons (*Lägg ner* the selected cards, *Lägg till* the
selected card onto a meld of the table, *Kasta* the selected card; in a draw
puzzle the two draws instead), the message
line (on the ladder, ``ladder=True``, it starts with the step the child is on)
and *Nästa*.  A click asks the session to act and redraws; no callback decides
anything.

>>> from cardlab.puzzles.rummy import rummy_puzzles_from_games
>>> table = RummyPuzzleTable(rummy_puzzles_from_games(n=2, rng=3), child="Mina", lang="en")
>>> table.message_text().startswith("Your turn")
True
>>> table.next_button.click()
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..display.cards import cards_html, suit_colour
from ..display.felt import message_html
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message
from ..puzzles.rummy_session import RummyPuzzleSession
from .base import with_classes
from .puzzle_pupil import PuzzleChild, whose_puzzles

#: The most cards a Rummy hand can hold (10 dealt to two players, and the card drawn), so the pool
#: of card buttons is built once.
MAX_HAND = 11
#: The most melds on the table that get a lay-off button (13 ranks' sets and more runs never fit a turn).
MAX_MELDS = 16

#: The width of the cards on the felt (the melds and the discard pile's top card): their corners readable on a
#: laptop, and five melds still leave the hand, the buttons and the question on a 768-pixel screen.
MELD_CARD_WIDTH = 40

_TONE = {"good": "good", "bad": "error", "error": "error", "info": "info"}


def _one(key: str, n: int) -> str:
    """The catalogue key for ``n`` things: ``key_one`` for exactly one (English says *1 card*)."""
    return f"{key}_one" if n == 1 else key


class RummyPuzzleTable:
    """Draw ``session`` (or a new :class:`RummyPuzzleSession` over ``puzzles``).

    Whose puzzles they are is :func:`~cardlab.widgets.puzzle_pupil.whose_puzzles`'s answer: on a page
    the classroom server serves, the pupil it let in (their own progress file, whatever ``child``
    says); elsewhere ``child``, or :data:`~cardlab.widgets.puzzle_pupil.LONE_CHILD` when not given.
    ``child`` may also be that answer itself (a :class:`~cardlab.widgets.puzzle_pupil.PuzzleChild`).
    """

    def __init__(self, puzzles: "Sequence[Any] | RummyPuzzleSession", *, child: "str | PuzzleChild | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        if isinstance(puzzles, RummyPuzzleSession):
            self.session = puzzles
        else:
            who = child if isinstance(child, PuzzleChild) else whose_puzzles(child)
            self.session = RummyPuzzleSession(puzzles, child=who.name, pupil_id=who.pupil_id, folder=folder,
                                              lang=lang, ladder=ladder)
        self.selected: list[Card] = []
        self.language_dropdown = W.Dropdown(options=[(LANGUAGE_NAMES[x], x) for x in LANGUAGES],
                                            value=self.session.lang, layout=W.Layout(width="160px"))
        self.language_dropdown.observe(self._on_language, names="value")
        self.title_html = with_classes(W.HTML(), "cardlab-puzzle-title")
        self.felt_html = with_classes(W.HTML(), "cardlab-puzzle-felt")
        self.card_buttons = [self._card_button(i) for i in range(MAX_HAND)]
        self.hand_box = with_classes(W.HBox(self.card_buttons, layout=W.Layout(flex_flow="row wrap")),
                                     "cardlab-puzzle-hand")
        self.meld_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-action-btn", "cardlab-meld")
        self.meld_button.on_click(lambda _: self._move("meld"))
        self.discard_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-action-btn",
                                           "cardlab-discard")
        self.discard_button.on_click(lambda _: self._move("discard"))
        self.lay_off_buttons = [self._lay_off_button(i) for i in range(MAX_MELDS)]
        self.draw_stock_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-draw-btn",
                                              "cardlab-draw-stock")
        self.draw_discard_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-draw-btn",
                                                "cardlab-draw-discard")
        self.draw_stock_button.on_click(lambda _: self._draw("stock"))
        self.draw_discard_button.on_click(lambda _: self._draw("discard"))
        self.moves_box = W.HBox([self.draw_stock_button, self.draw_discard_button, self.meld_button,
                                 self.discard_button] + self.lay_off_buttons,
                                layout=W.Layout(flex_flow="row wrap"))
        self.message_html = with_classes(W.HTML(), "cardlab-message")
        self.next_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-next")
        self.next_button.on_click(lambda _: self._next())
        self._root = with_classes(W.VBox([W.HBox([self.title_html, self.language_dropdown]), self.felt_html,
                                          self.hand_box, self.moves_box, self.message_html, self.next_button]),
                                  "cardlab-puzzle-table")
        self._shown: list[Card] = []
        self.refresh()

    # ------------------------------------------------------------------ clicks
    def _card_button(self, index: int) -> W.Button:
        button = with_classes(W.Button(layout=W.Layout(width="64px", height="92px")), "cardlab-card-btn")
        button.style.font_size = "22px"
        button.style.font_weight = "bold"
        button.on_click(lambda _, i=index: self._toggle(i))
        return button

    def _lay_off_button(self, index: int) -> W.Button:
        button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-action-btn", "cardlab-lay-off")
        button.on_click(lambda _, i=index: self._move("lay_off", i))
        return button

    def button_for(self, card: "Card | str") -> W.Button:
        """The button showing ``card`` in the child's hand (for tests and demonstrations)."""
        return self.card_buttons[self._shown.index(Card.parse(card))]

    def select(self, cards: "Sequence[Card | str] | str") -> None:
        """Select exactly ``cards`` by clicking their buttons (for tests and demonstrations)."""
        wanted = [Card.parse(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        for card in list(self.selected):
            if card not in wanted:
                self.button_for(card).click()
        for card in wanted:
            if card not in self.selected:
                self.button_for(card).click()

    def _toggle(self, index: int) -> None:
        if index < len(self._shown):
            card = self._shown[index]
            if card in self.selected:
                self.selected.remove(card)
            else:
                self.selected.append(card)
        self.refresh()

    def _move(self, kind: str, meld: int | None = None) -> None:
        self.session.move(kind, list(self.selected), meld)
        refused = self.session.tone == "error"
        self.selected = [c for c in self.selected if c in self.session.hand()] if refused else []
        self.refresh()

    def _draw(self, source: str) -> None:
        self.session.draw(source)
        self.refresh()

    def _next(self) -> None:
        self.session.next_puzzle()
        self.selected = []
        self.refresh()

    def _on_language(self, change: dict) -> None:
        self.session.set_language(change["new"])
        self.refresh()

    # ------------------------------------------------------------------ drawing
    @property
    def lang(self) -> str:
        return self.session.lang

    def message_text(self) -> str:
        return self.session.message_text()

    def refresh(self) -> None:
        """Redraw everything from the session."""
        s, lang = self.session, self.lang
        self._shown = s.hand()
        playing = s.puzzle is not None and not s.finished
        # the buttons of the puzzle's question: after a turn puzzle is answered the round has passed to the next
        # player's draw, which is not the child's question (no draw buttons then)
        drawing = s.puzzle is not None and s.is_draw
        for i, button in enumerate(self.card_buttons):
            if i < len(self._shown):
                card = self._shown[i]
                chosen = card in self.selected
                button.description = str(card)
                button.style.text_color = suit_colour(card.suit)
                button.style.button_color = "#fff59d" if chosen else None
                button.disabled = not playing or drawing
                button.layout.display = None
                button.tooltip = Message("widget.rummy_puzzle.select_tip", {"card": card}).text(lang)
            else:
                button.layout.display = "none"
        self.meld_button.description = Message("widget.rummy_puzzle.meld").text(lang)
        self.discard_button.description = Message("widget.rummy_puzzle.discard").text(lang)
        self.meld_button.disabled = self.discard_button.disabled = not playing
        for button in (self.meld_button, self.discard_button):
            button.layout.display = "none" if drawing else None
        # a draw puzzle's button names the card it asked about, also once the child has taken it
        top = Card.parse(s.puzzle.top) if drawing else s.round.discard_top if s.round is not None else None
        self.draw_stock_button.description = Message("widget.rummy_puzzle.draw_stock").text(lang)
        self.draw_discard_button.description = Message("widget.rummy_puzzle.draw_discard",
                                                       {"card": top if top is not None else "–"}).text(lang)
        for button in (self.draw_stock_button, self.draw_discard_button):
            button.layout.display = None if drawing else "none"
            button.disabled = not playing
        table = s.round.table if s.round is not None else []
        for i, button in enumerate(self.lay_off_buttons):
            if i < len(table) and not drawing:
                button.description = Message("widget.rummy_puzzle.lay_off", {"meld": str(table[i])}).text(lang)
                button.disabled = not playing
                button.layout.display = None
            else:
                button.layout.display = "none"
        self.next_button.description = Message("widget.rummy_puzzle.next").text(lang)
        self.next_button.disabled = s.done
        self.message_html.value = message_html(s.message_text(), _TONE.get(s.tone, "info"))
        self.title_html.value = self._title_html()
        self.felt_html.value = self._felt_html()

    def _title_html(self) -> str:
        s, lang = self.session, self.lang
        solved, total = s.progress()
        parts = [Message("widget.rummy_puzzle.progress", {"solved": solved, "total": total}).text(lang)]
        if s.puzzle is not None and s.finished:
            parts.append(s.puzzle.title().text(lang))
        return f'<div style="font:bold 15px sans-serif;margin:4px 12px 4px 0">{html.escape(" · ".join(parts))}</div>'

    def _felt_html(self) -> str:
        s, lang = self.session, self.lang
        if s.round is None:
            return ""
        rnd, names = s.round, s.names(lang)
        rows = []
        for seat in range(rnd.players):
            if seat != s.seat:
                label = Message(_one("widget.rummy_puzzle.seat", len(rnd.hands[seat])),
                                {"name": names[seat], "cards": len(rnd.hands[seat])})
                rows.append(f'<div style="font:13px sans-serif;margin:2px 0">{html.escape(label.text(lang))}</div>')
        piles = Message(_one("widget.rummy_puzzle.piles", len(rnd.stock)), {"stock": len(rnd.stock)}).text(lang)
        top = cards_html([rnd.discard_top], width=MELD_CARD_WIDTH) if rnd.discard_top is not None else "–"
        rows.append(f'<div style="margin:4px 0"><span style="font:13px sans-serif">{html.escape(piles)}</span> '
                    f'{top}</div>')
        heading = Message("widget.rummy_puzzle.table").text(lang)
        rows.append(f'<div style="font:bold 13px sans-serif;margin-top:6px">{html.escape(heading)}</div>')
        for k, meld in enumerate(rnd.table):
            rows.append(f'<div style="margin:2px 0"><span style="font:13px sans-serif;display:inline-block;'
                        f'min-width:28px">{k + 1}.</span>{cards_html(meld.cards, width=MELD_CARD_WIDTH)}</div>')
        if not rnd.table:
            rows.append('<div style="font:13px sans-serif">–</div>')
        points = s.points_in_hand()
        mine = Message(_one("widget.rummy_puzzle.hand", points), {"points": points}).text(lang)
        rows.append(f'<div style="font:bold 13px sans-serif;margin-top:6px">{html.escape(mine)}</div>')
        return f'<div style="background:#2e7d32;color:#fff;padding:8px;border-radius:10px">{"".join(rows)}</div>'

    def _repr_mimebundle_(self, **kwargs):
        bundle = self._root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = self.session.message_text()
        return bundle
