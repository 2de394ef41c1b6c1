"""Plump bidding puzzles: which bid, for this hand, has the best chance?

The child sees their hand, the trump card and the bids made before theirs.  Every other hand (and
the stock) is unseen, so a **consistent deal** is any way to give the other seats the unseen cards.
Each deal is judged by the exact double-dummy search from the first lead: can the seat take
*exactly* that many tricks whatever the others do?  The chance of a bid is the share of deals in
which it can (a cautious measure, the same for every bid).  Bids made by others do not change the
search — only the hook does: the dealer may not bid so that the bids add up to the hand size
(RULES.md, option ``hook``; lifted in the last round when ``hook_last_round`` is off).

The deals are a seeded sample of :data:`cardlab.puzzles.plump_hidden.SAMPLES` (there are always far
too many to count), and a decision is kept only when the best legal bid beats the next by the clear
margin of :func:`cardlab.puzzles.plump_hidden.is_clear`.  Themes: ``"hook"`` when the dealer's best
bid of all is the one the hook forbids, so the dealer must pick the best of the rest;
``"count_tricks"`` otherwise.  Hands of 3–4 cards keep it quick.

A wrong bid gets a counter-deal: a consistent deal in which that bid fails and the best one is
made, with a line in which it fails (:meth:`cardlab.puzzles.position.Position.losing_line` from the
first lead).

>>> found = bid_puzzles_from_games(2, rng=5)
>>> p = found[0]
>>> p.kind, p.answer in p.legal, p.chances[p.answer] == max(p.chances[b] for b in p.legal)
('bid', True, True)
>>> BidPuzzle.from_dict(p.to_dict()) == p
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card
from ..coach.double_dummy import can_make, mask
from ..games.plump import Bid, PlumpRound
from ..i18n import Message
from ..protocol import action_to_dict
from ..rules.plump import PlumpRules
from ..errors import CardlabError
from .plump import _deal_of, _puzzle_id, _rounds_of, check_choice, check_fields
from .plump_hidden import (SE_MARGIN, SAMPLE_MARGIN, CounterDeal, Seen, _check_head, _replay, chances_of,
                           find_counter, is_clear, seen_of)
from .position import Position
from .themes import BID_THEME_NAMES

#: Bidding puzzles are found in hands of at most this many cards (the search runs from the first lead).
MAX_HAND = 4


def start_position(rnd: PlumpRound, seat: int, bid: int, hands: Sequence[Sequence[Card]]) -> Position:
    """The first lead of ``rnd`` with ``hands`` dealt and ``seat`` bidding ``bid`` (the player left of
    the dealer leads)."""
    return Position(hands=tuple(tuple(h) for h in hands), seat=seat, bid=bid, leader=rnd.bid_order[0],
                    trump=rnd.trump, must_trump=bool(rnd.rules.must_trump))


def makes(rnd: PlumpRound, seat: int, bids: Sequence[int], hands: Sequence[Sequence[Card]]) -> list[bool]:
    """For each of ``bids``: can ``seat`` take exactly that many tricks on the deal ``hands``?"""
    masks = [mask(h) for h in hands]
    trump = None if rnd.trump is None else rnd.trump.index
    return [can_make(masks, seat=seat, target=b, leader=rnd.bid_order[0], trump=trump,
                     must_trump=bool(rnd.rules.must_trump)) for b in bids]


@dataclass(frozen=True)
class BidPuzzle:
    """One bidding puzzle (see the module docstring): ``wins[str(b)]`` of ``deals`` sampled deals
    (from ``seed``) make the bid ``b``, for every bid 0 … hand size (the forbidden one too);
    ``legal``: the bids the seat may make; ``forbidden``: the bid the hook forbids (or None)."""

    id: str
    rules: dict
    deal: dict
    actions: tuple[dict, ...]
    seat: int
    answer: int
    legal: tuple[int, ...]
    wins: dict
    deals: int
    seed: int
    theme: str
    difficulty: int
    hand_size: int
    forbidden: int | None = None
    exact: bool = False
    source: str = "bots"
    played: int | None = None
    margin: dict = field(default_factory=dict, compare=False)

    kind = "bid"

    @property
    def answers(self) -> tuple[int, ...]:
        return (self.answer,)

    @property
    def chances(self) -> dict:
        """The chance (0 to 1) per bid 0 … hand size."""
        return {b: self.wins[str(b)] / self.deals for b in range(self.hand_size + 1)}

    @property
    def level(self) -> int:
        return 1 if self.difficulty <= 4 else 2 if self.difficulty <= 6 else 3

    @property
    def trick(self) -> int:
        return 1

    @property
    def tricks_left(self) -> int:
        return self.hand_size

    def round(self) -> PlumpRound:
        """The round at the decision (bidding, the seat to bid)."""
        return _replay(self.rules, self.deal, self.actions)

    def seen(self) -> Seen:
        return seen_of(self.round(), self.seat)

    def is_right(self, bid: int) -> bool:
        return int(bid) == self.answer

    def counter_deal(self, bid: int) -> CounterDeal | None:
        """A consistent deal in which ``bid`` cannot be made (and the best bid can, when such a deal
        turns up), with a line from the first lead in which it fails; None for the right bid."""
        if bid not in self.legal or bid == self.answer:
            return None
        rnd = self.round()
        found = find_counter(self.seen(), lambda h: not makes(rnd, self.seat, [bid], h)[0],
                             lambda h: makes(rnd, self.seat, [self.answer], h)[0], seed=self.seed)
        if found is None:
            return None
        hands, works = found
        line = start_position(rnd, self.seat, bid, hands).losing_line()
        return CounterDeal(hands=tuple(tuple(h) for h in hands), card=bid, right=self.answer, right_works=works,
                           line=line)

    # ------------------------------------------------------------- words
    def explanation(self) -> Message:
        ch = self.chances
        second = max((b for b in self.legal if b != self.answer), key=lambda b: ch[b])
        params = {"bid": self.answer, "best": round(100 * ch[self.answer]), "other": second,
                  "next": round(100 * ch[second]), "size": self.hand_size}
        if self.theme == "hook":
            params.update(forbidden=self.forbidden, top=round(100 * ch[self.forbidden]))
            return Message("puzzles.bid.why_hook", params)
        return Message("puzzles.bid.why", params)

    def also(self) -> None:
        return None

    def title(self) -> Message:
        return Message(f"puzzles.theme.{self.theme}")

    # ------------------------------------------------------------- plain data
    def to_dict(self) -> dict[str, Any]:
        return {"format": "cardlab-puzzle", "version": 1, "game": "plump", "kind": "bid", "id": self.id,
                "rules": self.rules, "deal": self.deal, "actions": list(self.actions), "seat": self.seat,
                "answer": self.answer, "legal": list(self.legal), "wins": dict(self.wins), "deals": self.deals,
                "seed": self.seed, "theme": self.theme, "difficulty": self.difficulty, "hand_size": self.hand_size,
                "forbidden": self.forbidden, "exact": self.exact, "source": self.source, "played": self.played,
                "margin": dict(self.margin)}

    @classmethod
    def from_dict(cls, data: Any) -> "BidPuzzle":
        """A puzzle from :meth:`to_dict`'s data; anything else is refused with a ValueError naming the field."""
        _check_head(data, "bid")
        check_fields(data, ("id", "rules", "deal", "actions", "seat", "answer", "legal", "wins", "deals", "seed",
                            "theme", "difficulty", "hand_size"))
        check_choice(data, "theme", BID_THEME_NAMES)
        size = int(data["hand_size"])
        if data["answer"] not in data["legal"] or set(data["wins"]) != {str(b) for b in range(size + 1)}:
            raise CardlabError("puzzles.data.bid_answer", field="answer", size=size)
        if not isinstance(data["deals"], int) or isinstance(data["deals"], bool) or data["deals"] < 1:
            raise CardlabError("puzzles.data.deals", field="deals")
        forbidden = data.get("forbidden")
        return cls(id=str(data["id"]), rules=dict(data["rules"]), deal=dict(data["deal"]),
                   actions=tuple(dict(a) for a in data["actions"]), seat=int(data["seat"]), answer=int(data["answer"]),
                   legal=tuple(int(b) for b in data["legal"]), wins={str(k): int(v) for k, v in data["wins"].items()},
                   deals=int(data["deals"]), seed=int(data["seed"]), theme=data["theme"],
                   difficulty=int(data["difficulty"]), hand_size=size,
                   forbidden=None if forbidden is None else int(forbidden), exact=bool(data.get("exact", False)),
                   source=data.get("source", "bots"),
                   played=None if data.get("played") is None else int(data["played"]), margin=dict(data.get("margin", {})))


# ------------------------------------------------------------------ finding them
def _bid_decisions(rnd: PlumpRound, seats: Any) -> Iterator:
    """Replay the bidding of the finished ``rnd``: yields ``(replay, actions_before, bid)`` for each
    seat of ``seats`` (dealer first, where the hook may bite, then in bidding order)."""
    if rnd.rules.decks != 1 or rnd.rules.first_lead != "left-of-dealer" or rnd.hand_size > MAX_HAND:
        return
    wanted = set(range(rnd.players) if seats is None else seats)
    deal = _deal_of(rnd)
    order = list(rnd.bid_order)
    for i in sorted(range(len(order)), key=lambda i: (order[i] != rnd.dealer, i)):
        seat = order[i]
        if seat not in wanted:
            continue
        acts = [Bid(s, rnd.bids[s]) for s in order[:i]]
        replay = _replay(rnd.rules.to_dict(), deal, [action_to_dict(a) for a in acts])
        yield replay, acts, rnd.bids[seat]


def _make(rnd: PlumpRound, replay: PlumpRound, actions: list, seed: int, source: str, played: int | None,
          *, need_clear: bool = True) -> BidPuzzle | None:
    """The puzzle at ``replay``'s bid (None when the margin is not clear, if ``need_clear``)."""
    seat = replay.to_move
    every = list(range(replay.hand_size + 1))
    legal = replay.legal_bids(seat)
    ch = chances_of(None, seen_of(replay, seat), every, seed=seed, judge_deal=lambda h: makes(replay, seat, every, h),
                    among=legal, first_look=60 if need_clear else 0)
    if ch is None:
        return None
    among = ch.only(legal)
    margin = among.margin()
    if need_clear and not is_clear(margin):
        return None
    forbidden = replay.forbidden_bid(seat)
    best = int(margin["best"])
    hook = forbidden is not None and all(ch.wins[str(forbidden)] > ch.wins[str(b)] for b in legal)
    if hook:
        margin["forbidden_chance"] = round(ch.chance(forbidden), 4)
    deal = _deal_of(rnd)
    acts = tuple(action_to_dict(a) for a in actions)
    return BidPuzzle(id=_puzzle_id(deal, acts, seat).replace("plump-", "plump-bid-"), rules=rnd.rules.to_dict(),
                     deal=deal, actions=acts, seat=seat, answer=best, legal=tuple(legal), wins=dict(ch.wins),
                     deals=ch.deals, seed=seed, theme="hook" if hook else "count_tricks",
                     difficulty=replay.hand_size + len(legal) - 2 + (1 if hook else 0), hand_size=replay.hand_size,
                     forbidden=forbidden, source=source, played=played, margin=margin)


def bid_puzzles_from_games(n: int = 20, *, rng: Any = None, players: int = 4, hand_size: int = 3,
                           bots: Any = None, max_rounds: int | None = None) -> list[BidPuzzle]:
    """Up to ``n`` bidding puzzles from rounds the bots bid (default :class:`cardlab.bots.PlumpBot`),
    dealt from ``rng`` (at most ``max_rounds`` rounds, default 4 n; one puzzle per round, the
    dealer's bid tried first).  Easiest first; the same seed gives the same set."""
    from ..bots.plump import PlumpBot
    from ..protocol import play_out

    if not (isinstance(n, int) and n >= 0):
        raise ValueError(f"n must be a whole number 0 or more; it is {n!r}.")
    if not 1 <= hand_size <= MAX_HAND:
        raise ValueError(f"hand_size must be from 1 to {MAX_HAND} for bidding puzzles; it is {hand_size!r}.")
    seed = derive_seed(rng)
    rules = PlumpRules(players=players)
    found: list[BidPuzzle] = []
    for k in range(4 * n if max_rounds is None else max_rounds):
        if len(found) >= n:
            break
        rnd = PlumpRound.deal(rules, hand_size=hand_size, dealer=k % players, rng=child_rng(seed, k))
        play_out(rnd, bots if bots is not None else PlumpBot())
        for j, (replay, acts, _) in enumerate(_bid_decisions(rnd, None)):
            p = _make(rnd, replay, acts, int(derive_seed(child_rng(seed, k, j))), "bots", None)
            if p is not None:
                found.append(p)
                break
    return sorted(found, key=lambda p: (p.difficulty, -p.margin.get("diff", 0), p.id))


def bid_puzzles_from_match(match: Any, seat: int, *, rng: Any = 0) -> list[BidPuzzle]:
    """The child's own bidding mistakes in a finished match (or game, or round) of Plump: every round
    (of at most :data:`MAX_HAND` cards) where the bid ``seat`` made had clearly less chance than the
    best legal bid.  Easiest first."""
    seed = derive_seed(rng)
    found = []
    for r, rnd in enumerate(_rounds_of(match)):
        if not 0 <= seat < rnd.players:
            raise ValueError(f"seat must be from 0 to {rnd.players - 1}; it is {seat!r}.")
        for replay, acts, made in _bid_decisions(rnd, [seat]):
            p = _make(rnd, replay, acts, int(derive_seed(child_rng(seed, r))), "own", made, need_clear=False)
            if p is None or made == p.answer:
                continue
            a, b = p.chances[p.answer], p.chances[made]
            se = math.sqrt((a * (1 - a) + b * (1 - b)) / p.deals)
            if a - b >= SAMPLE_MARGIN and a - b > SE_MARGIN * se:
                found.append(p)
    return sorted(found, key=lambda p: (p.difficulty, -p.margin.get("diff", 0), p.id))
