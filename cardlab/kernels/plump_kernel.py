"""Compiled Plump rounds: bitmask hands, no Python objects in the loop.

A hand is a ``uint64`` with bit ``card.index`` set for each card it holds
(``index = suit × 13 + rank − 2``, so bits 0–12 are clubs 2…A).  A round is
dealt exactly like :meth:`cardlab.games.plump.PlumpRound.deal` from the
shared stream of :mod:`cardlab.kernels.rng`: one card at a time from the left of
the dealer (a blind hand after the dealer when two play), then the next card
is turned for trump.

Policies per seat (codes in :data:`POLICY_CODES`):

* ``random`` – bids and cards uniform among the legal ones, drawn from the
  round's stream (the same draws :class:`cardlab.kernels.rng.StreamBot` makes);
* ``simple`` – the deterministic :class:`cardlab.bots.simple.SimpleBot`;
* ``heuristic`` – the deterministic :class:`cardlab.bots.plump.PlumpBot`
  (see :mod:`cardlab.kernels.plump_heuristic`).
"""

from __future__ import annotations

import numpy as np

from ._numba import njit
from .bits import nth_bit, popcount
from ..rules import plump_core
from ..rules.plump import FIRST_LEADS, TRUMP_MODES
from .cores import (add_to_trick, beats, dodge_hook, empty_trick, finish_trick, first_leader, forbidden_bid,
                    legal_follow, next_seat, round_score, simple_bid, simple_card)
from .kernel_rules import EVERY
from .plump_heuristic import heuristic_bid, heuristic_card
from .plump_playout import (AHEAD, PlumpDeal, deal_hands, random_bids, random_start_ahead, random_tricks,
                            random_tricks_pair_ahead)
from .rng import U64, below

POLICY_CODES = {"random": 0, "simple": 1, "heuristic": 2}

#: The rule options this kernel models, and the values it accepts (see :mod:`cardlab.kernels.kernel_rules`).
#: It plays single rounds, so the options of a whole game (schedule, tie) and of the sheet (ink_blots)
#: change nothing here; a round is played as a game's last one (``hook_last_round`` off lifts the hook).
RULE_OPTIONS = {
    "players": tuple(range(2, 8)), "decks": (1,), "max_cards": EVERY, "schedule": EVERY, "trump": TRUMP_MODES,
    "trump_order": EVERY, "trump_suit": EVERY, "hook": (True, False), "hook_last_round": (True, False),
    "first_lead": FIRST_LEADS, "must_trump": (False, True), "scoring": tuple(plump_core.SCORING_CODES),
    "tie": EVERY, "first_dealer": EVERY, "ink_blots": EVERY,
}

#: shuffle and deal one round: :func:`cardlab.kernels.plump_playout.deal_hands` under its old name
deal_round = deal_hands


@njit(cache=True)
def play_round(seed, players, hand_size, dealer, trump_code, hook, highest_bidder_leads, must_trump,
               policies, bids, tricks, hands, order):
    """Deal and play one round; fills ``bids`` and ``tricks``; returns (trump, trump_card)."""
    state = U64(seed)
    state, trump, trump_card = deal_round(state, players, hand_size, dealer, trump_code, hands, order)
    # --- bidding, from the left of the dealer; the dealer last
    total = 0
    first = dealer + 1 if dealer + 1 < players else 0
    seat = first
    for k in range(players):
        if k > 0:
            seat = seat + 1 if seat + 1 < players else 0
        forbidden = forbidden_bid(seat, dealer, hand_size, total, hook)
        pol = policies[seat]
        if pol == 0:
            count = hand_size + 1 - (1 if forbidden >= 0 else 0)
            state, pick = below(state, count)
            bid = pick if (forbidden < 0 or pick < forbidden) else pick + 1
        elif pol == 1:
            bid = dodge_hook(simple_bid(hands[seat], hand_size, trump), forbidden)
        else:
            bid = heuristic_bid(hands[seat], hand_size, trump, players, forbidden, k, trump_card)
        bids[seat] = bid
        total += bid
    leader = first_leader(bids, dealer, highest_bidder_leads)
    play_tricks(state, PlumpDeal(players, hand_size, trump, must_trump, trump_card), leader, policies, bids, tricks,
                hands)
    return trump, trump_card


@njit(cache=True, inline="always")
def play_tricks(state, deal, leader, policies, bids, tricks, hands, count_sure=True):
    """Play every trick of a dealt and bid round (a :class:`~cardlab.kernels.plump_playout.PlumpDeal`), each seat
    by its policy (0 random, 1 lowest card, 2 heuristic); sets ``tricks`` (seats), empties ``hands``,
    returns the random state.  ``count_sure``: passed on to the heuristic's card
    (:func:`~cardlab.kernels.plump_heuristic.heuristic_card`).

    Only random seats draw from ``state``, so a round without them needs no state (pass ``U64(0)``).
    The trick is stepped by the cores of :mod:`cardlab.rules.trick_core`.
    """
    players = deal.players
    for s in range(players):
        tricks[s] = 0
    played = U64(0)
    for t in range(deal.hand_size):
        trick = empty_trick()
        seat = leader
        for j in range(players):
            if j > 0:
                seat = next_seat(seat, players)
            legal = legal_follow(hands[seat], trick.led, deal.trump, deal.must_trump)
            pol = policies[seat]
            if pol == 0:
                state, pick = below(state, popcount(legal))
                card = nth_bit(legal, pick)
            elif pol == 1:
                card = simple_card(legal)
            else:
                card = heuristic_card(hands[seat], legal, trick.best_card, deal.trump, players, deal.hand_size - t, j,
                                      bids[seat] - tricks[seat], played, deal.trump_card, count_sure)
            hands[seat] ^= U64(1) << U64(card)
            played |= U64(1) << U64(card)
            trick = add_to_trick(trick, seat, card, deal.trump)
        leader = finish_trick(trick, tricks)
    return state


@njit(cache=True, inline="always")
def _random_start(seed, players, hand_size, dealer, trump_code, hook, highest_bidder_leads, bids, tricks, hands,
                  order):
    """Deal and bid a random round: (state, trump, trump card, first leader); ``tricks`` set to 0."""
    state, trump, trump_card = deal_hands(U64(seed), players, hand_size, dealer, trump_code, hands, order)
    state = random_bids(state, players, hand_size, dealer, hook, bids)
    leader = first_leader(bids, dealer, highest_bidder_leads)
    for s in range(players):
        tricks[s] = 0
    return state, trump, trump_card, leader


@njit(cache=True, inline="always")
def play_round_random(seed, players, hand_size, dealer, trump_code, hook, highest_bidder_leads, must_trump,
                      bids, tricks, hands, order):
    """:func:`play_round` when every seat plays at random: the same draws, from the building blocks of
    :mod:`cardlab.kernels.plump_playout` (compiled into :func:`play_rounds`' loop)."""
    state, trump, trump_card, leader = _random_start(seed, players, hand_size, dealer, trump_code, hook,
                                                     highest_bidder_leads, bids, tricks, hands, order)
    random_tricks(state, hands, players, leader, hand_size, trump, must_trump, tricks)
    return trump, trump_card


@njit(cache=True, inline="always")
def _store(i, bids, tricks, trump, trump_card, bids_out, tricks_out, trump_out, trump_card_out):
    for s in range(bids.shape[0]):
        bids_out[i, s] = bids[s]
        tricks_out[i, s] = tricks[s]
    trump_out[i] = trump
    trump_card_out[i] = trump_card


@njit(cache=True)
def play_rounds_random(seeds, players, hand_size, dealers, trump_codes, hook, highest_bidder_leads, must_trump,
                       bids_out, tricks_out, trump_out, trump_card_out):
    """:func:`play_rounds` when every seat plays at random: two rounds at a time, played in step, each
    exactly as it is played alone.

    Each round's stream is drawn ahead (:func:`cardlab.kernels.plump_playout.random_start_ahead`), and
    the two rounds' tricks are played card by card side by side
    (:func:`cardlab.kernels.plump_playout.random_tricks_pair_ahead`): two independent chains of work for
    the processor.  A round whose draws are in doubt (about one in a million) is played again by
    :func:`play_round_random`, draw by draw.
    """
    hands = np.zeros((2, players), np.uint64)   # row 0: round a, row 1: round b
    bids = np.zeros((2, players), np.int64)
    tricks = np.zeros((2, players), np.int64)
    ahead = np.empty((2, AHEAD), np.uint32)
    order = np.empty(52, np.int8)
    picks = np.zeros(52, np.int8)
    n = seeds.shape[0]
    for i in range(0, n - 1, 2):
        trump_a, card_a, leader_a, used_a, doubt_a = random_start_ahead(
            seeds[i], players, hand_size, dealers[i], trump_codes[i], hook, highest_bidder_leads, bids[0], tricks[0],
            hands[0], order, ahead[0], picks)
        trump_b, card_b, leader_b, used_b, doubt_b = random_start_ahead(
            seeds[i + 1], players, hand_size, dealers[i + 1], trump_codes[i + 1], hook, highest_bidder_leads, bids[1],
            tricks[1], hands[1], order, ahead[1], picks)
        more_a, more_b = random_tricks_pair_ahead(ahead, hands, tricks, (used_a, used_b), (leader_a, leader_b),
                                                  (trump_a, trump_b), players, hand_size, must_trump)
        if doubt_a + more_a:
            trump_a, card_a = play_round_random(seeds[i], players, hand_size, dealers[i], trump_codes[i], hook,
                                                highest_bidder_leads, must_trump, bids[0], tricks[0], hands[0], order)
        if doubt_b + more_b:
            trump_b, card_b = play_round_random(seeds[i + 1], players, hand_size, dealers[i + 1], trump_codes[i + 1],
                                                hook, highest_bidder_leads, must_trump, bids[1], tricks[1], hands[1],
                                                order)
        _store(i, bids[0], tricks[0], trump_a, card_a, bids_out, tricks_out, trump_out, trump_card_out)
        _store(i + 1, bids[1], tricks[1], trump_b, card_b, bids_out, tricks_out, trump_out, trump_card_out)
    if n % 2 == 1:
        trump, card = play_round_random(seeds[n - 1], players, hand_size, dealers[n - 1], trump_codes[n - 1], hook,
                                        highest_bidder_leads, must_trump, bids[0], tricks[0], hands[0], order)
        _store(n - 1, bids[0], tricks[0], trump, card, bids_out, tricks_out, trump_out, trump_card_out)


@njit(cache=True, nogil=True)
def play_rounds(seeds, players, hand_size, dealers, trump_codes, hook, highest_bidder_leads, must_trump,
                policies, bids_out, tricks_out, trump_out, trump_card_out):
    """Play ``len(seeds)`` rounds; row ``i`` of the outputs is round ``i`` (columns: seats)."""
    all_random = True
    for s in range(players):
        if policies[s] != 0:
            all_random = False
    if all_random:
        play_rounds_random(seeds, players, hand_size, dealers, trump_codes, hook, highest_bidder_leads, must_trump,
                           bids_out, tricks_out, trump_out, trump_card_out)
        return
    hands = np.zeros(players, np.uint64)
    order = np.empty(52, np.int8)
    bids = np.zeros(players, np.int64)
    tricks = np.zeros(players, np.int64)
    for i in range(seeds.shape[0]):
        if all_random:
            trump, card = play_round_random(seeds[i], players, hand_size, dealers[i], trump_codes[i], hook,
                                            highest_bidder_leads, must_trump, bids, tricks, hands, order)
        else:
            trump, card = play_round(seeds[i], players, hand_size, dealers[i], trump_codes[i], hook,
                                     highest_bidder_leads, must_trump, policies, bids, tricks, hands, order)
        for s in range(players):
            bids_out[i, s] = bids[s]
            tricks_out[i, s] = tricks[s]
        trump_out[i] = trump
        trump_card_out[i] = card


#: the scoring codes of :func:`cardlab.rules.plump_core.round_score`
SCORING_CODES = plump_core.SCORING_CODES
#: the old name of :func:`cardlab.rules.plump_core.round_score` (the same function)
score_one = round_score


@njit(cache=True, nogil=True)
def count_rounds(bids, tricks, dealers, scoring, zero, bid0, bid0_zero, made, score_sum, score_sq, bid_hist, trick_hist):
    """Add a batch (round × seat) to the per-seat counts, seats counted from the dealer's left."""
    n, p = bids.shape
    for i in range(n):
        pos = 0
        seat = dealers[i] + 1 if dealers[i] + 1 < p else 0
        for _ in range(p):
            b = bids[i, seat]
            t = tricks[i, seat]
            s = round_score(b, t, scoring)
            if t == 0:
                zero[pos] += 1
            if b == 0:
                bid0[pos] += 1
                if t == 0:
                    bid0_zero[pos] += 1
            if b == t:
                made[pos] += 1
            score_sum[pos] += s
            score_sq[pos] += s * s
            bid_hist[pos, b] += 1
            trick_hist[pos, t] += 1
            pos += 1
            seat = seat + 1 if seat + 1 < p else 0


@njit(cache=True, nogil=True)
def score_rounds(bids, tricks, scoring, out):
    """``out[i]`` = :func:`cardlab.rules.plump_core.round_score` of ``bids[i]``, ``tricks[i]`` (1-D arrays)."""
    for i in range(bids.shape[0]):
        out[i] = round_score(bids[i], tricks[i], scoring)
