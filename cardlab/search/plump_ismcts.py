"""Compiled information-set Monte Carlo tree search (SO-ISMCTS) for Plump.

This is the engine room of :class:`cardlab.bots.plump_search.PlumpSearchBot`.  One *iteration*:

1. deal the cards the searching seat cannot see at random to the other seats, consistent with what
   it has seen (:func:`cardlab.search.plump_rollout.sample_world`: every seat keeps its number of
   cards, nobody gets a suit it has shown void in) — a *determinisation*;
2. walk down one tree shared by all determinisations.  A node is a sequence of public moves (bids
   and cards) from the position searched; at each node only the children legal in this
   determinisation compete, by UCB with *availability counts* (a child's exploration term uses how
   often it was available, not how often its parent was visited: Cowling, Powley & Whitehouse 2012,
   "Information Set Monte Carlo Tree Search");
3. at the first move not yet in the tree add one node, then play the round out with the compiled
   heuristic player (:func:`cardlab.search.plump_rollout.play_out`, every seat aiming for its bid
   under the score searched for and counting the turned-up card as seen, bids still missing made
   by :func:`cardlab.kernels.plump_heuristic.heuristic_bid` with the seat's place in the bidding and
   the turned-up card), each card replaced by a random legal one with probability ``noise``;
4. every node on the path adds the round score of the seat that moved into it (each seat maximises
   its own score), and whether that seat made its bid exactly.

The move chosen is the root's most visited child.  The tree lives in preallocated arrays
(``Tree``): one node per iteration at most, so a tree of ``iterations + 1`` nodes never fills.
Searching in several calls of :func:`search` continues the same tree (that is how a time budget is
kept from Python).

Card codes are ``card.index``; bids are coded as the number bid; trump is 0..3 or -1; the scoring
is a code of :data:`cardlab.rules.plump_core.SCORING_CODES`.

>>> import numpy as np
>>> from cardlab.cards import parse_cards
>>> mask = lambda text: np.uint64(sum(1 << c.index for c in parse_cards(text)))
>>> me_hand = mask("AS KS QS")
>>> unseen = np.uint64(((1 << 52) - 1) & ~int(me_hand) & ~int(mask("2D")))   # 2♦ turned up
>>> root = Root(me=0, players=3, hand_size=3, trump=3, must_trump=False, scoring=1, dealer=2, hook=True,
...             highest_bidder_leads=False, my_hand=me_hand, unseen=unseen)
>>> tree = Tree(2000)
>>> _ = run(tree, root, seed=1, iterations=2000)
>>> actions, visits, values, made = tree.root_children()
>>> int(actions[np.argmax(visits)])           # three top trumps: bid 3
3
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import nth_bit, popcount
from ..kernels.cores import (Trick, add_to_trick, empty_trick, finish_trick, first_leader, forbidden_bid, legal_follow,
                    round_score, trick_so_far)
from .plump_rollout import bid_likelihood, bid_order, fill_later_bids, later_bid, play_out, sample_world
from ..kernels.rng import U64, below, next_u64

#: how many deals a search draws at most to find one that explains the bids (``bid_weight`` < 1)
MAX_REJECTIONS = 16

__all__ = ["Tree", "Root", "run", "search", "apply_move", "legal_moves"]


class Tree:
    """Preallocated arrays of one search tree (node 0 is the root, the position searched).

    Per node: the move into it (a card index or a bid), the seat that made it, its first child and
    next sibling (-1: none), visits, availability, summed score of the mover and the number of
    visits in which the mover made its bid exactly.
    """

    def __init__(self, capacity: int) -> None:
        capacity = max(2, int(capacity))
        self.action = np.zeros(capacity, np.int64)
        self.mover = np.full(capacity, -1, np.int64)
        self.first = np.full(capacity, -1, np.int64)
        self.next = np.full(capacity, -1, np.int64)
        self.visits = np.zeros(capacity, np.int64)
        self.avail = np.zeros(capacity, np.int64)
        self.value = np.zeros(capacity, np.float64)
        self.made = np.zeros(capacity, np.int64)
        self.size = np.ones(1, np.int64)   # nodes in use (the root)

    def grow(self) -> None:
        """Double the capacity, keeping every node (a time-budgeted search does not know its size)."""
        n = self.capacity
        for name, fill in [("action", 0), ("mover", -1), ("first", -1), ("next", -1), ("visits", 0), ("avail", 0),
                           ("value", 0), ("made", 0)]:
            old = getattr(self, name)
            new = np.full(2 * n, fill, old.dtype)
            new[:n] = old
            setattr(self, name, new)

    @property
    def capacity(self) -> int:
        return self.action.shape[0]

    def root_children(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(moves, visits, summed scores, exact-bid counts) of the root's children."""
        rows = []
        child = int(self.first[0])
        while child >= 0:
            rows.append(child)
            child = int(self.next[child])
        rows = np.array(rows, np.int64)
        return self.action[rows], self.visits[rows], self.value[rows], self.made[rows]


@dataclass
class Root:
    """The position searched, as the searching seat ``me`` knows it.

    ``counts[s]``: cards seat ``s`` holds now; ``voids[s]``: 4-bit mask of suits it has shown void
    in; ``bids``: -1 where not bid yet; ``trick_cards[:n_trick]``: the trick on the table, led by
    ``leader``; ``played``: every card played this round (the table's too); ``unseen``: the cards
    ``me`` cannot see (others' hands and the undealt stock); ``trump_card``: the turned-up card (-1:
    none), which the modelled players count as seen.  Defaults: the start of the bidding.
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


def run(tree: Tree, root: Root, seed: int, iterations: int, exploration: float = 0.7, noise: float = 0.1,
        bid_weight: float = 1.0, bid_up: bool = False, noise_me: bool = False) -> int:
    """Run ``iterations`` more iterations on ``tree`` from ``root``; returns the stream's new state
    (pass it as the next call's ``seed`` to continue the same random stream)."""
    return int(search(tree.action, tree.mover, tree.first, tree.next, tree.visits, tree.avail, tree.value,
                      tree.made, tree.size, np.uint64(seed), iterations, root.me, root.players, root.hand_size,
                      root.trump, root.must_trump, root.scoring, root.dealer, root.hook, root.highest_bidder_leads,
                      np.uint64(root.my_hand), np.uint64(root.unseen), root.counts, root.voids, root.bids,
                      root.tricks, root.leader, root.trick_cards, root.n_trick, np.uint64(root.played),
                      exploration, noise, root.played_by, bid_weight, bid_up, noise_me, root.trump_card))


@njit(cache=True)
def legal_moves(hand, bids, tricks_running, seat, phase_bid, dealer, hand_size, hook, led, trump, must_trump):
    """The legal moves of ``seat`` as a mask: bit ``b`` for a bid of ``b``, bit ``card`` for a card.

    ``tricks_running`` is the sum of the bids made so far (bidding) — the hook forbids the dealer
    the bid that makes the sum equal ``hand_size``; ``led`` is the suit led (-1: leading).
    """
    if phase_bid:
        legal = (U64(1) << U64(hand_size + 1)) - U64(1)
        forbidden = forbidden_bid(seat, dealer, hand_size, tricks_running, hook)
        if forbidden >= 0:
            legal &= ~(U64(1) << U64(forbidden))
        return legal
    return legal_follow(hand, led, trump, must_trump)


@njit(cache=True)
def apply_move(move, seat, phase_bid, hands, bids, tricks, trick_cards, info, players, trump, dealer,
               highest_bidder_leads):
    """Apply ``move`` of ``seat`` to a working state; ``info`` = [bids made, bid sum, leader, n_trick,
    led suit, best card, best seat, played (as int64 bits), to move].  Finishes a trick and the
    bidding (setting the first leader) when they are complete."""
    if phase_bid:
        bids[seat] = move
        info[0] += 1
        info[1] += move
        if info[0] == players:
            leader = first_leader(bids, dealer, highest_bidder_leads)
            info[2] = leader
            info[8] = leader
        else:
            info[8] = seat + 1 if seat + 1 < players else 0   # next_seat, written out (see cores.py)
        return
    hands[seat] ^= U64(1) << U64(move)
    info[7] |= np.int64(1) << np.int64(move)
    trick_cards[info[3]] = move
    trick = add_to_trick(Trick(info[3], info[4], info[5], info[6]), seat, move, trump)
    if trick.count == players:
        winner = finish_trick(trick, tricks)
        _store_trick(info, empty_trick())
        info[2] = winner
        info[8] = winner
    else:
        _store_trick(info, trick)
        info[8] = seat + 1 if seat + 1 < players else 0   # next_seat, written out (see cores.py)


@njit(cache=True, inline="always")
def _store_trick(info, trick):
    """Keep the :class:`~cardlab.rules.trick_core.Trick` record in its four slots of ``info``."""
    info[3] = trick.count
    info[4] = trick.led
    info[5] = trick.best_card
    info[6] = trick.best_seat


@njit(cache=True, nogil=True)
def search(action, mover, first, nxt, visits, avail, value, made, size, seed, iterations, me, players, hand_size,
           trump, must_trump, scoring, dealer, hook, highest_bidder_leads, my_hand, unseen, counts, voids, bids0,
           tricks0, leader0, trick0, n_trick0, played0, exploration, noise, played_by, bid_weight, bid_up, noise_me,
           trump_card=-1):
    """The SO-ISMCTS loop (see the module docstring); returns the stream's new state."""
    state = U64(seed)
    capacity = action.shape[0]
    hands = np.zeros(players, np.uint64)
    bids = np.zeros(players, np.int64)
    tricks = np.zeros(players, np.int64)
    trick_cards = np.zeros(players, np.int64)
    info = np.zeros(9, np.int64)
    pool = np.zeros(64, np.int64)
    room = np.zeros(players + 1, np.int64)
    path = np.zeros(hand_size * players + players + 2, np.int64)
    noisy_me = -1 if noise_me else me   # play_out keeps seat ``noisy_me`` free of noise
    total_tricks = hand_size
    scale = float(hand_size + 10)   # scores in about [0, 1] for the UCB rule
    for _ in range(iterations):
        state, _ = sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room)
        if bid_weight < 1.0:
            # keep the deal with the chance that it explains the bids made (rejection sampling)
            for _try in range(MAX_REJECTIONS):
                w = bid_likelihood(hands, played_by, me, players, hand_size, trump, bids0, dealer, hook, bid_weight,
                                   trump_card)
                state, x = next_u64(state)
                if float(x >> U64(11)) * (1.0 / 9007199254740992.0) < w:
                    break
                state, _ = sample_world(state, me, players, my_hand, unseen, counts, voids, hands, pool, room)
        # the working state
        made_bids = 0
        bid_sum = 0
        for s in range(players):
            bids[s] = bids0[s]
            tricks[s] = tricks0[s]
            trick_cards[s] = trick0[s]
            if bids0[s] >= 0:
                made_bids += 1
                bid_sum += bids0[s]
        info[0] = made_bids
        info[1] = bid_sum
        info[2] = leader0
        _store_trick(info, trick_so_far(trick0, n_trick0, leader0, players, trump))
        info[7] = np.int64(played0)
        info[8] = me
        done = 0
        for s in range(players):
            done += tricks[s]
        node = 0
        depth = 0
        path[0] = 0
        # selection and expansion
        while True:
            phase_bid = info[0] < players
            if not phase_bid:
                done = 0
                for s in range(players):
                    done += tricks[s]
                if done == total_tricks:
                    break
            seat = info[8]
            legal = legal_moves(hands[seat], bids, info[1], seat, phase_bid, dealer, hand_size, hook, info[4],
                                trump, must_trump)
            if phase_bid and seat != me:
                # another seat bids as the model bidder would with its hand in this deal
                forbidden = forbidden_bid(seat, dealer, hand_size, info[1], hook)
                move = later_bid(hands[seat], hand_size, trump, players, forbidden, bid_up,
                                 bid_order(seat, dealer, players), trump_card)
                child = first[node]
                while child >= 0 and action[child] != move:
                    child = nxt[child]
                if child < 0:
                    if size[0] >= capacity:
                        break
                    child = size[0]
                    size[0] += 1
                    action[child] = move
                    mover[child] = seat
                    first[child] = -1
                    nxt[child] = first[node]
                    first[node] = child
                    visits[child] = 0
                    avail[child] = 0
                    value[child] = 0.0
                    made[child] = 0
                    apply_move(move, seat, phase_bid, hands, bids, tricks, trick_cards, info, players, trump, dealer,
                               highest_bidder_leads)
                    depth += 1
                    path[depth] = child
                    break
                avail[child] += 1
                apply_move(move, seat, phase_bid, hands, bids, tricks, trick_cards, info, players, trump, dealer,
                           highest_bidder_leads)
                node = child
                depth += 1
                path[depth] = child
                continue
            tried = U64(0)
            best = -1
            best_score = -1e300
            child = first[node]
            while child >= 0:
                a = action[child]
                if (legal >> U64(a)) & U64(1) != U64(0):
                    avail[child] += 1
                    tried |= U64(1) << U64(a)
                    n = visits[child]
                    score = value[child] / (n * scale) + exploration * np.sqrt(np.log(avail[child]) / n)
                    if score > best_score:
                        best_score = score
                        best = child
                child = nxt[child]
            untried = legal & ~tried
            if untried != U64(0) and size[0] < capacity:
                state, pick = below(state, popcount(untried))
                move = nth_bit(untried, pick)
                new = size[0]
                size[0] += 1
                action[new] = move
                mover[new] = seat
                first[new] = -1
                nxt[new] = first[node]
                first[node] = new
                visits[new] = 0
                avail[new] = 1
                value[new] = 0.0
                made[new] = 0
                apply_move(move, seat, phase_bid, hands, bids, tricks, trick_cards, info, players, trump, dealer,
                           highest_bidder_leads)
                depth += 1
                path[depth] = new
                break
            if best < 0:
                break   # the tree is full and no child is legal here: play out from this position
            apply_move(action[best], seat, phase_bid, hands, bids, tricks, trick_cards, info, players, trump,
                       dealer, highest_bidder_leads)
            node = best
            depth += 1
            path[depth] = best
        # play-out: missing bids by the heuristic, then the heuristic player (with noise) to the end
        if info[0] < players:
            info[0] += fill_later_bids(bids, hands, players, dealer, hand_size, trump, hook, bid_up, trump_card)
            leader = first_leader(bids, dealer, highest_bidder_leads)
            info[2] = leader
            info[3] = 0
        done = 0
        for s in range(players):
            done += tricks[s]
        if done < total_tricks:
            state = play_out(hands, players, hand_size, trump, must_trump, bids, tricks, info[2], trick_cards,
                             info[3], U64(info[7]), state, noisy_me, noise, trump_card, scoring)
        # back-propagation
        for d in range(1, depth + 1):
            nd = path[d]
            s = mover[nd]
            visits[nd] += 1
            value[nd] += round_score(bids[s], tricks[s], scoring)
            if bids[s] == tricks[s]:
                made[nd] += 1
        visits[0] += 1
    return state
