"""``FemkampTable``: play the Norwegian Femkamp (5-kamp) at a green card table against friendly bots.

A child plays one seat; :class:`cardlab.bots.femkamp.FemkampBot` plays the
others, one move per click on *Nästa* (or by themselves in automatic mode).
The round's name and goal stay in view ("Passrunden: Ta så få stikk som
mulig"); cards you may not play are greyed out but still clickable, and a click
says which rule forbids it.  In the kabal round the rows grow on the felt from
their sevens, and when none of your cards fits you press *Prikk* (+1 point).
The score sheet (protokoll) fills in after every round.

>>> table = FemkampTable(rng=2, lang="nb")
>>> table.game.round_name, len(table.card_buttons)
('pass', 13)
>>> table.run_bots() >= 0 and table.game.to_move == table.seat
True

The small functions here (:func:`describe_move`, :func:`femkamp_felt_html`)
hold the view logic and are tested on their own; no rule is decided here: the
table asks the engine (``legal_actions``, ``why_illegal``, ``apply``).
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from .._rng import child_rng, derive_seed
from ..bots.femkamp import FemkampBot
from ..cards import Card
from ..display.cards import card_svg, suit_colour
from ..display.femkamp import kabal_layout_html
from ..errors import RulesError
from ..games.femkamp import FemkampGame, Play, Prikk
from ..games.plump import Trick
from ..i18n import Message, has_message, register, tr
from ..match import Match
from ..rules.femkamp import FemkampRules, round_goal, round_scoring, round_title
from ..sheets.femkamp import count_message, score_sheet_html
from .base import TableBase, set_classes, with_classes
from .plump_table import card_name, default_names, name_text

register({
    "femkamp.table.plays": {"sv": "{name} lägger {card}.", "nb": "{name} legger {card}.", "en": "{name} plays {card}."},
    "femkamp.table.plays.you": {"sv": "{name} lägger {card}.", "nb": "{name} legger {card}.", "en": "{name} play {card}."},
    "femkamp.table.says_prikk.you": {
        "sv": "{name} säger prick (+1). {name} har nu {count}.",
        "nb": "{name} sier prikk (+1). {name} har nå {count}.",
        "en": "{name} say prikk (+1). {name} now have {count}.",
    },
    "femkamp.table.trick_won": {"sv": "{name} tar sticket. {reason}", "nb": "{name} tar stikket. {reason}",
                                "en": "{name} takes the trick. {reason}"},
    "femkamp.table.trick_won.you": {"sv": "{name} tar sticket. {reason}", "nb": "{name} tar stikket. {reason}",
                                    "en": "{name} take the trick. {reason}"},
    "femkamp.table.went_out.you": {"sv": "{name} blev av med ditt sista kort!", "nb": "{name} ble kvitt ditt siste kort!",
                                   "en": "{name} played your last card!"},
    "femkamp.table.says_prikk": {
        "sv": "{name} säger prick (+1). {name} har nu {count}.",
        "nb": "{name} sier prikk (+1). {name} har nå {count}.",
        "en": "{name} says prikk (+1). {name} now has {count}.",
    },
    "femkamp.table.round_over": {
        "sv": "{round} är slut: poängen står i protokollet.",
        "nb": "{round} er slutt: poengene står i protokollen.",
        "en": "The {round} is over: the points are on the score sheet.",
    },
    "femkamp.table.next_round": {
        "sv": "Nu börjar {round}: {goal}.",
        "nb": "Nå begynner {round}: {goal}.",
        "en": "Now the {round} begins: {goal}.",
    },
    "femkamp.table.went_out": {
        "sv": "{name} blev av med sitt sista kort!",
        "nb": "{name} ble kvitt sitt siste kort!",
        "en": "{name} played their last card!",
    },
    "femkamp.table.game_over": {"sv": "Femkampen är slut! {winner}", "nb": "Femkampen er slutt! {winner}",
                                "en": "The femkamp is over! {winner}"},
    "femkamp.table.your_play": {"sv": "Din tur: klicka på ett kort.", "nb": "Din tur: klikk på et kort.",
                                "en": "Your turn: click a card."},
    "femkamp.table.your_prikk": {
        "sv": "Din tur: inget av dina kort passar. Tryck på Prick.",
        "nb": "Din tur: ingen av kortene dine passer. Trykk på Prikk.",
        "en": "Your turn: none of your cards fits. Press Prikk.",
    },
    "femkamp.table.waiting": {"sv": "Nu är det {name}. Tryck på Nästa.", "nb": "Nå er det {name}. Trykk på Neste.",
                              "en": "Now it is {name}. Press Next."},
    "femkamp.table.thinking": {"sv": "{name} tänker …", "nb": "{name} tenker …", "en": "{name} is thinking …"},
    "femkamp.table.prikk": {"sv": "Prick!", "nb": "Prikk!", "en": "Prikk!"},
    "femkamp.table.prikk_tip": {
        "sv": "Säg prick när inget av dina kort passar (+1 poäng)",
        "nb": "Si prikk når ingen av kortene dine passer (+1 poeng)",
        "en": "Say prikk when none of your cards fits (+1 point)",
    },
    "femkamp.table.hint": {"sv": "Tips: {action}. {reason}", "nb": "Tips: {action}. {reason}", "en": "Hint: {action}. {reason}"},
    "femkamp.table.hint_play": {"sv": "spela {card}", "nb": "spill {card}", "en": "play {card}"},
    "femkamp.table.hint_prikk": {"sv": "säg prick", "nb": "si prikk", "en": "say prikk"},
    "femkamp.table.hint_wait": {"sv": "Tips finns när det är din tur.", "nb": "Tips får du når det er din tur.",
                                "en": "Hints are given when it is your turn."},
    "femkamp.table.undone": {"sv": "Ångrat: välj igen.", "nb": "Angret: velg på nytt.", "en": "Undone: choose again."},
    "femkamp.table.nothing_to_undo": {
        "sv": "Det finns inget drag att ångra än.",
        "nb": "Det er ikke noe trekk å angre ennå.",
        "en": "There is no move of yours to undo yet.",
    },
    "femkamp.table.welcome": {
        "sv": "Välkommen till Femkamp! Fem rundor, lägst summa vinner. Först {round}: {goal}.",
        "nb": "Velkommen til Femkamp! Fem runder, lavest sum vinner. Først {round}: {goal}.",
        "en": "Welcome to Femkamp! Five rounds, the lowest total wins. First the {round}: {goal}.",
    },
    "femkamp.table.round_line": {
        "sv": "Runda {n} av 5 · {round}", "nb": "Runde {n} av 5 · {round}", "en": "Round {n} of 5 · {round}",
    },
    "femkamp.table.scoring": {"sv": "Poäng: {rule}", "nb": "Poeng: {rule}", "en": "Points: {rule}"},
    "femkamp.table.last_trick": {"sv": "Senaste sticket", "nb": "Siste stikk", "en": "Last trick"},
    "femkamp.table.your_hand": {"sv": "Din hand", "nb": "Din hånd", "en": "Your hand"},
    "femkamp.table.protokoll": {"sv": "Protokoll", "nb": "Protokoll", "en": "Score sheet"},
    "femkamp.table.to_move": {"sv": "tur", "nb": "tur", "en": "to move"},
    "femkamp.table.dealer": {"sv": "giv", "nb": "giver", "en": "dealer"},
    "femkamp.table.round_points": {"sv": "Rundan: {points}", "nb": "Runden: {points}", "en": "This round: {points}"},
    "femkamp.table.total_points": {"sv": "Summa: {points}", "nb": "Sum: {points}", "en": "Total: {points}"},
    "femkamp.table.cards_left": {"sv": "{count} kvar", "nb": "{count} igjen", "en": "{count} left"},
    "femkamp.table.kabal": {"sv": "Kabalen", "nb": "Kabalen", "en": "The kabal"},
    "femkamp.table.players": {"sv": "Spelare", "nb": "Spillere", "en": "Players"},
    "femkamp.table.bot_reason": {"sv": "({name}: {reason})", "nb": "({name}: {reason})", "en": "({name}: {reason})"},
    "widget.preset.femkamp.classic": {"sv": "Klassisk", "nb": "Klassisk", "en": "Classic"},
    "widget.preset.femkamp.five-point-queens": {"sv": "Damer ger 5", "nb": "Damer gir 5", "en": "Queens score 5"},
    "widget.preset.femkamp.kabal-third": {"sv": "Kabal som tredje runda", "nb": "Kabal som tredje runde",
                                          "en": "Kabal as third round"},
    "widget.preset.femkamp.seven-of-hearts": {"sv": "Kabal öppnas med 7♥", "nb": "Kabal åpnes med 7♥",
                                              "en": "Kabal opens with 7♥"},
})

#: The most cards a Femkamp hand can hold (3 players: 17 in a trick round, 18 in the kabal).
MAX_HAND = 18

FELT_CSS = """
<style>
.cardlab-felt-table { background: radial-gradient(ellipse at center, #2e7d32 0%, #1b5e20 70%, #123d16 100%);
  border: 10px solid #6d4c41; border-radius: 26px; padding: 12px 16px; max-width: 960px;
  box-shadow: 0 4px 14px rgba(0,0,0,.35); }
.cardlab-felt-table .widget-label, .cardlab-felt-table .widget-label-basic,
.cardlab-felt-table .widget-checkbox label, .cardlab-felt-table .widget-dropdown > label { color: #fff !important; }
.cardlab-card-btn { height: 92px !important; width: 64px !important; border-radius: 9px !important;
  border: 1px solid #9e9e9e !important; box-shadow: 1px 2px 4px rgba(0,0,0,.45) !important; margin: 3px !important;
  transition: transform .12s; }
.cardlab-card-btn:hover:not(.cardlab-illegal) { transform: translateY(-8px); }
.cardlab-card-btn.cardlab-illegal { opacity: .55; box-shadow: none !important; }
.cardlab-card-btn.cardlab-hinted { border: 3px solid #fbc02d !important; transform: translateY(-8px); }
.cardlab-card-btn.cardlab-selected { border: 3px solid #1e88e5 !important; transform: translateY(-12px); }
.cardlab-next, .cardlab-hint, .cardlab-undo, .cardlab-new-game, .cardlab-prikk, .cardlab-action-btn {
  border-radius: 8px !important; font-weight: bold !important; }
.cardlab-prikk { background: #ffca28 !important; color: #3e2723 !important; font-size: 17px !important; }
.cardlab-protokoll-box { background: #fffdf5; border-radius: 12px; padding: 8px 12px; margin-top: 8px; max-width: 960px; }
.cardlab-felt-table .cardlab-line { color: #fff; font: 15px sans-serif; }
</style>
"""


# ------------------------------------------------------------- view logic
def describe_move(act: Any, name: Any, prikks: int = 0) -> Message:
    """The sentence for a move: "Bot 2 lägger K♠." / "Bot 1 sier prikk (+1). Bot 1 har nå 2 prikker."

    >>> describe_move(Play(2, Card.parse("KS")), "Bot 2").text("sv")
    'Bot 2 lägger K♠.'
    >>> describe_move(Prikk(1), "Bot 1", prikks=2).text("nb")
    'Bot 1 sier prikk (+1). Bot 1 har nå 2 prikker.'
    """
    if isinstance(act, Prikk):
        return Message(person_key("femkamp.table.says_prikk", name), {"name": name, "count": count_message("prikks", prikks)})
    return Message(person_key("femkamp.table.plays", name), {"name": name, "card": act.card})


def person_key(key: str, name: Any) -> str:
    """``key + ".you"`` when ``name`` is the table's "Du/You" and the catalogue has that form
    (English says "You play", not "You plays").

    >>> person_key("femkamp.table.plays", Message("widget.you")), person_key("femkamp.table.plays", "Kari")
    ('femkamp.table.plays.you', 'femkamp.table.plays')
    """
    you = isinstance(name, Message) and name.key == "widget.you"
    return f"{key}.you" if you and has_message(f"{key}.you") else key


def trick_won(trick: Trick, names: Sequence[Any]) -> Message:
    """Who took the trick and why: "Bot 1 tar stikket. A♠ vinner: …" / "You take the trick. …"."""
    name = names[trick.winner]
    return Message(person_key("femkamp.table.trick_won", name), {"name": name, "reason": trick.reason()})


def last_trick(game: FemkampGame) -> Trick | None:
    """The trick to show when none is being played: this round's last, or the previous trick round's
    last while the next round has not started yet."""
    rnd = game.round
    if rnd.round_name != "kabal":
        if rnd.current_trick:
            return None
        if rnd.completed_tricks:
            return rnd.completed_tricks[-1]
    if game.finished_rounds:
        prev = game.finished_rounds[-1]
        if prev is not rnd and prev.round_name != "kabal" and prev.completed_tricks and _fresh(rnd):
            return prev.completed_tricks[-1]
    return None


def _fresh(rnd: Any) -> bool:
    """No move made yet in this round."""
    if rnd.round_name == "kabal":
        return not rnd.history
    return not rnd.current_trick and not rnd.completed_tricks


def _signed(value: int) -> str:
    return str(value).replace("-", "−")


def _seat_box(game: FemkampGame, s: int, names: Sequence[str], lang: str, *, human: bool, teacher: bool,
              four_colour: bool) -> str:
    rnd = game.round
    over = game.is_over
    to_move = rnd.to_move == s and not over
    ring = "box-shadow:0 0 0 3px #ffeb3b;" if to_move else ""
    dealer = (f'<span style="background:#ffca28;color:#3e2723;border-radius:9px;padding:0 6px;margin-left:4px;'
              f'font-size:12px">{html.escape(tr("femkamp.table.dealer", lang))}</span>') if s == rnd.dealer else ""
    turn = f' <span style="color:#ffeb3b">● {html.escape(tr("femkamp.table.to_move", lang))}</span>' if to_move else ""
    if rnd.round_name == "kabal":
        detail = (f'{html.escape(count_message("prikks", rnd.prikks[s]).text(lang))} · '
                  f'{html.escape(tr("femkamp.table.cards_left", lang, count=len(rnd.hands[s])))}')
    else:
        detail = html.escape(count_message("tricks", rnd.tricks_taken[s]).text(lang))
    points = (f'{html.escape(tr("femkamp.table.round_points", lang, points=_signed(rnd.scores()[s])))} · '
              f'<b>{html.escape(tr("femkamp.table.total_points", lang, points=_signed(game.totals[s])))}</b>')
    cards = ""
    if not human:
        hand = rnd.hands[s]
        if teacher:
            cards = "".join(card_svg(c, width=26, four_colour=four_colour) for c in hand)
        else:
            cards = "".join(card_svg("AS", face_down=True, width=16) for _ in hand)
        cards = f'<div style="margin-top:3px;min-height:26px;max-width:260px">{cards}</div>'
    return (f'<div class="cardlab-seat" data-seat="{s}" style="display:inline-block;vertical-align:top;margin:4px 6px;'
            f'padding:6px 10px;border-radius:12px;background:rgba(0,0,0,.25);color:#fff;{ring}text-align:center">'
            f'<div style="font:bold 16px sans-serif">{html.escape(names[s])}{dealer}{turn}</div>'
            f'<div style="font:14px sans-serif;margin-top:2px">{detail}</div>'
            f'<div style="font:13px sans-serif;color:#c8e6c9">{points}</div>{cards}</div>')


def femkamp_felt_html(game: FemkampGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
                      four_colour: bool = False) -> str:
    """The green felt: the other players at the top, the trick or the kabal rows in the middle, you below.

    >>> game = FemkampGame.start(seed=1)
    >>> page = femkamp_felt_html(game, 0, ["Du", "Bot 1", "Bot 2", "Bot 3"], "nb")
    >>> "cardlab-felt" in page and "Ta så få stikk som mulig" in page
    True
    """
    rnd = game.round
    players = game.players
    others = [(seat + k) % players for k in range(1, players)]
    top = "".join(_seat_box(game, s, names, lang, human=False, teacher=teacher, four_colour=four_colour) for s in others)
    name = rnd.round_name
    side = (f'<div class="cardlab-round-goal" style="display:inline-block;vertical-align:top;width:190px;color:#fff;'
            f'font:15px sans-serif;text-align:center;background:rgba(0,0,0,.2);border-radius:12px;padding:8px">'
            f'<div style="font:bold 18px sans-serif">{html.escape(round_title(name, lang))}</div>'
            f'<div style="font:bold 16px sans-serif;color:#fff59d;margin:6px 0">{html.escape(round_goal(name, lang))}</div>'
            f'<div style="font:13px sans-serif">{html.escape(tr("femkamp.table.scoring", lang, rule=round_scoring(name, lang, game.rules)))}</div>'
            f'</div>')
    if name == "kabal" and not game.is_over:
        middle = (f'<div style="color:#fff;font:bold 15px sans-serif;margin-bottom:4px">{html.escape(tr("femkamp.table.kabal", lang))}</div>'
                  f'{kabal_layout_html(rnd.layout, width=38, four_colour=four_colour, lang=lang)}')
        done = last_trick(game)
        if done is not None:
            middle += (f'<div style="color:#fff59d;font:13px sans-serif;margin-top:4px">{html.escape(tr("femkamp.table.last_trick", lang))}: '
                       f'{html.escape(trick_won(done, names).text(lang))}</div>')
    else:
        shown = list(rnd.current_trick) if name != "kabal" else []
        winner, caption = None, ""
        done = last_trick(game)
        if done is not None:
            shown = list(zip(done.seats, done.cards))
            winner = done.winner
            caption = (f'<div style="color:#fff59d;font:bold 15px sans-serif;margin-top:4px">{html.escape(tr("femkamp.table.last_trick", lang))}: '
                       f'{html.escape(trick_won(done, names).text(lang))}</div>')
        cells = []
        for s, c in shown:
            svg = card_svg(c, width=62, four_colour=four_colour, highlight=(s == winner))
            cells.append(f'<div style="display:inline-block;text-align:center;margin:0 5px">{svg}'
                         f'<div style="color:#fff;font:13px sans-serif">{html.escape(names[s])}</div></div>')
        opacity = "opacity:.85;" if done is not None else ""
        middle = f'<div style="{opacity}">{"".join(cells)}</div>{caption}'
    centre = (f'<div class="cardlab-trick-area" style="display:inline-block;vertical-align:top;min-width:430px;'
              f'min-height:130px;text-align:center;margin-left:10px">{middle}</div>')
    me = _seat_box(game, seat, names, lang, human=True, teacher=teacher, four_colour=four_colour)
    return (f'<div class="cardlab-felt" style="text-align:center">'
            f'<div>{top}</div><div style="margin:10px 0">{side}{centre}</div><div>{me}</div></div>')


def resolve_rules(rules: Any, players: int | None = None) -> FemkampRules:
    """A preset name, a :class:`FemkampRules` or its dict (and optionally a player count) as rules."""
    if rules is None:
        resolved = FemkampRules()
    elif isinstance(rules, str):
        resolved = FemkampRules.preset(rules)
    elif isinstance(rules, dict):
        resolved = FemkampRules.from_dict(rules)
    elif isinstance(rules, FemkampRules):
        resolved = rules
    else:
        raise RulesError("rules.invalid", field="rules", problem="give a preset name (such as \"classic\") or a FemkampRules object.")
    if players is not None and players != resolved.players:
        resolved = resolved.replace(players=players)
    return resolved


# --------------------------------------------------------------- the table
class FemkampTable(TableBase):
    """An interactive Femkamp table: one human seat against :class:`FemkampBot` players.

    ``rules``: a preset name (``"classic"`` …), a :class:`FemkampRules` or its dict;
    ``players`` (3–5) overrides the preset's.  ``bots``: None (a FemkampBot per
    other seat), one bot for every seat, or a list with one per seat.  ``names``:
    one per seat.  ``teacher=True`` shows every hand and each bot's reason.
    """

    def __init__(self, rules: Any = "classic", *, players: int | None = None, rng=None, lang: str = "sv",
                 seat: int = 0, bots: Any = None, names: Sequence[str] | None = None, teacher: bool = False,
                 four_colour: bool = False, auto: bool = False, speed: str = "normal") -> None:
        super().__init__(lang=lang, auto=auto, speed=speed)
        self.seat = seat
        self._names_given = list(names) if names is not None else None
        self._bots_given = bots
        self._base_seed = derive_seed(rng)
        self._games_started = 0
        self._hinted: Any = None
        self._build(teacher=teacher, four_colour=four_colour)
        first = resolve_rules(rules, players)
        self.players_dropdown.value = first.players
        self.new_game(first, rng=self._base_seed)

    # ------------------------------------------------------------ building
    def _build(self, *, teacher: bool, four_colour: bool) -> None:
        self.style_html = W.HTML(FELT_CSS, layout=W.Layout(height="0px", overflow="hidden"))
        self.title_html = with_classes(W.HTML(), "cardlab-title")
        self.felt = with_classes(W.HTML(), "cardlab-felt-box")
        self.status_html = with_classes(W.HTML(), "cardlab-status")
        self.hand_label = with_classes(W.HTML(), "cardlab-line")
        self._card_pool = []
        for index in range(MAX_HAND):
            button = with_classes(W.Button(layout=W.Layout(width="64px", height="92px")), "cardlab-card-btn")
            button.style.font_size = "22px"
            button.style.font_weight = "bold"
            button.on_click(lambda _, i=index: self._on_card(i))
            self._card_pool.append(button)
        self.prikk_button = with_classes(W.Button(layout=W.Layout(width="auto", height="48px")), "cardlab-prikk")
        self.prikk_button.on_click(lambda _: self.prikk())
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool + [self.prikk_button],
                                                                      layout=W.Layout(flex_flow="row wrap", align_items="center"))]),
                                     "cardlab-hand-box")
        self.hint_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.undo_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-undo")
        self.undo_button.on_click(lambda _: self.undo())
        presets = FemkampRules.presets()
        self.preset_dropdown = with_classes(W.Dropdown(options=presets, value="classic" if "classic" in presets else presets[0],
                                                       layout=W.Layout(width="260px")), "cardlab-preset")
        self.players_dropdown = with_classes(W.Dropdown(options=[3, 4, 5], value=4, layout=W.Layout(width="150px")),
                                             "cardlab-players")
        self.new_game_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-new-game")
        self.new_game_button.on_click(lambda _: self.new_game(self.preset_dropdown.value))
        self.teacher_toggle = with_classes(W.ToggleButton(value=teacher, layout=W.Layout(width="auto")), "cardlab-teacher")
        self.four_colour_box = with_classes(W.Checkbox(value=four_colour, indent=False, layout=W.Layout(width="auto")),
                                            "cardlab-four-colour")
        self.teacher_toggle.observe(lambda _: self.refresh(), names="value")
        self.four_colour_box.observe(lambda _: self.refresh(), names="value")
        self.protokoll_title = with_classes(W.HTML(), "cardlab-protokoll-title")
        self.protokoll_html = with_classes(W.HTML(), "cardlab-protokoll")
        settings = W.HBox([self.language_dropdown, self.preset_dropdown, self.players_dropdown, self.new_game_button,
                           self.teacher_toggle, self.four_colour_box], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        controls = W.HBox([self.next_button, self.auto_toggle, self.speed_dropdown, self.hint_button, self.undo_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        table = with_classes(W.VBox([self.title_html, self.felt, self.status_html, self.hand_box, controls,
                                     self.message_html, self.log_html]), "cardlab-felt-table", "cardlab-femkamp-table")
        protokoll = with_classes(W.VBox([self.protokoll_title, self.protokoll_html]), "cardlab-protokoll-box")
        self._root = with_classes(W.VBox([self.style_html, settings, table, protokoll]), "cardlab-femkamp")

    @property
    def widget(self) -> W.VBox:
        """The whole table as one widget (what ``display(table)`` shows)."""
        return self._root

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> FemkampGame:
        return self.match.game

    @property
    def teacher(self) -> bool:
        return self.teacher_toggle.value

    @property
    def four_colour(self) -> bool:
        return self.four_colour_box.value

    def _raw_names(self) -> list[Any]:
        return self._names_given or default_names(self.rules.players, self.seat)

    def names(self) -> list[str]:
        """The seat names in the current language."""
        return [name_text(n, self.lang) for n in self._raw_names()]

    @property
    def card_buttons(self) -> list[W.Button]:
        """One button per card of your hand, in hand order."""
        return self._card_pool[: len(self.game.round.hands[self.seat])]

    @property
    def hand(self) -> list[Card]:
        return list(self.game.round.hands[self.seat])

    def new_game(self, rules: Any = None, *, rng=None) -> None:
        """Start a new femkamp with a preset name or rules object (a new seeded deal unless ``rng`` is given).

        The number of players comes from the players dropdown unless ``rules`` is a rules object.
        """
        self.stop_auto()
        chosen = rules if rules is not None else self.preset_dropdown.value
        players = None if isinstance(chosen, (FemkampRules, dict)) else self.players_dropdown.value
        resolved = resolve_rules(chosen, players)
        if not 0 <= self.seat < resolved.players:
            raise RulesError("rules.invalid", field="seat", problem=f"choose a seat from 0 to {resolved.players - 1}.")
        if self._names_given is not None and len(self._names_given) != resolved.players:
            raise RulesError("rules.invalid", field="names", problem=f"give {resolved.players} names, one per seat.")
        seed = derive_seed(rng) if rng is not None else derive_seed(child_rng(self._base_seed, self._games_started))
        self._games_started += 1
        self.rules = resolved
        self.match = Match.new("femkamp", resolved, rng=seed)
        self.game.lang = self.lang
        self.bots = self._make_bots(resolved.players)
        self._hinted = None
        self._log.clear()
        if isinstance(chosen, str) and chosen in FemkampRules.presets():
            self.preset_dropdown.value = chosen
        if self.players_dropdown.value != resolved.players:
            self.players_dropdown.value = resolved.players
        first = self.game.round_name
        self.show(Message("femkamp.table.welcome", {"round": Message(f"femkamp.title.{first}"),
                                                     "goal": Message(f"femkamp.goal.{first}")}))
        self.refresh()
        self.after_human_move()

    def _make_bots(self, players: int) -> dict[int, Any]:
        given = self._bots_given
        bots = {}
        for s in range(players):
            if s == self.seat:
                continue
            if given is None:
                bots[s] = FemkampBot()
            elif isinstance(given, (list, tuple)):
                bots[s] = given[s]
            else:
                bots[s] = given
        return bots

    # ---------------------------------------------------------------- moves
    def _apply(self, act: Any, reason: Any = None) -> bool:
        """Apply ``act`` through the match and say what happened (a refusal becomes the message line)."""
        game = self.game
        rounds = len(game.results)
        tricks = len(game.round.completed_tricks) if game.round.round_name != "kabal" else 0

        if not self.attempt(lambda: self.match.apply(act)):
            return False
        game = self.game
        names = self._raw_names()
        finished = game.finished_rounds[-1] if len(game.results) > rounds else game.round
        prikks = finished.prikks[act.seat] if isinstance(act, Prikk) else 0
        said: list[Any] = [describe_move(act, names[act.seat], prikks)]
        if reason is not None and self.teacher:
            said.append(Message("femkamp.table.bot_reason", {"name": names[act.seat], "reason": reason}))
        tone = "info"
        if finished.round_name != "kabal" and len(finished.completed_tricks) > tricks:
            trick = finished.completed_tricks[-1]
            said.append(trick_won(trick, names))
            tone = "good" if trick.winner == self.seat else "info"
        if len(game.results) > rounds:
            if finished.round_name == "kabal":
                out = names[finished.out_seat]
                said.append(Message(person_key("femkamp.table.went_out", out), {"name": out}))
            said.append(Message("femkamp.table.round_over", {"round": Message(f"femkamp.title.{finished.round_name}")}))
            if not game.is_over:
                nxt = game.round_name
                said.append(Message("femkamp.table.next_round", {"round": Message(f"femkamp.title.{nxt}"),
                                                                  "goal": Message(f"femkamp.goal.{nxt}")}))
        if game.is_over:
            winners = ", ".join(self.names()[s] for s in game.winners()) or ", ".join(self.names()[s] for s in game.leaders())
            said.append(Message("femkamp.table.game_over",
                                {"winner": Message("femkamp.sheet.winner", {"names": winners})}))
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

    def prikk(self) -> bool:
        """Say "prikk" (the Prikk button): allowed only in the kabal round when none of your cards fits."""
        if self._apply(Prikk(self.seat)):
            self.refresh()
            self.after_human_move()
            return True
        return False

    def bot_to_move(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and to_move != self.seat

    def bot_step(self) -> None:
        s = self.game.to_move
        bot = self.bots[s]
        view = self.game.view(s)
        if hasattr(bot, "decide"):
            decision = bot.decide(view)
            self._apply(decision.action, decision.reason)
        else:
            self._apply(bot.choose(view))

    def hint(self) -> None:
        """Show what the friendly bot would do in your place, and why (one sentence)."""
        if self.game.to_move != self.seat:
            self.show(Message("femkamp.table.hint_wait"), tone="hint", log=False)
        else:
            decision = FemkampBot().decide(self.game.view(self.seat))
            act = decision.action
            what = (Message("femkamp.table.hint_prikk") if isinstance(act, Prikk)
                    else Message("femkamp.table.hint_play", {"card": act.card}))
            self._hinted = act
            self.show(Message("femkamp.table.hint", {"action": what, "reason": decision.reason}), tone="hint", log=False)
        self.refresh()

    def _human_moves(self) -> list[int]:
        return [i for i, a in enumerate(self.match.actions) if a.seat == self.seat]

    def undo(self) -> None:
        """Take back everything since (and including) your previous move."""
        self.stop_auto()
        mine = self._human_moves()
        if not mine:
            self.show(Message("femkamp.table.nothing_to_undo"), tone="error", log=False)
        else:
            self.match.undo(len(self.match.actions) - mine[-1])
            self.game.lang = self.lang
            self._hinted = None
            self.show(Message("femkamp.table.undone"))
        self.refresh()

    def set_language(self, lang: str) -> None:
        super().set_language(lang)
        self.game.lang = self.lang

    # ---------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw every part of the table from the match state, in the current language."""
        lang, game, seat = self.lang, self.game, self.seat
        names = self.names()
        self._label_controls()
        self.hint_button.description = tr("widget.hint", lang)
        self.hint_button.tooltip = tr("widget.hint_tip", lang)
        self.undo_button.description = tr("widget.undo", lang)
        self.undo_button.tooltip = tr("widget.undo_tip", lang)
        self.undo_button.disabled = not self._human_moves()
        self.new_game_button.description = tr("widget.new_game", lang)
        self.preset_dropdown.description = tr("widget.rules", lang)
        self.players_dropdown.description = tr("femkamp.table.players", lang)
        value = self.preset_dropdown.value
        options = [(tr(f"widget.preset.femkamp.{p}", lang) if has_message(f"widget.preset.femkamp.{p}") else p, p)
                   for p in FemkampRules.presets()]
        if list(self.preset_dropdown.options) != options:
            self.preset_dropdown.options = options
            self.preset_dropdown.value = value
        self.teacher_toggle.description = tr("widget.teacher", lang)
        self.teacher_toggle.tooltip = tr("widget.teacher_tip", lang)
        self.four_colour_box.description = tr("widget.four_colour", lang)
        my_turn = game.to_move == seat
        self.hint_button.disabled = not my_turn

        number = game.round_index + 1
        line = tr("femkamp.table.round_line", lang, n=number, round=round_title(game.round_name, lang))
        self.title_html.value = (f'<div style="color:#fff;font:bold 20px sans-serif;text-align:center">♠ ♥ Femkamp ♦ ♣'
                                 f'<div style="font:15px sans-serif">{html.escape(line)}</div></div>')
        self.felt.value = femkamp_felt_html(game, seat, names, lang, teacher=self.teacher, four_colour=self.four_colour)
        legal = list(game.legal_actions()) if my_turn else []
        must_prikk = my_turn and legal and all(isinstance(a, Prikk) for a in legal)
        if game.is_over:
            status = ""
        elif must_prikk:
            status = tr("femkamp.table.your_prikk", lang)
        elif my_turn:
            status = tr("femkamp.table.your_play", lang)
        elif self.auto_toggle.value:
            status = tr("femkamp.table.thinking", lang, name=names[game.to_move])
        else:
            status = tr("femkamp.table.waiting", lang, name=names[game.to_move])
        self.status_html.value = (f'<div style="color:#fff;font:bold 18px sans-serif;text-align:center;margin:4px">'
                                  f'{html.escape(status)}</div>')
        self._draw_hand(legal, my_turn, must_prikk)
        self._draw_messages()
        self.protokoll_title.value = f'<div style="font:bold 17px sans-serif">{html.escape(tr("femkamp.table.protokoll", lang))}</div>'
        self.protokoll_html.value = score_sheet_html(game, names=names, lang=lang)

    def _draw_hand(self, legal: list[Any], my_turn: bool, must_prikk: bool) -> None:
        lang, seat, game = self.lang, self.seat, self.game
        hand = game.round.hands[seat] if not game.is_over else []
        playable = {a.card for a in legal if isinstance(a, Play)} if my_turn else None
        self.hand_label.value = html.escape(tr("femkamp.table.your_hand", lang))
        for index, button in enumerate(self._card_pool):
            if index >= len(hand):
                button.layout.display = "none"
                continue
            card = hand[index]
            button.layout.display = ""
            button.description = str(card)
            illegal = playable is not None and card not in playable
            hinted = self._hinted == Play(seat, card)
            button.style.text_color = "#9e9e9e" if illegal else suit_colour(card.suit, self.four_colour)
            button.style.button_color = "#e0e0e0" if illegal else ("#fff8e1" if hinted else "#ffffff")
            set_classes(button, [c for c, on in (("cardlab-illegal", illegal), ("cardlab-hinted", hinted)) if on],
                        ["cardlab-illegal", "cardlab-hinted"])
            reason = self.match.why_illegal(Play(seat, card), lang) if illegal else None
            button.tooltip = card_name(card, lang) + (f" — {reason}" if reason else "")
        in_kabal = game.round.round_name == "kabal" and not game.is_over
        self.prikk_button.layout.display = "" if in_kabal else "none"
        self.prikk_button.description = tr("femkamp.table.prikk", lang)
        reason = self.match.why_illegal(Prikk(seat), lang) if (in_kabal and my_turn and not must_prikk) else None
        self.prikk_button.tooltip = tr("femkamp.table.prikk_tip", lang) + (f" — {reason}" if reason else "")
        set_classes(self.prikk_button, ["cardlab-illegal"] if not must_prikk else ["cardlab-hinted"],
                    ["cardlab-illegal", "cardlab-hinted"])
