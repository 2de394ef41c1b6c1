"""``TableSession``: one human seat against bots, with no user interface at all.

A session holds everything a card table needs apart from drawing it: the
:class:`cardlab.match.Match`, the seats and their names, the bots (chosen by
level), the hint, undo, the message line and the log, and what automatic play
needs to know (is a bot to move, how long to pause after a trick, wait for the
child at the end of a round).  Tests and scripts drive it directly; the
ipywidgets tables in :mod:`cardlab.widgets` are thin views that redraw from it.

>>> from cardlab.session import PlumpSession
>>> table = PlumpSession("kids", rng=3, lang="en")
>>> table.run_bots() > 0 and table.is_my_turn()
True
>>> table.move(table.game.legal_actions()[0])     # your bid: the same call a button makes
>>> table.message_text().startswith("You bid")
True

A subclass (one per game) supplies the sentences: :meth:`narrate` says what a
move did, :meth:`hint_words` names a hinted move, :meth:`welcome` greets a new
game.  What happened in a move comes from the events the engine's ``apply()``
returns (:mod:`cardlab.events`: a trick won, a round scored, the game over…);
:meth:`observe` turns them into what the sentences need, in one place.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card
from ..errors import CardlabError, RulesError
from ..i18n import Message, check_language, has_message
from ..match import Match


#: Seconds between two bot moves in automatic mode.
SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3}

#: A rule's sentence → the same sentence in words a child of eight knows, where the rule book's words are harder
#: (Swedish "bekänna färg" becomes "lägga samma färg").
CHILD_WORDS = {"rule.follow_suit": "session.follow_suit"}


def in_child_words(message: Message) -> Message:
    """``message`` in a child's words (:data:`CHILD_WORDS`), or as it is.

    >>> in_child_words(Message("rule.follow_suit", {"suit": "hjärter", "card": "7♥"})).text("sv")
    'Du måste lägga samma färg: hjärter spelades ut och du har 7♥.'
    """
    key = CHILD_WORDS.get(message.key)
    return Message(key, dict(message.params)) if key is not None else message


#: Seconds a hint waits for the strong search bot before the friendly heuristic bot answers instead
#: (the search bot's compiled code may still be compiling on a fresh machine: minutes, not 0.3 s).
HINT_PATIENCE = 2.0

#: Games whose strong hint bot has answered once in this process (it is compiled and quick from now on).
_READY_HINT_BOTS: set = set()
#: Games whose strong hint bot is still thinking about an earlier hint in the background.
_HINT_THREADS: dict = {}

#: Seconds automatic play rests on a finished trick so that a child can read who took it and why;
#: None: wait for a click (the slowest speed).
READING_TIME = {"slow": None, "normal": 3.0, "fast": 1.8}


@dataclass
class Line:
    """One entry of the message line or the log.

    ``public`` is what anyone at the table may read; ``teacher`` (if given) is what teacher mode
    shows instead (it may name hidden cards or a bot's reasons).  ``moves`` is how many moves the
    match had after the move that produced the line: undo removes the lines of taken-back moves.
    """

    public: list[Any]
    tone: str = "info"
    teacher: list[Any] | None = None
    moves: int = 0

    def items(self, teacher: bool) -> list[Any]:
        """What to show: the teacher's version in teacher mode (if there is one), else the public one."""
        return self.teacher if (teacher and self.teacher is not None) else self.public


@dataclass
class Observed:
    """What one move did, as the session saw it (filled by :meth:`TableSession.observe`)."""

    trick: Any = None            #: the trick it completed, if any
    round_over: Any = None       #: the round it finished (the finished round object), if any
    result: Any = None           #: that round's result
    game_over: bool = False
    events: tuple = ()           #: what the engine's ``apply()`` reported (:mod:`cardlab.events`)
    extra: dict = field(default_factory=dict)

    def first(self, kind: type) -> Any:
        """The first reported event of type ``kind``, or None."""
        return next((e for e in self.events if isinstance(e, kind)), None)


def text_of(item: Any, lang: str) -> str:
    """Put one item of a line into words: a Message, a plain string, or a function of the language."""
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


class TableSession(ABC):
    """One human seat against bots over a :class:`cardlab.match.Match` (see the module docstring).

    ``rules``: a preset name, a rules object or its dict; ``players`` overrides the preset's count.
    ``bots``: None (bots of ``level`` in every other seat), one bot for every seat, or a list with one
    per seat (the human's entry is ignored).  ``level``: ``"easy"``, ``"medium"`` or ``"hard"``
    (:mod:`cardlab.bots.levels`).  ``names``: one per seat.  ``rng``: the seed of the first deal;
    each new game takes the next seed from it.
    """

    game_type: ClassVar[str] = ""           #: the Match game name ("plump", "femkamp", "rummy")
    rules_class: ClassVar[Any] = None
    default_rules: ClassVar[str] = "classic"
    log_length: ClassVar[int] = 8

    def __init__(self, rules: Any = None, *, players: int | None = None, seat: int = 0, bots: Any = None,
                 names: Sequence[Any] | None = None, rng: Any = None, lang: str = "sv", teacher: bool = False,
                 level: str = "medium") -> None:
        from ..bots.levels import check_level

        self.lang = check_language(lang)
        self.seat = seat
        self.teacher = teacher
        self.level = check_level(level)
        self._names_given = list(names) if names is not None else None
        self._bots_given = bots
        self._base_seed = derive_seed(rng)
        self._games_started = 0
        self.hinted: Any = None
        self.log: list[Line] = []
        self.message: Line = Line([])
        self.paused: str | None = None    #: "round": the round is over and the child reads why (or "trick")
        self._auto_task: asyncio.Task | None = None
        self.last_observed = Observed()
        self.new_game(rules, players=players, rng=self._base_seed)

    # ----------------------------------------------------------- game state
    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hand(self) -> list[Card]:
        """Your cards now (in hand order)."""
        return [] if self.game.is_over else list(self.game.round.hands[self.seat])

    def raw_names(self) -> list[Any]:
        """The seat names as given (Messages for "Du" and "Bot n", re-worded in any language)."""
        return self._names_given or default_names(self.players, self.seat)

    def names(self, lang: str | None = None) -> list[str]:
        """The seat names in ``lang`` (default: the session's language)."""
        return [name_text(n, lang or self.lang) for n in self.raw_names()]

    def is_my_turn(self) -> bool:
        """Is it the human's move now (and not a reading pause)?"""
        return self.paused is None and self.game.to_move == self.seat

    def shown_round(self) -> Any:
        """The round the table shows: while the child reads the end of a round (and when the game is
        over), the round that just ended, with its bids, tricks, last trick or melds; else the round
        being played.

        >>> from cardlab.session import PlumpSession
        >>> table = PlumpSession("kids", rng=3, lang="en")
        >>> while table.paused != "round":
        ...     if table.is_my_turn():
        ...         table.move(table.game.legal_actions()[0])
        ...     else:
        ...         moved = table.bot_step()
        >>> table.shown_round() is table.game.finished_rounds[-1], table.shown_round() is table.game.round
        (True, False)
        """
        game = self.game
        if (self.paused == "round" or game.is_over) and game.finished_rounds:
            return game.finished_rounds[-1]
        return game.round

    def legal_actions(self) -> list[Any]:
        """Your legal moves now (empty when it is not your turn)."""
        return self.game.legal_actions() if self.game.to_move == self.seat else []

    def why_illegal(self, act: Any, lang: str | None = None) -> str | None:
        """None if ``act`` is allowed now, else the rule it breaks, in words a child knows (:data:`CHILD_WORDS`)."""
        lang = lang or self.lang
        check = None if self.game.is_over else getattr(self.game.round, "_check", None)
        if check is None:
            return self.match.why_illegal(act, lang)
        try:
            check(act, lang)
        except CardlabError as exc:
            return in_child_words(exc.as_message()).text(lang)
        return None

    def my_moves(self) -> list[int]:
        """Indexes in ``match.actions`` of the human's moves."""
        return [i for i, a in enumerate(self.match.actions) if a.seat == self.seat]

    def can_undo(self) -> bool:
        return bool(self.my_moves())

    # ---------------------------------------------------------- new games
    def resolve(self, chosen: Any, players: int | None) -> Any:
        """The rules object for a preset name, rules object or dict (and the player count, if any)."""
        return resolve_rules(self.rules_class, chosen, players, example=self.default_rules)

    def new_game(self, rules: Any = None, *, players: int | None = None, rng: Any = None) -> None:
        """Start a new game (a new seeded deal from the session's seed unless ``rng`` is given)."""
        chosen = rules if rules is not None else self.default_rules
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
        self.log.clear()
        self.hinted = None
        self.paused = None
        self.last_observed = Observed()
        self.clear_choices()
        self.say(Line([self.welcome(chosen)]))

    def set_match(self, match: Match) -> None:
        """Play on from ``match`` (e.g. a loaded game or an exercise dealt by hand)."""
        self.match = match
        self.rules = match.rules
        self.game.lang = self.lang
        self.bots = self._make_bots(self.rules.players)
        self.log.clear()
        self.hinted = None
        self.paused = None
        self.clear_choices()

    def _make_bots(self, players: int) -> dict[int, Any]:
        from ..bots.levels import make_bot

        given = self._bots_given
        bots = {}
        for s in range(players):
            if s == self.seat:
                continue
            if given is None:
                bots[s] = make_bot(self.game_type, self.level, rng=child_rng(self._base_seed, 1000 + s))
            elif isinstance(given, (list, tuple)):
                bots[s] = given[s]
            else:
                bots[s] = given
        return bots

    def set_level(self, level: str) -> None:
        """Let the bots play at ``level`` from now on (``"easy"``, ``"medium"``, ``"hard"``)."""
        from ..bots.levels import check_level

        changed = check_level(level) != self.level
        self.level = check_level(level)
        if self._bots_given is None:
            self.bots = self._make_bots(self.players)
            if changed:
                self.show(Message("session.level_changed", {"level": Message(f"level.{self.level}")}))

    def clear_choices(self) -> None:
        """Forget what the human had pointed at (a subclass adds its own choices, e.g. selected cards)."""
        self.hinted = None

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on (every stored message is re-worded when it is shown)."""
        self.lang = check_language(lang)
        self.game.lang = self.lang

    # ------------------------------------------------------------ messages
    def say(self, line: Line, *, log: bool = True) -> None:
        """Put ``line`` on the message line (and in the log)."""
        self.message = line
        if log and line.public:
            self.log.append(line)
            del self.log[: -self.log_length]

    def show(self, *items: Any, tone: str = "info", log: bool = False) -> None:
        """Put ``items`` (Messages, re-worded on a language switch) on the message line."""
        self.say(Line(list(items), tone=tone, moves=len(self.match.actions)), log=log)

    def show_error(self, exc: CardlabError) -> None:
        """Show a refusal (the rule, in the child's language) on the message line; it is not logged."""
        self.show(in_child_words(exc.as_message()), tone="error")

    def message_text(self, lang: str | None = None) -> str:
        """The message line as plain text."""
        lang = lang or self.lang
        return " ".join(text_of(m, lang) for m in self.message.items(self.teacher))

    def log_lines(self, lang: str | None = None) -> list[str]:
        """The log, newest first, without the line on the message bar; teacher-only words only in teacher mode."""
        lang = lang or self.lang
        older = self.log[:-1] if self.log and self.log[-1] is self.message else self.log
        return [" ".join(text_of(m, lang) for m in line.items(self.teacher)) for line in reversed(older)]

    def bot_reason(self, seat: int, reason: Any) -> list[Message]:
        """A bot's reason as a message ("(Bot 1: …)"), for teacher mode."""
        if reason is None:
            return []
        return [Message("widget.bot_reason", {"name": self.raw_names()[seat], "reason": reason})]

    # --------------------------------------------------------------- moves
    def move(self, act: Any, reason: Any = None) -> None:
        """Make the move ``act`` (the human's, or a bot's with its ``reason``).

        A refused move raises the engine's :class:`cardlab.errors.CardlabError` and changes nothing
        (a view shows it with :meth:`show_error`).  A move of the human ends a reading pause.
        """
        if act.seat == self.seat and self.paused is not None:
            self.resume()
        before = self.snapshot(act)
        events = tuple(self.match.apply(act) or ())
        seen = self.observe(before, act, events)
        self.last_observed = seen
        self.hinted = None
        public, teacher, tone = self.narrate(act, reason, before, seen)
        if seen.game_over:                       # what to press now
            public = [*public, Message("session.press_new_game")]
            teacher = None if teacher is None else [*teacher, Message("session.press_new_game")]
        self.say(Line(public, tone=tone, teacher=teacher, moves=len(self.match.actions)))
        if seen.round_over is not None and not self.game.is_over:
            self.paused = "round"
        if act.seat == self.seat:
            self.after_own_move()

    def after_own_move(self) -> None:
        """Tidy the human's own choices after one of their moves was allowed (nothing by default)."""

    def bot_to_move(self) -> bool:
        """Is a bot to act now (so Next / automatic play has something to do)?"""
        to_move = self.game.to_move
        return self.paused is None and to_move is not None and to_move != self.seat

    def bot_step(self) -> bool:
        """Let the bot to move act once.  False if there is none, or its move was refused (shown as the message)."""
        if not self.bot_to_move():
            return False
        s = self.game.to_move
        bot = self.bots[s]
        view = self.game.view(s)
        try:
            if hasattr(bot, "decide"):
                decision = bot.decide(view)
                self.move(decision.action, decision.reason)
            else:
                self.move(bot.choose(view))
        except CardlabError as exc:
            self.show_error(exc)
            return False
        return True

    def run_bots(self, max_steps: int = 100_000, *, resume: bool = True) -> int:
        """Let the bots play until the human must act or the game is over; returns the moves made.

        ``resume=True`` reads past the pauses at the end of a round (as if the child clicked
        *Nästa runda*); scripts and tests use it, the table itself never does.
        """
        steps = 0
        while steps < max_steps:
            if self.paused is not None and resume:
                self.resume()
            if not self.bot_step():
                break
            steps += 1
        return steps

    def resume(self) -> None:
        """End a reading pause (the child clicked *Nästa runda* / *Fortsätt*)."""
        if self.paused == "round":
            self.say(Line([self.new_round_words()], moves=len(self.match.actions)), log=False)
        self.paused = None
        self.last_observed = Observed()     # what was read is not waited for again

    def hold(self) -> None:
        """Pause on a finished trick until the child clicks (automatic play at the slowest speed)."""
        if self.paused is None:
            self.paused = "trick"

    # ------------------------------------------------------- automatic play
    def start_auto(self, speed: Callable[[], str], redraw: Callable[[], None],
                   keep_going: Callable[[], bool] = lambda: True) -> None:
        """Let the bots play by themselves until a human must act, resting after each move and longer on
        each finished trick (:meth:`reading_time`), waiting for the child at the slowest speed and at the
        end of a round.  ``speed()`` names the speed now, ``redraw()`` is called after every change,
        ``keep_going()`` turning False stops the play.

        In a kernel (a running event loop) this is an asyncio task that sleeps between moves; with no
        running loop (a script, plain pytest) the bots play at once, with no rests.

        >>> from cardlab.session import PlumpSession
        >>> table = PlumpSession("kids", rng=3, lang="en")
        >>> table.start_auto(lambda: "fast", lambda: None)
        >>> table.is_my_turn(), len(table.match.actions)
        (True, 3)
        """
        if not self.bot_to_move():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.play_until_pause()
            redraw()
            return
        if self._auto_task is not None and not self._auto_task.done():
            return
        self._auto_task = loop.create_task(self.auto_play(speed, redraw, keep_going))

    def stop_auto(self) -> None:
        """Stop a running automatic play."""
        task = getattr(self, "_auto_task", None)
        if task is not None and not task.done():
            task.cancel()
        self._auto_task = None

    def play_until_pause(self) -> int:
        """The bots play, with no rests, until a human must act or the round is over; returns the moves made."""
        moves = 0
        while self.bot_to_move():
            if not self.bot_step():
                break
            moves += 1
        return moves

    async def auto_play(self, speed: Callable[[], str], redraw: Callable[[], None],
                        keep_going: Callable[[], bool] = lambda: True) -> int:
        """Automatic play as a coroutine (see :meth:`start_auto`); returns the moves made."""
        moves = 0
        wait = self.reading_time(speed())          # your own move may have finished a trick
        if wait is None:
            self.hold()
            redraw()
            return moves
        while keep_going() and self.bot_to_move():
            await asyncio.sleep(wait)
            if not keep_going() or not self.bot_to_move():
                break
            self.bot_step()
            moves += 1
            redraw()
            wait = self.reading_time(speed())
            if wait is None:                       # the slowest speed: rest on the trick until the child clicks
                self.hold()
                redraw()
                break
        return moves

    def reading_time(self, speed: str) -> float | None:
        """How long automatic play rests after the last move at ``speed`` before the next one
        (None: wait for the child's click)."""
        seen = self.last_observed
        if seen.trick is not None or seen.round_over is not None:
            return READING_TIME[speed]
        return SPEEDS[speed]

    # ---------------------------------------------------------------- hint
    def hint_bot(self) -> Any:
        """The bot that gives hints: the strongest that answers in about 0.3 s."""
        from ..bots.levels import hint_bot

        return hint_bot(self.game_type)

    def hint(self) -> Any:
        """Show what a good player would do in your place, and why (one sentence).  Returns the move (or None)."""
        if not self.is_my_turn():
            self.show(Message("widget.hint_wait"), tone="hint")
            return None
        view = self.game.view(self.seat)
        decision = self.hint_decision(view)
        self.hinted = decision.action
        words = self.hint_words(decision.action)
        plain = self.hint_reason_for_children(decision)
        teacher = [Message("widget.hint_line", {"action": words, "reason": decision.reason})]
        public = [Message("widget.hint_line", {"action": words, "reason": plain})] if plain is not None else teacher
        reading = self.hint_reading(view)
        if reading is not None:
            teacher = [*teacher, reading]
            public = [*public, reading] if plain is not None else teacher
        self.say(Line(public, tone="hint", teacher=teacher if plain is not None else None,
                      moves=len(self.match.actions)), log=False)
        return decision.action

    def hint_reading(self, view: Any) -> Any:
        """A sentence on what the other players' moves so far say about their hands (None: nothing to say).
        Games that can read their players override this."""
        return None

    def hint_decision(self, view: Any) -> Any:
        """The hint bot's decision for ``view``, never a long wait: the strong bot (:meth:`hint_bot`) answers
        if it can within :data:`HINT_PATIENCE` seconds; if not (on a fresh machine its compiled code is
        still being made), the friendly heuristic bot answers at once and the strong one goes on
        getting ready in the background for the next hint."""
        import threading

        from ..bots.levels import heuristic_class

        strong = self.hint_bot()
        quick = heuristic_class(self.game_type)
        game = self.game_type
        if isinstance(strong, quick) or game in _READY_HINT_BOTS:
            return strong.decide(view)
        running = _HINT_THREADS.get(game)
        if running is None or not running.is_alive():
            answer: dict = {}

            def think() -> None:
                try:
                    answer["decision"] = strong.decide(view)
                    _READY_HINT_BOTS.add(game)
                except Exception as exc:          # reported to the caller below, if it still waits
                    answer["error"] = exc

            running = threading.Thread(target=think, name=f"cardlab-hint-{game}", daemon=True)
            _HINT_THREADS[game] = running
            running.start()
            running.join(HINT_PATIENCE)
            if "decision" in answer:
                return answer["decision"]
            if "error" in answer:
                raise answer["error"]
        return quick().decide(view)

    def hint_reason_for_children(self, decision: Any) -> Any:
        """The hint's reason in words a child knows, where the bot's own reason is technical or in the
        bot's first person (None: the bot's reason is fine as it is).  Teacher mode always shows the bot's reason."""
        from ..coach.tips import said_to_you

        return said_to_you(decision.reason)

    # ---------------------------------------------------------------- undo
    def undo(self) -> bool:
        """Take back everything since (and including) your previous move; the log forgets those moves."""
        mine = self.my_moves()
        if not mine:
            self.show(Message("widget.nothing_to_undo"), tone="error")
            return False
        self.match.undo(len(self.match.actions) - mine[-1])
        self.game.lang = self.lang
        kept = len(self.match.actions)
        self.log = [line for line in self.log if line.moves <= kept]
        self.paused = None
        self.last_observed = Observed()
        self.clear_choices()
        self.say(Line([Message("widget.undone")], moves=kept), log=False)
        return True

    # ----------------------------------------------------- for a subclass
    def snapshot(self, act: Any) -> dict:
        """What a subclass's :meth:`narrate` needs to know about the state before ``act`` (a dict)."""
        return {"round": self.game.round}

    def observe(self, before: dict, act: Any, events: tuple = ()) -> Observed:
        """What ``act`` did, from the events ``apply()`` returned: the trick it completed, the
        round it finished (with its result), the end of the game."""
        from ..events import GameOver, RoundScored, TrickWon

        game = self.game
        seen = Observed(events=events, game_over=any(isinstance(e, GameOver) for e in events))
        if seen.first(RoundScored) is not None:
            seen.round_over = game.finished_rounds[-1]
            seen.result = game.results[-1]
        if seen.first(TrickWon) is not None:
            finished = seen.round_over if seen.round_over is not None else game.round
            seen.trick = finished.completed_tricks[-1]
        return seen

    @abstractmethod
    def narrate(self, act: Any, reason: Any, before: dict, seen: Observed) -> tuple[list[Any], list[Any] | None, str]:
        """The public sentences for a move, the teacher's version (or None) and the tone."""

    @abstractmethod
    def welcome(self, rules: Any) -> Any:
        """The first message of a new game."""

    @abstractmethod
    def hint_words(self, act: Any) -> Any:
        """What the hint says to do ("spela K♠")."""

    @abstractmethod
    def new_round_words(self) -> Any:
        """The line shown when the child reads on into the next round."""

    def review(self, finished: Any) -> Callable[[str], str] | None:
        """The end-of-round review for the human (a function of the language), or None."""
        from ..coach import review_round

        cache: dict[str, str] = {}

        def words(lang: str) -> str:
            if lang not in cache:
                cache[lang] = review_round(finished, self.seat, lang)
            return cache[lang]

        return words
