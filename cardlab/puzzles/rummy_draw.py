"""Rummy draw puzzles: take the discard pile's top card, or draw from the stock?

The turn begins with the draw.  The discard pile's top card is known; the stock's
top card is not.  So the two choices are valued with what the child knows:

* **take the discard**: the exact search of the turn after taking it
  (:class:`cardlab.puzzles.rummy_turn.TurnSearch`): the fewest points the turn
  can leave in hand;
* **draw from the stock**: the same search once for **every card that could be
  on top of the stock** as far as the child can tell (not in their hand, not on
  the table, not in the discard pile, and not a card another player took from
  the discard pile and still holds), each as likely as the others; the value is the average,
  and the chance to go out this turn is the share of those cards that let the
  child go out.  Each card is tried by imagining the deal with that card on top
  of the stock (it changes places with the card that was there).

A draw puzzle keeps a draw where **taking the discard is better than the stock's
average by at least** ``min_margin`` points.  Only draws where the top card can
be used at once (it makes a meld with cards in hand, or fits a meld on the table)
are searched: otherwise taking it cannot beat an unknown card by a margin worth a
puzzle, and the search of every unseen card costs a few hundredths of a second.

>>> from cardlab.games.rummy import RummyRound
>>> rnd = RummyRound.from_cards(["KS QS 2D", "5C 6C KH 9D", "AS 2S 3S"], stock="4S 8D 8C",
...                             discard="7C", dealer=0)
>>> look = DrawSearch(rnd)
>>> look.top_helps(), look.discard_value(), round(look.stock_mean(), 1) > 10
(True, 9, True)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from .._rng import child_rng, derive_seed
from ..cards import Card, full_deck, sorted_hand
from ..errors import CardlabError
from ..games.melds import meld_candidates
from ..games.rummy import Draw, RummyRound
from ..i18n import Message
from ..protocol import action_to_dict
from ..rules.rummy import RummyRules
from .files import FORMAT, check_choice, check_fields
from .rummy import BOT_RESHUFFLES, SOURCES, _deal_of, _rounds_of, _start_round, plan_message
from .rummy_turn import TurnSearch

__all__ = ["DrawSearch", "RummyDrawPuzzle", "rummy_draw_puzzles_from_round", "rummy_draw_puzzles_from_games",
           "rummy_draw_puzzles_from_match", "DRAW_THEMES"]

#: The themes of draw puzzles (one, so far): the top card of the discard pile is worth taking.
DRAW_THEMES = ("take_discard",)


class DrawSearch:
    """The two draws of the seat to move in ``rnd`` (in its draw phase), valued as the module docstring
    says.  ``rnd`` is never changed."""

    def __init__(self, rnd: RummyRound) -> None:
        if rnd.is_over or rnd.phase != "draw" or not rnd.stock or not rnd.discard_pile:
            raise CardlabError("puzzles.rummy.not_a_draw", field="round")
        self.round = rnd
        self.seat: int = rnd.to_move
        self._stock: dict[Card, int] | None = None

    @property
    def top(self) -> Card:
        """The discard pile's top card."""
        return self.round.discard_top

    def top_helps(self) -> bool:
        """Whether the top card can be used this turn: it makes a meld with cards in hand, or fits a meld
        on the table."""
        hand = list(self.round.hands[self.seat]) + [self.top]
        return any(self.top in m for m in meld_candidates(hand)) or any(m.accepts(self.top) for m in self.round.table)

    def unseen(self) -> list[Card]:
        """Every card that could be on top of the stock as far as the child can tell: not in their hand, on
        the table, in the discard pile, nor taken from the discard pile by another player and still held."""
        rnd = self.round
        seen = set(rnd.hands[self.seat]) | set(rnd.discard_pile) | {c for m in rnd.table for c in m.cards}
        seen |= {c for s, c in rnd.pickups if s != self.seat and c in rnd.hands[s]}
        in_play = set(rnd.all_cards())    # the 52, or fewer in a round set up by hand
        return [c for c in full_deck() if c in in_play and c not in seen]

    def after_discard(self) -> TurnSearch:
        twin = self.round.clone()
        twin.apply(Draw(self.seat, "discard"))
        return TurnSearch(twin)

    def discard_value(self) -> int:
        """The fewest points the turn can leave in hand after taking the top card."""
        return self.after_discard().best()

    def after_stock(self, card: Card) -> TurnSearch:
        """The turn after drawing ``card`` from the stock, in an imagined deal with ``card`` on top."""
        twin = self.round.clone()
        old = twin.stock[0]
        if card != old:
            if card in twin.stock:
                i = twin.stock.index(card)
                twin.stock[0], twin.stock[i] = card, old
            else:
                holder = next(s for s, h in enumerate(twin.hands) if card in h)
                twin.hands[holder] = sorted_hand([old if c == card else c for c in twin.hands[holder]])
                twin.stock[0] = card
        twin.apply(Draw(self.seat, "stock"))
        return TurnSearch(twin)

    def stock_values(self) -> dict[Card, int]:
        """For every unseen card: the fewest points the turn can leave in hand if it is the one drawn."""
        if self._stock is None:
            self._stock = {c: self.after_stock(c).best() for c in self.unseen()}
        return self._stock

    def stock_mean(self) -> Fraction:
        """The average of :meth:`stock_values` (exact)."""
        values = self.stock_values()
        return Fraction(sum(values.values()), len(values))

    def stock_out_cards(self) -> list[Card]:
        """The unseen cards that would let the child go out this turn."""
        return [c for c, v in self.stock_values().items() if v == 0]


@dataclass(frozen=True)
class RummyDrawPuzzle:
    """One Rummy draw puzzle (see the module docstring): ``answer`` is ``"discard"``; ``top`` the discard
    pile's top card; ``discard_value`` the points the best turn leaves after taking it; ``stock_values``
    the same for every unseen card (``unseen``, in the same order); ``played`` the source the seat really
    drew from."""

    id: str
    rules: dict
    deal: dict
    actions: tuple[dict, ...]
    seat: int
    top: str
    discard_value: int
    unseen: tuple[str, ...]
    stock_values: tuple[int, ...]
    theme: str
    difficulty: int
    turn: int
    source: str = "bots"
    played: str | None = None

    answer = "discard"

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.answer,)

    @property
    def kind(self) -> str:
        return "draw"

    @property
    def game(self) -> str:
        return "rummy"

    @property
    def stock_mean(self) -> Fraction:
        return Fraction(sum(self.stock_values), len(self.stock_values))

    @property
    def margin(self) -> Fraction:
        """How many points a stock draw leaves on average on top of taking the discard."""
        return self.stock_mean - self.discard_value

    @property
    def level(self) -> int:
        return 1 if self.difficulty <= 3 else 2 if self.difficulty <= 6 else 3

    def round(self) -> RummyRound:
        """The round at the decision (replayed from the deal and the actions)."""
        from ..protocol import action_from_dict

        rnd = _start_round(RummyRules.from_dict(self.rules), self.deal)
        for act in self.actions:
            rnd.apply(action_from_dict(act))
        return rnd

    def is_right(self, source: str) -> bool:
        return source == self.answer

    def title(self) -> Message:
        return Message(f"puzzles.rummy.theme.{self.theme}")

    def explanation(self) -> Message:
        """Why taking the top card is best, with the stock's exact average and chance to go out."""
        look = DrawSearch(self.round())
        after = look.after_discard()
        outs = sum(1 for v in self.stock_values if v == 0)
        params = {"card": Card.parse(self.top), "best": self.discard_value,
                  "plan": plan_message(after.plan_words()), "mean": round(float(self.stock_mean)),
                  "cards": len(self.unseen), "outs": outs}
        key = "puzzles.rummy.why.take_discard_out" if self.discard_value == 0 else "puzzles.rummy.why.take_discard"
        return Message(key, params)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "id": self.id, "game": "rummy", "kind": "draw", "rules": self.rules,
                "deal": self.deal, "actions": list(self.actions), "seat": self.seat, "top": self.top,
                "answer": self.answer, "discard_value": self.discard_value, "unseen": list(self.unseen),
                "stock_values": list(self.stock_values), "theme": self.theme, "difficulty": self.difficulty,
                "level": self.level, "turn": self.turn, "source": self.source, "played": self.played}

    @classmethod
    def from_dict(cls, data: Any) -> "RummyDrawPuzzle":
        """A puzzle from :meth:`to_dict`'s data; anything else is refused naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CardlabError("puzzles.data.format", format=FORMAT)
        if data.get("game") != "rummy" or data.get("kind") != "draw":
            raise CardlabError("puzzles.data.rummy_kind", field="game")
        check_fields(data, ("id", "rules", "deal", "actions", "seat", "top", "discard_value", "unseen",
                            "stock_values", "theme", "difficulty", "turn"))
        check_choice(data, "theme", DRAW_THEMES)
        check_choice(data, "source", SOURCES, "bots")
        check_choice(data, "played", ("stock", "discard", None), None)
        if not isinstance(data["deal"], dict) or not isinstance(data["deal"].get("hands"), list):
            raise CardlabError("puzzles.data.deal", field="deal")
        if not isinstance(data["unseen"], list) or not isinstance(data["stock_values"], list) \
                or not data["unseen"] or len(data["unseen"]) != len(data["stock_values"]):
            raise CardlabError("puzzles.data.rummy_stock", field="stock_values")
        return cls(id=str(data["id"]), rules=dict(data["rules"]), deal=dict(data["deal"]),
                   actions=tuple(dict(a) for a in data["actions"]), seat=int(data["seat"]), top=str(data["top"]),
                   discard_value=int(data["discard_value"]), unseen=tuple(str(c) for c in data["unseen"]),
                   stock_values=tuple(int(v) for v in data["stock_values"]), theme=data["theme"],
                   difficulty=int(data["difficulty"]), turn=int(data["turn"]), source=data.get("source", "bots"),
                   played=data.get("played"))


def _draws_of(rnd: RummyRound, seats: "Iterable[int] | None"):
    """Every draw of ``seats`` in the finished round with both piles to draw from: yields the round before
    the draw (a copy), the actions before it, and the source drawn from."""
    if not rnd.is_over:
        raise CardlabError("puzzles.rummy.not_finished", field="round")
    wanted = set(range(rnd.players) if seats is None else seats)
    actions = rnd.played_actions()
    replay = _start_round(rnd.rules, _deal_of(rnd))
    for k, act in enumerate(actions):
        if isinstance(act, Draw) and act.seat in wanted and replay.stock and replay.discard_pile:
            yield replay.clone(), actions[:k], act.source
        replay.apply(act)


def _make(rnd: RummyRound, look: DrawSearch, actions: list, source: str, played: str | None) -> RummyDrawPuzzle:
    deal = _deal_of(rnd)
    acts = tuple(action_to_dict(a) for a in actions)
    values = look.stock_values()
    text = json.dumps([deal, list(acts), look.seat, "draw"], sort_keys=True)
    after = look.after_discard()
    return RummyDrawPuzzle(
        id="rummy-draw-" + hashlib.sha256(text.encode()).hexdigest()[:12], rules=rnd.rules.to_dict(), deal=deal,
        actions=acts, seat=look.seat, top=look.top.code, discard_value=look.discard_value(),
        unseen=tuple(c.code for c in values), stock_values=tuple(values.values()), theme="take_discard",
        difficulty=len(after.plan()) + (after.best() > 0), turn=look.round.turns + 1, source=source, played=played)


def rummy_draw_puzzles_from_round(rnd: RummyRound, *, seats: "Iterable[int] | None" = None,
                                  min_margin: int = 3) -> list[RummyDrawPuzzle]:
    """The draws of the finished round ``rnd`` where taking the discard pile's top card leaves at least
    ``min_margin`` points fewer than the stock's exact average."""
    found = []
    for before, actions, _ in _draws_of(rnd, seats):
        look = DrawSearch(before)
        if look.top_helps() and look.stock_mean() - look.discard_value() >= min_margin:
            found.append(_make(rnd, look, actions, "bots", None))
    return found


def rummy_draw_puzzles_from_games(n: int = 10, *, rng: Any = None, players: int = 3,
                                  min_margin: int = 3) -> list[RummyDrawPuzzle]:
    """A seeded set of draw puzzles from ``n`` rounds the heuristic bots play (dealt as
    :func:`cardlab.puzzles.rummy.rummy_puzzles_from_games` deals them); easiest first.

    >>> found = rummy_draw_puzzles_from_games(n=3, rng=5)
    >>> all(p.stock_mean - p.discard_value >= 3 for p in found)
    True
    """
    from ..bots.rummy import RummyBot
    from ..protocol import play_out

    rules = RummyRules(players=players, max_reshuffles=BOT_RESHUFFLES)
    seed = derive_seed(rng)
    found: dict[str, RummyDrawPuzzle] = {}
    for k in range(n):
        rnd = RummyRound.deal(rules, dealer=k % players, rng=child_rng(seed, k), seed=seed, round_number=k)
        play_out(rnd, RummyBot())
        for p in rummy_draw_puzzles_from_round(rnd, min_margin=min_margin):
            found.setdefault(p.id, p)
    return sorted(found.values(), key=lambda p: p.difficulty)


def rummy_draw_puzzles_from_match(match: Any, seat: int, *, min_margin: int = 3) -> list[RummyDrawPuzzle]:
    """"Mina misstag" for the draw: the draws of ``seat`` from the stock where taking the discard pile's
    top card was better than the stock's average by at least ``min_margin`` points."""
    found = []
    for rnd in _rounds_of(match):
        for before, actions, source in _draws_of(rnd, [seat]):
            if source != "stock":
                continue
            look = DrawSearch(before)
            if look.top_helps() and look.stock_mean() - look.discard_value() >= min_margin:
                found.append(_make(rnd, look, actions, "own", source))
    return found

