"""``RummySearchBot``: a strong Rummy player that thinks by trying deals.

It sees only its own view.  It searches the choice that matters most — which card to discard — and
otherwise plays like the heuristic player: it draws as :class:`~cardlab.bots.rummy.RummyBot` draws
(searching the draw too, ``draws=True``, found no gain: ``docs/strength_record.md``), and melds and lays off
whatever RummyBot would.  When RummyBot would discard, it imagines many deals of the cards it cannot
see (the other hands and the stock; a card a player took from the discard pile and has not put down
since stays in that player's hand, and a deal is dealt again while another hand holds a meld or a
card that fits the table, which a heuristic player would already have put down), tries every
discard and lets every seat play on like the compiled twin of RummyBot
(:mod:`cardlab.search.rummy_rollout`), and picks the discard with the fewest mean penalty points for
itself.  Every move is tried on the same deals (common random numbers).  This is the search of
:class:`~cardlab.bots.plump_search.PlumpSearchBot` and
:class:`~cardlab.bots.femkamp_search.FemkampSearchBot` (one step of policy improvement over the
heuristic player).

A play-out of Rummy is chaotic (one other discard changes every later draw), so the comparison is
noisy; the bot leaves the heuristic's discard only when another saves penalty points by more than
``margin`` standard errors of the paired saving over the deals tried (default 0.5), and otherwise
makes the heuristic's move and gives the heuristic's reason.  When it leaves it, it says what the
search found:
"Jag provade 750 sätt som de andra korten kan ligga på: det bästa var att kasta K♥, då har jag om
några varv ungefär 8 straffpoäng på handen."

**Play-outs.**  A play-out stops after ``max_turns`` turns (default 15: five times round a table of
three) and everyone then pays the cards in hand, as at a round's end with no winner: the cards a
heuristic player still holds then are an estimate of what it will pay, and a shorter horizon is
cheaper and less noisy than playing to the end.  A stock that runs out is reshuffled as the rules
say, but in a play-out at most once more than has happened so far when the rules set no limit
(RummyBot's twin models rounds of at most three reshuffles).

**Strength and time.**  A play-out costs about 15–35 µs (the best melds of a hand are searched only
when it holds one), so the default is ``rollouts`` = 6000 play-outs per decision, shared among the
moves tried (at most 2000 deals), or a fixed number of deals ``samples``, or a time budget
``time_ms``; ``width`` tries only the discards RummyBot likes best.  More: stronger and slower.
Measured strength against RummyBot: ``docs/strength_record.md``.

>>> from cardlab import RummyRules
>>> from cardlab.games.rummy import RummyRound
>>> rnd = RummyRound.deal(RummyRules(), dealer=0, rng=5)
>>> decision = RummySearchBot(rng=1).decide(rnd.view(1))
>>> decision.action in rnd.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._rng import normalize_rng
from ..games.rummy import Discard, Draw, LayOff, Meld, action_message
from ..i18n import Message
from ..rules.rummy_core import reshuffle_limit
from ._budget import check_budget, run_budget
from .base import Decision
from .rummy import RummyBot


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


class RummySearchBot:
    """Plays Rummy by trying its moves in many imagined deals (see the module docstring).

    Parameters (keyword-only):

    * ``rng`` — seed or Generator for the imagined deals (a fixed seed makes it repeatable);
    * ``rollouts`` — play-outs per decision, shared among the moves tried (default 6000);
    * ``samples`` — a fixed number of deals per decision instead (every move is tried in each);
    * ``time_ms`` — a time budget per decision instead (batches of 8 deals until the time is used);
    * ``margin`` — how sure the search must be before it leaves the heuristic's move: another move
      is made only when it saves penalty points on average over the deals tried by more than
      ``margin`` standard errors of that (paired) saving (default 0.5);
    * ``max_turns`` — turns after which a play-out stops and everyone pays the cards in hand (default 15);
    * ``tries`` — how often a sampled deal is dealt again when another seat would hold a meld or a
      card that fits the table, which a heuristic player would have put down (default 50);
    * ``width`` — try only this many discards, RummyBot's favourites by its own discard cost (default: all);
    * ``draws`` — search the draw too, stock against discard pile (default False: RummyBot's draw);
    * ``reads`` — the imagined deals respect what the table showed (default True): the cards a seat
      took from the discard pile stay in its hand, and no other hand holds what a heuristic player
      would have put down (``tries``).  ``False`` deals every unseen card at random, once: it is
      there to measure what reading the table is worth (``benchmarks/reading_paired.py``).

    >>> RummySearchBot(samples=0)
    Traceback (most recent call last):
    ...
    ValueError: samples must be a whole number of deals, at least 1; you gave 0.
    """

    name = "rummy-search"

    def __init__(self, *, rng: Any = None, rollouts: int = 6000, samples: int | None = None,
                 time_ms: float | None = None, margin: float = 0.5, max_turns: int = 15, tries: int = 50,
                 width: int | None = None, draws: bool = False, reads: bool = True) -> None:
        check_budget(rollouts, samples, time_ms)
        if not margin >= 0:
            raise ValueError(f"margin must be a number of standard errors, 0 or more; you gave {margin!r}.")
        if not isinstance(max_turns, int) or max_turns < 1:
            raise ValueError(f"max_turns must be a whole number of turns, at least 1; you gave {max_turns!r}.")
        self.rng = normalize_rng(rng)
        self.rollouts = rollouts
        self.samples = samples
        self.time_ms = time_ms
        self.margin = float(margin)
        if not isinstance(tries, int) or tries < 1:
            raise ValueError(f"tries must be a whole number, at least 1; you gave {tries!r}.")
        self.max_turns = max_turns
        if width is not None and (not isinstance(width, int) or width < 2):
            raise ValueError(f"width must be a whole number of discards, at least 2; you gave {width!r}.")
        self.width = width
        self.draws = bool(draws)
        self.tries = tries
        self.reads = bool(reads)
        self.heuristic = RummyBot()

    def choose(self, view: Any) -> Any:
        return self.decide(view).action

    def decide(self, view: Any) -> Decision:
        """The move and its one-sentence reason, from the search."""
        legal = view.legal_actions
        if not legal:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the round is over.")
        fallback = self.heuristic.decide(view)
        if view.reshuffles > RummyBot.PATIENCE:
            return fallback  # past the heuristic's patience its twin no longer models it
        if view.phase == "draw":
            if not self.draws:
                return fallback  # RummyBot's draw: searching it found no gain (docs/strength_record.md)
            others = [a for a in legal if a != fallback.action]
        elif not isinstance(fallback.action, Discard):
            return fallback  # the heuristic melds or lays off: that always lowers the hand, so no search
        else:
            others = [a for a in legal if isinstance(a, Discard) and a != fallback.action]
            if self.width is not None:  # only the discards the heuristic likes best
                def cost(act: Discard) -> tuple:
                    return (self.heuristic.discard_cost(view, act.card), -act.card.rank.points, act.card.index)
                others = sorted(others, key=cost)[: self.width - 1]
        moves = [fallback.action] + others            # the heuristic's move first: the reference
        if len(moves) == 1:
            return fallback
        (sums, squares), worlds = self._search(view, moves)
        best = self.pick(sums, squares, worlds)
        if best == 0:
            return fallback
        act = moves[best]
        return Decision(act, Message("rummy.search.move", {
            "worlds": worlds, "points": int(round(float(sums[best] / worlds))),
            "action": action_message(act, view.table, view.discard_top)}))

    def pick(self, sums: np.ndarray, squares: np.ndarray, worlds: int) -> int:
        """Which move the search makes, from each move's summed penalty over ``worlds`` deals and the
        summed squares of its difference from move 0's (the heuristic's): the index of the move with
        the largest saving minus ``margin`` standard errors, or 0 when no saving exceeds that.

        >>> bot = RummySearchBot(margin=2.0)
        >>> bot.pick(np.array([100.0, 80.0]), np.array([0.0, 80.0]), 10)   # saves 2 ± 0.67 a deal
        1
        >>> bot.pick(np.array([100.0, 80.0]), np.array([0.0, 400.0]), 10)  # saves 2 ± 2: not sure
        0
        """
        means = sums / worlds
        saving = means[0] - means                      # penalty points saved against the heuristic's move
        spread = np.sqrt(np.maximum(squares / worlds - saving ** 2, 0.0) / max(1, worlds - 1))
        best = int(np.argmax(saving - self.margin * spread))
        if best == 0 or saving[best] <= self.margin * spread[best]:
            return 0
        return best

    # ------------------------------------------------------------- search
    def _search(self, view: Any, moves: list, hands: list[int] | None = None) -> tuple[np.ndarray, int]:
        """Summed penalties and squared differences of ``moves`` over the deals of the budget.

        ``hands`` (per seat, a mask of card indices), for measurements only: the other seats' true
        hands, so that only the stock is dealt anew (``benchmarks/rummy_search_probe.py``)."""
        from ..search.rummy_rollout import (DISCARD, LAY_OFF, MELD, PILE, STOCK, Hidden, Move, RoundArrays, TurnRules,
                                            TurnState, describe_table, evaluate_moves)

        players, me = view.players, view.seat
        world = RoundArrays.empty(players)            # the position as this seat sees it; each deal fills the rest
        my_hand = _mask(view.hand)
        world.hands[me] = np.uint64(my_hand)
        pile_cards = [c.index for c in view.discard_pile]
        world.pile[: len(pile_cards)] = pile_cards
        on_table = 0
        for i, meld in enumerate(view.table):
            world.tmask[i] = np.uint64(_mask(meld.cards))
            on_table |= int(world.tmask[i])
        describe_table(world.tmask, len(view.table), world.table)
        world.pickups[:] = [_mask(view.pickups_by(s)) for s in range(players)]
        world.melded_before[:] = view.melded_before
        seen = my_hand | on_table | _mask(view.discard_pile)
        unseen = ((1 << 52) - 1) & ~seen
        counts = np.array(view.hand_sizes, np.int64)
        known = np.zeros(players, np.uint64)
        if self.reads and view.reshuffles == 0:  # before a reshuffle a card taken and not put down since is still held
            holder: dict[int, int] = {}
            for seat, card in view.pickups:
                holder[card.index] = seat
            for index, seat in holder.items():
                if seat != me and unseen >> index & 1 and bin(int(known[seat])).count("1") < counts[seat]:
                    known[seat] = np.uint64(int(known[seat]) | 1 << index)
        if hands is not None:
            known = np.array([0 if s == me else hands[s] for s in range(players)], np.uint64)
        hidden = Hidden(np.uint64(unseen), counts, known)
        in_turn = view.phase != "draw"
        taken = view.taken_from_discard.index if (in_turn and view.taken_from_discard is not None) else -1
        put_down = in_turn and not view.melded_before[me] and any(
            m.owner == me or any(s == me for s, _ in m.additions) for m in view.table)
        at = TurnState(sp=0, sn=0, dn=len(pile_cards), nt=len(view.table), current=me, in_turn=in_turn, taken=taken,
                       put_down=put_down, reshuffles=view.reshuffles)
        limit = reshuffle_limit(view.rules.max_reshuffles)
        if limit < 0:
            limit = view.reshuffles + 1
        rules = TurnRules(no_same=view.rules.no_same_discard, max_reshuffles=limit, max_turns=self.max_turns)
        kinds = np.zeros(len(moves), np.int64)
        a = np.zeros(len(moves), np.int64)
        b = np.zeros(len(moves), np.int64)
        masks = np.zeros(len(moves), np.uint64)
        for i, act in enumerate(moves):
            if isinstance(act, Draw):
                kinds[i] = PILE if act.source == "discard" else STOCK
            elif isinstance(act, Meld):
                kinds[i], masks[i] = MELD, np.uint64(_mask(act.cards))
            elif isinstance(act, LayOff):
                kinds[i], a[i], b[i] = LAY_OFF, act.card.index, act.meld_index
            else:
                kinds[i], a[i] = DISCARD, act.card.index
        candidates = Move(kinds, a, b, masks)
        work = RoundArrays.empty(players)             # the play-outs' copy of each deal

        def batch(seed: int, worlds: int):
            sums = evaluate_moves(seed, worlds, world, hidden, at, rules, view.rules.rummy_bonus, candidates, work,
                                  self.tries if self.reads else 1)
            return sums, worlds

        return run_budget(batch, self.rng, candidates=len(moves), rollouts=self.rollouts, samples=self.samples,
                          time_ms=self.time_ms, min_worlds=8)
