"""``PlumpTable``: play Plump at a green card table against friendly bots.

A child plays one seat; the bots play the others, one move per click on
*Nästa* (or by themselves in automatic mode).  Cards you may not play are
greyed out but still clickable: a click says which rule forbids it.  The bid
the hook (kroken/spärren) forbids is disabled, with the reason beside it.  At
the end of each round the coach says what happened and the table waits for
*Nästa runda*; the score sheet (protokoll) grows under the table.

>>> table = PlumpTable("kids", rng=3, lang="en")
>>> table.bid_buttons[0].click()                 # you bid 0 …
>>> table.run_bots()  > 0                        # … and the bots play until it is your turn again
True
>>> table.message_text() != ""
True

The table is a view over :class:`cardlab.session.PlumpSession`; its felt is
drawn by :func:`cardlab.display.plump_felt.felt_html`.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..display import felt
from ..display.plump_felt import PLUMP_CSS, felt_html
from ..games.plump import Bid, Play, PlumpGame
from ..i18n import tr
from ..session.plump import PlumpSession, describe_action, last_trick, trick_message  # noqa: F401  (their old home)
from ..sheets.plump import score_sheet_html
from .base import GameTable, set_classes, with_classes
from .base import card_name, default_names, name_text, person_key  # noqa: F401  (their old home)


MAX_HAND = 10


class PlumpTable(GameTable):
    """An interactive Plump table: one human seat against bots (see the module docstring).

    ``rules``: a preset name (``"kids"``, ``"classic"`` …), a :class:`PlumpRules` or its dict.
    ``bots``: None (bots of ``level`` in every other seat), one bot for every seat, or a list with one
    per seat (the human's entry is ignored).  ``names``: one per seat.  ``teacher=True`` shows every
    hand.  ``auto=True`` lets the bots play by themselves until your turn.  ``level``: ``"easy"``,
    ``"medium"`` (default) or ``"hard"``.
    """

    session_class = PlumpSession
    game_title = "Plump"
    score_sheet = staticmethod(score_sheet_html)
    preset_width = "200px"
    max_hand = MAX_HAND
    css = felt.FELT_CSS + PLUMP_CSS

    def __init__(self, rules: Any = "kids", *, rng=None, lang: str = "sv", seat: int = 0, bots: Any = None,
                 names: Sequence[str] | None = None, teacher: bool = False, four_colour: bool = False,
                 auto: bool = False, speed: str = "normal", level: str = "medium") -> None:
        super().__init__(rules, lang=lang, seat=seat, bots=bots, names=names, teacher=teacher, four_colour=four_colour,
                         rng=rng, auto=auto, speed=speed, level=level)

    # ------------------------------------------------------------ building
    def _build_game(self) -> list[W.Widget]:
        self.bid_label = with_classes(W.HTML(), "cardlab-bidline")
        self._bid_pool = []
        for tricks in range(MAX_HAND + 1):
            button = with_classes(W.Button(description=str(tricks)), "cardlab-bid-btn")
            button.on_click(lambda _, t=tricks: self.bid(t))
            self._bid_pool.append(button)
        self.bid_info = with_classes(W.HTML(), "cardlab-bidline", "cardlab-bid-info")
        self.bid_reason = with_classes(W.HTML(), "cardlab-bidline", "cardlab-bid-reason")
        row = W.HBox([self.bid_label, *self._bid_pool, self.bid_info],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.bid_box = with_classes(W.VBox([row, self.bid_reason]), "cardlab-bids")
        self.hand_label.add_class("cardlab-bidline")
        self.hand_label.layout.display = "none"      # one row less: the cards at the bottom are plainly yours
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool, layout=W.Layout(flex_flow="row wrap"))]),
                                     "cardlab-hand-box")
        return [self.status_html, self.bid_box, self.hand_box]

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> PlumpGame:
        return self.session.game

    @property
    def bid_buttons(self) -> list[W.Button]:
        """One button per possible bid 0 … hand size (index = bid)."""
        return self._bid_pool[: self.game.round.hand_size + 1]

    # ---------------------------------------------------------------- moves
    def play(self, card: "Card | str") -> bool:
        """Play ``card`` from your hand (what a click on its button does)."""
        return self._human(lambda: self.session.play(card))

    def bid(self, tricks: int) -> bool:
        """Bid (or change your bid to) ``tricks`` (what a click on a bid button does)."""
        return self._human(lambda: self.session.bid(tricks))

    # ---------------------------------------------------------------- drawing
    def round_line(self) -> str:
        game = self.game
        number = min(len(game.results) + 1, len(game.schedule)) if not game.is_over else len(game.schedule)
        if self.session.paused == "round":
            number -= 1
        cards = game.finished_rounds[-1].hand_size if self.session.paused == "round" else game.round.hand_size
        return tr("plump.table.round_title", self.lang, n=number, total=len(game.schedule), cards=cards)

    def felt_html(self, names: list[str]) -> str:
        return felt_html(self.game, self.seat, names, self.lang, teacher=self.teacher, four_colour=self.four_colour,
                         rnd=self.session.shown_round())

    def your_turn_text(self) -> str:
        return tr("plump.table.your_bid" if self.game.round.phase == "bid" else "widget.your_play", self.lang)

    def _draw_game(self, my_turn: bool) -> None:
        rnd = self.game.round
        reading = self.session.paused == "round"
        self._draw_bids(rnd, my_turn and not reading)
        self.hand_box.layout.display = "none" if reading else ""
        self.hand_label.value = html.escape(tr("widget.your_hand", self.lang))
        legal = {a.card for a in self.game.legal_actions()} if (my_turn and rnd.phase == "play") else None
        self._draw_play_buttons(rnd.hands[self.seat], legal, lambda card: Play(self.seat, card))

    def _draw_bids(self, rnd: Any, my_turn: bool) -> None:
        lang, seat = self.lang, self.seat
        bidding = my_turn and rnd.phase == "bid"
        changing = (not my_turn and self.session.paused is None and rnd.changeable_bid_seat() == seat
                    and not self.game.is_over)
        self.bid_box.layout.display = "" if (bidding or changing) else "none"
        self.bid_label.value = (f'<span style="margin-right:6px">'
                                f'{html.escape(tr("plump.table.change_bid" if changing else "plump.table.your_bid_label", lang))}</span>')
        reasons = []
        for tricks, button in enumerate(self._bid_pool):
            if tricks > rnd.hand_size:
                button.layout.display = "none"
                continue
            button.layout.display = ""
            reason = self.session.why_illegal(Bid(seat, tricks), lang) if (bidding or changing) else None
            button.disabled = reason is not None
            button.tooltip = reason or tr("plump.table.bid_button_tip", lang, tricks=tricks)
            set_classes(button, ["cardlab-bid-mine"] if rnd.bids[seat] == tricks else [], ["cardlab-bid-mine"])
            set_classes(button, ["cardlab-hinted"] if self.session.hinted == Bid(seat, tricks) else [], ["cardlab-hinted"])
            button.style.button_color = "#ffeb3b" if rnd.bids[seat] == tricks else "#ffffff"
            if reason and reason not in reasons:
                reasons.append(reason)
        so_far = sum(b for b in rnd.bids if b is not None)
        self.bid_info.value = (f'<span style="margin-left:8px">'
                               f'{html.escape(tr("plump.table.bid_sum", lang, sum=so_far, tricks=rnd.hand_size))}</span>')
        self.bid_reason.value = "".join(f'<div style="color:#ffe082">⚠ {html.escape(r)}</div>' for r in reasons)
