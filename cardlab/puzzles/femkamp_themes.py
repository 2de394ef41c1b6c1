"""The themes of Femkamp puzzles: a small named set, each with a detector.

A detector looks at the position (:mod:`cardlab.puzzles.femkamp_position`) and a
right card and says whether the puzzle is an example of its theme.  The first
theme of the round's list whose detector holds for every right card is the
puzzle's; ``"exact"`` (count it out to the end) is what is left.

Trick rounds where points are bad (pass, clubs, queens):

* ``give_points`` — you cannot follow suit: throw the club (clubs round) or the
  queen (queens round) on a trick somebody else wins;
* ``shed_high`` — somebody else wins this trick anyway: throw your highest card now;
* ``duck`` — play under the card that is winning, though you could beat it;
* ``take_cheap`` — take this trick, now that it costs little, so that you do not
  have to take a worse one later;
* ``lead_low`` — lead the lowest card of a suit: somebody else must take it.

The grand round, where tricks are good: ``take_now`` (take this trick for sure
while you can) and ``lead_master`` (lead the card nobody can beat).

Kabal: ``block_seven`` (keep the 7 that the others' cards wait for), ``own_run``
(play the card that opens the way for your own next card) and ``block_row``
(play a card that opens nothing for the others).

>>> from cardlab.cards import Card
>>> from cardlab.puzzles.femkamp_position import TrickPosition, KabalPosition
>>> pos = TrickPosition.from_text("pass", ["AS 3H", "2S", "4S"], seat=0, leader=1, trick=[(1, "2C"), (2, "KC")])
>>> theme_of(pos, [Card.parse("AS")])
'shed_high'
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..cards import Card, Rank

_POINTS_SUIT_ROUND = "clubs"
_QUEENS_ROUND = "queens"


def _is_point_card(round_name: str, card: Card) -> bool:
    """A club in the clubs round, a queen in the queens round."""
    if round_name == _POINTS_SUIT_ROUND:
        return card._key // 13 == 0
    if round_name == _QUEENS_ROUND:
        return card.rank is Rank.QUEEN
    return False


# ------------------------------------------------------------------ trick rounds, avoiding points
def give_points(pos: Any, card: Card) -> bool:
    """Not following suit (no card of the suit led), the card is a point card of the round, and it
    cannot win the trick: its points go to somebody else."""
    if not pos.trick or pos.would_win_now(card) or not _is_point_card(pos.round_name, card):
        return False
    return card.suit is not pos.trick[0][1].suit


def shed_high(pos: Any, card: Card) -> bool:
    """Somebody else wins the trick anyway, and the card is the highest of at least two that lose it:
    throw the dangerous high card now, while it cannot win."""
    if not pos.trick or pos.would_win_now(card):
        return False
    losers = [c for c in pos.legal() if not pos.would_win_now(c)]
    return len(losers) >= 2 and all(c.rank < card.rank for c in losers if c != card)


def duck(pos: Any, card: Card) -> bool:
    """The card lets the trick go, though another legal card would have beaten the table."""
    if not pos.trick or pos.would_win_now(card):
        return False
    return any(pos.would_win_now(c) for c in pos.legal() if c != card)


def take_now(pos: Any, card: Card) -> bool:
    """The card takes this trick for sure, though another legal card might not."""
    if not pos.wins_for_sure(card):
        return False
    return any(not pos.wins_for_sure(c) for c in pos.legal() if c != card)


def lead_low(pos: Any, card: Card) -> bool:
    """Leading, the card is the lowest of its suit still in play, and somebody else still holds that
    suit: they must follow with a higher card, so it cannot win."""
    if pos.trick:
        return False
    same = [c for c in pos.others_cards() if c.suit is card.suit]
    return bool(same) and all(c._key > card._key for c in same)


def lead_master(pos: Any, card: Card) -> bool:
    """Leading, the card is higher than every card of its suit the others hold: nobody can beat it."""
    if pos.trick:
        return False
    return all(c._key < card._key for c in pos.others_cards() if c.suit is card.suit)


# ------------------------------------------------------------------ kabal
def block_seven(pos: Any, card: Card) -> bool:
    """The right card is not a 7, and the seat keeps a 7 it could play now: that row stays shut."""
    if card.rank is Rank.SEVEN:
        return False
    return any(c.rank is Rank.SEVEN for c in pos.legal() if c != card)


def own_run(pos: Any, card: Card) -> bool:
    """The card opens the way for a card the seat holds itself (the next card outwards of its row)."""
    return any(pos.holder(c) == pos.seat for c in pos.opens(card))


def block_row(pos: Any, card: Card) -> bool:
    """The card opens nothing for the others, while another legal card would open a place for theirs."""
    def helps_others(c: Card) -> bool:
        return any(pos.holder(x) not in (None, pos.seat) for x in pos.opens(c))

    return not helps_others(card) and any(helps_others(c) for c in pos.legal() if c != card)


Detector = Callable[[Any, Card], bool]

#: The themes tried in each kind of round, in order: (name, detector).
THEMES: dict[str, tuple[tuple[str, Detector], ...]] = {
    "avoid": (("give_points", give_points), ("shed_high", shed_high), ("duck", duck),
              ("take_cheap", take_now), ("lead_low", lead_low)),
    "grand": (("lead_master", lead_master), ("take_now", take_now)),
    "kabal": (("block_seven", block_seven), ("own_run", own_run), ("block_row", block_row)),
}

#: Every theme name, the fallback last.
THEME_NAMES: tuple[str, ...] = tuple(dict.fromkeys(n for group in THEMES.values() for n, _ in group)) + ("exact",)

#: How hard a theme is to see, 1 (a rule of thumb) to 3 (count it out); added to a puzzle's size.
THEME_WEIGHT = {"give_points": 1, "shed_high": 1, "duck": 1, "take_now": 1, "lead_master": 1, "block_seven": 2,
                "lead_low": 2, "own_run": 2, "take_cheap": 3, "block_row": 2, "exact": 3}


#: The themes in the order the puzzle ladder (:mod:`cardlab.puzzles.ladder`) climbs them: the easiest
#: to see first (by :data:`THEME_WEIGHT`; on a tie as :data:`THEME_NAMES` lists them), ``"exact"`` last.
LADDER_THEMES: tuple[str, ...] = tuple(sorted(THEME_NAMES, key=lambda n: (n == "exact", THEME_WEIGHT[n],
                                                                          THEME_NAMES.index(n))))


def kind_of(round_name: str) -> str:
    """Which list of themes a round uses: ``"avoid"``, ``"grand"`` or ``"kabal"``.

    >>> kind_of("queens"), kind_of("grand"), kind_of("kabal")
    ('avoid', 'grand', 'kabal')
    """
    return round_name if round_name in ("grand", "kabal") else "avoid"


def theme_of(pos: Any, answers: Sequence[Card]) -> str:
    """The first theme of the round whose detector holds for every right card, else ``"exact"``."""
    for name, detect in THEMES[kind_of(pos.round_name)]:
        if answers and all(detect(pos, c) for c in answers):
            return name
    return "exact"
