"""``RummyTable``: play Rummy at a green card table against friendly bots.

A turn is three steps, and the table shows them as buttons: **draw** (from the
stock or the discard pile), then **meld** or **lay off** as much as you like
(tap cards to select them, then *Lägg ner* or *Lägg till* on the meld you
choose), then **discard** one selected card.  A meld the rules refuse is not
laid down: the message line says why ("7♥ 8♠ 9♥ är ingen giltig
kombination: …").  Melds on the table show who laid them; the score sheet
with the penalty points fills in after each round.

>>> table = RummyTable(rng=4, lang="en")
>>> table.run_bots() > 0                 # the player left of the dealer starts
True
>>> table.draw_stock_button.click()
>>> table.game.round.phase, table.message_text().startswith("You drew")
('meld', True)

No rule is decided here: the table asks the engine (``legal_actions``,
``why_illegal``, ``apply``) and :func:`cardlab.games.melds.meld_kind` for the
live "is this a meld?" line.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..bots.rummy import RummyBot
from ..cards import Card
from ..display.cards import card_svg, suit_colour
from ..display.rummy import table_html
from ..games.melds import hand_penalty, meld_kind
from ..games.rummy import Discard, Draw, LayOff, Meld, RummyGame, action_message
from ..i18n import Message, tr
from ..rules.rummy import RummyRules
from ..sheets.rummy import score_sheet_html
from . import felt
from .base import GameTable, card_name, person_key, set_classes, with_classes
from .base import resolve_rules as _resolve

#: The most cards a Rummy hand can hold: 10 dealt (two players) + 1 drawn.
MAX_HAND = 11

_EXTRA_CSS = """
<style>
.cardlab-rummy-felt .cardlab-melds-panel { background: #fffdf5; border-radius: 12px; padding: 6px 10px; margin: 6px auto;
  max-width: 900px; text-align: left; }
.cardlab-draw-btn { border-radius: 8px !important; font-weight: bold !important; height: 40px !important; }
</style>
"""


# ------------------------------------------------------------- view logic
def describe_move(act: Any, name: Any, *, table: Sequence[Any] = (), card: Card | None = None) -> Message:
    """The sentence for a move.  ``table``: the melds before the move (for a lay-off); ``card``: the
    card taken (shown for the discard pile, and for your own draws from the stock).

    >>> describe_move(Meld(1, "5C 6C 7C"), "Bot 1").text("sv")
    'Bot 1 lägger ner 5♣ 6♣ 7♣.'
    >>> describe_move(Draw(2, "stock"), "Bot 2").text("nb")
    'Bot 2 trekker et kort fra bunken.'
    >>> describe_move(Draw(0, "stock"), "You", card=Card.parse("7H")).text("en")
    'You drew 7♥ from the stock.'
    """
    if isinstance(act, Draw):
        if act.source == "discard":
            return Message(person_key("rummy.table.draws_discard", name), {"name": name, "card": card if card is not None else "?"})
        if card is not None:
            return Message("rummy.table.you_draw_stock", {"name": name, "card": card})
        return Message("rummy.table.draws_stock", {"name": name})
    if isinstance(act, Meld):
        return Message(person_key("rummy.table.melds", name), {"name": name, "cards": " ".join(map(str, act.cards))})
    if isinstance(act, LayOff):
        index = act.meld_index
        meld = " ".join(map(str, table[index].cards)) if 0 <= index < len(table) else f"#{index}"
        return Message(person_key("rummy.table.lays_off", name), {"name": name, "card": act.card, "meld": meld})
    return Message(person_key("rummy.table.discards", name), {"name": name, "card": act.card})


def selection_message(cards: Sequence[Card]) -> Message:
    """The live line under the hand: which cards are selected and whether they form a meld.

    >>> selection_message([Card.parse(c) for c in ("7H", "7S", "7D")]).text("nb")
    'Markert: 7♥ 7♠ 7♦ — et sett ✓'
    """
    if not cards:
        return Message("rummy.table.selected_none")
    kind = meld_kind(cards) if len(cards) >= 3 else None
    verdict = Message("rummy.table.is_set") if kind == "set" else (
        Message("rummy.table.is_run") if kind == "run" else Message("rummy.table.no_meld"))
    return Message("rummy.table.selected", {"cards": " ".join(map(str, cards)), "verdict": verdict})


def _seat_box(game: RummyGame, s: int, names: Sequence[str], lang: str, *, human: bool, teacher: bool,
              four_colour: bool) -> str:
    rnd = game.round
    hand = rnd.hands[s]
    detail = (f'{html.escape(tr("rummy.table.cards", lang, count=len(hand)))} · '
              f'<b>{html.escape(tr("rummy.table.total", lang, points=game.totals[s]))}</b>')
    cards = "" if human else felt.hand_row_html(hand, face_up=teacher, four_colour=four_colour, up_width=28,
                                                   down_width=20, min_height=30, max_width=300)
    to_move = rnd.to_move == s and not game.is_over
    return felt.seat_box_html(s, names[s], f'<div style="font:14px sans-serif;margin-top:2px">{detail}</div>{cards}',
                              to_move=tr("widget.to_move", lang) if to_move else None,
                              dealer=tr("widget.dealer", lang) if s == rnd.dealer else None)


def rummy_felt_html(game: RummyGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
                    four_colour: bool = False) -> str:
    """The green felt: the other players at the top, the stock and discard pile, the melds on the table.

    >>> game = RummyGame.start(seed=1)
    >>> page = rummy_felt_html(game, 0, ["Du", "Bot 1", "Bot 2"], "sv")
    >>> "Draghögen" in page and "Inga kombinationer på bordet än." in page
    True
    """
    rnd = game.round
    players = game.players
    top = "".join(_seat_box(game, s, names, lang, human=False, teacher=teacher, four_colour=four_colour)
                  for s in felt.seats_around(seat, players))
    stock = card_svg("AS", face_down=True, width=62) if rnd.stock else _empty_place(62)
    discard = card_svg(rnd.discard_top, width=62, four_colour=four_colour) if rnd.discard_pile else _empty_place(62)
    label = 'style="color:#fff;font:13px sans-serif"'
    piles = (f'<div class="cardlab-rummy-piles" style="display:inline-block;vertical-align:top;margin:0 12px">'
             f'<div style="display:inline-block;text-align:center;margin:0 8px">{stock}<div {label}>'
             f'{html.escape(tr("rummy.show.stock", lang))} ({len(rnd.stock)})</div></div>'
             f'<div style="display:inline-block;text-align:center;margin:0 8px">{discard}<div {label}>'
             f'{html.escape(tr("rummy.show.discard", lang))} ({len(rnd.discard_pile)})</div></div></div>')
    melds = table_html(rnd.table, names=names, players=players, lang=lang, four_colour=four_colour, width=34)
    panel = (f'<div class="cardlab-melds-panel"><div style="font:bold 14px sans-serif;color:#33691e">'
             f'{html.escape(tr("rummy.show.table", lang))}</div>{melds}</div>')
    me = _seat_box(game, seat, names, lang, human=True, teacher=teacher, four_colour=four_colour)
    return felt.felt_frame(top, piles, me, extra=panel, margin="8px 0", classes="cardlab-felt cardlab-rummy-felt")


def _empty_place(width: int) -> str:
    height = round(width * 80 / 56)
    return (f'<div style="display:inline-block;width:{width}px;height:{height}px;border:2px dashed #a5d6a7;'
            f'border-radius:6px;vertical-align:middle"></div>')


def resolve_rules(rules: Any, players: int | None = None) -> RummyRules:
    """A preset name, a :class:`RummyRules` or its dict (and optionally a player count) as rules."""
    return _resolve(RummyRules, rules, players)


# --------------------------------------------------------------- the table
class RummyTable(GameTable):
    """An interactive Rummy table: one human seat against :class:`RummyBot` players.

    ``rules``: a preset name (``"classic"``, ``"evening"`` …), a :class:`RummyRules`
    or its dict; ``players`` (2–6) overrides the preset's.  ``bots``: None (a
    RummyBot per other seat), one bot for every seat, or a list with one per seat.
    ``teacher=True`` shows every hand and each bot's reason.
    """

    game_type = "rummy"
    game_title = "Rummy"
    rules_class = RummyRules
    bot_class = RummyBot
    score_sheet = staticmethod(score_sheet_html)
    preset_key = "widget.preset.rummy.{}"
    player_choices = (2, 3, 4, 5, 6)
    default_players = 3
    max_hand = MAX_HAND
    card_toggles = True
    css = felt.FELT_CSS + _EXTRA_CSS

    def __init__(self, rules: Any = "classic", *, players: int | None = None, rng=None, lang: str = "sv",
                 seat: int = 0, bots: Any = None, names: Sequence[str] | None = None, teacher: bool = False,
                 four_colour: bool = False, auto: bool = False, speed: str = "normal") -> None:
        self.selected: list[Card] = []
        super().__init__(lang=lang, seat=seat, bots=bots, names=names, teacher=teacher, four_colour=four_colour,
                         rng=rng, auto=auto, speed=speed)
        self._first_game(rules, players)

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
        return self.match.game

    def select(self, *cards: "Card | str") -> None:
        """Select exactly ``cards`` (as if their buttons were pressed); no cards clears the selection."""
        wanted = [Card.parse(c) for c in cards]
        self.selected = [c for c in self.hand if c in wanted]
        self.refresh()

    def resolve(self, chosen: Any, players: int | None) -> RummyRules:
        return resolve_rules(chosen, players)

    def welcome(self, rules: Any) -> Message:
        return Message("rummy.table.welcome")

    def _clear_choices(self) -> None:
        self._hinted = None
        self.selected = []

    # ---------------------------------------------------------------- moves
    def _apply(self, act: Any, reason: Any = None) -> bool:
        """Apply ``act`` through the match and say what happened (a refusal becomes the message line)."""
        game = self.game
        rounds = len(game.results)
        table_before = list(game.round.table)
        top_before = game.round.discard_top
        hand_before = set(game.round.hands[act.seat]) if act.seat < game.players else set()

        if not self.attempt(lambda: self.match.apply(act)):
            return False
        game = self.game
        names = self._raw_names()
        finished = game.finished_rounds[-1] if len(game.results) > rounds else game.round
        card = None
        if isinstance(act, Draw):
            if act.source == "discard":
                card = top_before
            elif act.seat == self.seat or self.teacher:
                new = [c for c in finished.hands[act.seat] if c not in hand_before]
                card = new[0] if new else None
        said: list[Any] = [describe_move(act, names[act.seat], table=table_before, card=card),
                           *self._bot_reason(act.seat, reason)]
        tone = "info"
        if len(game.results) > rounds:
            result = game.results[-1]
            if result.winner is not None:
                said.append(Message("rummy.table.went_out", {"name": names[result.winner]}))
                tone = "good" if result.winner == self.seat else "info"
            else:
                said.append(Message("rummy.show.stock_out"))
            listing = ", ".join(f"{self.names()[s]} {p}" for s, p in enumerate(result.penalties))
            said.append(Message("rummy.table.penalties", {"list": listing}))
            if not game.is_over:
                said.append(Message("rummy.table.new_round", {"name": names[game.round.to_move]}))
        if game.is_over:
            winners = ", ".join(self.names()[s] for s in game.winners())
            said.append(Message("rummy.table.game_over", {"winner": Message("rummy.sheet.winner", {"names": winners})}))
        self._hinted = None
        self.show(*said, tone=tone)
        return True

    def _after_own_move(self) -> None:
        hand = self.hand
        self.selected = [c for c in self.selected if c in hand] if self.game.round.to_move == self.seat else []

    def draw(self, source: str = "stock") -> bool:
        """Draw from ``"stock"`` or ``"discard"`` (the two draw buttons)."""
        return self._human(Draw(self.seat, source))

    def meld(self) -> bool:
        """Lay the selected cards down as a meld (the engine says why if they are not one)."""
        if not self.selected:
            self.show(Message("rummy.table.select_some"), tone="error", log=False)
            self.refresh()
            return False
        return self._human(Meld(self.seat, tuple(self.selected)))

    def lay_off(self, meld_index: int | None = None) -> bool:
        """Lay the one selected card off onto the meld chosen in the dropdown (or ``meld_index``)."""
        if len(self.selected) != 1:
            self.show(Message("rummy.table.select_one", {"count": len(self.selected)}), tone="error", log=False)
            self.refresh()
            return False
        index = meld_index if meld_index is not None else (self.layoff_dropdown.value if self.layoff_dropdown.value is not None else 0)
        return self._human(LayOff(self.seat, self.selected[0], index))

    def discard(self) -> bool:
        """Discard the one selected card, which ends your turn."""
        if len(self.selected) != 1:
            self.show(Message("rummy.table.select_one", {"count": len(self.selected)}), tone="error", log=False)
            self.refresh()
            return False
        return self._human(Discard(self.seat, self.selected[0]))

    def _on_toggle(self, index: int, pressed: bool) -> None:
        if self._refreshing:
            return
        hand = self.hand
        if index >= len(hand):
            return
        card = hand[index]
        if pressed and card not in self.selected:
            self.selected.append(card)
        elif not pressed and card in self.selected:
            self.selected.remove(card)
        self.selected = [c for c in hand if c in self.selected]
        self._draw_selection()

    def hint_words(self, act: Any) -> Message:
        rnd = self.game.round
        return action_message(act, rnd.table, rnd.discard_top)

    # ---------------------------------------------------------------- drawing
    def round_line(self) -> str:
        game = self.game
        return tr("rummy.table.round_title", self.lang, n=len(game.results) + (0 if game.is_over else 1))

    def felt_html(self, names: list[str]) -> str:
        return rummy_felt_html(self.game, self.seat, names, self.lang, teacher=self.teacher, four_colour=self.four_colour)

    def your_turn_text(self) -> str | None:
        phase = self.game.round.phase
        return {"draw": tr("rummy.table.your_draw", self.lang), "meld": tr("rummy.table.your_meld", self.lang)}.get(phase)

    def _draw_game(self, my_turn: bool) -> None:
        phase = self.game.round.phase
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
            reason = self.match.why_illegal(Draw(seat, source), lang) if drawing else None
            button.tooltip = reason or button.description
            button.style.button_color = "#e0e0e0" if reason else "#fffde7"
            set_classes(button, ["cardlab-illegal"] if reason else [], ["cardlab-illegal"])
            hinted = self._hinted == Draw(seat, source)
            set_classes(button, ["cardlab-hinted"] if hinted else [], ["cardlab-hinted"])

    def _hinted_cards(self) -> set[Card]:
        act = self._hinted
        if isinstance(act, Meld):
            return set(act.cards)
        if isinstance(act, (LayOff, Discard)):
            return {act.card}
        return set()

    def _draw_hand(self, melding: bool) -> None:
        lang, seat, game = self.lang, self.seat, self.game
        hand = game.round.hands[seat] if not game.is_over else []
        self.selected = [c for c in hand if c in self.selected]
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
            chosen = card in self.selected
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
            options = [(tr("rummy.table.meld_choice", lang, index=i, cards=" ".join(map(str, m.cards)), name=names[m.owner]), i)
                       for i, m in enumerate(table)]
        else:
            options = [(tr("rummy.table.no_meld_choice", lang), None)]
        if list(self.layoff_dropdown.options) != options:
            keep = self.layoff_dropdown.value
            self.layoff_dropdown.options = options
            values = [v for _, v in options]
            self.layoff_dropdown.value = keep if keep in values else values[0]
        self._draw_selection()

    def _draw_selection(self) -> None:
        hand = self.hand if not self.game.is_over else []
        hinted = self._hinted_cards()
        for card, button in zip(hand, self._card_pool):
            chosen = card in self.selected
            button.style.button_color = "#bbdefb" if chosen else ("#fff8e1" if card in hinted else "#ffffff")
            set_classes(button, ["cardlab-selected"] if chosen else [], ["cardlab-selected"])
        line = selection_message(self.selected).text(self.lang)
        self.selection_html.value = f'<div style="color:#fff;font:15px sans-serif;margin:2px 4px">{html.escape(line)}</div>'
