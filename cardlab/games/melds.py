"""Rummy melds: sets, runs, lay-offs, penalty points and the best way to meld a hand.

A **set** (grupp) is 3 or 4 cards of one rank in different suits.  A **run**
(serie) is 3 or more cards of one suit in sequence, with the ace low only:
A-2-3 is a run, Q-K-A and K-A-2 are not.  Cards are judged as a collection,
in any order; the same card twice is never a meld.

>>> is_set(["7H", "7S", "7D"]), is_set(["7H", "7S", "7H"])
(True, False)
>>> is_run(["3S", "AS", "2S"]), is_run(["QS", "KS", "AS"]), is_run(["KS", "AS", "2S"])
(True, False, False)
>>> hand_penalty(["AS", "7H", "KD"])
18

:func:`best_melds` finds, by exact search, the melds that leave the least
penalty (deadwood) in a hand:

>>> split = best_melds("AS 2S 3S 4S 7H 7D 7C KD")
>>> [" ".join(map(str, m)) for m in split.melds], split.penalty
(['7♣ 7♦ 7♥', 'A♠ 2♠ 3♠ 4♠'], 10)

Lay-offs (lägga till / legge til): a card extends a run at one end, or makes
a set of 3 into a set of 4.

>>> layoff_end(["5S", "6S", "7S"], "4S"), layoff_end(["5S", "6S", "7S"], "8S"), layoff_end(["QS", "JS", "KS"], "AS")
('low', 'high', None)
>>> layoff_end(["9C", "9D", "9H"], "9S"), layoff_end(["9C", "9D", "9H", "9S"], "9S")
('set', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from ..cards import Card, Rank, Suit, parse_cards
from ..rules import rummy_core

CardsLike = "Iterable[Card | str] | str"

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_RANKS_ACE_LOW = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                  Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


def _parse(cards: CardsLike) -> tuple[Card, ...]:
    return cards if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards) else parse_cards(cards)


# ---------------------------------------------------------------- judging
def is_set(cards: CardsLike) -> bool:
    """3 or 4 cards of one rank, all in different suits.

    >>> is_set("QH QS QD QC"), is_set("QH QS"), is_set("QH QS KD")
    (True, False, False)
    """
    cards = _parse(cards)
    return (3 <= len(cards) <= 4 and len({c.rank for c in cards}) == 1
            and len({c.suit for c in cards}) == len(cards))


def is_run(cards: CardsLike) -> bool:
    """3 or more cards of one suit in sequence, ace low only, no card twice.

    >>> is_run("9H 10H JH QH KH"), is_run("2H 3H 5H"), is_run("2H 3H 4D")
    (True, False, False)
    """
    cards = _parse(cards)
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    positions = sorted(c.rank.ace_low for c in cards)
    return all(b == a + 1 for a, b in zip(positions, positions[1:]))


def is_meld(cards: CardsLike) -> bool:
    """A set or a run.

    >>> is_meld("AS 2S 3S"), is_meld("AS AH AD"), is_meld("AS 2H 3S")
    (True, True, False)
    """
    cards = _parse(cards)
    return is_set(cards) or is_run(cards)


def meld_kind(cards: CardsLike) -> str | None:
    """``"set"``, ``"run"`` or ``None`` when the cards are no meld."""
    cards = _parse(cards)
    if is_set(cards):
        return "set"
    if is_run(cards):
        return "run"
    return None


def meld_order(cards: CardsLike) -> tuple[Card, ...]:
    """A meld in the order it lies on the table: runs low to high (ace first), sets by suit.

    >>> [str(c) for c in meld_order("3S AS 2S")]
    ['A♠', '2♠', '3♠']
    """
    cards = _parse(cards)
    return tuple(sorted(cards, key=lambda c: (c.rank.ace_low, c.suit.index)))


def hand_penalty(cards: CardsLike) -> int:
    """Penalty points of cards left in hand: A = 1, 2–10 face value, J/Q/K = 10.

    >>> hand_penalty("AS 10H JC QD KS"), hand_penalty([])
    (41, 0)
    """
    return sum(c.rank.points for c in _parse(cards))


# -------------------------------------------------------------- lay-offs
def meld_shape(meld: CardsLike) -> "tuple[bool, int, int, int, int, int] | None":
    """A meld as the lay-off core takes it: ``(is_set, size, suit, rank, low, high)``; None for cards that are no meld.

    ``suit`` is a run's suit index, ``rank`` a set's rank index (0 = two … 12 = ace), ``low`` and
    ``high`` a run's ace-low ends (A = 1 … K = 13).

    >>> meld_shape("5S 6S 7S"), meld_shape("7C 7D 7H"), meld_shape("5S 6S 8S")
    ((False, 3, 3, 3, 5, 7), (True, 3, 0, 5, 7, 7), None)
    """
    meld = _parse(meld)
    kind = meld_kind(meld)
    if kind is None:
        return None
    positions = [c.rank.ace_low for c in meld]
    return kind == "set", len(meld), meld[0].suit.index, meld[0].index % 13, min(positions), max(positions)


def layoff_code(shape: "tuple | None", meld: tuple[Card, ...], card: Card) -> int:
    """:func:`cardlab.rules.rummy_core.layoff_end` for a meld of the engine (its :func:`meld_shape` and cards)."""
    if shape is None:
        return rummy_core.LAYOFF_NONE
    return rummy_core.layoff_end(*shape, card.suit.index, card.index % 13, card.rank.ace_low, card in meld)


_END_WORDS = {rummy_core.LAYOFF_LOW: "low", rummy_core.LAYOFF_HIGH: "high", rummy_core.LAYOFF_SET: "set"}


def layoff_end(meld: CardsLike, card: "Card | str") -> str | None:
    """Where ``card`` can be laid off onto ``meld``: ``"low"`` or ``"high"`` end of a run,
    ``"set"`` (a set of 3 becomes 4), or ``None`` when it cannot (the rule:
    :func:`cardlab.rules.rummy_core.layoff_end`).

    >>> layoff_end("AS 2S 3S", "4S"), layoff_end("2S 3S 4S", "AS"), layoff_end("JS QS KS", "AS")
    ('high', 'low', None)
    """
    meld = _parse(meld)
    return _END_WORDS.get(layoff_code(meld_shape(meld), meld, Card.parse(card)))


def can_lay_off(meld: CardsLike, card: "Card | str") -> bool:
    """Whether ``card`` extends ``meld`` (see :func:`layoff_end`).

    >>> can_lay_off("7C 7D 7H", "7S"), can_lay_off("7C 7D 7H", "8S")
    (True, False)
    """
    return layoff_end(meld, card) is not None


def extend_meld(meld: CardsLike, card: "Card | str") -> tuple[Card, ...]:
    """The meld with ``card`` laid off onto it, in table order; ``ValueError`` if it does not fit.

    >>> [str(c) for c in extend_meld("5S 6S 7S", "4S")]
    ['4♠', '5♠', '6♠', '7♠']
    """
    meld = _parse(meld)
    card = Card.parse(card)
    if layoff_end(meld, card) is None:
        raise ValueError(f"{card} does not extend the meld {' '.join(map(str, meld))}.")
    return meld_order(meld + (card,))


# ------------------------------------------------- every meld in the deck
def _all_melds() -> list[tuple[Card, ...]]:
    melds: list[tuple[Card, ...]] = []
    for rank in _RANKS_ACE_LOW:
        four = [Card(rank, s) for s in _SUITS]
        melds.append(tuple(four))
        for skip in range(4):
            melds.append(tuple(c for i, c in enumerate(four) if i != skip))
    for suit in _SUITS:
        row = [Card(r, suit) for r in _RANKS_ACE_LOW]
        for start in range(13):
            for end in range(start + 3, 14):
                melds.append(tuple(row[start:end]))
    return melds


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


_ALL_MELDS = _all_melds()
_MELD_MASKS = [_mask(m) for m in _ALL_MELDS]
_MELD_BY_MASK = {mask: meld_order(m) for mask, m in zip(_MELD_MASKS, _ALL_MELDS)}
# for each card index, the masks of the melds that hold that card
_MELDS_WITH: list[tuple[int, ...]] = [
    tuple(mask for mask in _MELD_MASKS if mask >> i & 1) for i in range(52)
]
_POINTS = [Card.from_index(i).rank.points for i in range(52)]


def meld_candidates(hand: CardsLike) -> list[tuple[Card, ...]]:
    """Every meld that can be laid down from ``hand`` (sets of 3 and 4, runs of every length).

    >>> [" ".join(map(str, m)) for m in meld_candidates("AS 2S 3S 4S 9H")]
    ['A♠ 2♠ 3♠', 'A♠ 2♠ 3♠ 4♠', '2♠ 3♠ 4♠']
    """
    mask = _mask(_parse(hand))
    return [_MELD_BY_MASK[m] for m in _MELD_MASKS if m & mask == m]


# ---------------------------------------------------------- best melding
@dataclass(frozen=True)
class MeldSplit:
    """A hand split into melds and deadwood (the cards left over)."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]

    @property
    def penalty(self) -> int:
        """Penalty points of the deadwood."""
        return sum(c.rank.points for c in self.deadwood)

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m)


@lru_cache(maxsize=1 << 17)
def _solve(mask: int) -> tuple[int, tuple[int, ...]]:
    """(least deadwood points, meld masks) for the cards in ``mask``: branch on the lowest card."""
    if not mask:
        return 0, ()
    low = (mask & -mask).bit_length() - 1
    rest, melds = _solve(mask & (mask - 1))
    best = (rest + _POINTS[low], melds)
    for meld in _MELDS_WITH[low]:
        if meld & mask == meld:
            rest, melds = _solve(mask & ~meld)
            if rest < best[0]:
                best = (rest, (meld,) + melds)
    return best


def best_melds(hand: CardsLike) -> MeldSplit:
    """The melds that leave the least penalty in ``hand`` (exact; ties broken the same way every time).

    >>> best_melds("7H 8H 9H 9C 9S").penalty   # 7-8-9♥ leaves 9♣ 9♠ (18), 9-9-9 leaves 7♥ 8♥ (15)
    15
    >>> best_melds("KS QH 2C").melds
    ()
    """
    cards = _parse(hand)
    if len(set(cards)) != len(cards):
        raise ValueError("A hand cannot hold the same card twice.")
    mask = _mask(cards)
    _, masks = _solve(mask)
    melded = 0
    for m in masks:
        melded |= m
    deadwood = tuple(c for c in cards if not melded >> c.index & 1)
    return MeldSplit(melds=tuple(_MELD_BY_MASK[m] for m in masks), deadwood=deadwood)


def deadwood_points(hand: CardsLike) -> int:
    """Penalty of the deadwood after the best melding (the number bots keep small).

    >>> deadwood_points("AS 2S 3S KH")
    10
    """
    return _solve(_mask(_parse(hand)))[0]


_RANK_AT = {r.ace_low: r for r in Rank}  # ace-low position (A = 1 … K = 13) -> rank


def run_neighbours(a: Card, b: Card) -> bool:
    """Same suit and at most two apart (ace low): cards that could end up in one run.

    >>> run_neighbours(Card.parse("7H"), Card.parse("9H")), run_neighbours(Card.parse("7H"), Card.parse("10H"))
    (True, False)
    """
    return a.suit == b.suit and a != b and abs(a.rank.ace_low - b.rank.ace_low) <= 2


def connectors(card: Card, partner: Card) -> tuple[Card, ...]:
    """The cards that would make a meld of three with ``card`` and ``partner`` (ace low).

    >>> from cardlab import parse_cards
    >>> " ".join(map(str, connectors(Card.parse("KD"), Card.parse("KS"))))   # a pair: the other two kings
    'K♣ K♥'
    >>> " ".join(map(str, connectors(Card.parse("7H"), Card.parse("8H"))))   # side by side: one below, one above
    '6♥ 9♥'
    >>> " ".join(map(str, connectors(Card.parse("7H"), Card.parse("9H"))))   # one apart: the card between
    '8♥'
    >>> " ".join(map(str, connectors(Card.parse("QS"), Card.parse("KS"))))   # Q-K-A is no run
    'J♠'
    """
    if card.rank == partner.rank:
        return tuple(c for c in (Card(card.rank, s) for s in Suit) if c not in (card, partner))
    low, high = sorted((card.rank.ace_low, partner.rank.ace_low))
    places = (low + 1,) if high - low == 2 else (low - 1, high + 1)
    return tuple(Card(_RANK_AT[p], card.suit) for p in places if 1 <= p <= 13)
