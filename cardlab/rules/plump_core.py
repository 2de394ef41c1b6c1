"""Plump's rules on whole numbers, written once for the engine, the kernels and the score sheets.

Every function here is plain Python that numba compiles unchanged:
:mod:`cardlab.games.plump` calls them as they are, the compiled kernels call the same
functions (:mod:`cardlab.kernels.cores` registers them with numba), and the score sheets and
printed sheets read their numbers from them.  Options that are words in
:class:`cardlab.rules.plump.PlumpRules` are small codes here (:data:`SCORING_CODES`,
:data:`TIE_CODES`).

>>> forbidden_bid(2, 2, 3, 2, True)        # RULES.md: 3 cards, bids 1 and 1: the dealer may not bid 1
1
>>> round_score(3, 3, SCORING_CODES["standard"]), round_score(4, 2, SCORING_CODES["standard"])
(13, 0)
"""

from __future__ import annotations

#: the scoring options of RULES.md, as the codes the cores take
SCORING_CODES = {"standard": 0, "trick-points": 1, "penalty": 2, "tricks-only": 3}
#: the tie options of RULES.md
TIE_CODES = {"share": 0, "extra-round": 1}

__all__ = ["SCORING_CODES", "TIE_CODES", "hook_applies", "forbidden_bid", "first_leader", "round_score",
           "winners_mask", "needs_extra_round"]


def hook_applies(hook, hook_last_round, is_last_round):
    """Does the hook (kroken, spärren) bite in this round?

    Rule (RULES.md): with ``hook`` on, the dealer may not make the bids add up to the
    hand size; with ``hook_last_round`` off, the hook is lifted in the final round of
    the game (a variant some tables play, so the last round can be bid freely).

    >>> hook_applies(True, True, True), hook_applies(True, False, True), hook_applies(True, False, False)
    (True, False, True)
    >>> hook_applies(False, True, False)
    False
    """
    return hook and (hook_last_round or not is_last_round)


def forbidden_bid(seat, dealer, hand_size, others_total, hook_active):
    """The one bid the hook forbids ``seat`` now, or −1 when every bid is allowed.

    Rule (RULES.md): only the dealer, who bids last, is bound; the forbidden bid is the
    one that makes all bids add up to the hand size (``hand_size − others_total``, where
    ``others_total`` is the sum of the other players' bids), so that at least one player
    must miss.  When that number is below 0 nothing is forbidden.

    >>> forbidden_bid(2, 2, 3, 2, True), forbidden_bid(1, 2, 3, 2, True), forbidden_bid(2, 2, 3, 2, False)
    (1, -1, -1)
    >>> forbidden_bid(0, 0, 3, 5, True), forbidden_bid(0, 0, 3, 0, True)
    (-1, 3)
    """
    if not hook_active or seat != dealer:
        return -1
    forbidden = hand_size - others_total
    if 0 <= forbidden <= hand_size:
        return forbidden
    return -1


def first_leader(bids, dealer, highest_bidder_leads):
    """Who leads the first trick once every seat has bid.

    Rule (RULES.md, "Play"): the player left of the dealer, who also bid first, leads; in the
    home variant ``first_lead = "highest-bidder"`` the highest bidder leads, ties going to the
    earliest bidder.

    >>> first_leader([1, 0, 2], 2, False), first_leader([1, 0, 2], 2, True)
    (0, 2)
    >>> first_leader([3, 1, 3], 1, True)    # seat 2 bid before seat 0
    2
    """
    players = len(bids)
    first = dealer + 1 if dealer + 1 < players else 0
    leader = first
    if highest_bidder_leads:
        best = -1
        for k in range(players):
            seat = (first + k) % players
            if bids[seat] > best:
                best = bids[seat]
                leader = seat
    return leader


def round_score(bid, tricks, scoring):
    """One player's points for a round, under the scoring ``scoring`` (a code of :data:`SCORING_CODES`).

    Rule (RULES.md, "Scoring"), by scoring:

    * ``standard`` (0): exact bid → 10 + tricks ("a 1 in front": bid 3 → 13, bid 0 → 10);
      a miss by any amount → 0, a plump;
    * ``trick-points`` (1): 1 point per trick taken, + 10 when exact;
    * ``penalty`` (2): exact → 10 + tricks; a miss → −|tricks − bid|;
    * ``tricks-only`` (3): exact → tricks (no ten); a miss → 0.

    Why a ten for an exact bid: bidding exactly is the skill of the game, and a zero bid
    made still scores.  An unknown code scores −1 000 000, so a wrong code cannot pass
    unnoticed in a compiled kernel (the Python wrappers refuse it by name first).

    >>> [round_score(3, 3, s) for s in range(4)]
    [13, 13, 13, 3]
    >>> [round_score(2, 5, s) for s in range(4)]
    [0, 5, -3, 0]
    >>> round_score(0, 0, 0), round_score(0, 0, 3)
    (10, 0)
    """
    made = bid == tricks
    if scoring == 0:
        return 10 + tricks if made else 0
    if scoring == 1:
        return tricks + 10 if made else tricks
    if scoring == 2:
        return 10 + tricks if made else -abs(tricks - bid)
    if scoring == 3:
        return tricks if made else 0
    return -1_000_000


def winners_mask(totals):
    """The winners of a finished Plump game as a bitmask of seats (bit ``s`` set: seat ``s`` won).

    Rule (RULES.md, "End"): the highest total wins; with ``tie = "share"`` tied leaders
    share the win, and with ``"extra-round"`` tied leaders first play one more round
    (see :func:`needs_extra_round`) and then share whatever tie is left.  So after the
    last round both options give the seats on the highest total.

    >>> winners_mask([40, 55, 12]), winners_mask([55, 55, 12])
    (2, 3)
    """
    best = totals[0]
    for total in totals:
        if total > best:
            best = total
    mask = 0
    for seat in range(len(totals)):
        if totals[seat] == best:
            mask |= 1 << seat
    return mask


def needs_extra_round(totals, tie, extra_rounds_played):
    """Must the game go on with one extra round (the largest hand) after its last round?

    Rule (RULES.md, "End", seed 001): with ``tie = "extra-round"`` (code 1) tied leaders
    play one more round with the largest hand size; only one is played.

    >>> needs_extra_round([30, 30, 12], TIE_CODES["extra-round"], 0), needs_extra_round([30, 30, 12], 0, 0)
    (True, False)
    >>> needs_extra_round([30, 30, 12], 1, 1), needs_extra_round([31, 30, 12], 1, 0)
    (False, False)
    """
    if tie != 1 or extra_rounds_played > 0:
        return False
    mask = winners_mask(totals)
    return (mask & (mask - 1)) != 0
