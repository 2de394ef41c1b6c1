"""``RummyTable``: play Rummy at a green card table against friendly bots.

A turn is three steps, and the table shows them as buttons: **draw** (from the
stock or the discard pile), then **meld** or **lay off** as much as you like
(tap cards to select them, then *Lägg ner* or *Lägg till* on the meld you
choose), then **discard** one selected card.  A meld the rules refuse is not
laid down: the message line says why ("7♥ 8♠ 9♥ är ingen giltig
kombination: …").  Melds on the table are numbered from 1 and show who laid
them; *Tips* selects the cards (and the meld) it names.  After each round the
coach says how it went and the table waits for *Nästa runda*.

>>> table = RummyTable(rng=4, lang="en")
>>> table.run_bots() > 0                 # the player left of the dealer starts
True
>>> table.draw_stock_button.click()
>>> table.game.round.phase, table.message_text().startswith("You drew")
('meld', True)

The table is a view over :class:`cardlab.session.RummySession`; its felt is
drawn by :func:`cardlab.display.rummy_felt.rummy_felt_html`.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..display import felt
from ..display.cards import suit_colour
from ..display.rummy_felt import RUMMY_CSS, rummy_felt_html
from ..games.melds import hand_penalty
from ..games.rummy import Discard, Draw, LayOff, Meld, RummyGame
from ..i18n import tr
from ..session.rummy import RummySession, describe_move, selection_message  # noqa: F401  (their old home)
from ..sheets.rummy import score_sheet_html
from .base import GameTable, card_name, set_classes, with_classes


#: The most cards a Rummy hand can hold: 10 dealt (two players) + 1 drawn.
MAX_HAND = 11


class RummyTable(GameTable):
    """An interactive Rummy table: one human seat against bots.

    ``rules``: a preset name (``"classic"``, ``"evening"`` …), a :class:`RummyRules`
    or its dict; ``players`` (2–6) overrides the preset's.  ``bots``: None (bots of
    ``level`` in every other seat), one bot for every seat, or a list with one per seat.
    ``teacher=True`` shows every hand and each bot's reason.
    """

    session_class = RummySession
    game_title = "Rummy"
    score_sheet = staticmethod(score_sheet_html)
    preset_key = "widget.preset.rummy.{}"
    player_choices = (2, 3, 4, 5, 6)
    max_hand = MAX_HAND
    card_toggles = True
    css = felt.FELT_CSS + RUMMY_CSS

    def __init__(self, rules: Any = "classic", *, players: int | None = None, rng=None, lang: str = "sv",
                 seat: int = 0, bots: Any = None, names: Sequence[str] | None = None, teacher: bool = False,
                 four_colour: bool = False, auto: bool = False, speed: str = "normal", level: str = "medium") -> None:
        super().__init__(rules, players=players, lang=lang, seat=seat, bots=bots, names=names, teacher=teacher,
                         four_colour=four_colour, rng=rng, auto=auto, speed=speed, level=level)

    # ------------------------------------------------------------ building
    def _build_game(self) -> list[W.Widget]:
        self.draw_stock_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-draw-btn", "cardlab-draw-stock")
        self.draw_discard_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-draw-btn", "cardlab-draw-discard")
        self.draw_stock_button.on_click(lambda _: self.draw("stock"))
        self.draw_discard_button.on_click(lambda _: self.draw("discard"))
        self.draw_box = W.HBox([self.draw_stock_button, self.draw_discard_button],
                               layout=W.Layout(justify_content="center", flex_flow="row wrap"))
        self.selection_html = with_classes(W.HTML(), "cardlab-line", "cardlab-selection")
        self.meld_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-action-btn", "cardlab-meld")
        self.meld_button.on_click(lambda _: self.meld())
        self.layoff_dropdown = with_classes(W.Dropdown(options=[], layout=W.Layout(width="300px")), "cardlab-meld-choice")
        self.layoff_dropdown.observe(self._on_meld_choice, names="value")
        self.layoff_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-action-btn", "cardlab-lay-off")
        self.layoff_button.on_click(lambda _: self.lay_off())
        self.discard_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-action-btn", "cardlab-discard")
        self.discard_button.on_click(lambda _: self.discard())
        self.action_box = W.HBox([self.meld_button, self.layoff_button, self.layoff_dropdown, self.discard_button],
                                 layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool, layout=W.Layout(flex_flow="row wrap")),
                                             self.selection_html, self.action_box]), "cardlab-hand-box")
        return [self.draw_box, self.status_html, self.hand_box]

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> RummyGame:
        return self.session.game

    @property
    def selected(self) -> list[Card]:
        """The cards you have selected, in hand order."""
        return self.session.selected

    def select(self, *cards: "Card | str") -> None:
        """Select exactly ``cards`` (as if their buttons were pressed); no cards clears the selection."""
        self.session.select(*cards)
        self.refresh()

    # ---------------------------------------------------------------- moves
    def draw(self, source: str = "stock") -> bool:
        """Draw from ``"stock"`` or ``"discard"`` (the two draw buttons)."""
        return self._human(lambda: self.session.draw(source))

    def meld(self) -> bool:
        """Lay the selected cards down as a meld (the engine says why if they are not one)."""
        return self._done(self.session.meld)

    def lay_off(self, meld_index: int | None = None) -> bool:
        """Lay the one selected card off onto the meld chosen in the dropdown (or ``meld_index``, from 0)."""
        return self._done(lambda: self.session.lay_off(meld_index))

    def discard(self) -> bool:
        """Discard the one selected card, which ends your turn."""
        return self._done(self.session.discard)

    def _done(self, do: Any) -> bool:
        """A move that may also be refused before it is tried (nothing selected): True if it was made."""
        made: list[bool] = []
        ok = self._human(lambda: made.append(bool(do())))
        return ok and all(made)

    def _on_meld_choice(self, change: dict) -> None:
        if not self._refreshing:
            self.session.meld_choice = change["new"]

    def _on_toggle(self, index: int, pressed: bool) -> None:
        if self._refreshing:
            return
        hand = self.hand
        if index >= len(hand):
            return
        self.session.toggle(hand[index], pressed)
        self._draw_selection()

    # ---------------------------------------------------------------- drawing
    def round_line(self) -> str:
        game = self.game
        shown = len(game.results) + (0 if game.is_over or self.session.paused == "round" else 1)
        return tr("rummy.table.round_title", self.lang, n=shown)

    def felt_html(self, names: list[str]) -> str:
        return rummy_felt_html(self.game, self.seat, names, self.lang, teacher=self.teacher, four_colour=self.four_colour,
                               rnd=self.session.shown_round())

    def your_turn_text(self) -> str | None:
        phase = self.game.round.phase
        return {"draw": tr("rummy.table.your_draw", self.lang), "meld": tr("rummy.table.your_meld", self.lang)}.get(phase)

    def _draw_game(self, my_turn: bool) -> None:
        phase = self.game.round.phase
        reading = self.session.paused == "round"
        self.hand_box.layout.display = "none" if reading else ""
        self._draw_piles(my_turn and phase == "draw")
        self._draw_hand(my_turn and phase == "meld")

    def _draw_piles(self, drawing: bool) -> None:
        lang, rnd, seat = self.lang, self.game.round, self.seat
        self.draw_box.layout.display = "" if drawing else "none"
        self.draw_stock_button.description = "🂠 " + tr("rummy.table.draw_stock", lang)
        top = rnd.discard_top
        self.draw_discard_button.description = (tr("rummy.table.draw_discard", lang, card=top) if top is not None
                                                 else tr("rummy.table.draw_discard_empty", lang))
        for button, source in ((self.draw_stock_button, "stock"), (self.draw_discard_button, "discard")):
            reason = self.session.why_illegal(Draw(seat, source), lang) if drawing else None
            button.tooltip = reason or button.description
            button.style.button_color = "#e0e0e0" if reason else "#fffde7"
            set_classes(button, ["cardlab-illegal"] if reason else [], ["cardlab-illegal"])
            hinted = self.session.hinted == Draw(seat, source)
            set_classes(button, ["cardlab-hinted"] if hinted else [], ["cardlab-hinted"])

    def _hinted_cards(self) -> set[Card]:
        act = self.session.hinted
        if isinstance(act, Meld):
            return set(act.cards)
        if isinstance(act, (LayOff, Discard)):
            return {act.card}
        return set()

    def _draw_hand(self, melding: bool) -> None:
        lang, seat, game, session = self.lang, self.seat, self.game, self.session
        hand = game.round.hands[seat] if not game.is_over else []
        session.selected = [c for c in hand if c in session.selected]
        hinted = self._hinted_cards()
        self.hand_label.value = html.escape(tr("rummy.table.your_hand", lang, points=hand_penalty(hand)))
        for index, button in enumerate(self._card_pool):
            if index >= len(hand):
                button.layout.display = "none"
                if button.value:
                    button.value = False
                continue
            card = hand[index]
            button.layout.display = ""
            button.description = str(card)
            chosen = card in session.selected
            if button.value != chosen:
                button.value = chosen
            button.style.text_color = suit_colour(card.suit, self.four_colour)
            button.style.button_color = "#bbdefb" if chosen else ("#fff8e1" if card in hinted else "#ffffff")
            set_classes(button, [c for c, on in (("cardlab-selected", chosen), ("cardlab-hinted", card in hinted)) if on],
                        ["cardlab-selected", "cardlab-hinted"])
            button.tooltip = card_name(card, lang)
        self.action_box.layout.display = "" if melding else "none"
        self.selection_html.layout.display = "" if melding else "none"
        self.meld_button.description = tr("rummy.table.meld", lang)
        self.meld_button.tooltip = tr("rummy.table.meld_tip", lang)
        self.layoff_button.description = tr("rummy.table.lay_off", lang) + " →"
        self.layoff_button.tooltip = tr("rummy.table.lay_off_tip", lang)
        self.discard_button.description = tr("rummy.table.discard", lang)
        self.discard_button.tooltip = tr("rummy.table.discard_tip", lang)
        names = self.names()
        table = game.round.table
        if table:
            options = [(tr("rummy.table.meld_choice", lang, index=i + 1, cards=" ".join(map(str, m.cards)), name=names[m.owner]), i)
                       for i, m in enumerate(table)]
        else:
            options = [(tr("rummy.table.no_meld_choice", lang), None)]
        values = [v for _, v in options]
        wanted = session.meld_choice if session.meld_choice in values else values[0]
        if list(self.layoff_dropdown.options) != options:
            self.layoff_dropdown.options = options
        if self.layoff_dropdown.value != wanted:
            self.layoff_dropdown.value = wanted
        session.meld_choice = wanted
        self._draw_selection()

    def _draw_selection(self) -> None:
        hand = self.hand
        hinted = self._hinted_cards()
        for card, button in zip(hand, self._card_pool):
            chosen = card in self.session.selected
            button.style.button_color = "#bbdefb" if chosen else ("#fff8e1" if card in hinted else "#ffffff")
            set_classes(button, ["cardlab-selected"] if chosen else [], ["cardlab-selected"])
        line = self.session.selection_message().text(self.lang)
        self.selection_html.value = f'<div style="color:#fff;font:15px sans-serif;margin:2px 4px">{html.escape(line)}</div>'
