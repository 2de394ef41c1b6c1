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


# ------------------------------------------------------------------ hidden hands
def count_trumps(pos: Position, card: Card, runner_up: Card, trumps_out: int, decide: bool = False) -> bool:
    """The right card follows from how many trumps are still out: there is a trump, and either the
    chances show it (``decide``: :func:`cardlab.puzzles.plump_hidden.trumps_decide`, the best card's
    lead depends on whether the others still hold trumps), or a child can count what is left (at
    most 3 trumps unseen) and the choice is between a trump and another card (or into the last trump)."""
    if pos.trump is None:
        return False
    if decide:
        return True
    if trumps_out > 3:
        return False
    return (card.suit == pos.trump) != (runner_up.suit == pos.trump) or \
        (card.suit == pos.trump and runner_up.suit == pos.trump and trumps_out <= 1)


def hidden_top_trump(pos: Position, card: Card, unseen: Sequence[Card] = ()) -> bool:
    """Needs every trick left, leads, and the card is higher than every trump the seat has not seen
    (``unseen``: the cards the child cannot see; the child can tell without seeing the other hands)."""
    if pos.trick or pos.trump is None or card.suit != pos.trump or pos.need != pos.tricks_left:
        return False
    return all(c.rank <= card.rank for c in unseen if c.suit == pos.trump)


#: The themes of hidden-hand puzzles, in the order tried (count_trumps first: it is what the child
#: can count); ``"exact"`` (work out the chances) is what is left.
HIDDEN_THEME_NAMES: tuple[str, ...] = ("top_trump", "count_trumps", "shed_high", "duck", "take_now", "exact")


def hidden_theme_of(pos: Position, card: Card, runner_up: Card, trumps_out: int, unseen: Sequence[Card] = (),
                    decide: bool = False) -> str:
    """The theme of a hidden-hand puzzle whose best card is ``card`` and next best ``runner_up``
    (``trumps_out``: trumps the child has not seen; ``unseen``: the cards it has not seen; ``decide``:
    the chances show that the trumps still out decide, see :func:`count_trumps`).

    >>> pos = Position.from_text(["AS 2H", "KS 3H", "QS 4H"], seat=0, bid=2, leader=0, trump="S")
    >>> hidden_theme_of(pos, Card.parse("AS"), Card.parse("2H"), 10)
    'top_trump'
    >>> hidden_theme_of(Position.from_text(["5S 2H", "3H 4D", "6H 4C"], seat=0, bid=1, leader=0, trump="S"),
    ...                 Card.parse("2H"), Card.parse("5S"), 1)
    'count_trumps'
    """
    if hidden_top_trump(pos, card, unseen):
        return "top_trump"
    if count_trumps(pos, card, runner_up, trumps_out, decide):
        return "count_trumps"
    for name, detect in THEMES[1:]:
        if detect(pos, card):
            return name
    return "exact"


#: The themes of bidding puzzles: the hook forces the dealer off the best bid, or count your tricks.
BID_THEME_NAMES: tuple[str, ...] = ("hook", "count_tricks")
