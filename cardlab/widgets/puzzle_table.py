"""The puzzle table: a thin ipywidgets view over a :class:`cardlab.puzzles.session.PuzzleSession`.

It draws the position (the trump, every seat's bid and tricks, the other hands —
face up in a card puzzle, face down in a hidden-hand or bidding puzzle until the
answer, then the counter-deal after a wrong one — and the cards on the table),
the child's hand as card buttons (or bid buttons in a bidding puzzle), the
message line, the losing line after a wrong answer, and *Nästa*.  A click asks the session to act and redraws; no callback
decides anything.

>>> from cardlab.puzzles import puzzles_from_games
>>> table = PuzzleTable(puzzles_from_games(n=2, rng=7, hand_size=3), child="Mina", lang="en")
>>> right = table.session.puzzle.answer
>>> [b for b in table.card_buttons if b.description == str(Card.parse(right))][0].click()
>>> table.message_text().startswith("Right!")
True
>>> table.next_button.click()
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..display.cards import cards_html, suit_colour, trick_html
from ..display.felt import message_html
from ..exercises import trump_line
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message
from ..puzzles.session import PuzzleSession
from .base import with_classes
from .puzzle_pupil import PuzzleChild, whose_puzzles

#: the most cards a hand can hold, so the pool of card buttons is built once
MAX_HAND = 13

_TONE = {"good": "good", "bad": "error", "error": "error", "info": "info"}


class PuzzleTable:
    """Draw ``session`` (or a new :class:`PuzzleSession` over ``puzzles``).

    Whose puzzles they are is :func:`~cardlab.widgets.puzzle_pupil.whose_puzzles`'s answer: on a page
    the classroom server serves, the pupil it let in (their own progress file, whatever ``child``
    says); elsewhere ``child``, or :data:`~cardlab.widgets.puzzle_pupil.LONE_CHILD` when not given.
    ``child`` may also be that answer itself (a :class:`~cardlab.widgets.puzzle_pupil.PuzzleChild`).
    """

    def __init__(self, puzzles: "Sequence[Any] | PuzzleSession", *, child: "str | PuzzleChild | None" = None,
                 folder: "str | Path | None" = None, lang: str = "sv", ladder: bool = False) -> None:
        if isinstance(puzzles, PuzzleSession):
            self.session = puzzles
        else:
            who = child if isinstance(child, PuzzleChild) else whose_puzzles(child)
            self.session = PuzzleSession(puzzles, child=who.name, pupil_id=who.pupil_id, folder=folder,
                                         lang=lang, ladder=ladder)
        self.language_dropdown = W.Dropdown(options=[(LANGUAGE_NAMES[x], x) for x in LANGUAGES],
                                            value=self.session.lang, layout=W.Layout(width="160px"))
        self.language_dropdown.observe(self._on_language, names="value")
        self.title_html = with_classes(W.HTML(), "cardlab-puzzle-title")
        self.felt_html = with_classes(W.HTML(), "cardlab-puzzle-felt")
        self.card_buttons = [self._card_button(i) for i in range(MAX_HAND)]
        self.hand_box = with_classes(W.HBox(self.card_buttons), "cardlab-puzzle-hand")
        self.hand_html = with_classes(W.HTML(), "cardlab-puzzle-own")
        self.bid_buttons = [self._bid_button(b) for b in range(MAX_HAND + 1)]
        self.bid_box = with_classes(W.HBox(self.bid_buttons), "cardlab-puzzle-bids")
        self.message_html = with_classes(W.HTML(), "cardlab-message")
        self.line_html = with_classes(W.HTML(), "cardlab-puzzle-line")
        self.next_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-next")
        self.next_button.on_click(lambda _: self._next())
        self._root = with_classes(W.VBox([W.HBox([self.title_html, self.language_dropdown]), self.felt_html,
                                          self.hand_box, self.hand_html, self.bid_box, self.message_html, self.line_html, self.next_button]),
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

    def _bid_button(self, bid: int) -> W.Button:
        button = with_classes(W.Button(description=str(bid), layout=W.Layout(width="48px", height="48px")),
                              "cardlab-bid-btn")
        button.style.font_weight = "bold"
        button.on_click(lambda _, b=bid: self._bid(b))
        return button

    def _bid(self, bid: int) -> None:
        self.session.answer_bid(bid)
        self.refresh()

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
        bidding = s.kind == "bid"
        self._shown = [] if bidding else s.hand()
        answered = s.answered is not None
        bids = s.bid_range()
        for b, button in enumerate(self.bid_buttons):
            button.layout.display = None if b in bids else "none"
            button.disabled = answered
            button.tooltip = Message("widget.puzzle.bid_tip", {"bid": b}).text(lang)
        self.hand_html.value = cards_html(s.hand(), width=48) if bidding else ""
        for i, button in enumerate(self.card_buttons):
            if i < len(self._shown):
                card = self._shown[i]
                button.description = str(card)
                button.style.text_color = suit_colour(card.suit)
                button.disabled = answered
                button.layout.display = None
                button.tooltip = Message("widget.puzzle.play_tip", {"card": card}).text(lang)
            else:
                button.layout.display = "none"
        self.next_button.description = Message("widget.puzzle.next").text(lang)
        self.next_button.disabled = s.done
        self.message_html.value = message_html(s.message_text(), _TONE.get(s.tone, "info"))
        self.title_html.value = self._title_html()
        self.felt_html.value = self._felt_html()
        self.line_html.value = self._line_html()

    def _title_html(self) -> str:
        s, lang = self.session, self.lang
        solved, total = s.progress()
        parts = [Message("widget.puzzle.progress", {"solved": solved, "total": total}).text(lang)]
        if s.puzzle is not None and s.answered is not None:
            parts.append(s.puzzle.title().text(lang))
        return f'<div style="font:bold 15px sans-serif;margin:4px 12px 4px 0">{html.escape(" · ".join(parts))}</div>'

    def _felt_html(self) -> str:
        s, lang = self.session, self.lang
        if s.round is None:
            return ""
        rnd, names = s.round, s.names(lang)
        rows = [f'<div style="font:bold 14px sans-serif">{html.escape(trump_line(rnd.trump).text(lang))} '
                f'{rnd.trump.symbol if rnd.trump else ""}</div>']
        if s.counter is not None:
            rows.append(f'<div style="font:italic 13px sans-serif">'
                        f'{html.escape(Message("widget.puzzle.counter_deal").text(lang))}</div>')
        shown = s.shown_hands()
        for seat in range(rnd.players):
            if rnd.bids[seat] is None:
                label = Message("widget.puzzle.not_bid", {"name": names[seat]}).text(lang)
            else:
                label = Message("widget.puzzle.seat", {"name": names[seat], "bid": rnd.bids[seat],
                                                       "taken": rnd.tricks_taken[seat]}).text(lang)
            if seat == s.seat:
                cards = ""
            elif shown[seat] is None:
                count = len(rnd.hands[seat])
                cards = (f'<span title="{html.escape(Message("widget.puzzle.hidden_cards", {"count": count}).text(lang))}"'
                         f' class="cardlab-hidden-hand">' + "🂠" * count + "</span>")
            else:
                cards = cards_html(shown[seat], width=40)
            rows.append(f'<div style="margin:2px 0"><span style="font:13px sans-serif;display:inline-block;'
                        f'min-width:210px">{html.escape(label)}</span>{cards}</div>')
        if rnd.current_trick:
            seats = [x for x, _ in rnd.current_trick]
            trick = trick_html([c for _, c in rnd.current_trick], seats=seats, names=names,
                               caption=Message("widget.puzzle.on_table").text(lang))
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
