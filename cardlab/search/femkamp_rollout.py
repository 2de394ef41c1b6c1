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
* :func:`evaluate_cards` — for each candidate card, the sum of the searching seat's round points
  over many sampled deals (the same deals for every candidate: common random numbers), played out
  by the functions above.  Lower is better, as in Femkamp.

The position searched is one numpy record of dtype :data:`POSITION` (:meth:`Position.record`: the
round, what the searching seat holds and knows, its arrays by seat held in the record itself, for at
most :data:`~cardlab.search.plump_rollout.SEATS` seats), and the round played on from it in a
sampled deal one record of dtype :data:`AT`, changed in place, as in :mod:`cardlab.search.plump_rollout`.

Round codes are those of :data:`cardlab.rules.femkamp_core.ROUND_CODES` (0 pass, 1 clubs, 2 queens,
3 grand, 4 kabal); card codes are ``card.index``.

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

from dataclasses import dataclass

import numpy as np

from ..kernels._numba import njit
from ..kernels.bits import SUIT_OF, popcount
from ..kernels.cores import beats, kabal_score, trick_round_score, voids_shown
from ..kernels.femkamp_kernel import TAKEN_CLUBS as CLUBS, TAKEN_QUEENS as QUEENS, TAKEN_TRICKS as TRICKS  # the columns of taken
from ..kernels.femkamp_heuristic import kabal_card
from ..kernels.femkamp_kernel import kabal_fitting_cards, place_kabal_card, play_tricks
from ..kernels.rng import U64
from ..rules.femkamp_core import ROUND_CODES
from .plump_rollout import SEATS, sample_world, world_arrays

__all__ = ["CLUBS", "QUEENS", "TRICKS", "KABAL", "POSITION", "AT", "Position", "play_out_tricks", "play_out_kabal",
           "start_at_position", "trick_points", "kabal_points", "evaluate_cards"]

#: the kabal round's code (the other codes are trick rounds)
KABAL = ROUND_CODES["kabal"]

#: The position searched, as the searching seat ``me`` knows it (the fields of :class:`Position`).
POSITION = np.dtype([("me", np.int64), ("players", np.int64), ("code", np.int64), ("queen_points", np.int64),
                     ("clubs_all_zero", np.bool_), ("my_hand", np.uint64), ("unseen", np.uint64),
                     ("played", np.uint64), ("leader", np.int64), ("n_trick", np.int64),
                     ("counts", np.int64, SEATS), ("voids", np.int64, SEATS), ("trick_cards", np.int64, SEATS),
                     ("taken", np.int64, (SEATS, 3)), ("prikks", np.int64, SEATS), ("lows", np.int64, 4),
                     ("highs", np.int64, 4)], align=True)

#: The round played on from the position in one sampled deal (one record, changed in place).
AT = np.dtype([("hands", np.uint64, SEATS),          # by seat: the cards held, a mask,
               ("voids", np.int64, SEATS),           # … the suits shown void in, a 4-bit mask,
               ("taken", np.int64, (SEATS, 3)),      # … tricks, clubs and queens taken,
               ("prikks", np.int64, SEATS),          # … prikks (the kabal round)
               ("trick_cards", np.int64, SEATS),     # the cards on the table, in the order played
               ("lows", np.int64, 4),                # the kabal rows' lowest and highest ace-low positions
               ("highs", np.int64, 4)],
              align=True)


@dataclass
class Position:
    """The position searched, as the searching seat ``me`` knows it.

    ``code``: the round (:data:`~cardlab.rules.femkamp_core.ROUND_CODES`); ``my_hand``: its cards;
    ``unseen``: the cards it cannot see (the others' hands); ``counts[s]``: cards seat ``s`` holds
    now.  A trick round: ``voids[s]``, the 4-bit mask of suits seat ``s`` has shown void in;
    ``taken[s]``, the tricks, clubs and queens it has taken (columns :data:`TRICKS`, :data:`CLUBS`,
    :data:`QUEENS`); ``trick_cards[:n_trick]``, the trick on the table, led by ``leader``; ``played``,
    every card played this round (the table's too); the scoring options ``queen_points`` and
    ``clubs_all_zero``.  The kabal round: the rows ``lows``/``highs`` (ace-low positions, 0: not
    started) and the ``prikks`` so far.  At most :data:`~cardlab.search.plump_rollout.SEATS` players.

    >>> Position(me=0, players=3, code=KABAL, my_hand=np.uint64(1), unseen=np.uint64(6),
    ...          counts=[1, 1, 1]).record()["prikks"].tolist()
    [0, 0, 0, 0, 0, 0, 0, 0]
    """

    me: int
    players: int
    code: int
    my_hand: np.uint64
    unseen: np.uint64
    counts: np.ndarray
    queen_points: int = 0
    clubs_all_zero: bool = False
    voids: np.ndarray = None
    taken: np.ndarray = None
    leader: int = -1
    trick_cards: np.ndarray = None
    n_trick: int = 0
    played: np.uint64 = np.uint64(0)
    lows: np.ndarray = None
    highs: np.ndarray = None
    prikks: np.ndarray = None

    def __post_init__(self) -> None:
        if not 2 <= self.players <= SEATS:
            raise ValueError(f"the search holds 2 to {SEATS} players; this position has {self.players}")

    def record(self) -> np.void:
        """This position as one :data:`POSITION` record, what the compiled search reads (the arrays by
        seat filled up to :data:`~cardlab.search.plump_rollout.SEATS` with zeros)."""
        rec = np.zeros(1, POSITION)[0]
        for name in ("me", "players", "code", "queen_points", "clubs_all_zero", "my_hand", "unseen", "played",
                     "leader", "n_trick"):
            rec[name] = getattr(self, name)
        for name in ("counts", "voids", "trick_cards", "taken", "prikks", "lows", "highs"):
            value = getattr(self, name)
            if value is not None:
                value = np.asarray(value)
                rec[name][:len(value)] = value
        return rec


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


@njit(cache=True)
def start_at_position(position, deal, at):
    """Set the round ``at`` (an :data:`AT` record) to the position searched (a :data:`POSITION`
    record) with the hands ``deal`` (a mask per seat, a sampled deal)."""
    for s in range(position.players):
        at.hands[s] = deal[s]
        at.voids[s] = position.voids[s]
        at.prikks[s] = position.prikks[s]
        at.trick_cards[s] = position.trick_cards[s]
        for col in range(3):
            at.taken[s, col] = position.taken[s, col]
    for suit in range(4):
        at.lows[suit] = position.lows[suit]
        at.highs[suit] = position.highs[suit]


@njit(cache=True)
def trick_points(position, at, card):
    """The searching seat's points when it plays ``card`` in the trick round ``at`` and every seat
    plays on like the heuristic player (:func:`play_out_tricks`)."""
    me, n_trick = position.me, position.n_trick
    at.hands[me] ^= U64(1) << U64(card)
    at.trick_cards[n_trick] = card
    if n_trick > 0:
        at.voids[me] |= voids_shown(SUIT_OF[at.trick_cards[0]], SUIT_OF[card], -1, False)
    play_out_tricks(at.hands, position.players, position.code, position.leader, at.trick_cards, n_trick + 1,
                    position.played | (U64(1) << U64(card)), at.voids, at.taken)
    return trick_round_score(position.code, at.taken[me, TRICKS], at.taken[me, CLUBS], at.taken[me, QUEENS],
                             position.queen_points, position.clubs_all_zero)


@njit(cache=True)
def kabal_points(position, at, card):
    """The searching seat's kabal points (:func:`cardlab.rules.femkamp_core.kabal_score`: prikks plus
    cards left, or only prikks for the seat that goes out) when it puts ``card`` on the rows of ``at``
    and every seat plays on like the heuristic player (:func:`play_out_kabal`)."""
    me, players = position.me, position.players
    at.hands[me] ^= U64(1) << U64(card)
    place_kabal_card(card, at.lows, at.highs)
    after = me + 1 if me + 1 < players else 0
    out = me if at.hands[me] == U64(0) else play_out_kabal(at.hands, players, after, at.lows, at.highs, at.prikks)
    return kabal_score(at.prikks[me], popcount(at.hands[me]), out == me)


@njit(cache=True, nogil=True)
def evaluate_cards(seed, worlds, position, candidates):
    """Try each card of ``candidates`` in ``worlds`` deals sampled from the SplitMix64 stream ``seed``;
    returns (score sums, square sums, deals that respected every void shown).

    ``position`` is a :data:`POSITION` record (a trick round, or the kabal round: ``code``
    :data:`KABAL`).  Each deal (:func:`~cardlab.search.plump_rollout.sample_world`) is played on for
    every candidate (:func:`trick_points`, :func:`kabal_points`): its score sum gains the searching
    seat's round points and its square sum their squares.
    """
    state = U64(seed)
    k = candidates.shape[0]
    players = position.players
    score_sum = np.zeros(k)
    square_sum = np.zeros(k)
    deal, pool, room = world_arrays(players)
    work = np.zeros(1, AT)
    good = 0
    for _ in range(worlds):
        state, ok = sample_world(state, position, deal, pool, room)
        if ok:
            good += 1
        for i in range(k):
            at = work[0]
            start_at_position(position, deal, at)
            if position.code == KABAL:
                points = kabal_points(position, at, candidates[i])
            else:
                points = trick_points(position, at, candidates[i])
            score_sum[i] += points
            square_sum[i] += points * points
    return score_sum, square_sum, good
