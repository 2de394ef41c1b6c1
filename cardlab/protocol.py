"""The one protocol every cardlab game shares, and readable action objects.

A game state answers the same questions whatever the game:

* ``to_move`` – the seat whose turn it is (``None`` when the game is over);
* ``legal_actions()`` – what that seat may do, as readable objects;
* ``why_illegal(action)`` – ``None`` if allowed, else the error sentence;
* ``apply(action)`` – do it and return what happened (:mod:`cardlab.events`);
  a refused action raises and changes nothing;
* ``is_over``, ``scores()``, ``view(seat)`` – what one seat may see.

Actions are small frozen dataclasses such as ``Bid(seat=1, tricks=3)`` or
``Play(seat=2, card=Card.parse("QS"))``; they turn into plain dicts for
saving with :func:`action_to_dict` and back with :func:`action_from_dict`.
Seats and counts are whole numbers: a numpy integer counts as its value, a
bool or a float is refused with an :class:`ActionFieldError`.  The protocol
itself is :class:`GameState` (and :class:`RoundsGameState` for games of rounds).

>>> from cardlab.games.plump import Play
>>> action_to_dict(Play(seat=2, card=Card.parse("QS")))
{'type': 'play', 'seat': 2, 'card': 'QS'}
>>> action_from_dict({'type': 'play', 'seat': 2, 'card': 'QS'})
Play(seat=2, card=Card.parse('QS'))
"""

from __future__ import annotations

import dataclasses
from numbers import Integral
from typing import Any, ClassVar, Iterable, Protocol, runtime_checkable

from .cards import Card, Suit, parse_cards
from .errors import ActionFieldError, CardlabError, IllegalMoveError, SaveFileError
from .i18n import Message

_ACTION_TYPES: dict[str, type] = {}
_GAME_TYPES: dict[str, type] = {}


def short_repr(value: Any, limit: int = 30) -> str:
    """``repr(value)`` on one line, cut to ``limit`` characters (for quoting in a message)."""
    try:
        text = repr(value)
    except Exception:  # an object whose repr fails is still refused with a sentence
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def whole_number(value: Any, field: str, action_name: str) -> int:
    """``value`` as a Python int (numpy integers become their value); bools, floats and text are refused.

    >>> import numpy as np
    >>> whole_number(np.int64(2), "tricks", "Bid"), whole_number(3, "seat", "Bid")
    (2, 3)
    >>> whole_number(2.0, "tricks", "Bid")
    Traceback (most recent call last):
    ...
    cardlab.errors.ActionFieldError: The number of tricks in Bid must be a whole number such as 0, 1 or 2, not 2.0.
    """
    if value.__class__ is int:
        return value
    if isinstance(value, Integral) and not isinstance(value, bool):
        return int(value)
    raise ActionFieldError(field=Message(f"action.field.{field}", {}), action=action_name, value=short_repr(value))


def check_seat(act: Any, players: int, lang: str | None = None) -> None:
    """Refuse an action whose ``seat`` is not a whole number from 0 to ``players - 1``."""
    seat = getattr(act, "seat", None)
    if seat.__class__ is not int:
        raise ActionFieldError(field=Message("action.field.seat", {}), action=type(act).__name__,
                               value=short_repr(seat), lang=lang)
    if not 0 <= seat < players:
        raise IllegalMoveError("action.no_such_seat", lang=lang, seat=seat, last=players - 1)


def action(name: str):
    """Class decorator: register a frozen dataclass as an action called ``name`` in saved files."""

    def wrap(cls):
        if name in _ACTION_TYPES and _ACTION_TYPES[name] is not cls:
            raise ValueError(f"Action name {name!r} is used twice.")
        cls.action_name = name
        _ACTION_TYPES[name] = cls
        return cls

    return wrap


def game_type(name: str):
    """Class decorator: register a game class (with ``start``/``setup``) under ``name`` for save/load."""

    def wrap(cls):
        cls.game_name = name
        _GAME_TYPES[name] = cls
        return cls

    return wrap


_GAME_MODULES = {
    "plump": "cardlab.games.plump",
    "plump-round": "cardlab.games.plump",
    "femkamp": "cardlab.games.femkamp",
    "femkamp-round": "cardlab.games.femkamp",
    "kabal": "cardlab.games.kabal",
    "rummy": "cardlab.games.rummy",
    "rummy-round": "cardlab.games.rummy",
}


def game_names() -> list[str]:
    """Every name a game is saved under (``"plump"``, ``"rummy-round"`` …)."""
    return sorted(_GAME_MODULES)


def registered_game(name: str) -> type:
    """The game class saved under ``name`` (its module is imported on first use)."""
    if isinstance(name, str) and name not in _GAME_TYPES and name in _GAME_MODULES:
        import importlib

        importlib.import_module(_GAME_MODULES[name])
    try:
        return _GAME_TYPES[name]
    except (KeyError, TypeError):
        raise SaveFileError(problem=Message("file.unknown_game", {"name": short_repr(name),
                                                                   "known": ", ".join(sorted(_GAME_MODULES))})) from None


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, Integral) and not isinstance(value, bool) and value.__class__ is not int:
        return int(value)  # a numpy integer
    return value


def plain(value: Any) -> Any:
    """``value`` as plain JSON data: cards as text ('10H'), suits as letters, numpy integers as ints.

    >>> import numpy as np
    >>> plain({"hands": [[Card.parse("AS")], "KS"], "dealer": np.int64(2)})
    {'hands': [['AS'], 'KS'], 'dealer': 2}
    """
    return _plain(value)


def action_to_dict(act: Any) -> dict[str, Any]:
    """A plain dict (JSON-ready) for an action."""
    out: dict[str, Any] = {"type": type(act).action_name}
    for f in dataclasses.fields(act):
        out[f.name] = _plain(getattr(act, f.name))
    return out


def action_from_dict(data: Any) -> Any:
    """Rebuild an action from :func:`action_to_dict`'s dict (cards given as text).

    Anything else gives a :class:`cardlab.errors.SaveFileError` with a one-line reason.
    """
    if not isinstance(data, dict) or "type" not in data:
        raise SaveFileError(problem=Message("file.action_shape", {"value": short_repr(data, 60)}))
    kind = data["type"]
    cls = _ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SaveFileError(problem=Message("file.unknown_action", {"name": short_repr(kind)}))
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
                continue
            raise SaveFileError(problem=Message("file.action_field_missing", {"value": short_repr(data, 60), "field": f.name}))
    try:
        for f in dataclasses.fields(cls):
            if f.name in data:
                kwargs[f.name] = _revive(f.type, data[f.name])
        return cls(**kwargs)
    except (CardlabError, TypeError, ValueError) as exc:
        detail = exc.message() if isinstance(exc, CardlabError) else str(exc)
        raise SaveFileError(problem=Message("file.action_damaged", {"value": short_repr(data, 60),
                                                                     "error": short_repr(detail, 80).strip("'\"")})) from None


def _revive(type_text: Any, value: Any) -> Any:
    t = str(type_text)
    if "tuple[Card" in t or "Cards" in t:
        if not isinstance(value, (str, list)):
            raise TypeError(f"{short_repr(value)} is not a list of cards")
        return parse_cards(value)
    if "Card" in t:
        if not isinstance(value, str):
            raise TypeError(f"{short_repr(value)} is not a card")
        return Card.parse(value)
    if "Suit" in t and isinstance(value, str):
        return Suit.parse(value)
    if t in ("int", "'int'"):
        if not isinstance(value, Integral) or isinstance(value, bool):
            raise TypeError(f"{short_repr(value)} is not a whole number")
        return int(value)
    if t in ("str", "'str'") and not isinstance(value, str):
        raise TypeError(f"{short_repr(value)} is not a text")
    if isinstance(value, list):
        return tuple(value)
    return value


@runtime_checkable
class GameState(Protocol):
    """What every cardlab game offers, checked by ``tests/test_conformance.py`` for every registered game.

    Plump, Femkamp and Rummy (whole games, and their single rounds saved as games of their own)
    all implement it; :class:`cardlab.match.Match` needs nothing else.

    * ``to_move`` – the seat whose turn it is (``None`` when the game is over);
    * ``legal_actions()`` – what that seat may do now, as readable action objects;
    * ``why_illegal(action, lang)`` – ``None`` if allowed, else the sentence of the broken rule;
      never raises, whatever it is given;
    * ``apply(action)`` – do it and return what happened, a tuple of :mod:`cardlab.events`;
      a refused action raises a :class:`cardlab.errors.IllegalMoveError` and changes nothing;
    * ``is_over``, ``scores()``, ``view(seat)`` (what that seat may see, and nothing hidden);
    * ``state_key()`` – everything that defines the state, for comparing two states;
    * ``undo()`` – take the last applied action back exactly (a move stack: each ``apply`` keeps
      what it changed), ``can_undo()``, and ``clone()`` – an independent copy, far cheaper than
      ``copy.deepcopy``, that perft, undo and search walk on;
    * ``rules``, ``seed``, ``setup`` and the class's ``game_name``, ``rules_class`` and
      ``start(rules, *, rng, seed, setup)``, from which :class:`~cardlab.match.Match` replays a saved game.

    >>> from cardlab import PlumpGame, PlumpRules
    >>> isinstance(PlumpGame.start(PlumpRules(), seed=1), GameState)
    True
    """

    game_name: ClassVar[str]
    rules_class: ClassVar[type]
    rules: Any
    seed: int
    setup: Any

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def why_illegal(self, action: Any, lang: str | None = None) -> str | None: ...

    def apply(self, action: Any) -> tuple: ...

    def scores(self) -> list[int]: ...

    def view(self, seat: int) -> Any: ...

    def state_key(self) -> tuple: ...

    def undo(self) -> None: ...

    def can_undo(self) -> bool: ...

    def clone(self) -> Any: ...

    @classmethod
    def start(cls, rules: Any, *, rng: Any = None, seed: int | None = None, setup: Any = None) -> Any: ...


@runtime_checkable
class RoundsGameState(GameState, Protocol):
    """A game of several rounds (:class:`cardlab.games.base.RoundsGame`): the protocol plus the round
    being played, its 0-based ``round_index``, one result per finished round (each with ``number``,
    ``dealer`` and ``scores``), running ``totals`` and ``winners()``."""

    round: Any
    results: list[Any]
    totals: list[int]

    @property
    def round_index(self) -> int: ...

    def winners(self) -> list[int]: ...


def play_out(game: Any, bots: "Iterable[Any] | Any", *, max_actions: int = 1_000_000) -> Any:
    """Let bots play ``game`` to its end (one bot per seat, or one for all); returns what it was given.

    ``game`` is a game or a :class:`cardlab.match.Match`; a match records every action, so a
    saved file of it reloads finished.  Each bot sees only ``game.view(seat)``.
    """
    is_match = hasattr(game, "actions") and hasattr(game, "game")
    seats = (game.game if is_match else game).rules.players
    bot_list = list(bots) if isinstance(bots, (list, tuple)) else [bots] * seats
    if len(bot_list) != seats:
        raise ValueError(f"Give one bot per seat ({seats}) or one bot for all; you gave {len(bot_list)}.")
    for _ in range(max_actions):
        state = game.game if is_match else game
        if state.is_over:
            return game
        seat = state.to_move
        game.apply(bot_list[seat].choose(state.view(seat)))
    raise RuntimeError(f"The game did not end within {max_actions} actions.")
