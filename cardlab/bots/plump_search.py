"""``PlumpSearchBot``: a strong Plump player that thinks by trying deals.

It sees only its own view.  For every decision it imagines many deals of the cards it cannot see
(consistent with what it has seen: nobody holds a suit they have shown void in), plays each
candidate move out to the end of the round in every imagined deal, and picks the move with the best
mean score.  It then says, in words a child understands, how often the move worked:
"Om jag lägger K♠ klarar jag mitt bud i ungefär 7 av 10 givar."

**Why this search (information-set MCTS with heuristic play-outs).**  Plump is a short game of
hidden cards with a score that depends on hitting a number exactly.  Three families were tried or
weighed:

* *Determinised policy rollouts* ("PIMC with a policy", ``method="pimc"``): sample deals, try every
  candidate move, let every seat continue with the compiled heuristic player
  (:mod:`cardlab.kernels.plump_heuristic`, the kernel twin of :class:`~cardlab.bots.plump.PlumpBot`),
  average.  Cheap and low in noise (every candidate is tried on the same deals), but it is only
  one step of improvement over the heuristic: from the next move on, the bot imagines itself and
  everyone else playing like ``PlumpBot``, so the value of a bid is the value it has *for a
  ``PlumpBot``*.  Measured against OpenSpiel's ISMCTS-1000 it stayed behind at 4 × 5 and 3 × 7
  however many play-outs it got.
* *Perfect-information search per deal* (alpha–beta in each imagined deal) suffers from strategy
  fusion (it assumes it will know the hidden cards later) and is expensive at ten tricks with four
  players.
* *Single-observer ISMCTS* (``method="ismcts"``, the default; :mod:`cardlab.search.plump_ismcts`):
  one tree of public move sequences shared by all imagined deals, grown by UCB with availability
  counts, so the bot's own later moves and the others' cards are searched too, not just the next
  move.  It is what OpenSpiel plays, but compiled with numba over bitmask hands: an iteration
  (deal, descent, play-out) costs about 2–3 µs, so thousands of iterations fit in the time
  OpenSpiel spends on 1000.  Two changes to the textbook version, both for Plump: play-outs use
  the heuristic player (a seat that aims for its bid) with a little noise instead of random cards;
  and the other seats' *bids* are not tree choices (a tree node shared by all deals would give an
  opponent the same bid whatever hand the deal gave it) but the bid the model bidder makes with
  its hand in that deal.

**Reading the bids.**  ISMCTS keeps an imagined deal only with the chance that it explains the
bids already made: ``bid_weight ** |model bid − real bid|`` for each other seat that has bid, where
the model bid is what the model bidder would bid with the hand the deal gave that seat
(:func:`~cardlab.search.plump_rollout.bid_likelihood`).  The design, and why:

* *A likelihood, not a filter.*  Keeping only deals whose model bid equals the real bid would throw
  away every deal where a person bid one more or one less than the rule of thumb, which people do
  all the time; a factor per trick of difference keeps them, less often.
* *Rejection, not weights.*  ISMCTS grows one tree over all deals, so a deal cannot carry a weight
  into the tree's counts without biasing UCB; drawing deals until one is kept gives the tree deals
  in the right proportions, at the price of a few more draws (at most ``MAX_REJECTIONS`` per iteration, :mod:`cardlab.search.plump_ismcts`).
* *The bids, not the cards played.*  Voids shown are already hard facts in every deal; what the
  bids say is the largest unused signal, and the model bidder is already compiled in the search.
* *Measured.*  ``bid_weight=0.5`` (the default for ISMCTS) against the same bot with ``1.0`` on the
  same deals, seats rotated (``benchmarks/search_paired.py``): better at 4 × 5 and at 4 × 10 (the
  figures are in ``docs/strength_record.md``, *Reading the bids, paired*); PIMC keeps ``1.0``.
  ``bid_weight=1.0`` turns the reading off.

The score searched for is the round score of the view's rules (``rules.scoring``) unless
``scoring=`` says otherwise; ``scoring="trick-points"`` is OpenSpiel's ``oh_hell`` return
(1 per trick + 10 for an exact bid).  The imagined players play for that score too: under
``"trick-points"`` a seat whose bid is already lost (more tricks than it bid) takes every trick it
can, since each is still worth a point.  Like ``PlumpBot`` they count the turned-up card as seen
and bid with their place in the bidding.

**Strength and time.**  ``rollouts`` play-outs per decision (ISMCTS: iterations, default 5000,
on one core a few tens of milliseconds per decision at 4 × 5 to 4 × 10; reading the bids draws
more deals than it keeps, so a decision takes longer than OpenSpiel's ISMCTS-1000 does (the arena's
runs table in ``docs/strength.md`` has both, measured side by side); PIMC: shared among the candidate moves, default 4000), or a time budget ``time_ms`` (the
search runs in batches until the time is used; the decision then depends on the machine's speed).
More: stronger and slower; fewer: faster and weaker.  ``docs/strength.md`` has the measured
strength against OpenSpiel's ISMCTS.

>>> from cardlab import PlumpRound, PlumpRules
>>> rnd = PlumpRound.from_hands(["AS KS QS", "2H 3H 4H", "5C 6C 7C"], rules=PlumpRules(players=3),
...                             dealer=2, trump="S")
>>> decision = PlumpSearchBot(rng=1).decide(rnd.view(0))
>>> decision.action
Bid(seat=0, tricks=3)
>>> decision.explain("en")
'If I bid 3, I make it in about 10 of 10 deals (I tried 5000 ways the other cards could lie).'
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .._rng import normalize_rng
from ..games.plump import Bid, Play, PlumpView
from ..i18n import Message
from ..rules.plump_core import SCORING_CODES as _SCORING_CODES
from ..rules.trick_core import voids_shown
from .base import Decision


#: the search methods: information-set MCTS (the default) and one-step determinised rollouts
METHODS = ("ismcts", "pimc")
#: play-outs per decision by default (ISMCTS: one iteration = one deal = one play-out)
ISMCTS_ROLLOUTS = 5000
PIMC_ROLLOUTS = 4000
#: ISMCTS's exploration constant (UCB on scores divided by hand size + 10) and its play-out noise
EXPLORATION = 0.7
ISMCTS_NOISE = 0.1
#: ISMCTS's weight per trick that a seat's model bid differs from its real bid (see "Reading the bids")
ISMCTS_BID_WEIGHT = 0.5
#: iterations per step of a time-budgeted search
TIME_BATCH = 32
#: how a bid is chosen: by the tree (or PIMC) search; the trick count that comes most often when
#: every card is played at random; or the search's choice between the two likeliest counts
BID_METHODS = ("tree", "likeliest", "likeliest-tree")
#: deals per step of a time-budgeted count of tricks under random play
ODDS_BATCH = 256


class PlumpSearchBot:
    """Plays Plump by trying its moves in many imagined deals (see the module docstring).

    Parameters (keyword-only):

    * ``rng`` — seed or Generator for the imagined deals (a fixed seed makes it repeatable);
    * ``method`` — ``"ismcts"`` (default: information-set tree search) or ``"pimc"`` (one step of
      determinised rollouts, the earlier search);
    * ``rollouts`` — play-outs per decision: ISMCTS iterations (default 5000), or for PIMC shared
      among the candidate moves (default 4000);
    * ``samples`` — a fixed number of deals per decision instead (PIMC: every candidate is played in
      each; ISMCTS: the same as ``rollouts``, one deal per iteration);
    * ``time_ms`` — a time budget per decision instead (at least one batch of play-outs);
    * ``scoring`` — the score to aim for (a ``PlumpRules.scoring`` name; default: the view's rules);
    * ``bid_weight`` — how strongly imagined deals must explain the bids made: a factor per trick
      that a sampled hand's model bid differs from the real bid (1.0 = ignore the bids; default
      :data:`ISMCTS_BID_WEIGHT` for ISMCTS, 1.0 for PIMC);
    * ``noise`` — the chance that another seat plays a random legal card at a step of a play-out
      (ISMCTS default 0.1, PIMC 0);
    * ``bid_noise`` — ISMCTS only: a different play-out noise while choosing a bid, for every seat
      including the bot's own (None: use ``noise``);
    * ``bid_up`` — the model bidder rounds its half-tricks up instead of down;
    * ``exploration`` — ISMCTS's UCB constant (scores are divided by hand size + 10);
    * ``bid_method`` — how a bid is chosen: ``"tree"`` (the search above), ``"likeliest"`` (the
      number of tricks it takes most often when every seat, itself too, plays random legal cards,
      over ``rollouts`` imagined deals: the bid OpenSpiel's ISMCTS with random roll-outs aims at) or
      ``"likeliest-tree"`` (ISMCTS only: of the two likeliest numbers, the one the tree prefers;
      with ``time_ms`` the count and the tree get that budget each).  ``docs/strength_record.md`` has
      what each scored against OpenSpiel's ISMCTS (the tree stays the default).

    ``bid_up`` defaults to off (see ``docs/strength_record.md`` for what runs against ISMCTS showed).
    """

    name = "search"

    def __init__(self, *, rng=None, method: str = "ismcts", rollouts: int | None = None, samples: int | None = None,
                 time_ms: float | None = None, scoring: str | None = None, bid_weight: float | None = None,
                 noise: float | None = None, bid_up: bool = False, exploration: float = EXPLORATION,
                 bid_noise: float | None = None, bid_method: str = "tree") -> None:
        if method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}; you gave {method!r}.")
        if rollouts is None:
            rollouts = ISMCTS_ROLLOUTS if method == "ismcts" else PIMC_ROLLOUTS
        if not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(f"rollouts must be a whole number of play-outs, at least 1; you gave {rollouts!r}.")
        if samples is not None and (not isinstance(samples, int) or samples < 1):
            raise ValueError(f"samples must be a whole number of deals, at least 1; you gave {samples!r}.")
        if time_ms is not None and not time_ms > 0:
            raise ValueError(f"time_ms must be a positive number of milliseconds; you gave {time_ms!r}.")
        if scoring is not None and scoring not in _SCORING_CODES:
            raise ValueError(f"scoring must be one of {', '.join(_SCORING_CODES)}; you gave {scoring!r}.")
        if bid_weight is None:
            bid_weight = ISMCTS_BID_WEIGHT if method == "ismcts" else 1.0
        if not 0.0 < bid_weight <= 1.0:
            raise ValueError(f"bid_weight must be in (0, 1]; you gave {bid_weight!r}.")
        if noise is None:
            noise = ISMCTS_NOISE if method == "ismcts" else 0.0
        if not 0.0 <= noise < 1.0:
            raise ValueError(f"noise must be in [0, 1); you gave {noise!r}.")
        if not exploration >= 0.0:
            raise ValueError(f"exploration must be a number ≥ 0; you gave {exploration!r}.")
        self.rng = normalize_rng(rng)
        self.method = method
        self.rollouts = rollouts
        self.samples = samples
        self.time_ms = time_ms
        self.scoring = scoring
        self.bid_weight = float(bid_weight)
        self.noise = float(noise)
        self.bid_up = bool(bid_up)
        self.exploration = float(exploration)
        if bid_noise is not None and not 0.0 <= bid_noise < 1.0:
            raise ValueError(f"bid_noise must be in [0, 1); you gave {bid_noise!r}.")
        self.bid_noise = None if bid_noise is None else float(bid_noise)
        if bid_method not in BID_METHODS:
            raise ValueError(f"bid_method must be one of {', '.join(BID_METHODS)}; you gave {bid_method!r}.")
        if bid_method == "likeliest-tree" and method != "ismcts":
            raise ValueError("bid_method='likeliest-tree' needs method='ismcts' (the tree decides between two bids).")
        self.bid_method = bid_method

    # ------------------------------------------------------------ protocol
    def decide(self, view: PlumpView) -> Decision:
        """The move and its one-sentence reason (with the chance found by the search)."""
        if not view.legal_actions:
            raise ValueError("There is nothing to decide: it is not this seat's turn.")
        if view.rules.decks != 1:
            from .plump import PlumpBot

            return PlumpBot().decide(view)  # the bitmask kernels hold one deck
        if view.phase != "bid" and len(view.legal_actions) == 1:
            card = view.legal_actions[0].card
            return Decision(view.legal_actions[0], Message("plump.search.only_card", {"card": card}))
        if view.phase == "bid" and self.bid_method == "likeliest":
            return self._decide_bid_likeliest(view)
        if self.method == "ismcts":
            return self._decide_ismcts(view)
        if view.phase == "bid":
            return self._decide_bid(view)
        return self._decide_play(view)

    def choose(self, view: PlumpView) -> Any:
        return self.decide(view).action

    # ------------------------------------------------------------- search
    def _position(self, view: PlumpView) -> dict:
        """The view as the arrays the kernels read."""
        players = view.players
        my_hand = 0
        for c in view.hand:
            my_hand |= 1 << c.index
        played_by = np.zeros(players, np.uint64)
        voids = np.zeros(players, np.int64)
        counts = np.full(players, view.hand_size, np.int64)
        trump = view.trump.index if view.trump is not None else -1
        must_trump = view.rules.must_trump
        seen = my_hand
        played = 0
        tricks = [(t.seats, t.cards) for t in view.completed_tricks]
        if view.current_trick:
            tricks.append((tuple(s for s, _ in view.current_trick), tuple(c for _, c in view.current_trick)))
        for seats, cards in tricks:
            led = cards[0].suit.index
            for seat, card in zip(seats, cards):
                played_by[seat] |= np.uint64(1 << card.index)
                counts[seat] -= 1
                seen |= 1 << card.index
                played |= 1 << card.index
                voids[seat] |= voids_shown(led, card.suit.index, trump, must_trump)
        if view.trump_card is not None:
            seen |= 1 << view.trump_card.index
        unseen = ((1 << 52) - 1) & ~seen
        trump_card = view.trump_card.index if view.trump_card is not None else -1
        return dict(players=players, hand_size=view.hand_size, trump=trump, must_trump=must_trump, trump_card=trump_card,
                    my_hand=np.uint64(my_hand), unseen=np.uint64(unseen), counts=counts, voids=voids,
                    played_by=played_by, played=np.uint64(played),
                    bids=np.array([-1 if b is None else b for b in view.bids], np.int64),
                    tricks=np.array(view.tricks_taken, np.int64))

    def _root(self, view: PlumpView):
        """The view as the position the compiled searches read (a :class:`~cardlab.search.plump_rollout.Root`)."""
        from ..search.plump_rollout import Root

        pos = self._position(view)
        trick_cards = np.zeros(view.players, np.int64)
        for j, (_, c) in enumerate(view.current_trick):
            trick_cards[j] = c.index
        leader = view.current_trick[0][0] if view.current_trick else view.seat
        return Root(me=view.seat, players=view.players, hand_size=view.hand_size, trump=pos["trump"],
                    must_trump=pos["must_trump"], scoring=self._scoring_code(view), dealer=view.dealer,
                    hook=bool(view.hook_active), highest_bidder_leads=view.rules.first_lead == "highest-bidder",
                    my_hand=pos["my_hand"], unseen=pos["unseen"], counts=pos["counts"], voids=pos["voids"],
                    bids=pos["bids"], tricks=pos["tricks"], leader=leader, trick_cards=trick_cards,
                    n_trick=len(view.current_trick), played=pos["played"], played_by=pos["played_by"],
                    trump_card=pos["trump_card"])

    def _decide_ismcts(self, view: PlumpView) -> Decision:
        from ..search.plump_ismcts import Tree, run

        if view.phase == "bid" and self.bid_method == "likeliest-tree":
            options, odds, _ = self.trick_odds(view)   # first, so the same seed gives the same chances
        root = self._root(view)
        state = int(self.rng.integers(2**63))
        noise, noise_me = self.noise, False
        if view.phase == "bid" and self.bid_noise is not None:
            noise, noise_me = self.bid_noise, True
        if self.time_ms is None:
            iterations = self.samples or self.rollouts
            tree = Tree(iterations + 1)
            run(tree, root, state, iterations, self.exploration, noise, self.bid_weight, self.bid_up, noise_me)
        else:
            deadline = time.perf_counter() + self.time_ms / 1000.0
            tree = Tree(1 << 14)
            position = root.record()   # made once for the many batches
            iterations = 0
            while True:
                if tree.size[0] + TIME_BATCH >= tree.capacity:
                    tree.grow()
                state = run(tree, position, state, TIME_BATCH, self.exploration, noise, self.bid_weight, self.bid_up,
                            noise_me)
                iterations += TIME_BATCH
                if time.perf_counter() >= deadline:
                    break
        moves, visits, _, made = tree.root_children()
        best = int(np.argmax(visits))
        if view.phase == "bid" and self.bid_method == "likeliest-tree":
            two = {options[i] for i in np.argsort(-odds, kind="stable")[:2]}
            among = [i for i in range(len(moves)) if int(moves[i]) in two]
            if among:
                best = max(among, key=lambda i: (int(visits[i]), -i))
        move = int(moves[best])
        chance = made[best] / visits[best] if visits[best] > 0 else 0.0
        k = int(round(10 * chance))
        if view.phase == "bid":
            action = Bid(view.seat, move)
            if action not in view.legal_actions:  # cannot happen: the tree holds legal moves only
                raise RuntimeError(f"the search chose the illegal bid {move}")
            return Decision(action, Message("plump.search.bid", {"bid": move, "k": k, "worlds": iterations}))
        card = next(a.card for a in view.legal_actions if a.card.index == move)
        if chance < 0.05:
            return Decision(Play(view.seat, card), Message("plump.search.card_lost", {"card": card}))
        return Decision(Play(view.seat, card), Message("plump.search.card", {"card": card, "k": k}))

    def trick_odds(self, view: PlumpView) -> tuple[list[int], np.ndarray, int]:
        """(legal bids, chance of taking exactly that many tricks, deals tried) under random card play.

        Every seat, this one too, plays uniformly random legal cards from the first lead, in deals
        of the unseen cards imagined as for the search (:func:`cardlab.search.plump_rollout.random_trick_counts`);
        ``rollouts`` deals (``samples`` if given), or as many as fit in ``time_ms``.

        >>> from cardlab import PlumpRound, PlumpRules
        >>> rnd = PlumpRound.from_hands(["AS KS QS", "2H 3H 4H", "5C 6C 7C"], rules=PlumpRules(players=3),
        ...                             dealer=2, trump="S")
        >>> options, odds, deals = PlumpSearchBot(rng=1, rollouts=2000).trick_odds(rnd.view(0))
        >>> options, round(float(odds[3]), 2), deals     # three top trumps take every trick, even at random
        ([0, 1, 2, 3], 1.0, 2000)
        """
        from ..search.plump_rollout import random_trick_counts

        if view.phase != "bid":
            raise ValueError("trick_odds is for the bidding: the cards have already begun.")
        root = self._root(view).record()
        options = [a.tricks for a in view.legal_actions]
        candidates = np.array(options, np.int64)
        hist = np.zeros((len(options), view.hand_size + 1), np.int64)

        def batch(worlds):
            random_trick_counts(int(self.rng.integers(2**63)), worlds, root, self.bid_up, candidates, hist)

        if self.time_ms is None:
            worlds = self.samples or self.rollouts
            batch(worlds)
        else:
            deadline = time.perf_counter() + self.time_ms / 1000.0
            worlds = 0
            while True:
                batch(ODDS_BATCH)
                worlds += ODDS_BATCH
                if time.perf_counter() >= deadline:
                    break
        odds = hist[np.arange(len(options)), candidates] / worlds
        return options, odds, worlds

    def _decide_bid_likeliest(self, view: PlumpView) -> Decision:
        options, odds, worlds = self.trick_odds(view)
        best = int(np.argmax(odds))
        bid = options[best]
        k = int(round(10 * odds[best]))
        return Decision(Bid(view.seat, bid), Message("plump.search.bid_likeliest", {"bid": bid, "k": k,
                                                                                    "worlds": worlds}))

    def _scoring_code(self, view: PlumpView) -> int:
        return _SCORING_CODES[self.scoring or view.rules.scoring]

    def _run(self, batch, candidates: int) -> tuple[np.ndarray, np.ndarray, float, int]:
        """Call ``batch(seed, worlds)`` for the budget; returns (scores, made, weight, deals)."""
        scores = made = None
        weight = 0.0
        worlds = 0
        if self.time_ms is None:
            worlds = self.samples or min(2000, max(16, self.rollouts // candidates))
            scores, made, weight = batch(int(self.rng.integers(2**63)), worlds)
            return scores, made, weight, worlds
        deadline = time.perf_counter() + self.time_ms / 1000.0
        while True:
            s, m, w = batch(int(self.rng.integers(2**63)), 8)
            scores = s if scores is None else scores + s
            made = m if made is None else made + m
            weight += w
            worlds += 8
            if time.perf_counter() >= deadline:
                return scores, made, weight, worlds

    def _knobs(self):
        """The one-step search's settings (noise on every seat but this one; exploration is the tree's)."""
        from ..search.plump_rollout import Knobs

        return Knobs(self.exploration, self.noise, self.bid_weight, self.bid_up, False)

    def _evaluate(self, view: PlumpView, candidates: np.ndarray):
        """``batch(seed, worlds)`` for :meth:`_run`: the one-step search of ``candidates`` at this view."""
        from ..search.plump_rollout import evaluate_moves

        root, knobs = self._root(view).record(), self._knobs()

        def batch(seed, worlds):
            return evaluate_moves(seed, worlds, root, knobs, candidates)

        return batch

    def _decide_bid(self, view: PlumpView) -> Decision:
        options = [a.tricks for a in view.legal_actions]
        batch = self._evaluate(view, np.array(options, np.int64))
        scores, made, weight, worlds = self._run(batch, len(options))
        best = int(np.argmax(scores))
        k = int(round(10 * made[best] / weight)) if weight > 0 else 0
        bid = options[best]
        return Decision(Bid(view.seat, bid), Message("plump.search.bid", {"bid": bid, "k": k, "worlds": worlds}))

    def _decide_play(self, view: PlumpView) -> Decision:
        cards = [a.card for a in view.legal_actions]
        if len(cards) == 1:
            return Decision(Play(view.seat, cards[0]), Message("plump.search.only_card", {"card": cards[0]}))
        batch = self._evaluate(view, np.array([c.index for c in cards], np.int64))
        scores, made, weight, _ = self._run(batch, len(cards))
        best = int(np.argmax(scores))
        card = cards[best]
        chance = made[best] / weight if weight > 0 else 0.0
        if chance < 0.05:
            return Decision(Play(view.seat, card), Message("plump.search.card_lost", {"card": card}))
        return Decision(Play(view.seat, card), Message("plump.search.card", {"card": card, "k": int(round(10 * chance))}))
