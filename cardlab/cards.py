"""Cards, suits, ranks and decks.

A :class:`Card` is a frozen, hashable value written the way players write it:
rank (2–10, J, Q, K, A) then suit letter (C, D, H, S).

>>> card = Card.parse("10H")
>>> str(card)
'10♥'
>>> card
Card.parse('10H')
>>> parse_cards("AS 10H 2C")
parse_cards('AS 10H 2C')
>>> len(full_deck()), len(full_deck(decks=2))
(52, 104)
>>> shuffled_deck(rng=1)[:3] == shuffled_deck(rng=1)[:3]
True

There is deliberately no ``<`` meaning "beats": which card wins a trick
depends on the led suit and trump, and is :func:`cardlab.trick_winner`'s job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Iterable

from ._rng import normalize_rng
from .errors import InvalidCardError
from .i18n import rank_name, show_as, suit_name


class Suit(Enum):
    """The four suits; the value is the letter used in card text."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def index(self) -> int:
        """0 for clubs, 1 diamonds, 2 hearts, 3 spades (the order used in sorting and kernels)."""
        return _SUIT_ORDER.index(self)

    @classmethod
    def parse(cls, text: "str | Suit") -> "Suit":
        """``Suit.parse("H")``, ``"h"``, ``"♥"`` or ``"hearts"`` → ``Suit.HEARTS``."""
        if isinstance(text, Suit):
            return text
        if isinstance(text, str):
            key = text.strip().lower()
            for suit in cls:
                if key in (suit.value.lower(), suit.symbol, suit.name.lower(), suit.name.lower().rstrip("s")):
                    return suit
                if key == _SYMBOLS_ALT[suit]:
                    return suit
        raise ValueError(f"{text!r} is not a suit: use C, D, H or S (clubs, diamonds, hearts, spades).")

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SYMBOLS_ALT = {Suit.CLUBS: "♧", Suit.DIAMONDS: "♢", Suit.HEARTS: "♡", Suit.SPADES: "♤"}


class Rank(IntEnum):
    """Ranks with their trick-taking order as value (2 lowest, ace 14 highest).

    Rummy counts the ace low: see :attr:`ace_low` and :attr:`points`.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def ace_low(self) -> int:
        """Position with the ace low (A=1, 2..10, J=11, Q=12, K=13), as in Rummy runs."""
        return 1 if self is Rank.ACE else int(self)

    @property
    def points(self) -> int:
        """Rummy penalty value: A = 1, 2–10 face value, J/Q/K = 10."""
        return 1 if self is Rank.ACE else min(int(self), 10)

    @classmethod
    def parse(cls, text: "str | int | Rank") -> "Rank":
        if isinstance(text, Rank):
            return text
        key = str(text).strip().upper()
        if key in _LETTER_TO_RANK:
            return _LETTER_TO_RANK[key]
        raise ValueError(f"{text!r} is not a rank: use 2-10, J, Q, K or A.")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS = {r: (str(int(r)) if r <= 10 else {11: "J", 12: "Q", 13: "K", 14: "A"}[int(r)]) for r in Rank}
_LETTER_TO_RANK = {v: k for k, v in _RANK_LETTERS.items()}
_LETTER_TO_RANK.update({"T": Rank.TEN, "1": Rank.ACE, "14": Rank.ACE, "11": Rank.JACK, "12": Rank.QUEEN, "13": Rank.KING})
del _LETTER_TO_RANK["1"], _LETTER_TO_RANK["11"], _LETTER_TO_RANK["12"], _LETTER_TO_RANK["13"], _LETTER_TO_RANK["14"]


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card: a rank and a suit.

    >>> Card.parse("QS").rank, Card.parse("QS").suit
    (Rank.QUEEN, Suit.SPADES)
    >>> Card.parse("10H") == Card(Rank.TEN, Suit.HEARTS)
    True
    >>> Card.parse("AS").code
    'AS'
    """

    rank: Rank
    suit: Suit
    _key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            object.__setattr__(self, "rank", Rank.parse(self.rank))
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit.parse(self.suit))
        object.__setattr__(self, "_key", _SUIT_ORDER.index(self.suit) * 13 + int(self.rank) - 2)

    def __hash__(self) -> int:  # the card's index: cheap, and equal cards hash alike
        return self._key

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._key == other._key  # type: ignore[attr-defined]
        return NotImplemented

    def __reduce__(self):  # cards are values: copy and pickle as their index
        return (Card.from_index, (self._key,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict) -> "Card":
        return self

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """Read ``"10H"``, ``"AS"``, ``"2C"`` (also ``"10♥"``, ``"th"``) into a card."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(text)
        raw = text.strip()
        if len(raw) < 2:
            raise InvalidCardError(text)
        rank_text, suit_text = raw[:-1], raw[-1]
        try:
            return _CARD_CACHE[(Rank.parse(rank_text), Suit.parse(suit_text))]
        except ValueError:
            raise InvalidCardError(text) from None

    @property
    def code(self) -> str:
        """The card's text notation, ``'10H'``."""
        return self.rank.letter + self.suit.letter

    @property
    def index(self) -> int:
        """0..51: suit index × 13 + rank − 2 (clubs 2 = 0, spades ace = 51)."""
        return self._key

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """Inverse of :attr:`index`.

        >>> Card.from_index(51)
        Card.parse('AS')
        """
        return _BY_INDEX[int(index) % 52]

    @property
    def sort_key(self) -> tuple[int, int]:
        """Order for showing a hand: by suit (♣ ♦ ♥ ♠), then rank low to high."""
        return (self.suit.index, int(self.rank))

    def __str__(self) -> str:
        return self.rank.letter + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_html_(self) -> str:
        from .display import card_html

        return card_html(self)


_CARD_CACHE: dict = {}
for _s in _SUIT_ORDER:
    for _r in Rank:
        _CARD_CACHE[(_r, _s)] = Card(_r, _s)
_BY_INDEX = tuple(_CARD_CACHE[(Rank(i % 13 + 2), _SUIT_ORDER[i // 13])] for i in range(52))


class Cards(tuple):
    """A tuple of cards that reads well: ``str`` gives ``'A♠ 10♥ 2♣'``, a notebook shows the cards.

    >>> hand = parse_cards("AS 10H 2C")
    >>> str(hand), hand[1], len(hand)
    ('A♠ 10♥ 2♣', Card.parse('10H'), 3)
    >>> hand == (Card.parse("AS"), Card.parse("10H"), Card.parse("2C"))
    True
    """

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"parse_cards({' '.join(card.code for card in self)!r})"

    def _repr_html_(self) -> str:
        from .display import cards_html

        return cards_html(self)


def parse_cards(cards: "str | Iterable[str | Card]") -> Cards:
    """Cards from text (``"AS 10H 2C"``, commas allowed) or from a list of texts/cards.

    >>> parse_cards(["QS", Card.parse("2H")])
    parse_cards('QS 2H')
    >>> parse_cards("")
    parse_cards('')
    """
    if isinstance(cards, str):
        items = cards.replace(",", " ").split()
    else:
        items = tuple(cards)
        if all(item.__class__ is Card for item in items):
            return Cards(items)
    return Cards(Card.parse(item) for item in items)


def full_deck(decks: int = 1) -> tuple[Card, ...]:
    """An ordered deck: ♣2…♣A, ♦2…♦A, ♥2…♥A, ♠2…♠A, repeated ``decks`` times."""
    if decks not in (1, 2):
        raise ValueError(f"decks must be 1 or 2, not {decks!r}.")
    return _BY_INDEX * decks


def shuffled_deck(*, rng=None, decks: int = 1, exclude: Iterable[Card | str] = ()) -> list[Card]:
    """A shuffled deck drawn from ``rng`` (seed, ``numpy.random.Generator`` or None).

    ``exclude`` removes cards first (Femkamp removes 2♥ for three players).

    >>> len(shuffled_deck(rng=3, exclude=["2H"]))
    51
    """
    removed = list(parse_cards(exclude))
    deck = list(full_deck(decks))
    for card in removed:
        deck.remove(card)
    order = normalize_rng(rng).permutation(len(deck))
    return [deck[i] for i in order]


def _card_order(card: Card) -> int:
    return card._key


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order (by suit, then rank).

    >>> [str(c) for c in sorted_hand(parse_cards("AS 2C 10H 3C"))]
    ['2♣', '3♣', '10♥', 'A♠']
    """
    return sorted(cards, key=_card_order)


def count_cards(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card (two packs may hold two)."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _card_text(card: Card, lang: str) -> str:
    return str(card)


# how suits, ranks and cards read inside a sentence: "hjärter", "kung", "10♥"
show_as(Suit, suit_name)
show_as(Rank, rank_name)
show_as(Card, _card_text)
