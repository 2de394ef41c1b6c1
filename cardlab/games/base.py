"""What every game made of rounds shares (Plump's pyramid, Femkamp's five rounds, Rummy's rounds).

A subclass deals its rounds (``_new_round``), scores a finished one
(``_finish_round``) and says when the game is over (``is_over``); the moves
themselves are always played in ``self.round``, which follows the shared protocol.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from importlib import import_module
from typing import Any, ClassVar, Sequence

from ..errors import CardlabError, GameOverError


class CheckedRound(ABC):
    """A round that checks every move in one place, ``_check``, before making it.

    ``why_illegal`` is then the same for every game: ``None`` for an allowed move,
    else the sentence of the rule it breaks (a UI greys a card out and says why).
    """

    lang: str | None = None

    @abstractmethod
    def _check(self, act: Any, lang: str | None = None) -> None:
        """Raise the :class:`cardlab.errors.IllegalMoveError` naming the broken rule, or return."""

    def why_illegal(self, act: Any, lang: str | None = None) -> str | None:
        """``None`` if ``act`` is allowed now, else the sentence naming the rule it breaks."""
        try:
            self._check(act, lang)
        except CardlabError as exc:
            return str(exc)
        return None


class RoundsGame(ABC):
    """A game of several rounds with running totals, seeded from one ``seed``."""

    rules_class: ClassVar[type]
    sheet_module: ClassVar[str]  # e.g. "cardlab.sheets.plump": score_sheet() and score_sheet_html()
    round: Any

    def __init__(self, rules: Any, *, seed: int, setup: dict | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.setup = setup or None
        self.results: list[Any] = []
        self.finished_rounds: list[Any] = []
        self.totals = [0] * rules.players
        self._lang: str | None = None

    @classmethod
    def start(cls, rules: Any = None, *, seed: int = 0, setup: dict | None = None):
        """A new game; every deal is drawn from ``seed`` unless ``setup`` fixes it."""
        return cls(rules or cls.rules_class(), seed=seed, setup=setup)

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
    def to_move(self) -> int | None:
        return None if self.is_over else self.round.to_move

    def legal_actions(self) -> list[Any]:
        return [] if self.is_over else self.round.legal_actions()

    def why_illegal(self, act: Any, lang: str | None = None) -> str | None:
        if self.is_over:
            return str(GameOverError(lang=lang or self.lang))
        return self.round.why_illegal(act, lang)

    def apply(self, act: Any) -> None:
        """Make a move in the current round; when it ends, score it and deal the next."""
        if self.is_over:
            raise GameOverError(lang=self.lang)
        self.round.apply(act)
        if self.round.is_over:
            self._finish_round()

    @abstractmethod
    def _finish_round(self) -> None:
        """Every game scores its own rounds, then deals the next one unless it is over."""

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
