"""What the bids made say about the hidden hands: the same deals the search imagines, weighted by the bids.

:class:`~cardlab.bots.plump_search.PlumpSearchBot` reads the bids with ``bid_weight``: an imagined
deal counts with the chance ``bid_weight ** |model bid − real bid|`` per other bidder
(:func:`~cardlab.search.plump_rollout.bid_likelihood`; the model bid is
:func:`~cardlab.kernels.plump_heuristic.heuristic_bid` with the hand the deal gave that seat).  This
module turns that same weighting into something a person can read: for every other seat and suit,
how likely the seat holds a high card (king or ace) of the suit, in deals drawn as the search
draws them (nobody holds a suit it has shown void in) without the bids and with them.  The largest
change is what the bot "read" from a bid: :func:`strongest_reading`.

The king and ace are the "high" cards: they are the cards the bidding rule of thumb counts
(:func:`cardlab.coach.tips.counted_cards`), so a bid moves their chances most, and a child knows them
by name.  A reading is said only when the bids moved a chance by at least :data:`MIN_CHANGE` (15
points: smaller moves are within what a few hundred deals wobble and too weak to put in words) and
the weighted deals are worth at least :data:`MIN_DEALS` plain ones (the effective sample size
``(Σw)² / Σw²``; below it the weighted chance rests on a handful of deals).

>>> from cardlab import PlumpRound, PlumpRules
>>> rnd = PlumpRound.from_hands(["2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
...     "2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "AD KD QD JD 10D 9D 8D 7D 6D 5D"], rules=PlumpRules(players=4),
...     dealer=3, trump="D")
>>> _ = [rnd.apply(next(a for a in rnd.legal_actions() if a.tricks == 0)) for _ in range(3)]
>>> before, after, effective = high_card_odds(rnd.view(3), deals=4000, rng=1)   # three zero bids
>>> bool((after[:3, [0, 2, 3]] < before[:3, [0, 2, 3]]).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._rng import normalize_rng
from ..cards import Suit
from ..errors import CardlabError
from ..i18n import Message
from ..kernels._numba import njit
from ..kernels.rng import U64
from ..search.plump_rollout import bid_likelihood, sample_world, world_arrays
from .plump_search import ISMCTS_BID_WEIGHT, PlumpSearchBot

__all__ = ["Reading", "high_card_odds", "strongest_reading", "HIGH_MASK", "READING_WEIGHT", "MIN_CHANGE",
           "MIN_DEALS", "reading_message"]

#: the king and ace of each suit (card index = suit × 13 + rank − 2)
HIGH_MASK = tuple(sum(1 << (13 * suit + r - 2) for r in (13, 14)) for suit in range(4))
#: the weight per trick of difference used to read the bids: the search bot's own default, so the
#: hint says what the bot reads
READING_WEIGHT = ISMCTS_BID_WEIGHT
#: how much a chance must change (as a share, 0–1) before it is said
MIN_CHANGE = 0.15
#: the effective number of deals (``(Σw)² / Σw²``) the weighted chance must rest on before it is said
MIN_DEALS = 200


@dataclass(frozen=True)
class Reading:
    """What a bid told: seat ``seat`` bid ``bid``, so its chance of holding a high card of ``suit``
    (0..3: clubs, diamonds, hearts, spades) went from ``before`` to ``after``."""

    seat: int
    bid: int
    suit: int
    before: float
    after: float

    @property
    def drops(self) -> bool:
        return self.after < self.before


@njit(cache=True)
def _draw(state, root, deals, weight, high):
    """``deals`` deals as the search draws them: (held[deal, seat, suit], weight[deal])."""
    players = root.players
    hands, pool, room = world_arrays(players)
    held = np.zeros((deals, players, 4), np.bool_)
    w = np.zeros(deals)
    for i in range(deals):
        state, _ = sample_world(state, root, hands, pool, room)
        w[i] = bid_likelihood(hands, root, weight)
        for s in range(players):
            h = hands[s] | root.played_by[s]
            for suit in range(4):
                held[i, s, suit] = (h & high[suit]) != U64(0)
    return held, w


def high_card_odds(view, *, deals: int = 2000, weight: float = READING_WEIGHT, rng=None):
    """``(before, after, effective)``: arrays [seat, suit] of the chance that the seat holds (or held) a
    high card of the suit, over ``deals`` imagined deals, unweighted and weighted by how well they
    explain the bids, and the effective number of weighted deals (:func:`effective_deals`).  The
    deals are drawn as the search draws them (:func:`~cardlab.search.plump_rollout.sample_world`:
    the player's own hand, the turned-up card and the cards played are known, and nobody holds a suit
    it has shown void in).  ``weight`` must be in (0, 1]."""
    if not 0.0 < weight <= 1.0:
        raise CardlabError("plump.reading.bad_weight", value=weight)
    if deals < 1:
        raise CardlabError("plump.reading.bad_deals", value=deals)
    rng = normalize_rng(rng)
    root = PlumpSearchBot()._root(view).record()
    held, w = _draw(np.uint64(int(rng.integers(2**63))), root, deals, float(weight),
                    np.array(HIGH_MASK, np.uint64))
    before = held.mean(axis=0)
    after = (held * w[:, None, None]).sum(axis=0) / w.sum() if w.sum() > 0 else before
    return before, after, effective_deals(w)


def effective_deals(w) -> float:
    """How many unweighted deals the weights ``w`` are worth: ``(Σw)² / Σw²`` (0 when all are 0).

    >>> effective_deals(np.ones(10)), effective_deals(np.array([1.0, 0, 0, 0]))
    (10.0, 1.0)
    """
    w = np.asarray(w, float)
    sq = float((w * w).sum())
    return float(w.sum() ** 2 / sq) if sq > 0 else 0.0


def strongest_reading(view, *, deals: int = 2000, weight: float = READING_WEIGHT, rng=None) -> Reading | None:
    """The largest change the bids made in any other bidder's chance of a high card of a suit
    (None when no change reaches :data:`MIN_CHANGE`, or the weighted deals are worth fewer than
    :data:`MIN_DEALS`).  Only readings that say what the bid says are kept: a bid below what the seat
    would bid on an average hand lowers a chance, one above raises it."""
    before, after, effective = high_card_odds(view, deals=deals, weight=weight, rng=rng)
    if effective < MIN_DEALS:
        return None
    best = None
    for s in range(view.players):
        if s == view.seat or view.bids[s] is None:
            continue
        for suit in range(4):
            change = abs(after[s, suit] - before[s, suit])
            honest = after[s, suit] < 0.5 if after[s, suit] < before[s, suit] else after[s, suit] > 0.5
            if honest and change >= MIN_CHANGE and (best is None or change > best[0]):
                best = (change, s, suit)
    if best is None:
        return None
    _, s, suit = best
    return Reading(s, int(view.bids[s]), suit, float(before[s, suit]), float(after[s, suit]))


def reading_message(reading: Reading, name):
    """The reading as a sentence for a child: ``name`` (the seat's name at the table, a Message or a
    string) bid so much, so it probably holds (no) high cards of the suit, with the chance before and
    after the bid.

    >>> reading_message(Reading(2, 0, 3, 0.62, 0.18), "Bot 2").text("en")
    'Bot 2 bid 0, so they probably hold no high spades (king or ace: 62 % before the bids, 18 % now).'
    >>> reading_message(Reading(1, 3, 2, 0.5, 0.8), "Bot 1").text("sv")
    'Bot 1 bjöd 3, så hen har nog höga hjärter (kung eller ess: 50 % före buden, 80 % nu).'
    """
    key = "plump.reading.none" if reading.drops else "plump.reading.some"
    return Message(key, {"name": name, "bid": reading.bid, "suit": Message("suit." + tuple(Suit)[reading.suit].letter),
                         "before": round(100 * reading.before), "after": round(100 * reading.after)})
