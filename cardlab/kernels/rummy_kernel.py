"""Compiled Rummy rounds: random play and the twin of :class:`cardlab.bots.rummy.RummyBot`.

Hands are ``uint64`` bitmasks (bit ``card.index``), the stock and the discard
pile small arrays, the melds on the table a mask plus (kind, suit, low, high,
rank) each.  Every round draws from its own SplitMix64 stream
(:mod:`cardlab.kernels.rng`) seeded by the round's stored seed, in this order:

1. the shuffle of the whole deck (52 cards, dealt one at a time from the left
   of the dealer; the next card starts the discard pile, the rest is the stock);
2. every random choice, in the order the moves are made (random seats only);
3. every reshuffle of the discard pile (all but its top card), when it happens.

The reference engine draws the same numbers when it is handed the stream:
:func:`cardlab.sim.rummy.replay_rummy_round` with ``engine="kernel"`` deals
with ``RummyRound.deal(..., rng=DeckRng(stream), reshuffle_rng=DeckRng(stream))``
and lets :class:`cardlab.kernels.rng.StreamBot` make the random choices, so every
kernel round replays move for move (tests check winner, turns, reshuffles and
penalties round by round).

Random play ("random", code 0) picks uniformly among the legal actions in the
order ``RummyRound.legal_actions`` lists them (stock before discard pile;
melds, then lay-offs, then discards), which is the distribution
:class:`cardlab.bots.rummy.RummyRandomBot` documents.  Heuristic play
("heuristic", code 1) makes exactly the moves of :class:`RummyBot`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._numba import njit
from .bits import lowest_bit, popcount, value_range
from .cores import (LAYOFF_NONE, layoff_end, leaves_no_discard, may_discard, may_reshuffle, round_penalty,
                    run_after_layoff)
from .kernel_rules import EVERY
from .rng import U64, below, shuffle_into
from .rummy_melds import MELD_MASKS, POINTS, POSITION, RELATED, best_split, deadwood, has_meld, live_partners, mask_points

POLICY_CODES = {"random": 0, "heuristic": 1}

#: The rule options this kernel models, and the values it accepts (see :mod:`cardlab.kernels.kernel_rules`).
#: It plays single rounds (``target`` and ``rounds`` end whole games).  ``max_reshuffles`` must be a
#: number: a simulation names its bound in its rules, so that the fingerprint shows it (random
#: players can keep a round open for a very long time when the stock is reshuffled without limit),
#: and at most ``RummyBot.PATIENCE`` (3): past that the bot starts to break up its hand, which this
#: twin does not model.
RULE_OPTIONS = {
    "players": tuple(range(2, 7)), "no_same_discard": (True, False), "rummy_bonus": (False, True),
    "max_reshuffles": range(0, 4), "target": EVERY, "rounds": EVERY, "first_dealer": EVERY,
}

# columns of the table array (one row per meld on the table)
_KIND, _SUIT, _LOW, _HIGH, _RANK = 0, 1, 2, 3, 4
_SET, _RUN = 0, 1
#: the kernel's rounds stop after this many turns: a safety stop (the engine has no such bound, and never needs it)
MAX_TURNS = 200_000


@njit(cache=True, inline="always")
def _bit(card):
    return U64(1) << U64(card)


@njit(cache=True)
def describe_meld(mask, row):
    """Fill ``row`` (kind, suit, low, high, rank) for the meld ``mask``."""
    low = lowest_bit(mask)
    suit = low // 13
    run = (mask >> U64(13 * suit)) << U64(13 * suit) == mask and (mask >> U64(13 * suit + 13)) == U64(0)
    lo, hi = value_range(mask, POSITION)
    row[_KIND] = _RUN if run else _SET
    row[_SUIT] = suit
    row[_LOW] = lo
    row[_HIGH] = hi
    row[_RANK] = low % 13


@njit(cache=True, inline="always")
def meld_accepts(row, mask, card):
    """``TableMeld.accepts``: does ``card`` lay off onto the meld (``row``, ``mask``)?"""
    on_meld = (mask >> U64(card)) & U64(1) != U64(0)
    return layoff_end(row[_KIND] == _SET, popcount(mask), row[_SUIT], row[_RANK], row[_LOW], row[_HIGH],
                      card // 13, card % 13, POSITION[card], on_meld) != LAYOFF_NONE


@njit(cache=True)
def _table_takes(card, tmask, table, nt, alt, alt_mask, alt_row):
    """Does any meld of the table *after a move* accept ``card``?  Meld ``alt`` (``nt`` = a new
    meld) is replaced by ``alt_mask``/``alt_row``."""
    for t in range(nt):
        if t == alt:
            continue
        if meld_accepts(table[t], tmask[t], card):
            return True
    if alt >= 0:
        return meld_accepts(alt_row, alt_mask, card)
    return False


@njit(cache=True)
def _stuck(hand, removed, taken, no_same, tmask, table, nt, alt, alt_mask, alt_row):
    """``RummyRound._leaves_no_discard``: would the move leave only the card taken from the
    discard pile, which fits nowhere on the table after the move?"""
    if taken < 0:
        return False
    cards_left = popcount(hand) - popcount(removed)
    only_taken = cards_left == 1 and hand & ~removed == _bit(taken)
    fits = only_taken and _table_takes(taken, tmask, table, nt, alt, alt_mask, alt_row)
    return leaves_no_discard(no_same, True, cards_left, only_taken, fits)


@njit(cache=True)
def _extended(row, mask, card, alt_row):
    """The meld (``row``, ``mask``) with ``card`` laid off: fills ``alt_row``, returns the new mask."""
    for k in range(5):
        alt_row[k] = row[k]
    if row[_KIND] == _RUN:
        alt_row[_LOW], alt_row[_HIGH] = run_after_layoff(row[_LOW], row[_HIGH], POSITION[card])
    return mask | _bit(card)


@njit(cache=True)
def _apply_meld_move(pick, meld, hand, tmask, table, nt, alt_row, pile, dn):
    """Make the meld-phase move ``pick`` (kind 0: put ``meld`` down, 1: lay card ``pick[1]`` off on
    meld ``pick[2]``, 2: discard card ``pick[1]``); returns (hand, melds on the table, pile size, kind)."""
    kind = pick[0]
    if kind == 0:
        hand &= ~meld
        tmask[nt] = meld
        describe_meld(meld, table[nt])
        nt += 1
    elif kind == 1:
        c = pick[1]
        t = pick[2]
        hand &= ~_bit(c)
        tmask[t] = _extended(table[t], tmask[t], c, alt_row)
        for k in range(5):
            table[t, k] = alt_row[k]
    else:
        c = pick[1]
        hand &= ~_bit(c)
        pile[dn] = c
        dn += 1
    return hand, nt, dn, kind


_has_meld = has_meld  # the quick meld test, shared with the meld search


# ------------------------------------------------------------------ choices
@njit(cache=True)
def _legal_meld(hand, taken, no_same, tmask, table, nt, alt_row, k):
    """The melds of :data:`MELD_MASKS` that ``hand`` may put down now, in the engine's order: returns
    (how many, the index of meld ``k`` in :data:`MELD_MASKS`); the count stops at ``k``, and a
    ``k`` out of range (−1 to count them all) finds index −1."""
    count = 0
    for i in range(MELD_MASKS.shape[0]):
        m = MELD_MASKS[i]
        if m & hand == m:
            describe_meld(m, alt_row)
            if not _stuck(hand, m, taken, no_same, tmask, table, nt, nt, m, alt_row):
                if count == k:
                    return count, np.int64(i)
                count += 1
    return count, np.int64(-1)


@njit(cache=True)
def _legal_layoff(hand, taken, no_same, tmask, table, nt, alt_row, k):
    """The lay-offs ``hand`` may make now onto the table, in the engine's order (meld by meld, card
    by card): returns (how many, card and meld of lay-off ``k``); the count stops at ``k``, and a
    ``k`` out of range (−1 to count them all) finds card and meld −1."""
    count = 0
    for t in range(nt):
        h = hand
        while h != U64(0):
            c = lowest_bit(h)
            h &= h - U64(1)
            if meld_accepts(table[t], tmask[t], c):
                em = _extended(table[t], tmask[t], c, alt_row)
                if not _stuck(hand, _bit(c), taken, no_same, tmask, table, nt, t, em, alt_row):
                    if count == k:
                        return count, c, np.int64(t)
                    count += 1
    return count, np.int64(-1), np.int64(-1)


@njit(cache=True)
def _random_meld_phase(state, hand, taken, no_same, tmask, table, nt, alt_row, pick_out):
    """Pick uniformly among the legal meld-phase actions (engine order).

    Writes (kind, a, b) to ``pick_out``: 0 meld (its index in :data:`MELD_MASKS` in a), 1 lay-off
    (card a onto meld b), 2 discard (card a).  Returns the new stream state.
    """
    n_melds = 0
    if _has_meld(hand):
        n_melds, _ = _legal_meld(hand, taken, no_same, tmask, table, nt, alt_row, -1)
    n_lay, _, _ = _legal_layoff(hand, taken, no_same, tmask, table, nt, alt_row, -1)
    blocked = taken >= 0 and (hand >> U64(taken)) & U64(1) != U64(0) and not may_discard(no_same, True)
    n_disc = popcount(hand) - (1 if blocked else 0)
    state, k = below(state, n_melds + n_lay + n_disc)
    if k < n_melds:
        _, i = _legal_meld(hand, taken, no_same, tmask, table, nt, alt_row, k)
        pick_out[0] = 0
        pick_out[1] = i
        return state
    k -= n_melds
    if k < n_lay:
        _, c, t = _legal_layoff(hand, taken, no_same, tmask, table, nt, alt_row, k)
        pick_out[0] = 1
        pick_out[1] = c
        pick_out[2] = t
        return state
    k -= n_lay
    h = hand
    while h != U64(0):
        c = lowest_bit(h)
        h &= h - U64(1)
        if not may_discard(no_same, c == taken):
            continue
        if k == 0:
            pick_out[0] = 2
            pick_out[1] = c
            return state
        k -= 1
    return state


@njit(cache=True)
def _heuristic_meld_phase(hand, taken, no_same, tmask, table, nt, alt_row, pickups_next, split, pick_out, pile, dn):
    """``RummyBot._meld_phase``: meld the best melds, lay off deadwood (heaviest first), else discard.
    ``pile[:dn]`` is the discard pile (its cards and those on the table are dead)."""
    n, melded = best_split(hand, split)
    for i in range(n):
        m = split[i]
        describe_meld(m, alt_row)
        if not _stuck(hand, m, taken, no_same, tmask, table, nt, nt, m, alt_row):
            pick_out[0] = 0
            pick_out[1] = -1
            pick_out[3] = np.int64(i)
            return
    if nt > 0:
        dead = hand & ~melded
        for pts in range(10, 0, -1):
            h = dead
            while h != U64(0):
                c = lowest_bit(h)
                h &= h - U64(1)
                if POINTS[c] != pts:
                    continue
                for t in range(nt):
                    if meld_accepts(table[t], tmask[t], c):
                        em = _extended(table[t], tmask[t], c, alt_row)
                        if not _stuck(hand, _bit(c), taken, no_same, tmask, table, nt, t, em, alt_row):
                            pick_out[0] = 1
                            pick_out[1] = c
                            pick_out[2] = t
                            return
    dead = U64(0)
    for i in range(dn):
        dead |= _bit(pile[i])
    for t in range(nt):
        dead |= tmask[t]
    best_cost = np.int64(1) << 60
    best_card = -1
    h = hand
    while h != U64(0):
        c = lowest_bit(h)
        h &= h - U64(1)
        if not may_discard(no_same, c == taken):
            continue
        rest = hand & ~_bit(c)
        cost = deadwood(rest) + 2 * live_partners(c, rest, dead)
        danger = pickups_next & RELATED[c] != U64(0)
        if not danger:
            for t in range(nt):
                if meld_accepts(table[t], tmask[t], c):
                    danger = True
                    break
        if danger:
            cost += 6
        # key (cost, -points, index): cards come in ascending index, so only a strict improvement wins
        if best_card < 0 or cost < best_cost or (cost == best_cost and POINTS[c] > POINTS[best_card]):
            best_cost = cost
            best_card = c
    pick_out[0] = 2
    pick_out[1] = best_card


@njit(cache=True)
def _heuristic_takes(hand, top, tmask, table, nt, split):
    """``RummyBot._draw``: take the discard pile's top card when it melds with the hand or fits the table."""
    _, melded = best_split(hand | _bit(top), split)
    if (melded >> U64(top)) & U64(1) != U64(0):
        return True
    for t in range(nt):
        if meld_accepts(table[t], tmask[t], top):
            return True
    return False


# -------------------------------------------------------------------- turns
class TurnState(NamedTuple):
    """Where a round stands between two moves: the stock's top ``sp`` and size ``sn``, the pile's size
    ``dn``, the melds on the table ``nt``, the seat ``current`` to move, whether it has drawn
    (``in_turn``; then ``taken``: the card it took from the pile, or −1, and ``put_down``: whether it
    has melded or laid off this turn), and the ``reshuffles`` so far."""

    sp: int
    sn: int
    dn: int
    nt: int
    current: int
    in_turn: bool
    taken: int
    put_down: bool
    reshuffles: int


class TurnRules(NamedTuple):
    """The rules the turns follow: ``no_same_discard``, ``max_reshuffles`` (−1: no limit), and the turns
    to play at most (a play-out's horizon, or the kernel's safety stop)."""

    no_same: bool
    max_reshuffles: int
    max_turns: int


#: most melds the table can hold (52 cards, 3 per meld)
MAX_MELDS = 20


class RoundArrays(NamedTuple):
    """The arrays of a Rummy round, which the turns change in place: ``hands`` (a ``uint64`` mask per
    seat), ``stock`` (52 ``int64``; ``stock[sp:sn]``, top first), ``pile`` (52 ``int64``; ``pile[:dn]``,
    top last), the melds on the table (``tmask``, a ``uint64`` mask per meld, and ``table``, a (kind,
    suit, low, high, rank) row per meld; the first ``nt`` are used), what each seat took from the
    discard pile (``pickups``, a ``uint64`` mask per seat) and whether it has melded before
    (``melded_before``).  The sizes ``sp``, ``sn``, ``dn``, ``nt`` are the :class:`TurnState`'s.

    It is built in Python (:meth:`empty`) and handed to the compiled code: with the arrays in a named
    tuple made inside a compiled function, numba 0.68.1 gave the same seeded round a different
    result from one call to the next.

    >>> rnd = RoundArrays.empty(players=3)
    >>> rnd.hands.shape, rnd.stock.shape, rnd.table.shape
    ((3,), (52,), (20, 5))
    """

    hands: np.ndarray
    stock: np.ndarray
    pile: np.ndarray
    tmask: np.ndarray
    table: np.ndarray
    pickups: np.ndarray
    melded_before: np.ndarray

    @classmethod
    def empty(cls, players: int) -> "RoundArrays":
        """All zeros (no cards anywhere, nobody has melded), room for a whole deck."""
        return cls(np.zeros(players, np.uint64), np.zeros(52, np.int64), np.zeros(52, np.int64),
                   np.zeros(MAX_MELDS, np.uint64), np.zeros((MAX_MELDS, 5), np.int64), np.zeros(players, np.uint64),
                   np.zeros(players, np.bool_))


#: move codes of a forced first move (:class:`Move`)
STOCK, PILE, MELD, LAY_OFF, DISCARD = 0, 1, 2, 3, 4


class Move(NamedTuple):
    """A forced first move: ``kind`` a move code (−1: none, the seat's own choice; :data:`STOCK`,
    :data:`PILE` draw; :data:`MELD` the cards ``mask``, a ``uint64``; :data:`LAY_OFF` card ``a`` onto
    table meld ``b``; :data:`DISCARD` card ``a``).

    >>> Move(DISCARD, a=12)
    Move(kind=4, a=12, b=0, mask=np.uint64(0))
    """

    kind: int
    a: int = 0
    b: int = 0
    mask: np.uint64 = np.uint64(0)


#: no forced move: the seat to move makes the first decision too
NO_MOVE = Move(-1)


@njit(cache=True)
def play_turns(state, rnd, at, policies, rules, force):
    """Play the round on from ``at`` until a seat goes out, the stock runs out past ``max_reshuffles``,
    or ``rules.max_turns`` turns are played; returns (state, where it stands, winner or −1, went
    rummy, turns played).

    The one Rummy turn loop: the kernel's rounds (:func:`play_round`, random or heuristic seats by
    ``policies``: 0 random, 1 heuristic) and the search's play-outs
    (:func:`cardlab.search.rummy_rollout.play_out`, every seat heuristic) both run it.  A turn draws
    (stock or pile), melds and lays off, and discards, or goes out; an empty stock is rebuilt from the
    pile while :func:`cardlab.rules.rummy_core.may_reshuffle` allows.  The first decision can be
    forced: ``force`` is a :class:`Move` (:data:`NO_MOVE`: none), which is how a candidate move is
    tried.  Random choices and reshuffles draw from ``state`` in the order the moves are made.

    ``rnd`` holds the round's arrays (a :class:`RoundArrays`, built in Python), changed in place;
    ``at`` is the :class:`TurnState` the round stands at and ``rules`` the :class:`TurnRules`.
    """
    hands, stock, pile, tmask, table, pickups = rnd.hands, rnd.stock, rnd.pile, rnd.tmask, rnd.table, rnd.pickups
    players = hands.shape[0]
    alt_row = np.zeros(5, np.int64)
    split = np.zeros(20, np.uint64)
    pick = np.zeros(4, np.int64)
    shuffle_order = np.empty(52, np.int64)
    sp, sn, dn, nt, current, in_turn = at.sp, at.sn, at.dn, at.nt, at.current, at.in_turn
    taken, put_down, reshuffles = at.taken, at.put_down, at.reshuffles
    winner = -1
    went_rummy = False
    turns = 0
    forced = force.kind
    while turns < rules.max_turns:
        seat = current
        hand = hands[seat]
        heuristic = policies[seat] == 1
        nxt = seat + 1 if seat + 1 < players else 0
        # ---- draw
        if not in_turn:
            has_stock = sp < sn
            has_pile = dn > 0
            if forced == STOCK or forced == PILE:
                take = forced == PILE
                forced = -1
            elif heuristic:
                take = (has_pile and _heuristic_takes(hand, pile[dn - 1], tmask, table, nt, split)) or not has_stock
            elif has_stock and has_pile:
                state, k = below(state, 2)
                take = k == 1
            else:
                take = not has_stock
            taken = -1
            if take:
                dn -= 1
                card = pile[dn]
                pickups[seat] |= _bit(card)
                taken = card
            else:
                card = stock[sp]
                sp += 1
            hand |= _bit(card)
            put_down = False
        in_turn = False
        # ---- meld, lay off, discard
        out = False
        while True:
            if forced >= MELD:
                pick[0] = forced - MELD
                pick[1] = force.a
                pick[2] = force.b
                meld = force.mask
                forced = -1
            elif heuristic:
                _heuristic_meld_phase(hand, taken, rules.no_same, tmask, table, nt, alt_row, pickups[nxt],
                                      split, pick, pile, dn)
                meld = split[pick[3]] if pick[0] == 0 else U64(0)
            else:
                state = _random_meld_phase(state, hand, taken, rules.no_same, tmask, table, nt, alt_row, pick)
                meld = MELD_MASKS[pick[1]] if pick[0] == 0 else U64(0)
            hand, nt, dn, kind = _apply_meld_move(pick, meld, hand, tmask, table, nt, alt_row, pile, dn)
            if kind != 2:
                put_down = True
            elif hand != U64(0):
                break
            if hand == U64(0):
                out = True
                break
        hands[seat] = hand
        turns += 1
        if out:
            winner = seat
            went_rummy = not rnd.melded_before[seat]
            break
        # ---- end of turn
        rnd.melded_before[seat] = rnd.melded_before[seat] or put_down
        current = nxt
        if sp >= sn:
            if not may_reshuffle(reshuffles, rules.max_reshuffles, dn):
                break
            n = dn - 1
            sub = shuffle_order[:n]
            state = shuffle_into(state, sub, n - 1)
            for i in range(n):
                stock[i] = pile[sub[i]]
            sp = 0
            sn = n
            pile[0] = pile[dn - 1]
            dn = 1
            reshuffles += 1
    return state, TurnState(sp, sn, dn, nt, current, in_turn, taken, put_down, reshuffles), winner, went_rummy, turns


# -------------------------------------------------------------------- round
class RoundResults(NamedTuple):
    """What :func:`play_rounds` fills, one entry per round: the ``winner`` (−1: nobody went out),
    whether it ``went_rummy``, the ``turns`` and ``reshuffles``, and per round × seat the ``penalty``
    and the ``cards_left``.

    >>> RoundResults.empty(rounds=5, players=3).penalty.shape
    (5, 3)
    """

    winner: np.ndarray
    went_rummy: np.ndarray
    turns: np.ndarray
    reshuffles: np.ndarray
    penalty: np.ndarray
    cards_left: np.ndarray

    @classmethod
    def empty(cls, rounds: int, players: int) -> "RoundResults":
        """Arrays for ``rounds`` rounds of ``players`` seats (their values not yet set)."""
        return cls(np.empty(rounds, np.int64), np.empty(rounds, np.bool_), np.empty(rounds, np.int64),
                   np.empty(rounds, np.int64), np.empty((rounds, players), np.int64),
                   np.empty((rounds, players), np.int64))


@njit(cache=True)
def deal_round(seed, hand_size, dealer, rnd):
    """Shuffle from the round's stream and deal into ``rnd`` (a :class:`RoundArrays`, whose seats are
    the players): ``hand_size`` cards each, one at a time from the left of the dealer, the next card
    the discard pile, the rest the stock; nobody has taken a card or melded yet.  Returns (state,
    where the round stands)."""
    hands, stock, pile = rnd.hands, rnd.stock, rnd.pile
    players = hands.shape[0]
    state = U64(seed)
    order = np.empty(52, np.int64)
    state = shuffle_into(state, order, 51)
    for s in range(players):
        hands[s] = U64(0)
        rnd.pickups[s] = U64(0)
        rnd.melded_before[s] = False
    seat = dealer + 1 if dealer + 1 < players else 0
    for i in range(hand_size * players):
        hands[seat] |= _bit(order[i])
        seat = seat + 1 if seat + 1 < players else 0
    rest = hand_size * players
    pile[0] = order[rest]
    sn = 0
    for i in range(rest + 1, 52):
        stock[sn] = order[i]
        sn += 1
    # a standard deal always leaves a stock (at most 36 + 1 of the 52 cards are dealt and turned)
    first = dealer + 1 if dealer + 1 < players else 0
    return state, TurnState(0, sn, 1, 0, first, False, -1, False, 0)


@njit(cache=True)
def play_round(seed, hand_size, dealer, policies, rules, rummy_bonus, rnd, penalty, cards_left):
    """Deal (:func:`deal_round`) and play one round in ``rnd`` (a :class:`RoundArrays`) by the
    :class:`TurnRules` ``rules``; fills ``penalty`` and ``cards_left`` (per seat) and returns
    (winner or -1, went rummy, turns, reshuffles)."""
    state, at = deal_round(seed, hand_size, dealer, rnd)
    state, at, winner, went_rummy, turns = play_turns(state, rnd, at, policies, rules, Move(-1, 0, 0, U64(0)))
    doubled = rummy_bonus and winner >= 0 and went_rummy
    for s in range(rnd.hands.shape[0]):
        cards_left[s] = popcount(rnd.hands[s])
        penalty[s] = round_penalty(mask_points(rnd.hands[s]), s == winner, doubled)
    return winner, went_rummy, turns, at.reshuffles


@njit(cache=True, nogil=True)
def play_rounds(seeds, dealers, hand_size, policies, rules, rummy_bonus, rnd, out):
    """Play one round per seed (``dealers``: one per round) in the work arrays ``rnd`` (a
    :class:`RoundArrays` of the players' seats) by the :class:`TurnRules` ``rules``; fills ``out``, a
    :class:`RoundResults` with a row per round."""
    for i in range(seeds.shape[0]):
        w, r, t, k = play_round(seeds[i], hand_size, dealers[i], policies, rules, rummy_bonus, rnd, out.penalty[i],
                                out.cards_left[i])
        out.winner[i] = w
        out.went_rummy[i] = r
        out.turns[i] = t
        out.reshuffles[i] = k
