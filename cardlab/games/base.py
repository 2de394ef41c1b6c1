"""What every game made of rounds shares (Plump's pyramid, Femkamp's five rounds, Rummy's rounds).

A subclass deals its rounds (``_new_round``), scores a finished one
(``_finish_round``) and says when the game is over (``is_over``); the moves
themselves are always played in ``self.round``, which follows the shared protocol.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from importlib import import_module
from numbers import Integral
from typing import Any, ClassVar, Sequence

from .._rng import derive_seed
from ..errors import CardlabError, GameOverError, IllegalMoveError, RulesError
from ..cards import Card, parse_cards
from ..events import GameOver, RoundDealt
from ..i18n import Message
from ..protocol import plain, short_repr


SEED_LIMIT = 2**128  # seeds are whole numbers 0 <= seed < SEED_LIMIT (numpy's SeedSequence takes them all)


def check_seed(seed: Any) -> int:
    """``seed`` as a Python int, or a :class:`cardlab.errors.RulesError` naming the field.

    >>> check_seed(7), check_seed(2**64)
    (7, 18446744073709551616)
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    cardlab.errors.RulesError: Invalid rule for seed: a seed is a whole number from 0 to 2**128 - 1, not -1.
    """
    if isinstance(seed, Integral) and not isinstance(seed, bool) and 0 <= int(seed) < SEED_LIMIT:
        return int(seed)
    raise RulesError(field="seed", problem=f"a seed is a whole number from 0 to 2**128 - 1, not {short_repr(seed)}.")


def seed_from(rng: Any = None, seed: Any = None) -> int:
    """The integer seed a game stores, from ``rng=`` (int, Generator or None) or ``seed=`` (an int)."""
    if seed is not None and rng is not None:
        raise TypeError("Give rng= or seed=, not both.")
    if seed is not None:
        return check_seed(seed)
    if isinstance(rng, Integral):
        return check_seed(rng)
    return derive_seed(rng)


def _setup_error(where: str, key: str, /, **params: Any) -> CardlabError:
    return CardlabError("rules.invalid", field=where, problem=Message(key, params))


def setup_table(value: Any, field: str, allowed: Sequence[str]) -> dict:
    """``value`` as a set-up table (a dict) whose keys are all in ``allowed`` (``None`` is an empty one)."""
    if value is None:
        return {}
    names = ", ".join(allowed)
    if not isinstance(value, dict):
        raise _setup_error(field, "setup.not_a_table", field=field, allowed=names, value=short_repr(value))
    for key in value:
        if key not in allowed:
            raise _setup_error(field, "setup.unknown_key", field=field, name=short_repr(key), allowed=names)
    return dict(value)


def setup_cards(value: Any, field: str) -> list:
    """Cards given in a set-up: text (``"AS 10H"``) or a list of texts or cards; anything else is refused.

    >>> setup_cards("AS 10H", "hand")
    [Card.parse('AS'), Card.parse('10H')]
    >>> setup_cards(7, "hand")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: Invalid rule for hand: hand must be cards as text ('AS 10H') or a list of cards, not 7.
    """
    if isinstance(value, str) or (isinstance(value, (list, tuple)) and all(isinstance(c, (str, Card)) for c in value)):
        return list(parse_cards(value))
    raise _setup_error(field, "setup.cards", field=field, value=short_repr(value))


def setup_hands(value: Any, players: int | None = None) -> list[list]:
    """One list of cards per seat (a list of hands; each hand as :func:`setup_cards` reads it)."""
    if not isinstance(value, (list, tuple)) or not value:
        raise _setup_error("hands", "setup.hands", value=short_repr(value))
    return [setup_cards(h, "hands") for h in value]


def setup_seat(value: Any, players: int, field: str = "dealer") -> int:
    """A seat number 0..players-1 given in a set-up (numpy integers allowed; bools and floats refused)."""
    if isinstance(value, Integral) and not isinstance(value, bool) and 0 <= int(value) < players:
        return int(value)
    raise _setup_error(field, "setup.seat", field=field, last=players - 1, value=short_repr(value))


def setup_count(value: Any, field: str, low: int, high: int) -> int:
    """A whole number low..high given in a set-up."""
    if isinstance(value, Integral) and not isinstance(value, bool) and low <= int(value) <= high:
        return int(value)
    raise _setup_error(field, "setup.count", field=field, low=low, high=high, value=short_repr(value))


def setup_deals(setup: dict, limit: int) -> list:
    """The ``"deals"`` list of a game's set-up (at most ``limit``; each a table or None)."""
    deals = setup.get("deals", [])
    if not isinstance(deals, (list, tuple)) or len(deals) > limit:
        raise _setup_error("deals", "setup.deals", limit=limit, value=short_repr(deals))
    return list(deals)


def nothing_to_undo(lang: str | None = None) -> IllegalMoveError:
    """The error ``undo()`` raises when no action has been applied (the object is left as it was).

    >>> str(nothing_to_undo("en"))
    'There is no move to take back: nothing has been played yet.'
    """
    return IllegalMoveError("game.undo.nothing", lang=lang)


class CheckedRound(ABC):
    """A round that checks every move in one place, ``_check``, before making it.

    ``why_illegal`` is then the same for every game: ``None`` for an allowed move,
    else the sentence of the rule it breaks (a UI greys a card out and says why).

    Every ``apply`` also pushes onto ``_undo_stack`` a small record of what it changed
    (each round says what its records hold); :meth:`undo` pops the last one and puts
    exactly that back, so a search can apply → look → undo on one object.
    """

    lang: str | None = None
    seed: int = 0            # set by ``start`` for a round played as a game of its own
    setup: dict | None = None
    #: the lists ``apply`` changes in place besides ``hands``: :meth:`clone` copies these and shares the rest
    _copied_lists: ClassVar[tuple[str, ...]] = ("_undo_stack",)
    _undo_stack: list[Any]

    @abstractmethod
    def _take_back(self, record: Any) -> None:
        """Put back what the action recorded in ``record`` changed (the record ``apply`` pushed)."""

    def can_undo(self) -> bool:
        """Whether an action has been applied that :meth:`undo` can take back."""
        return bool(self._undo_stack)

    def undo(self) -> None:
        """Take back the last applied action exactly: the round is again as it was before it.

        With nothing applied it raises the :class:`cardlab.errors.IllegalMoveError` of
        :func:`nothing_to_undo` and changes nothing.

        >>> from cardlab.games.plump import Bid, PlumpRound
        >>> rnd = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, trump_card="2H")
        >>> before = rnd.state_key()
        >>> _ = rnd.apply(Bid(seat=0, tricks=1))
        >>> rnd.undo()
        >>> rnd.state_key() == before, rnd.can_undo()
        (True, False)
        """
        if not self._undo_stack:
            raise nothing_to_undo(self.lang)
        self._take_back(self._undo_stack.pop())

    def clone(self):
        """An independent copy, much cheaper than ``copy.deepcopy``: the hands and the lists ``apply``
        changes in place (``_copied_lists``) are copied; rules, cards, tricks and the other values,
        which never change in place, are shared.  The copy can undo as far back as the original.

        >>> from cardlab.games.plump import Bid, PlumpRound
        >>> rnd = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, trump_card="2H")
        >>> twin = rnd.clone()
        >>> _ = twin.apply(Bid(seat=0, tricks=1))
        >>> twin.bids, rnd.bids
        ([1, None, None], [None, None, None])
        """
        other = object.__new__(type(self))
        state = other.__dict__
        state.update(self.__dict__)
        state["hands"] = [hand[:] for hand in self.hands]  # type: ignore[attr-defined]
        for name in self._copied_lists:
            state[name] = state[name][:]
        return other

    @abstractmethod
    def _check(self, act: Any, lang: str | None = None) -> None:
        """Raise the :class:`cardlab.errors.IllegalMoveError` naming the broken rule, or return."""

    def _view_seat(self, seat: Any) -> int:
        """``seat`` checked for a view: a whole number from 0 to players - 1 (else ``ValueError``)."""
        if seat.__class__ is int and 0 <= seat < self.players:  # type: ignore[attr-defined]
            return seat
        if not isinstance(seat, Integral) or isinstance(seat, bool) or not 0 <= seat < self.players:  # type: ignore[attr-defined]
            raise ValueError(f"seat must be 0..{self.players - 1}, not {short_repr(seat)}")  # type: ignore[attr-defined]
        return int(seat)

    def why_illegal(self, act: Any, lang: str | None = None) -> str | None:
        """``None`` if ``act`` is allowed now, else the sentence naming the rule it breaks."""
        try:
            self._check(act, lang)
        except CardlabError as exc:
            return str(exc)
        return None


class RoundsGame(ABC):
    """A game of several rounds with running totals, seeded from one ``seed``.

    Undo: the moves themselves are taken back by the round (:meth:`CheckedRound.undo`); the game's
    ``_undo_stack`` holds one entry per action, ``None`` for a move inside a round, or, for the move
    that ended a round, what scoring it changed (:meth:`_scoring_state`), so :meth:`undo` can bring
    the finished round back into play.
    """

    rules_class: ClassVar[type]
    sheet_module: ClassVar[str]  # e.g. "cardlab.sheets.plump": score_sheet() and score_sheet_html()
    round: Any
    #: the lists of the game :meth:`clone` copies (the rounds are copied apart; everything else is shared)
    _copied_lists: ClassVar[tuple[str, ...]] = ("results", "totals", "history", "_undo_stack")

    def __init__(self, rules: Any, *, seed: int, setup: dict | None = None) -> None:
        self.rules = rules
        self.seed = check_seed(seed)
        self.setup = plain(setup) or None
        self.results: list[Any] = []
        self.finished_rounds: list[Any] = []
        self.totals = [0] * rules.players
        #: every action applied, in order (what :func:`cardlab.playthrough.transcript` replays)
        self.history: list[Any] = []
        self._undo_stack: list[Any] = []  # per action: None, or the scoring state before the round it ended
        self._lang: str | None = None

    @classmethod
    def start(cls, rules: Any = None, *, rng=None, seed: int | None = None, setup: dict | None = None):
        """A new game; every deal is drawn from one integer seed unless ``setup`` fixes it.

        ``rng`` is a seed, a ``numpy.random.Generator`` or None (fresh entropy), as everywhere in
        cardlab; the game stores the integer seed it draws from it (``game.seed``), which a saved
        file keeps.  ``seed=`` gives that stored integer directly (what :class:`cardlab.Match`
        replays with); for an int both give the same game.

        >>> from cardlab import PlumpGame, PlumpRules
        >>> PlumpGame.start(PlumpRules(), rng=4).state_key() == PlumpGame.start(PlumpRules(), seed=4).state_key()
        True
        """
        return cls(rules or cls.rules_class(), seed=seed_from(rng, seed), setup=setup)

    @property
    def lang(self) -> str | None:
        """The language of the errors this game raises (None: cardlab's default)."""
        return self._lang

    @lang.setter
    def lang(self, value: str | None) -> None:
        self._lang = value
        self.round.lang = value

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Every game says when it ends."""

    @property
    def round_index(self) -> int:
        """The 0-based number of the round being played (the last round once the game is over)."""
        return len(self.results) - 1 if self.is_over else len(self.results)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.round.to_move

    def legal_actions(self) -> list[Any]:
        return [] if self.is_over else self.round.legal_actions()

    def why_illegal(self, act: Any, lang: str | None = None) -> str | None:
        if self.is_over:
            return str(GameOverError(lang=lang or self.lang))
        return self.round.why_illegal(act, lang)

    def apply(self, act: Any) -> tuple:
        """Make a move in the current round; when it ends, score it and deal the next.

        Returns what happened (:mod:`cardlab.events`): the round's events, then
        :class:`~cardlab.events.RoundDealt` for the next round or
        :class:`~cardlab.events.GameOver` with the winners.  A refused move raises
        and changes nothing.
        """
        if self.is_over:
            raise GameOverError(lang=self.lang)
        events = self.round.apply(act)
        self.history.append(act)
        if not self.round.is_over:
            self._undo_stack.append(None)
        else:
            self._undo_stack.append(self._scoring_state())
            self._finish_round()
            if self.is_over:
                events += (GameOver(tuple(self.winners())),)
            else:
                events += (RoundDealt(self.round_index, self.round.dealer),)
        return events

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        """Whether an action has been applied that :meth:`undo` can take back."""
        return bool(self._undo_stack)

    def undo(self) -> None:
        """Take back the last applied action exactly, across the end of a round too: undoing the first
        move of a round (or the game's last move) brings the finished round back, unscored.

        With nothing applied it raises the :class:`cardlab.errors.IllegalMoveError` of
        :func:`nothing_to_undo` and changes nothing.

        >>> from cardlab import PlumpGame, PlumpRules, RandomBot
        >>> game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
        >>> bot = RandomBot(rng=2)
        >>> while not game.results:
        ...     _ = game.apply(bot.choose(game.view(game.to_move)))
        >>> game.undo()
        >>> game.results, game.round_index, game.round.phase, game.totals
        ([], 0, 'play', [0, 0, 0, 0])
        """
        if not self._undo_stack:
            raise nothing_to_undo(self.lang)
        scored = self._undo_stack.pop()
        self.history.pop()
        if scored is not None:
            self._unscore_round(scored)
        self.round.undo()

    def _scoring_state(self) -> tuple:
        """What scoring a round changes besides ``results``, ``finished_rounds`` and ``round`` (undo puts it back)."""
        return (tuple(self.totals),)

    def _restore_scoring_state(self, state: tuple) -> None:
        self.totals = list(state[0])

    def _unscore_round(self, state: tuple) -> None:
        """Bring the last finished round back into play, as it was before it was scored.

        It comes back as a clone: finished rounds are shared with this game's clones (they never
        change while finished), so the one taken back into play must be this game's own.
        """
        self.results.pop()
        self.round = self.finished_rounds.pop().clone()
        self.round.lang = self._lang
        self._restore_scoring_state(state)

    def clone(self):
        """An independent copy, much cheaper than ``copy.deepcopy``: the round being played and the game's
        lists (``_copied_lists``: results, totals, history …) are copied; the rules, what the lists hold,
        the finished rounds (which never change while finished; :meth:`undo` brings one back into play
        as a copy) and everything else that never changes in place are shared.

        >>> from cardlab import RummyGame, RummyRules
        >>> game = RummyGame.start(RummyRules(rounds=2), seed=5)
        >>> twin = game.clone()
        >>> _ = twin.apply(twin.legal_actions()[0])
        >>> len(twin.history), len(game.history), twin.round.hands == game.round.hands
        (1, 0, False)
        """
        other = object.__new__(type(self))
        state = other.__dict__
        state.update(self.__dict__)
        for name in self._copied_lists:
            state[name] = state[name][:]
        other.round = self.round.clone()
        finished = other.finished_rounds = self.finished_rounds[:]
        if finished and finished[-1] is self.round:  # the game is over: its last round is also the one in play
            finished[-1] = other.round
        return other

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seat(s) once the game is over (empty before)."""

    @abstractmethod
    def _finish_round(self) -> None:
        """Every game scores its own rounds, then deals the next one unless it is over."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: the round's view of that seat, with this game's round index,
        running totals (and, where the game shows them, finished rounds)."""
        return self.round.view(seat, game=self)

    def scores(self) -> list[int]:
        """Running totals."""
        return list(self.totals)

    def state_key(self) -> tuple:
        """Everything that defines the state, for comparing two games."""
        return (len(self.results), tuple(self.totals), self.round.state_key())

    # ----------------------------------------------------------- score sheet
    def score_sheet(self, names: Sequence[str] | None = None, lang: str | None = None, **options: Any):
        """The score sheet as a pandas DataFrame (``options`` go to the game's sheet module)."""
        return import_module(self.sheet_module).score_sheet(self, names=names, lang=lang, **options)

    def score_sheet_html(self, names: Sequence[str] | None = None, lang: str | None = None, **options: Any) -> str:
        """The score sheet as an HTML table."""
        return import_module(self.sheet_module).score_sheet_html(self, names=names, lang=lang, **options)

    def _repr_html_(self) -> str:
        return self.score_sheet_html()
