"""What every cardlab game table shares: a thin ipywidgets view over a :class:`cardlab.session.TableSession`.

The session (no ipywidgets) holds the match, the seats, the bots, hints, undo,
the message line and the log; a table only draws it and passes clicks on:

1. ``__init__`` builds every child widget **once** (pools of card and bid
   buttons are hidden with ``layout.display = "none"`` when not needed) and
   never calls ``display()``; the table shows itself through
   ``_repr_mimebundle_`` (just write ``table`` as the last line of a cell).
2. ``refresh()`` redraws everything from the session in its language: labels,
   tooltips, which buttons are enabled, and the HTML of the felt, the message
   line, the log and the score sheet (all HTML is built in :mod:`cardlab.display`).
3. A callback asks the session to act and wraps the call in :meth:`TableBase.attempt`,
   which turns a :class:`cardlab.errors.CardlabError` into the message line
   instead of a traceback.  No callback decides a rule.

:class:`GameTable` (one human seat against bots: the Plump, Femkamp and Rummy
tables) adds the top bar (language, rules, players, level, *Nytt spel*,
teacher mode, four-colour cards), the hint, undo and the score sheet.  The
message line and the buttons it names (*Nästa*, *Tips*, *Ångra*) sit above the
felt, so that they share a laptop's first screen with the felt and the hand;
the settings bar sits under the table.  The
base gives every table:

* ``language_dropdown`` (sv / nb / en);
* ``message_html`` (class ``cardlab-message``) and ``log_html`` with the recent events;
* ``next_button`` (class ``cardlab-next``): one bot action per click, or
  *Nästa runda* when a round is over and the child reads what happened;
* ``auto_toggle`` + ``speed_dropdown``: bots play on by themselves until a
  human must act, resting on each finished trick long enough to read it (at
  the slowest speed, until the child clicks *Fortsätt*), and always stopping
  at the end of a round.  The session plays (:meth:`TableSession.start_auto
  <cardlab.session.TableSession.start_auto>`: an ``asyncio`` task in a kernel,
  at once with no running event loop); the table only redraws after each move.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterable, Iterator

import ipywidgets as W

from ..cards import Card
from ..display import felt
from ..display.cards import suit_colour
from ..display.felt import TONES  # noqa: F401  (the quiz's message colours)
from ..errors import CardlabError
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Message, has_message, rank_name, suit_name, tr
from ..session.base import SPEEDS, default_names, name_text, person_key, resolve_rules, text_of  # noqa: F401  (their old home)


#: Where a game can stand for the child: a bot is to move, it is your move, a trick or a round is being read, the game is over.
MOMENTS = ("bots-turn", "my-turn", "reading", "round-end", "game-over")


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


def widget_tree(root: W.Widget) -> list[W.Widget]:
    """Every widget under ``root``: children, and their layout and style objects (which are widgets too).

    >>> box = W.VBox([W.Button(), W.HTML()])
    >>> sorted(type(w).__name__ for w in widget_tree(box))
    ['Button', 'ButtonStyle', 'HTML', 'HTMLStyle', 'Layout', 'Layout', 'Layout', 'VBox']
    """
    found: list[W.Widget] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        found.append(widget)
        for part in ("layout", "style"):
            sub = getattr(widget, part, None)
            if isinstance(sub, W.Widget):
                stack.append(sub)
        stack.extend(getattr(widget, "children", ()) or ())
    return found


@contextmanager
def one_update_per_widget(widgets: Iterable[W.Widget]) -> Iterator[None]:
    """Hold every widget's changes until the block ends, then send each changed widget's state once
    (the first widget's last).

    A redraw changes a card button's label, colour, tooltip and classes one by one; sent
    as they happen that is a message each, and with thirty pupils on one server every
    message counts (the server forwards each one to a browser).  Held, each widget sends
    one message with all its changed fields, and unchanged widgets send nothing.
    """
    with ExitStack() as stack:
        for widget in widgets:
            stack.enter_context(widget.hold_sync())
        yield


def card_name(card: Card, lang: str) -> str:
    """ "hjärter kung" / "king of hearts" (for tooltips and screen readers).

    >>> card_name(Card.parse("KH"), "en")
    'king of hearts'
    """
    return tr("widget.card_name", lang, suit=suit_name(card.suit, lang), rank=rank_name(card.rank, lang))


class TableBase(ABC):
    """The shared skeleton of an interactive table over a session (see the module docstring).

    A subclass sets ``self.session`` before calling ``super().__init__`` and supplies ``refresh()``.
    """

    session: Any

    def __init__(self, *, auto: bool = False, speed: str = "normal") -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self._refreshing = False
        self.language_dropdown = with_classes(
            W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
                       layout=W.Layout(width="150px")), "cardlab-language")
        self.message_html = with_classes(W.HTML(), "cardlab-message")
        self.log_html = with_classes(W.HTML(), "cardlab-log")
        self.next_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-next")
        self.auto_toggle = with_classes(W.ToggleButton(value=auto, layout=W.Layout(width="auto")), "cardlab-auto")
        self.speed_dropdown = with_classes(W.Dropdown(options=[(tr(f"widget.speed.{name}", self.lang), name) for name in SPEEDS],
                                                      value=speed, layout=W.Layout(width="160px"),
                                                      style={"description_width": "initial"}), "cardlab-speed")
        self.language_dropdown.observe(self._on_language, names="value")
        self.next_button.on_click(lambda _: self.next())
        self.auto_toggle.observe(self._on_auto, names="value")

    # ------------------------------------------------------------ the session
    @property
    def lang(self) -> str:
        return self.session.lang

    @abstractmethod
    def refresh(self) -> None:
        """Redraw every child from the session (the only place a table changes what it shows)."""

    def message_text(self) -> str:
        """The message line as plain text in the current language."""
        return self.session.message_text()

    def show(self, *items: Any, tone: str = "info") -> None:
        """Put ``items`` (Messages, re-worded on a language switch) on the message line."""
        self.session.show(*items, tone=tone)

    def _draw_messages(self) -> None:
        session = self.session
        self.message_html.value = felt.message_html(session.message_text(), session.message.tone)
        self.log_html.value = felt.log_html(tr("widget.log", self.lang), session.log_lines())

    def _label_controls(self) -> None:
        """Re-label the shared controls in the current language."""
        lang = self.lang
        self.language_dropdown.description = tr("widget.language", lang)
        paused = self.session.paused
        if paused == "round":
            self.next_button.description = tr("widget.next_round", lang)
        elif paused == "trick":
            self.next_button.description = tr("widget.continue", lang)
        else:
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
        self.next_button.disabled = not (paused is not None or self.session.bot_to_move())
        set_classes(self.next_button, ["cardlab-read-on"] if paused is not None else [], ["cardlab-read-on"])

    # ------------------------------------------------------------- callbacks
    def attempt(self, do: Callable[[], Any]) -> bool:
        """Run ``do()``; a CardlabError becomes the message line (in the player's language).  True if it worked."""
        try:
            do()
        except CardlabError as exc:
            self.session.show_error(exc)
            self.refresh()
            return False
        return True

    def _on_language(self, change: dict) -> None:
        self.set_language(change["new"])

    def set_language(self, lang: str) -> None:
        """Switch every word on the table to ``lang`` ("sv", "nb" or "en")."""
        self.session.set_language(lang)
        if self.language_dropdown.value != self.lang:
            self.language_dropdown.value = self.lang  # observer calls back here once
            return
        self.refresh()

    # ------------------------------------------------------------- bot turns
    @property
    def delay(self) -> float:
        """Seconds between bot moves in automatic mode."""
        return SPEEDS[self.speed_dropdown.value]

    def bot_to_move(self) -> bool:
        return self.session.bot_to_move()

    def step(self) -> bool:
        """Let one bot act.  False if no bot is to move (or its move was refused)."""
        if not self.session.bot_to_move():
            return False
        moved = self.session.bot_step()
        self.refresh()
        return moved

    def next(self) -> None:
        """The Next button: read on after a round or a trick, else let one bot act."""
        if self.session.paused is not None:
            self.session.resume()
            self.refresh()
            if self.auto_toggle.value:
                self.start_auto()
            return
        self.step()

    def run_bots(self, max_steps: int = 100_000) -> int:
        """Let the bots play, synchronously, until a human must act or the game is over; returns the moves made
        (reading past the ends of rounds, as if the child clicked *Nästa runda*: for scripts and tests)."""
        steps = self.session.run_bots(max_steps)
        self.refresh()
        return steps

    def _on_auto(self, change: dict) -> None:
        if change["new"]:
            self.start_auto()
        else:
            self.stop_auto()
        self.refresh()

    def start_auto(self) -> None:
        """Let the session play the bots' moves by themselves (:meth:`cardlab.session.TableSession.start_auto`),
        redrawing after each; it stops when the toggle is turned off."""
        self.session.start_auto(lambda: self.speed_dropdown.value, self.refresh, lambda: bool(self.auto_toggle.value))

    def stop_auto(self) -> None:
        """Stop a running automatic play (the toggle stays as it is)."""
        self.session.stop_auto()

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
        """The table widget; its plain-text stand-in (what a page shows before the widget is drawn)
        is a "wait a moment" sentence in the table's language, not ``VBox(children=…)``."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = tr("widget.before_run", getattr(self, "lang", "en"))
        return bundle


class GameTable(TableBase):
    """One human seat against bots: the view over a :class:`cardlab.session.TableSession` that every game table shares.

    The Plump, Femkamp and Rummy tables are subclasses.  This class builds the
    top bar (language, rules preset, players, level, *Nytt spel*, teacher mode,
    four-colour cards, under the table), the title, the message line, the
    controls (*Nästa*, *Tips*, *Ångra*, automatic), the felt, status line, hand,
    the log and the score sheet.  A subclass names its session class and supplies:

    * ``_build_game()``: its own widgets, returned as the rows between the felt and the controls;
    * ``round_line()``, ``felt_html(names)``, ``your_turn_text()`` and ``_draw_game(my_turn)`` for ``refresh()``.
    """

    session_class: Any = None  #: the TableSession subclass of the game
    game_title = ""            #: shown in the title ("Plump")
    score_sheet: Any = None    #: ``score_sheet(game, names=, lang=)`` -> the protokoll's HTML
    preset_key = "widget.preset.{}"  #: catalogue key of a preset's name
    preset_width = "200px"
    player_choices: tuple[int, ...] | None = None  #: the players dropdown (None: no dropdown)
    max_hand = 13              #: how many card buttons to build
    card_toggles = False       #: True: cards are toggle buttons you select; False: a click plays the card
    css = felt.FELT_CSS

    def __init__(self, rules: Any, *, players: int | None = None, lang: str = "sv", seat: int = 0, bots: Any = None,
                 names: Any = None, teacher: bool = False, four_colour: bool = False, rng: Any = None,
                 auto: bool = False, speed: str = "normal", level: str = "medium") -> None:
        self.session = self.session_class(rules, players=players, seat=seat, bots=bots, names=names, rng=rng, lang=lang,
                                          teacher=teacher, level=level)
        super().__init__(auto=auto, speed=speed)
        self._build(teacher=teacher, four_colour=four_colour)
        self._sync_dropdowns(rules)
        self.refresh()
        self.after_human_move()

    # ------------------------------------------------------------ building
    def _build(self, *, teacher: bool, four_colour: bool) -> None:
        from ..bots.levels import available_levels, level_name

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
        presets = self.session.rules_class.presets()
        default = self.session.default_rules
        self.preset_dropdown = with_classes(W.Dropdown(
            options=presets, value=default if default in presets else (presets[0] if presets else None),
            layout=W.Layout(width=self.preset_width)), "cardlab-preset")
        self.players_dropdown = None
        if self.player_choices is not None:
            self.players_dropdown = with_classes(W.Dropdown(options=list(self.player_choices), value=self.session.players,
                                                            layout=W.Layout(width="110px")), "cardlab-players")
        levels = available_levels(self.session.game_type)
        self.level_dropdown = with_classes(W.Dropdown(options=[(level_name(v, self.lang), v) for v in levels],
                                                      value=self.session.level, layout=W.Layout(width="150px")),
                                           "cardlab-level")
        self.level_dropdown.observe(self._on_level, names="value")
        self.new_game_button = with_classes(W.Button(layout=W.Layout(width="auto")), "cardlab-new-game")
        self.new_game_button.on_click(lambda _: self.new_game(self.preset_dropdown.value))
        self.teacher_toggle = with_classes(W.ToggleButton(value=teacher, layout=W.Layout(width="auto")), "cardlab-teacher")
        self.four_colour_box = with_classes(W.Checkbox(value=four_colour, indent=False, layout=W.Layout(width="auto")),
                                            "cardlab-four-colour")
        self.teacher_toggle.observe(self._on_teacher, names="value")
        self.four_colour_box.observe(lambda _: self.refresh(), names="value")
        self.protokoll_title = with_classes(W.HTML(), "cardlab-protokoll-title")
        self.protokoll_html = with_classes(W.HTML(), "cardlab-protokoll")
        rows = self._build_game()
        for dropdown in (self.language_dropdown, self.preset_dropdown, self.players_dropdown, self.level_dropdown):
            if dropdown is not None:              # the label as wide as its word: one short row on a 1024 px screen
                dropdown.style.description_width = "initial"
        settings = with_classes(W.HBox([self.language_dropdown, self.preset_dropdown]
                                       + ([self.players_dropdown] if self.players_dropdown is not None else [])
                                       + [self.level_dropdown, self.new_game_button, self.teacher_toggle, self.four_colour_box],
                                       layout=W.Layout(flex_flow="row wrap", align_items="center")), "cardlab-settings")
        controls = with_classes(W.HBox([self.next_button, self.hint_button, self.undo_button, self.auto_toggle, self.speed_dropdown],
                                       layout=W.Layout(flex_flow="row wrap", align_items="center")), "cardlab-controls")
        # what the child reads and the buttons it names come first, above the felt, so that a laptop's first
        # screen holds them together with the felt and the hand
        self._table = with_classes(W.VBox([self.title_html, self.message_html, controls, self.felt, *rows, self.log_html]),
                                   "cardlab-felt-table", f"cardlab-{self.session.game_type}-table")
        table = self._table
        protokoll = with_classes(W.VBox([self.protokoll_title, self.protokoll_html]), "cardlab-protokoll-box")
        # the settings are for whoever sets the game up: under the table, so the child's first screen is the table
        self._root = with_classes(W.VBox([self.style_html, table, settings, protokoll]), f"cardlab-{self.session.game_type}")
        # the message line is sent last in every redraw: when a page sees it change, the rest has arrived
        self._synced_widgets = [self.message_html] + [w for w in widget_tree(self._root) if w is not self.message_html]

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
        """Build the game's own widgets; return the rows that go between the felt and the message line."""

    @property
    def widget(self) -> W.VBox:
        """The whole table as one widget (what ``display(table)`` shows)."""
        return self._root

    # ------------------------------------------------------------ game state
    @property
    def match(self) -> Any:
        return self.session.match

    @match.setter
    def match(self, match: Any) -> None:
        self.session.set_match(match)

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def rules(self) -> Any:
        return self.session.rules

    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def bots(self) -> dict[int, Any]:
        return self.session.bots

    @property
    def teacher(self) -> bool:
        return self.teacher_toggle.value

    @property
    def four_colour(self) -> bool:
        return self.four_colour_box.value

    def names(self) -> list[str]:
        """The seat names in the current language."""
        return self.session.names()

    @property
    def hand(self) -> list[Card]:
        return self.session.hand

    @property
    def card_buttons(self) -> list[W.Widget]:
        """One button per card of your hand, in hand order (a toggle button, pressed = selected, where you select cards)."""
        return self._card_pool[: len(self.game.round.hands[self.seat])]

    # --------------------------------------------------------------- actions
    def _sync_dropdowns(self, chosen: Any) -> None:
        presets = self.session.rules_class.presets()
        if isinstance(chosen, str) and chosen in presets:
            self.preset_dropdown.value = chosen
        if self.players_dropdown is not None and self.players_dropdown.value != self.session.players:
            self.players_dropdown.value = self.session.players

    def new_game(self, rules: Any = None, *, rng: Any = None) -> None:
        """Start a new game with a preset name or rules object (a new seeded deal unless ``rng`` is given).

        The number of players comes from the players dropdown (where the table has one) unless
        ``rules`` is a rules object.
        """
        self.stop_auto()
        chosen = rules if rules is not None else self.preset_dropdown.value
        players = None
        if self.players_dropdown is not None and isinstance(chosen, str):
            players = self.players_dropdown.value
        if self.attempt(lambda: self.session.new_game(chosen, players=players, rng=rng)):
            self._sync_dropdowns(chosen)
            self.refresh()
            self.after_human_move()

    def _on_level(self, change: dict) -> None:
        if not self._refreshing:              # re-labelling the options in another language is no choice of level
            self.set_level(change["new"])

    def set_level(self, level: str) -> None:
        """Let the bots play at ``level`` (``"easy"``, ``"medium"``, ``"hard"``) from now on."""
        self.session.set_level(level)
        if self.level_dropdown.value != level:
            self.level_dropdown.value = level
        self.refresh()

    def _human(self, do: Callable[[], Any]) -> bool:
        """Make a move of yours through the session; in automatic mode the bots then take over.  False if refused."""
        if not self.attempt(do):
            return False
        self.refresh()
        self.after_human_move()
        return True

    def _on_card(self, index: int) -> None:
        hand = self.hand
        if index < len(hand):
            self.play(hand[index])

    def _on_teacher(self, change: dict) -> None:
        self.session.teacher = bool(change["new"])
        self.refresh()

    def hint(self) -> None:
        """Show what a good player would do in your place, and why (one sentence).  The table says it is
        thinking at once (the page gets that before the answer is worked out)."""
        if self.session.is_my_turn():
            self._thinking = True
            self.session.show(Message("widget.hint_thinking"), tone="hint")
            self.refresh()
        try:
            self.session.hint()
        finally:
            self._thinking = False
        self.refresh()

    def undo(self) -> None:
        """Take back everything since (and including) your previous move."""
        self.stop_auto()
        self.session.undo()
        self.refresh()

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
        """Redraw every part of the table from the session, in the current language."""
        self._refreshing = True
        try:
            with one_update_per_widget(self._synced_widgets):
                self._redraw()
        finally:
            self._refreshing = False

    def _redraw(self) -> None:
        """Set every child from the session (called by :meth:`refresh`, inside one update per widget)."""
        lang, game = self.lang, self.game
        names = self.names()
        my_turn = self.session.is_my_turn()
        self._label_game_controls(my_turn)
        self.title_html.value = felt.title_html(self.game_title, self.round_line())
        self.felt.value = self.felt_html(names)
        self.status_html.value = felt.status_html(self._status_text(names, my_turn))
        self._draw_game(my_turn)
        self._draw_messages()
        set_classes(self._table, [f"cardlab-{self.moment()}"], [f"cardlab-{m}" for m in MOMENTS])
        self.protokoll_title.value = felt.heading_html(tr("widget.protokoll", lang))
        self.protokoll_html.value = self.score_sheet(game, names=names, lang=lang)

    def moment(self) -> str:
        """Where the game stands for the child (one of :data:`MOMENTS`; the table carries it as the CSS class
        ``cardlab-<moment>``, for pages and browser tests)."""
        if self.game.is_over:
            return "game-over"
        if self.session.paused == "round":
            return "round-end"
        if self.session.paused is not None:
            return "reading"
        return "my-turn" if self.session.is_my_turn() else "bots-turn"

    def _status_text(self, names: list[str], my_turn: bool) -> str:
        game, paused = self.game, self.session.paused
        if game.is_over:
            return ""
        if paused is not None:
            return tr("widget.read_round" if paused == "round" else "widget.read_trick", self.lang)
        mine = self.your_turn_text() if my_turn else None
        if mine is not None:
            return mine
        key = "widget.thinking" if self.auto_toggle.value else "widget.waiting"
        return tr(key, self.lang, name=names[game.to_move])

    def _label_game_controls(self, my_turn: bool) -> None:
        """Re-label the top bar, hint and undo in the current language; enable what can be used now."""
        from ..bots.levels import level_name

        lang = self.lang
        self._label_controls()
        thinking = getattr(self, "_thinking", False)
        self.hint_button.description = tr("widget.hint_thinking_button" if thinking else "widget.hint", lang)
        self.hint_button.tooltip = tr("widget.hint_tip", lang)
        self.hint_button.disabled = not my_turn or thinking
        set_classes(self.hint_button, ["cardlab-thinking"] if thinking else [], ["cardlab-thinking"])
        self.undo_button.description = tr("widget.undo", lang)
        self.undo_button.tooltip = tr("widget.undo_tip", lang)
        self.undo_button.disabled = not self.session.can_undo()
        self.new_game_button.description = tr("widget.new_game", lang)
        self.preset_dropdown.description = tr("widget.rules", lang)
        if self.players_dropdown is not None:
            self.players_dropdown.description = tr("widget.players", lang)
        value = self.preset_dropdown.value
        options = [(tr(self.preset_key.format(p), lang) if has_message(self.preset_key.format(p)) else p, p)
                   for p in self.session.rules_class.presets()]
        if list(self.preset_dropdown.options) != options:
            self.preset_dropdown.options = options
            self.preset_dropdown.value = value
        self.level_dropdown.description = tr("widget.level", lang)
        level = self.level_dropdown.value
        levels = [(level_name(v, lang), v) for _, v in self.level_dropdown.options]
        if list(self.level_dropdown.options) != levels:
            self.level_dropdown.options = levels
            self.level_dropdown.value = level
        self.teacher_toggle.description = tr("widget.teacher", lang)
        self.teacher_toggle.tooltip = tr("widget.teacher_tip", lang)
        self.four_colour_box.description = tr("widget.four_colour", lang)

    def _draw_play_buttons(self, hand: list[Card], playable: "set[Card] | None", play: Callable[[Card], Any]) -> None:
        """Show ``hand`` on the card buttons: cards not in ``playable`` greyed out with the rule that forbids
        them in the tooltip, the hinted card marked (``play(card)`` is the move of playing it)."""
        lang, hinted_act = self.lang, self.session.hinted
        for index, button in enumerate(self._card_pool):
            if index >= len(hand):
                button.layout.display = "none"
                continue
            card = hand[index]
            button.layout.display = ""
            button.description = str(card)
            illegal = playable is not None and card not in playable
            hinted = hinted_act == play(card)
            button.style.text_color = "#9e9e9e" if illegal else suit_colour(card.suit, self.four_colour)
            button.style.button_color = "#e0e0e0" if illegal else ("#fff8e1" if hinted else "#ffffff")
            set_classes(button, [c for c, on in (("cardlab-illegal", illegal), ("cardlab-hinted", hinted)) if on],
                        ["cardlab-illegal", "cardlab-hinted"])
            reason = self.session.why_illegal(play(card), lang) if illegal else None
            button.tooltip = card_name(card, lang) + (f" — {reason}" if reason else "")
