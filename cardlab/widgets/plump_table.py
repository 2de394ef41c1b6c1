"""``PlumpTable``: play Plump at a green card table against friendly bots.

A child plays one seat; the bots play the others, one move per click on
*Nästa* (or by themselves in automatic mode).  Cards you may not play are
greyed out but still clickable: a click says which rule forbids it.  The bid
the hook (kroken/spärren) forbids is disabled, with the reason beside it.  The
score sheet (protokoll) grows under the table after each round.

>>> table = PlumpTable("kids", rng=3, lang="en")
>>> table.bid_buttons[0].click()                 # you bid 0 …
>>> table.run_bots()  > 0                        # … and the bots play until it is your turn again
True
>>> table.message_text() != ""
True

The small functions here (:func:`describe_action`, :func:`felt_html`) hold the
table's view logic and are tested on their own; no rule is decided here.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from .._rng import child_rng, derive_seed
from ..bots.plump import PlumpBot
from ..cards import Card
from ..display.cards import card_svg, suit_colour
from ..display.plump import plump_round_html  # noqa: F401  (registers the table.* words)
from ..errors import RulesError
from ..games.plump import Bid, Play, PlumpGame, Trick
from ..i18n import Message, has_message, rank_name, register, suit_name, tr
from ..match import Match
from ..rules.plump import PlumpRules
from ..sheets.plump import score_sheet_html
from .base import TableBase, set_classes, with_classes

register({
    "widget.you": {"sv": "Du", "nb": "Du", "en": "You"},
    "widget.bot_name": {"sv": "Bot {n}", "nb": "Bot {n}", "en": "Bot {n}"},
    "widget.hint": {"sv": "Tips", "nb": "Tips", "en": "Hint"},
    "widget.hint_tip": {"sv": "Vad skulle boten göra?", "nb": "Hva ville boten gjort?", "en": "What would the bot do?"},
    "widget.undo": {"sv": "↶ Ångra", "nb": "↶ Angre", "en": "↶ Undo"},
    "widget.undo_tip": {
        "sv": "Ta tillbaka ditt senaste drag",
        "nb": "Ta tilbake ditt siste trekk",
        "en": "Take back your last move",
    },
    "widget.new_game": {"sv": "Nytt spel", "nb": "Nytt spill", "en": "New game"},
    "widget.rules": {"sv": "Regler", "nb": "Regler", "en": "Rules"},
    "widget.teacher": {"sv": "Lärarläge", "nb": "Lærermodus", "en": "Teacher mode"},
    "widget.teacher_tip": {"sv": "Visa allas kort", "nb": "Vis alles kort", "en": "Show every hand"},
    "widget.four_colour": {"sv": "Fyrfärgskort", "nb": "Firefargekort", "en": "Four-colour cards"},
    "widget.card_name": {"sv": "{suit} {rank}", "nb": "{suit} {rank}", "en": "{rank} of {suit}"},
    "widget.preset.kids": {"sv": "Barn (5 kort)", "nb": "Barn (5 kort)", "en": "Children (5 cards)"},
    "widget.preset.classic": {"sv": "Klassisk", "nb": "Klassisk", "en": "Classic"},
    "widget.preset.trick-points": {"sv": "Stickpoäng", "nb": "Stikkpoeng", "en": "Trick points"},
    "widget.preset.two-player": {"sv": "Två spelare", "nb": "To spillere", "en": "Two players"},
    "widget.custom_rules": {"sv": "egna regler", "nb": "egne regler", "en": "own rules"},
    "plump.table.plays": {"sv": "{name} lägger {card}.", "nb": "{name} legger {card}.", "en": "{name} plays {card}."},
    "plump.table.bids": {"sv": "{name} bjuder {tricks}.", "nb": "{name} melder {tricks}.", "en": "{name} bids {tricks}."},
    "plump.table.changes_bid": {
        "sv": "{name} ändrar budet till {tricks}.",
        "nb": "{name} endrer meldingen til {tricks}.",
        "en": "{name} changes the bid to {tricks}.",
    },
    "plump.table.trick_won": {"sv": "{name} tar sticket. {reason}", "nb": "{name} tar stikket. {reason}",
                              "en": "{name} takes the trick. {reason}"},
    "plump.table.round_over": {
        "sv": "Rundan är slut: poängen står i protokollet.",
        "nb": "Runden er slutt: poengene står i protokollen.",
        "en": "The round is over: the points are on the score sheet.",
    },
    "plump.table.game_over": {"sv": "Spelet är slut! {winner}", "nb": "Spillet er slutt! {winner}",
                              "en": "The game is over! {winner}"},
    "plump.table.your_bid": {
        "sv": "Din tur: hur många stick tror du att du tar?",
        "nb": "Din tur: hvor mange stikk tror du at du tar?",
        "en": "Your turn: how many tricks do you think you will take?",
    },
    "plump.table.your_play": {"sv": "Din tur: klicka på ett kort.", "nb": "Din tur: klikk på et kort.",
                              "en": "Your turn: click a card."},
    "plump.table.waiting": {"sv": "Nu är det {name}. Tryck på Nästa.", "nb": "Nå er det {name}. Trykk på Neste.",
                            "en": "Now it is {name}. Press Next."},
    "plump.table.thinking": {"sv": "{name} tänker …", "nb": "{name} tenker …", "en": "{name} is thinking …"},
    "plump.table.bid_sum": {
        "sv": "Bud hittills: {sum} · stick att ta: {tricks}",
        "nb": "Meldt så langt: {sum} · stikk å ta: {tricks}",
        "en": "Bids so far: {sum} · tricks to take: {tricks}",
    },
    "plump.table.your_bid_label": {"sv": "Ditt bud:", "nb": "Din melding:", "en": "Your bid:"},
    "plump.table.change_bid": {
        "sv": "Du får ändra ditt bud ännu:",
        "nb": "Du kan fortsatt endre meldingen:",
        "en": "You may still change your bid:",
    },
    "plump.table.bid_button_tip": {"sv": "Bjud {tricks}", "nb": "Meld {tricks}", "en": "Bid {tricks}"},
    "plump.table.hint": {"sv": "Tips: {action}. {reason}", "nb": "Tips: {action}. {reason}", "en": "Hint: {action}. {reason}"},
    "plump.table.hint_bid": {"sv": "bjud {tricks}", "nb": "meld {tricks}", "en": "bid {tricks}"},
    "plump.table.hint_play": {"sv": "spela {card}", "nb": "spill {card}", "en": "play {card}"},
    "plump.table.hint_wait": {
        "sv": "Tips finns när det är din tur.",
        "nb": "Tips får du når det er din tur.",
        "en": "Hints are given when it is your turn.",
    },
    "plump.table.undone": {"sv": "Ångrat: välj igen.", "nb": "Angret: velg på nytt.", "en": "Undone: choose again."},
    "plump.table.nothing_to_undo": {
        "sv": "Det finns inget drag att ångra än.",
        "nb": "Det er ikke noe trekk å angre ennå.",
        "en": "There is no move of yours to undo yet.",
    },
    "plump.table.welcome": {
        "sv": "Välkommen till Plump! Regler: {rules}.",
        "nb": "Velkommen til Plump! Regler: {rules}.",
        "en": "Welcome to Plump! Rules: {rules}.",
    },
    "plump.table.last_trick": {"sv": "Senaste sticket", "nb": "Siste stikk", "en": "Last trick"},
    "plump.table.round_title": {
        "sv": "Runda {n} av {total} · {cards} kort var",
        "nb": "Runde {n} av {total} · {cards} kort hver",
        "en": "Round {n} of {total} · {cards} cards each",
    },
    "plump.table.your_hand": {"sv": "Din hand", "nb": "Din hånd", "en": "Your hand"},
    "plump.table.protokoll": {"sv": "Protokoll", "nb": "Protokoll", "en": "Score sheet"},
    "plump.table.to_move": {"sv": "tur", "nb": "tur", "en": "to move"},
})

MAX_HAND = 10

_CSS = """
<style>
.cardlab-plump-table { background: radial-gradient(ellipse at center, #2e7d32 0%, #1b5e20 70%, #123d16 100%);
  border: 10px solid #6d4c41; border-radius: 26px; padding: 12px 16px; max-width: 900px;
  box-shadow: 0 4px 14px rgba(0,0,0,.35); }
.cardlab-plump-table .widget-label, .cardlab-plump-table .widget-label-basic,
.cardlab-plump-table .widget-checkbox label, .cardlab-plump-table .widget-dropdown > label { color: #fff !important; }
.cardlab-card-btn { height: 92px !important; width: 64px !important; border-radius: 9px !important;
  border: 1px solid #9e9e9e !important; box-shadow: 1px 2px 4px rgba(0,0,0,.45) !important; margin: 3px !important;
  transition: transform .12s; }
.cardlab-card-btn:hover:not(.cardlab-illegal) { transform: translateY(-8px); }
.cardlab-card-btn.cardlab-illegal { opacity: .55; box-shadow: none !important; }
.cardlab-card-btn.cardlab-hinted { border: 3px solid #fbc02d !important; transform: translateY(-8px); }
.cardlab-bid-btn { width: 46px !important; height: 46px !important; border-radius: 50% !important;
  font-size: 19px !important; font-weight: bold !important; margin: 3px !important;
  box-shadow: 1px 2px 3px rgba(0,0,0,.4) !important; }
.cardlab-bid-btn:disabled { opacity: .45; text-decoration: line-through; }
.cardlab-next, .cardlab-hint, .cardlab-undo, .cardlab-new-game { border-radius: 8px !important; font-weight: bold !important; }
.cardlab-protokoll-box { background: #fffdf5; border-radius: 12px; padding: 8px 12px; margin-top: 8px; }
.cardlab-protokoll-box table.cardlab-protokoll td, .cardlab-protokoll-box table.cardlab-protokoll th {
  border: 1px solid #d7ccc8; padding: 2px 8px; text-align: center; }
.cardlab-plump-table .cardlab-bidline { color: #fff; font: 15px sans-serif; }
.cardlab-plump-table .cardlab-log details, .cardlab-plump-table .cardlab-log summary { color: #e8f5e9 !important; }
.cardlab-protokoll-box { max-width: 900px; }
</style>
"""


# ------------------------------------------------------------- view logic
def default_names(players: int, seat: int) -> list[Any]:
    """Names for the seats: "Du"/"You" for the human, "Bot 1" … for the others (as Messages)."""
    return [Message("widget.you") if s == seat else Message("widget.bot_name", {"n": s}) for s in range(players)]


def name_text(name: Any, lang: str) -> str:
    return name.text(lang) if isinstance(name, Message) else str(name)


def describe_action(act: Any, name: Any, *, changing: bool = False) -> Message:
    """The sentence for a move: "Bot 2 lägger K♠." / "Bot 2 bjuder 1."

    >>> describe_action(Play(2, Card.parse("KS")), "Bot 2").text("sv")
    'Bot 2 lägger K♠.'
    >>> describe_action(Bid(2, 1), "Bot 2").text("nb")
    'Bot 2 melder 1.'
    """
    if isinstance(act, Play):
        return Message("plump.table.plays", {"name": name, "card": act.card})
    key = "plump.table.changes_bid" if changing else "plump.table.bids"
    return Message(key, {"name": name, "tricks": act.tricks})


def trick_message(trick: Trick, names: Sequence[Any]) -> Message:
    """Who took the trick and why: "Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg."

    >>> from cardlab.cards import Suit
    >>> t = Trick(leader=0, seats=(0, 1), cards=(Card.parse("KS"), Card.parse("AS")), winner=1, trump=None)
    >>> trick_message(t, ["Du", "Bot 1"]).text("sv")
    'Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg.'
    """
    return Message("plump.table.trick_won", {"name": names[trick.winner], "reason": trick.reason()})


def card_name(card: Card, lang: str) -> str:
    """ "hjärter kung" / "king of hearts" (for tooltips and screen readers)."""
    return tr("widget.card_name", lang, suit=suit_name(card.suit, lang), rank=rank_name(card.rank, lang))


def last_trick(game: PlumpGame) -> Trick | None:
    """The trick to show on the felt when none is being played: this round's last, or the previous round's."""
    rnd = game.round
    if rnd.current_trick:
        return None
    if rnd.completed_tricks:
        return rnd.completed_tricks[-1]
    if game.finished_rounds and rnd.bids_made == 0 and game.finished_rounds[-1] is not rnd:
        return game.finished_rounds[-1].completed_tricks[-1]
    return None


def _seat_box(game: PlumpGame, s: int, names: Sequence[str], lang: str, *, show_hand: bool,
              four_colour: bool, human: bool) -> str:
    rnd = game.round
    bid = rnd.bids[s]
    bid_text = "–" if bid is None else str(bid)
    to_move = rnd.to_move == s and not game.is_over
    ring = "box-shadow:0 0 0 3px #ffeb3b;" if to_move else ""
    dealer = (f'<span title="{html.escape(tr("table.dealer_mark", lang))}" style="background:#ffca28;color:#3e2723;'
              f'border-radius:50%;padding:0 6px;margin-left:4px;font-size:12px">'
              f'{html.escape(tr("table.dealer_mark", lang))}</span>') if s == rnd.dealer else ""
    hit = bid is not None and rnd.tricks_taken[s] == bid
    over = bid is not None and rnd.tricks_taken[s] > bid
    colour = "#c8e6c9" if hit else ("#ffcdd2" if over else "#fff")
    badge = (f'<div style="font:15px sans-serif;color:{colour};margin-top:2px">{html.escape(tr("table.bid", lang))}: <b>{bid_text}</b>'
             f' · {html.escape(tr("table.tricks", lang))}: <b>{rnd.tricks_taken[s]}</b></div>')
    cards = ""
    if not human:
        if show_hand:
            cards = "".join(card_svg(c, width=34, four_colour=four_colour) for c in rnd.hands[s])
        else:
            cards = "".join(card_svg("AS", face_down=True, width=24) for _ in rnd.hands[s])
        cards = f'<div style="margin-top:3px;min-height:36px">{cards}</div>'
    turn = (f' <span style="color:#ffeb3b">● {html.escape(tr("plump.table.to_move", lang))}</span>' if to_move else "")
    return (f'<div class="cardlab-seat" data-seat="{s}" style="display:inline-block;vertical-align:top;margin:4px 8px;'
            f'padding:6px 10px;border-radius:12px;background:rgba(0,0,0,.25);color:#fff;{ring}text-align:center">'
            f'<div style="font:bold 16px sans-serif">{html.escape(names[s])}{dealer}{turn}</div>{badge}{cards}</div>')


def felt_html(game: PlumpGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
              four_colour: bool = False) -> str:
    """The green felt: the other players around the top, the trick in the middle, trump and led suit beside it.

    >>> game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
    >>> "cardlab-felt" in felt_html(game, 0, ["Du", "Bot 1", "Bot 2", "Bot 3"], "sv")
    True
    """
    rnd = game.round
    players = rnd.players
    others = [(seat + k) % players for k in range(1, players)]
    top = "".join(_seat_box(game, s, names, lang, show_hand=teacher, four_colour=four_colour, human=False) for s in others)
    # trump and led suit, always in view
    if rnd.trump_card is not None:
        trump = card_svg(rnd.trump_card, width=48, four_colour=four_colour)
        trump_words = f"{rnd.trump.symbol} {suit_name(rnd.trump, lang)}"
    elif rnd.trump is not None:
        colour = suit_colour(rnd.trump, four_colour)
        trump = f'<span style="font-size:40px;color:{colour};background:#fff;border-radius:8px;padding:0 8px">{rnd.trump.symbol}</span>'
        trump_words = suit_name(rnd.trump, lang)
    else:
        trump, trump_words = "", tr("table.no_trump", lang)
    led = rnd.led_suit
    led_line = (f'<div style="margin-top:6px">{html.escape(tr("table.led", lang, suit=led))} '
                f'<span style="background:#fff;border-radius:6px;padding:0 5px;color:{suit_colour(led, four_colour)}">{led.symbol}</span></div>'
                if led is not None else "")
    side = (f'<div class="cardlab-trump" style="display:inline-block;vertical-align:top;width:170px;color:#fff;'
            f'font:15px sans-serif;text-align:center">'
            f'<div><b>{html.escape(tr("table.trump", lang))}</b></div><div>{trump}</div>'
            f'<div>{html.escape(trump_words)}</div>{led_line}</div>')
    # the trick on the table (or the last one, with who took it)
    shown = [(s, c) for s, c in rnd.current_trick]
    winner = None
    caption = ""
    done = last_trick(game)
    if done is not None:
        shown = list(zip(done.seats, done.cards))
        winner = done.winner
        caption = (f'<div style="color:#fff59d;font:bold 15px sans-serif;margin-top:4px">{html.escape(tr("plump.table.last_trick", lang))}: '
                   f'{html.escape(trick_message(done, names).text(lang))}</div>')
    cells = []
    for s, c in shown:
        svg = card_svg(c, width=66, four_colour=four_colour, highlight=(s == winner))
        cells.append(f'<div style="display:inline-block;text-align:center;margin:0 5px">{svg}'
                     f'<div style="color:#fff;font:13px sans-serif">{html.escape(names[s])}</div></div>')
    opacity = "opacity:.8;" if done is not None else ""
    trick = (f'<div class="cardlab-trick-area" style="display:inline-block;vertical-align:top;min-width:420px;min-height:120px;'
             f'text-align:center;{opacity}">{"".join(cells)}{caption}</div>')
    me = _seat_box(game, seat, names, lang, show_hand=False, four_colour=four_colour, human=True)
    return (f'<div class="cardlab-felt" style="text-align:center">'
            f'<div>{top}</div><div style="margin:10px 0">{side}{trick}</div><div>{me}</div></div>')


def _resolve_rules(rules: Any) -> PlumpRules:
    if rules is None:
        return PlumpRules.preset("kids")
    if isinstance(rules, str):
        return PlumpRules.preset(rules)
    if isinstance(rules, dict):
        return PlumpRules.from_dict(rules)
    if isinstance(rules, PlumpRules):
        return rules
    raise RulesError("rules.invalid", field="rules", problem="give a preset name (such as \"kids\") or a PlumpRules object.")


# --------------------------------------------------------------- the table
class PlumpTable(TableBase):
    """An interactive Plump table: one human seat against bots (see the module docstring).

    ``rules``: a preset name (``"kids"``, ``"classic"`` …), a :class:`PlumpRules` or its dict.
    ``bots``: None (a :class:`PlumpBot` per other seat), one bot for every seat, or a list with one
    per seat (the human's entry is ignored).  ``names``: one per seat.  ``teacher=True`` shows every
    hand.  ``auto=True`` lets the bots play by themselves until your turn.
    """

    def __init__(self, rules: Any = "kids", *, rng=None, lang: str = "sv", seat: int = 0, bots: Any = None,
                 names: Sequence[str] | None = None, teacher: bool = False, four_colour: bool = False,
                 auto: bool = False, speed: str = "normal") -> None:
        super().__init__(lang=lang, auto=auto, speed=speed)
        self.seat = seat
        self._names_given = list(names) if names is not None else None
        self._bots_given = bots
        self._base_seed = derive_seed(rng)
        self._games_started = 0
        self._hinted: Any = None
        self._build(teacher=teacher, four_colour=four_colour)
        self.new_game(rules, rng=self._base_seed)

    # ------------------------------------------------------------ building
    def _build(self, *, teacher: bool, four_colour: bool) -> None:
        self.style_html = W.HTML(_CSS, layout=W.Layout(height="0px", overflow="hidden"))
        self.title_html = with_classes(W.HTML(), "cardlab-title")
        self.felt = with_classes(W.HTML(), "cardlab-felt-box")
        self.status_html = with_classes(W.HTML(), "cardlab-status")
        self.bid_label = with_classes(W.HTML(), "cardlab-bidline")
        self._bid_pool = []
        for tricks in range(MAX_HAND + 1):
            button = with_classes(W.Button(description=str(tricks)), "cardlab-bid-btn")
            button.on_click(lambda _, t=tricks: self.bid(t))
            self._bid_pool.append(button)
        self.bid_info = with_classes(W.HTML(), "cardlab-bidline", "cardlab-bid-info")
        self.bid_reason = with_classes(W.HTML(), "cardlab-bidline", "cardlab-bid-reason")
        self.bid_box = with_classes(W.VBox([self.bid_label, W.HBox(self._bid_pool, layout=W.Layout(flex_flow="row wrap")),
                                            self.bid_info, self.bid_reason]), "cardlab-bids")
        self.hand_label = with_classes(W.HTML(), "cardlab-bidline")
        self._card_pool = []
        for index in range(MAX_HAND):
            button = with_classes(W.Button(layout=W.Layout(width="64px", height="92px")), "cardlab-card-btn")
            button.style.font_size = "22px"
            button.style.font_weight = "bold"
            button.on_click(lambda _, i=index: self._on_card(i))
            self._card_pool.append(button)
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool, layout=W.Layout(flex_flow="row wrap"))]),
                                     "cardlab-hand-box")
        self.hint_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.undo_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.preset_dropdown = with_classes(W.Dropdown(options=PlumpRules.presets(), value="kids" if "kids" in PlumpRules.presets() else None,
                                                       layout=W.Layout(width="230px")), "cardlab-preset")
        self.new_game_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-new-game")
        self.new_game_button.on_click(lambda _: self.new_game(self.preset_dropdown.value))
        self.teacher_toggle = with_classes(W.ToggleButton(value=teacher, layout=W.Layout(width="auto")), "cardlab-teacher")
        self.four_colour_box = with_classes(W.Checkbox(value=four_colour, indent=False, layout=W.Layout(width="auto")), "cardlab-four-colour")
        self.teacher_toggle.observe(lambda _: self.refresh(), names="value")
        self.four_colour_box.observe(lambda _: self.refresh(), names="value")
        self.protokoll_title = with_classes(W.HTML(), "cardlab-protokoll-title")
        self.protokoll_html = with_classes(W.HTML(), "cardlab-protokoll")
        settings = W.HBox([self.language_dropdown, self.preset_dropdown, self.new_game_button, self.teacher_toggle,
                           self.four_colour_box], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        controls = W.HBox([self.next_button, self.auto_toggle, self.speed_dropdown, self.hint_button, self.undo_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        table = with_classes(W.VBox([self.title_html, self.felt, self.status_html, self.bid_box, self.hand_box, controls,
                                     self.message_html, self.log_html]), "cardlab-plump-table")
        protokoll = with_classes(W.VBox([self.protokoll_title, self.protokoll_html]), "cardlab-protokoll-box")
        self._root = with_classes(W.VBox([self.style_html, settings, table, protokoll]), "cardlab-plump")

    @property
    def widget(self) -> W.VBox:
        """The whole table as one widget (what ``display(table)`` shows)."""
        return self._root

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> PlumpGame:
        return self.match.game

    @property
    def teacher(self) -> bool:
        return self.teacher_toggle.value

    @property
    def four_colour(self) -> bool:
        return self.four_colour_box.value

    def names(self) -> list[str]:
        """The seat names in the current language."""
        raw = self._names_given or default_names(self.rules.players, self.seat)
        return [name_text(n, self.lang) for n in raw]

    def _name(self, s: int) -> Any:
        return (self._names_given or default_names(self.rules.players, self.seat))[s]

    @property
    def card_buttons(self) -> list[W.Button]:
        """One button per card of your hand, in hand order."""
        return self._card_pool[: len(self.game.round.hands[self.seat])]

    @property
    def bid_buttons(self) -> list[W.Button]:
        """One button per possible bid 0 … hand size (index = bid)."""
        return self._bid_pool[: self.game.round.hand_size + 1]

    @property
    def hand(self) -> list[Card]:
        return list(self.game.round.hands[self.seat])

    def new_game(self, rules: Any = None, *, rng=None) -> None:
        """Start a new game with a preset name or rules object (a new seeded deal unless ``rng`` is given)."""
        self.stop_auto()
        resolved = _resolve_rules(rules if rules is not None else self.preset_dropdown.value)
        if not 0 <= self.seat < resolved.players:
            raise RulesError("rules.invalid", field="seat", problem=f"choose a seat from 0 to {resolved.players - 1}.")
        if self._names_given is not None and len(self._names_given) != resolved.players:
            raise RulesError("rules.invalid", field="names", problem=f"give {resolved.players} names, one per seat.")
        seed = derive_seed(rng) if rng is not None else derive_seed(child_rng(self._base_seed, self._games_started))
        self._games_started += 1
        self.rules = resolved
        self.match = Match.new("plump", resolved, rng=seed)
        self.game.lang = self.lang
        self.bots = self._make_bots(resolved.players)
        self._hinted = None
        self._log.clear()
        if isinstance(rules, str) and rules in PlumpRules.presets():
            self.preset_dropdown.value = rules
            label = Message(f"widget.preset.{rules}") if has_message(f"widget.preset.{rules}") else rules
        else:
            label = Message("widget.custom_rules")
        self.show(Message("plump.table.welcome", {"rules": label}))
        self.refresh()
        self.after_human_move()

    def _make_bots(self, players: int) -> dict[int, Any]:
        given = self._bots_given
        bots = {}
        for s in range(players):
            if s == self.seat:
                continue
            if given is None:
                bots[s] = PlumpBot()
            elif isinstance(given, (list, tuple)):
                bots[s] = given[s]
            else:
                bots[s] = given
        return bots

    # ---------------------------------------------------------------- moves
    def _trick_count(self) -> int:
        game = self.game
        done = sum(len(r.completed_tricks) for r in game.finished_rounds)
        if not game.finished_rounds or game.finished_rounds[-1] is not game.round:
            done += len(game.round.completed_tricks)
        return done

    def _apply(self, act: Any) -> bool:
        """Apply ``act`` through the match and say what happened (a refusal becomes the message line)."""
        changing = isinstance(act, Bid) and self.game.round.bids[act.seat] is not None
        tricks, rounds = self._trick_count(), len(self.game.results)

        def do() -> None:
            self.match.apply(act)

        if not self.attempt(do):
            return False
        said = [describe_action(act, self._name(act.seat), changing=changing)]
        tone = "info"
        if self._trick_count() > tricks:
            finished = self.game.finished_rounds[-1] if len(self.game.results) > rounds else self.game.round
            said.append(trick_message(finished.completed_tricks[-1], [self._name(s) for s in range(self.rules.players)]))
            tone = "good" if finished.completed_tricks[-1].winner == self.seat else "info"
        if len(self.game.results) > rounds:
            said.append(Message("plump.table.round_over"))
        if self.game.is_over:
            winners = ", ".join(self.names()[s] for s in self.game.winners())
            said.append(Message("plump.table.game_over", {"winner": Message("sheet.winner", {"names": winners})}))
        self._hinted = None
        self.show(*said, tone=tone)
        return True

    def _on_card(self, index: int) -> None:
        hand = self.game.round.hands[self.seat]
        if index < len(hand):
            self.play(hand[index])

    def play(self, card: "Card | str") -> bool:
        """Play ``card`` from your hand (what a click on its button does)."""
        if self._apply(Play(self.seat, Card.parse(card))):
            self.refresh()
            self.after_human_move()
            return True
        return False

    def bid(self, tricks: int) -> bool:
        """Bid (or change your bid to) ``tricks`` (what a click on a bid button does)."""
        if self._apply(Bid(self.seat, tricks)):
            self.refresh()
            self.after_human_move()
            return True
        return False

    def bot_to_move(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and to_move != self.seat

    def bot_step(self) -> bool:
        s = self.game.to_move
        decision = self.bots[s].decide(self.game.view(s))
        return self._apply(decision.action)

    def hint(self) -> None:
        """Show what the friendly bot would do in your place, and why (one sentence)."""
        if self.game.to_move != self.seat:
            self.show(Message("plump.table.hint_wait"), tone="hint", log=False)
        else:
            decision = PlumpBot().decide(self.game.view(self.seat))
            act = decision.action
            what = (Message("plump.table.hint_bid", {"tricks": act.tricks}) if isinstance(act, Bid)
                    else Message("plump.table.hint_play", {"card": act.card}))
            self._hinted = act
            self.show(Message("plump.table.hint", {"action": what, "reason": decision.reason}), tone="hint", log=False)
        self.refresh()

    def _human_moves(self) -> list[int]:
        return [i for i, a in enumerate(self.match.actions) if a.seat == self.seat]

    def undo(self) -> None:
        """Take back everything since (and including) your previous move."""
        self.stop_auto()
        mine = self._human_moves()
        if not mine:
            self.show(Message("plump.table.nothing_to_undo"), tone="error", log=False)
        else:
            self.match.undo(len(self.match.actions) - mine[-1])
            self.game.lang = self.lang
            self._hinted = None
            self.show(Message("plump.table.undone"))
        self.refresh()

    def set_language(self, lang: str) -> None:
        super().set_language(lang)
        self.game.lang = self.lang

    # ---------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw every part of the table from the match state, in the current language."""
        lang, game, seat = self.lang, self.game, self.seat
        rnd = game.round
        names = self.names()
        self._label_controls()
        self.hint_button.description = tr("widget.hint", lang)
        self.hint_button.tooltip = tr("widget.hint_tip", lang)
        self.undo_button.description = tr("widget.undo", lang)
        self.undo_button.tooltip = tr("widget.undo_tip", lang)
        self.undo_button.disabled = not self._human_moves()
        self.new_game_button.description = tr("widget.new_game", lang)
        self.preset_dropdown.description = tr("widget.rules", lang)
        value = self.preset_dropdown.value
        options = [(tr(f"widget.preset.{p}", lang) if has_message(f"widget.preset.{p}") else p, p) for p in PlumpRules.presets()]
        if list(self.preset_dropdown.options) != options:
            self.preset_dropdown.options = options
            self.preset_dropdown.value = value
        self.teacher_toggle.description = tr("widget.teacher", lang)
        self.teacher_toggle.tooltip = tr("widget.teacher_tip", lang)
        self.four_colour_box.description = tr("widget.four_colour", lang)
        my_turn = game.to_move == seat
        self.hint_button.disabled = not my_turn

        number = min(len(game.results) + 1, len(game.schedule)) if not game.is_over else len(game.schedule)
        self.title_html.value = (f'<div style="color:#fff;font:bold 20px sans-serif;text-align:center">♠ ♥ Plump ♦ ♣'
                                 f'<div style="font:15px sans-serif">{html.escape(tr("plump.table.round_title", lang, n=number, total=len(game.schedule), cards=rnd.hand_size))}</div></div>')
        self.felt.value = felt_html(game, seat, names, lang, teacher=self.teacher, four_colour=self.four_colour)

        if game.is_over:
            status = ""
        elif my_turn:
            status = tr("plump.table.your_bid" if rnd.phase == "bid" else "plump.table.your_play", lang)
        elif self.auto_toggle.value:
            status = tr("plump.table.thinking", lang, name=names[game.to_move])
        else:
            status = tr("plump.table.waiting", lang, name=names[game.to_move])
        self.status_html.value = (f'<div style="color:#fff;font:bold 18px sans-serif;text-align:center;margin:4px">'
                                  f'{html.escape(status)}</div>')
        self._draw_bids(rnd, my_turn)
        self._draw_hand(rnd, my_turn)
        self._draw_messages()
        self.protokoll_title.value = f'<div style="font:bold 17px sans-serif">{html.escape(tr("plump.table.protokoll", lang))}</div>'
        self.protokoll_html.value = score_sheet_html(game, names=names, lang=lang)

    def _draw_bids(self, rnd: Any, my_turn: bool) -> None:
        lang, seat = self.lang, self.seat
        bidding = my_turn and rnd.phase == "bid"
        changing = not my_turn and rnd.changeable_bid_seat() == seat and not self.game.is_over
        self.bid_box.layout.display = "" if (bidding or changing) else "none"
        self.bid_label.value = html.escape(tr("plump.table.change_bid" if changing else "plump.table.your_bid_label", lang))
        reasons = []
        for tricks, button in enumerate(self._bid_pool):
            if tricks > rnd.hand_size:
                button.layout.display = "none"
                continue
            button.layout.display = ""
            reason = self.match.why_illegal(Bid(seat, tricks), lang) if (bidding or changing) else None
            button.disabled = reason is not None
            button.tooltip = reason or tr("plump.table.bid_button_tip", lang, tricks=tricks)
            set_classes(button, ["cardlab-bid-mine"] if rnd.bids[seat] == tricks else [], ["cardlab-bid-mine"])
            set_classes(button, ["cardlab-hinted"] if self._hinted == Bid(seat, tricks) else [], ["cardlab-hinted"])
            button.style.button_color = "#ffeb3b" if rnd.bids[seat] == tricks else "#ffffff"
            if reason and reason not in reasons:
                reasons.append(reason)
        so_far = sum(b for b in rnd.bids if b is not None)
        self.bid_info.value = html.escape(tr("plump.table.bid_sum", lang, sum=so_far, tricks=rnd.hand_size))
        self.bid_reason.value = "".join(f'<div style="color:#ffe082">⚠ {html.escape(r)}</div>' for r in reasons)

    def _draw_hand(self, rnd: Any, my_turn: bool) -> None:
        lang, seat = self.lang, self.seat
        hand = rnd.hands[seat]
        legal = {a.card for a in self.game.legal_actions()} if (my_turn and rnd.phase == "play") else None
        self.hand_label.value = html.escape(tr("plump.table.your_hand", lang))
        for index, button in enumerate(self._card_pool):
            if index >= len(hand):
                button.layout.display = "none"
                continue
            card = hand[index]
            button.layout.display = ""
            button.description = str(card)
            illegal = legal is not None and card not in legal
            hinted = self._hinted == Play(seat, card)
            colour = suit_colour(card.suit, self.four_colour)
            button.style.text_color = "#9e9e9e" if illegal else colour
            button.style.button_color = "#e0e0e0" if illegal else ("#fff8e1" if hinted else "#ffffff")
            set_classes(button, [c for c, on in (("cardlab-illegal", illegal), ("cardlab-hinted", hinted)) if on],
                        ["cardlab-illegal", "cardlab-hinted"])
            reason = self.match.why_illegal(Play(seat, card), lang) if illegal else None
            button.tooltip = card_name(card, lang) + (f" — {reason}" if reason else "")
