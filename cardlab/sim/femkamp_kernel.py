"""Compiled Femkamp games under random play (every choice uniform among the legal ones).

Hands are ``uint64`` bitmasks as in :mod:`cardlab.sim.plump_kernel`.  Each game
draws from its own SplitMix64 stream (:mod:`cardlab.sim.rng`) seeded by the
game's stored seed.  The deals and choices follow the same rules as
:class:`cardlab.games.femkamp.FemkampGame` but are not the same draws as a
replay, so the kernel agrees with the reference engine in distribution
(tested statistically), not game by game.

Round codes: 0 pass, 1 clubs, 2 queens, 3 grand, 4 kabal.
"""

from __future__ import annotations

import numpy as np

from ..rules import femkamp_core
from ._numba import njit
from .bits import SUIT_OF, nth_bit, popcount, suit_mask
from ..rules.femkamp import KABAL_STARTERS
from .cores import beats, femkamp_winners_mask, kabal_score, legal_follow, trick_round_score
from .kernel_rules import EVERY
from .femkamp_heuristic import avoid_card, grand_card, kabal_card
from .rng import U64, below, shuffle_into

ROUND_CODES = femkamp_core.ROUND_CODES

#: The rule options this kernel models, and the values it accepts (see :mod:`cardlab.sim.kernel_rules`):
#: all of them.  The round order and the dealers are passed in as arrays, queen_points as a number.
RULE_OPTIONS = {
    "players": (3, 4, 5), "round_order": EVERY, "queen_points": EVERY, "clubs_all_zero": (False, True),
    "kabal_starter": KABAL_STARTERS, "rotate_dealer": (True, False), "tie": tuple(femkamp_core.TIE_CODES),
    "first_dealer": EVERY,
}

# bit masks: the 2♥ (index 26) and 2♦ (index 13) leave the deck for 3 and 5 players
_TWO_H = 26
_TWO_D = 13


@njit(cache=True)
def _trick_round(state, players, dealer, code, removed, hands, order, deck, tricks, clubs, queens, heuristic):
    n = 0
    for c in range(52):
        if (removed >> U64(c)) & U64(1) == U64(0):
            deck[n] = c
            n += 1
    sub = order[:n]
    state = shuffle_into(state, sub, n - 1)
    for s in range(players):
        hands[s] = U64(0)
        tricks[s] = 0
        clubs[s] = 0
        queens[s] = 0
    seat = dealer + 1 if dealer + 1 < players else 0
    for i in range(n - n % players):
        hands[seat] |= U64(1) << U64(deck[sub[i]])
        seat = seat + 1 if seat + 1 < players else 0
    size = n // players
    leader = dealer + 1 if dealer + 1 < players else 0
    played = U64(0)
    voids = np.zeros(players, np.int64)
    for t in range(size):
        led = -1
        best_card = -1
        best_seat = -1
        trick = U64(0)
        seat = leader
        for j in range(players):
            if j > 0:
                seat = seat + 1 if seat + 1 < players else 0
            legal = legal_follow(hands[seat], led, -1, False)
            if heuristic:
                if code == 3:
                    card = grand_card(hands[seat], legal, best_card, j, players, played)
                else:
                    others = 0
                    for o in range(players):
                        if o != seat:
                            others |= voids[o]
                    card = avoid_card(code, hands[seat], legal, best_card, j, players, played, others)
            else:
                state, pick = below(state, popcount(legal))
                card = nth_bit(legal, pick)
            hands[seat] ^= U64(1) << U64(card)
            trick |= U64(1) << U64(card)
            played |= U64(1) << U64(card)
            if j > 0 and SUIT_OF[card] != led:
                voids[seat] |= 1 << led
            if j == 0:
                led = SUIT_OF[card]
                best_card = card
                best_seat = seat
            elif beats(card, best_card, -1):
                best_card = card
                best_seat = seat
        tricks[best_seat] += 1
        clubs[best_seat] += popcount(trick & suit_mask(0))
        for s in range(4):
            if (trick >> U64(13 * s + 10)) & U64(1) != U64(0):
                queens[best_seat] += 1
        leader = best_seat
    return state


@njit(cache=True, inline="always")
def _card_at(suit, pos):
    """Card index of ace-low position ``pos`` (A=1 … K=13) in ``suit``."""
    return 13 * suit + (12 if pos == 1 else pos - 2)


@njit(cache=True)
def _kabal_round(state, players, dealer, seven_of_hearts, hands, order, prikks, cards_left, heuristic):
    state = shuffle_into(state, order, 51)
    for s in range(players):
        hands[s] = U64(0)
        prikks[s] = 0
    seat = dealer + 1 if dealer + 1 < players else 0
    for i in range(52):
        hands[seat] |= U64(1) << U64(order[i])
        seat = seat + 1 if seat + 1 < players else 0
    lows = np.zeros(4, np.int64)
    highs = np.zeros(4, np.int64)
    turn = dealer + 1 if dealer + 1 < players else 0
    first_forced = -1
    if seven_of_hearts:
        seven = _card_at(2, 7)
        for s in range(players):
            if (hands[s] >> U64(seven)) & U64(1) != U64(0):
                turn = s
                first_forced = seven
    out = -1
    while out < 0:
        # the cards that fit now
        fits = U64(0)
        for s in range(4):
            if lows[s] == 0:
                fits |= U64(1) << U64(_card_at(s, 7))
            else:
                if lows[s] > 1:
                    fits |= U64(1) << U64(_card_at(s, lows[s] - 1))
                if highs[s] < 13:
                    fits |= U64(1) << U64(_card_at(s, highs[s] + 1))
        legal = hands[turn] & fits
        if first_forced >= 0:
            legal = U64(1) << U64(first_forced)
            first_forced = -1
        if legal == U64(0):
            prikks[turn] += 1
        else:
            if heuristic:
                card = kabal_card(hands[turn], legal, lows, highs)
            else:
                state, pick = below(state, popcount(legal))
                card = nth_bit(legal, pick)
            hands[turn] ^= U64(1) << U64(card)
            s = SUIT_OF[card]
            r = card - 13 * s
            pos = 1 if r == 12 else r + 2
            if lows[s] == 0:
                lows[s] = pos
                highs[s] = pos
            else:
                lows[s] = min(lows[s], pos)
                highs[s] = max(highs[s], pos)
            if hands[turn] == U64(0):
                out = turn
        turn = turn + 1 if turn + 1 < players else 0
    for s in range(players):
        cards_left[s] = popcount(hands[s])
    return state, out


@njit(cache=True, nogil=True)
def play_games(seeds, players, codes, dealers, queen_points, clubs_all_zero, seven_of_hearts, heuristic,
               scores, tricks_out, clubs_out, queens_out, prikks_out, left_out):
    """Play ``len(seeds)`` games; outputs have shape (game, round, seat)."""
    removed = U64(0)
    if players == 3 or players == 5:
        removed |= U64(1) << U64(_TWO_H)
    if players == 5:
        removed |= U64(1) << U64(_TWO_D)
    hands = np.zeros(players, np.uint64)
    order = np.empty(52, np.int64)
    deck = np.empty(52, np.int64)
    tricks = np.zeros(players, np.int64)
    clubs = np.zeros(players, np.int64)
    queens = np.zeros(players, np.int64)
    prikks = np.zeros(players, np.int64)
    left = np.zeros(players, np.int64)
    for g in range(seeds.shape[0]):
        state = U64(seeds[g])
        for r in range(codes.shape[0]):
            code = codes[r]
            if code == 4:
                state, out = _kabal_round(state, players, dealers[r], seven_of_hearts, hands, order, prikks, left,
                                          heuristic)
                for s in range(players):
                    scores[g, r, s] = kabal_score(prikks[s], left[s], s == out)
                    prikks_out[g, r, s] = prikks[s]
                    left_out[g, r, s] = left[s]
                    tricks_out[g, r, s] = 0
                    clubs_out[g, r, s] = 0
                    queens_out[g, r, s] = 0
            else:
                state = _trick_round(state, players, dealers[r], code, removed, hands, order, deck, tricks, clubs, queens,
                                     heuristic)
                for s in range(players):
                    scores[g, r, s] = trick_round_score(code, tricks[s], clubs[s], queens[s], queen_points,
                                                        clubs_all_zero)
                    tricks_out[g, r, s] = tricks[s]
                    clubs_out[g, r, s] = clubs[s]
                    queens_out[g, r, s] = queens[s]
                    prikks_out[g, r, s] = 0
                    left_out[g, r, s] = 0


@njit(cache=True, nogil=True)
def game_winners(final, tie, won):
    """``won[g, s]``: seat ``s`` won game ``g`` (``final``: game × seat totals) under the tie code ``tie``
    (:func:`cardlab.rules.femkamp_core.winners_mask`; with a rematch due nobody has won yet)."""
    for g in range(final.shape[0]):
        mask = femkamp_winners_mask(final[g], tie)
        for s in range(final.shape[1]):
            won[g, s] = (mask >> s) & 1 == 1


@njit(cache=True)
def deal_games(seed, players, codes, dealers, hands_out):
    """The hands (round × seat bitmasks) a game with ``seed`` deals when no random choice is drawn in play.

    That is the case for the heuristic policy, so these deals replay a heuristic kernel game
    with the reference engine.
    """
    removed = U64(0)
    if players == 3 or players == 5:
        removed |= U64(1) << U64(_TWO_H)
    if players == 5:
        removed |= U64(1) << U64(_TWO_D)
    order = np.empty(52, np.int64)
    deck = np.empty(52, np.int64)
    hands = np.zeros(players, np.uint64)
    state = U64(seed)
    for r in range(codes.shape[0]):
        if codes[r] == 4:
            state = shuffle_into(state, order, 51)
            seat = dealers[r] + 1 if dealers[r] + 1 < players else 0
            for s in range(players):
                hands[s] = U64(0)
            for i in range(52):
                hands[seat] |= U64(1) << U64(order[i])
                seat = seat + 1 if seat + 1 < players else 0
        else:
            n = 0
            for c in range(52):
                if (removed >> U64(c)) & U64(1) == U64(0):
                    deck[n] = c
                    n += 1
            sub = order[:n]
            state = shuffle_into(state, sub, n - 1)
            for s in range(players):
                hands[s] = U64(0)
            seat = dealers[r] + 1 if dealers[r] + 1 < players else 0
            for i in range(n - n % players):
                hands[seat] |= U64(1) << U64(deck[sub[i]])
                seat = seat + 1 if seat + 1 < players else 0
        for s in range(players):
            hands_out[r, s] = hands[s]
