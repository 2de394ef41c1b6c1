"""Femkamp's scoring and its winners on whole numbers, written once for the engine, the kernels and
the score sheets.

Plain Python that numba compiles unchanged: :mod:`cardlab.games.femkamp` and
:mod:`cardlab.games.kabal` call these functions as they are, the compiled kernel calls the
same functions (:mod:`cardlab.sim.cores` registers them with numba), and the score sheet
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

__all__ = ["ROUND_CODES", "TIE_CODES", "points_per_unit", "clubs_all_taken_zero", "trick_round_score",
           "kabal_score", "winners_mask"]


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
