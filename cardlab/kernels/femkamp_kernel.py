"""Compiled Femkamp games under random play (every choice uniform among the legal ones).

Hands are ``uint64`` bitmasks as in :mod:`cardlab.kernels.plump_kernel`.  Each game
draws from its own SplitMix64 stream (:mod:`cardlab.kernels.rng`) seeded by the
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
from .cores import (Trick, add_to_trick, femkamp_winners_mask, kabal_ends, kabal_place, kabal_score, legal_follow,
                    trick_round_score, voids_shown)
from .kernel_rules import EVERY
from .femkamp_heuristic import KABAL_CARD, KABAL_POSITION, avoid_card, grand_card, kabal_card
from .rng import U64, below, shuffle_into

ROUND_CODES = femkamp_core.ROUND_CODES

#: The rule options this kernel models, and the values it accepts (see :mod:`cardlab.kernels.kernel_rules`):
#: all of them.  The round order and the dealers are passed in as arrays, queen_points as a number.
RULE_OPTIONS = {
    "players": (3, 4, 5), "round_order": EVERY, "queen_points": EVERY, "clubs_all_zero": (False, True),
    "kabal_starter": KABAL_STARTERS, "rotate_dealer": (True, False), "tie": tuple(femkamp_core.TIE_CODES),
    "first_dealer": EVERY,
}

# bit masks: the 2♥ (index 26) and 2♦ (index 13) leave the deck for 3 and 5 players
_TWO_H = 26
_TWO_D = 13
#: the four queens (♣Q ♦Q ♥Q ♠Q)
QUEENS = U64(sum(1 << (13 * s + 10) for s in range(4)))


@njit(cache=True, inline="always")
def deal_trick_round(state, players, dealer, removed, hands, order, deck):
    """Shuffle the deck without the ``removed`` cards and deal it from the dealer's left, the same number of
    cards to each seat (the rest stay out); returns (state, cards per hand)."""
    n = 0
    for c in range(52):
        if (removed >> U64(c)) & U64(1) == U64(0):
            deck[n] = c
            n += 1
    sub = order[:n]
    state = shuffle_into(state, sub, n - 1)
    for s in range(players):
        hands[s] = U64(0)
    seat = dealer + 1 if dealer + 1 < players else 0
    for i in range(n - n % players):
        hands[seat] |= U64(1) << U64(deck[sub[i]])
        seat = seat + 1 if seat + 1 < players else 0
    return state, n // players


@njit(cache=True, inline="always")
def deal_kabal_round(state, players, dealer, hands, order):
    """Shuffle the whole deck and deal every card from the dealer's left; returns the state."""
    state = shuffle_into(state, order, 51)
    for s in range(players):
        hands[s] = U64(0)
    seat = dealer + 1 if dealer + 1 < players else 0
    for i in range(52):
        hands[seat] |= U64(1) << U64(order[i])
        seat = seat + 1 if seat + 1 < players else 0
    return state


@njit(cache=True, inline="always")
def heuristic_trick_card(code, hands, seat, legal, best_card, position, players, played, voids):
    """``FemkampBot``'s card in a trick round (its compiled twin, :mod:`cardlab.kernels.femkamp_heuristic`):
    in the grand round it aims at the last trick, in the others it avoids what the round punishes
    (knowing the suits the other seats have shown void in)."""
    if code == 3:
        return grand_card(hands[seat], legal, best_card, position, players, played)
    others = 0
    for o in range(players):
        if o != seat:
            others |= voids[o]
    return avoid_card(code, hands[seat], legal, best_card, position, players, played, others)


@njit(cache=True, inline="always")
def play_to_trick(card, seat, position, hands, voids, trick, played, led, best_card, best_seat):
    """``seat`` plays ``card`` as the trick's card number ``position`` (0 leads): it leaves the hand, a
    card off the led suit shows a void (:func:`~cardlab.rules.trick_core.voids_shown`), and the trick
    is stepped by the trick core, :func:`~cardlab.rules.trick_core.add_to_trick`, with no trump (the
    highest card of the led suit wins).  Returns (trick, played, led suit, best card, best seat)."""
    bit = U64(1) << U64(card)
    hands[seat] ^= bit
    trick |= bit
    played |= bit
    if position > 0:
        voids[seat] |= voids_shown(led, SUIT_OF[card], -1, False)
    step = add_to_trick(Trick(position, led, best_card, best_seat), seat, card, -1)
    return trick, played, step.led, step.best_card, step.best_seat


@njit(cache=True, inline="always")
def clubs_and_queens(trick):
    """How many clubs and queens a trick holds (what the clubs and queens rounds count)."""
    return popcount(trick & suit_mask(0)), popcount(trick & QUEENS)


#: columns of a ``taken`` array: the tricks, clubs and queens each seat has taken this round
TAKEN_TRICKS, TAKEN_CLUBS, TAKEN_QUEENS = 0, 1, 2


@njit(cache=True)
def play_tricks(state, hands, players, code, leader, position, trick, played, led, best_card, best_seat, voids, taken,
                heuristic):
    """Play a trick round on to its end; returns the state.  The one trick loop of Femkamp: the kernel's
    rounds (random or heuristic players) and the search's play-outs
    (:func:`cardlab.search.femkamp_rollout.play_out_tricks`) both run it.

    The trick on the table was led by ``leader`` and holds ``position`` cards (``trick``, the suit
    ``led``, the ``best_card`` so far and its ``best_seat``; a full trick is scored first);
    ``played`` holds every card played this round, ``voids`` the 4-bit masks of the suits each seat
    has shown void in.  Each trick's winner gets a trick and its clubs and queens in ``taken``
    (seat × (:data:`TAKEN_TRICKS`, :data:`TAKEN_CLUBS`, :data:`TAKEN_QUEENS`)) and leads the next.  ``hands``,
    ``voids`` and ``taken`` are changed in place.
    """
    while True:
        if position == players:
            n_clubs, n_queens = clubs_and_queens(trick)
            taken[best_seat, TAKEN_TRICKS] += 1
            taken[best_seat, TAKEN_CLUBS] += n_clubs
            taken[best_seat, TAKEN_QUEENS] += n_queens
            leader = best_seat
            position = 0
            led = -1
            best_card = -1
            best_seat = -1
            trick = U64(0)
        if position == 0 and hands[leader] == U64(0):
            return state
        seat = leader + position
        if seat >= players:
            seat -= players
        legal = legal_follow(hands[seat], led, -1, False)
        if heuristic:
            card = heuristic_trick_card(code, hands, seat, legal, best_card, position, players, played, voids)
        else:
            state, pick = below(state, popcount(legal))
            card = nth_bit(legal, pick)
        trick, played, led, best_card, best_seat = play_to_trick(card, seat, position, hands, voids, trick, played, led,
                                                                best_card, best_seat)
        position += 1


@njit(cache=True)
def _trick_round(state, players, dealer, code, removed, hands, order, deck, tricks, clubs, queens, heuristic):
    state, size = deal_trick_round(state, players, dealer, removed, hands, order, deck)
    leader = dealer + 1 if dealer + 1 < players else 0
    voids = np.zeros(players, np.int64)
    taken = np.zeros((players, 3), np.int64)
    state = play_tricks(state, hands, players, code, leader, 0, U64(0), U64(0), -1, -1, -1, voids, taken, heuristic)
    for s in range(players):
        tricks[s] = taken[s, TAKEN_TRICKS]
        clubs[s] = taken[s, TAKEN_CLUBS]
        queens[s] = taken[s, TAKEN_QUEENS]
    return state


@njit(cache=True, inline="always")
def card_at(suit, pos):
    """Card index of ace-low position ``pos`` (A=1 … K=13) in ``suit``."""
    return KABAL_CARD[suit, pos]


@njit(cache=True, inline="always")
def kabal_fitting_cards(lows, highs):
    """The cards that fit the kabal rows now, as a mask (``lows``/``highs`` in ace-low positions, 0 = row
    not started): each row's ends by the rule's core, :func:`cardlab.rules.femkamp_core.kabal_ends`."""
    fits = U64(0)
    for s in range(4):
        below, above = kabal_ends(lows[s], highs[s])
        if below != 0:
            fits |= U64(1) << U64(card_at(s, below))
        if above != 0:
            fits |= U64(1) << U64(card_at(s, above))
    return fits


@njit(cache=True)
def place_kabal_card(card, lows, highs):
    """Put ``card`` on its row (``lows``/``highs`` in ace-low positions, 0 = row not started), by the core's
    :func:`cardlab.rules.femkamp_core.kabal_place`."""
    s = SUIT_OF[card]
    lows[s], highs[s] = kabal_place(lows[s], highs[s], KABAL_POSITION[card])


@njit(cache=True, inline="always")
def kabal_choice(state, hand, legal, lows, highs, heuristic):
    """The card a kabal player puts down among ``legal``: ``FemkampBot``'s twin, or one at random."""
    if heuristic:
        return state, kabal_card(hand, legal, lows, highs)
    state, pick = below(state, popcount(legal))
    return state, nth_bit(legal, pick)


@njit(cache=True)
def play_kabal(state, hands, players, turn, lows, highs, prikks, heuristic, forced):
    """Play the kabal round on from seat ``turn``'s turn to its end; returns (state, the seat that went out).

    The one kabal loop: the kernel's rounds (random or heuristic players) and the search's
    play-outs (:func:`cardlab.search.femkamp_rollout.play_out_kabal`) both run it.  ``forced``: a card
    the first player must put down (the seven of hearts under ``kabal_starter = "seven-of-hearts"``),
    or −1.  A player with no card that fits says prikk.  ``hands``, ``lows``, ``highs`` and
    ``prikks`` are changed in place; every hand must hold a card.
    """
    while True:
        legal = hands[turn] & kabal_fitting_cards(lows, highs)
        if forced >= 0:
            legal = U64(1) << U64(forced)
            forced = -1
        if legal == U64(0):
            prikks[turn] += 1
        else:
            state, card = kabal_choice(state, hands[turn], legal, lows, highs, heuristic)
            hands[turn] ^= U64(1) << U64(card)
            place_kabal_card(card, lows, highs)
            if hands[turn] == U64(0):
                return state, turn
        turn = turn + 1 if turn + 1 < players else 0


@njit(cache=True)
def _kabal_round(state, players, dealer, seven_of_hearts, hands, order, prikks, cards_left, heuristic):
    state = deal_kabal_round(state, players, dealer, hands, order)
    for s in range(players):
        prikks[s] = 0
    lows = np.zeros(4, np.int64)
    highs = np.zeros(4, np.int64)
    turn = dealer + 1 if dealer + 1 < players else 0
    first_forced = -1
    if seven_of_hearts:
        seven = card_at(2, 7)
        for s in range(players):
            if (hands[s] >> U64(seven)) & U64(1) != U64(0):
                turn = s
                first_forced = seven
    state, out = play_kabal(state, hands, players, turn, lows, highs, prikks, heuristic, first_forced)
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
            state = deal_kabal_round(state, players, dealers[r], hands, order)
        else:
            state, _ = deal_trick_round(state, players, dealers[r], removed, hands, order, deck)
        for s in range(players):
            hands_out[r, s] = hands[s]
