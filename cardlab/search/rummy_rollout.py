"""Compiled search for Rummy: play a round out from any mid-round state, and try moves in sampled deals.

These kernels are the engine room of :class:`cardlab.bots.rummy_search.RummySearchBot`.  They reuse
the heuristic player of :mod:`cardlab.kernels.rummy_kernel` (the compiled twin of
:class:`~cardlab.bots.rummy.RummyBot`: when to take the discard pile, what to meld, lay off and
discard), the meld tables of :mod:`cardlab.kernels.rummy_melds` and the rule cores of
:mod:`cardlab.kernels.cores` (when the stock is reshuffled, the penalty), and add:

* :func:`play_out` — play a round to its end from an arbitrary state, in the draw phase or in the
  middle of a turn, every seat following the heuristic player; the first decision can be forced (a
  draw, a meld, a lay-off or a discard), which is how a candidate move is tried;
* :func:`sample_world` — deal the cards a seat cannot see: the cards each seat is known to hold (it
  took them from the discard pile and has not put them down since) stay with it, the rest are dealt
  at random to the other hands and the stock (in random order);
* :func:`evaluate_moves` — for each candidate move, the sum of the searching seat's penalty points
  over many sampled deals (the same deals for every candidate: common random numbers).

A position travels as four records:

* :class:`~cardlab.kernels.rummy_kernel.RoundArrays` — the kernel's record of the round's arrays
  (hands as ``uint64`` masks, the stock and the discard pile, the melds on the table as masks plus
  rows, the pick-ups and who has melded), changed in place by a play-out.  It is built in Python
  (:meth:`RoundArrays.empty`) and handed in: the kernel's note on it says why no compiled function
  packs arrays into a record itself;
* :class:`~cardlab.kernels.rummy_kernel.TurnState` — the kernel's record of where the round stands
  (the stock's top and size, the pile's size, the melds on the table, the seat to move and how far
  into its turn it is, the reshuffles so far);
* :class:`~cardlab.kernels.rummy_kernel.TurnRules` — the kernel's record of the rules the turns
  follow (``no_same_discard``, the reshuffle limit, the horizon in turns); the ``rummy_bonus``
  option, which only scores the end, goes beside it;
* :class:`~cardlab.kernels.rummy_kernel.Move` — the kernel's record of a forced first move
  (:data:`NO_MOVE`: none); :func:`evaluate_moves` takes its candidates as one :class:`Move` whose
  fields are arrays, one entry per candidate.

A search adds :class:`Hidden`, what the searching seat knows of the cards it cannot see.

Move codes (``Move.kind``): :data:`STOCK` draw from the stock, :data:`PILE` draw from the discard
pile, :data:`MELD` meld (the cards' mask in ``mask``), :data:`LAY_OFF` lay off (card ``a`` onto table
meld ``b``), :data:`DISCARD` discard (card ``a``).

>>> from cardlab.cards import parse_cards
>>> cards = lambda text: [c.index for c in parse_cards(text)]
>>> mask = lambda text: np.uint64(sum(1 << c for c in cards(text)))
>>> rnd = RoundArrays.empty(players=2)
>>> rnd.hands[:] = [mask("AS 2S 3S KD"), mask("9H 9C QD")]
>>> rnd.stock[:4] = cards("4S 5D 6D 7D")
>>> rnd.pile[0] = cards("8C")[0]
>>> at = TurnState(sp=0, sn=4, dn=1, nt=0, current=0, in_turn=False, taken=-1, put_down=False, reshuffles=0)
>>> rules = TurnRules(no_same=True, max_reshuffles=0, max_turns=100)
>>> penalty = np.zeros(2, np.int64)
>>> _, winner = play_out(np.uint64(1), rnd, at, rules, False, NO_MOVE, penalty)
>>> winner, penalty.tolist()    # seat 0 draws 4♠, melds A♠–4♠ and discards K♦: out; seat 1 holds 9 + 9 + 10
(0, [0, 28])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import lowest_bit, popcount, set_bits_into
from ..kernels.cores import round_penalty
from ..kernels.rng import U64, shuffle_step
from ..kernels.rummy_kernel import (DISCARD, LAY_OFF, MAX_MELDS, MELD, NO_MOVE, PILE, STOCK, Move, RoundArrays,
                                    TurnRules, TurnState, meld_accepts, describe_meld, play_turns)
from ..kernels.rummy_melds import has_meld, mask_points

__all__ = ["STOCK", "PILE", "MELD", "LAY_OFF", "DISCARD", "MAX_MELDS", "TurnState", "TurnRules", "RoundArrays",
           "Hidden", "Move", "NO_MOVE", "describe_table", "play_out", "plausible", "sample_world", "evaluate_moves"]


class Hidden(NamedTuple):
    """What the searching seat knows of the cards it cannot see (the other hands and the stock):
    their mask ``cards`` (``uint64``), how many cards each seat holds (``counts``, ``int64`` per
    seat) and the cards each other seat is known to hold (``known``, a ``uint64`` mask per seat, a
    subset of ``cards``: it took them from the discard pile and has not put them down since)."""

    cards: np.uint64
    counts: np.ndarray
    known: np.ndarray


@njit(cache=True)
def describe_table(tmask, nt, table):
    """Fill the rows (kind, suit, low, high, rank) of the first ``nt`` melds ``tmask`` into ``table``."""
    for t in range(nt):
        describe_meld(tmask[t], table[t])


@njit(cache=True)
def play_out(state, rnd, at, rules, rummy_bonus, force, penalty):
    """Play the round to its end from ``at``, every seat following the heuristic player; fills
    ``penalty`` (per seat) and returns (state, winner or −1).

    ``rnd`` is the round's :class:`RoundArrays` (changed in place), ``at`` the
    :class:`TurnState` it stands at: seat ``at.current`` is to move; ``at.in_turn`` False means it
    is to draw, True that it has drawn (``at.taken``: the card it took from the discard pile, or
    −1) and ``at.put_down`` says whether it has melded or laid off this turn.  The first decision of
    the play-out is ``force`` (a :class:`Move`; :data:`NO_MOVE`: the heuristic's).  ``rules``
    (:class:`TurnRules`): a stock that runs out is rebuilt at most until ``max_reshuffles`` (−1: no
    limit); after ``max_turns`` turns the round stops with no winner.  ``rummy_bonus`` doubles the
    penalties when the winner goes out without having melded before.  The turns are the kernel's
    own loop, :func:`cardlab.kernels.rummy_kernel.play_turns`.
    """
    players = rnd.hands.shape[0]
    heuristic_seats = np.ones(players, np.int64)
    state, _, winner, went_rummy, _ = play_turns(state, rnd, at, heuristic_seats, rules, force)
    doubled = rummy_bonus and winner >= 0 and went_rummy
    for s in range(players):
        penalty[s] = round_penalty(mask_points(rnd.hands[s]), s == winner, doubled)
    return state, winner


@njit(cache=True)
def plausible(hand, tmask, table, nt):
    """Could a heuristic player hold ``hand`` between its turns?  It melds whatever it can and lays
    off what fits the table, so its hand holds no meld and no card that fits a meld on the table."""
    if has_meld(hand):
        return False
    h = hand
    while h != U64(0):
        c = lowest_bit(h)
        h &= h - U64(1)
        for t in range(nt):
            if meld_accepts(table[t], tmask[t], c):
                return False
    return True


@njit(cache=True)
def sample_world(state, world, hidden, me, nt, pool, tries):
    """Deal ``hidden.cards`` into ``world.hands`` (the seats other than ``me``) and ``world.stock``;
    returns (state, stock size).

    ``world`` is a :class:`RoundArrays` (``world.hands[me]`` is ``me``'s hand and stays; the melds
    on the table are ``world.tmask``/``world.table``, ``nt`` of them), ``hidden`` a :class:`Hidden`:
    seat ``s`` gets ``hidden.known[s]`` and ``hidden.counts[s]`` cards in all.  The other hidden
    cards are shuffled (Fisher–Yates) and fill the hands in seat order, the rest becomes the stock in
    that shuffled order.  A deal in which another seat holds a meld or a card that fits the table —
    which a heuristic player would have put down — is dealt again, up to ``tries`` times (then the
    last deal is kept).  ``pool`` (≥ 52) is a work array.
    """
    hands, known = world.hands, hidden.known
    players = hands.shape[0]
    free = hidden.cards
    for s in range(players):
        free &= ~known[s]
    n = set_bits_into(free, pool)
    m = 0
    for attempt in range(tries):
        for i in range(n - 1):
            state, _ = shuffle_step(state, pool, i, n)
        k = 0
        ok = True
        for s in range(players):
            if s == me:
                continue
            hands[s] = known[s]
            for _ in range(hidden.counts[s] - popcount(known[s])):
                hands[s] |= U64(1) << U64(pool[k])
                k += 1
            if ok and not plausible(hands[s], world.tmask, world.table, nt):
                ok = False
        m = 0
        while k < n:
            world.stock[m] = pool[k]
            m += 1
            k += 1
        if ok:
            break
    return state, m


@njit(cache=True, nogil=True)
def evaluate_moves(seed, worlds, world, hidden, at, rules, rummy_bonus, moves, work, tries=1):
    """Try each candidate move in ``worlds`` sampled deals, the rest of the round played by the
    heuristic player; returns (``score_sum``, ``square_sum``), a float per candidate.

    The searching seat is ``at.current``, to move at the :class:`TurnState` ``at`` (its ``sp`` and
    ``sn`` are not read: every deal has a stock of its own).  ``world`` (a :class:`RoundArrays`)
    holds its hand, the discard pile, the table, the pick-ups and who has melded; each deal
    (:func:`sample_world` with ``hidden`` and ``tries``) fills its other hands and its stock.
    ``moves`` is a :class:`Move` of arrays, candidate ``i`` being (``moves.kind[i]``,
    ``moves.a[i]``, ``moves.b[i]``, ``moves.mask[i]``), each played out (:func:`play_out` with
    ``rules`` and ``rummy_bonus``) on a copy of the deal in ``work`` (a :class:`RoundArrays` of the
    same sizes, which the caller builds).  ``score_sum[i]`` sums the searching seat's penalty,
    ``square_sum[i]`` the square of its difference from candidate 0's penalty in the same deal (for
    the standard error of the paired difference).  The deals are drawn from stream ``seed``.
    """
    state = U64(seed)
    me, dn, nt = at.current, at.dn, at.nt
    players = world.hands.shape[0]
    k = moves.kind.shape[0]
    score_sum = np.zeros(k)
    square_sum = np.zeros(k)
    penalty = np.zeros(players, np.int64)
    pool = np.zeros(64, np.int64)
    first = 0
    for _ in range(worlds):
        state, sn = sample_world(state, world, hidden, me, nt, pool, tries)
        start = TurnState(0, sn, dn, nt, me, at.in_turn, at.taken, at.put_down, at.reshuffles)
        for i in range(k):
            for s in range(players):
                work.hands[s] = world.hands[s]
                work.pickups[s] = world.pickups[s]
                work.melded_before[s] = world.melded_before[s]
            for j in range(sn):
                work.stock[j] = world.stock[j]
            for j in range(dn):
                work.pile[j] = world.pile[j]
            for t in range(nt):
                work.tmask[t] = world.tmask[t]
                for col in range(5):
                    work.table[t, col] = world.table[t, col]
            force = Move(moves.kind[i], moves.a[i], moves.b[i], moves.mask[i])
            state, _ = play_out(state, work, start, rules, rummy_bonus, force, penalty)
            score_sum[i] += penalty[me]
            if i == 0:
                first = penalty[me]
            square_sum[i] += (penalty[me] - first) * (penalty[me] - first)
    return score_sum, square_sum
