"""Rummy's end-of-stock rule and round penalty on whole numbers, written once for the engine and
the kernel.

Plain Python that numba compiles unchanged: :mod:`cardlab.games.rummy` calls these
functions as they are and the compiled kernel calls the same functions
(:mod:`cardlab.kernels.cores` registers them with numba).  ``max_reshuffles`` is a whole number,
or −1 for "no limit" (``None`` in :class:`cardlab.rules.rummy.RummyRules`; see
:func:`reshuffle_limit`).

>>> may_reshuffle(7, -1, 12), may_reshuffle(3, 3, 12)
(True, False)
"""

from __future__ import annotations

__all__ = ["reshuffle_limit", "may_reshuffle", "round_penalty", "LAYOFF_NONE", "LAYOFF_LOW", "LAYOFF_HIGH",
           "LAYOFF_SET", "layoff_end", "run_after_layoff", "may_discard", "leaves_no_discard"]


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


# ------------------------------------------------------------------ laying off, and the discard
# A meld on the table, for these cores: a set (``is_set``) of ``size`` cards of rank ``rank``, or a
# run of suit ``suit`` from ace-low position ``low`` to ``high`` (A = 1 … K = 13).  A card: its suit,
# its rank index (0 = two … 12 = ace, the kernels' ``index % 13``) and its ace-low position.
#: where a card is laid off: nowhere, below a run, above a run, or as a set's fourth card
LAYOFF_NONE, LAYOFF_LOW, LAYOFF_HIGH, LAYOFF_SET = 0, 1, 2, 3


def layoff_end(is_set, size, suit, rank, low, high, card_suit, card_rank, card_position, card_on_meld):
    """Where a card is laid off onto a meld: :data:`LAYOFF_LOW` / :data:`LAYOFF_HIGH` end of a run,
    :data:`LAYOFF_SET` (a set of three becomes four), or :data:`LAYOFF_NONE`.

    Rule (RULES.md, "A turn" and "Melds"): a set of three takes the fourth card of its rank (a set never
    grows past four, the deck holding one card of each suit); a run takes the card of its suit just
    below its lowest or just above its highest card, the ace low only (A 2 3, never Q K A), so a run
    from the ace takes nothing below and one to the king nothing above.  A card already on the meld
    is not laid off again.

    >>> layoff_end(False, 3, 3, 0, 1, 3, 3, 2, 4, False)     # A♠ 2♠ 3♠ takes 4♠ above
    2
    >>> layoff_end(False, 3, 3, 0, 11, 13, 3, 12, 1, False)  # J♠ Q♠ K♠ does not take A♠
    0
    >>> layoff_end(True, 3, 0, 5, 0, 0, 3, 5, 7, False), layoff_end(True, 4, 0, 5, 0, 0, 3, 5, 7, False)
    (3, 0)
    """
    if card_on_meld:
        return LAYOFF_NONE
    if is_set:
        return LAYOFF_SET if size == 3 and card_rank == rank else LAYOFF_NONE
    if card_suit != suit:
        return LAYOFF_NONE
    if card_position == low - 1:
        return LAYOFF_LOW
    if card_position == high + 1:
        return LAYOFF_HIGH
    return LAYOFF_NONE


def run_after_layoff(low, high, position):
    """A run's ends ``(low, high)`` after a card at ``position`` is laid off on it (it must fit).

    >>> run_after_layoff(5, 7, 4), run_after_layoff(5, 7, 8)
    ((4, 7), (5, 8))
    """
    return min(low, position), max(high, position)


def may_discard(no_same, card_is_taken):
    """May this card end the turn as the discard?

    Rule (RULES.md, "A turn", option ``no_same_discard``): a card taken from the discard pile
    may not be thrown back in the same turn, or a player could take the top card only to look at
    it and pass it on.

    >>> may_discard(True, True), may_discard(True, False), may_discard(False, True)
    (False, True, True)
    """
    return not (no_same and card_is_taken)


def leaves_no_discard(no_same, took_from_discard, cards_left, only_taken_left, taken_fits_table):
    """Would a meld or a lay-off leave the player unable to end the turn (so it is refused)?

    Rule (RULES.md, "A turn" and "Going out"): a turn ends with a discard, unless the player goes out.  With
    ``no_same_discard`` (:func:`may_discard`), a move that leaves exactly one card in hand, that card
    the one taken from the discard pile, and that card fitting no meld of the table as the move
    leaves it, would leave nothing to discard and no way out, so the move is not allowed.

    >>> leaves_no_discard(True, True, 1, True, False), leaves_no_discard(True, True, 1, True, True)
    (True, False)
    >>> leaves_no_discard(True, True, 2, False, False), leaves_no_discard(False, True, 1, True, False)
    (False, False)
    """
    return no_same and took_from_discard and cards_left == 1 and only_taken_left and not taken_fits_table
