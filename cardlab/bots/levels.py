"""Levels at the table: which bot plays at *Lätt*, *Medel* and *Svår*, and which one gives *Tips*.

======  ===========================  =====================================================
level   words (sv / nb / en)         who plays
======  ===========================  =====================================================
easy    Lätt / Lett / Easy           :class:`FriendlyBot`: the heuristic bot, but one move in
                                     three (``slip``) is a random legal move
medium  Medel / Middels / Medium     the heuristic bot of the game (PlumpBot, FemkampBot, RummyBot)
hard    Svår / Vanskelig / Hard      the game's search bot (PlumpSearchBot, FemkampSearchBot,
                                     RummySearchBot) with its own budget (a few to some tens of
                                     milliseconds a move, seeded, so a table can be replayed);
                                     :func:`available_levels` lists only levels it can play
======  ===========================  =====================================================

*Tips* come from :func:`hint_bot`: the strongest bot that answers within about
0.3 s — the search bot with a time budget where there is one, else the heuristic bot.

>>> available_levels("plump"), available_levels("femkamp"), available_levels("rummy")
(['easy', 'medium', 'hard'], ['easy', 'medium', 'hard'], ['easy', 'medium', 'hard'])
>>> make_bot("femkamp", "hard", rng=1).name
'femkamp-search'
>>> hint_bot("rummy").time_ms
250.0
>>> make_bot("femkamp", "medium").name
'femkamp-heuristic'
>>> level_name("easy", "sv")
'Lätt'
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .._rng import normalize_rng
from ..errors import RulesError
from ..i18n import Message, tr
from .base import Decision, describe_action


LEVELS = ("easy", "medium", "hard")
GAMES = ("plump", "femkamp", "rummy")

#: The heuristic bot of each game: (module, class).
HEURISTIC = {"plump": ("cardlab.bots.plump", "PlumpBot"), "femkamp": ("cardlab.bots.femkamp", "FemkampBot"),
             "rummy": ("cardlab.bots.rummy", "RummyBot")}

#: The search bot of each game, by the name ``cardlab.bots`` exports it under.
SEARCH = {"plump": "PlumpSearchBot", "femkamp": "FemkampSearchBot", "rummy": "RummySearchBot"}

#: The time budget (milliseconds) a search bot gets when it gives a hint.
HINT_TIME_MS = 250.0


def check_level(level: str) -> str:
    """``level`` if it is one of :data:`LEVELS`, else a RulesError naming the field ``level``."""
    if level not in LEVELS:
        raise RulesError("rules.invalid", field="level", problem=f"choose one of {', '.join(LEVELS)}; you chose {level!r}.")
    return level


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise RulesError("rules.invalid", field="game", problem=f"choose one of {', '.join(GAMES)}; you chose {game!r}.")
    return game


def level_name(level: str, lang: str | None = None) -> str:
    """The level as the table shows it: "Lätt" / "Lett" / "Easy" …"""
    return tr(f"level.{check_level(level)}", lang)


def heuristic_class(game: str) -> type:
    module, name = HEURISTIC[_check_game(game)]
    return getattr(import_module(module), name)


def search_class(game: str) -> type | None:
    """The game's search bot class, or None when this cardlab has none for it."""
    from .. import bots

    try:
        return getattr(bots, SEARCH[_check_game(game)])
    except (AttributeError, ImportError):
        return None


def available_levels(game: str) -> list[str]:
    """The levels this cardlab can play for ``game`` (``"hard"`` only where there is a search bot)."""
    return [level for level in LEVELS if level != "hard" or search_class(game) is not None]


class FriendlyBot:
    """A kind opponent for a beginner: the heuristic bot's move, except that with chance ``slip``
    it plays a random legal move instead (and says so).  Seeded through ``rng=``.

    >>> from cardlab.games.plump import PlumpGame
    >>> from cardlab.rules.plump import PlumpRules
    >>> from cardlab.bots.plump import PlumpBot
    >>> game = PlumpGame.start(PlumpRules.preset("kids"), seed=3)
    >>> view = game.view(game.to_move)
    >>> FriendlyBot(PlumpBot(), rng=1).decide(view).action in view.legal_actions
    True
    """

    name = "friendly"

    def __init__(self, inner: Any, *, rng: Any = None, slip: float = 1 / 3) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip must be a chance from 0 to 1; you gave {slip!r}.")
        self.inner = inner
        self.slip = slip
        self.rng = normalize_rng(rng)

    def decide(self, view: Any) -> Decision:
        options = view.legal_actions
        if not options:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the game is over.")
        if len(options) > 1 and self.rng.random() < self.slip:
            act = options[int(self.rng.integers(len(options)))]
            return Decision(act, Message("bot.friendly_slip", {"action": describe_action(act)}))
        return self.inner.decide(view)

    def choose(self, view: Any) -> Any:
        return self.decide(view).action


def make_bot(game: str, level: str = "medium", *, rng: Any = None) -> Any:
    """A bot for ``game`` (``"plump"``, ``"femkamp"``, ``"rummy"``) at ``level``.

    ``"hard"`` needs the game's search bot; where this cardlab has none, a RulesError says so.  It
    plays with the search bot's default budget (a fixed number of play-outs, not a time budget), so
    that its moves follow from ``rng`` alone and a table can be replayed.
    """
    check_level(level)
    if level == "hard":
        cls = search_class(game)
        if cls is None:
            raise RulesError("rules.invalid", field="level",
                             problem=f"the level 'hard' needs {SEARCH[game]}, which this cardlab does not have yet.")
        return cls(rng=rng)
    inner = heuristic_class(game)()
    return FriendlyBot(inner, rng=rng) if level == "easy" else inner


def hint_bot(game: str) -> Any:
    """The bot behind *Tips*: the search bot with a budget of about 0.3 s where there is one, else the heuristic bot."""
    cls = search_class(game)
    if cls is not None:
        try:
            return cls(rng=0, time_ms=HINT_TIME_MS)
        except TypeError:  # a search bot without a time budget is not used for hints
            pass
    return heuristic_class(game)()
