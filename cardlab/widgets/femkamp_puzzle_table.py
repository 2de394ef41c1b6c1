"""The Femkamp puzzle table: a thin ipywidgets view over a
:class:`cardlab.puzzles.femkamp_session.FemkampPuzzleSession`.

It draws the round and its goal, every seat's points (tricks and points in a
trick round, cards and prikks in kabal), every hand (the puzzle is played with
all cards known), the cards on the table (or the kabal rows), the child's hand
as card buttons, the message line (on the ladder, ``ladder=True``, it starts
with the step the child is on), the line after a wrong card, and *Nästa*.
A click asks the session to act and redraws; no callback decides anything.

>>> from cardlab.puzzles.femkamp import femkamp_puzzles_from_games
>>> table = FemkampPuzzleTable(femkamp_puzzles_from_games(n=3, rng=4), child="Mina", lang="en")
>>> right = table.session.puzzle.answer
>>> table.button_for(right).click()
>>> table.message_text().startswith("Right!")
True
>>> table.next_button.click()
>>> FemkampPuzzleTable(femkamp_puzzles_from_games(n=3, rng=4), lang="en", ladder=True).message_text()[:9]
'Step 1 of'
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..display.cards import cards_html, suit_colour, trick_html
from ..display.felt import message_html
from ..display.femkamp import kabal_layout_html
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message
from ..puzzles.femkamp_session import FemkampPuzzleSession
from .base import with_classes
from .puzzle_pupil import PuzzleChild, whose_puzzles

#: the most cards a hand can hold in a puzzle, so the pool of card buttons is built once
MAX_HAND = 24

_TONE = {"good": "good", "bad": "error", "error": "error", "info": "info"}


class FemkampPuzzleTable:
    """Draw ``session`` (or a new :class:`FemkampPuzzleSession` over ``puzzles``).

    Whose puzzles they are is :func:`~cardlab.widgets.puzzle_pupil.whose_puzzles`'s answer: on a page
    the classroom server serves, the pupil it let in (their own progress file, whatever ``child``
    says); elsewhere ``child``, or :data:`~cardlab.widgets.puzzle_pupil.LONE_CHILD` when not given.
    ``child`` may also be that answer itself (a :class:`~cardlab.widgets.puzzle_pupil.PuzzleChild`).
    """

    def __init__(self, puzzles: "Sequence[Any] | FemkampPuzzleSession", *, child: "str | PuzzleChild | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        if isinstance(puzzles, FemkampPuzzleSession):
            self.session = puzzles
        else:
            who = child if isinstance(child, PuzzleChild) else whose_puzzles(child)
            self.session = FemkampPuzzleSession(puzzles, child=who.name, pupil_id=who.pupil_id, folder=folder,
                                                lang=lang, ladder=ladder)
        self.language_dropdown = W.Dropdown(options=[(LANGUAGE_NAMES[x], x) for x in LANGUAGES],
                                            value=self.session.lang, layout=W.Layout(width="160px"))
        self.language_dropdown.observe(self._on_language, names="value")
        self.title_html = with_classes(W.HTML(), "cardlab-puzzle-title")
        self.felt_html = with_classes(W.HTML(), "cardlab-puzzle-felt")
        self.card_buttons = [self._card_button(i) for i in range(MAX_HAND)]
        self.hand_box = with_classes(W.HBox(self.card_buttons, layout=W.Layout(flex_flow="row wrap")),
                                     "cardlab-puzzle-hand")
        self.message_html = with_classes(W.HTML(), "cardlab-message")
        self.line_html = with_classes(W.HTML(), "cardlab-puzzle-line")
        self.next_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-next")
        self.next_button.on_click(lambda _: self._next())
        self._root = with_classes(W.VBox([W.HBox([self.title_html, self.language_dropdown]), self.felt_html,
                                          self.hand_box, self.message_html, self.line_html, self.next_button]),
                                  "cardlab-puzzle-table")
        self._shown: list[Card] = []
        self.refresh()

    # ------------------------------------------------------------------ clicks
    def _card_button(self, index: int) -> W.Button:
        button = with_classes(W.Button(layout=W.Layout(width="64px", height="92px")), "cardlab-card-btn")
        button.style.font_size = "22px"
        button.style.font_weight = "bold"
        button.on_click(lambda _, i=index: self._play(i))
        return button

    def button_for(self, card: "Card | str") -> W.Button:
        """The button showing ``card`` in the child's hand (for tests and demonstrations)."""
        card = Card.parse(card)
        return self.card_buttons[self._shown.index(card)]

    def _play(self, index: int) -> None:
        if index < len(self._shown):
            self.session.answer(self._shown[index])
        self.refresh()

    def _next(self) -> None:
        self.session.next_puzzle()
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
        answered = s.answered is not None
        for i, button in enumerate(self.card_buttons):
            if i < len(self._shown):
                card = self._shown[i]
                button.description = str(card)
                button.style.text_color = suit_colour(card.suit)
                button.disabled = answered
                button.layout.display = None
                button.tooltip = Message("widget.femkamp_puzzle.play_tip", {"card": card}).text(lang)
            else:
                button.layout.display = "none"
        self.next_button.description = Message("widget.femkamp_puzzle.next").text(lang)
        self.next_button.disabled = s.done
        self.message_html.value = message_html(s.message_text(), _TONE.get(s.tone, "info"))
        self.title_html.value = self._title_html()
        self.felt_html.value = self._felt_html()
        self.line_html.value = self._line_html()

    def _title_html(self) -> str:
        s, lang = self.session, self.lang
        solved, total = s.progress()
        parts = [Message("widget.femkamp_puzzle.progress", {"solved": solved, "total": total}).text(lang)]
        if s.puzzle is not None and s.answered is not None:
            parts.append(s.puzzle.title().text(lang))
        return f'<div style="font:bold 15px sans-serif;margin:4px 12px 4px 0">{html.escape(" · ".join(parts))}</div>'

    def _seat_label(self, seat: int, names: list[str]) -> str:
        rnd, lang = self.session.round, self.lang
        if self.session.is_kabal:
            return Message("widget.femkamp_puzzle.seat_kabal", {"name": names[seat], "cards": len(rnd.hands[seat]),
                                                                "prikks": rnd.prikks[seat]}).text(lang)
        return Message("widget.femkamp_puzzle.seat_tricks", {"name": names[seat], "tricks": rnd.tricks_taken[seat],
                                                             "points": rnd.scores()[seat]}).text(lang)

    def _felt_html(self) -> str:
        s, lang = self.session, self.lang
        if s.round is None:
            return ""
        rnd, names = s.round, s.names(lang)
        name = rnd.round_name
        heading = Message("widget.femkamp_puzzle.round", {"round": Message(f"femkamp.title.{name}"),
                                                          "goal": Message(f"femkamp.goal.{name}")}).text(lang)
        rows = [f'<div style="font:bold 14px sans-serif">{html.escape(heading)}</div>']
        for seat in range(rnd.players):
            cards = cards_html(rnd.hands[seat], width=36) if seat != s.seat else ""
            rows.append(f'<div style="margin:2px 0"><span style="font:13px sans-serif;display:inline-block;'
                        f'min-width:210px">{html.escape(self._seat_label(seat, names))}</span>{cards}</div>')
        if s.is_kabal:
            rows.append(f'<div style="margin-top:6px">{kabal_layout_html(rnd.layout, width=30, lang=lang)}</div>')
        elif rnd.current_trick:
            seats = [x for x, _ in rnd.current_trick]
            trick = trick_html([c for _, c in rnd.current_trick], seats=seats, names=names,
                               caption=Message("widget.femkamp_puzzle.on_table").text(lang))
            rows.append(f'<div style="background:#e8f5e9;color:#1b5e20;display:inline-block;padding:6px;'
                        f'border-radius:8px;margin-top:6px">{trick}</div>')
        return f'<div style="background:#2e7d32;color:#fff;padding:8px;border-radius:10px">{"".join(rows)}</div>'

    def _line_html(self) -> str:
        tricks = self.session.line_tricks()
        if not tricks:
            return ""
        items = "".join(f"<li>{html.escape(t)}</li>" for t in tricks)
        return f'<ol style="font:13px sans-serif;list-style:none;padding-left:4px">{items}</ol>'

    def _repr_mimebundle_(self, **kwargs):
        bundle = self._root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = self.session.message_text()
        return bundle
