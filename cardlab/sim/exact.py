"""Exact odds for one-card Plump: each seat's chance to take no trick, as fractions.

With one card each there is nothing to choose in play, so the bid does not
change who wins: the chance depends only on the deal.  Sort the deal by
suits: the seats' cards fall into suits with probabilities counted without
replacement; given those suits, the trick goes to the highest card of the
winning group (the trumps in the trick if any, else the cards of the led
suit), and by symmetry each card of that group is equally likely to be the
highest.  Summing over the ``suits ** players`` suit patterns gives exact
fractions.

>>> p = p_zero_one_card(4, trump="none")
>>> [str(x) for x in p]
['6327/20825', '18716/20825', '18716/20825', '18716/20825']
>>> round(float(p_zero_one_card(4, trump="turned-up")[0]), 4)   # the leader: trumps hurt
0.6303
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product


def p_win_one_card(players: int, trump: str = "turned-up", *, suits: int = 4, ranks: int = 13) -> list[Fraction]:
    """Chance that the seat ``k`` places from the leader wins the one trick (k = 0 leads).

    ``trump``: ``"turned-up"`` (a card is turned after dealing; its suit is
    trump), ``"fixed"`` (suit 0 is trump, no card turned) or ``"none"``.
    ``suits`` and ``ranks`` describe the deck (4 × 13 for a real deck).
    """
    if trump not in ("turned-up", "fixed", "none"):
        raise ValueError(f"trump must be turned-up, fixed or none, not {trump!r}")
    if players * 1 + (trump == "turned-up") > suits * ranks:
        raise ValueError("not enough cards for that many players")
    wins = [Fraction(0)] * players
    # the turned card belongs to no one: it only takes one card out of the trump suit
    available = [ranks - (1 if (trump == "turned-up" and s == 0) else 0) for s in range(suits)]
    has_trump = trump != "none"
    remaining_total = sum(available)
    for pattern in product(range(suits), repeat=players):
        left = list(available)
        total = remaining_total
        prob = Fraction(1)
        for s in pattern:
            if left[s] == 0:
                prob = Fraction(0)
                break
            prob *= Fraction(left[s], total)
            left[s] -= 1
            total -= 1
        if prob == 0:
            continue
        group_suit = 0 if (has_trump and 0 in pattern) else pattern[0]
        group = [k for k, s in enumerate(pattern) if s == group_suit]
        share = prob / len(group)
        for k in group:
            wins[k] += share
    return wins


def p_zero_one_card(players: int, trump: str = "turned-up", *, suits: int = 4, ranks: int = 13) -> list[Fraction]:
    """Chance that the seat ``k`` places from the leader takes no trick in a one-card round (exact)."""
    return [1 - w for w in p_win_one_card(players, trump, suits=suits, ranks=ranks)]


def one_card_table(players_range=range(2, 8), trumps=("turned-up", "none")):
    """A pandas table of the exact one-card ``p_zero`` for several player counts and trump modes."""
    import pandas as pd

    rows = []
    for players in players_range:
        for trump in trumps:
            for k, p in enumerate(p_zero_one_card(players, trump)):
                rows.append({"players": players, "cards": 1, "trump": trump, "seat_from_leader": k,
                             "p_zero": float(p), "p_zero_exact": str(p)})
    return pd.DataFrame(rows)
