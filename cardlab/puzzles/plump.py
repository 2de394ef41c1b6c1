"""Plump card-play puzzles found in real rounds, each checked by the exact double-dummy search.

A puzzle is a decision of one seat in a finished round where, with every hand
known, the card chosen decides the bid: the right card makes the bid exactly
whatever the others play, and every other legal card lets the others stop it
(the margin: one card keeps it, all the others lose it).  :func:`puzzles_from_round`
replays a round and tries every legal card at every decision of the tricks that
are small enough for the exact search (at most ``max_cards`` cards left in all).

* :func:`puzzles_from_games` — a seeded starting set from rounds the bots play.
* :func:`puzzles_from_match` — a child's own missed decisions ("Mina misstag"):
  where the card played lost the bid while another card would have kept it.

Each :class:`Puzzle` is plain data (``to_dict()`` is JSON-ready): the rules, the
deal, the actions up to the decision, the seat, the right card(s), the theme,
a difficulty and the explanation in sv/nb/en.

>>> from cardlab.puzzles.plump import puzzles_from_games
>>> found = puzzles_from_games(n=2, rng=7, hand_size=3)
>>> p = found[0]
>>> p.answer in p.legal and set(p.margin["loses"]) == set(p.legal) - {p.answer}
True
>>> Puzzle.from_dict(p.to_dict()) == p
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card
from ..coach.double_dummy import PositionTooLarge
from ..errors import CardlabError
from ..games.plump import Bid, PlumpRound
from ..games.trick_actions import Play
from ..i18n import Message
from ..protocol import action_from_dict, action_to_dict
from ..rules.plump import PlumpRules
from .files import FORMAT, SET_FORMAT, check_choice, check_fields, read_set
from .position import Position, position_of_round
from .themes import THEME_NAMES, theme_of

#: The exact search looks at decisions with at most this many cards left in all (4 hands of 5).
MAX_CARDS = 20

#: How the puzzles were found: in the bots' rounds, or in the child's own (a missed decision).
SOURCES = ("bots", "own")


@dataclass(frozen=True)
class Puzzle:
    """One card-play puzzle (see the module docstring).  ``answers``: every card that keeps the bid
    (one for a puzzle from the bots' rounds); ``played``: the card the seat really played (for the
    child's own mistakes); ``margin``: ``{"keeps": [...], "loses": [...]}`` as the exact search found."""

    id: str
    rules: dict
    deal: dict
    actions: tuple[dict, ...]
    seat: int
    bid: int
    answers: tuple[str, ...]
    legal: tuple[str, ...]
    theme: str
    difficulty: int
    trick: int
    tricks_left: int
    source: str = "bots"
    played: str | None = None
    margin: dict = field(default_factory=dict, compare=False)

    #: the puzzle's kind in a set: every hand known, one card keeps the bid
    kind = "card"

    @property
    def answer(self) -> str:
        """The right card (the first, when several keep the bid)."""
        return self.answers[0]

    @property
    def level(self) -> int:
        """1 (a few cards, a trick or two left), 2 or 3 (many choices, many tricks left)."""
        return 1 if self.difficulty <= 4 else 2 if self.difficulty <= 9 else 3

    # ------------------------------------------------------------- the position
    def round(self) -> PlumpRound:
        """The round at the decision (replayed from the deal and the actions)."""
        rules = PlumpRules.from_dict(self.rules)
        d = self.deal
        rnd = PlumpRound.from_hands(d["hands"], dealer=d["dealer"], rules=rules, trump_card=d.get("trump_card"),
                                    trump=d.get("trump"), blind=d.get("blind", ()),
                                    is_last_round=d.get("is_last_round", True))
        for act in self.actions:
            rnd.apply(action_from_dict(act))
        return rnd

    def position(self) -> Position:
        """The decision as a :class:`Position` (every hand known)."""
        return position_of_round(self.round(), self.seat)

    def is_right(self, card: "Card | str") -> bool:
        return Card.parse(card).code in self.answers

    # ------------------------------------------------------------- words
    def explanation(self) -> Message:
        """Why the right card is right, in a child's words (a Message: ``.text("sv")``)."""
        pos = self.position()
        key = f"puzzles.why.{self.theme}"
        if pos.need == 0 and self.theme in ("duck", "exact"):
            key += "_zero" if self.bid == 0 else "_done"
        return Message(key, {"card": Card.parse(self.answer), "bid": self.bid, "need": pos.need,
                             "left": pos.tricks_left})

    def also(self) -> Message | None:
        """The other cards that keep the bid too (a child's own puzzle may have several), or None."""
        others = [Card.parse(c) for c in self.answers[1:]]
        return Message("puzzles.also", {"cards": others}) if others else None

    def title(self) -> Message:
        """The theme's name (a Message)."""
        return Message(f"puzzles.theme.{self.theme}")

    # ------------------------------------------------------------- plain data
    def to_dict(self) -> dict[str, Any]:
        return {"format": "cardlab-puzzle", "version": 1, "id": self.id, "game": "plump", "kind": "card",
                "rules": self.rules,
                "deal": self.deal, "actions": list(self.actions), "seat": self.seat, "bid": self.bid,
                "answers": list(self.answers), "legal": list(self.legal), "theme": self.theme,
                "difficulty": self.difficulty, "trick": self.trick, "tricks_left": self.tricks_left,
                "source": self.source, "played": self.played, "margin": self.margin}

    @classmethod
    def from_dict(cls, data: Any) -> "Puzzle":
        """A puzzle from :meth:`to_dict`'s data; anything else is refused with a
        :class:`~cardlab.errors.CardlabError` (a ValueError) naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CardlabError("puzzles.data.format", format=FORMAT)
        if data.get("kind", "card") != "card":      # sets written before kinds existed have no 'kind'
            raise CardlabError("puzzles.data.kind", field="kind", kind="card", value=repr(data.get("kind")))
        check_fields(data, ("id", "rules", "deal", "actions", "seat", "bid", "answers", "legal", "theme", "difficulty",
                            "trick", "tricks_left"))
        check_choice(data, "theme", THEME_NAMES)
        check_choice(data, "source", SOURCES, "bots")
        if not data["answers"] or not set(data["answers"]) <= set(data["legal"]):
            raise CardlabError("puzzles.data.answers", field="answers")
        return cls(id=str(data["id"]), rules=dict(data["rules"]), deal=dict(data["deal"]),
                   actions=tuple(dict(a) for a in data["actions"]), seat=int(data["seat"]), bid=int(data["bid"]),
                   answers=tuple(data["answers"]), legal=tuple(data["legal"]), theme=data["theme"],
                   difficulty=int(data["difficulty"]), trick=int(data["trick"]), tricks_left=int(data["tricks_left"]),
                   source=data.get("source", "bots"), played=data.get("played"), margin=dict(data.get("margin", {})))


# ------------------------------------------------------------------ finding them
def _start_hands(rnd: PlumpRound) -> list[list[Card]]:
    hands: list[list[Card]] = [[] for _ in range(rnd.players)]
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            hands[s].append(c)
    return hands


def _deal_of(rnd: PlumpRound) -> dict:
    return {"hands": [" ".join(c.code for c in h) for h in _start_hands(rnd)], "dealer": rnd.dealer,
            "trump_card": None if rnd.trump_card is None else rnd.trump_card.code,
            "trump": None if rnd.trump is None else rnd.trump.letter,
            "blind": " ".join(c.code for c in rnd.blind), "is_last_round": rnd.is_last_round}


def _puzzle_id(deal: dict, actions: Sequence[dict], seat: int) -> str:
    text = json.dumps([deal, list(actions), seat], sort_keys=True)
    return "plump-" + hashlib.sha256(text.encode()).hexdigest()[:12]


def decisions(rnd: PlumpRound, seats: "Iterable[int] | None" = None, *, max_cards: int = MAX_CARDS):
    """Every card-play decision of ``seats`` (default: all) in the finished round ``rnd`` that the
    exact search can look at: yields ``(position, actions_before, played, keeping_cards)``."""
    if not rnd.is_over:
        raise ValueError("the round is not finished: puzzles are found in finished rounds.")
    if rnd.rules.decks != 1:
        return
    wanted = set(range(rnd.players) if seats is None else seats)
    deal = _deal_of(rnd)
    replay = PlumpRound.from_hands(deal["hands"], dealer=rnd.dealer, rules=rnd.rules, trump_card=rnd.trump_card,
                                   trump=rnd.trump, blind=rnd.blind, is_last_round=rnd.is_last_round)
    actions: list[Any] = [Bid(seat, rnd.bids[seat]) for seat in replay.bid_order]
    for act in actions:
        replay.apply(act)
    memos: dict[int, dict] = {}
    plays = [Play(s, c) for t in rnd.completed_tricks for s, c in zip(t.seats, t.cards)]
    for play in plays:
        seat = play.seat
        if seat in wanted and sum(len(h) for h in replay.hands) <= max_cards:
            pos = position_of_round(replay, seat)
            object.__setattr__(pos, "_memo", memos.setdefault(seat, {}))
            options = pos.legal()
            if len(options) >= 2:
                try:
                    keeping = [c for c in options if pos.keeps(c)]
                except PositionTooLarge:  # pragma: no cover - guarded by max_cards
                    keeping = []
                yield pos, list(actions), play.card, keeping
        replay.apply(play)
        actions.append(play)


def _make(rnd: PlumpRound, pos: Position, actions: list, keeping: list[Card], source: str,
          played: Card | None) -> Puzzle:
    deal = _deal_of(rnd)
    acts = tuple(action_to_dict(a) for a in actions)
    legal = pos.legal()
    return Puzzle(id=_puzzle_id(deal, acts, pos.seat), rules=rnd.rules.to_dict(), deal=deal, actions=acts,
                  seat=pos.seat, bid=pos.bid, answers=tuple(c.code for c in keeping),
                  legal=tuple(c.code for c in legal), theme=theme_of(pos, keeping),
                  difficulty=pos.tricks_left * len(legal), trick=pos.trick_number, tricks_left=pos.tricks_left,
                  source=source, played=None if played is None else played.code,
                  margin={"keeps": [c.code for c in keeping], "loses": [c.code for c in legal if c not in keeping]})


def puzzles_from_round(rnd: PlumpRound, *, seats: "Iterable[int] | None" = None,
                       max_cards: int = MAX_CARDS) -> list[Puzzle]:
    """The decisions of the finished round ``rnd`` where exactly one legal card keeps the bid."""
    return [_make(rnd, pos, actions, keeping, "bots", None)
            for pos, actions, _, keeping in decisions(rnd, seats, max_cards=max_cards) if len(keeping) == 1]


def puzzles_from_games(n: int = 20, *, rng: Any = None, players: int = 4, hand_size: int = 5,
                       bots: Any = None, max_cards: int = MAX_CARDS) -> list[Puzzle]:
    """A seeded starting set: deal ``n`` rounds (from ``rng``), let ``bots`` (default: the heuristic
    :class:`cardlab.bots.PlumpBot` in every seat) play them, and keep every one-card decision,
    easiest first (the order is fixed by the seed)."""
    from ..bots.plump import PlumpBot
    from ..protocol import play_out

    if not (isinstance(n, int) and n >= 0):
        raise ValueError(f"n must be a whole number 0 or more; it is {n!r}.")
    if players * hand_size > max_cards:
        raise ValueError(f"{players} hands of {hand_size} cards is more than the exact search looks at "
                         f"({max_cards} cards): choose a smaller hand_size.")
    seed = derive_seed(rng)
    rules = PlumpRules(players=players)
    found: list[Puzzle] = []
    seen: set[str] = set()
    for k in range(n):
        rnd = PlumpRound.deal(rules, hand_size=hand_size, dealer=k % players, rng=child_rng(seed, k))
        play_out(rnd, bots if bots is not None else PlumpBot())
        for p in puzzles_from_round(rnd, max_cards=max_cards):
            if p.id not in seen:
                seen.add(p.id)
                found.append(p)
    return sorted(found, key=lambda p: p.difficulty)


def _rounds_of(match_or_game: Any) -> list[PlumpRound]:
    game = getattr(match_or_game, "game", match_or_game)
    if isinstance(game, PlumpRound):
        return [game] if game.is_over else []
    rounds = list(getattr(game, "finished_rounds", []))
    current = getattr(game, "round", None)
    if current is not None and current.is_over and current not in rounds:
        rounds.append(current)
    return rounds


def puzzles_from_match(match: Any, seat: int, *, max_cards: int = MAX_CARDS) -> list[Puzzle]:
    """A child's own missed decisions ("Mina misstag") in a :class:`cardlab.match.Match` (or game) of
    Plump: every decision of ``seat`` where the card played lost the bid while another legal card
    would have kept it, whatever the others played.  ``answers`` are all the cards that kept it."""
    found = []
    for rnd in _rounds_of(match):
        if not 0 <= seat < rnd.players:
            raise ValueError(f"seat must be from 0 to {rnd.players - 1}; it is {seat!r}.")
        for pos, actions, played, keeping in decisions(rnd, [seat], max_cards=max_cards):
            if keeping and played not in keeping:
                found.append(_make(rnd, pos, actions, keeping, "own", played))
    return found


# ------------------------------------------------------------------ a set in a file

#: The kinds of Plump puzzle and where their classes live.
KINDS = {"card": "cardlab.puzzles.plump:Puzzle", "hidden": "cardlab.puzzles.plump_hidden:HiddenPuzzle",
         "bid": "cardlab.puzzles.plump_bid:BidPuzzle"}


def puzzle_from_dict(data: Any) -> Any:
    """A Plump puzzle of any kind from its ``to_dict()`` data (no ``kind``: a card puzzle, as sets
    written before the kinds had); an unknown kind is refused with a ValueError naming the field."""
    import importlib

    kind = data.get("kind", "card") if isinstance(data, dict) else "card"
    if kind not in KINDS:
        raise CardlabError("puzzles.data.choose", field="kind", value=repr(kind), allowed=", ".join(KINDS))
    module, name = KINDS[kind].split(":")
    return getattr(importlib.import_module(module), name).from_dict(data)


def save_puzzles(path: "str | Path", puzzles: Sequence[Puzzle]) -> Path:
    """Write a puzzle set as one JSON file (to hand out; :func:`load_puzzles` reads it back)."""
    from .repetition import write_json

    return write_json(path, {"format": SET_FORMAT, "version": 1, "puzzles": [p.to_dict() for p in puzzles]})


def load_puzzles(path: "str | Path", *, lang: str | None = None) -> list[Any]:
    """The puzzles (of every kind) of a file written by :func:`save_puzzles`; a damaged file is refused with a
    :class:`~cardlab.errors.CardlabError` naming the puzzle and the field (in ``lang``)."""
    return read_set(path, puzzle_from_dict, lang=lang)

