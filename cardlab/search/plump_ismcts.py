"""Compiled information-set Monte Carlo tree search (SO-ISMCTS) for Plump.

This is the engine room of :class:`cardlab.bots.plump_search.PlumpSearchBot`.  One *iteration* of
:func:`search` takes four steps:

1. :func:`imagine_deal` — deal the cards the searching seat cannot see at random to the other
   seats, consistent with what it has seen (:func:`cardlab.search.plump_rollout.sample_world`:
   every seat keeps its number of cards, nobody gets a suit it has shown void in) — a
   *determinisation* — and set the imagined round to the position searched
   (:func:`~cardlab.search.plump_rollout.start_at_root`);
2. :func:`descend` — walk down one tree shared by all determinisations.  A node is a sequence of
   public moves (bids and cards) from the position searched; at each node only the children legal
   in this determinisation compete, by UCB with *availability counts* (a child's exploration term
   uses how often it was available, not how often its parent was visited: Cowling, Powley &
   Whitehouse 2012, "Information Set Monte Carlo Tree Search"); at the first move not yet in the
   tree it adds one node (:func:`add_child`) and stops;
3. :func:`~cardlab.search.plump_rollout.play_to_the_end` — play the round out with the compiled heuristic player
   (:func:`cardlab.search.plump_rollout.play_out`, every seat aiming for its bid under the score
   searched for and counting the turned-up card as seen, bids still missing made by
   :func:`cardlab.kernels.plump_heuristic.heuristic_bid` with the seat's place in the bidding and
   the turned-up card), each card replaced by a random legal one with probability ``noise``;
4. :func:`back_propagate` — every node on the path adds the round score of the seat that moved
   into it (each seat maximises its own score), and whether that seat made its bid exactly.

The move chosen is the root's most visited child.  The tree is a preallocated array of node
records (:class:`Tree`): one node per iteration at most, so a tree of ``iterations + 1`` nodes never
fills.  Searching in several calls of :func:`search` continues the same tree (that is how a time
budget is kept from Python).

**Records.**  :func:`search` takes three records, built in Python by :func:`run`:

* the tree, a :class:`TreeRecord`: its array of :data:`NODE` records and its node count;
* the position searched, a numpy record of dtype :data:`~cardlab.search.plump_rollout.ROOT`
  (:meth:`Root.record`): the round's rules and what the searching seat knows, its arrays by seat held
  in the record itself;
* the search's settings, a :class:`~cardlab.search.plump_rollout.Knobs` named tuple of five numbers.

The round being imagined — the *working state*, set to the root at the start of every iteration —
is one numpy record ``at`` of dtype :data:`~cardlab.search.plump_rollout.AT`.  Every step reads and
changes ``at`` in place.  The position's and the working state's records, and the steps that set up,
move and play out the imagined round (:func:`~cardlab.search.plump_rollout.start_at_root`,
:func:`~cardlab.search.plump_rollout.apply_move`, :func:`~cardlab.search.plump_rollout.play_to_the_end`),
are :mod:`cardlab.search.plump_rollout`'s, which the one-step search
(:func:`~cardlab.search.plump_rollout.evaluate_moves`) runs on too; this module adds the tree.

Why these records (measured with numba 0.68.1): numba hands a named tuple over by value, each array
in it as seven machine words whose reference count is taken and given back (atomic operations) at
every call, but a numpy record by reference, one pointer, its arrays read without reference counts.
With the tree as nine arrays and the position and working state as arrays by seat, the steps called
once per iteration and once per move made an iteration about a fifth slower (2.5 µs instead of
2.1 µs); as records, the steps cost no more than the one long loop they replace.  Hence the tree as
one array of node records, and the position and working state as records holding their arrays by
seat, for at most :data:`~cardlab.search.plump_rollout.SEATS` seats (one pack: Plump has at most seven
players).  No step is inlined at numba's IR level (``inline="always"``): the dead-code elimination
that follows such inlining dropped writes into the tree's arrays reached through its record (numba
issue 10037).  Every write goes to a record's field or into an array of a function's own argument.

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

from typing import NamedTuple

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import nth_bit, popcount
from ..kernels.cores import forbidden_bid, legal_follow, round_score
from ..kernels.rng import U64, below, next_u64
from .plump_rollout import (AT, ROOT, SEATS, Knobs, Root, apply_move, bid_likelihood, bid_order, later_bid,
                            play_to_the_end, sample_world, start_at_root, world_arrays)

#: how many deals a search draws at most to find one that explains the bids (``bid_weight`` < 1)
MAX_REJECTIONS = 16
#: One node of the tree: the move into it (a card index or a bid), its next sibling (-1: none),
#: visits, availability, the summed round score of the mover, its first child (-1: none), the seat
#: that moved (the mover) and the number of visits in which the mover made its bid exactly.  The
#: fields a walk over the children reads come first.
NODE = np.dtype([("action", np.int64), ("next", np.int64), ("visits", np.int64), ("avail", np.int64),
                 ("value", np.float64), ("first", np.int64), ("mover", np.int64), ("made", np.int64)], align=True)

__all__ = ["Tree", "Root", "TreeRecord", "Knobs", "NODE", "ROOT", "AT", "SEATS", "run", "search", "apply_move",
           "legal_moves"]


class TreeRecord(NamedTuple):
    """A :class:`Tree` as one record for the compiled search: its node array and node count
    (the arrays themselves, not copies)."""

    nodes: np.ndarray   # of NODE records
    size: np.ndarray    # [nodes in use]


def _node_field(name: str) -> property:
    return property(lambda self: self.nodes[name], doc=f"Every node's ``{name}`` (a view into :attr:`nodes`).")


class Tree:
    """A preallocated search tree: an array of :data:`NODE` records (node 0 is the root, the
    position searched) and the number of nodes in use, ``size[0]``.

    Each field is also readable as an array over the nodes (``tree.visits``, a view).
    """

    action = _node_field("action")
    mover = _node_field("mover")
    first = _node_field("first")
    next = _node_field("next")
    visits = _node_field("visits")
    avail = _node_field("avail")
    value = _node_field("value")
    made = _node_field("made")

    def __init__(self, capacity: int) -> None:
        self.nodes = _empty_nodes(max(2, int(capacity)))
        self.size = np.ones(1, np.int64)   # nodes in use (the root)

    def grow(self) -> None:
        """Double the capacity, keeping every node (a time-budgeted search does not know its size)."""
        nodes = _empty_nodes(2 * self.capacity)
        nodes[:self.capacity] = self.nodes
        self.nodes = nodes

    @property
    def capacity(self) -> int:
        return self.nodes.shape[0]

    def record(self) -> TreeRecord:
        """The tree as one record (take it again after :meth:`grow`, which replaces the node array)."""
        return TreeRecord(self.nodes, self.size)

    def root_children(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(moves, visits, summed scores, exact-bid counts) of the root's children."""
        first, after = self.first, self.next
        rows = []
        child = int(first[0])
        while child >= 0:
            rows.append(child)
            child = int(after[child])
        rows = np.array(rows, np.int64)
        return self.action[rows], self.visits[rows], self.value[rows], self.made[rows]


def _empty_nodes(capacity: int) -> np.ndarray:
    """``capacity`` unused nodes: no move, no mover, no children or siblings, nothing counted."""
    nodes = np.zeros(capacity, NODE)
    nodes["mover"] = nodes["first"] = nodes["next"] = -1
    return nodes


def run(tree: Tree, root: Root | np.void, seed: int, iterations: int, exploration: float = 0.7, noise: float = 0.1,
        bid_weight: float = 1.0, bid_up: bool = False, noise_me: bool = False) -> int:
    """Run ``iterations`` more iterations on ``tree`` from ``root``; returns the stream's new state
    (pass it as the next call's ``seed`` to continue the same random stream).

    ``root`` is a :class:`Root` or its :meth:`~Root.record` (made once when the same position is
    searched in many calls).  ``exploration`` is the UCB constant (on scores divided by hand size +
    10); ``noise`` the chance that a seat plays a random legal card at a step of a play-out, every
    seat but ``me`` unless ``noise_me``; ``bid_weight`` < 1 keeps a deal only with the chance that it
    explains the bids made (:func:`~cardlab.search.plump_rollout.bid_likelihood`); ``bid_up``: the
    model bidder rounds its half-tricks up.
    """
    knobs = Knobs(float(exploration), float(noise), float(bid_weight), bool(bid_up), bool(noise_me))
    position = root.record() if isinstance(root, Root) else root
    return int(search(tree.record(), position, knobs, np.uint64(seed), int(iterations)))


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


@njit(cache=True, nogil=True)
def search(tree, root, knobs, seed, iterations):
    """The SO-ISMCTS loop (see the module docstring): ``iterations`` iterations on ``tree`` (a
    :class:`TreeRecord`) from ``root`` (a :data:`ROOT` record) with ``knobs`` (:class:`Knobs`),
    drawing from the SplitMix64 stream ``seed``; returns the stream's new state."""
    state = U64(seed)
    work = np.zeros(1, AT)
    _, pool, room = world_arrays(root.players)      # sample_world's work arrays
    path = np.zeros(root.hand_size * root.players + root.players + 2, np.int64)   # the nodes of one descent
    for _ in range(iterations):
        at = work[0]   # a view into ``work``, which this use keeps alive through the loop
        state = imagine_deal(state, root, knobs.bid_weight, at, pool, room)
        start_at_root(root, at)
        state, depth = descend(state, tree, root, knobs, at, path)
        state = play_to_the_end(state, root, knobs, at)
        back_propagate(tree, path, depth, at, root.scoring)
    return state


@njit(cache=True)
def imagine_deal(state, root, bid_weight, at, pool, room):
    """Deal the cards ``root.me`` cannot see to the other seats, into ``at.hands``; returns the
    stream's new state.

    With ``bid_weight`` < 1 a deal is kept only with the chance that it explains the bids made
    (:func:`~cardlab.search.plump_rollout.bid_likelihood`; rejection sampling): after
    :data:`MAX_REJECTIONS` refusals the next deal is kept whatever its chance.  ``pool`` and
    ``room`` are :func:`~cardlab.search.plump_rollout.sample_world`'s work arrays.
    """
    hands = at.hands
    state, _ = sample_world(state, root, hands, pool, room)
    if bid_weight < 1.0:
        for _try in range(MAX_REJECTIONS):
            w = bid_likelihood(hands, root, bid_weight)
            state, x = next_u64(state)
            if float(x >> U64(11)) * (1.0 / 9007199254740992.0) < w:
                break
            state, _ = sample_world(state, root, hands, pool, room)
    return state


@njit(cache=True)
def descend(state, tree, root, knobs, at, path):
    """Selection and expansion: from the root, move by move, to the first node added.

    At each step the seat to move picks a child (:func:`model_bid_child` for another seat's bid,
    :func:`ucb_child` otherwise) and the move is applied to the working state ``at``.  The walk
    stops after adding a node, when the round is over, or when no child can be had (the tree is
    full); the play-out goes on from there.  Returns (the stream's state, the depth reached); the
    nodes passed are ``path[1:depth + 1]``.
    """
    node = 0
    depth = 0
    while not round_over(root, at):
        seat = at.to_move
        if at.bids_made < root.players and seat != root.me:
            child, added = model_bid_child(tree, node, seat, root, knobs.bid_up, at)
        else:
            state, child, added = ucb_child(state, tree, node, seat, root, knobs.exploration, at)
        if child < 0:
            break
        apply_move(tree.nodes[child].action, seat, root, at)
        depth += 1
        path[depth] = child
        node = child
        if added:
            break
    return state, depth


@njit(cache=True)
def round_over(root, at):
    """Has every seat bid and every trick been taken?"""
    if at.bids_made < root.players:
        return False
    done = 0
    for s in range(root.players):
        done += at.tricks[s]
    return done == root.hand_size


@njit(cache=True)
def model_bid_child(tree, node, seat, root, bid_up, at):
    """The child of ``node`` for the bid another ``seat`` makes: not a tree choice but what the model
    bidder (:func:`~cardlab.search.plump_rollout.later_bid`) bids with its hand in this deal (a node
    shared by all deals would give it the same bid whatever its hand).  Returns (child, added): the
    child found (its availability counted) or added, or -1 when it is missing and the tree is full.
    """
    forbidden = forbidden_bid(seat, root.dealer, root.hand_size, at.bid_sum, root.hook)
    move = later_bid(at.hands[seat], root.hand_size, root.trump, root.players, forbidden, bid_up,
                     bid_order(seat, root.dealer, root.players), root.trump_card)
    nodes = tree.nodes
    child = nodes[node].first
    while child >= 0 and nodes[child].action != move:
        child = nodes[child].next
    if child >= 0:
        nodes[child].avail += 1
        return child, False
    if tree.size[0] >= nodes.shape[0]:
        return -1, False
    return add_child(tree, node, move, seat, 0), True


@njit(cache=True)
def ucb_child(state, tree, node, seat, root, exploration, at):
    """The child of ``node`` that ``seat`` moves to by its own choice (its bid or any seat's card).

    Every child legal in this deal is available once more; the best by UCB is taken unless a legal
    move is not in the tree yet: then one of those, drawn at random, is added (while the tree has
    room).  Returns (the stream's state, child, added); child -1 when no child is legal and the tree
    is full.
    """
    legal = legal_moves(at.hands[seat], at.bids, at.bid_sum, seat, at.bids_made < root.players, root.dealer,
                        root.hand_size, root.hook, at.led, root.trump, root.must_trump)
    scale = float(root.hand_size + 10)   # scores in about [0, 1] for the UCB rule
    nodes = tree.nodes
    tried = U64(0)
    best = -1
    best_score = -1e300
    child = nodes[node].first
    while child >= 0:
        c = nodes[child]
        if (legal >> U64(c.action)) & U64(1) != U64(0):
            c.avail += 1
            tried |= U64(1) << U64(c.action)
            score = c.value / (c.visits * scale) + exploration * np.sqrt(np.log(c.avail) / c.visits)
            if score > best_score:
                best_score = score
                best = child
        child = c.next
    untried = legal & ~tried
    if untried != U64(0) and tree.size[0] < nodes.shape[0]:
        state, pick = below(state, popcount(untried))
        return state, add_child(tree, node, nth_bit(untried, pick), seat, 1), True
    return state, best, False


@njit(cache=True)
def add_child(tree, node, move, seat, avail):
    """Add the node for ``seat``'s ``move`` as the first child of ``node``, available ``avail``
    times so far and never visited; returns it.  The tree must have room."""
    nodes = tree.nodes
    new = tree.size[0]
    tree.size[0] = new + 1
    child = nodes[new]
    child.action = move
    child.mover = seat
    child.first = -1
    child.next = nodes[node].first
    nodes[node].first = new
    child.visits = 0
    child.avail = avail
    child.value = 0.0
    child.made = 0
    return new


@njit(cache=True)
def back_propagate(tree, path, depth, at, scoring):
    """Every node of ``path[1:depth + 1]`` adds a visit, the round score of the seat that moved into
    it and whether that seat made its bid exactly; the root adds a visit."""
    nodes = tree.nodes
    for d in range(1, depth + 1):
        node = nodes[path[d]]
        s = node.mover
        node.visits += 1
        node.value += round_score(at.bids[s], at.tricks[s], scoring)
        if at.bids[s] == at.tricks[s]:
            node.made += 1
    nodes[0].visits += 1
