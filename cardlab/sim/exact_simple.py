"""Exact odds of small Plump rounds when everyone plays the lowest card (policy ``"simple"``), as fractions.

The lowest-card policy (:class:`cardlab.bots.simple.SimpleBot`) plays the legal
card of lowest rank, clubs before diamonds before hearts before spades on equal
rank, and bids its aces plus the trump king and queen.  Enumerating deals is
out of the question beyond tiny sizes (about 3·10¹⁸ deals at four players and
three cards, with the turned-up card), so the deals are counted by a **scan of
the deck from its lowest card to its highest**: 2♣ 2♦ 2♥ 2♠ 3♣ … A♠, i.e.
exactly the order in which the policy prefers cards.  At each card the scan
decides who gets it: one of the players, the turned-up card (when its suit is
trump) or nobody.  Every deal is one path of decisions, so summing path counts
counts deals exactly.

**Guess the led suits and the trick winners, then every player plays alone.**
The scan is run once for each sequence of led suits (one suit per trick) and
each guess of who wins every trick but the last, except that the followers
(seats 1 …) play alike: SimpleBot's card never depends on the cards already in
the trick, so moving the followers' hands round moves their tricks and bids
alike and turns one guess into another, and one scan counts for all of its
kin (:func:`_guesses`).  With four players and three cards that makes 4³
led-suit sequences × 5 guesses (of 16) = 320 scans per trump suit.  Once the
led suits are fixed, the policy makes each player's card in trick ``k`` a
function of his own hand: his lowest card of the led suit among those he still
holds, or, holding none, his lowest card left.  So each card a player gets is given, when it comes, to the
trick in which he will play it, and five statuses per trick slot (empty; empty
but bound to a card of the led suit; his lowest card of the led suit and his
lowest card left, i.e. one he could lead; another card of the led suit; a card
off the led suit) are enough to check, card by card, that the hand plays
exactly so (his cards come in deck order, so the new one is higher than all
his earlier ones; see :func:`_give`).  The guessed winners fix the leaders:
seat 0 leads the first trick and the winner of each trick the next, with his
lowest card left, of the guessed suit.  So only a leader's slot remembers
whether its card could be led, and a card that spoils it ends the path at
once; the other slots forget it.  Within a suit the deck order is the rank
order, so a trick is won by the last trump, or failing any trump the last card
of the led suit, to reach it.  A guessed trick therefore needs only one of four
states: its winner's card has not come (and a trump has or has not), or it
came as a card of the led suit, or as a trump; a later trump, a later card of
the led suit after the winner's, or the winner's card of the led suit after a
trump, contradict the guess and end the path.  The last trick's winner leads
nothing: that trick keeps **the holder of its best card so far** instead, and
its winner is read at the end.  A deal fixes its led suits, its winners and
which trick each card is played in, and any other guess fails a check, so
every deal is counted exactly once.

Bids are known from the aces, trump kings and queens a player is given, so
they are counted along the way; the dealer's hook is applied at the end.  A
state (every player's slot statuses, each guessed trick's state, the last
trick's best holder and whether it is a trump, the bids so far) is packed in
one integer; equal states are merged in a hash table with their counts added,
in compiled code (numba).  The turned-up card is not part of the state: each
state carries two counts, the deals so far with the turned-up card still to
come and those with it already among the trumps passed (a trump that nobody
gets moves the first count into the second).  Because nothing here depends on
the deck having 13 ranks, the same function runs on a smaller deck
(``ranks=``), where the tests check it against playing out every deal.

**The earlier scan, kept as a check** (``method="holders"``): guess only the
led suits, carry every trick's best holder, keep in every slot whether its
card could be led, and check the leaders at the end (and the turned-up card
as a bit of the state).  It makes fewer scans (5 times fewer with four
players and three cards) with far more states: with four players and three
cards without trump one scan (one led-suit sequence) holds about 864,000
states through the middle of the deck and 1.08 million at the aces, and takes
30 s, where a scan with the winners guessed holds about ten thousand.  Both
scans find the same counts on every setting the tests recompute and on every
deal of the small decks.

**Cost.**  Measured in CPU seconds on one core of a shared machine, a whole
setting (every scan, every trump suit) takes:

=========  ============  ===========================================
setting    ``none``      ``turned-up``
=========  ============  ===========================================
3 × 2      0.04 s        0.25 s
4 × 2      0.2 s         1.7 s
3 × 3      1.4 s         13 s (the earlier scan: 273 s)
4 × 3      28 s          476 s (about two minutes per trump suit)
=========  ============  ===========================================

The earlier scan took about 32 minutes for four players with three cards
without trump, and a version before it, which carried the play out card by
card, 2,135 s and 3.5 GB for four players with two cards without trump;
without the followers' symmetry, guessing every winner, four players with
three cards took 76 s without trump and 527 s for the scans with clubs trump
alone.  One scan of four players with three cards without trump (led ♦ ♥ ♠,
the first two tricks won by seats 1 and 2) holds at most 11,220 states; the
same guess with clubs trump holds 52,788 through the middle of the deck and
139,771 at the king of trump, and takes 1.5 s: with the turned-up card the
scans whose led suits are side suits cost the most.  So :func:`write_counts`
computes the settings beyond three players with two cards once and the data
build reads the stored counts (``python -m cardlab.sim.exact_simple -
4x3/turned-up 3x3`` rewrites them).

Seats are counted from the leader (left of the dealer, who is seat
``players − 1`` and bids last); the hook is on, as in
:func:`cardlab.sim.exact_tricks.exact_table`.

>>> d = simple_distribution(3, 2, "none")
>>> [str(p) for p in d.tricks[0]]                    # the leader's chances of 0, 1, 2 tricks
['4773731/11745300', '5509999/35235900', '3851177/8808975']
>>> sum(t * p for seat in d.tricks for t, p in enumerate(seat)) == 2
True
>>> str(d.made[2])                                    # the dealer makes his bid
'579493217/916133400'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product
import json
import time
from math import factorial
from pathlib import Path

import numpy as np

from ..kernels._numba import njit
from ..rules.plump_core import forbidden_bid
from ..rules.trick_core import add_to_trick, empty_trick, finish_trick, hand_mask, legal_follow, next_seat
from ..kernels.simple_core import dodge_hook, simple_bid, simple_card

__all__ = ["SimpleOdds", "simple_distribution", "joint_counts", "simple_table", "play_lowest", "hook_bids",
           "read_counts", "write_counts", "COUNTS_FILE"]

TRUMPS = ("turned-up", "none")
ACE, KING, QUEEN = 14, 13, 12
FULL_RANKS = tuple(range(2, 15))
#: set to True to print the number of states holding deals after each card of the scan (of every scan)
TRACE = False


@dataclass(frozen=True)
class SimpleOdds:
    """Exact odds of one setting; every list is indexed by seat from the leader.

    ``tricks[k][t]``: chance seat ``k`` takes ``t`` tricks; ``made[k]``: chance
    seat ``k`` makes SimpleBot's bid; ``bids[k][b]``: chance seat ``k`` bids
    ``b``; ``deals``: the number of deals (with the turned-up card) counted.
    """

    players: int
    cards: int
    trump: str
    tricks: list
    made: list
    bids: list
    deals: int

    @property
    def p_zero(self) -> list:
        return [seat[0] for seat in self.tricks]

    @property
    def mean_tricks(self) -> list:
        return [sum(t * p for t, p in enumerate(seat)) for seat in self.tricks]


def hook_bids(base: "tuple[int, ...] | list[int]", cards: int, hook: bool = True) -> tuple[int, ...]:
    """SimpleBot's bids from its wanted bids (seats from the leader; the dealer, last, moves off the hook's bid).

    >>> hook_bids((1, 0, 1), 2), hook_bids((1, 1, 0), 3)    # 1 would make the bids add up to 2 cards: 0
    ((1, 0, 0), (1, 1, 0))
    >>> hook_bids((0, 1, 0), 1)                            # a forbidden zero bid becomes one
    (0, 1, 1)
    """
    forbidden = forbidden_bid(0, 0, cards, sum(base[:-1]), hook)   # the dealer is the seat last from the leader
    return tuple(base[:-1]) + (dodge_hook(base[-1], forbidden),)


def _multinomial(total: int, parts) -> int:
    out = factorial(total)
    rest = total
    for k in parts:
        out //= factorial(k)
        rest -= k
    return out // factorial(rest)


# statuses of one player's trick slots: empty, empty but bound to a card of the led suit, filled by a card of the
# led suit that was his lowest card left (he could lead it), filled otherwise, filled by a card off the led suit
_EMPTY, _BOUND, _LOW, _MATCH, _VOID = 0, 1, 2, 3, 4


def _give(status: tuple, suit: int, trick: int, led: tuple, must: tuple, keep: tuple):
    """A player's slot statuses after his next card (of ``suit``) is played in ``trick``; None if the policy forbids it.

    His cards come in deck order, so the new card is higher than all his earlier ones.  The lowest-card policy
    plays, in trick ``k``, his lowest card of the led suit ``led[k]`` among the cards he still holds, or his
    lowest card left when he holds none; that holds exactly when the rules below hold for every card as it
    comes.  ``must``: the tricks he leads, where his card must be his lowest (seat 0 leads the first trick);
    ``keep``: the tricks he might lead, where whether he could is remembered (elsewhere it is of no interest).
    """
    st = list(status)
    if st[trick] not in (_EMPTY, _BOUND):
        return None
    for k in range(trick):
        if st[k] in (_EMPTY, _BOUND):
            # the later, higher card of trick k is played while this one is held: it follows suit, this one can't
            if suit == led[k]:
                return None
            st[k] = _BOUND
        elif st[k] == _VOID and suit == led[k]:
            return None  # he showed out of led[k] in trick k, while still holding this card
    if suit == led[trick]:
        st[trick] = _LOW if st[trick] == _EMPTY else _MATCH
    elif st[trick] == _BOUND:
        return None  # off suit means his lowest card left, but a lower one is held for a later trick
    else:
        st[trick] = _VOID
    for k in range(len(st)):
        if k in must and st[k] in (_BOUND, _MATCH, _VOID):
            return None
        if k not in keep and st[k] == _LOW:
            st[k] = _MATCH
    for k in range(len(st)):
        if st[k] == _VOID and all(x >= _LOW for x in st[k + 1:]):
            st[k] = _MATCH  # a shown-out suit matters only while cards are still to come for later tricks
    return tuple(st)


def _tables(cards: int, led: tuple):
    """The slot statuses one player reaches (index 0: no card yet): ``(next, open slots, could lead)``.

    ``next[kind, status, suit, trick]`` is the status after a card of ``suit`` goes to ``trick``
    (-1: not allowed), for seat 0 (``kind`` 0, who leads the first trick) and the others (1, who might lead
    the later ones).
    """
    start = (_EMPTY,) * cards
    ids = {start: 0}
    order = [start]
    edges = {}
    rules = {0: ((0,), tuple(range(cards))), 1: ((), tuple(range(1, cards)))}
    i = 0
    while i < len(order):
        for kind in (0, 1):
            for suit in range(4):
                for trick in range(cards):
                    t = _give(order[i], suit, trick, led, *rules[kind])
                    if t is not None and t not in ids:
                        ids[t] = len(order)
                        order.append(t)
                    edges[kind, i, suit, trick] = -1 if t is None else ids[t]
        i += 1
    nxt = np.full((2, len(order), 4, cards), -1, np.int64)
    for (kind, a, suit, trick), b in edges.items():
        nxt[kind, a, suit, trick] = b
    open_slots = np.array([sum(x in (_EMPTY, _BOUND) for x in st) for st in order], np.int64)
    lead = np.array([[x == _LOW for x in st] for st in order], np.bool_)
    return nxt, open_slots, lead


@njit(cache=True)
def _mix(key):
    h = key ^ (key >> 31)
    h = h * 0x7FB5D329728EA185
    h = h ^ (h >> 27)
    h = h * 0x81DADEF4BC2DD44D
    return h ^ (h >> 33)


@njit(cache=True)
def _put(keys, counts, key, ways):
    """Add ``ways`` to ``key`` in an open-addressing table (free slots hold -1); 1 if the key is new."""
    mask = len(keys) - 1
    h = _mix(key) & mask
    while True:
        k = keys[h]
        if k == key:
            counts[h] += ways
            return 0
        if k == -1:
            keys[h] = key
            counts[h] = ways
            return 1
        h = (h + 1) & mask


@njit(cache=True)
def _step(keys, counts, players, cards, bits, nxt, open_slots, led, suit, trump, bid, left_after):
    """One card of the scan: every state's ways to give it to nobody, the turned-up card, or a player's trick."""
    smask = (1 << bits) - 1
    off_best = players * bits
    off_bid = off_best + 4 * cards
    turned_bit = off_bid + 2 * players
    size = 1024
    while size < 4 * len(keys):
        size *= 2
    tk = np.full(size, -1, np.int64)
    tv = np.zeros(size, np.int64)
    filled = 0
    for i in range(len(keys)):
        x = keys[i]
        w = counts[i]
        need = (x >> turned_bit) & 1
        for p in range(players):
            need += open_slots[(x >> (p * bits)) & smask]
        if need <= left_after:
            filled += _put(tk, tv, x, w)
        if (x >> turned_bit) & 1 == 1 and suit == trump and need - 1 <= left_after:
            filled += _put(tk, tv, x & ~(1 << turned_bit), w)
        if need - 1 > left_after:
            continue
        for p in range(players):
            status = (x >> (p * bits)) & smask
            kind = 0 if p == 0 else 1
            for t in range(cards):
                ns = nxt[kind, status, suit, t]
                if ns < 0:
                    continue
                # the best card of trick t so far (0: none, 1 + 2·seat + 1 if a trump): later cards are higher
                b = (x >> (off_best + 4 * t)) & 15
                if suit == trump:
                    b = 2 + 2 * p
                elif suit == led[t] and not (b > 0 and (b - 1) & 1 == 1):
                    b = 1 + 2 * p
                y = (x & ~(smask << (p * bits))) | (ns << (p * bits))
                y = (y & ~(15 << (off_best + 4 * t))) | (b << (off_best + 4 * t))
                if bid and (y >> (off_bid + 2 * p)) & 3 < cards:
                    y += 1 << (off_bid + 2 * p)
                filled += _put(tk, tv, y, w)
                if 2 * filled > size:
                    nk = np.full(2 * size, -1, np.int64)
                    nv = np.zeros(2 * size, np.int64)
                    for h in range(size):
                        if tk[h] != -1:
                            _put(nk, nv, tk[h], tv[h])
                    tk, tv, size = nk, nv, 2 * size
    used = tk != -1
    return tk[used], tv[used]


@njit(cache=True)
def _outcomes(keys, players, cards, bits, lead):
    """Each final state's outcome as one number (tricks, then wanted bids, base ``cards + 1``), -1 if impossible.

    Impossible: a trick with no card of its led suit, or a trick's leader (seat 0, then the winner of the
    trick before) whose card there was not his lowest card left of the led suit.
    """
    smask = (1 << bits) - 1
    off_best = players * bits
    off_bid = off_best + 4 * cards
    out = np.full(len(keys), -1, np.int64)
    tricks = np.zeros(players, np.int64)
    for i in range(len(keys)):
        x = keys[i]
        tricks[:] = 0
        leader = 0
        ok = True
        for t in range(cards):
            b = (x >> (off_best + 4 * t)) & 15
            if b == 0 or not lead[(x >> (leader * bits)) & smask, t]:
                ok = False
                break
            leader = (b - 1) >> 1
            tricks[leader] += 1
        if ok:
            code = 0
            for p in range(players):
                code = code * (cards + 1) + tricks[p]
            for p in range(players):
                code = code * (cards + 1) + ((x >> (off_bid + 2 * p)) & 3)
            out[i] = code
    return out


def _scan(players: int, cards: int, trump: int, ranks: tuple, turned: bool, led: tuple) -> dict:
    """Counts ``{(tricks, wanted bids): deals}`` of the deals whose tricks are led in the suits ``led``.

    One trump suit (or none: ``trump = -1``).  A state packs, in one integer, every player's slot statuses,
    each trick's best card so far (its holder and whether it is a trump), the wanted bids so far and whether
    the turned-up card is still to come.
    """
    nxt, open_slots, lead = _tables(cards, led)
    bits = max(1, (len(open_slots) - 1).bit_length())
    if players * bits + 4 * cards + 2 * players + 1 > 62 or cards > 3 or players > 7:
        raise ValueError("the scan packs a state in 62 bits: at most 3 cards and few players")
    keys = np.array([1 << (players * bits + 4 * cards + 2 * players) if turned else 0], np.int64)
    counts = np.ones(1, np.int64)
    led_arr = np.array(led, np.int64)
    n = len(ranks)
    for ri, rank in enumerate(ranks):
        for suit in range(4):
            bid = rank == ACE or (suit == trump and rank in (KING, QUEEN))
            keys, counts = _step(keys, counts, players, cards, bits, nxt, open_slots, led_arr, suit, trump, bid,
                                 4 * (n - ri) - suit - 1)
            if TRACE:
                print(led, rank, suit, len(keys), round(time.perf_counter(), 1), flush=True)
    codes = _outcomes(keys, players, cards, bits, lead)
    out: dict = {}
    for code, ways in zip(codes.tolist(), counts.tolist()):
        if code < 0:
            continue
        digits = []
        for _ in range(2 * players):
            code, d = divmod(code, cards + 1)
            digits.append(d)
        key = (tuple(digits[::-1][:players]), tuple(digits[::-1][players:]))
        out[key] = out.get(key, 0) + ways
    return out


# ------------------------------------------------------------ the scan with the trick winners guessed too
@lru_cache(maxsize=None)
def _player_table(cards: int, led: tuple, leads: tuple):
    """One player's slot statuses when he leads exactly the tricks ``leads``: ``(next, open slots, could lead)``.

    ``next[status, suit, trick]`` as in :func:`_tables`; whether a slot's card could be led is remembered only
    in the tricks he leads, and a card that could not be led there ends the path at once.
    """
    start = (_EMPTY,) * cards
    ids = {start: 0}
    order = [start]
    edges = {}
    i = 0
    while i < len(order):
        for suit in range(4):
            for trick in range(cards):
                t = _give(order[i], suit, trick, led, leads, leads)
                if t is not None and t not in ids:
                    ids[t] = len(order)
                    order.append(t)
                edges[i, suit, trick] = -1 if t is None else ids[t]
        i += 1
    nxt = np.full((len(order), 4, cards), -1, np.int64)
    for (a, suit, trick), b in edges.items():
        nxt[a, suit, trick] = b
    open_slots = np.array([sum(x in (_EMPTY, _BOUND) for x in st) for st in order], np.int64)
    lead = np.array([[x == _LOW for x in st] for st in order], np.bool_)
    return nxt, open_slots, lead


@lru_cache(maxsize=None)
def _guess_tables(players: int, cards: int, led: tuple, leaders: tuple):
    """Every player's :func:`_player_table`, padded to one array: ``(bits, next[player, status, suit, trick], open)``."""
    parts = [_player_table(cards, led, tuple(t for t in range(cards) if leaders[t] == p)) for p in range(players)]
    size = max(len(part[1]) for part in parts)
    nxt = np.full((players, size, 4, cards), -1, np.int64)
    open_slots = np.zeros((players, size), np.int64)
    for p, (n, o, _) in enumerate(parts):
        nxt[p, :len(o)] = n
        open_slots[p, :len(o)] = o
    return max(1, (size - 1).bit_length()), nxt, open_slots


@njit(cache=True)
def _put2(keys, counts, key, a, b):
    """:func:`_put` with two counts per key (``counts[h, 0]``, ``counts[h, 1]``); 1 if the key is new."""
    mask = len(keys) - 1
    h = _mix(key) & mask
    while True:
        k = keys[h]
        if k == key:
            counts[h, 0] += a
            counts[h, 1] += b
            return 0
        if k == -1:
            keys[h] = key
            counts[h, 0] = a
            counts[h, 1] = b
            return 1
        h = (h + 1) & mask


@njit(cache=True)
def _winners_scan(players, cards, bits, nxt, open_slots, led, winners, trump, ranks, sizes):
    """The whole scan for one guess of led suits and winners of every trick but the last.

    Returns the final states' ``(wanted bids + 4^players × best holder of the last trick, deals)``; ``sizes``
    receives the number of states after each card.  A state packs every player's slot statuses, each guessed
    trick's state (0: its winner's card has not come, 1: not come but a trump has, 2: won by a card of the led
    suit, 3: won by a trump), the last trick's best card so far (0: none, 1 + 2·seat + 1 if a trump) and the
    wanted bids so far.  Each state has two counts: the deals so far with the turned-up card still to come
    (column 0) and with it among the trumps passed so far (column 1).  Without trump (``trump = -1``) only
    column 0 is used.
    """
    smask = (1 << bits) - 1
    off_trick = players * bits
    last = off_trick + 2 * (cards - 1)
    off_bid = last + 4
    keys = np.full(1024, -1, np.int64)
    counts = np.zeros((1024, 2), np.int64)
    _put2(keys, counts, 0, 1, 0)
    n = len(ranks)
    for ri in range(n):
        rank = ranks[ri]
        for suit in range(4):
            bid = rank == 14 or (suit == trump and (rank == 13 or rank == 12))
            left_after = 4 * (n - ri) - suit - 1
            size = 1024
            while size < 4 * len(keys):
                size *= 2
            tk = np.full(size, -1, np.int64)
            tv = np.zeros((size, 2), np.int64)
            filled = 0
            for i in range(len(keys)):
                x = keys[i]
                a = counts[i, 0]
                b = counts[i, 1]
                need = 0
                for p in range(players):
                    need += open_slots[p, (x >> (p * bits)) & smask]
                if need <= left_after:
                    # nobody gets the card; a trump may be the turned-up card
                    filled += _put2(tk, tv, x, a, b + a if suit == trump else b)
                if need - 1 > left_after:
                    continue
                for p in range(players):
                    status = (x >> (p * bits)) & smask
                    for t in range(cards):
                        ns = nxt[p, status, suit, t]
                        if ns < 0:
                            continue
                        y = (x & ~(smask << (p * bits))) | (ns << (p * bits))
                        if t == cards - 1:  # the last trick: its best card so far (later cards are higher)
                            s = (x >> last) & 15
                            if suit == trump:
                                s = 2 + 2 * p
                            elif suit == led[t] and not (s > 0 and (s - 1) & 1 == 1):
                                s = 1 + 2 * p
                            y = (y & ~(15 << last)) | (s << last)
                        else:
                            s = (x >> (off_trick + 2 * t)) & 3
                            if p == winners[t]:  # the winner's card: the last card of the trick's winning group
                                if suit == trump:
                                    s = 3
                                elif suit == led[t] and s == 0:
                                    s = 2
                                else:
                                    continue
                            elif suit == trump:  # a later trump beats the winner's card
                                if s >= 2:
                                    continue
                                if led[t] != trump:
                                    s = 1
                            elif suit == led[t] and s == 2:
                                continue
                            y = (y & ~(3 << (off_trick + 2 * t))) | (s << (off_trick + 2 * t))
                        if bid and (y >> (off_bid + 2 * p)) & 3 < cards:
                            y += 1 << (off_bid + 2 * p)
                        filled += _put2(tk, tv, y, a, b)
                        if 2 * filled > size:
                            nk = np.full(2 * size, -1, np.int64)
                            nv = np.zeros((2 * size, 2), np.int64)
                            for h in range(size):
                                if tk[h] != -1:
                                    _put2(nk, nv, tk[h], tv[h, 0], tv[h, 1])
                            tk, tv, size = nk, nv, 2 * size
            used = tk != -1
            keys, counts = tk[used], tv[used]
            sizes[4 * ri + suit] = len(keys)
            if len(keys) == 0:
                return keys, counts[:, 0]
    ok = np.ones(len(keys), np.bool_)
    for i in range(len(keys)):
        for t in range(cards - 1):
            if (keys[i] >> (off_trick + 2 * t)) & 3 < 2:
                ok[i] = False
        if (keys[i] >> last) & 15 == 0:
            ok[i] = False
    return (keys[ok] >> off_bid) | (((keys[ok] >> last) & 15) << (2 * players)), counts[ok, 1 if trump >= 0 else 0]


@lru_cache(maxsize=None)
def _guesses(players: int, cards: int) -> list:
    """The guesses of who wins every trick but the last that need a scan, each with the seat maps of its kin.

    SimpleBot's card never depends on the cards already in the trick, so the play, and each seat's tricks and
    wanted bid, follow the hands whatever order the followers (seats 1 …) sit in: moving their hands round
    moves their tricks and bids alike, and turns a guess into another one.  Only the guesses whose followers
    first win in the order 1, 2, … are scanned; each comes with one map ``seat → new seat`` per guess it
    stands for (with four players and three cards 5 scans stand for all 16 guesses).

    >>> [(w, len(maps)) for w, maps in _guesses(4, 3)]
    [((0, 0), 1), ((0, 1), 3), ((1, 0), 3), ((1, 1), 3), ((1, 2), 6)]
    """
    out = []
    for winners in product(range(players), repeat=cards - 1):
        first = [w for k, w in enumerate(winners) if w > 0 and w not in winners[:k]]
        if first != list(range(1, len(first) + 1)):
            continue
        images: dict = {}
        for perm in permutations(range(1, players)):
            seat = (0,) + perm
            images.setdefault(tuple(seat[w] for w in winners), seat)
        out.append((winners, list(images.values())))
    return out


def _move(values: tuple, seat: tuple) -> tuple:
    """``values`` by seat after seat ``p``'s hand moves to seat ``seat[p]``.

    >>> _move((5, 6, 7), (0, 2, 1))
    (5, 7, 6)
    """
    out = [0] * len(values)
    for p, v in enumerate(values):
        out[seat[p]] = v
    return tuple(out)


def _scan_winners(players: int, cards: int, trump: int, ranks: tuple, led: tuple, winners: tuple) -> dict:
    """Counts ``{(tricks, wanted bids): deals}`` of the deals whose tricks are led in the suits ``led`` and whose
    tricks but the last are won by ``winners``; with the turned-up card when there is a trump suit (``trump``).

    The leader of the first trick is seat 0, of each later one the winner of the trick before.
    """
    leaders = (0,) + tuple(winners)
    bits, nxt, open_slots = _guess_tables(players, cards, led, leaders)
    if players * bits + 2 * (cards - 1) + 4 + 2 * players > 62 or cards > 3 or players > 7:
        raise ValueError("the scan packs a state in 62 bits: at most 3 cards and few players")
    sizes = np.zeros(4 * len(ranks), np.int64)
    codes, ways = _winners_scan(players, cards, bits, nxt, open_slots, np.array(led, np.int64),
                                np.array(winners + (0,), np.int64), trump, np.array(ranks, np.int64), sizes)
    if TRACE:
        print(led, winners, "states after each card:", sizes.tolist(), flush=True)
    out: dict = {}
    for code, w in zip(codes.tolist(), ways.tolist()):
        if w == 0:
            continue
        tricks = [winners.count(p) for p in range(players)]
        tricks[((code >> (2 * players)) - 1) >> 1] += 1
        key = (tuple(tricks), tuple((code >> (2 * p)) & 3 for p in range(players)))
        out[key] = out.get(key, 0) + w
    return out


def _check(players: int, cards: int, trump: str, ranks) -> tuple:
    if trump not in TRUMPS:
        raise ValueError(f"trump must be turned-up or none, not {trump!r}")
    ranks = tuple(sorted(ranks))
    if len(set(ranks)) != len(ranks) or not all(2 <= r <= 14 for r in ranks):
        raise ValueError(f"ranks must be distinct numbers from 2 to 14 (14 = ace), not {ranks!r}")
    if players < 2 or cards < 1 or players * cards + (trump == "turned-up") > 4 * len(ranks):
        raise ValueError("choose 2 or more players, 1 or more cards, and at most the cards the deck allows")
    return ranks


@lru_cache(maxsize=None)
def joint_counts(players: int, cards: int, trump: str = "turned-up", *, ranks: tuple = FULL_RANKS,
                 stored: bool = False, method: str = "winners") -> dict:
    """``{(tricks by seat, wanted bids by seat): number of deals}``, computed by the scan (exact integers).

    The wanted bid is SimpleBot's before the hook (aces, trump king and
    queen, capped at ``cards``).  With ``stored=True`` the full deck's counts
    come from :data:`COUNTS_FILE` when it holds them (see :func:`write_counts`).
    ``method``: ``"winners"`` (the trick winners guessed, the fast scan) or
    ``"holders"`` (each trick's best holder carried, the earlier scan, kept as
    a check); both count alike.

    >>> counts = joint_counts(2, 1, "none", ranks=(13, 14))  # K and A of four suits: 8·7 deals
    >>> counts == joint_counts(2, 1, "none", ranks=(13, 14), method="holders"), sum(counts.values())
    (True, 56)
    >>> counts[(0, 1), (0, 1)], counts[(1, 0), (0, 1)]       # the follower's ace wins only in the led suit
    (4, 12)
    """
    ranks = _check(players, cards, trump, ranks)
    if stored and ranks == FULL_RANKS:
        saved = read_counts().get(_key(players, cards, trump))
        if saved is not None:
            return saved
    if method not in ("winners", "holders"):
        raise ValueError(f"method must be winners or holders, not {method!r}")
    turned = trump == "turned-up"
    joint: dict = {}
    for t in (range(4) if turned else (-1,)):
        for led in product(range(4), repeat=cards):
            if method == "holders":
                for key, ways in _scan(players, cards, t, ranks, turned, led).items():
                    joint[key] = joint.get(key, 0) + ways
                continue
            for winners, images in _guesses(players, cards):
                for (tricks, bids), ways in _scan_winners(players, cards, t, ranks, led, winners).items():
                    for seat in images:  # the same deals with the followers' hands moved round
                        key = (_move(tricks, seat), _move(bids, seat))
                        joint[key] = joint.get(key, 0) + ways
    expected = _multinomial(4 * len(ranks), [cards] * players + ([1] if turned else []))
    if sum(joint.values()) != expected:
        raise AssertionError(f"counted {sum(joint.values())} deals, expected {expected}")
    return joint


@lru_cache(maxsize=None)
def simple_distribution(players: int, cards: int, trump: str = "turned-up", *, ranks: tuple = FULL_RANKS,
                        hook: bool = True, stored: bool = False) -> SimpleOdds:
    """Exact odds of one Plump round in which every seat plays :class:`~cardlab.bots.simple.SimpleBot`.

    ``trump``: ``"turned-up"`` (a card turned after the deal names trump) or
    ``"none"``.  ``ranks``: the ranks in the deck (2 … 14 = ace), four suits
    each; a smaller deck such as ``(12, 13, 14)`` is for checking against
    every deal.  Single rounds, leader left of the dealer, hook on unless
    ``hook=False``, no obligation to trump.  ``stored``: see :func:`joint_counts`.
    """
    joint = joint_counts(players, cards, trump, ranks=tuple(ranks), stored=stored)
    deals = sum(joint.values())
    tricks = [[Fraction(0)] * (cards + 1) for _ in range(players)]
    bids = [[Fraction(0)] * (cards + 1) for _ in range(players)]
    made = [Fraction(0)] * players
    for (trick_vec, base), ways in joint.items():
        final = hook_bids(base, cards, hook)
        p = Fraction(ways, deals)
        for k in range(players):
            tricks[k][trick_vec[k]] += p
            bids[k][final[k]] += p
            if final[k] == trick_vec[k]:
                made[k] += p
    return SimpleOdds(players, cards, trump, tricks, made, bids, deals)


# ------------------------------------------------------------ stored counts
#: exact counts of the full deck, computed once (``python -m cardlab.sim.exact_simple``) and shipped
COUNTS_FILE = Path(__file__).resolve().parent.parent / "data" / "plump_exact_simple_counts.json"


def _key(players: int, cards: int, trump: str) -> str:
    return f"p{players}/c{cards}/{trump}"


def read_counts(path: "str | Path | None" = None) -> dict:
    """The stored counts: ``{"p3/c2/none": {(tricks, wanted bids): deals, ...}, ...}`` ({} when there is no file)."""
    path = Path(path) if path is not None else COUNTS_FILE
    if not path.exists():
        return {}
    raw = json.loads(path.read_text())
    return {key: {(tuple(r[0]), tuple(r[1])): int(r[2]) for r in entry["counts"]}
            for key, entry in raw["settings"].items()}


def write_counts(path: "str | Path | None" = None, sizes=((3, 2), (4, 2), (3, 3), (4, 3)), trumps=TRUMPS) -> Path:
    """Compute the full deck's counts for ``sizes`` × ``trumps`` with the scan and store them as JSON.

    Each setting is written as soon as it is done (settings already in the
    file and not asked for are kept), so a long run can be resumed.
    """
    path = Path(path) if path is not None else COUNTS_FILE
    for players, cards in sizes:
        for trump in trumps:
            started = time.perf_counter()
            joint = joint_counts(players, cards, trump)
            body = json.loads(path.read_text()) if path.exists() else {"settings": {}}
            body["what"] = ("Plump rounds played by the lowest-card policy (SimpleBot) at every seat, full 52-card deck: "
                            "for each setting, [tricks by seat from the leader, wanted bids before the hook, number of "
                            "deals]; written by python -m cardlab.sim.exact_simple (cardlab.sim.exact_simple.write_counts)")
            body["settings"][_key(players, cards, trump)] = {
                "deals": str(sum(joint.values())), "seconds": round(time.perf_counter() - started, 1),
                "counts": [[list(t), list(b), str(w)] for (t, b), w in sorted(joint.items())]}
            body["settings"] = dict(sorted(body["settings"].items()))
            path.write_text(json.dumps(body, indent=None, separators=(",", ":")).replace('"],[[', '"],\n[[') + "\n")
    return path


def play_lowest(hands, trump=None) -> tuple[list[int], list[int]]:
    """Play one round by the lowest-card policy from explicit hands; ``(bids, tricks)`` by seat from the leader.

    ``hands``: one list of ``(rank, suit)`` per seat from the leader (rank
    2 … 14, suit 0 … 3 = clubs, diamonds, hearts, spades); ``trump``: a suit
    or ``None``.  A plain reference for the tests (every deal of a small deck), stepped by the same
    cores as the kernels (:mod:`cardlab.rules.trick_core`, :mod:`cardlab.kernels.simple_core`).

    >>> play_lowest([[(14, 3), (2, 0)], [(13, 3), (3, 0)], [(5, 1), (4, 0)]], trump=1)
    ([1, 0, 0], [0, 0, 2])
    """
    players = len(hands)
    cards = len(hands[0])
    trump_code = -1 if trump is None else trump
    masks = [hand_mask(13 * suit + rank - 2 for rank, suit in hand) for hand in hands]
    bids = list(hook_bids([simple_bid(m, cards, trump_code) for m in masks], cards))
    tricks = [0] * players
    leader = 0
    for _ in range(cards):
        trick = empty_trick()
        seat = leader
        for _ in range(players):
            card = simple_card(legal_follow(masks[seat], trick.led, trump_code, False))
            masks[seat] ^= 1 << card
            trick = add_to_trick(trick, seat, card, trump_code)
            seat = next_seat(seat, players)
        leader = finish_trick(trick, tricks)
    return bids, tricks


def simple_table(players_range=(3, 4), cards_range=(2, 3), trumps=TRUMPS, *, stored: bool = True):
    """A pandas table of exact lowest-card odds, with the columns of :func:`cardlab.sim.exact_tricks.exact_table`.

    One row per players × cards × trump × seat from the leader, ``policy``
    ``"simple"``: ``p_zero``, ``p_made`` (SimpleBot's bid made, hook on),
    ``mean_tricks``, ``p_tricks_<t>`` and the fractions as text.
    ``stored``: read the full deck's counts from :data:`COUNTS_FILE` when it
    has them (see :func:`joint_counts`).
    """
    import pandas as pd

    rows = []
    for players in players_range:
        for cards in cards_range:
            for trump in trumps:
                odds = simple_distribution(players, cards, trump, stored=stored)
                for k in range(players):
                    row = {"players": players, "cards": cards, "trump": trump, "policy": "simple",
                           "seat_from_leader": k, "p_zero": float(odds.tricks[k][0]), "p_made": float(odds.made[k]),
                           "mean_tricks": float(odds.mean_tricks[k])}
                    for t in range(max(cards_range) + 1):
                        row[f"p_tricks_{t}"] = float(odds.tricks[k][t]) if t <= cards else 0.0
                    row["p_zero_exact"], row["p_made_exact"] = str(odds.tricks[k][0]), str(odds.made[k])
                    rows.append(row)
    return pd.DataFrame(rows)


if __name__ == "__main__":  # python -m cardlab.sim.exact_simple [PATH|-] [3x2 4x3/none ...]: recompute stored counts
    import sys

    path = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "-" else None
    for arg in sys.argv[2:] or ["3x2", "4x2", "3x3", "4x3"]:
        size, _, trump = arg.partition("/")
        players, cards = (int(x) for x in size.split("x"))
        print(write_counts(path, [(players, cards)], (trump,) if trump else TRUMPS), arg, flush=True)
