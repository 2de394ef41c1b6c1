"""The themes of Rummy puzzles: a small named set, each with a detector.

A detector looks at the turn (:class:`cardlab.puzzles.rummy_turn.TurnSearch`), the
right first moves and the best plan, and says whether the puzzle is an example of
its theme.  The first theme in :data:`THEMES` whose detector holds is the
puzzle's; ``"exact"`` (count the points of every way) is what is left.

* ``right_meld`` — a card fits two melds in your hand: lay down the one that
  leaves fewer points (the other meld would be wrong);
* ``lay_off`` — the best turn puts a card on a meld already on the table;
* ``go_out`` — every card can be put down this turn: you go out;
* ``meld_now`` — lay the meld down now rather than hold it (cards on the table
  cost nothing when somebody else goes out);
* ``shed_high`` — nothing can be put down: throw the card worth the most points.

>>> from cardlab.games.rummy import Draw, RummyRound
>>> rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C",
...                             discard="9C", dealer=0)
>>> _ = rnd.apply(Draw(seat=1, source="stock"))
>>> from cardlab.puzzles.rummy_turn import TurnSearch
>>> theme_of(TurnSearch(rnd))
'go_out'
"""

from __future__ import annotations

from typing import Any, Callable

from ..games.rummy import Discard, LayOff, Meld


def right_meld(turn: Any, plan: list[Any]) -> bool:
    """A meld of the best plan shares a card with another meld the hand could lay down now, and that
    other meld leaves more points."""
    chosen = [a for a in plan if isinstance(a, Meld)]
    if not chosen:
        return False
    best = turn.best()
    for other in (a for a in turn.legal() if isinstance(a, Meld)):
        if other in chosen or turn.value_after(other) <= best:
            continue
        if any(set(other.cards) & set(m.cards) for m in chosen):
            return True
    return False


def lay_off(turn: Any, plan: list[Any]) -> bool:
    """The best plan (the shortest) lays a card off onto a meld on the table."""
    return any(isinstance(a, LayOff) for a in plan)


def go_out(turn: Any, plan: list[Any]) -> bool:
    """The best turn empties the hand: the child goes out."""
    return turn.best() == 0


def meld_now(turn: Any, plan: list[Any]) -> bool:
    """The best plan lays down a meld (and the child does not go out)."""
    return any(isinstance(a, Meld) for a in plan)


def shed_high(turn: Any, plan: list[Any]) -> bool:
    """The best plan is one discard, of the card worth the most points in hand."""
    if len(plan) != 1 or not isinstance(plan[0], Discard):
        return False
    hand = turn.round.hands[turn.seat]
    return all(c.rank.points < plan[0].card.rank.points for c in hand if c != plan[0].card)


Detector = Callable[[Any, list], bool]

#: The themes in the order they are tried: (name, detector).
THEMES: tuple[tuple[str, Detector], ...] = (
    ("right_meld", right_meld), ("lay_off", lay_off), ("go_out", go_out), ("meld_now", meld_now),
    ("shed_high", shed_high))

#: Every theme name, the fallback last.
THEME_NAMES: tuple[str, ...] = tuple(n for n, _ in THEMES) + ("exact",)

#: How hard a theme is to see, 1 (a rule of thumb) to 3 (count it out); added to a puzzle's size.
THEME_WEIGHT = {"shed_high": 1, "go_out": 1, "meld_now": 1, "lay_off": 2, "right_meld": 3, "exact": 3}

#: The themes in the order the puzzle ladder (:mod:`cardlab.puzzles.ladder`) climbs them: the
#: cheapest card to throw first, then going out, melding, laying off, taking the discard pile's top card
#: (the draw puzzles of :mod:`cardlab.puzzles.rummy_draw`), choosing the meld; ``"exact"`` last.
LADDER_THEMES: tuple[str, ...] = ("shed_high", "go_out", "meld_now", "lay_off", "take_discard", "right_meld",
                                   "exact")


def theme_of(turn: Any, plan: "list[Any] | None" = None) -> str:
    """The first theme whose detector holds for the turn and its best ``plan`` (default: the search's),
    else ``"exact"``."""
    plan = turn.plan() if plan is None else plan
    for name, detect in THEMES:
        if detect(turn, plan):
            return name
    return "exact"
