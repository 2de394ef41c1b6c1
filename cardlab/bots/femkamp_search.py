"""``FemkampSearchBot``: a strong Femkamp player that thinks by trying deals.

It sees only its own view.  For every card it may play it imagines many deals of the cards it cannot
see (consistent with what it has seen: in a trick round nobody holds a suit they have shown void in;
in the kabal round every seat holds as many cards as it has), plays the card and then the rest of
the round in every imagined deal with every seat following the compiled heuristic player
(:mod:`cardlab.kernels.femkamp_heuristic`, the kernel twin of :class:`~cardlab.bots.femkamp.FemkampBot`),
and plays the card with the fewest mean points for itself this round (lowest total wins Femkamp; in
the grand round that is the most tricks).  Every card is tried on the same deals (common random
numbers), so the comparison between cards is far less noisy than the means themselves.  This is
the search of :class:`~cardlab.bots.plump_search.PlumpSearchBot` ("determinised policy rollouts",
one step of policy improvement over the heuristic player); see its docstring for why this search
and not ISMCTS or per-deal alpha–beta.

When no card is better than the heuristic's card by more than ``margin`` points (mean over the deals
tried), it plays the heuristic's card and gives the heuristic's reason; otherwise it says, in words a
child understands, what the search found: "Jag provade 300 sätt som de andra korten kan ligga på:
med 9♠ får jag minst poäng, ungefär 2 i den här rundan."

**Strength and time.**  ``rollouts`` play-outs per decision (default 3000, shared among the cards:
with 6 cards that is 500 deals; a 4-player play-out costs a few microseconds in numba), or a fixed
number of deals ``samples``, or a time budget ``time_ms`` (batches of 8 deals until the time is
used; the decision then depends on the machine's speed).  More: stronger and slower.  Measured
strength against FemkampBot: ``docs/strength_record.md``.

>>> from cardlab import FemkampBot, FemkampGame
>>> game = FemkampGame.start(seed=1)
>>> for _ in range(104):            # FemkampBot plays the pass and clubs rounds at every seat
...     _ = game.apply(FemkampBot().choose(game.view(game.to_move)))
>>> view = game.view(game.to_move)  # the first lead of the queens round
>>> FemkampBot().decide(view).explain("en")
'I lead 7♣, below the queen of clubs, so I do not catch it myself.'
>>> FemkampSearchBot(rng=1).decide(view).explain("en")
'I tried 230 ways the other cards could lie: with 9♥ I get the fewest points, about 4 this round.'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._rng import normalize_rng
from ..cards import Rank, parse_cards
from ..games.trick_actions import Play
from ..i18n import Message
from ..rules.femkamp_core import ROUND_CODES
from ..rules.trick_core import voids_shown
from ._budget import check_budget, run_budget
from .base import Decision
from .femkamp import FemkampBot

_ALL = (1 << 52) - 1


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


class FemkampSearchBot:
    """Plays Femkamp (trick rounds and kabal) by trying its cards in many imagined deals.

    Parameters (keyword-only):

    * ``rng`` — seed or Generator for the imagined deals (a fixed seed makes it repeatable);
    * ``rollouts`` — play-outs per decision, shared among the cards it may play (default 3000);
    * ``samples`` — a fixed number of deals per decision instead (every card is played in each);
    * ``time_ms`` — a time budget per decision instead (batches of 8 deals until the time is used);
    * ``margin`` — how many points (mean per deal) a card must save over the heuristic's card before
      the bot plays it instead (default 0.02: a tie keeps the heuristic's card);
    * ``reads`` — the imagined deals respect the suits each seat has shown void in (default True).
      ``False`` lets every unseen card lie in any hand: it is there to measure what reading the
      table is worth (``benchmarks/reading_paired.py``), not to play with.

    >>> FemkampSearchBot(rollouts=0)
    Traceback (most recent call last):
    ...
    ValueError: rollouts must be a whole number of play-outs, at least 1; you gave 0.
    """

    name = "femkamp-search"

    def __init__(self, *, rng: Any = None, rollouts: int = 3000, samples: int | None = None,
                 time_ms: float | None = None, margin: float = 0.02, reads: bool = True) -> None:
        check_budget(rollouts, samples, time_ms)
        if not margin >= 0:
            raise ValueError(f"margin must be a number of points, 0 or more; you gave {margin!r}.")
        self.rng = normalize_rng(rng)
        self.rollouts = rollouts
        self.samples = samples
        self.time_ms = time_ms
        self.margin = float(margin)
        self.reads = bool(reads)
        self.heuristic = FemkampBot()

    def choose(self, view: Any) -> Any:
        return self.decide(view).action

    def decide(self, view: Any) -> Decision:
        """The card (or prikk) and its one-sentence reason, from the search."""
        options = view.legal_actions
        if not options:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the game is over.")
        fallback = self.heuristic.decide(view)
        if len(options) == 1:
            return fallback
        cards = [a.card for a in options]
        if view.round_name == "kabal":
            sums, worlds = self._kabal(view, cards)
        else:
            sums, worlds = self._tricks(view, cards)
        means = sums / worlds
        best = int(np.argmin(means))
        mine = cards.index(fallback.action.card)
        if means[best] >= means[mine] - self.margin:
            return fallback
        card = cards[best]
        points = int(round(float(means[best])))
        key = "femkamp.search.grand" if view.round_name == "grand" else "femkamp.search.card"
        return Decision(Play(seat=view.seat, card=card),
                        Message(key, {"card": card, "worlds": worlds, "points": points, "tricks": -points}))

    # ------------------------------------------------------------- search
    def _budget(self, batch, candidates: int) -> tuple[np.ndarray, int]:
        return run_budget(batch, self.rng, candidates=candidates, rollouts=self.rollouts, samples=self.samples,
                          time_ms=self.time_ms)

    def _tricks(self, view: Any, cards: list) -> tuple[np.ndarray, int]:
        from ..search.femkamp_rollout import CLUBS, QUEENS, TRICKS, Position

        players, me = view.players, view.seat
        rules = view.rules
        my_hand = _mask(view.hand)
        played = _mask(view.played_cards)
        removed = _mask(parse_cards(rules.removed_cards)) if rules.removed_cards else 0
        unseen = _ALL & ~removed & ~my_hand & ~played
        voids = np.zeros(players, np.int64)
        taken = np.zeros((players, 3), np.int64)
        for trick in view.completed_tricks:
            led = trick.cards[0].suit.index
            for seat, card in zip(trick.seats, trick.cards):
                voids[seat] |= voids_shown(led, card.suit.index, -1, False)
            taken[trick.winner, TRICKS] += 1
            taken[trick.winner, CLUBS] += sum(1 for c in trick.cards if c.suit.index == 0)
            taken[trick.winner, QUEENS] += sum(1 for c in trick.cards if c.rank is Rank.QUEEN)
        trick_cards = np.zeros(players, np.int64)
        if view.current_trick:
            led = view.current_trick[0][1].suit.index
            for j, (seat, card) in enumerate(view.current_trick):
                trick_cards[j] = card.index
                voids[seat] |= voids_shown(led, card.suit.index, -1, False)
        leader = view.current_trick[0][0] if view.current_trick else me
        if not self.reads:
            voids[:] = 0
        position = Position(me=me, players=players, code=ROUND_CODES[view.round_name], my_hand=np.uint64(my_hand),
                            unseen=np.uint64(unseen), counts=view.hand_counts, queen_points=rules.queen_points,
                            clubs_all_zero=rules.clubs_all_zero, voids=voids, taken=taken, leader=leader,
                            trick_cards=trick_cards, n_trick=len(view.current_trick), played=np.uint64(played))
        return self._search(position, cards)

    def _search(self, position, cards: list) -> tuple[np.ndarray, int]:
        """(summed points per card, deals) of the compiled search of ``cards`` at ``position``
        (a :class:`~cardlab.search.femkamp_rollout.Position`), within the budget."""
        from ..search.femkamp_rollout import evaluate_cards

        record = position.record()
        candidates = np.array([c.index for c in cards], np.int64)

        def batch(seed: int, worlds: int):
            sums, _, good = evaluate_cards(seed, worlds, record, candidates)
            return sums, good

        return self._budget(batch, len(cards))

    def _kabal(self, view: Any, cards: list) -> tuple[np.ndarray, int]:
        from ..search.femkamp_rollout import KABAL, Position

        my_hand = _mask(view.hand)
        table = _mask(view.layout.cards())
        position = Position(me=view.seat, players=view.players, code=KABAL, my_hand=np.uint64(my_hand),
                            unseen=np.uint64(_ALL & ~my_hand & ~table), counts=view.hand_counts,
                            lows=[low for low, _ in view.layout.rows], highs=[high for _, high in view.layout.rows],
                            prikks=view.prikks)
        return self._search(position, cards)

