"""The words of a *Tips* for a child: the rule of thumb for a Plump bid, and a bot's reason in the second person.

A bid tip quotes a rule of thumb: count the cards that usually take a trick (aces; with trump, the
trump king and queen too; a king with another card of its suit).  The tip is said only where it is
true: when the suggested bid is the count, the tip names the cards it counted; when it is not, the
tip says so and why (the count is a bid you may not make now, such as the one the hook forbids, or
the search that tried many deals found another bid better).

>>> from cardlab.cards import parse_cards
>>> from cardlab.cards import Suit
>>> [str(c) for c in counted_cards(parse_cards("AS KH 5H 2C KD"), trump=None)]
['A♠', 'K♥']
>>> bid_tip(parse_cards("AS KH 5H 2C KD"), None, bid=2).text("en")
'Count the cards that usually take a trick: aces, and kings with another card of their suit. You have 2: A♠ K♥.'
>>> bid_tip(parse_cards("AS 2C"), None, bid=0, forbidden="the hook forbids 1").text("en")
'Counting the cards that usually take a trick (aces, and kings with another card of their suit) gives 1: A♠. But you may not bid 1 now: the hook forbids 1. So bid 0.'
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..cards import Card
from ..i18n import Message

#: A bot's reason in the first person ("Om jag lägger …") → the same sentence to the child ("Om du lägger …").
SECOND_PERSON = {
    "plump.search.card": "coach.tip.card",
    "plump.search.card_lost": "coach.tip.card_lost",
    "plump.search.only_card": "coach.tip.only_card",
    "plump.search.bid": "coach.tip.bid_search",
    "plump.search.bid_likeliest": "coach.tip.bid_likeliest",
}


def counted_cards(hand: Iterable[Card], trump: Any) -> list[Card]:
    """The cards the rule of thumb counts as a trick each, in hand order: every ace; with trump, the trump
    king and queen; every other king with at least one more card of its suit."""
    hand = list(hand)
    counted = []
    for card in hand:
        rank = str(card.rank)
        if rank == "A":
            counted.append(card)
        elif trump is not None and card.suit == trump and rank in ("K", "Q"):
            counted.append(card)
        elif rank == "K" and sum(1 for other in hand if other.suit == card.suit) >= 2:
            counted.append(card)
    return counted


def _rule(trump: Any) -> Message:
    return Message("coach.tip.rule_trump" if trump is not None else "coach.tip.rule")


def _cards(cards: Sequence[Card]) -> Any:
    return " ".join(map(str, cards)) if cards else Message("coach.tip.no_cards")


def bid_tip(hand: Iterable[Card], trump: Any, *, bid: int, forbidden: "str | None" = None) -> Message:
    """The reason a child reads under a suggested ``bid``: the rule of thumb, true for this hand.

    ``forbidden``: why the count itself may not be bid now (None: it may, or the count is the bid).
    """
    counted = counted_cards(hand, trump)
    n = len(counted)
    params = {"rule": _rule(trump), "n": n, "cards": _cards(counted), "bid": bid}
    if bid == n:
        return Message("coach.tip.bid_count", params)
    if forbidden is not None:
        return Message("coach.tip.bid_count_forbidden", {**params, "why": forbidden})
    return Message("coach.tip.bid_count_other" if bid < n else "coach.tip.bid_count_more", params)


def said_to_you(reason: Any) -> Any:
    """A bot's first-person reason as the same sentence to the child (None: no such sentence is known).

    >>> said_to_you(Message("plump.search.card", {"card": "9♥", "k": 7})).text("sv")
    'Om du lägger 9♥ klarar du ditt bud i ungefär 7 av 10 givar.'
    """
    if isinstance(reason, Message) and reason.key in SECOND_PERSON:
        return Message(SECOND_PERSON[reason.key], dict(reason.params))
    return None


def bid_reading(view: Any, names: Sequence[Any], *, rng: Any = None, deals: int = 2000) -> "Message | None":
    """What the bids made so far say about another seat's high cards, as one sentence, or None when
    they say nothing strong enough (:func:`cardlab.bots.plump_reading.strongest_reading`).
    ``names`` are the seats' names at the table (Messages or strings); ``rng`` seeds the deals."""
    from ..bots.plump_reading import reading_message, strongest_reading

    if sum(1 for s, b in enumerate(view.bids) if b is not None and s != view.seat) == 0:
        return None
    reading = strongest_reading(view, deals=deals, rng=rng)
    return None if reading is None else reading_message(reading, names[reading.seat])
