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
and ``bot_step()`` (let that bot act once).  :class:`GameTable` (one human seat
against bots over a Match: the Plump, Femkamp and Rummy tables) already does,
and adds the top bar, hint, undo, new game and the score sheet.  The base gives it:

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

from .._rng import child_rng, derive_seed
from ..cards import Card
from ..display.cards import suit_colour
from ..errors import CardlabError, RulesError
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message, check_language, has_message, rank_name, suit_name, tr
from ..match import Match
from . import felt

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


def default_names(players: int, seat: int) -> list[Any]:
    """Names for the seats: "Du"/"You" for the human, "Bot 1" … for the others (as Messages).

    >>> [n.text("en") for n in default_names(3, 1)]
    ['Bot 0', 'You', 'Bot 2']
    """
    return [Message("widget.you") if s == seat else Message("widget.bot_name", {"n": s}) for s in range(players)]


def name_text(name: Any, lang: str) -> str:
    """A seat name in ``lang`` (a Message such as "Du"/"You", or a plain name)."""
    return name.text(lang) if isinstance(name, Message) else str(name)


def card_name(card: Card, lang: str) -> str:
    """ "hjärter kung" / "king of hearts" (for tooltips and screen readers).

    >>> card_name(Card.parse("KH"), "en")
    'king of hearts'
    """
    return tr("widget.card_name", lang, suit=suit_name(card.suit, lang), rank=rank_name(card.rank, lang))


def person_key(key: str, name: Any) -> str:
    """``key + ".you"`` when ``name`` is the table's "Du/You" and the catalogue has that form
    (English says "You play", not "You plays").

    >>> from cardlab.i18n import register
    >>> register({"demo.waves": {"sv": "{name} vinkar.", "nb": "{name} vinker.", "en": "{name} waves."},
    ...           "demo.waves.you": {"sv": "{name} vinkar.", "nb": "{name} vinker.", "en": "{name} wave."}})
    >>> Message(person_key("demo.waves", Message("widget.you")), {"name": Message("widget.you")}).text("en")
    'You wave.'
    >>> person_key("demo.waves", "Kari")
    'demo.waves'

    """
    you = isinstance(name, Message) and name.key == "widget.you"
    return f"{key}.you" if you and has_message(f"{key}.you") else key


def resolve_rules(rules_class: type, rules: Any, players: int | None = None, *, default: Any = None,
                  example: str = "classic") -> Any:
    """A preset name, a rules object or its dict (and optionally a player count) as a ``rules_class`` object.

    ``None`` gives ``default`` (or ``rules_class()``); anything else is refused with a RulesError naming
    the field ``rules``.
    """
    if rules is None:
        resolved = default if default is not None else rules_class()
    elif isinstance(rules, str):
        resolved = rules_class.preset(rules)
    elif isinstance(rules, dict):
        resolved = rules_class.from_dict(rules)
    elif isinstance(rules, rules_class):
        resolved = rules
    else:
        raise RulesError("rules.invalid", field="rules",
                         problem=f"give a preset name (such as \"{example}\") or a {rules_class.__name__} object.")
    if players is not None and players != resolved.players:
        resolved = resolved.replace(players=players)
    return resolved


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


class GameTable(TableBase):
    """One human seat against bots over a :class:`cardlab.match.Match`: what every game table shares.

    The Plump, Femkamp and Rummy tables are subclasses.  This class builds the
    top bar (language, rules preset, players, *Nytt spel*, teacher mode,
    four-colour cards), the title, felt, status line, hand and the controls
    (*Nästa*, automatic, *Tips*, *Ångra*), the score sheet under the table, and
    runs new games, bot turns, hints and undo.  A subclass names its game in the
    class attributes below and supplies:

    * ``resolve(chosen, players)``: the rules object for a preset name, rules or dict;
    * ``welcome(rules)``: the first message of a new game;
    * ``_build_game()``: its own widgets, returned as the rows between the felt and the controls;
    * ``_apply(act, reason=None)``: apply a move through the match and say what happened (True if it was allowed);
    * ``hint_words(act)``: the hint's action ("spela K♠");
    * ``round_line()``, ``felt_html(names)``, ``your_turn_text()`` and ``_draw_game(my_turn)`` for ``refresh()``.
    """

    game_type = ""            #: the Match game name ("plump", "femkamp", "rummy")
    game_title = ""           #: shown in the title ("Plump")
    rules_class: Any = None   #: the rules class (its presets fill the preset dropdown)
    bot_class: Any = None     #: the friendly bot that plays the other seats and gives hints
    score_sheet: Any = None   #: ``score_sheet(game, names=, lang=)`` -> the protokoll's HTML
    preset_key = "widget.preset.{}"  #: catalogue key of a preset's name
    default_preset = "classic"
    preset_width = "260px"
    player_choices: tuple[int, ...] | None = None  #: the players dropdown (None: no dropdown)
    default_players = 4
    max_hand = 13             #: how many card buttons to build
    card_toggles = False      #: True: cards are toggle buttons you select; False: a click plays the card
    css = felt.FELT_CSS

    def __init__(self, *, lang: str, seat: int, bots: Any, names: Any, teacher: bool, four_colour: bool,
                 rng: Any, auto: bool, speed: str) -> None:
        super().__init__(lang=lang, auto=auto, speed=speed)
        self.seat = seat
        self._names_given = list(names) if names is not None else None
        self._bots_given = bots
        self._base_seed = derive_seed(rng)
        self._games_started = 0
        self._hinted: Any = None
        self._build(teacher=teacher, four_colour=four_colour)

    # ------------------------------------------------------------ building
    def _build(self, *, teacher: bool, four_colour: bool) -> None:
        self.style_html = W.HTML(self.css, layout=W.Layout(height="0px", overflow="hidden"))
        self.title_html = with_classes(W.HTML(), "cardlab-title")
        self.felt = with_classes(W.HTML(), "cardlab-felt-box")
        self.status_html = with_classes(W.HTML(), "cardlab-status")
        self.hand_label = with_classes(W.HTML(), "cardlab-line")
        self._card_pool = [self._card_button(index) for index in range(self.max_hand)]
        self.hint_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.undo_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-undo")
        self.undo_button.on_click(lambda _: self.undo())
        presets = self.rules_class.presets()
        self.preset_dropdown = with_classes(W.Dropdown(
            options=presets, value=self.default_preset if self.default_preset in presets else (presets[0] if presets else None),
            layout=W.Layout(width=self.preset_width)), "cardlab-preset")
        self.players_dropdown = None
        if self.player_choices is not None:
            self.players_dropdown = with_classes(W.Dropdown(options=list(self.player_choices), value=self.default_players,
                                                            layout=W.Layout(width="150px")), "cardlab-players")
        self.new_game_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-new-game")
        self.new_game_button.on_click(lambda _: self.new_game(self.preset_dropdown.value))
        self.teacher_toggle = with_classes(W.ToggleButton(value=teacher, layout=W.Layout(width="auto")), "cardlab-teacher")
        self.four_colour_box = with_classes(W.Checkbox(value=four_colour, indent=False, layout=W.Layout(width="auto")),
                                            "cardlab-four-colour")
        self.teacher_toggle.observe(lambda _: self.refresh(), names="value")
        self.four_colour_box.observe(lambda _: self.refresh(), names="value")
        self.protokoll_title = with_classes(W.HTML(), "cardlab-protokoll-title")
        self.protokoll_html = with_classes(W.HTML(), "cardlab-protokoll")
        rows = self._build_game()
        row = W.Layout(flex_flow="row wrap", align_items="center")
        settings = W.HBox([self.language_dropdown, self.preset_dropdown]
                          + ([self.players_dropdown] if self.players_dropdown is not None else [])
                          + [self.new_game_button, self.teacher_toggle, self.four_colour_box], layout=row)
        controls = W.HBox([self.next_button, self.auto_toggle, self.speed_dropdown, self.hint_button, self.undo_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        table = with_classes(W.VBox([self.title_html, self.felt, *rows, controls, self.message_html, self.log_html]),
                             "cardlab-felt-table", f"cardlab-{self.game_type}-table")
        protokoll = with_classes(W.VBox([self.protokoll_title, self.protokoll_html]), "cardlab-protokoll-box")
        self._root = with_classes(W.VBox([self.style_html, settings, table, protokoll]), f"cardlab-{self.game_type}")

    def _card_button(self, index: int) -> W.Widget:
        """One card button of the hand pool: a click plays the card, or (``card_toggles``) selects it."""
        kind = W.ToggleButton if self.card_toggles else W.Button
        button = with_classes(kind(layout=W.Layout(width="64px", height="92px")), "cardlab-card-btn")
        button.style.font_size = "22px"
        button.style.font_weight = "bold"
        if self.card_toggles:
            button.observe(lambda change, i=index: self._on_toggle(i, change["new"]), names="value")
        else:
            button.on_click(lambda _, i=index: self._on_card(i))
        return button

    @abstractmethod
    def _build_game(self) -> list[W.Widget]:
        """Build the game's own widgets; return the rows that go between the felt and the controls."""

    @property
    def widget(self) -> W.VBox:
        """The whole table as one widget (what ``display(table)`` shows)."""
        return self._root

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> Any:
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
    def hand(self) -> list[Card]:
        return list(self.game.round.hands[self.seat])

    @property
    def card_buttons(self) -> list[W.Widget]:
        """One button per card of your hand, in hand order (a toggle button, pressed = selected, where you select cards)."""
        return self._card_pool[: len(self.game.round.hands[self.seat])]

    @abstractmethod
    def resolve(self, chosen: Any, players: int | None) -> Any:
        """The rules object for a preset name, rules object or dict (``players``: the dropdown's count, or None)."""

    @abstractmethod
    def welcome(self, rules: Any) -> Message:
        """The first message of a new game (``rules`` as given to :meth:`new_game`)."""

    def new_game(self, rules: Any = None, *, rng=None) -> None:
        """Start a new game with a preset name or rules object (a new seeded deal unless ``rng`` is given).

        The number of players comes from the players dropdown (where the table has one) unless
        ``rules`` is a rules object.
        """
        self.stop_auto()
        chosen = rules if rules is not None else self.preset_dropdown.value
        players = None
        if self.players_dropdown is not None and not isinstance(chosen, (self.rules_class, dict)):
            players = self.players_dropdown.value
        resolved = self.resolve(chosen, players)
        if not 0 <= self.seat < resolved.players:
            raise RulesError("rules.invalid", field="seat", problem=f"choose a seat from 0 to {resolved.players - 1}.")
        if self._names_given is not None and len(self._names_given) != resolved.players:
            raise RulesError("rules.invalid", field="names", problem=f"give {resolved.players} names, one per seat.")
        seed = derive_seed(rng) if rng is not None else derive_seed(child_rng(self._base_seed, self._games_started))
        self._games_started += 1
        self.rules = resolved
        self.match = Match.new(self.game_type, resolved, rng=seed)
        self.game.lang = self.lang
        self.bots = self._make_bots(resolved.players)
        self._clear_choices()
        self._log.clear()
        if isinstance(chosen, str) and chosen in self.rules_class.presets():
            self.preset_dropdown.value = chosen
        if self.players_dropdown is not None and self.players_dropdown.value != resolved.players:
            self.players_dropdown.value = resolved.players
        self.show(self.welcome(rules))
        self.refresh()
        self.after_human_move()

    def _first_game(self, rules: Any, players: int | None) -> None:
        """Start the first game: ``players`` (or the rules' own count) goes into the players dropdown."""
        first = self.resolve(rules, players)
        self.players_dropdown.value = first.players
        self.new_game(first, rng=self._base_seed)

    def _make_bots(self, players: int) -> dict[int, Any]:
        given = self._bots_given
        bots = {}
        for s in range(players):
            if s == self.seat:
                continue
            if given is None:
                bots[s] = self.bot_class()
            elif isinstance(given, (list, tuple)):
                bots[s] = given[s]
            else:
                bots[s] = given
        return bots

    def _clear_choices(self) -> None:
        """Forget what you had pointed at (the hint), after a move, undo or new game."""
        self._hinted = None

    # ---------------------------------------------------------------- moves
    @abstractmethod
    def _apply(self, act: Any, reason: Any = None) -> bool:
        """Apply ``act`` through the match and say what happened (a refusal becomes the message line)."""

    def _bot_reason(self, seat: int, reason: Any) -> list[Message]:
        """In teacher mode, the bot's reason for its move as a message ("(Bot 1: …)")."""
        if reason is None or not self.teacher:
            return []
        return [Message("widget.bot_reason", {"name": self._raw_names()[seat], "reason": reason})]

    def _human(self, act: Any) -> bool:
        """Make your move ``act``; in automatic mode the bots then take over.  False if it was refused."""
        if not self._apply(act):
            return False
        self._after_own_move()
        self.refresh()
        self.after_human_move()
        return True

    def _after_own_move(self) -> None:
        """Tidy the table's own choices after a move of yours was allowed (nothing to do by default)."""

    def _on_card(self, index: int) -> None:
        hand = self.game.round.hands[self.seat]
        if index < len(hand):
            self.play(hand[index])

    def bot_to_move(self) -> bool:
        to_move = self.game.to_move
        return to_move is not None and to_move != self.seat

    def bot_step(self) -> bool:
        s = self.game.to_move
        bot = self.bots[s]
        view = self.game.view(s)
        if hasattr(bot, "decide"):
            decision = bot.decide(view)
            return self._apply(decision.action, decision.reason)
        return self._apply(bot.choose(view))

    @abstractmethod
    def hint_words(self, act: Any) -> Message:
        """What the hint says to do ("spela K♠", "bjud 1")."""

    def hint(self) -> None:
        """Show what the friendly bot would do in your place, and why (one sentence)."""
        if self.game.to_move != self.seat:
            self.show(Message("widget.hint_wait"), tone="hint", log=False)
        else:
            decision = self.bot_class().decide(self.game.view(self.seat))
            what = self.hint_words(decision.action)
            self._hinted = decision.action
            self.show(Message("widget.hint_line", {"action": what, "reason": decision.reason}), tone="hint", log=False)
        self.refresh()

    def _human_moves(self) -> list[int]:
        return [i for i, a in enumerate(self.match.actions) if a.seat == self.seat]

    def undo(self) -> None:
        """Take back everything since (and including) your previous move."""
        self.stop_auto()
        mine = self._human_moves()
        if not mine:
            self.show(Message("widget.nothing_to_undo"), tone="error", log=False)
        else:
            self.match.undo(len(self.match.actions) - mine[-1])
            self.game.lang = self.lang
            self._clear_choices()
            self.show(Message("widget.undone"))
        self.refresh()

    def set_language(self, lang: str) -> None:
        super().set_language(lang)
        self.game.lang = self.lang

    # ---------------------------------------------------------------- drawing
    @abstractmethod
    def round_line(self) -> str:
        """The line under the title ("Runda 2 av 9 · 4 kort var")."""

    @abstractmethod
    def felt_html(self, names: list[str]) -> str:
        """The felt's HTML for the current state."""

    @abstractmethod
    def your_turn_text(self) -> str | None:
        """The status line when it is your move (None: nothing for you to do right now)."""

    @abstractmethod
    def _draw_game(self, my_turn: bool) -> None:
        """Redraw the game's own widgets (the hand, bid or draw buttons …)."""

    def refresh(self) -> None:
        """Redraw every part of the table from the match state, in the current language."""
        self._refreshing = True
        try:
            lang, game = self.lang, self.game
            names = self.names()
            my_turn = game.to_move == self.seat
            self._label_game_controls(my_turn)
            self.title_html.value = felt.title_html(self.game_title, self.round_line())
            self.felt.value = self.felt_html(names)
            self.status_html.value = felt.status_html(self._status_text(names, my_turn))
            self._draw_game(my_turn)
            self._draw_messages()
            self.protokoll_title.value = felt.heading_html(tr("widget.protokoll", lang))
            self.protokoll_html.value = self.score_sheet(game, names=names, lang=lang)
        finally:
            self._refreshing = False

    def _status_text(self, names: list[str], my_turn: bool) -> str:
        game = self.game
        if game.is_over:
            return ""
        mine = self.your_turn_text() if my_turn else None
        if mine is not None:
            return mine
        key = "widget.thinking" if self.auto_toggle.value else "widget.waiting"
        return tr(key, self.lang, name=names[game.to_move])

    def _label_game_controls(self, my_turn: bool) -> None:
        """Re-label the top bar, hint and undo in the current language; enable what can be used now."""
        lang = self.lang
        self._label_controls()
        self.hint_button.description = tr("widget.hint", lang)
        self.hint_button.tooltip = tr("widget.hint_tip", lang)
        self.hint_button.disabled = not my_turn
        self.undo_button.description = tr("widget.undo", lang)
        self.undo_button.tooltip = tr("widget.undo_tip", lang)
        self.undo_button.disabled = not self._human_moves()
        self.new_game_button.description = tr("widget.new_game", lang)
        self.preset_dropdown.description = tr("widget.rules", lang)
        if self.players_dropdown is not None:
            self.players_dropdown.description = tr("widget.players", lang)
        value = self.preset_dropdown.value
        options = [(tr(self.preset_key.format(p), lang) if has_message(self.preset_key.format(p)) else p, p)
                   for p in self.rules_class.presets()]
        if list(self.preset_dropdown.options) != options:
            self.preset_dropdown.options = options
            self.preset_dropdown.value = value
        self.teacher_toggle.description = tr("widget.teacher", lang)
        self.teacher_toggle.tooltip = tr("widget.teacher_tip", lang)
        self.four_colour_box.description = tr("widget.four_colour", lang)

    def _draw_play_buttons(self, hand: list[Card], playable: "set[Card] | None", play: Callable[[Card], Any]) -> None:
        """Show ``hand`` on the card buttons: cards not in ``playable`` greyed out with the rule that forbids
        them in the tooltip, the hinted card marked (``play(card)`` is the move of playing it)."""
        lang = self.lang
        for index, button in enumerate(self._card_pool):
            if index >= len(hand):
                button.layout.display = "none"
                continue
            card = hand[index]
            button.layout.display = ""
            button.description = str(card)
            illegal = playable is not None and card not in playable
            hinted = self._hinted == play(card)
            button.style.text_color = "#9e9e9e" if illegal else suit_colour(card.suit, self.four_colour)
            button.style.button_color = "#e0e0e0" if illegal else ("#fff8e1" if hinted else "#ffffff")
            set_classes(button, [c for c, on in (("cardlab-illegal", illegal), ("cardlab-hinted", hinted)) if on],
                        ["cardlab-illegal", "cardlab-hinted"])
            reason = self.match.why_illegal(play(card), lang) if illegal else None
            button.tooltip = card_name(card, lang) + (f" — {reason}" if reason else "")
