"""The themes of Plump card-play puzzles: a small named set, each with a detector.

A detector looks at the position (:class:`cardlab.puzzles.position.Position`) and
the right card and says whether the puzzle is an example of its theme.  The
first theme in :data:`THEMES` whose detector holds for every right card is the
puzzle's; ``"exact"`` (count it out to the end) is what is left.

>>> from cardlab.cards import Card
>>> from cardlab.puzzles.position import Position
>>> pos = Position.from_text(["AS KS", "QS 2H", "JS 3H"], seat=0, bid=2, leader=0, trump="S")
>>> theme_of(pos, [Card.parse("AS")])      # every trick is needed: lead the top trump
'top_trump'
>>> pos = Position.from_text(["KS 2C", "3C", "4C"], seat=0, bid=0, leader=1, trick=[(1, "AH"), (2, "QH")])
>>> theme_of(pos, [Card.parse("KS")])      # no hearts, the ace wins anyway: get rid of your king now
'shed_high'
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..cards import Card
from .position import Position


def top_trump(pos: Position, card: Card) -> bool:
    """Needs every trick left, leads, and the card is the highest trump still in play."""
    if pos.trick or pos.trump is None or card.suit != pos.trump or pos.need != pos.tricks_left:
        return False
    trumps = [c for h in pos.hands for c in h if c.suit == pos.trump]
    return card == max(trumps, key=lambda c: c.rank)


def shed_high(pos: Position, card: Card) -> bool:
    """Someone else wins the trick anyway, and the card is clearly the highest of the cards that lose
    it: throw the dangerous high card now, while it cannot win."""
    if not pos.trick or pos.would_win_now(card):
        return False
    losers = [c for c in pos.legal() if not pos.would_win_now(c)]
    return len(losers) >= 2 and all(c.rank < card.rank for c in losers if c != card)


def duck(pos: Position, card: Card) -> bool:
    """The card lets the trick go, though another legal card would have beaten the table."""
    if not pos.trick or pos.would_win_now(card):
        return False
    return any(pos.would_win_now(c) for c in pos.legal() if c != card)


def take_now(pos: Position, card: Card) -> bool:
    """Last to play, more tricks needed: take this one, though another legal card would lose it."""
    if len(pos.trick) != pos.players - 1 or pos.need <= 0 or not pos.would_win_now(card):
        return False
    return any(not pos.would_win_now(c) for c in pos.legal() if c != card)


#: The themes in the order they are tried: (name, detector).
THEMES: tuple[tuple[str, Callable[[Position, Card], bool]], ...] = (
    ("top_trump", top_trump),
    ("shed_high", shed_high),
    ("duck", duck),
    ("take_now", take_now),
)

#: Every theme name, the fallback last.
THEME_NAMES: tuple[str, ...] = tuple(name for name, _ in THEMES) + ("exact",)


def theme_of(pos: Position, answers: Sequence[Card]) -> str:
    """The first theme whose detector holds for every right card, else ``"exact"``."""
    for name, detect in THEMES:
        if answers and all(detect(pos, c) for c in answers):
            return name
    return "exact"
