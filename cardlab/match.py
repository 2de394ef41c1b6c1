"""A match: one game plus its history, for undo, replay, save and load.

A game is fully described by its rules, its seed (every shuffle is drawn
from it), an optional explicit set-up (hands dealt by hand for an exercise)
and the list of actions taken.  :class:`Match` keeps exactly that, so a saved
file replays to the identical game; undo takes the last actions back with the
game's own ``undo()``.

>>> from cardlab import PlumpRules, RandomBot
>>> match = Match.new("plump", PlumpRules.preset("kids"), rng=3)
>>> bot = RandomBot(rng=1)
>>> for _ in range(5):
...     events = match.apply(bot.choose(match.game.view(match.game.to_move)))
>>> len(match.actions), events
(5, (CardPlayed(seat=1, card=Card.parse('KC')),))
>>> match.undo()
>>> len(match.actions)
4
>>> Match.from_dict(match.to_dict()).game.state_key() == match.game.state_key()
True
>>> match.play_out(bot).game.is_over, len(match.actions)      # bots finish it; every action is recorded
(True, 152)

A saved file carries a checksum of its contents.  A file whose checksum no
longer matches was changed after saving: if it still replays under its own
rules it loads (an edit by hand is allowed) with ``match.edited`` set and an
:class:`EditedSaveWarning`; if it does not, the :class:`cardlab.errors.SaveFileError`
says that the file was damaged or edited.  Every refusal is one line of at
most 300 characters in the chosen language.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from pathlib import Path
from typing import Any, Iterable

from .errors import CardlabError, SaveFileError
from .i18n import Message
from .protocol import action_from_dict, action_to_dict, registered_game

FILE_FORMAT = "cardlab-game"
FILE_VERSION = 1

MAX_FILE_BYTES = 16_000_000  # a saved game is a few KB; this is far beyond any real one
MAX_DEPTH = 12               # the deepest real file: actions → action → a list of cards
MAX_TEXT = 2_000             # the longest real text: a hand or a stock of cards
MAX_ITEMS = 2_000_000        # values in the whole file
MESSAGE_LIMIT = 300          # every refusal is one line of at most this many characters


def excerpt(value: Any, limit: int = 40) -> str:
    """A short one-line quote of ``value`` for a message (``repr``, cut with '…').

    >>> excerpt("x" * 100, 10)
    "'xxxxxxxx…"
    """
    try:
        text = repr(value) if not isinstance(value, Message) else value.text()
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Quote(Message):
    """A message field that quotes an error (or any text) in the reader's language, cut to ``limit``."""

    def __init__(self, error: Any, limit: int = 120) -> None:
        super().__init__("file.damaged", {})
        object.__setattr__(self, "_error", error)
        object.__setattr__(self, "_limit", limit)

    def text(self, lang: str | None = None) -> str:
        err = self._error  # type: ignore[attr-defined]
        try:
            raw = err.message(lang) if isinstance(err, CardlabError) else str(err)
        except Exception:  # a message that cannot be built must not hide the refusal itself
            raw = type(err).__name__
        raw = " ".join(raw.split())
        limit = self._limit  # type: ignore[attr-defined]
        return raw if len(raw) <= limit else raw[: limit - 1] + "…"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)


def _refuse(key: str, **params: Any) -> SaveFileError:
    return SaveFileError(problem=Message(key, params))


class EditedSaveWarning(UserWarning):
    """A saved file was changed after saving (its checksum does not match) but replays under its rules."""


def checksum(data: dict[str, Any]) -> str:
    """The checksum of a saved game's contents (everything but the checksum itself).

    >>> checksum({"format": "cardlab-game", "seed": 1}) == checksum({"seed": 1, "format": "cardlab-game"})
    True
    """
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def check_shape(data: Any) -> None:
    """Refuse (with :class:`SaveFileError`) data nested too deep, with too long texts or too many values.

    >>> check_shape({"a": [1, "two"]})
    >>> deep = []
    >>> for _ in range(50):
    ...     deep = [deep]
    >>> check_shape(deep)
    Traceback (most recent call last):
    ...
    cardlab.errors.SaveFileError: The file cannot be read as a saved cardlab game: it is nested more than 12 levels deep.
    """
    stack = [(data, 0)]
    items = 0
    while stack:
        value, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise _refuse("file.too_many", limit=MAX_ITEMS)
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise _refuse("file.too_long", size=len(value), limit=MAX_TEXT)
        elif isinstance(value, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                raise _refuse("file.too_deep", limit=MAX_DEPTH)
            children = list(value.items()) if isinstance(value, dict) else value
            for child in children:
                if isinstance(value, dict):
                    stack.append((child[0], depth + 1))
                    stack.append((child[1], depth + 1))
                else:
                    stack.append((child, depth + 1))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


class Match:
    """A game with its history.  ``match.game`` is the current state.

    ``match.edited`` is True for a loaded file whose checksum did not match
    (changed by hand after saving, yet valid).
    """

    def __init__(self, game: Any) -> None:
        self._start = (type(game), game.rules, game.seed, game.setup)
        self.game = game
        self.actions: list[Any] = []
        self.edited = False

    @classmethod
    def new(cls, game: "str | type", rules: Any = None, *, rng=None, setup: dict | None = None) -> "Match":
        """Start a new match: ``Match.new("plump", PlumpRules(), rng=7)``."""
        from .games.base import seed_from

        game_cls = registered_game(game) if isinstance(game, str) else game
        if rules is None:
            rules = game_cls.rules_class()
        return cls(game_cls.start(rules, seed=seed_from(rng), setup=setup))

    @property
    def rules(self) -> Any:
        return self.game.rules

    def apply(self, action: Any) -> tuple:
        """Apply ``action``, remember it and return what happened (:mod:`cardlab.events`).

        A refused action raises and changes nothing (it is not recorded).
        """
        events = self.game.apply(action)
        self.actions.append(action)
        return events

    def why_illegal(self, action: Any, lang: str | None = None) -> str | None:
        return self.game.why_illegal(action, lang)

    def play_out(self, bots: "Iterable[Any] | Any", *, max_actions: int = 1_000_000) -> "Match":
        """Let bots play on to the end (one bot per seat, or one for all), recording every action.

        Each bot sees only ``game.view(seat)``.  Returns the match, so a saved file of it
        reloads finished.
        """
        from .protocol import play_out

        play_out(self, bots, max_actions=max_actions)
        return self

    def fresh_game(self) -> Any:
        """The game as it was before the first action."""
        game_cls, rules, seed, setup = self._start
        return game_cls.start(rules, seed=seed, setup=setup)

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions, one ``game.undo()`` each (the same game object goes on).

        A ``steps`` below 0 or beyond the actions taken raises ``ValueError``; a failure on the way puts
        back what was already undone, so a refused undo leaves the match as it was.
        """
        if steps < 0 or steps > len(self.actions):
            raise ValueError(f"Cannot undo {steps} action(s): only {len(self.actions)} were taken.")
        undone = 0
        try:
            for undone in range(steps):
                self.game.undo()
        except BaseException:
            self._redo(self.actions[len(self.actions) - undone:])
            raise
        self.actions = self.actions[: len(self.actions) - steps]

    def _redo(self, actions: list[Any]) -> None:
        """Apply again ``actions`` that were just undone from the game (not from ``self.actions``)."""
        for act in actions:
            self.game.apply(act)

    def can_undo(self) -> bool:
        return bool(self.actions)

    # ----------------------------------------------------------- save / load
    def to_dict(self) -> dict[str, Any]:
        """The match as plain data (JSON-ready), with a ``checksum`` of its contents."""
        game_cls, rules, seed, setup = self._start
        data = {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "game": game_cls.game_name,
            "rules": rules.to_dict(),
            "fingerprint": rules.fingerprint(),
            "seed": seed,
            "setup": setup,
            "actions": [action_to_dict(a) for a in self.actions],
        }
        data["checksum"] = checksum(data)
        return data

    def save(self, path: "str | Path") -> Path:
        """Write the match as JSON (rules, fingerprint, seed, set-up, actions, checksum).

        The file is replaced all at once (:func:`cardlab.atomic.write_atomically`): a save cut short
        by a kill, a full disk or Ctrl-C leaves the previous save complete, and a reader never sees
        half a file.
        """
        from .atomic import write_atomically

        return write_atomically(path, json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n")

    @classmethod
    def from_dict(cls, data: Any, *, name: str = "the file") -> "Match":
        """Rebuild and replay a match.

        Any damage gives a :class:`SaveFileError` whose message is one line of at most
        300 characters naming the problem (and, when the checksum does not match, saying
        that the file was damaged or edited).  A file with a wrong checksum that still
        replays loads, with ``match.edited`` set and an :class:`EditedSaveWarning`.
        """
        edited = isinstance(data, dict) and "checksum" in data and data.get("checksum") != _checksum_or_none(data)
        try:
            match = cls._from_dict(data)
        except SaveFileError as exc:
            raise _one_line(exc, edited) from None
        if edited:
            match.edited = True
            warnings.warn(EditedSaveWarning(Message("file.edited", {"name": name}).text()), stacklevel=2)
        return match

    @classmethod
    def _from_dict(cls, data: Any) -> "Match":
        try:
            return cls._replay(data)
        except SaveFileError:
            raise
        except CardlabError as exc:  # any other refusal while rebuilding: quote it
            raise _refuse("file.damaged", detail=_Quote(exc)) from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as exc:
            raise _refuse("file.damaged", detail=type(exc).__name__) from None

    @classmethod
    def _replay(cls, data: Any) -> "Match":
        from .games.base import check_seed

        check_shape(data)
        if not isinstance(data, dict):
            raise _refuse("file.not_object")
        if data.get("format") != FILE_FORMAT:
            raise _refuse("file.format", value=excerpt(data.get("format")), expected=FILE_FORMAT)
        if data.get("version") != FILE_VERSION or isinstance(data.get("version"), bool):
            raise _refuse("file.version", value=excerpt(data.get("version")), expected=FILE_VERSION)
        for key in ("game", "rules", "seed", "actions"):
            if key not in data:
                raise _refuse("file.missing", field=key)
        if not isinstance(data["game"], str):
            raise _refuse("file.wrong_type", field="game", expected="text", value=excerpt(data["game"]))
        game_cls = registered_game(data["game"])
        if not isinstance(data["rules"], dict):
            raise _refuse("file.wrong_type", field="rules", expected="{…}", value=excerpt(data["rules"]))
        try:
            rules = game_cls.rules_class.from_dict(data["rules"])
        except (CardlabError, TypeError, ValueError) as exc:
            raise _refuse("file.rules", error=_Quote(exc)) from None
        if "fingerprint" in data and data["fingerprint"] != rules.fingerprint():
            raise _refuse("file.fingerprint")
        try:
            seed = check_seed(data["seed"])
        except CardlabError:
            raise _refuse("file.seed", value=excerpt(data["seed"])) from None
        if not isinstance(data["actions"], list):
            raise _refuse("file.wrong_type", field="actions", expected="[…]", value=excerpt(data["actions"]))
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise _refuse("file.wrong_type", field="setup", expected="{…}", value=excerpt(setup))
        try:
            match = cls(game_cls.start(rules, seed=seed, setup=setup))
        except (CardlabError, TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise _refuse("file.setup", error=_Quote(exc)) from None
        for number, item in enumerate(data["actions"], start=1):
            act = action_from_dict(item)
            try:
                match.apply(act)
            except CardlabError as exc:
                raise _refuse("file.action", number=number, action=excerpt(item, 60), error=_Quote(exc, 90)) from None
        return match

    @classmethod
    def load(cls, path: "str | Path") -> "Match":
        """Read a match saved with :meth:`save` (see :meth:`from_dict` for damaged and edited files)."""
        path = Path(path)
        name = excerpt(path.name, 40).strip("'\"")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _refuse("file.too_big", size=size, limit=MAX_FILE_BYTES)
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse("file.not_text", name=name) from None
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise _refuse("file.not_json", name=name, line=exc.lineno, column=exc.colno) from None
        except RecursionError:
            raise _refuse("file.too_deep", limit=MAX_DEPTH) from None
        except ValueError as exc:  # NaN/Infinity, or an integer of thousands of digits
            if "digits" in str(exc):
                raise _refuse("file.huge_number") from None
            raise _refuse("file.damaged", detail=_Quote(exc, 80)) from None
        return cls.from_dict(data, name=name)

    def __repr__(self) -> str:
        return f"<Match {self.game.game_name} after {len(self.actions)} actions>"


def _checksum_or_none(data: dict) -> str | None:
    try:
        return checksum(data)
    except (TypeError, ValueError, RecursionError):
        return None


def _one_line(exc: SaveFileError, edited: bool) -> SaveFileError:
    """The refusal, noting a checksum that does not match, and never longer than one line of 300 characters."""
    problem = exc.params.get("problem")
    if edited:
        problem = Message("file.checksum", {"problem": problem})
    return SaveFileError(problem=_Clip(problem, MESSAGE_LIMIT - 70))


class _Clip(_Quote):
    """A field that is the problem's text in the reader's language, cut to fit one line."""

    def text(self, lang: str | None = None) -> str:
        value = self._error  # type: ignore[attr-defined]
        raw = value.text(lang) if isinstance(value, Message) else str(value)
        raw = " ".join(raw.split())
        limit = self._limit  # type: ignore[attr-defined]
        return raw if len(raw) <= limit else raw[: limit - 1] + "…"
