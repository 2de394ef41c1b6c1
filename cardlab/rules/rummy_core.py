"""Rummy's end-of-stock rule and round penalty on whole numbers, written once for the engine and
the kernel.

Plain Python that numba compiles unchanged: :mod:`cardlab.games.rummy` calls these
functions as they are and the compiled kernel calls the same functions
(:mod:`cardlab.sim.cores` registers them with numba).  ``max_reshuffles`` is a whole number,
or −1 for "no limit" (``None`` in :class:`cardlab.rules.rummy.RummyRules`; see
:func:`reshuffle_limit`).

>>> may_reshuffle(7, -1, 12), may_reshuffle(3, 3, 12)
(True, False)
"""

from __future__ import annotations

__all__ = ["reshuffle_limit", "may_reshuffle", "round_penalty"]


def reshuffle_limit(max_reshuffles: "int | None") -> int:
    """The option ``max_reshuffles`` as the cores take it: −1 for ``None`` (no limit).

    >>> reshuffle_limit(None), reshuffle_limit(3)
    (-1, 3)
    """
    return -1 if max_reshuffles is None else int(max_reshuffles)


def may_reshuffle(reshuffles, max_reshuffles, pile_size):
    """When the stock is empty: is the discard pile shuffled into a new stock (True), or does the
    round end with no winner (False)?

    Rule (RULES.md, "Empty stock", seed 004): the discard pile except its top card becomes
    the new stock and play goes on, as often as needed (``max_reshuffles`` −1).  With a
    limit, the stock running out after ``max_reshuffles`` reshuffles ends the round and
    every player scores their hand; simulations need such a bound because random players
    can keep a round open for a very long time.  A pile of one card leaves nothing to
    shuffle, so the round ends too.

    >>> may_reshuffle(0, 0, 20), may_reshuffle(2, 3, 20), may_reshuffle(100, -1, 20), may_reshuffle(0, -1, 1)
    (False, True, True, False)
    """
    if pile_size <= 1:
        return False
    return max_reshuffles < 0 or reshuffles < max_reshuffles


def round_penalty(hand_points, is_winner, doubled):
    """One player's penalty points for a round, from the points of the cards left in hand.

    Rule (RULES.md, "Going out"): the player who went out scores 0; every other player
    scores their cards (A = 1, 2–10 face value, J/Q/K = 10), doubled when ``doubled``:
    the round was won by going rummy with the option ``rummy_bonus`` on.

    >>> round_penalty(23, False, False), round_penalty(23, False, True), round_penalty(0, True, True)
    (23, 46, 0)
    """
    if is_winner:
        return 0
    if doubled:
        return 2 * hand_points
    return hand_points
