"""Plump card-play puzzles with the other hands hidden, judged by the chance over every deal the child
could not tell apart.

The child sees only their own hand, the trump card, the bids and the cards played so far.  The
other hands (and the stock, the cards nobody was dealt) are *unseen*.  A **consistent deal** gives
every other seat as many unseen cards as it holds, and never a card of a suit it has shown void in
(it failed to follow that suit); what is left is the stock.  Every consistent deal is judged by the
exact double-dummy search: after this card, can the seat make exactly its bid whatever the others
do?  The **chance** of a card is the share of consistent deals in which it can — a cautious measure
(the others are assumed to play against you, as the card-play puzzles assume), and the same for
every card, so the best card is the one that keeps the bid in the most deals.

* When there are at most :data:`MAX_EXACT` consistent deals, every one is counted (``exact``).
* Otherwise a seeded sample of :data:`SAMPLES` deals (uniform: the unseen cards are shuffled and a
  deal that breaks a void is drawn again), with the 95 % interval per card.

A decision is kept as a puzzle only when the margin is clear: the best card's chance beats the
next card's by at least :data:`EXACT_MARGIN` (exact), or, for a sample, by more than
:data:`SE_MARGIN` standard errors of the paired difference and by at least :data:`SAMPLE_MARGIN`.

A wrong answer gets a **counter-deal** (:meth:`HiddenPuzzle.counter_deal`): a consistent deal in
which that card fails (and the right one keeps the bid, when such a deal exists), with the losing
line in it (:meth:`cardlab.puzzles.position.Position.losing_line` on that full deal).

>>> found = hidden_puzzles_from_games(2, rng=3)
>>> p = found[0]
>>> p.kind, p.answer in p.legal, p.chances[p.answer] == max(p.chances.values())
('hidden', True, True)
>>> HiddenPuzzle.from_dict(p.to_dict()) == p
True
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card, Suit, full_deck
from ..games.plump import Bid, PlumpRound
from ..games.trick_actions import Play
from ..i18n import Message
from ..protocol import action_from_dict, action_to_dict
from ..rules.plump import PlumpRules
from ..rules.trick_core import voids_shown
from ..errors import CardlabError
from .plump import FORMAT, SOURCES, _deal_of, _puzzle_id, _rounds_of, check_choice, check_fields
from .position import LosingLine, Position, position_of_round
from .themes import HIDDEN_THEME_NAMES, hidden_theme_of

#: Count every consistent deal when there are at most this many; otherwise sample.
MAX_EXACT = 2000
#: Deals in a sample (a first look at :data:`FIRST_LOOK` of them drops unclear decisions early).
SAMPLES = 240
FIRST_LOOK = 60
#: The clear margins: exact chances at least 15 points apart; sampled ones beyond 3 standard errors
#: of the paired difference and at least 10 points apart.
EXACT_MARGIN = 0.15
SE_MARGIN = 3.0
SAMPLE_MARGIN = 0.10
#: The hidden puzzles look at decisions with at most this many cards left in all.
MAX_CARDS = 16


# ------------------------------------------------------------------ what the seat saw
@dataclass(frozen=True)
class Seen:
    """What ``seat`` knows at a decision: its hand, how many cards each seat holds, the suits each
    seat has shown void in, and the unseen cards (the others' hands and the stock)."""

    seat: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    voids: tuple[frozenset, ...]
    unseen: tuple[Card, ...]

    def allowed(self, seat: int) -> list[Card]:
        """The unseen cards ``seat`` may hold (none of a suit it is void in)."""
        return [c for c in self.unseen if c.suit not in self.voids[seat]]


def voids_of(rnd: PlumpRound) -> tuple[frozenset, ...]:
    """The suits each seat has shown void in: it played another suit to a trick led in that suit
    (and, with must_trump, neither followed nor trumped: no trump either; see
    :func:`cardlab.rules.trick_core.voids_shown`).

    >>> rnd = PlumpRound.from_hands(["AS 2H", "KH 3H", "4C 5C"], dealer=2, trump="C")
    >>> for a in (Bid(0, 1), Bid(1, 0), Bid(2, 0), Play(0, Card.parse("AS")), Play(1, Card.parse("KH"))):
    ...     _ = rnd.apply(a)
    >>> [sorted(s.letter for s in v) for v in voids_of(rnd)]
    [[], ['S'], []]
    """
    trump = -1 if rnd.trump is None else rnd.trump.index
    shown = [0] * rnd.players
    tricks = [list(zip(t.seats, t.cards)) for t in rnd.completed_tricks] + [list(rnd.current_trick)]
    for trick in tricks:
        if trick:
            led = trick[0][1].suit.index
            for seat, card in trick[1:]:
                shown[seat] |= voids_shown(led, card.suit.index, trump, rnd.rules.must_trump)
    return tuple(frozenset(suit for suit in Suit if bits >> suit.index & 1) for bits in shown)


def seen_of(rnd: PlumpRound, seat: int) -> Seen:
    """What ``seat`` saw in ``rnd`` (in play or bidding): the unseen cards are the deck less its own
    hand, every card played and the turned-up trump card."""
    played = {c for t in rnd.completed_tricks for c in t.cards} | {c for _, c in rnd.current_trick}
    known = set(rnd.hands[seat]) | played | ({rnd.trump_card} if rnd.trump_card is not None else set())
    return Seen(seat=seat, hand=tuple(rnd.hands[seat]), counts=tuple(len(h) for h in rnd.hands),
                voids=voids_of(rnd), unseen=tuple(c for c in full_deck() if c not in known))


def consistent(seen: Seen, hands: Sequence[Sequence[Card]]) -> bool:
    """Is ``hands`` (every seat's cards now) a deal ``seen`` cannot tell from the real one?"""
    unseen = set(seen.unseen)
    used: list[Card] = []
    for s, h in enumerate(hands):
        if s == seen.seat:
            if sorted(h, key=lambda c: c.index) != sorted(seen.hand, key=lambda c: c.index):
                return False
            continue
        if len(h) != seen.counts[s] or any(c not in unseen or c.suit in seen.voids[s] for c in h):
            return False
        used += list(h)
    return len(used) == len(set(used))


def all_deals(seen: Seen, limit: int = MAX_EXACT) -> list[tuple[tuple[Card, ...], ...]] | None:
    """Every consistent deal (hands by seat, the seat's own included), or None when there are more
    than ``limit``."""
    others = [s for s in range(len(seen.counts)) if s != seen.seat]
    out: list[tuple[tuple[Card, ...], ...]] = []

    def walk(k: int, left: frozenset, chosen: dict) -> bool:
        if k == len(others):
            out.append(tuple(seen.hand if s == seen.seat else chosen[s] for s in range(len(seen.counts))))
            return len(out) <= limit
        s = others[k]
        pool = sorted((c for c in left if c.suit not in seen.voids[s]), key=lambda c: c.index)
        for combo in itertools.combinations(pool, seen.counts[s]):
            chosen[s] = combo
            if not walk(k + 1, left - set(combo), chosen):
                return False
        return True

    return out if walk(0, frozenset(seen.unseen), {}) else None


def sample_deals(seen: Seen, rng: Any, n: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """``n`` consistent deals drawn uniformly from ``rng`` (shuffle the unseen cards, deal them out,
    draw again when a seat gets a suit it is void in); stops early if the voids leave almost none."""
    unseen = list(seen.unseen)
    others = [s for s in range(len(seen.counts)) if s != seen.seat]
    made = tries = 0
    while made < n and tries < 60 * n:
        tries += 1
        order = rng.permutation(len(unseen))
        hands: dict[int, tuple[Card, ...]] = {}
        at = 0
        for s in others:
            hands[s] = tuple(unseen[i] for i in order[at:at + seen.counts[s]])
            at += seen.counts[s]
        if any(c.suit in seen.voids[s] for s in others for c in hands[s]):
            continue
        made += 1
        yield tuple(seen.hand if s == seen.seat else hands[s] for s in range(len(seen.counts)))


# ------------------------------------------------------------------ judging the cards
def with_hands(pos: Position, hands: Sequence[Sequence[Card]]) -> Position:
    """The same moment with other hands (a fresh memo)."""
    return Position(hands=tuple(tuple(h) for h in hands), seat=pos.seat, bid=pos.bid, leader=pos.leader,
                    trump=pos.trump, trick=pos.trick, taken=pos.taken, must_trump=pos.must_trump,
                    tricks_done=pos.tricks_done)


def judge(pos: Position, hands: Sequence[Sequence[Card]], cards: Sequence[Card]) -> list[bool]:
    """For each of ``cards``: does it keep the bid on the deal ``hands`` (exact search)?"""
    full = with_hands(pos, hands)
    return [full.keeps(c) for c in cards]


@dataclass(frozen=True)
class Chances:
    """How often each card keeps the bid: ``wins[code]`` of ``deals`` deals; ``exact``: every
    consistent deal counted; ``table``: one row of booleans per deal (in ``cards`` order)."""

    cards: tuple[Card, ...]
    wins: dict
    deals: int
    exact: bool
    table: tuple[tuple[bool, ...], ...] = field(default=(), compare=False, repr=False)
    tags: tuple = field(default=(), compare=False, repr=False)    #: one ``tag(hands)`` per deal, if asked

    def advantage_by_tag(self, best: Any, other: Any) -> dict:
        """The mean lead of ``best`` over ``other`` (in chance) among the deals of each tag."""
        i, j = self.cards.index(best), self.cards.index(other)
        groups: dict = {}
        for row, tag in zip(self.table, self.tags):
            groups.setdefault(tag, []).append(row[i] - row[j])
        return {tag: (sum(d) / len(d), len(d)) for tag, d in groups.items()}

    def chance(self, card: Any) -> float:
        return self.wins[key_of(card)] / self.deals if self.deals else 0.0

    def ranked(self) -> list[Any]:
        """The cards (or bids), best chance first (ties: the order given)."""
        return sorted(self.cards, key=lambda c: -self.wins[key_of(c)])

    def only(self, items: Sequence[Any]) -> "Chances":
        """The same count for some of the items (the legal bids, say)."""
        cols = [self.cards.index(x) for x in items]
        return Chances(tuple(items), {key_of(x): self.wins[key_of(x)] for x in items}, self.deals, self.exact,
                       tuple(tuple(row[i] for i in cols) for row in self.table), self.tags)

    def margin(self) -> dict:
        """The best card against the next: chances, their difference and (sampled) its standard error."""
        best, second = self.ranked()[:2]
        i, j = self.cards.index(best), self.cards.index(second)
        diffs = [row[i] - row[j] for row in self.table]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        se = 0.0 if self.exact else math.sqrt(var / len(diffs))
        return {"best": key_of(best), "next": key_of(second), "best_chance": round(self.chance(best), 4),
                "next_chance": round(self.chance(second), 4), "diff": round(mean, 4), "se": round(se, 4),
                "exact": self.exact, "deals": self.deals}


def key_of(item: Any) -> str:
    """A card's code, or a bid as text (the keys of ``wins``)."""
    return item.code if isinstance(item, Card) else str(item)


def is_clear(margin: dict) -> bool:
    """Is the best card clearly better than the next (see the module docstring)?"""
    if margin["exact"]:
        return margin["diff"] >= EXACT_MARGIN - 1e-9
    return margin["diff"] >= SAMPLE_MARGIN and margin["diff"] > SE_MARGIN * margin["se"]


def interval(wins: int, deals: int, exact: bool) -> tuple[float, float]:
    """The 95 % interval of a chance (a point when every deal was counted).

    >>> interval(3, 4, True), interval(120, 240, False)
    ((0.75, 0.75), (0.4367, 0.5633))
    """
    p = wins / deals
    if exact:
        return (round(p, 4), round(p, 4))
    half = 1.96 * math.sqrt(p * (1 - p) / deals)
    return (round(max(0.0, p - half), 4), round(min(1.0, p + half), 4))


def chances_of(pos: Position, seen: Seen, cards: Sequence[Card], *, seed: int,
               samples: int = SAMPLES, first_look: int = FIRST_LOOK, judge_deal: Any = None,
               among: Sequence[Any] | None = None, tag: Any = None) -> Chances | None:
    """The chances of ``cards`` over the consistent deals (every one when few, else a seeded sample);
    None when a first look already shows no clear best card (or the voids leave no sample).
    ``judge_deal(hands)`` (default: :func:`judge` of ``cards``) gives one row; ``among``: the items
    the first look compares (default: all); ``tag(hands)``: a label kept per deal (see
    :meth:`Chances.advantage_by_tag`)."""
    judge_deal = judge_deal or (lambda hands: judge(pos, hands, cards))
    deals = all_deals(seen)
    exact = deals is not None
    rows: list[tuple[bool, ...]] = []
    tags: list[Any] = []
    source: Iterable = deals if exact else sample_deals(seen, child_rng(seed, 1), samples)
    for hands in source:
        rows.append(tuple(judge_deal(hands)))
        if tag is not None:
            tags.append(tag(hands))
        if not exact and len(rows) == first_look:
            early = _chances(cards, rows, False)
            m = (early if among is None else early.only(among)).margin()
            if m["diff"] < SAMPLE_MARGIN / 2 or m["best_chance"] == 0:
                return None
    if not rows or (not exact and len(rows) < samples):
        return None
    return _chances(cards, rows, exact, tags)


def _chances(cards: Sequence[Card], rows: list, exact: bool, tags: Sequence[Any] = ()) -> Chances:
    wins = {key_of(c): sum(r[i] for r in rows) for i, c in enumerate(cards)}
    return Chances(tuple(cards), wins, len(rows), exact, tuple(rows), tuple(tags))


# ------------------------------------------------------------------ the counter-deal
@dataclass(frozen=True)
class CounterDeal:
    """A deal the child could not tell from the real one in which ``card`` fails: ``hands`` (every
    seat's cards at the decision), whether ``right`` (the right answer) keeps the bid in it, and the
    ``line`` in which ``card`` loses the bid."""

    hands: tuple[tuple[Card, ...], ...]
    card: Any
    right: Any
    right_works: bool
    line: LosingLine


def find_counter(seen: Seen, fails: Any, works: Any, *, seed: int, tries: int = 600):
    """The first consistent deal (every one in order when few, else seeded samples) where
    ``fails(hands)`` and ``works(hands)``; failing that, the first where ``fails(hands)``.  Returns
    ``(hands, works)`` or None."""
    deals = all_deals(seen)
    source: Iterable = deals if deals is not None else sample_deals(seen, child_rng(seed, 2), tries)
    fallback = None
    for hands in source:
        if fails(hands):
            if works(hands):
                return hands, True
            if fallback is None:
                fallback = hands
    return None if fallback is None else (fallback, False)


# ------------------------------------------------------------------ the puzzle
@dataclass(frozen=True)
class HiddenPuzzle:
    """One hidden-hand card puzzle (see the module docstring).  ``deal`` and ``actions`` are the real
    round up to the decision; ``wins[code]`` of ``deals`` consistent deals keep the bid with that
    card; ``exact``: every consistent deal was counted, else a sample from ``seed``; ``margin``:
    the best card against the next (:meth:`Chances.margin`)."""

    id: str
    rules: dict
    deal: dict
    actions: tuple[dict, ...]
    seat: int
    bid: int
    answer: str
    legal: tuple[str, ...]
    wins: dict
    deals: int
    exact: bool
    seed: int
    theme: str
    difficulty: int
    trick: int
    tricks_left: int
    trumps_out: int
    source: str = "bots"
    played: str | None = None
    margin: dict = field(default_factory=dict, compare=False)

    kind = "hidden"

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.answer,)

    @property
    def chances(self) -> dict:
        """The chance per legal card (0 to 1)."""
        return {c: self.wins[c] / self.deals for c in self.legal}

    def intervals(self) -> dict:
        """The 95 % interval per legal card (:func:`interval`)."""
        return {c: interval(self.wins[c], self.deals, self.exact) for c in self.legal}

    @property
    def level(self) -> int:
        return 1 if self.difficulty <= 4 else 2 if self.difficulty <= 9 else 3

    def round(self) -> PlumpRound:
        """The real round at the decision."""
        return _replay(self.rules, self.deal, self.actions)

    def position(self) -> Position:
        return position_of_round(self.round(), self.seat)

    def seen(self) -> Seen:
        return seen_of(self.round(), self.seat)

    def is_right(self, card: "Card | str") -> bool:
        return Card.parse(card).code == self.answer

    def counter_deal(self, card: "Card | str") -> CounterDeal | None:
        """A consistent deal in which ``card`` fails (and the right card keeps the bid, when such a
        deal exists), with the losing line; None for the right card or when no such deal turns up."""
        card = Card.parse(card)
        if card.code not in self.legal or card.code == self.answer:
            return None
        pos, right = self.position(), Card.parse(self.answer)
        found = find_counter(self.seen(), lambda h: not judge(pos, h, [card])[0],
                             lambda h: judge(pos, h, [right])[0], seed=self.seed)
        if found is None:
            return None
        hands, works = found
        return CounterDeal(hands=tuple(tuple(h) for h in hands), card=card, right=right, right_works=works,
                           line=with_hands(pos, hands).losing_line(card))

    # ------------------------------------------------------------- words
    def explanation(self) -> Message:
        ch = self.chances
        best, second = self.margin.get("best", self.answer), self.margin.get("next")
        if second is None:
            second = max((c for c in self.legal if c != best), key=lambda c: ch[c])
        params = {"card": Card.parse(best), "best": round(100 * ch[best]), "other": Card.parse(second),
                  "next": round(100 * ch[second]), "bid": self.bid, "out": self.trumps_out}
        key = "puzzles.hidden.why" + ("_exact" if self.exact else "")
        if self.theme == "count_trumps":
            key = "puzzles.hidden.why_trumps"
        return Message(key, params)

    def also(self) -> None:
        return None

    def title(self) -> Message:
        return Message(f"puzzles.theme.{self.theme}")

    # ------------------------------------------------------------- plain data
    def to_dict(self) -> dict[str, Any]:
        return {"format": "cardlab-puzzle", "version": 1, "game": "plump", "kind": "hidden", "id": self.id,
                "rules": self.rules, "deal": self.deal, "actions": list(self.actions), "seat": self.seat,
                "bid": self.bid, "answer": self.answer, "legal": list(self.legal), "wins": dict(self.wins),
                "deals": self.deals, "exact": self.exact, "seed": self.seed, "theme": self.theme,
                "difficulty": self.difficulty, "trick": self.trick, "tricks_left": self.tricks_left,
                "trumps_out": self.trumps_out, "source": self.source, "played": self.played,
                "margin": dict(self.margin)}

    @classmethod
    def from_dict(cls, data: Any) -> "HiddenPuzzle":
        """A puzzle from :meth:`to_dict`'s data; anything else is refused with a ValueError naming the field."""
        _check_head(data, "hidden")
        check_fields(data, ("id", "rules", "deal", "actions", "seat", "bid", "answer", "legal", "wins", "deals",
                            "exact", "seed", "theme", "difficulty", "trick", "tricks_left", "trumps_out"))
        check_choice(data, "theme", HIDDEN_THEME_NAMES)
        if data["answer"] not in data["legal"] or set(data["wins"]) != set(data["legal"]):
            raise CardlabError("puzzles.data.card_answer", field="answer")
        if not isinstance(data["deals"], int) or isinstance(data["deals"], bool) or data["deals"] < 1:
            raise CardlabError("puzzles.data.deals", field="deals")
        return cls(id=str(data["id"]), rules=dict(data["rules"]), deal=dict(data["deal"]),
                   actions=tuple(dict(a) for a in data["actions"]), seat=int(data["seat"]), bid=int(data["bid"]),
                   answer=str(data["answer"]), legal=tuple(data["legal"]),
                   wins={str(k): int(v) for k, v in data["wins"].items()}, deals=int(data["deals"]),
                   exact=bool(data["exact"]), seed=int(data["seed"]), theme=data["theme"],
                   difficulty=int(data["difficulty"]), trick=int(data["trick"]), tricks_left=int(data["tricks_left"]),
                   trumps_out=int(data["trumps_out"]), source=data.get("source", "bots"), played=data.get("played"),
                   margin=dict(data.get("margin", {})))


def _check_head(data: Any, kind: str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CardlabError("puzzles.data.format", format=FORMAT)
    if data.get("kind") != kind:
        raise CardlabError("puzzles.data.kind", field="kind", kind=kind, value=repr(data.get("kind")))
    check_choice(data, "source", SOURCES, "bots")


def _replay(rules: dict, deal: dict, actions: Sequence[dict]) -> PlumpRound:
    rnd = PlumpRound.from_hands(deal["hands"], dealer=deal["dealer"], rules=PlumpRules.from_dict(rules),
                                trump_card=deal.get("trump_card"), trump=deal.get("trump"),
                                blind=deal.get("blind", ()), is_last_round=deal.get("is_last_round", True))
    for act in actions:
        rnd.apply(action_from_dict(act))
    return rnd


def trumps_decide(ch: Chances, best: Card, second: Card, trump: Suit | None) -> bool:
    """Does the right card follow from the trumps still out?  There is a trump, the best card or the
    runner-up is one, and the best card's lead over the runner-up differs by at least
    :data:`EXACT_MARGIN` between the deals where the others hold no trump and those where they hold
    some (each group at least a tenth of the deals): how many trumps are out is what decides."""
    if trump is None or (best.suit != trump and second.suit != trump) or not ch.tags:
        return False
    groups = ch.advantage_by_tag(best, second)
    none = groups.get(0)
    some = [(lead, n) for t, (lead, n) in groups.items() if t > 0]
    if none is None or not some:
        return False
    n_some = sum(n for _, n in some)
    lead_some = sum(lead * n for lead, n in some) / n_some
    tenth = ch.deals / 10
    return none[1] >= tenth and n_some >= tenth and abs(lead_some - none[0]) >= EXACT_MARGIN


def trumps_out(rnd: PlumpRound, seat: int) -> int:
    """The trumps ``seat`` has not seen: 13 less its own, those played and the trump card (0 without trump)."""
    if rnd.trump is None:
        return 0
    seen = seen_of(rnd, seat)
    return sum(1 for c in seen.unseen if c.suit == rnd.trump)


# ------------------------------------------------------------------ finding them
def _hidden_decisions(rnd: PlumpRound, seats: "Iterable[int] | None", max_cards: int) -> Iterator:
    """Replay the finished ``rnd``: yields ``(replay, actions_before, played)`` at every card decision
    of ``seats`` with two or more legal cards and at most ``max_cards`` cards left."""
    if not rnd.is_over:
        raise ValueError("the round is not finished: puzzles are found in finished rounds.")
    if rnd.rules.decks != 1:
        return
    wanted = set(range(rnd.players) if seats is None else seats)
    deal = _deal_of(rnd)
    replay = _replay(rnd.rules.to_dict(), deal, ())
    actions: list[Any] = [Bid(s, rnd.bids[s]) for s in replay.bid_order]
    for act in actions:
        replay.apply(act)
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            if s in wanted and sum(len(h) for h in replay.hands) <= max_cards and len(replay.legal_cards(s)) >= 2:
                yield replay, list(actions), c
            play = Play(s, c)
            replay.apply(play)
            actions.append(play)


def _make(rnd: PlumpRound, replay: PlumpRound, actions: list, seed: int, source: str, played: Card | None,
          *, need_clear: bool = True) -> HiddenPuzzle | None:
    """The puzzle at ``replay``'s decision (None when the margin is not clear, if ``need_clear``)."""
    seat = replay.to_move
    pos = position_of_round(replay, seat)
    legal = pos.legal()
    seen = seen_of(replay, seat)
    trump = replay.trump
    ch = chances_of(pos, seen, legal, seed=seed, first_look=FIRST_LOOK if need_clear else 0,
                    tag=lambda hands: sum(1 for s, h in enumerate(hands) if s != seat for c in h if c.suit == trump))
    if ch is None:
        return None
    margin = ch.margin()
    if need_clear and not is_clear(margin):
        return None
    deal = _deal_of(rnd)
    acts = tuple(action_to_dict(a) for a in actions)
    best, second = Card.parse(margin["best"]), Card.parse(margin["next"])
    out = trumps_out(replay, seat)
    return HiddenPuzzle(id=_puzzle_id(deal, acts, seat).replace("plump-", "plump-hidden-"), rules=rnd.rules.to_dict(),
                        deal=deal, actions=acts, seat=seat, bid=pos.bid, answer=best.code,
                        legal=tuple(c.code for c in legal), wins=dict(ch.wins), deals=ch.deals, exact=ch.exact,
                        seed=seed, theme=hidden_theme_of(pos, best, second, out, seen.unseen,
                                                         trumps_decide(ch, best, second, trump)),
                        difficulty=pos.tricks_left * len(legal) + (0 if ch.exact else 1), trick=pos.trick_number,
                        tricks_left=pos.tricks_left, trumps_out=out, source=source,
                        played=None if played is None else played.code, margin=margin)


def _order(found: list) -> list:
    return sorted(found, key=lambda p: (p.difficulty, -p.margin.get("diff", 0), p.id))


def hidden_puzzles_from_games(n: int = 20, *, rng: Any = None, players: int = 4, hand_size: int = 3,
                              bots: Any = None, max_rounds: int | None = None,
                              max_cards: int = MAX_CARDS) -> list[HiddenPuzzle]:
    """Up to ``n`` hidden-hand puzzles from rounds the bots play (default :class:`cardlab.bots.PlumpBot`),
    dealt from ``rng``; at most ``max_rounds`` rounds (default 4 n) are looked at.  Easiest first;
    the same seed gives the same set."""
    from ..bots.plump import PlumpBot
    from ..protocol import play_out

    if not (isinstance(n, int) and n >= 0):
        raise ValueError(f"n must be a whole number 0 or more; it is {n!r}.")
    if players * hand_size > max_cards:
        raise ValueError(f"{players} hands of {hand_size} cards is more than the hidden puzzles look at "
                         f"({max_cards} cards): choose a smaller hand_size.")
    seed = derive_seed(rng)
    rules = PlumpRules(players=players)
    found: list[HiddenPuzzle] = []
    seen_ids: set[str] = set()
    for k in range(4 * n if max_rounds is None else max_rounds):
        if len(found) >= n:
            break
        rnd = PlumpRound.deal(rules, hand_size=hand_size, dealer=k % players, rng=child_rng(seed, k))
        play_out(rnd, bots if bots is not None else PlumpBot())
        for j, (replay, actions, _) in enumerate(_hidden_decisions(rnd, None, max_cards)):
            p = _make(rnd, replay, actions, int(derive_seed(child_rng(seed, k, j))), "bots", None)
            if p is not None and p.id not in seen_ids:
                seen_ids.add(p.id)
                found.append(p)
                break                      # one puzzle per round keeps the set varied
    return _order(found[:n])


def hidden_puzzles_from_match(match: Any, seat: int, *, max_cards: int = MAX_CARDS, rng: Any = 0) -> list[HiddenPuzzle]:
    """The child's own hidden-hand mistakes in a finished match (or game, or round) of Plump: every
    decision of ``seat`` where the card played had clearly less chance than the best card (the same
    clear margin as the bots' puzzles, between the best card and the one played).  Easiest first."""
    seed = derive_seed(rng)
    found = []
    for r, rnd in enumerate(_rounds_of(match)):
        if not 0 <= seat < rnd.players:
            raise ValueError(f"seat must be from 0 to {rnd.players - 1}; it is {seat!r}.")
        for j, (replay, actions, played) in enumerate(_hidden_decisions(rnd, [seat], max_cards)):
            p = _make(rnd, replay, actions, int(derive_seed(child_rng(seed, r, j))), "own", played, need_clear=False)
            if p is None or played.code == p.answer:
                continue
            diff = p.chances[p.answer] - p.chances[played.code]
            if _clear_against(p, played.code, diff):
                found.append(p)
    return _order(found)


def _clear_against(p: HiddenPuzzle, other: str, diff: float) -> bool:
    if p.exact:
        return diff >= EXACT_MARGIN - 1e-9
    # the standard error of the paired difference is at most that of two independent chances
    a, b = p.chances[p.answer], p.chances[other]
    se = math.sqrt((a * (1 - a) + b * (1 - b)) / p.deals)
    return diff >= SAMPLE_MARGIN and diff > SE_MARGIN * se
