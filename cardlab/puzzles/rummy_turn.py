"""A Rummy turn searched exactly: every way to end it, and the points each way leaves in hand.

**Why a turn, and why points.**  In Rummy a player decides with what they can
see: their own hand, the melds on the table and the discard pile.  The other
hands and the stock are hidden, so a search past the end of the turn would have
to guess them; within the turn nothing is hidden.  After the draw, the turn is
a sequence of melds and lay-offs ended by one discard (or by the hand running
empty: going out).  So the search tries **every** sequence the engine allows
(:meth:`cardlab.games.rummy.RummyRound.legal_actions` on a clone of the round,
apply → look → undo, so the rules are the engine's, never restated here) and
values each finished turn by what the child would pay if somebody went out
before their next turn: **the penalty points left in hand**
(:func:`cardlab.games.melds.hand_penalty` and
:func:`cardlab.rules.rummy_core.round_penalty`, the engine's own scoring), and 0
for going out, which is always best.  Fewer is better.

A turn's **end** is the hand it leaves (sorted; empty when the child goes out).
Many orders of the same melds and lay-offs lead to the same end, so the search
remembers every state it has seen (the hand and the melds on the table).  The
value of an action is the fewest points among the ends still reachable after it.

>>> from cardlab.games.rummy import Draw, RummyRound
>>> rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C",
...                             discard="9C", dealer=0)
>>> _ = rnd.apply(Draw(seat=1, source="stock"))        # seat 1 draws the 4♠
>>> turn = TurnSearch(rnd)
>>> turn.best(), [str(c) for c in turn.best_end()]
(0, [])
>>> [action_text(a) for a in turn.plan()]
['meld A♠ 2♠ 3♠ 4♠', 'discard 9♥']
>>> turn.value_after(Discard(seat=1, card="9H"))       # throw 9♥ first: A♠ 2♠ 3♠ 4♠ stay in hand
10
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import CardlabError
from ..i18n import Message
from ..games.melds import hand_penalty
from ..games.rummy import Discard, RummyRound, action_message
from ..rules.rummy_core import round_penalty

__all__ = ["TurnSearch", "end_points", "action_text", "MAX_STATES"]

#: The most states (hand and table) one turn's search may visit; a larger turn is refused.  Real
#: turns need a few hundred; the bound only keeps a pathological table from running for minutes.
MAX_STATES = 20_000

End = tuple[Card, ...]


def end_points(end: End) -> int:
    """What a turn's end costs: the penalty points of the cards left in hand, 0 when the hand is empty
    (the child went out).  The engine's scoring, undoubled (a puzzle counts plain points).

    >>> from cardlab.cards import parse_cards
    >>> end_points(tuple(parse_cards("KS 3C AD"))), end_points(())
    (14, 0)
    """
    return round_penalty(hand_penalty(end), not end, False)


def action_text(act: Any, lang: str = "en") -> str:
    """A Rummy action in words (the engine's sentence, :func:`cardlab.games.rummy.action_message`)."""
    return action_message(act).text(lang)


def _order(item: tuple[End, int]) -> tuple:
    """Fewest points first; on a tie, fewer cards, then the cards in hand order."""
    end, points = item
    return points, len(end), [c.sort_key for c in end]


class TurnSearch:
    """The exact search of the turn of the seat to move in ``rnd`` (after its draw; see the module
    docstring).  ``rnd`` is cloned: the search never changes it."""

    def __init__(self, rnd: RummyRound) -> None:
        if rnd.is_over or rnd.phase != "meld":
            raise CardlabError("puzzles.rummy.not_in_turn", field="round")
        self.round = rnd.clone()
        self.seat: int = rnd.to_move
        self.start_turns = rnd.turns   #: the round's turn count when the turn began
        self._memo: dict[tuple, frozenset] = {}
        self._lengths: dict[tuple, int] = {}

    # ------------------------------------------------------------------ the search
    def _turn_over(self) -> bool:
        r = self.round
        return r.is_over or r.turns != self.start_turns

    def _key(self) -> tuple:
        r = self.round
        return tuple(r.hands[self.seat]), tuple(m.cards for m in r.table)

    def _ends(self) -> frozenset:
        """Every end reachable from the round as it is now."""
        if self._turn_over():
            return frozenset([tuple(self.round.hands[self.seat])])
        key = self._key()
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if len(self._memo) >= MAX_STATES:
            raise CardlabError("puzzles.rummy.too_large", field="round", limit=MAX_STATES)
        out: set = set()
        for act in self.round.legal_actions():
            out |= self._after(act)
        found = frozenset(out)
        self._memo[key] = found
        return found

    def _after(self, act: Any) -> frozenset:
        self.round.apply(act)
        try:
            return self._ends()
        finally:
            self.round.undo()

    # ------------------------------------------------------------------ questions
    def legal(self) -> list[Any]:
        """The actions the engine allows now."""
        return self.round.legal_actions()

    def ends(self) -> dict[End, int]:
        """Every way the turn can end (the hand it leaves) and its points, fewest first."""
        return dict(sorted(((e, end_points(e)) for e in self._ends()), key=_order))

    def ends_after(self, act: Any) -> dict[End, int]:
        """The ends still reachable after ``act`` (a legal action) and their points, fewest first."""
        return dict(sorted(((e, end_points(e)) for e in self._after(act)), key=_order))

    def best(self) -> int:
        """The fewest points the turn can leave in hand (0: the child can go out)."""
        return min(self.ends().values())

    def best_end(self) -> End:
        """The end with the fewest points (the first in card order on a tie)."""
        return next(iter(self.ends()))

    def value_after(self, act: Any) -> int:
        """The fewest points still reachable after ``act``."""
        return min(self.ends_after(act).values())

    def values(self) -> dict[Any, int]:
        """Every legal action and the fewest points reachable after it (in the engine's order)."""
        return {act: self.value_after(act) for act in self.legal()}

    def _steps_to(self, end: End) -> int:
        """The fewest actions from the round as it is now to ``end`` (which must be reachable)."""
        if self._turn_over():
            return 0
        key = (self._key(), end)
        hit = self._lengths.get(key)
        if hit is not None:
            return hit
        best = None
        for act in self.round.legal_actions():
            self.round.apply(act)
            try:
                if end in self._ends():
                    steps = 1 + self._steps_to(end)
                    best = steps if best is None else min(best, steps)
            finally:
                self.round.undo()
        self._lengths[key] = best
        return best

    def _walk(self, end: "End | None") -> list[tuple[Any, Message]]:
        end = self.best_end() if end is None else end
        if end not in self._ends():
            raise CardlabError("puzzles.rummy.no_such_end", field="end")
        steps: list[tuple[Any, Message]] = []
        applied = 0
        try:
            while not self._turn_over():
                want = self._steps_to(end) - 1
                for act in self.round.legal_actions():
                    self.round.apply(act)
                    ok = end in self._ends() and self._steps_to(end) == want
                    self.round.undo()
                    if ok:
                        break
                steps.append((act, action_message(act, self.round.table, self.round.discard_top)))
                self.round.apply(act)
                applied += 1
        finally:
            for _ in range(applied):
                self.round.undo()
        return steps

    def plan(self, end: End | None = None) -> list[Any]:
        """A shortest way to reach ``end`` (default :meth:`best_end`): the fewest actions, the first in
        the engine's order on a tie (a meld of four rather than a meld of three and a lay-off)."""
        return [act for act, _ in self._walk(end)]

    def plan_words(self, end: End | None = None) -> list[Message]:
        """:meth:`plan` in words, each action as the engine says it (a lay-off names its meld)."""
        return [words for _, words in self._walk(end)]


def discard_of(plan: list[Any]) -> Card | None:
    """The card a plan throws on the discard pile (None: it goes out without a discard)."""
    last = plan[-1] if plan else None
    return last.card if isinstance(last, Discard) else None
