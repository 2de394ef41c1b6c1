"""Random Plump play on bitmask hands: the deal, random bids, random tricks from any point of a round.

These are the compiled building blocks of the random policy in :mod:`cardlab.kernels.plump_kernel`
(and of anything else that wants a fast random play-out, e.g. a search from a mid-round state).
Every random choice is drawn from the round's SplitMix64 stream (:mod:`cardlab.kernels.rng`) exactly
as :class:`cardlab.kernels.rng.StreamBot` draws it in the reference engine: a bid uniform among the
allowed ones in ascending order, a card uniform among the legal ones in ascending card index.
Changing the order or the number of draws would change every simulated round, so the tests
replay the kernel's rounds move by move with the engine.

Hands are ``uint64`` masks (bit ``card.index`` set, ``index = suit × 13 + rank − 2``); trump is
0..3 or -1; ``tricks`` counts the tricks each seat has taken.  The hot loop is written so that the
processor seldom mispredicts a jump: the random card is found with :func:`cardlab.kernels.bits.nth_bit`
(``pdep`` where it is fast) and the trick's best card is kept with conditional moves
(:func:`cardlab.kernels.bits.barrier`).

>>> import numpy as np
>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> hands = np.array([mask("AS KS"), mask("2H 3H"), mask("QS 4C")], np.uint64)
>>> tricks = np.zeros(3, np.int64)
>>> state, leader = random_tricks(np.uint64(5), hands, 3, 0, 2, 3, False, tricks)
>>> tricks.tolist(), leader, [int(h) for h in hands]     # spades trump: seat 0 takes both
([2, 0, 0], 0, [0, 0, 0])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._numba import njit
from .bits import SUIT_OF, barrier, nth_bit, popcount
from .cores import Trick, add_to_trick, beats, empty_trick, finish_trick, first_leader, forbidden_bid, legal_follow, next_seat
from .rng import U64, below, fill_ahead, shuffle_step, swap_into, take_ahead

__all__ = ["PlumpDeal", "random_card", "deal_hands", "random_bids", "random_tricks", "random_play_out", "AHEAD",
           "random_start_ahead", "random_tricks_pair_ahead"]


class PlumpDeal(NamedTuple):
    """What stays fixed while a dealt round's tricks are played: the kernels pass it as one record.

    ``trump`` is 0..3 or −1 (none), ``trump_card`` the turned-up card (−1: none) and
    ``must_trump`` the trumftvång option.
    """

    players: int
    hand_size: int
    trump: int
    must_trump: bool
    trump_card: int


@njit(cache=True, inline="always")
def random_card(state, legal):
    """(new state, card): a card uniform among the set bits of the non-empty mask ``legal``.

    The draw is ``below(popcount(legal))``, counted from the lowest card (none when only one card
    is legal): the draw :class:`cardlab.kernels.rng.StreamBot` makes from the engine's legal actions.

    >>> import numpy as np
    >>> random_card(np.uint64(1), np.uint64(1 << 40))[1]      # one legal card: no draw
    40
    """
    state, k = below(state, popcount(legal))
    return state, nth_bit(legal, k)


@njit(cache=True)
def deal_hands(state, players, hand_size, dealer, trump_code, hands, order):
    """Shuffle and deal into ``hands`` (seat → mask); returns (state, trump suit, trump card).

    The deck is shuffled by :func:`cardlab.kernels.rng.shuffle_into` (Fisher–Yates from the top,
    ``hand_size × hands + 1`` positions) and dealt one card at a time from the left of the dealer
    (with two players a blind hand after the dealer), then the next card is turned.  The deal is
    done as the shuffle places each card, in the same pass, so ``order`` (≥ 52 long, any integer
    type) ends as :func:`cardlab.kernels.rng.shuffle_into` leaves it.  ``trump_code`` is -2 for a
    turned-up card, -1 for no trump, 0..3 for a fixed suit; the trump card is -1 when none is turned.

    >>> import numpy as np
    >>> from cardlab.kernels.rng import shuffled_order
    >>> hands, order = np.zeros(4, np.uint64), np.zeros(52, np.int8)
    >>> state, trump, card = deal_hands(np.uint64(7), 4, 3, 0, -2, hands, order)
    >>> deck = shuffled_order(7, 52, 13)
    >>> int(hands[1]) == sum(1 << c for c in deck[0:12:4]), card == deck[12], trump == deck[12] // 13
    (True, True, True)
    """
    return shuffle_and_deal(state, None, players, hand_size, dealer, trump_code, hands, order)


@njit(cache=True)
def shuffle_and_deal(state, picks, players, hand_size, dealer, trump_code, hands, order):
    """:func:`deal_hands` with the shuffle's picks drawn from ``state`` as the cards are placed
    (``picks`` None), or given: position ``i`` takes the card at ``i + picks[i]`` (drawn ahead by
    :func:`random_start_ahead`; ``state`` is then returned unchanged).  Returns (state, trump suit,
    trump card).
    """
    n = 52
    n_hands = players + 1 if players == 2 else players
    dealt = hand_size * n_hands
    steps = min(dealt + 1, n - 1)
    for i in range(n):
        order[i] = i
    for s in range(players):
        hands[s] = U64(0)
    seat = dealer + 1 if dealer + 1 < players else 0
    pos = 0  # which hand the next card goes to (players == 2: position 2 is the blind hand)
    for i in range(steps):  # Fisher–Yates from the top
        if picks is None:
            state, card = shuffle_step(state, order, i, n)
        else:
            card = swap_into(order, i, i + picks[i])
        if i < dealt:
            if pos < players:
                hands[seat] |= U64(1) << U64(card)
                seat = seat + 1 if seat + 1 < players else 0
            pos = pos + 1 if pos + 1 < n_hands else 0
    for i in range(steps, dealt):  # the last card of a full deal is placed without a draw
        if pos < players:
            hands[seat] |= U64(1) << U64(order[i])
            seat = seat + 1 if seat + 1 < players else 0
        pos = pos + 1 if pos + 1 < n_hands else 0
    trump = trump_code
    trump_card = -1
    if trump_code == -2:
        if dealt < n:
            trump_card = np.int64(order[dealt])
            trump = SUIT_OF[trump_card]
        else:
            trump = -1
    return state, trump, trump_card


@njit(cache=True, inline="always")
def random_bids(state, players, hand_size, dealer, hook, bids):
    """Random bids into ``bids`` from the left of the dealer, the dealer last; returns the new state.

    Each bid is uniform among the allowed ones: ``0..hand_size`` without the one the hook
    forbids the dealer (:func:`cardlab.rules.plump_core.forbidden_bid`).

    >>> import numpy as np
    >>> bids = np.zeros(3, np.int64)
    >>> _ = random_bids(np.uint64(3), 3, 2, 0, True, bids)
    >>> bool(bids.sum() != 2), bool(((0 <= bids) & (bids <= 2)).all())
    (True, True)
    """
    total = 0
    seat = dealer
    for _ in range(players):
        seat = seat + 1 if seat + 1 < players else 0
        forbidden = forbidden_bid(seat, dealer, hand_size, total, hook)
        state, pick = below(state, hand_size + 1 - (1 if forbidden >= 0 else 0))
        bid = pick if (forbidden < 0 or pick < forbidden) else pick + 1
        bids[seat] = bid
        total += bid
    return state


@njit(cache=True, inline="always")
def _lead(state, hands, leader):
    """The leader's random card: (state, the trick it opens)."""
    hand = hands[leader]
    state, card = random_card(state, hand)
    hands[leader] = hand ^ (U64(1) << U64(card))
    return state, add_to_trick(empty_trick(), leader, card, -1)


@njit(cache=True, inline="always")
def _follow(state, hands, seat, trick, trump, must_trump):
    """A random legal card from ``seat`` after the lead: (state, the trick with it).

    This is :func:`cardlab.rules.trick_core.add_to_trick` after the lead, with the new best card
    chosen by conditional moves (:func:`cardlab.kernels.bits.barrier`) instead of a jump; the winner
    rule is the core's :func:`~cardlab.rules.trick_core.beats` (tests/test_sim_playout.py checks
    both give the same tricks).
    """
    hand = hands[seat]
    state, card = random_card(state, legal_follow(hand, trick.led, trump, must_trump))
    hands[seat] = hand ^ (U64(1) << U64(card))
    wins = barrier(beats(card, trick.best_card, trump))
    return state, Trick(trick.count + 1, trick.led, card if wins else trick.best_card,
                        seat if wins else trick.best_seat)


@njit(cache=True, inline="always")
def random_tricks(state, hands, players, leader, n_tricks, trump, must_trump, tricks):
    """Play ``n_tricks`` whole tricks at random, ``leader`` leading the first; returns (state, next leader).

    Every seat plays a card uniform among its legal ones (:func:`random_card`); the cards leave
    ``hands`` and each trick's winner gets one more in ``tricks`` and leads the next.
    """
    for _ in range(n_tricks):
        state, trick = _lead(state, hands, leader)
        seat = leader
        for _ in range(players - 1):
            seat = next_seat(seat, players)
            state, trick = _follow(state, hands, seat, trick, trump, must_trump)
        leader = finish_trick(trick, tricks)
    return state, leader


#: outputs :func:`random_start_ahead` may draw for one round (deal ≤ 51, bids ≤ 7, cards ≤ 52)
AHEAD = 112


@njit(cache=True, inline="always")
def random_start_ahead(seed, players, hand_size, dealer, trump_code, hook, highest_bidder_leads, bids, tricks, hands,
                       order, ahead, picks):
    """:func:`deal_hands` and :func:`random_bids` with the round's stream drawn ahead (:func:`cardlab.kernels.rng.fill_ahead`).

    Returns (trump, trump card, first leader, outputs used, doubt).  ``ahead`` (≥ :data:`AHEAD`,
    ``uint32``) keeps the outputs for :func:`random_tricks_pair_ahead`; ``picks`` (≥ 52, ``int8``)
    is work space.  The shuffle's picks are worked out in one vectorised loop before the cards move.
    When ``doubt`` is non-zero a draw may have been one :func:`cardlab.kernels.rng.below` rejects: the
    caller must play the round again the exact way (:func:`random_tricks`); otherwise every bid,
    hand and trump is the one :func:`deal_hands` and :func:`random_bids` give.

    >>> import numpy as np
    >>> hands, bids, tricks = np.zeros(4, np.uint64), np.zeros(4, np.int64), np.zeros(4, np.int64)
    >>> ahead, picks, order = np.zeros(AHEAD, np.uint32), np.zeros(52, np.int8), np.zeros(52, np.int8)
    >>> trump, card, leader, used, doubt = random_start_ahead(7, 4, 3, 0, -2, True, False, bids, tricks, hands,
    ...                                                        order, ahead, picks)
    >>> same = np.zeros(4, np.uint64)
    >>> state, *_ = deal_hands(np.uint64(7), 4, 3, 0, -2, same, np.zeros(52, np.int8))
    >>> bool((same == hands).all()), used, doubt, leader       # 13 draws for the deal, 4 bids
    (True, 17, 0, 1)
    """
    n_hands = players + 1 if players == 2 else players
    dealt = hand_size * n_hands
    steps = min(dealt + 1, 51)
    fill_ahead(U64(seed), ahead, steps + players + hand_size * players)
    doubt = 0
    for i in range(steps):  # position i takes the card at i + picks[i] (Fisher–Yates from the top)
        m = U64(ahead[i]) * U64(52 - i)
        picks[i] = np.int8(m >> U64(32))
        doubt += 1 if (m & U64(0xFFFFFFFF)) < U64(52 - i) else 0
    _, trump, trump_card = shuffle_and_deal(U64(0), picks, players, hand_size, dealer, trump_code, hands, order)
    used = steps
    total = 0
    seat = dealer
    for _ in range(players):  # the bids, as random_bids draws them
        seat = seat + 1 if seat + 1 < players else 0
        forbidden = forbidden_bid(seat, dealer, hand_size, total, hook)
        used, pick, d = take_ahead(ahead, used, hand_size + 1 - (1 if forbidden >= 0 else 0))
        doubt += d
        bid = pick if (forbidden < 0 or pick < forbidden) else pick + 1
        bids[seat] = bid
        total += bid
    leader = first_leader(bids, dealer, highest_bidder_leads)
    for s in range(players):
        tricks[s] = 0
    return trump, trump_card, leader, used, doubt


@njit(cache=True, inline="always")
def _lead_ahead(ahead, used, hands, leader):
    """:func:`_lead` from drawn-ahead outputs: (used, doubt, card, suit led)."""
    hand = hands[leader]
    used, k, doubt = take_ahead(ahead, used, popcount(hand))
    card = nth_bit(hand, k)
    hands[leader] = hand ^ (U64(1) << U64(card))
    return used, doubt, card, SUIT_OF[card]


@njit(cache=True, inline="always")
def _follow_ahead(ahead, used, hands, seat, led, trump, must_trump, best_card, best_seat):
    """:func:`_follow` from drawn-ahead outputs: (used, doubt, best card, best seat).

    The new best is blended with a mask (``keep`` is 0 or -1) that :func:`cardlab.kernels.bits.barrier`
    hides from the optimiser, so it cannot become a jump the processor mispredicts half the time.
    """
    hand = hands[seat]
    legal = legal_follow(hand, led, trump, must_trump)
    used, k, doubt = take_ahead(ahead, used, popcount(legal))
    card = nth_bit(legal, k)
    hands[seat] = hand ^ (U64(1) << U64(card))
    keep = barrier(np.int64(beats(card, best_card, trump)) - 1)
    return used, doubt, (best_card & keep) | (card & ~keep), (best_seat & keep) | (seat & ~keep)


@njit(cache=True, inline="always")
def random_tricks_pair_ahead(ahead, hands, tricks, used, leaders, trumps, players, n_tricks, must_trump):
    """:func:`random_tricks` for two separate rounds a and b at once, from drawn-ahead outputs
    (:func:`random_start_ahead`); returns (doubt a, doubt b).

    Row 0 of ``ahead``, ``hands`` and ``tricks`` is round a's, row 1 round b's (its outputs drawn
    ahead, its hands and its tricks taken); ``used``, ``leaders`` and ``trumps`` are pairs (a, b):
    the outputs each round has spent, its first leader and its trump.  Each round gets what
    :func:`random_tricks` gives it alone unless its doubt is non-zero (then the caller plays it again
    the exact way).  Played in step, card by card, the two rounds give the processor two independent
    chains of work (each card waits for the one before it in its own round only), so it does both in
    little more than the time of one.  This is the random kernel's fast path: the follow-suit and
    winner rules are the cores' (:func:`_follow_ahead`), and the tests replay its rounds with the
    engine.
    """
    ahead_a, ahead_b = ahead[0], ahead[1]
    hands_a, hands_b = hands[0], hands[1]
    tricks_a, tricks_b = tricks[0], tricks[1]
    used_a, used_b = used
    leader_a, leader_b = leaders
    trump_a, trump_b = trumps
    doubt_a = doubt_b = 0
    for _ in range(n_tricks):
        used_a, d, best_a, led_a = _lead_ahead(ahead_a, used_a, hands_a, leader_a)
        doubt_a += d
        used_b, d, best_b, led_b = _lead_ahead(ahead_b, used_b, hands_b, leader_b)
        doubt_b += d
        seat_a = best_seat_a = leader_a
        seat_b = best_seat_b = leader_b
        for _ in range(players - 1):
            seat_a = next_seat(seat_a, players)
            seat_b = next_seat(seat_b, players)
            used_a, d, best_a, best_seat_a = _follow_ahead(ahead_a, used_a, hands_a, seat_a, led_a, trump_a, must_trump,
                                                           best_a, best_seat_a)
            doubt_a += d
            used_b, d, best_b, best_seat_b = _follow_ahead(ahead_b, used_b, hands_b, seat_b, led_b, trump_b, must_trump,
                                                           best_b, best_seat_b)
            doubt_b += d
        tricks_a[best_seat_a] += 1
        tricks_b[best_seat_b] += 1
        leader_a = best_seat_a
        leader_b = best_seat_b
    return doubt_a, doubt_b


@njit(cache=True)
def random_play_out(state, hands, players, seat, in_trick, led, best_card, best_seat, trump, must_trump, tricks):
    """Play the rest of a round at random from any point; returns the new state.

    ``seat`` is to play, ``in_trick`` cards of the current trick are down already (0: ``seat``
    leads), ``led`` is the suit led and ``best_card``/``best_seat`` the best card so far and who
    played it (any values when ``in_trick`` is 0).  Every seat holds the cards it has left in
    ``hands``; the round ends when they are empty.  ``tricks`` gets the tricks won from here on.

    >>> import numpy as np
    >>> from cardlab.cards import parse_cards
    >>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
    >>> hands = np.array([mask("2C"), mask("KH 3D"), mask("AH 4D")], np.uint64)   # seat 0 led A♣
    >>> tricks = np.zeros(3, np.int64)
    >>> _ = random_play_out(np.uint64(1), hands, 3, 1, 1, 0, 12, 0, -1, False, tricks)
    >>> tricks.tolist()                                   # nobody else holds a club: seat 0 takes both
    [2, 0, 0]
    """
    if in_trick > 0:
        trick = Trick(in_trick, led, best_card, best_seat)
        for _ in range(in_trick, players):
            hand = hands[seat]
            state, card = random_card(state, legal_follow(hand, led, trump, must_trump))
            hands[seat] = hand ^ (U64(1) << U64(card))
            trick = add_to_trick(trick, seat, card, trump)
            seat = next_seat(seat, players)
        seat = finish_trick(trick, tricks)
    state, _ = random_tricks(state, hands, players, seat, popcount(hands[seat]), trump, must_trump, tricks)
    return state
