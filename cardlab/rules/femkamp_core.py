"""Femkamp's scoring and its winners on whole numbers, written once for the engine, the kernels and
the score sheets.

Plain Python that numba compiles unchanged: :mod:`cardlab.games.femkamp` and
:mod:`cardlab.games.kabal` call these functions as they are, the compiled kernel calls the
same functions (:mod:`cardlab.kernels.cores` registers them with numba), and the score sheet
explains each score with :func:`points_per_unit` instead of working it back out.  Rounds
and tie options are small codes here (:data:`ROUND_CODES`, :data:`TIE_CODES`).

RULES.md's worked example (seed 003): 3 + 2 + 4 − 5 + (2 prikks + 4 cards) = 10.

>>> R = ROUND_CODES
>>> scores = [trick_round_score(R["pass"], 3, 0, 0, 4, False), trick_round_score(R["clubs"], 0, 2, 0, 4, False),
...           trick_round_score(R["queens"], 0, 0, 1, 4, False), trick_round_score(R["grand"], 5, 0, 0, 4, False),
...           kabal_score(2, 4, False)]
>>> scores, sum(scores)
([3, 2, 4, -5, 6], 10)
"""

from __future__ import annotations

#: the five rounds, as the codes the cores and the kernel take
ROUND_CODES = {"pass": 0, "clubs": 1, "queens": 2, "grand": 3, "kabal": 4}
#: the tie options of RULES.md
TIE_CODES = {"share": 0, "rematch": 1}

#: the card that starts a kabal row, as an ace-low position (A = 1 … K = 13)
SEVEN = 7

__all__ = ["ROUND_CODES", "TIE_CODES", "SEVEN", "points_per_unit", "clubs_all_taken_zero", "trick_round_score",
           "kabal_score", "winners_mask", "ace_low_position", "rank_at_position", "kabal_ends", "kabal_fits",
           "kabal_place"]


def points_per_unit(round_code, queen_points):
    """Points for each thing counted in a trick round: a trick (pass +1, grand −1), a club (+1), a queen.

    Rule (RULES.md, "Scoring"): pass +1 per trick, clubs +1 per club, queens
    ``queen_points`` per queen (4; some tables use 5), grand −1 per trick.  Lowest total
    wins, so the grand round's minus rewards the tricks the other rounds punish.  The
    kabal round (code 4) counts prikks and cards left, +1 each.

    >>> [points_per_unit(code, 4) for code in range(5)]
    [1, 1, 4, -1, 1]
    >>> points_per_unit(ROUND_CODES["queens"], 5)
    5
    """
    if round_code == 2:
        return queen_points
    if round_code == 3:
        return -1
    return 1


def clubs_all_taken_zero(clubs, clubs_all_zero):
    """Does the option ``clubs_all_zero`` turn this clubs round to 0 (the player took all 13 clubs)?

    >>> clubs_all_taken_zero(13, True), clubs_all_taken_zero(13, False), clubs_all_taken_zero(12, True)
    (True, False, False)
    """
    return clubs_all_zero and clubs == 13


def trick_round_score(round_code, tricks, clubs, queens, queen_points, clubs_all_zero):
    """One player's points in a trick round, from the tricks, clubs and queens they took.

    Rule (RULES.md): pass → tricks; clubs → clubs taken, or 0 when ``clubs_all_zero`` and
    all 13 were taken (a shoot-the-moon reward); queens → queens × ``queen_points``;
    grand → −tricks.  An unknown round code scores −1 000 000 so a wrong code cannot pass
    unnoticed in a compiled kernel.

    >>> [trick_round_score(code, 3, 2, 1, 4, False) for code in range(4)]
    [3, 2, 4, -3]
    >>> trick_round_score(ROUND_CODES["clubs"], 8, 13, 0, 4, True), trick_round_score(ROUND_CODES["queens"], 1, 0, 2, 5, False)
    (0, 10)
    """
    if round_code == 0:
        return tricks * points_per_unit(0, queen_points)
    if round_code == 1:
        if clubs_all_taken_zero(clubs, clubs_all_zero):
            return 0
        return clubs * points_per_unit(1, queen_points)
    if round_code == 2:
        return queens * points_per_unit(2, queen_points)
    if round_code == 3:
        return tricks * points_per_unit(3, queen_points)
    return -1_000_000


def kabal_score(prikks, cards_left, went_out):
    """One player's points in the kabal round.

    Rule (RULES.md, round 5): +1 per prikk; when one player plays their last card the round
    ends and every other player also scores +1 per card still in hand; the player who went
    out keeps only their prikks.

    >>> kabal_score(2, 4, False), kabal_score(1, 0, True)
    (6, 1)
    """
    if went_out:
        return prikks
    return prikks + cards_left


def winners_mask(totals, tie):
    """The winners of a finished Femkamp as a bitmask of seats; 0 while a rematch is due.

    Rule (RULES.md, "Ties"): the lowest total wins.  With ``tie = "share"`` (code 0) every
    seat on the lowest total wins; with ``"rematch"`` (code 1) a shared lowest total has no
    winner yet: a new femkamp decides between the tied players (see
    :meth:`cardlab.games.femkamp.FemkampGame.rematch`).

    >>> winners_mask([10, 7, 12], 0), winners_mask([7, 7, 12], 0), winners_mask([7, 7, 12], TIE_CODES["rematch"])
    (2, 3, 0)
    """
    best = totals[0]
    for total in totals:
        if total < best:
            best = total
    mask = 0
    for seat in range(len(totals)):
        if totals[seat] == best:
            mask |= 1 << seat
    if tie == 1 and (mask & (mask - 1)) != 0:
        return 0
    return mask


# ------------------------------------------------------------------ the kabal layout
# A row of the kabal is one suit, held as its lowest and highest ace-low positions (A = 1 … K = 13;
# 0, 0 for a row not started).  Cards are the kernels' indexes (suit × 13 + rank − 2, so a rank index
# 0 is a two and 12 an ace).
def ace_low_position(rank_index):
    """The ace-low position of a rank index (0 = two … 12 = ace): the ace lies below the two.

    Rule (RULES.md, round 5): a row runs A 2 3 … K, the ace low, so the ace is the end beyond the two.

    >>> ace_low_position(12), ace_low_position(0), ace_low_position(5), ace_low_position(11)
    (1, 2, 7, 13)
    """
    return (rank_index + 1) % 13 + 1      # 12 (the ace) → 1, 0 (the two) → 2, …, 11 (the king) → 13


def rank_at_position(position):
    """The rank index (0 = two … 12 = ace) at an ace-low position: the inverse of :func:`ace_low_position`.

    >>> [rank_at_position(ace_low_position(r)) for r in range(13)] == list(range(13))
    True
    """
    return (position + 11) % 13           # 1 (the ace) → 12, 2 → 0 (the two), …, 13 → 11 (the king)


def kabal_ends(low, high):
    """The two positions a card may take on a row now, as ``(below, above)``; 0 where none.

    Rule (RULES.md, round 5): a row is started only by its seven; after that a card goes on next to
    an end, the one just below the lowest card or just above the highest, so each row grows one card
    at a time outwards from the seven and stops at the ace (below) and the king (above).

    >>> kabal_ends(0, 0)        # not started: only the seven
    (7, 0)
    >>> kabal_ends(5, 9)        # 5…9 down: the four or the ten
    (4, 10)
    >>> kabal_ends(1, 13)       # ace to king: full
    (0, 0)
    """
    if low == 0:
        return SEVEN, 0
    return low - 1, (high + 1 if high < 13 else 0)


def kabal_fits(low, high, position):
    """Does a card at ``position`` fit the row ``low``–``high`` now (:func:`kabal_ends`)?

    >>> kabal_fits(0, 0, 7), kabal_fits(0, 0, 8), kabal_fits(6, 8, 5), kabal_fits(6, 8, 9), kabal_fits(6, 8, 10)
    (True, False, True, True, False)
    """
    below, above = kabal_ends(low, high)
    return position != 0 and (position == below or position == above)


def kabal_place(low, high, position):
    """The row ``(low, high)`` after a card at ``position`` is put on it (it must fit).

    >>> kabal_place(0, 0, 7), kabal_place(6, 8, 5), kabal_place(6, 8, 9)
    ((7, 7), (5, 8), (6, 9))
    """
    if low == 0:
        return position, position
    return min(low, position), max(high, position)
