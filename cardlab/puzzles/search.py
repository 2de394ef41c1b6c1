"""The exact double-dummy question a puzzle asks: can ``seat`` end with exactly ``target`` tricks,
whatever the others play?

This is the AND/OR search of :func:`cardlab.coach.double_dummy.can_make` (its hand masks,
``legal_mask`` and ``trick_winner``), with one difference in its early cut-off: a trick the seat
has already played to, and whose other cards are still to come, is counted among the tricks the
seat may still win.  ``can_make`` leaves that trick out, so it answers "no" for a bid that needs
every trick left once the seat's card is on the table (lead the top trump, then take the rest):

>>> from cardlab.cards import parse_cards
>>> from cardlab.coach.double_dummy import can_make, mask
>>> hands = [mask(parse_cards(h)) for h in ("AS", "2H 3C", "4C 5C")]
>>> ah = parse_cards("AH")[0].index                  # A♥ (trump) led, the rest to come
>>> can_make_exactly(hands, seat=0, target=2, leader=0, trump=2, trick=((0, ah),))
True
>>> can_make(hands, seat=0, target=2, leader=0, trump=2, trick=((0, ah),))
False
"""

from __future__ import annotations

from typing import Sequence

from ..coach.double_dummy import PositionTooLarge, legal_mask, trick_winner


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def can_make_exactly(hands: Sequence[int], *, seat: int, target: int, leader: int, trump: int | None,
                     trick: Sequence[tuple[int, int]] = (), taken: int = 0, must_trump: bool = False,
                     max_cards: int = 28, memo: dict | None = None) -> bool:
    """Can ``seat`` end the round with exactly ``target`` tricks whatever the others play?

    The arguments are those of :func:`cardlab.coach.double_dummy.can_make` (``trump`` a suit index
    or None); ``memo`` may be shared between calls with the same ``seat`` and ``target``.
    """
    total = sum(bin(h).count("1") for h in hands)
    if total > max_cards:
        raise PositionTooLarge(f"{total} cards left is more than the exact search looks at ({max_cards}).")
    players = len(hands)
    memo = {} if memo is None else memo

    def solve(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int, taken: int) -> bool:
        left = bin(hands[seat]).count("1")
        played_here = any(s == seat for s, _ in trick)
        if taken > target or taken + left + played_here < target:
            return False
        if not trick and left == 0:
            return taken == target
        key = (hands, trick, leader, taken)
        found = memo.get(key)
        if found is not None:
            return found
        to_move = (leader + len(trick)) % players
        led = trick[0][1] // 13 if trick else None
        mine = to_move == seat
        result = not mine
        for b in _bits(legal_mask(hands[to_move], led, trump, must_trump)):
            new_hands = hands[:to_move] + (hands[to_move] & ~(1 << b),) + hands[to_move + 1:]
            new_trick = trick + ((to_move, b),)
            if len(new_trick) == players:
                won = new_trick[trick_winner([c for _, c in new_trick], trump)][0]
                ok = solve(new_hands, (), won, taken + (won == seat))
            else:
                ok = solve(new_hands, new_trick, leader, taken)
            if ok == mine:
                result = ok
                break
        memo[key] = result
        return result

    return solve(tuple(hands), tuple(trick), leader, taken)
