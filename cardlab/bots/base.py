"""What every bot offers: ``choose(view)`` and ``decide(view)`` with a one-sentence reason.

A bot sees only a player's view (``game.view(seat)``), never the other hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ..i18n import Message


@dataclass(frozen=True)
class Decision:
    """A bot's move and why, e.g. ``Decision(Play(...), Message("plump.bot.duck", ...))``."""

    action: Any
    reason: Message = field(default_factory=lambda: Message("bot.random", {"action": "?"}))

    def explain(self, lang: str | None = None) -> str:
        """The reason in one sentence, in ``lang``."""
        return self.reason.text(lang)


class Bot(Protocol):
    def choose(self, view: Any) -> Any: ...

    def decide(self, view: Any) -> Decision: ...


def describe_action(act: Any) -> str:
    """Short text for an action: 'bid 3', '10♥'."""
    if hasattr(act, "card"):
        return str(act.card)
    if hasattr(act, "tricks"):
        return str(act.tricks)
    return repr(act)


class RandomBot:
    """Chooses uniformly among the legal actions in its view (seeded through ``rng=``).

    >>> from cardlab import PlumpRound, PlumpRules
    >>> rnd = PlumpRound.deal(PlumpRules(), hand_size=3, rng=4)
    >>> RandomBot(rng=1).choose(rnd.view(rnd.to_move)) in rnd.legal_actions()
    True
    """

    name = "random"

    def __init__(self, *, rng=None) -> None:
        from .._rng import normalize_rng

        self.rng = normalize_rng(rng)

    def choose(self, view: Any) -> Any:
        options = view.legal_actions
        if not options:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the game is over.")
        return options[int(self.rng.integers(len(options)))]

    def decide(self, view: Any) -> Decision:
        act = self.choose(view)
        return Decision(act, Message("bot.random", {"action": describe_action(act)}))
