"""An exact double-dummy solver for the end of a trick round, every hand known.

The question it answers is the one a coach asks after a Plump round: *could
this seat still take exactly ``target`` tricks, however the others played?*
The seat picks its cards to hit the target; every other seat picks its cards
to stop it (the worst case for the child, so a "yes" is a promise).  The
search is a plain AND/OR tree over the legal cards with a memo on the
position, which is quick for the small endings a child plays (a few tricks
left); :func:`can_make` refuses positions larger than ``max_cards``.

Hands are bit masks: bit ``13 * suit.index + rank - 2`` stands for a card.

>>> from cardlab.cards import parse_cards
>>> hands = [mask(parse_cards("AS 2H")), mask(parse_cards("KS 3H"))]
>>> can_make(hands, seat=0, target=1, leader=0, trump=None)      # lead A♠, then lose 2♥
True
>>> can_make(hands, seat=0, target=0, leader=0, trump=None)      # A♠ or 2♥ first: A♠ wins either way
False
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..cards import Card, Suit
from ..rules.trick_core import legal_follow, winner_position


class PositionTooLarge(ValueError):
    """The position has more cards than the exact search is allowed to look at."""


def bit(card: Card) -> int:
    """The bit of ``card`` in a hand mask."""
    return 1 << card.index


def mask(cards: Iterable[Card]) -> int:
    """A hand as a bit mask."""
    m = 0
    for c in cards:
        m |= bit(c)
    return m


def card_of(index: int) -> Card:
    """The card of bit number ``index``."""
    return Card.from_index(index)


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def legal_mask(hand: int, led: int | None, trump: int | None, must_trump: bool) -> int:
    """The cards of ``hand`` that may be played when suit ``led`` (an index, or None) was led:
    :func:`cardlab.rules.trick_core.legal_follow`, the rule the engine and the kernels use.

    >>> legal_mask((1 << 26) | (1 << 40) | (1 << 0), 1, 0, True)     # 2♥ 3♠ 2♣, diamonds led: the trump 2♣
    1
    """
    return int(legal_follow(hand, -1 if led is None else led, -1 if trump is None else trump, must_trump))


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """The position (0, 1, …) in ``cards`` (bit numbers, in playing order) of the card that wins:
    :func:`cardlab.rules.trick_core.winner_position` (of two twins, the later).

    >>> trick_winner([38, 13, 50], 1), trick_winner([51, 51], None)
    (1, 1)
    """
    return int(winner_position(cards, len(cards), -1 if trump is None else trump))


def can_make(hands: Sequence[int], *, seat: int, target: int, leader: int, trump: "Suit | int | None",
             trick: Sequence[tuple[int, int]] = (), taken: int = 0, must_trump: bool = False,
             max_cards: int = 28, memo: dict | None = None) -> bool:
    """Can ``seat`` end the round with exactly ``target`` tricks whatever the others play?

    ``hands``: every seat's remaining cards (bit masks); ``trick``: the cards already on the table
    in this trick as ``(seat, bit number)``; ``leader``: who led it (or leads next, if it is empty);
    ``taken``: the tricks ``seat`` has already.  Raises :class:`PositionTooLarge` beyond ``max_cards``
    cards in all.

    A trick the seat has already played to still counts among those it may win: hearts trump, a bid
    of 2, A♥ led and A♠ kept take both tricks.

    >>> from cardlab.cards import parse_cards
    >>> hands = [mask(parse_cards(h)) for h in ("AS", "2H 3C", "4C 5C")]
    >>> can_make(hands, seat=0, target=2, leader=0, trump=2, trick=((0, parse_cards("AH")[0].index),))
    True
    """
    total = sum(bin(h).count("1") for h in hands)
    if total > max_cards:
        raise PositionTooLarge(f"{total} cards left is more than the exact search looks at ({max_cards}).")
    trump_index = trump.index if isinstance(trump, Suit) else trump
    players = len(hands)
    memo = {} if memo is None else memo

    def solve(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int, taken: int) -> bool:
        left = bin(hands[seat]).count("1")
        if taken > target or taken + left + (1 if any(s == seat for s, _ in trick) else 0) < target:
            return False
        if not trick and left == 0:
            return taken == target
        key = (hands, trick, leader, taken)
        if key in memo:
            return memo[key]
        to_move = (leader + len(trick)) % players
        led = trick[0][1] // 13 if trick else None
        options = legal_mask(hands[to_move], led, trump_index, must_trump)
        mine = to_move == seat
        result = not mine
        for b in _bits(options):
            new_hands = hands[:to_move] + (hands[to_move] & ~(1 << b),) + hands[to_move + 1:]
            new_trick = trick + ((to_move, b),)
            if len(new_trick) == players:
                won = new_trick[trick_winner([c for _, c in new_trick], trump_index)][0]
                ok = solve(new_hands, (), won, taken + (1 if won == seat else 0))
            else:
                ok = solve(new_hands, new_trick, leader, taken)
            if mine and ok:
                result = True
                break
            if not mine and not ok:
                result = False
                break
        memo[key] = result
        return result

    return solve(tuple(hands), tuple(trick), leader, taken)
