"""Compiled search for Plump: sample hidden hands, play rounds out from any mid-round state.

These kernels are the engine room of :class:`cardlab.bots.plump_search.PlumpSearchBot`.  They reuse
the building blocks of the other kernels (bitmask hands from :mod:`cardlab.kernels.bits`, the SplitMix64
stream of :mod:`cardlab.kernels.rng`, the heuristic player of :mod:`cardlab.kernels.plump_heuristic`, the
rule cores of :mod:`cardlab.kernels.cores`: following suit, the trick winner, the hook, the score) and
add:

* :func:`sample_world` — deal the cards a seat cannot see to the other seats at random, so that
  every seat gets as many cards as it holds now and nobody gets a suit it has shown void in;
* :func:`play_out` — play a round to its end from an arbitrary state (hands as ``uint64`` masks, the
  trick so far, bids, tricks won, leader), every seat following the heuristic player;
* :func:`evaluate_cards` and :func:`evaluate_bids` — for each candidate card (or bid), the weighted
  sum of the score and of "made the bid" over many sampled deals (the same deals for every
  candidate: common random numbers), played out by :func:`play_out`;
* :func:`random_trick_counts` — how often the searching seat takes 0, 1, 2, … tricks when every
  seat (itself too) plays uniformly random legal cards from the first lead, over sampled deals.

A sampled deal can be weighted by how well it explains the bids already made: each other seat
multiplies the weight by ``bid_weight ** |heuristic bid of its sampled hand − its real bid|``
(``bid_weight = 1`` turns this off).

Card codes are ``card.index`` (``suit × 13 + rank − 2``: bits 0–12 are clubs 2…A); trump is 0..3
(clubs, diamonds, hearts, spades) or -1; bids not yet made are -1.

>>> import numpy as np
>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> hands = np.array([mask("AS KS"), mask("2H 3H"), mask("QS 4C")], np.uint64)
>>> bids, tricks = np.array([2, 0, 0]), np.zeros(3, np.int64)
>>> _ = play_out(hands, 3, 2, 3, False, bids, tricks, 0, np.zeros(3, np.int64), 0, np.uint64(0))
>>> tricks.tolist()        # spades are trump: seat 0 takes both tricks
[2, 0, 0]
"""

from __future__ import annotations

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import SUIT_OF, lowest_bit, nth_bit, popcount
from ..kernels.cores import (add_to_trick, empty_trick, finish_trick, first_leader, forbidden_bid, legal_follow, next_seat,
                    round_score, trick_so_far)
from ..kernels.plump_heuristic import half_tricks, heuristic_bid, heuristic_card
from ..kernels.plump_playout import random_tricks
from ..kernels.rng import U64, below, next_u64
from ..rules.plump_core import SCORING_CODES

#: scores are the codes of :data:`cardlab.rules.plump_core.SCORING_CODES`
#: ("trick-points" is OpenSpiel's ``oh_hell`` return: 1 per trick + 10 for an exact bid)
TRICK_POINTS = SCORING_CODES["trick-points"]


@njit(cache=True)
def sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room):
    """Deal ``unseen`` to the seats other than ``me`` into ``hands``; returns (state, ok).

    ``counts[s]`` is how many cards seat ``s`` holds now and ``voids[s]`` a 4-bit mask of the suits
    it has shown void in.  Unseen cards nobody holds (the undealt stock, a blind hand) go to a
    pseudo seat.  Each card, in random order, goes to a seat allowed to hold it, with probability
    proportional to the room left there (uniform over deals when nobody has shown a void).  When
    the voids leave a card nowhere to go, the deal starts again; after 64 failed attempts the voids
    are ignored and ``ok`` is False.  ``pool`` (≥ 52) and ``room`` (≥ players + 1) are work arrays.
    """
    n = 0
    rest = unseen
    while rest != U64(0):
        pool[n] = lowest_bit(rest)
        n += 1
        rest &= rest - U64(1)
    held = 0
    for s in range(players):
        if s != me:
            held += counts[s]
    stock = n - held
    for attempt in range(65):
        strict = attempt < 64
        for s in range(players):
            hands[s] = U64(0)
            room[s] = counts[s] if s != me else 0
        room[players] = stock
        hands[me] = my_hand
        stuck = False
        # draw the cards in random order (a Fisher–Yates shuffle, one step per card)
        for i in range(n):
            state, j = below(state, n - i)
            j += i
            c = pool[j]
            pool[j] = pool[i]
            pool[i] = c
            suit = SUIT_OF[c]
            avail = 0
            for s in range(players + 1):
                if room[s] > 0 and (s == players or not strict or (voids[s] >> suit) & 1 == 0):
                    avail += room[s]
            if avail == 0:
                stuck = True
                break
            state, pick = below(state, avail)
            for s in range(players + 1):
                if room[s] > 0 and (s == players or not strict or (voids[s] >> suit) & 1 == 0):
                    if pick < room[s]:
                        room[s] -= 1
                        if s < players:
                            hands[s] |= U64(1) << U64(c)
                        break
                    pick -= room[s]
        if not stuck:
            return state, strict
    return state, False


@njit(cache=True)
def play_out(hands, players, hand_size, trump, must_trump, bids, tricks, leader, trick_cards, n_trick, played,
             state=U64(1), me=-1, noise=0.0, trump_card=-1, scoring=-1):
    """Play the round to its end, every seat following the heuristic player; adds to ``tricks``.

    The trick on the table was led by ``leader`` and holds ``trick_cards[:n_trick]`` (a full trick is
    scored first).  ``played`` holds every card played this round (those on the table too);
    ``hands`` is changed in place.  Every seat's bid must be known.  With ``noise`` > 0 every seat
    but ``me`` plays a uniformly random legal card with that probability (drawn from the SplitMix64
    ``state``); returns the stream's new state.  ``trump_card`` is the turned-up card (-1: none or
    unknown): like :class:`~cardlab.bots.plump.PlumpBot`, every seat counts it as seen.

    ``scoring`` is the score the seats play for (a code of
    :data:`cardlab.rules.plump_core.SCORING_CODES`; -1: unknown).  Under ``"trick-points"`` (1 per
    trick + 10 for an exact bid) a seat that has taken more tricks than it bid has nothing left to
    lose and gains 1 per further trick, so it tries to win tricks (it plays as if it still needed
    one) instead of shedding them; under every other scoring it plays as the heuristic player does.
    """
    trick = trick_so_far(trick_cards, n_trick, leader, players, trump)
    if n_trick == players:
        leader = finish_trick(trick, tricks)
        trick = empty_trick()
    done = 0
    for s in range(players):
        done += tricks[s]
    for t in range(done, hand_size):
        seat = (leader + trick.count) % players
        for j in range(trick.count, players):
            legal = legal_follow(hands[seat], trick.led, trump, must_trump)
            card = -1
            if noise > 0.0 and seat != me:
                state, x = next_u64(state)
                if float(x >> U64(11)) * (1.0 / 9007199254740992.0) < noise:
                    state, pick = below(state, popcount(legal))
                    card = nth_bit(legal, pick)
            if card < 0:
                need = bids[seat] - tricks[seat]
                if need < 0 and scoring == TRICK_POINTS:
                    need = 1   # the bid is lost: every further trick is worth a point
                card = heuristic_card(hands[seat], legal, trick.best_card, trump, players, hand_size - t, j, need,
                                      played, trump_card)
            hands[seat] ^= U64(1) << U64(card)
            played |= U64(1) << U64(card)
            trick = add_to_trick(trick, seat, card, trump)
            seat = next_seat(seat, players)
        leader = finish_trick(trick, tricks)
        trick = empty_trick()
    return state


@njit(cache=True)
def bid_order(seat, dealer, players):
    """``seat``'s place in the bidding: 0 for the dealer's left, ``players - 1`` for the dealer.

    >>> bid_order(0, 3, 4), bid_order(3, 3, 4)
    (0, 3)
    """
    return (seat - dealer - 1) % players


@njit(cache=True)
def later_bid(hand, hand_size, trump, players, forbidden, bid_up, order=-1, trump_card=-1):
    """How a seat that bids after the searching seat bids in a play-out: the heuristic's bid, or
    with ``bid_up`` its half-tricks rounded up instead of down (the heuristic bids low).

    ``order`` is the seat's place in the bidding (0: the dealer's left; -1: unknown, the table's
    pooled row) and ``trump_card`` the turned-up card (-1: none or unknown), as
    :class:`~cardlab.bots.plump.PlumpBot` bids with them.
    """
    if not bid_up:
        return heuristic_bid(hand, hand_size, trump, players, forbidden, order, trump_card)
    bid = min(hand_size, (half_tricks(hand, trump, players, hand_size) + 1) // 2)
    if bid != forbidden:
        return bid
    if bid + 1 <= hand_size:
        return bid + 1
    return bid - 1


@njit(cache=True, inline="always")
def fill_later_bids(bids, hands, players, dealer, hand_size, trump, hook, bid_up, trump_card):
    """Give every seat that has not bid yet (``bids[s] < 0``) the bid :func:`later_bid` makes with
    its hand, in bidding order from the dealer's left, the dealer obeying the hook; returns how many
    bids it filled."""
    first = dealer + 1 if dealer + 1 < players else 0
    running = 0
    filled = 0
    for j in range(players):
        seat = (first + j) % players
        if bids[seat] < 0:
            forbidden = forbidden_bid(seat, dealer, hand_size, running, hook)
            bids[seat] = later_bid(hands[seat], hand_size, trump, players, forbidden, bid_up, j, trump_card)
            filled += 1
        running += bids[seat]
    return filled


@njit(cache=True)
def bid_likelihood(hands, played_by, me, players, hand_size, trump, bids, dealer, hook, bid_weight, trump_card=-1):
    """How well a sampled deal explains the bids made: the product over the other bidders of
    ``bid_weight ** |heuristic bid − real bid|`` (their hands as dealt: held now + played; the
    heuristic bids with the seat's place in the bidding and the turned-up ``trump_card``)."""
    if bid_weight >= 1.0:
        return 1.0
    others = 0
    for s in range(players):
        if s != dealer and bids[s] >= 0:
            others += bids[s]
    w = 1.0
    for s in range(players):
        if s == me or bids[s] < 0:
            continue
        forbidden = forbidden_bid(s, dealer, hand_size, others, hook)
        guess = heuristic_bid(hands[s] | played_by[s], hand_size, trump, players, forbidden,
                              bid_order(s, dealer, players), trump_card)
        miss = guess - bids[s]
        if miss < 0:
            miss = -miss
        for _ in range(miss):
            w *= bid_weight
    return w


@njit(cache=True, nogil=True)
def evaluate_cards(seed, worlds, me, players, hand_size, trump, must_trump, scoring, my_hand, unseen, counts, voids,
                   played_by, bids, tricks, leader, trick_cards, n_trick, played, dealer, hook, bid_weight,
                   candidates, score_sum, made_sum, noise, trump_card=-1):
    """Try each card of ``candidates`` in ``worlds`` sampled deals; returns the total weight.

    Adds, per candidate, the weighted score of ``me`` (``scoring`` code) to ``score_sum`` and the
    weighted count of deals where ``me`` makes its bid exactly to ``made_sum``.  ``trump_card`` is
    the turned-up card (-1: none).
    """
    state = U64(seed)
    k = candidates.shape[0]
    hands = np.zeros(players, np.uint64)
    work = np.zeros(players, np.uint64)
    t2 = np.zeros(players, np.int64)
    cards = np.zeros(players, np.int64)
    pool = np.zeros(64, np.int64)
    room = np.zeros(players + 1, np.int64)
    total = 0.0
    for _ in range(worlds):
        state, ok = sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room)
        w = bid_likelihood(hands, played_by, me, players, hand_size, trump, bids, dealer, hook, bid_weight, trump_card)
        total += w
        for i in range(k):
            c = candidates[i]
            for s in range(players):
                work[s] = hands[s]
                t2[s] = tricks[s]
            for j in range(n_trick):
                cards[j] = trick_cards[j]
            cards[n_trick] = c
            work[me] ^= U64(1) << U64(c)
            state = play_out(work, players, hand_size, trump, must_trump, bids, t2, leader, cards, n_trick + 1,
                             played | (U64(1) << U64(c)), state, me, noise, trump_card, scoring)
            score_sum[i] += w * round_score(bids[me], t2[me], scoring)
            if t2[me] == bids[me]:
                made_sum[i] += w
    return total


@njit(cache=True, nogil=True)
def evaluate_bids(seed, worlds, me, players, hand_size, trump, must_trump, scoring, my_hand, unseen, counts, voids,
                  bids, dealer, hook, highest_bidder_leads, bid_weight, candidates, score_sum, made_sum, noise,
                  bid_up=False, trump_card=-1):
    """Try each bid of ``candidates`` in ``worlds`` sampled deals; returns the total weight.

    The seats that bid after ``me`` bid like the heuristic player (the dealer obeys the hook when
    ``hook``); then the round is played out from the first lead.  ``trump_card`` is the turned-up
    card (-1: none).
    """
    state = U64(seed)
    k = candidates.shape[0]
    hands = np.zeros(players, np.uint64)
    work = np.zeros(players, np.uint64)
    b2 = np.zeros(players, np.int64)
    t2 = np.zeros(players, np.int64)
    empty = np.zeros(players, np.int64)
    nothing = np.zeros(players, np.uint64)
    pool = np.zeros(64, np.int64)
    room = np.zeros(players + 1, np.int64)
    total = 0.0
    for _ in range(worlds):
        state, ok = sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room)
        w = bid_likelihood(hands, nothing, me, players, hand_size, trump, bids, dealer, hook, bid_weight, trump_card)
        total += w
        for i in range(k):
            for s in range(players):
                b2[s] = bids[s]
                work[s] = hands[s]
                t2[s] = 0
            b2[me] = candidates[i]
            fill_later_bids(b2, hands, players, dealer, hand_size, trump, hook, bid_up, trump_card)
            leader = first_leader(b2, dealer, highest_bidder_leads)
            state = play_out(work, players, hand_size, trump, must_trump, b2, t2, leader, empty, 0, U64(0), state, me,
                             noise, trump_card, scoring)
            score_sum[i] += w * round_score(b2[me], t2[me], scoring)
            if t2[me] == b2[me]:
                made_sum[i] += w
    return total


@njit(cache=True, nogil=True)
def random_trick_counts(seed, worlds, me, players, hand_size, trump, must_trump, my_hand, unseen, counts, voids,
                        bids, dealer, hook, highest_bidder_leads, candidates, hist, bid_up=False, trump_card=-1):
    """Count ``me``'s tricks under uniformly random card play, before the first lead; returns the stream's state.

    In each of ``worlds`` sampled deals every seat (``me`` too) plays a uniformly random legal card
    at every step, and ``hist[i, t]`` gains 1 when ``me`` took ``t`` tricks with the bid
    ``candidates[i]``.  When the first leader does not depend on the bids (``highest_bidder_leads``
    false) one play-out per deal serves every candidate (random play does not look at the bids);
    otherwise each candidate gets its own play-out, the seats after ``me`` bidding like the
    heuristic player (:func:`later_bid`) to find the leader.  ``hist`` has ``hand_size + 1``
    columns.  This is the model of OpenSpiel's ISMCTS with random roll-outs, whose tree below a
    bid holds nothing but one random play-out per simulation.
    """
    state = U64(seed)
    k = candidates.shape[0]
    hands = np.zeros(players, np.uint64)
    work = np.zeros(players, np.uint64)
    b2 = np.zeros(players, np.int64)
    t2 = np.zeros(players, np.int64)
    pool = np.zeros(64, np.int64)
    room = np.zeros(players + 1, np.int64)
    first = dealer + 1 if dealer + 1 < players else 0
    plays = k if highest_bidder_leads else 1
    for _ in range(worlds):
        state, ok = sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room)
        for i in range(plays):
            leader = first
            if highest_bidder_leads:
                for s in range(players):
                    b2[s] = bids[s]
                b2[me] = candidates[i]
                fill_later_bids(b2, hands, players, dealer, hand_size, trump, hook, bid_up, trump_card)
                leader = first_leader(b2, dealer, highest_bidder_leads)
            for s in range(players):
                work[s] = hands[s]
                t2[s] = 0
            state, _ = random_tricks(state, work, players, leader, hand_size, trump, must_trump, t2)
            if highest_bidder_leads:
                hist[i, t2[me]] += 1
            else:
                for j in range(k):
                    hist[j, t2[me]] += 1
    return state
