"""Compiled search for Plump: the position searched, sampled hidden hands, rounds played out from any mid-round state.

These kernels are the engine room of :class:`cardlab.bots.plump_search.PlumpSearchBot`.  They reuse
the building blocks of the other kernels (bitmask hands from :mod:`cardlab.kernels.bits`, the SplitMix64
stream of :mod:`cardlab.kernels.rng`, the heuristic player of :mod:`cardlab.kernels.plump_heuristic`, the
rule cores of :mod:`cardlab.kernels.cores`: following suit, the trick winner, the hook, the score) and
add:

* the records a search passes (:class:`Root`, :data:`ROOT`, :data:`AT`, :class:`Knobs`, below);
* :func:`sample_world` — deal the cards a seat cannot see to the other seats at random, so that
  every seat gets as many cards as it holds now and nobody gets a suit it has shown void in;
* :func:`start_at_root`, :func:`apply_move` and :func:`finish_bidding` — set the imagined round to
  the position searched, make a bid or play a card in it, let the model bidder make the bids still
  missing;
* :func:`play_out` — play a round to its end from an arbitrary state (the hands as ``uint64`` masks,
  the trick so far, bids, tricks won, leader), every seat following the heuristic player as it
  was when the search's strength was measured (``count_sure=False``: without ``PlumpBot``'s later
  sure-trump rule; the model bidder likewise);
* :func:`evaluate_moves` — for each candidate card (or bid), the weighted sum of the score and of
  "made the bid" over many sampled deals (the same deals for every candidate: common random
  numbers), played out by :func:`play_to_the_end`;
* :func:`random_trick_counts` — how often the searching seat takes 0, 1, 2, … tricks when every
  seat (itself too) plays uniformly random legal cards from the first lead, over sampled deals.

The tree search of :mod:`cardlab.search.plump_ismcts` runs on the same records and steps.

**Records.**  The position searched is one numpy record of dtype :data:`ROOT`
(:meth:`Root.record`): the round's rules and what the searching seat knows, its arrays by seat held
in the record itself, for at most :data:`SEATS` seats.  The round being imagined — the *working
state* — is one numpy record of dtype :data:`AT`: the hands, bids and tricks taken by seat, the cards
on the table, how many seats have bid and the sum of their bids, the leader, the trick on the table
(the four fields of a :class:`~cardlab.rules.trick_core.Trick`), every card played so far and the seat
to move.  The steps read and change it in place.  numba hands a record over by reference, one
pointer, its arrays read without reference counts (:mod:`cardlab.search.plump_ismcts` says what that
is worth).  The search's settings are a :class:`Knobs` named tuple of five numbers.

A sampled deal can be weighted by how well it explains the bids already made: each other seat
multiplies the weight by ``bid_weight ** |heuristic bid of its sampled hand − its real bid|``
(``bid_weight = 1`` turns this off).

Card codes are ``card.index`` (``suit × 13 + rank − 2``: bits 0–12 are clubs 2…A); trump is 0..3
(clubs, diamonds, hearts, spades) or -1; bids not yet made are -1; the scoring is a code of
:data:`cardlab.rules.plump_core.SCORING_CODES`.

>>> import numpy as np
>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> root = Root(me=0, players=3, hand_size=2, trump=3, must_trump=False, scoring=0, dealer=2, hook=False,
...             highest_bidder_leads=False, my_hand=mask("AS KS"), unseen=mask("2H 3H QS 4C"), bids=[2, 0, 0],
...             leader=0)
>>> at = root.working_state([mask("AS KS"), mask("2H 3H"), mask("QS 4C")])
>>> _ = play_out(np.uint64(1), root.record(), at, 0.0, -1)
>>> at["tricks"][:3].tolist()        # spades are trump: seat 0 takes both tricks
[2, 0, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import SUIT_OF, nth_bit, popcount, set_bits_into
from ..kernels.cores import (Trick, add_to_trick, empty_trick, finish_trick, first_leader, forbidden_bid, legal_follow,
                             next_seat, round_score, trick_so_far)
from ..kernels.plump_heuristic import half_tricks, heuristic_bid, heuristic_card
from ..kernels.plump_playout import random_tricks
from ..kernels.rng import U64, below, next_u64, shuffle_step
from ..rules.plump_core import SCORING_CODES

__all__ = ["SEATS", "ROOT", "AT", "Root", "Knobs", "TRICK_POINTS", "sample_world", "bid_likelihood", "bid_order",
           "later_bid", "start_at_root", "apply_move", "finish_bidding", "play_out", "play_to_the_end",
           "evaluate_moves", "random_trick_counts"]

#: scores are the codes of :data:`cardlab.rules.plump_core.SCORING_CODES`
#: ("trick-points" is OpenSpiel's ``oh_hell`` return: 1 per trick + 10 for an exact bid)
TRICK_POINTS = SCORING_CODES["trick-points"]

#: the most seats a search holds (the arrays by seat in :data:`ROOT` and :data:`AT`)
SEATS = 8

#: The position searched, as the searching seat ``me`` knows it (the fields of :class:`Root`).
ROOT = np.dtype([("me", np.int64), ("players", np.int64), ("hand_size", np.int64), ("trump", np.int64),
                 ("must_trump", np.bool_), ("scoring", np.int64), ("dealer", np.int64), ("hook", np.bool_),
                 ("highest_bidder_leads", np.bool_), ("trump_card", np.int64), ("my_hand", np.uint64),
                 ("unseen", np.uint64), ("leader", np.int64), ("n_trick", np.int64), ("played", np.uint64),
                 ("counts", np.int64, SEATS), ("voids", np.int64, SEATS), ("bids", np.int64, SEATS),
                 ("tricks", np.int64, SEATS), ("trick_cards", np.int64, SEATS), ("played_by", np.uint64, SEATS)],
                align=True)

#: The working state: where the imagined round stands (one record, changed in place).  ``count``,
#: ``led``, ``best_card`` and ``best_seat`` are the trick on the table, a
#: :class:`~cardlab.rules.trick_core.Trick` kept field by field (:func:`trick_of`, :func:`set_trick`).
AT = np.dtype([("hands", np.uint64, SEATS),      # by seat: the cards held, a mask,
               ("bids", np.int64, SEATS),        # … the bid (-1: none yet),
               ("tricks", np.int64, SEATS),      # … the tricks taken
               ("trick_cards", np.int64, SEATS),  # the cards on the table, in the order played
               ("bids_made", np.int64),          # how many seats have bid
               ("bid_sum", np.int64),            # the sum of those bids (what the hook looks at)
               ("leader", np.int64),             # the seat that led (or leads) the trick on the table
               ("count", np.int64),              # the trick on the table: cards down,
               ("led", np.int64),                # … the suit led (-1: none yet),
               ("best_card", np.int64),          # … the best card so far (-1: none)
               ("best_seat", np.int64),          # … and who played it (-1: none)
               ("played", np.uint64),            # every card played this round (the table's too), a mask
               ("to_move", np.int64)],           # the seat to move
              align=True)


@dataclass
class Root:
    """The position searched, as the searching seat ``me`` knows it.

    ``counts[s]``: cards seat ``s`` holds now; ``voids[s]``: 4-bit mask of suits it has shown void
    in; ``bids``: -1 where not bid yet; ``trick_cards[:n_trick]``: the trick on the table, led by
    ``leader`` (no card is on the table before every seat has bid); ``played``: every card played
    this round (the table's too); ``played_by[s]``: the cards seat ``s`` has played; ``unseen``: the
    cards ``me`` cannot see (others' hands and the undealt stock); ``trump_card``: the turned-up card
    (-1: none), which the modelled players count as seen.  Defaults: the start of the bidding.  At
    most :data:`SEATS` players.
    """

    me: int
    players: int
    hand_size: int
    trump: int
    must_trump: bool
    scoring: int
    dealer: int
    hook: bool
    highest_bidder_leads: bool
    my_hand: np.uint64
    unseen: np.uint64
    counts: np.ndarray = None
    voids: np.ndarray = None
    bids: np.ndarray = None
    tricks: np.ndarray = None
    leader: int = -1
    trick_cards: np.ndarray = None
    n_trick: int = 0
    played: np.uint64 = np.uint64(0)
    played_by: np.ndarray = None
    trump_card: int = -1

    def __post_init__(self) -> None:
        p = self.players
        if not 2 <= p <= SEATS:
            raise ValueError(f"the search holds 2 to {SEATS} players; this position has {p}")
        if self.counts is None:
            self.counts = np.full(p, self.hand_size, np.int64)
        if self.voids is None:
            self.voids = np.zeros(p, np.int64)
        if self.bids is None:
            self.bids = np.full(p, -1, np.int64)
        if self.tricks is None:
            self.tricks = np.zeros(p, np.int64)
        if self.played_by is None:
            self.played_by = np.zeros(p, np.uint64)
        self.played_by = np.asarray(self.played_by, np.uint64)
        if self.trick_cards is None:
            self.trick_cards = np.zeros(p, np.int64)
        self.counts = np.asarray(self.counts, np.int64)
        self.voids = np.asarray(self.voids, np.int64)
        self.bids = np.asarray(self.bids, np.int64)
        self.tricks = np.asarray(self.tricks, np.int64)
        self.trick_cards = np.asarray(self.trick_cards, np.int64)
        if self.n_trick and (self.bids < 0).any():
            raise ValueError("a card is on the table before every seat has bid: the cards come after the bidding")

    def record(self) -> np.void:
        """This position as one :data:`ROOT` record, what the compiled search reads (the arrays by
        seat filled up to :data:`SEATS` with zeros)."""
        fill = [0] * (SEATS - self.players)
        by_seat = [getattr(self, name)[:self.players].tolist() + fill
                   for name in ("counts", "voids", "bids", "tricks", "trick_cards", "played_by")]
        return np.array([(self.me, self.players, self.hand_size, self.trump, self.must_trump, self.scoring,
                          self.dealer, self.hook, self.highest_bidder_leads, self.trump_card, self.my_hand,
                          self.unseen, self.leader, self.n_trick, self.played, *by_seat)], ROOT)[0]

    def working_state(self, hands) -> np.void:
        """An :data:`AT` record set to this position (:func:`start_at_root`, ``me`` to move) with
        ``hands`` (a mask per seat): a round to play on, for instance with :func:`play_out`."""
        at = np.zeros(1, AT)[0]
        start_at_root(self.record(), at)
        at["hands"][:self.players] = np.asarray(hands, np.uint64)
        return at


class Knobs(NamedTuple):
    """A search's settings: ``exploration`` (the tree's UCB constant), ``noise`` (the chance that a
    seat plays a random legal card at a step of a play-out), ``bid_weight`` (< 1: deals weighted or
    kept by how well they explain the bids made), ``bid_up`` (the model bidder rounds its half-tricks
    up) and ``noise_me`` (the searching seat's own play-out cards get the noise too)."""

    exploration: float
    noise: float
    bid_weight: float
    bid_up: bool
    noise_me: bool


@njit(cache=True)
def sample_world(state, root, hands, pool, room):
    """Deal the cards ``root.me`` cannot see to the other seats into ``hands``; returns (state, ok).

    ``root`` is a record with the fields ``me``, ``players``, ``my_hand``, ``unseen`` (the cards to
    deal), ``counts`` and ``voids``: a :data:`ROOT` record, or another game's position with those
    fields.  ``counts[s]`` is how many cards seat ``s`` holds now and ``voids[s]`` a 4-bit mask of the
    suits it has shown void in.  Unseen cards nobody holds (the undealt stock, a blind hand) go to a
    pseudo seat.  Each card, in random order, goes to a seat allowed to hold it, with probability
    proportional to the room left there (uniform over deals when nobody has shown a void).  When
    the voids leave a card nowhere to go, the deal starts again; after 64 failed attempts the voids
    are ignored and ``ok`` is False.  ``pool`` (≥ 52) and ``room`` (≥ players + 1) are work arrays.
    """
    me, players, counts, voids = root.me, root.players, root.counts, root.voids
    n = set_bits_into(root.unseen, pool)
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
        hands[me] = root.my_hand
        stuck = False
        for i in range(n):   # draw the cards in random order (a Fisher–Yates shuffle, one step per card)
            state, c = shuffle_step(state, pool, i, n)
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
def world_arrays(players):
    """The arrays one sampled world is dealt into: the seats' hands, and :func:`sample_world`'s
    ``pool`` and ``room``.

    >>> hands, pool, room = world_arrays(4)
    >>> hands.shape, pool.shape, room.shape
    ((4,), (64,), (5,))
    """
    return np.zeros(players, np.uint64), np.zeros(64, np.int64), np.zeros(players + 1, np.int64)


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
        return heuristic_bid(hand, hand_size, trump, players, forbidden, order, trump_card, False)
    bid = min(hand_size, (half_tricks(hand, trump, players, hand_size) + 1) // 2)
    if bid != forbidden:
        return bid
    if bid + 1 <= hand_size:
        return bid + 1
    return bid - 1


@njit(cache=True)
def bid_likelihood(hands, root, bid_weight):
    """How well a sampled deal ``hands`` of the position ``root`` (a :data:`ROOT` record) explains the
    bids made: the product over the other bidders of ``bid_weight ** |heuristic bid − real bid|``
    (their hands as dealt: held now + played; the heuristic bids with the seat's place in the
    bidding and the turned-up card)."""
    if bid_weight >= 1.0:
        return 1.0
    players, dealer, bids = root.players, root.dealer, root.bids
    others = 0
    for s in range(players):
        if s != dealer and bids[s] >= 0:
            others += bids[s]
    w = 1.0
    for s in range(players):
        if s == root.me or bids[s] < 0:
            continue
        forbidden = forbidden_bid(s, dealer, root.hand_size, others, root.hook)
        guess = heuristic_bid(hands[s] | root.played_by[s], root.hand_size, root.trump, players, forbidden,
                              bid_order(s, dealer, players), root.trump_card, False)
        miss = guess - bids[s]
        if miss < 0:
            miss = -miss
        for _ in range(miss):
            w *= bid_weight
    return w


@njit(cache=True)
def trick_of(at):
    """The trick on the table of the working state ``at`` (an :data:`AT` record), as a :class:`Trick`."""
    return Trick(at.count, at.led, at.best_card, at.best_seat)


@njit(cache=True)
def set_trick(at, trick):
    """Keep the :class:`Trick` record ``trick`` in its four fields of ``at``."""
    at.count = trick.count
    at.led = trick.led
    at.best_card = trick.best_card
    at.best_seat = trick.best_seat


@njit(cache=True)
def start_at_root(root, at):
    """Set the working state ``at`` to the position searched, ``root.me`` to move (the hands stay
    the imagined deal's)."""
    at.bids_made = 0
    at.bid_sum = 0
    for s in range(root.players):
        at.bids[s] = root.bids[s]
        at.tricks[s] = root.tricks[s]
        at.trick_cards[s] = root.trick_cards[s]
        if root.bids[s] >= 0:
            at.bids_made += 1
            at.bid_sum += root.bids[s]
    at.leader = root.leader
    set_trick(at, trick_so_far(root.trick_cards, root.n_trick, root.leader, root.players, root.trump))
    at.played = root.played
    at.to_move = root.me


@njit(cache=True)
def apply_move(move, seat, root, at):
    """Apply ``move`` of ``seat`` to the working state ``at`` (an :data:`AT` record) of the round of
    ``root`` (a :data:`ROOT` record): a bid while some seat has not bid, else a card.  Finishes a
    trick and the bidding (setting the first leader) when they are complete."""
    left = seat + 1 if seat + 1 < root.players else 0   # next_seat, written out (see cores.py)
    if at.bids_made < root.players:
        at.bids[seat] = move
        at.bids_made += 1
        at.bid_sum += move
        if at.bids_made == root.players:
            at.leader = first_leader(at.bids[:root.players], root.dealer, root.highest_bidder_leads)
            at.to_move = at.leader
        else:
            at.to_move = left
        return
    at.hands[seat] ^= U64(1) << U64(move)
    at.played |= U64(1) << U64(move)
    at.trick_cards[at.count] = move
    trick = add_to_trick(trick_of(at), seat, move, root.trump)
    if trick.count == root.players:
        at.leader = finish_trick(trick, at.tricks)
        at.to_move = at.leader
        set_trick(at, empty_trick())
    else:
        set_trick(at, trick)
        at.to_move = left


@njit(cache=True)
def finish_bidding(root, bid_up, at):
    """Give every seat that has not bid yet (``at.bids[s] < 0``) the bid :func:`later_bid` makes with
    its hand in ``at``, in bidding order from the dealer's left, the dealer obeying the hook (with
    ``bid_up``: half-tricks rounded up); then the first leader leads."""
    players, dealer = root.players, root.dealer
    first = dealer + 1 if dealer + 1 < players else 0
    running = 0
    for j in range(players):
        seat = (first + j) % players
        if at.bids[seat] < 0:
            forbidden = forbidden_bid(seat, dealer, root.hand_size, running, root.hook)
            at.bids[seat] = later_bid(at.hands[seat], root.hand_size, root.trump, players, forbidden, bid_up, j,
                                      root.trump_card)
            at.bids_made += 1
        running += at.bids[seat]
    at.bid_sum = running
    at.leader = first_leader(at.bids[:players], dealer, root.highest_bidder_leads)   # no card is down yet
    at.to_move = at.leader


@njit(cache=True)
def play_out(state, root, at, noise, quiet_seat):
    """Play the round of ``root`` (a :data:`ROOT` record) to its end from the working state ``at``
    (an :data:`AT` record, changed in place: the cards leave its hands, its tricks count every
    trick), every seat following the heuristic player; returns the stream's new state.

    Every seat's bid must be known.  With ``noise`` > 0 every seat but ``quiet_seat`` (-1: none)
    plays a uniformly random legal card with that probability (drawn from the SplitMix64 ``state``).
    Like :class:`~cardlab.bots.plump.PlumpBot`, every seat counts the turned-up ``root.trump_card``
    as seen.

    ``root.scoring`` is the score the seats play for (-1: unknown).  Under ``"trick-points"`` (1 per
    trick + 10 for an exact bid) a seat that has taken more tricks than it bid has nothing left to
    lose and gains 1 per further trick, so it tries to win tricks (it plays as if it still needed
    one) instead of shedding them; under every other scoring it plays as the heuristic player does.
    """
    players, hand_size, trump, must_trump = root.players, root.hand_size, root.trump, root.must_trump
    hands, bids, tricks = at.hands, at.bids, at.tricks
    trick = trick_of(at)
    leader = at.leader
    played = at.played
    done = 0
    for s in range(players):
        done += tricks[s]
    for t in range(done, hand_size):
        seat = (leader + trick.count) % players
        for j in range(trick.count, players):
            legal = legal_follow(hands[seat], trick.led, trump, must_trump)
            card = -1
            if noise > 0.0 and seat != quiet_seat:
                state, x = next_u64(state)
                if float(x >> U64(11)) * (1.0 / 9007199254740992.0) < noise:
                    state, pick = below(state, popcount(legal))
                    card = nth_bit(legal, pick)
            if card < 0:
                need = bids[seat] - tricks[seat]
                if need < 0 and root.scoring == TRICK_POINTS:
                    need = 1   # the bid is lost: every further trick is worth a point
                card = heuristic_card(hands[seat], legal, trick.best_card, trump, players, hand_size - t, j, need,
                                      played, root.trump_card, False)
            hands[seat] ^= U64(1) << U64(card)
            played |= U64(1) << U64(card)
            trick = add_to_trick(trick, seat, card, trump)
            seat = next_seat(seat, players)
        leader = finish_trick(trick, tricks)
        trick = empty_trick()
    at.leader = leader
    at.to_move = leader
    set_trick(at, trick)
    at.played = played
    return state


@njit(cache=True)
def play_to_the_end(state, root, knobs, at):
    """The play-out from the working state ``at``: the bids still missing by the model bidder
    (:func:`finish_bidding`), then the heuristic player (:func:`play_out` with ``knobs.noise``, every
    seat but ``root.me`` unless ``knobs.noise_me``) to the end of the round; returns the stream's new
    state."""
    if at.bids_made < root.players:
        finish_bidding(root, knobs.bid_up, at)
    done = 0
    for s in range(root.players):
        done += at.tricks[s]
    if done < root.hand_size:
        quiet_seat = -1 if knobs.noise_me else root.me
        state = play_out(state, root, at, knobs.noise, quiet_seat)
    return state


@njit(cache=True)
def deal_to(at, hands, players):
    """Give the working state ``at`` the hands ``hands`` (a mask per seat, of the imagined deal)."""
    for s in range(players):
        at.hands[s] = hands[s]


@njit(cache=True, nogil=True)
def evaluate_moves(seed, worlds, root, knobs, candidates):
    """Try each move of ``candidates`` for ``root.me`` (bids in the bidding, else cards) in ``worlds``
    deals sampled from the SplitMix64 stream ``seed``; returns (score sums, made sums, total weight).

    In each deal (:func:`sample_world`, weighted by :func:`bid_likelihood` with ``knobs.bid_weight``)
    every candidate is made from the position ``root`` (a :data:`ROOT` record) and the round played
    out (:func:`play_to_the_end` with ``knobs``; ``knobs.exploration`` is the tree's and not read);
    candidate ``i`` adds the weighted round score of ``root.me`` (``root.scoring``) to its score sum
    and the weight of the deals where ``root.me`` makes its bid exactly to its made sum.
    """
    state = U64(seed)
    k = candidates.shape[0]
    players, me = root.players, root.me
    score_sum = np.zeros(k)
    made_sum = np.zeros(k)
    deal, pool, room = world_arrays(players)
    work = np.zeros(1, AT)
    total = 0.0
    for _ in range(worlds):
        state, _ = sample_world(state, root, deal, pool, room)
        w = bid_likelihood(deal, root, knobs.bid_weight)
        total += w
        for i in range(k):
            at = work[0]
            start_at_root(root, at)
            deal_to(at, deal, players)
            apply_move(candidates[i], me, root, at)
            state = play_to_the_end(state, root, knobs, at)
            score_sum[i] += w * round_score(at.bids[me], at.tricks[me], root.scoring)
            if at.tricks[me] == at.bids[me]:
                made_sum[i] += w
    return score_sum, made_sum, total


@njit(cache=True, nogil=True)
def random_trick_counts(seed, worlds, root, bid_up, candidates, hist):
    """Count ``root.me``'s tricks under uniformly random card play, before the first lead; returns the
    stream's state.

    In each of ``worlds`` deals sampled from the position ``root`` (a :data:`ROOT` record in the
    bidding) every seat (``root.me`` too) plays a uniformly random legal card at every step, and
    ``hist[i, t]`` gains 1 when ``root.me`` took ``t`` tricks with the bid ``candidates[i]``.  When
    the first leader does not depend on the bids (``root.highest_bidder_leads`` false) one play-out
    per deal serves every candidate (random play does not look at the bids); otherwise each
    candidate gets its own play-out, the seats after ``root.me`` bidding like the heuristic player
    (:func:`finish_bidding`, with ``bid_up``) to find the leader.  ``hist`` has ``hand_size + 1``
    columns.  This is the model of OpenSpiel's ISMCTS with random roll-outs, whose tree below a
    bid holds nothing but one random play-out per simulation.
    """
    state = U64(seed)
    k = candidates.shape[0]
    players, me, hbl = root.players, root.me, root.highest_bidder_leads
    deal, pool, room = world_arrays(players)
    hands = np.zeros(players, np.uint64)
    tricks = np.zeros(players, np.int64)
    work = np.zeros(1, AT)
    first = root.dealer + 1 if root.dealer + 1 < players else 0
    plays = k if hbl else 1
    for _ in range(worlds):
        state, _ = sample_world(state, root, deal, pool, room)
        for i in range(plays):
            leader = first
            if hbl:
                at = work[0]
                start_at_root(root, at)
                deal_to(at, deal, players)
                apply_move(candidates[i], me, root, at)
                if at.bids_made < players:
                    finish_bidding(root, bid_up, at)
                leader = at.leader
            for s in range(players):
                hands[s] = deal[s]
                tricks[s] = 0
            state, _ = random_tricks(state, hands, players, leader, root.hand_size, root.trump, root.must_trump,
                                     tricks)
            if hbl:
                hist[i, tricks[me]] += 1
            else:
                for j in range(k):
                    hist[j, tricks[me]] += 1
    return state
