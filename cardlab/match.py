"""A match: one game plus its history, for undo, replay, save and load.

A game is fully described by its rules, its seed (every shuffle is drawn
from it), an optional explicit set-up (hands dealt by hand for an exercise)
and the list of actions taken.  :class:`Match` keeps exactly that, so undo is
"replay all but the last action" and a saved file replays to the identical game.

>>> from cardlab import PlumpRules, RandomBot
>>> match = Match.new("plump", PlumpRules.preset("kids"), rng=3)
>>> bot = RandomBot(rng=1)
>>> for _ in range(5):
...     match.apply(bot.choose(match.game.view(match.game.to_move)))
>>> len(match.actions)
5
>>> match.undo()
>>> len(match.actions)
4
>>> Match.from_dict(match.to_dict()).game.state_key() == match.game.state_key()
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ._rng import derive_seed
from .errors import CardlabError, SaveFileError
from .protocol import action_from_dict, action_to_dict, registered_game

FILE_FORMAT = "cardlab-game"
FILE_VERSION = 1


class Match:
    """A game with its history.  ``match.game`` is the current state."""

    def __init__(self, game: Any) -> None:
        self._start = (type(game), game.rules, game.seed, game.setup)
        self.game = game
        self.actions: list[Any] = []

    @classmethod
    def new(cls, game: "str | type", rules: Any = None, *, rng=None, setup: dict | None = None) -> "Match":
        """Start a new match: ``Match.new("plump", PlumpRules(), rng=7)``."""
        game_cls = registered_game(game) if isinstance(game, str) else game
        if rules is None:
            rules = game_cls.rules_class()
        return cls(game_cls.start(rules, seed=derive_seed(rng), setup=setup))

    @property
    def rules(self) -> Any:
        return self.game.rules

    def apply(self, action: Any) -> None:
        """Apply ``action`` to the game and remember it; a refused action raises and changes nothing."""
        self.game.apply(action)
        self.actions.append(action)

    def why_illegal(self, action: Any, lang: str | None = None) -> str | None:
        return self.game.why_illegal(action, lang)

    def fresh_game(self) -> Any:
        """The game as it was before the first action."""
        game_cls, rules, seed, setup = self._start
        return game_cls.start(rules, seed=seed, setup=setup)

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (by replaying the rest)."""
        if steps < 0 or steps > len(self.actions):
            raise ValueError(f"Cannot undo {steps} action(s): only {len(self.actions)} were taken.")
        keep = self.actions[: len(self.actions) - steps]
        game = self.fresh_game()
        for act in keep:
            game.apply(act)
        self.game, self.actions = game, list(keep)

    def can_undo(self) -> bool:
        return bool(self.actions)

    # ----------------------------------------------------------- save / load
    def to_dict(self) -> dict[str, Any]:
        game_cls, rules, seed, setup = self._start
        return {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "game": game_cls.game_name,
            "rules": rules.to_dict(),
            "fingerprint": rules.fingerprint(),
            "seed": seed,
            "setup": setup,
            "actions": [action_to_dict(a) for a in self.actions],
        }

    def save(self, path: "str | Path") -> Path:
        """Write the match as JSON (rules, fingerprint, seed, set-up, actions)."""
        path = Path(path)
        path.write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return path

    @classmethod
    def from_dict(cls, data: Any) -> "Match":
        """Rebuild and replay a match; any damage gives a :class:`SaveFileError` naming the problem."""
        if not isinstance(data, dict):
            raise SaveFileError(problem="the top level is not a JSON object.")
        if data.get("format") != FILE_FORMAT:
            raise SaveFileError(problem=f"'format' is {data.get('format')!r}, not {FILE_FORMAT!r}.")
        if data.get("version") != FILE_VERSION:
            raise SaveFileError(problem=f"'version' {data.get('version')!r} is not supported (this cardlab reads {FILE_VERSION}).")
        for key in ("game", "rules", "seed", "actions"):
            if key not in data:
                raise SaveFileError(problem=f"the field {key!r} is missing.")
        game_cls = registered_game(data["game"])
        try:
            rules = game_cls.rules_class.from_dict(data["rules"])
        except CardlabError as exc:
            raise SaveFileError(problem=f"its rules are invalid ({exc})") from None
        if "fingerprint" in data and data["fingerprint"] != rules.fingerprint():
            raise SaveFileError(problem="its rules do not match its fingerprint: the file was edited or is damaged.")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveFileError(problem=f"'seed' must be a whole number, not {seed!r}.")
        if not isinstance(data["actions"], list):
            raise SaveFileError(problem="'actions' must be a list.")
        try:
            match = cls(game_cls.start(rules, seed=seed, setup=data.get("setup")))
        except CardlabError as exc:
            raise SaveFileError(problem=f"its set-up is invalid ({exc})") from None
        for number, item in enumerate(data["actions"], start=1):
            act = action_from_dict(item)
            try:
                match.apply(act)
            except CardlabError as exc:
                raise SaveFileError(problem=f"action {number} ({item}) is not legal in the replayed game: {exc}") from None
        return match

    @classmethod
    def load(cls, path: "str | Path") -> "Match":
        """Read a match saved with :meth:`save`."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SaveFileError(problem=f"{path.name} is not valid JSON ({exc}).") from None
        return cls.from_dict(data)

    def __repr__(self) -> str:
        return f"<Match {self.game.game_name} after {len(self.actions)} actions>"
