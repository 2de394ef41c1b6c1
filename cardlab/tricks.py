"""Trick rules shared by every trick game (Plump and Femkamp), on cards.

The rules themselves are written once, on card indexes, in :mod:`cardlab.rules.trick_core`
(:func:`~cardlab.rules.trick_core.beats`, :func:`~cardlab.rules.trick_core.legal_follow`);
the compiled kernels call the same functions.  This module speaks cards and says why.

>>> trick_winner(["10S", "QS", "AS", "QH"], trump=None)
2
>>> trick_winner(["AS", "3D", "KS"], trump="D")
1
>>> trick_winner(["AS", "AS"], trump=None)   # two packs: the later of two identical cards wins
1
>>> [str(c) for c in legal_plays("7H KS 2C", led_suit="H")]
['7♥']
>>> [str(c) for c in legal_plays("KS 2C 3D", led_suit="H", trump="D", must_trump=True)]
['3♦']
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .cards import Card, Suit, parse_cards
from .errors import MustFollowSuitError, MustTrumpError, NotInHandError
from .rules.trick_core import beats, legal_follow


def _suit_or_none(suit: "Suit | str | None") -> Suit | None:
    if suit is None or (isinstance(suit, str) and suit.strip().lower() in ("", "none", "-")):
        return None
    return Suit.parse(suit)


def trick_winner(cards: "Sequence[Card | str] | str", trump: "Suit | str | None" = None) -> int:
    """Index, in play order, of the card that wins the trick.

    The highest trump wins; with no trump in the trick, the highest card of
    the suit led (the first card's suit).  Of two identical cards (two packs)
    the one played later wins.
    """
    played = parse_cards(cards)
    if not played:
        raise ValueError("A trick needs at least one card.")
    trump_code = _suit_code(_suit_or_none(trump))
    best = 0
    for i in range(1, len(played)):
        if beats(played[i].index, played[best].index, trump_code):
            best = i
    return best


def _suit_code(suit: Suit | None) -> int:
    """A suit as the rule cores take it: 0..3, or −1 for none."""
    return -1 if suit is None else suit.index


def winning_reason(cards: "Sequence[Card | str] | str", trump: "Suit | str | None" = None):
    """Why the winner wins, as a :class:`cardlab.i18n.Message` (for explanations).

    >>> winning_reason(["AS", "3D", "KS"], trump="D").text("sv")
    '3♦ vinner: trumf slår allt.'
    """
    from .i18n import Message

    played = parse_cards(cards)
    index = trick_winner(played, trump)
    card = played[index]
    if played.count(card) > 1:
        return Message("trick.wins_later_twin", {"card": card})
    trump_suit = _suit_or_none(trump)
    if trump_suit is not None and card.suit == trump_suit and played[0].suit != trump_suit:
        return Message("trick.wins_trump", {"card": card})
    return Message("trick.wins_led_suit", {"card": card})


def legal_plays(
    hand: "Iterable[Card | str] | str",
    led_suit: "Suit | str | None",
    trump: "Suit | str | None" = None,
    must_trump: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played when ``led_suit`` was led (None: you lead).

    Follow suit if you can; otherwise any card, except that with ``must_trump``
    (trumftvång) a player with no card of the led suit but with trump must trump.
    Identical cards (two packs) appear once.
    """
    unique = tuple(dict.fromkeys(parse_cards(hand)))
    mask = 0
    for card in unique:
        mask |= 1 << card.index
    legal = int(legal_follow(mask, _suit_code(_suit_or_none(led_suit)), _suit_code(_suit_or_none(trump)),
                             bool(must_trump)))
    return tuple(c for c in unique if legal >> c.index & 1)


def check_play(
    card: "Card | str",
    hand: "Iterable[Card | str] | str",
    led_suit: "Suit | str | None",
    trump: "Suit | str | None" = None,
    must_trump: bool = False,
    *,
    seat: int | None = None,
    lang: str | None = None,
) -> None:
    """Raise the error that names the broken rule if ``card`` may not be played; else nothing.

    >>> check_play("KS", "7H KS", led_suit="H", lang="en")
    Traceback (most recent call last):
    ...
    cardlab.errors.MustFollowSuitError: You must follow suit: hearts were led and you have 7♥.
    """
    played = Card.parse(card)
    cards = parse_cards(hand)
    if played not in cards:
        raise NotInHandError(lang=lang, card=played, seat=seat)
    if played in legal_plays(cards, led_suit, trump, must_trump):
        return
    led = _suit_or_none(led_suit)
    same = [c for c in cards if c.suit == led]
    if same:
        raise MustFollowSuitError(lang=lang, suit=led, card=max(same, key=lambda c: c.rank), seat=seat)
    trump_suit = _suit_or_none(trump)
    trumps = [c for c in cards if c.suit == trump_suit]
    raise MustTrumpError(lang=lang, suit=led, card=max(trumps, key=lambda c: c.rank), seat=seat)
