"""Exact odds for small Plump rounds (two, three … cards) under random play, as fractions.

Random play picks every card uniformly among the legal ones, and *which* cards
are legal depends only on suits, never on ranks.  So the play can be followed
suit by suit, with three facts doing the rest:

1. **Suit classes.**  Only "trump" and "a side suit" matter; the three side
   suits are exchangeable (relabelled to one canonical order, which merges
   equal states).  The deal is a chance node: each hand's count of cards per
   class, with multivariate hypergeometric weights (the turned-up card takes
   one trump out of the deck).
2. **Ranks are a uniform order.**  Given the suits of all dealt cards, the
   order of their ranks within each suit is a uniform random permutation, and
   random play never looks at it.  The orders it induces on disjoint sets of
   cards are independent and uniform, so each trick is won by a uniformly
   chosen card of its winning group (the trumps played in it if any, else the
   cards of the led suit), independently of every other trick.
3. **Memoised play.**  The chance of every trick vector from a position
   (hands as class counts, the trick so far) is computed once.

The bids: a random bidder bids uniformly among the legal bids (the dealer
avoids the hook's forbidden bid).  Bids do not change random play (the
leader is left of the dealer), so the chance of making a bid follows from
the trick distribution and the bid distribution exactly.

>>> t = trick_distribution(3, 1, "none")          # one card: the one-card formula
>>> [str(t[k][0]) for k in range(3)] == [str(x) for x in p_zero_one_card(3, "none")]
True
>>> t = trick_distribution(3, 2, "turned-up")
>>> sum(k * p for seat in t for k, p in enumerate(seat)) == 2   # two tricks are shared out
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, lcm

from .exact import p_zero_one_card

__all__ = ["trick_distribution", "bid_distribution", "exact_table", "p_zero_one_card"]

TRUMPS = ("turned-up", "fixed", "none")


def _deck(trump: str) -> tuple[int, ...]:
    """Cards per class: class 0 is trump (when there is one), the rest side suits."""
    if trump == "turned-up":
        return (12, 13, 13, 13)
    if trump == "fixed":
        return (13, 13, 13, 13)
    return (0, 13, 13, 13, 13)


def _hands(left: tuple[int, ...], size: int):
    """Every count vector of a hand of ``size`` cards from ``left`` (per class), with its number of card sets."""
    out = []

    def rec(c, rest, acc, ways):
        if c == len(left):
            if rest == 0:
                out.append((tuple(acc), ways))
            return
        for k in range(min(rest, left[c]) + 1):
            rec(c + 1, rest - k, acc + [k], ways * comb(left[c], k))

    rec(0, size, [], 1)
    return out


def _canonical(hands: tuple) -> tuple:
    """Relabel the side suits (classes 1…) so that equal positions share one key."""
    columns = sorted(tuple(h[c] for h in hands) for c in range(1, len(hands[0])))
    return tuple((h[0],) + tuple(col[s] for col in columns) for s, h in enumerate(hands))


def _add(dist: dict, vec: tuple, p: Fraction) -> None:
    dist[vec] = dist.get(vec, 0) + p


def trick_distribution(players: int, cards: int, trump: str = "turned-up", *, must_trump: bool = False) -> list[list[Fraction]]:
    """``P(seat k from the leader takes t tricks)`` for t = 0..cards, under random play (exact fractions).

    ``trump``: ``"turned-up"`` (a turned card names trump), ``"fixed"`` (one
    suit is trump, no card turned) or ``"none"``.  Single rounds with the
    leader left of the dealer, one 52-card deck, ``players`` ≥ 3 (two players
    play with a blind hand, which this function does not model).
    """
    if trump not in TRUMPS:
        raise ValueError(f"trump must be turned-up, fixed or none, not {trump!r}")
    if players < 3 or players * cards + (trump == "turned-up") > 52:
        raise ValueError("choose 3 or more players and at most the cards the deck allows")
    joint = joint_tricks(players, cards, trump, must_trump)
    out = [[Fraction(0)] * (cards + 1) for _ in range(players)]
    for vec, p in joint.items():
        for k in range(players):
            out[k][vec[k]] += p
    return out


@lru_cache(maxsize=None)
def joint_tricks(players: int, cards: int, trump: str, must_trump: bool = False) -> dict:
    """The exact joint distribution ``{(tricks of seat 0, …, seat players−1): probability}`` (seats from the leader)."""
    deck = _deck(trump)
    no_trump = trump == "none"
    trick_start = _play_factory(players, cards, must_trump, not no_trump)
    total_ways = 1
    left_total = sum(deck)
    for k in range(players):
        total_ways *= comb(left_total - k * cards, cards)
    # the deal, seat by seat: count vectors with their numbers of card sets, equal positions merged
    states: dict = {(deck, ()): 1}
    for _ in range(players):
        new: dict = {}
        for (left, hands), ways in states.items():
            for hand, w in _hands(left, cards):
                key = (tuple(a - b for a, b in zip(left, hand)), hands + (hand,))
                new[key] = new.get(key, 0) + ways * w
        states = new
    deals: dict = {}
    for (_, hands), ways in states.items():
        key = _canonical(hands)
        deals[key] = deals.get(key, 0) + ways
    counts: dict = {}
    for hands, ways in deals.items():
        for vec, k in trick_start(hands).items():
            _add(counts, vec, k * ways)
    scale = total_ways * (lcm(*range(1, cards + 1)) ** (players * cards)) * (lcm(*range(1, players + 1)) ** cards)
    return {vec: Fraction(k, scale) for vec, k in counts.items()}


def _play_factory(players: int, cards: int, must_trump: bool, has_trump: bool):
    """The memoised play of random seats.

    Chances are kept as integers: every move multiplies by ``L1 = lcm(1..cards)``
    (a card of ``k`` legal ones weighs ``L1 // k``) and every trick's winner by
    ``L2 = lcm(1..players)``, so all counts from one position share one scale
    and the arithmetic stays exact and fast.
    """
    seats = range(players)
    cache: dict = {}
    l1 = lcm(*range(1, cards + 1))
    l2 = lcm(*range(1, players + 1))

    def trick_start(hands: tuple) -> dict:
        if sum(hands[0]) == 0:
            return {(0,) * players: 1}
        key = _canonical(hands)
        if key not in cache:
            cache[key] = in_trick(key, 0, -1, 0, 0)
        return cache[key]

    @lru_cache(maxsize=None)
    def in_trick(hands: tuple, pos: int, led: int, trumped: int, followed: int) -> dict:
        out: dict = {}
        if pos == players:
            group = trumped if trumped else followed
            winners = [s for s in seats if group >> s & 1]
            share = l2 // len(winners)
            for w in winners:
                rest = trick_start(hands[w:] + hands[:w])
                for vec, k in rest.items():
                    back = vec[players - w:] + vec[:players - w]
                    _add(out, tuple(back[s] + (s == w) for s in seats), k * share)
            return out
        hand = hands[pos]
        if led < 0:
            legal = [c for c, k in enumerate(hand) if k]
        elif hand[led]:
            legal = [led]
        elif must_trump and has_trump and hand[0]:
            legal = [0]
        else:
            legal = [c for c, k in enumerate(hand) if k]
        total = sum(hand[c] for c in legal)
        for c in legal:
            weight = hand[c] * (l1 // total)
            new_hands = hands[:pos] + (hand[:c] + (hand[c] - 1,) + hand[c + 1:],) + hands[pos + 1:]
            new_led = c if led < 0 else led
            t = trumped | ((1 << pos) if (has_trump and c == 0) else 0)
            f = followed | ((1 << pos) if c == new_led else 0)
            for vec, q in in_trick(new_hands, pos + 1, new_led, t, f).items():
                _add(out, vec, weight * q)
        return out

    return trick_start


def bid_distribution(players: int, cards: int, *, hook: bool = True) -> list[list[Fraction]]:
    """``P(seat k from the leader bids b)`` for random bidders (uniform among the legal bids; the dealer bids last).

    >>> [str(p) for p in bid_distribution(3, 1)[2]]      # the dealer: the hook forbids 1 - (others' sum)
    ['3/8', '5/8']
    """
    uniform = [Fraction(1, cards + 1)] * (cards + 1)
    out = [list(uniform) for _ in range(players - 1)]
    # the sum of the others' bids
    total = {0: Fraction(1)}
    for _ in range(players - 1):
        new: dict = {}
        for s, p in total.items():
            for b in range(cards + 1):
                _add(new, s + b, p / (cards + 1))
        total = new
    dealer = [Fraction(0)] * (cards + 1)
    for s, p in total.items():
        forbidden = cards - s if hook and 0 <= cards - s <= cards else -1
        allowed = [b for b in range(cards + 1) if b != forbidden]
        for b in allowed:
            dealer[b] += p / len(allowed)
    out.append(dealer)
    return out


def exact_table(players_range=(3, 4), cards_range=(1, 2, 3), trumps=("turned-up", "none")):
    """A pandas table of exact random-play odds: one row per players × cards × trump × seat from the leader.

    Columns: ``p_zero`` (no trick; also the chance a random zero bid is made,
    since random bids do not depend on the cards), ``p_made`` (the random bid
    is made, hook on), ``mean_tricks``, ``p_tricks_<t>`` and the exact
    fractions as text (``p_zero_exact``, ``p_made_exact``).
    """
    import pandas as pd

    rows = []
    for players in players_range:
        for cards in cards_range:
            bids = bid_distribution(players, cards)
            for trump in trumps:
                dist = trick_distribution(players, cards, trump)
                for k in range(players):
                    made = sum(dist[k][t] * bids[k][t] for t in range(cards + 1))
                    row = {"players": players, "cards": cards, "trump": trump, "policy": "random",
                           "seat_from_leader": k, "p_zero": float(dist[k][0]), "p_made": float(made),
                           "mean_tricks": float(sum(t * p for t, p in enumerate(dist[k])))}
                    for t in range(max(cards_range) + 1):
                        row[f"p_tricks_{t}"] = float(dist[k][t]) if t <= cards else 0.0
                    row["p_zero_exact"], row["p_made_exact"] = str(dist[k][0]), str(made)
                    rows.append(row)
    return pd.DataFrame(rows)
