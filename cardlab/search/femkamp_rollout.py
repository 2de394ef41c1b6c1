"""Compiled search for Femkamp: play a trick round or the kabal round out from any mid-round state.

These kernels are the engine room of :class:`cardlab.bots.femkamp_search.FemkampSearchBot`.  They
reuse the heuristic player of :mod:`cardlab.kernels.femkamp_heuristic` (the compiled twin of
:class:`~cardlab.bots.femkamp.FemkampBot`), the game kernel's steps (a card added to a trick, the
heuristic's card in a trick round, the cards that fit the kabal rows, a card placed on them:
:mod:`cardlab.kernels.femkamp_kernel`), the rule cores of :mod:`cardlab.kernels.cores` (following
suit, the trick winner, the round scores) and the deal sampler of :mod:`cardlab.search.plump_rollout`
(hidden cards dealt so that every seat gets as many as it holds and none of a suit it has shown
void in), and add:

* :func:`play_out_tricks` — play a trick round (pass, clubs, queens, grand) to its end from an
  arbitrary state (hands as ``uint64`` masks, the trick on the table, what was taken so far), every
  seat following the heuristic player exactly as :func:`cardlab.kernels.femkamp_kernel.play_games` does;
* :func:`play_out_kabal` — the same for the kabal round (rows as ace-low ``lows``/``highs``);
* :func:`evaluate_trick_cards` and :func:`evaluate_kabal_cards` — for each candidate card, the sum
  of the searching seat's round points over many sampled deals (the same deals for every candidate:
  common random numbers), played out by the functions above.  Lower is better, as in Femkamp.

Round codes are those of :data:`cardlab.rules.femkamp_core.ROUND_CODES` (0 pass, 1 clubs, 2 queens,
3 grand); card codes are ``card.index``.

>>> import numpy as np
>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> hands = np.array([mask("AS 2H"), mask("KS 3H"), mask("QS 4H")], np.uint64)
>>> taken = np.zeros((3, 3), np.int64)           # tricks, clubs, queens per seat
>>> play_out_tricks(hands, 3, 2, 0, np.zeros(3, np.int64), 0, np.uint64(0), np.zeros(3, np.int64), taken)
>>> taken[:, 0].tolist(), taken[:, 2].tolist()   # seat 0 leads 2♥ low, then must win the spades
([1, 0, 1], [1, 0, 0])
"""

from __future__ import annotations

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import SUIT_OF, popcount
from ..kernels.cores import beats, kabal_score, trick_round_score, voids_shown
from ..kernels.femkamp_kernel import TAKEN_CLUBS as CLUBS, TAKEN_QUEENS as QUEENS, TAKEN_TRICKS as TRICKS  # the columns of taken
from ..kernels.femkamp_heuristic import kabal_card
from ..kernels.femkamp_kernel import kabal_fitting_cards, place_kabal_card, play_tricks
from .plump_rollout import sample_world
from ..kernels.rng import U64



@njit(cache=True)
def play_out_tricks(hands, players, code, leader, trick_cards, n_trick, played, voids, taken):
    """Play a trick round to its end, every seat following the heuristic player; adds to ``taken``.

    The trick on the table was led by ``leader`` and holds ``trick_cards[:n_trick]`` (a full trick is
    scored first); ``played`` holds every card played this round (those on the table too), ``voids``
    the 4-bit masks of the suits each seat has shown void in.  ``hands``, ``voids`` and ``taken``
    (seat × (tricks, clubs, queens)) are changed in place.  The choices are those of
    :func:`cardlab.kernels.femkamp_kernel.play_games` with the heuristic policy.
    """
    led = -1
    best_card = -1
    best_seat = -1
    trick = U64(0)
    if n_trick > 0:
        led = SUIT_OF[trick_cards[0]]
        best_card = trick_cards[0]
        best_seat = leader
        for j in range(n_trick):
            trick |= U64(1) << U64(trick_cards[j])
            if j > 0 and beats(trick_cards[j], best_card, -1):
                best_card = trick_cards[j]
                best_seat = (leader + j) % players
    play_tricks(U64(0), hands, players, code, leader, n_trick, trick, played, led, best_card, best_seat, voids, taken, True)


@njit(cache=True)
def play_out_kabal(hands, players, turn, lows, highs, prikks):
    """Play the kabal round to its end from seat ``turn``'s turn, every seat following the heuristic
    player; returns the seat that went out.

    A fast path of the kernel's loop (:func:`cardlab.kernels.femkamp_kernel.play_kabal`) for heuristic
    players only: the same cores (the layout's fitting cards and placement, the heuristic's card),
    without the random player's test and stream in the loop, which made the search bot's kabal
    decisions a fifth slower.  ``tests/test_femkamp_search.py`` proves the two equal on random
    positions.  ``hands``, ``lows``, ``highs`` and ``prikks`` are changed in place.  Every hand must
    hold a card.
    """
    while True:
        legal = hands[turn] & kabal_fitting_cards(lows, highs)
        if legal == U64(0):
            prikks[turn] += 1
        else:
            card = kabal_card(hands[turn], legal, lows, highs)
            hands[turn] ^= U64(1) << U64(card)
            place_kabal_card(card, lows, highs)
            if hands[turn] == U64(0):
                return turn
        turn = turn + 1 if turn + 1 < players else 0


@njit(cache=True, nogil=True)
def evaluate_trick_cards(seed, worlds, me, players, code, queen_points, clubs_all_zero, my_hand, unseen, counts,
                         voids, taken, leader, trick_cards, n_trick, played, candidates, score_sum, square_sum):
    """Try each card of ``candidates`` in ``worlds`` sampled deals of a trick round; returns the
    number of deals that respected every void shown.

    Adds, per candidate, ``me``'s round points (:func:`cardlab.rules.femkamp_core.trick_round_score`)
    to ``score_sum`` and their squares to ``square_sum``.
    """
    state = U64(seed)
    k = candidates.shape[0]
    hands = np.zeros(players, np.uint64)
    work = np.zeros(players, np.uint64)
    v2 = np.zeros(players, np.int64)
    t2 = np.zeros((players, 3), np.int64)
    cards = np.zeros(players, np.int64)
    pool = np.zeros(64, np.int64)
    room = np.zeros(players + 1, np.int64)
    good = 0
    for _ in range(worlds):
        state, ok = sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room)
        if ok:
            good += 1
        for i in range(k):
            c = candidates[i]
            for s in range(players):
                work[s] = hands[s]
                v2[s] = voids[s]
                for col in range(3):
                    t2[s, col] = taken[s, col]
            for j in range(n_trick):
                cards[j] = trick_cards[j]
            cards[n_trick] = c
            work[me] ^= U64(1) << U64(c)
            if n_trick > 0:
                v2[me] |= voids_shown(SUIT_OF[trick_cards[0]], SUIT_OF[c], -1, False)
            play_out_tricks(work, players, code, leader, cards, n_trick + 1, played | (U64(1) << U64(c)), v2, t2)
            points = trick_round_score(code, t2[me, TRICKS], t2[me, CLUBS], t2[me, QUEENS], queen_points,
                                       clubs_all_zero)
            score_sum[i] += points
            square_sum[i] += points * points
    return good


@njit(cache=True, nogil=True)
def evaluate_kabal_cards(seed, worlds, me, players, my_hand, unseen, counts, lows, highs, prikks, candidates,
                         score_sum, square_sum):
    """Try each card of ``candidates`` in ``worlds`` sampled deals of the kabal round; returns ``worlds``.

    Adds, per candidate, ``me``'s kabal points (:func:`cardlab.rules.femkamp_core.kabal_score`: prikks
    plus cards left, or only prikks for the seat that goes out) to ``score_sum``, squares to ``square_sum``.
    """
    state = U64(seed)
    k = candidates.shape[0]
    hands = np.zeros(players, np.uint64)
    work = np.zeros(players, np.uint64)
    lo = np.zeros(4, np.int64)
    hi = np.zeros(4, np.int64)
    p2 = np.zeros(players, np.int64)
    no_voids = np.zeros(players, np.int64)
    pool = np.zeros(64, np.int64)
    room = np.zeros(players + 1, np.int64)
    nxt = me + 1 if me + 1 < players else 0
    for _ in range(worlds):
        state, ok = sample_world(state, me, players, my_hand, unseen, counts, no_voids, hands, pool, room)
        for i in range(k):
            c = candidates[i]
            for s in range(players):
                work[s] = hands[s]
                p2[s] = prikks[s]
            for s in range(4):
                lo[s] = lows[s]
                hi[s] = highs[s]
            work[me] ^= U64(1) << U64(c)
            place_kabal_card(c, lo, hi)
            out = me if work[me] == U64(0) else play_out_kabal(work, players, nxt, lo, hi, p2)
            points = kabal_score(p2[me], popcount(work[me]), out == me)
            score_sum[i] += points
            square_sum[i] += points * points
    return worlds
