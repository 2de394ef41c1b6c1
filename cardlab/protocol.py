"""The one protocol every cardlab game shares, and readable action objects.

A game state answers the same questions whatever the game:

* ``to_move`` – the seat whose turn it is (``None`` when the game is over);
* ``legal_actions()`` – what that seat may do, as readable objects;
* ``why_illegal(action)`` – ``None`` if allowed, else the error sentence;
* ``apply(action)`` – do it (a refused action raises and changes nothing);
* ``is_over``, ``scores()``, ``view(seat)`` – what one seat may see.

Actions are small frozen dataclasses such as ``Bid(seat=1, tricks=3)`` or
``Play(seat=2, card=Card.parse("QS"))``; they turn into plain dicts for
saving with :func:`action_to_dict` and back with :func:`action_from_dict`.

>>> from cardlab.games.plump import Play
>>> action_to_dict(Play(seat=2, card=Card.parse("QS")))
{'type': 'play', 'seat': 2, 'card': 'QS'}
>>> action_from_dict({'type': 'play', 'seat': 2, 'card': 'QS'})
Play(seat=2, card=Card.parse('QS'))
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Protocol, runtime_checkable

from .cards import Card, Suit, parse_cards
from .errors import SaveFileError

_ACTION_TYPES: dict[str, type] = {}
_GAME_TYPES: dict[str, type] = {}


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
    "rummy": "cardlab.games.rummy",
}


def registered_game(name: str) -> type:
    """The game class saved under ``name`` (its module is imported on first use)."""
    if name not in _GAME_TYPES and name in _GAME_MODULES:
        import importlib

        try:
            importlib.import_module(_GAME_MODULES[name])
        except ImportError:
            pass
    try:
        return _GAME_TYPES[name]
    except KeyError:
        raise SaveFileError(problem=f"unknown game {name!r} (known: {', '.join(sorted(_GAME_TYPES))}).") from None


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def action_to_dict(act: Any) -> dict[str, Any]:
    """A plain dict (JSON-ready) for an action."""
    out: dict[str, Any] = {"type": type(act).action_name}
    for f in dataclasses.fields(act):
        out[f.name] = _plain(getattr(act, f.name))
    return out


def action_from_dict(data: dict[str, Any]) -> Any:
    """Rebuild an action from :func:`action_to_dict`'s dict (cards given as text)."""
    if not isinstance(data, dict) or "type" not in data:
        raise SaveFileError(problem=f"an action must be an object with a 'type', not {data!r}.")
    cls = _ACTION_TYPES.get(data["type"])
    if cls is None:
        raise SaveFileError(problem=f"unknown action type {data['type']!r}.")
    kwargs = {}
    try:
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
                    continue
                raise SaveFileError(problem=f"action {data!r} lacks the field {f.name!r}.")
            kwargs[f.name] = _revive(f.type, data[f.name])
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, SaveFileError):
            raise
        raise SaveFileError(problem=f"action {data!r} is damaged ({exc}).") from None


def _revive(type_text: Any, value: Any) -> Any:
    t = str(type_text)
    if "tuple[Card" in t or "Cards" in t:
        return parse_cards(value)
    if "Card" in t and isinstance(value, str):
        return Card.parse(value)
    if "Suit" in t and isinstance(value, str):
        return Suit.parse(value)
    if t in ("int", "'int'") and (not isinstance(value, int) or isinstance(value, bool)):
        raise TypeError(f"{value!r} is not a whole number")
    if isinstance(value, list):
        return tuple(value)
    return value


@runtime_checkable
class GameState(Protocol):
    """What every game state offers (Plump, Femkamp, Rummy)."""

    rules: Any

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def why_illegal(self, action: Any, lang: str | None = None) -> str | None: ...

    def apply(self, action: Any) -> Any: ...

    def scores(self) -> list[float]: ...

    def view(self, seat: int) -> Any: ...


def play_out(game: Any, bots: "Iterable[Any] | Any", *, max_actions: int = 1_000_000) -> Any:
    """Let bots play ``game`` to its end (one bot per seat, or one for all); returns the game.

    Each bot sees only ``game.view(seat)``.
    """
    seats = game.rules.players
    bot_list = list(bots) if isinstance(bots, (list, tuple)) else [bots] * seats
    if len(bot_list) != seats:
        raise ValueError(f"Give one bot per seat ({seats}) or one bot for all; you gave {len(bot_list)}.")
    for _ in range(max_actions):
        if game.is_over:
            return game
        seat = game.to_move
        game.apply(bot_list[seat].choose(game.view(seat)))
    raise RuntimeError(f"The game did not end within {max_actions} actions.")
