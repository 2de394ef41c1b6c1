"""Compiled search for Rummy: play a round out from any mid-round state, and try moves in sampled deals.

These kernels are the engine room of :class:`cardlab.bots.rummy_search.RummySearchBot`.  They reuse
the heuristic player of :mod:`cardlab.kernels.rummy_kernel` (the compiled twin of
:class:`~cardlab.bots.rummy.RummyBot`: when to take the discard pile, what to meld, lay off and
discard), the meld tables of :mod:`cardlab.kernels.rummy_melds` and the rule cores of
:mod:`cardlab.kernels.cores` (when the stock is reshuffled, the penalty), and add:

* :func:`play_out` — play a round to its end from an arbitrary state (hands as ``uint64`` masks, the
  stock and the discard pile as arrays, the melds on the table as masks plus rows), in the draw phase
  or in the middle of a turn, every seat following the heuristic player; the first decision can be
  forced (a draw, a meld, a lay-off or a discard), which is how a candidate move is tried;
* :func:`sample_world` — deal the cards a seat cannot see: the cards each seat is known to hold (it
  took them from the discard pile and has not put them down since) stay with it, the rest are dealt
  at random to the other hands and the stock (in random order);
* :func:`evaluate_moves` — for each candidate move, the sum of the searching seat's penalty points
  over many sampled deals (the same deals for every candidate: common random numbers).

Move codes (``kinds``): 0 draw from the stock, 1 draw from the discard pile, 2 meld (the cards' mask in
``masks``), 3 lay off (card ``a`` onto table meld ``b``), 4 discard (card ``a``).

>>> import numpy as np
>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> state = RolloutState(players=2)
>>> state.hands[:] = [mask("AS 2S 3S KD"), mask("9H 9C QD")]
>>> state.put_stock([c.index for c in parse_cards("4S 5D 6D 7D")])
>>> state.put_pile([parse_cards("8C")[0].index])
>>> penalty = np.zeros(2, np.int64)
>>> winner, _ = state.play(penalty, start=0)     # seat 0 draws 4♠, melds A♠–4♠ and discards K♦: out
>>> winner, penalty.tolist()                     # seat 1 is left with 9 + 9 + 10
(0, [0, 28])
"""

from __future__ import annotations

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import lowest_bit, popcount
from ..kernels.cores import round_penalty
from ..kernels.rng import U64, below
from ..kernels.rummy_kernel import (DISCARD, LAY_OFF, MELD, PILE, STOCK, TurnRules, TurnState,  # noqa: F401
                           _accepts, _bit, _describe, _has_meld, play_turns)
from ..kernels.rummy_melds import mask_points

# move codes: STOCK, PILE, MELD, LAY_OFF, DISCARD (the kernel's, imported above)
#: most melds the table can hold (52 cards, 3 per meld)
MAX_MELDS = 20


@njit(cache=True)
def describe_table(tmask, nt, table):
    """Fill the rows (kind, suit, low, high, rank) of the first ``nt`` melds ``tmask`` into ``table``."""
    for t in range(nt):
        _describe(tmask[t], table[t])


@njit(cache=True)
def play_out(state, players, hands, stock, sp, sn, pile, dn, tmask, table, nt, pickups, melded_before, current,
             in_turn, taken, put_down, reshuffles, max_reshuffles, no_same, rummy_bonus, max_turns,
             force_kind, force_a, force_b, force_mask, penalty):
    """Play the round to its end, every seat following the heuristic player; fills ``penalty``.

    The stock is ``stock[sp:sn]`` (``stock[sp]`` on top), the discard pile ``pile[:dn]`` (top last),
    the table ``nt`` melds (``tmask``, ``table`` rows as in :mod:`cardlab.kernels.rummy_kernel`).  Seat
    ``current`` is to move: ``in_turn`` False means it is to draw; True means it has drawn (``taken``:
    the card it took from the discard pile, or −1) and ``put_down`` says whether it has melded or
    laid off this turn.  The first decision of the play-out is ``force_kind`` (a move code, −1: the
    heuristic's) with ``force_a``/``force_b``/``force_mask``.  A stock that runs out is rebuilt at
    most until ``max_reshuffles`` (−1: no limit); after ``max_turns`` turns the round stops with no
    winner.  The arrays are changed in place.  Returns (state, winner or −1).  The turns are the
    kernel's own loop, :func:`cardlab.kernels.rummy_kernel.play_turns`.
    """
    at = TurnState(sp, sn, dn, nt, current, in_turn, taken, put_down, reshuffles)
    heuristic_seats = np.ones(players, np.int64)
    state, at, winner, went_rummy, _ = play_turns(state, players, hands, stock, pile, tmask, table, pickups,
                                                  melded_before, at, heuristic_seats,
                                                  TurnRules(no_same, max_reshuffles, max_turns), force_kind, force_a,
                                                  force_b, force_mask)
    doubled = rummy_bonus and winner >= 0 and went_rummy
    for s in range(players):
        penalty[s] = round_penalty(mask_points(hands[s]), s == winner, doubled)
    return state, winner


@njit(cache=True)
def plausible(hand, tmask, table, nt):
    """Could a heuristic player hold ``hand`` between its turns?  It melds whatever it can and lays
    off what fits the table, so its hand holds no meld and no card that fits a meld on the table."""
    if _has_meld(hand):
        return False
    h = hand
    while h != U64(0):
        c = lowest_bit(h)
        h &= h - U64(1)
        for t in range(nt):
            if _accepts(table[t], tmask[t], c):
                return False
    return True


@njit(cache=True)
def sample_world(state, me, players, my_hand, unseen, counts, known, hands, stock, pool, tmask, table, nt, tries):
    """Deal ``unseen`` into ``hands`` (the seats other than ``me``) and ``stock``; returns (state, stock size).

    ``counts[s]``: how many cards seat ``s`` holds; ``known[s]``: cards it is known to hold (a subset
    of ``unseen``, at most ``counts[s]``).  The other unseen cards are shuffled (Fisher–Yates) and
    fill the hands in seat order, the rest becomes the stock in that shuffled order.  A deal in which
    another seat holds a meld or a card that fits the table (``tmask``/``table``, ``nt`` melds) —
    which a heuristic player would have put down — is dealt again, up to ``tries`` times (then the
    last deal is kept).  ``pool`` (≥ 52) is a work array.
    """
    free = unseen
    for s in range(players):
        free &= ~known[s]
    n = 0
    rest = free
    while rest != U64(0):
        pool[n] = lowest_bit(rest)
        n += 1
        rest &= rest - U64(1)
    m = 0
    for attempt in range(tries):
        for i in range(n - 1):
            state, j = below(state, n - i)
            j += i
            c = pool[j]
            pool[j] = pool[i]
            pool[i] = c
        k = 0
        ok = True
        for s in range(players):
            if s == me:
                hands[s] = my_hand
                continue
            hands[s] = known[s]
            for _ in range(counts[s] - popcount(known[s])):
                hands[s] |= _bit(pool[k])
                k += 1
            if ok and not plausible(hands[s], tmask, table, nt):
                ok = False
        m = 0
        while k < n:
            stock[m] = pool[k]
            m += 1
            k += 1
        if ok:
            break
    return state, m


@njit(cache=True, nogil=True)
def evaluate_moves(seed, worlds, me, players, my_hand, unseen, counts, known, pile, dn, tmask, table, nt, pickups,
                   melded_before, in_turn, taken, put_down, reshuffles, max_reshuffles, no_same, rummy_bonus,
                   max_turns, kinds, a, b, masks, score_sum, square_sum, tries=1):
    """Try each candidate move (``kinds[i]``, ``a[i]``, ``b[i]``, ``masks[i]``) in ``worlds`` sampled
    deals (:func:`sample_world` with ``tries``), the rest of the round played by the heuristic player; adds ``me``'s penalty to
    ``score_sum`` and the square of its difference from candidate 0's penalty in the same deal to
    ``square_sum`` (for the standard error of the paired difference).  Returns ``worlds``."""
    state = U64(seed)
    k = kinds.shape[0]
    hands = np.zeros(players, np.uint64)
    stock = np.zeros(52, np.int64)
    w_hands = np.zeros(players, np.uint64)
    w_stock = np.zeros(52, np.int64)
    w_pile = np.zeros(52, np.int64)
    w_tmask = np.zeros(MAX_MELDS, np.uint64)
    w_table = np.zeros((MAX_MELDS, 5), np.int64)
    w_pickups = np.zeros(players, np.uint64)
    w_melded = np.zeros(players, np.bool_)
    penalty = np.zeros(players, np.int64)
    pool = np.zeros(64, np.int64)
    first = 0
    for _ in range(worlds):
        state, sn = sample_world(state, me, players, my_hand, unseen, counts, known, hands, stock, pool, tmask, table,
                                 nt, tries)
        for i in range(k):
            for s in range(players):
                w_hands[s] = hands[s]
                w_pickups[s] = pickups[s]
                w_melded[s] = melded_before[s]
            for j in range(sn):
                w_stock[j] = stock[j]
            for j in range(dn):
                w_pile[j] = pile[j]
            for t in range(nt):
                w_tmask[t] = tmask[t]
                for col in range(5):
                    w_table[t, col] = table[t, col]
            state, _ = play_out(state, players, w_hands, w_stock, 0, sn, w_pile, dn, w_tmask, w_table, nt, w_pickups,
                                w_melded, me, in_turn, taken, put_down, reshuffles, max_reshuffles, no_same,
                                rummy_bonus, max_turns, kinds[i], a[i], b[i], masks[i], penalty)
            score_sum[i] += penalty[me]
            if i == 0:
                first = penalty[me]
            square_sum[i] += (penalty[me] - first) * (penalty[me] - first)
    return worlds


class RolloutState:
    """A Rummy position as the arrays :func:`play_out` reads (for tests and examples).

    ``hands`` (uint64 per seat), ``stock`` (top first) and ``pile`` (top last) are set with
    :meth:`put_stock` / :meth:`put_pile`; ``tmask``/``table``/``nt`` hold the melds on the table.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.hands = np.zeros(players, np.uint64)
        self.stock = np.zeros(52, np.int64)
        self.sn = 0
        self.pile = np.zeros(52, np.int64)
        self.dn = 0
        self.tmask = np.zeros(MAX_MELDS, np.uint64)
        self.table = np.zeros((MAX_MELDS, 5), np.int64)
        self.nt = 0
        self.pickups = np.zeros(players, np.uint64)
        self.melded_before = np.zeros(players, np.bool_)

    def put_stock(self, cards) -> None:
        self.sn = len(cards)
        self.stock[: self.sn] = cards

    def put_pile(self, cards) -> None:
        self.dn = len(cards)
        self.pile[: self.dn] = cards

    def add_meld(self, mask: int) -> None:
        self.tmask[self.nt] = np.uint64(mask)
        _describe(np.uint64(mask), self.table[self.nt])
        self.nt += 1

    def play(self, penalty, *, start: int, in_turn: bool = False, taken: int = -1, put_down: bool = False,
             reshuffles: int = 0, max_reshuffles: int = 0, no_same: bool = True, rummy_bonus: bool = False,
             max_turns: int = 10_000, seed: int = 1, force: tuple = (-1, 0, 0, 0)) -> tuple[int, int]:
        """:func:`play_out` from seat ``start``; returns (winner or −1, stream state)."""
        kind, a, b, mask = force
        state, winner = play_out(np.uint64(seed), self.players, self.hands, self.stock, 0, self.sn, self.pile,
                                 self.dn, self.tmask, self.table, self.nt, self.pickups, self.melded_before, start,
                                 in_turn, taken, put_down, reshuffles, max_reshuffles, no_same, rummy_bonus,
                                 max_turns, kind, a, b, np.uint64(mask), penalty)
        return int(winner), int(state)
