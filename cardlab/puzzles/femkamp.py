"""Femkamp card-play puzzles found in real rounds, each checked by the exact search.

A puzzle is a decision of one seat in a finished Femkamp round where, with every
hand known, the card chosen decides the round's target: **the fewest points the
seat can be held to** (:mod:`cardlab.puzzles.femkamp_position` argues why that
one number fits all five rounds: take no tricks in the pass round, no clubs in
the clubs round, no queens in the queens round, many tricks in the grand round
(each takes a point off), and in kabal few prikks and no cards left when
somebody goes out).  The exact search scores every legal card; a puzzle keeps a
decision where one card (or a set of cards that are the same in effect: one suit,
no other card in play between them) is best, and every other card costs at least
``min_margin`` points more.

* :func:`femkamp_puzzles_from_games` — a seeded starting set from rounds the bots play.
* :func:`femkamp_puzzles_from_match` — a child's own missed decisions ("Mina misstag"):
  where the card played cost points that another card would have saved.

Each :class:`FemkampPuzzle` is plain data (``to_dict()`` is JSON-ready): the rules,
the round and its deal, the actions up to the decision, the seat, the right
card(s), the value of every legal card, the theme, a difficulty and level, and
the explanation in sv/nb/en.

>>> found = femkamp_puzzles_from_games(n=3, rng=4)
>>> p = found[0]
>>> p.answer in p.legal and min(p.values.values()) == p.values[p.answer] == p.best
True
>>> FemkampPuzzle.from_dict(p.to_dict()) == p
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card, full_deck
from ..errors import CardlabError
from ..games.femkamp import FemkampGame, FemkampTrickRound
from ..games.kabal import KabalRound, Prikk
from ..games.trick_actions import Play
from ..i18n import Message
from ..protocol import action_from_dict, action_to_dict
from ..rules.femkamp import ROUND_NAMES, FemkampRules
from .femkamp_position import MAX_KABAL_CARDS, MAX_TRICK_CARDS, PositionTooLarge, position_of
from .femkamp_themes import THEME_NAMES, THEME_WEIGHT, theme_of
from .files import FORMAT, SET_FORMAT, check_choice, check_fields, read_set

__all__ = ["FemkampPuzzle", "femkamp_puzzles_from_games", "femkamp_puzzles_from_match",
           "femkamp_puzzles_from_round", "save_femkamp_puzzles", "load_femkamp_puzzles", "MAX_TRICK_CARDS",
           "MAX_KABAL_CARDS"]

#: How the puzzles were found: in the bots' rounds, or in the child's own (a missed decision).
SOURCES = ("bots", "own")
#: The format of one puzzle's data, and of a set of them in a file (the same as Plump's).


@dataclass(frozen=True)
class FemkampPuzzle:
    """One Femkamp card-play puzzle (see the module docstring).

    ``answers``: every best card (one, or a few that are the same in effect); ``values``: the
    fewest points the seat can be held to after each legal card (card code → points); ``best``
    and ``next_best``: the best card's value and the next one's (the margin is their difference);
    ``trick``: the trick's number (trick rounds) or the turn's (kabal); ``points``: the seat's
    points for the round before the decision; ``played``: the card the seat really played.
    """

    id: str
    rules: dict
    round_name: str
    deal: dict
    actions: tuple[dict, ...]
    seat: int
    answers: tuple[str, ...]
    legal: tuple[str, ...]
    theme: str
    difficulty: int
    trick: int
    points: int
    best: int
    next_best: int
    source: str = "bots"
    played: str | None = None
    values: dict = field(default_factory=dict, compare=False)

    @property
    def answer(self) -> str:
        """The right card (the first, when several are best)."""
        return self.answers[0]

    @property
    def margin(self) -> int:
        """How many points the next best card costs on top of the best."""
        return self.next_best - self.best

    @property
    def level(self) -> int:
        """1 (few cards, a rule of thumb), 2 or 3 (many choices, count it out)."""
        return 1 if self.difficulty <= 5 else 2 if self.difficulty <= 10 else 3

    @property
    def game(self) -> str:
        return "femkamp"

    # ------------------------------------------------------------- the position
    def round(self) -> Any:
        """The round at the decision (replayed from the deal and the actions)."""
        rnd = _start_round(FemkampRules.from_dict(self.rules), self.round_name, self.deal)
        for act in self.actions:
            rnd.apply(action_from_dict(act))
        return rnd

    def position(self) -> Any:
        """The decision as a :class:`~cardlab.puzzles.femkamp_position.TrickPosition` or
        :class:`~cardlab.puzzles.femkamp_position.KabalPosition` (every hand known)."""
        return position_of(self.round(), self.seat)

    def is_right(self, card: "Card | str") -> bool:
        return Card.parse(card).code in self.answers

    # ------------------------------------------------------------- words
    def title(self) -> Message:
        """The theme's name (a Message: ``.text("sv")``)."""
        return Message(f"puzzles.femkamp.theme.{self.theme}")

    def explanation(self) -> Message:
        """Why the right card is right, in a child's words, with the margin (a Message)."""
        pos = self.position()
        card = Card.parse(self.answer)
        params: dict[str, Any] = {"card": card, "round": Message(f"femkamp.title.{self.round_name}"),
                                  "suit": card.suit}
        key = f"puzzles.femkamp.why.{self.theme}"
        if self.theme == "exact" and self.round_name in ("grand", "kabal"):
            key += f"_{self.round_name}"
        if self.theme == "give_points":
            key += "_queen" if self.round_name == "queens" else "_club"
        if pos.round_name != "kabal" and pos.trick:
            params["led"] = pos.trick[0][1].suit
            params["top"] = pos.winning_now()[1]
        if self.theme == "block_seven":
            params["seven"] = next(c for c in pos.legal() if c.rank.name == "SEVEN" and c != card)
        if self.theme == "own_run":
            params["next"] = next(c for c in pos.opens(card) if pos.holder(c) == pos.seat)
        return Message("puzzles.femkamp.explained", {"why": Message(key, params), "margin": self.margin_words()})

    def margin_words(self) -> Message:
        """The margin in words: the best card's value beside the next best card's."""
        card = Card.parse(self.answer)
        if self.round_name == "grand":
            return Message("puzzles.femkamp.margin_grand", {"card": card, "best": -self.best, "next": -self.next_best})
        return Message("puzzles.femkamp.margin", {"card": card, "best": self.best, "next": self.next_best})

    def also(self) -> Message | None:
        """The other best cards (a child's own puzzle, or cards that are the same in effect), or None."""
        others = [Card.parse(c) for c in self.answers[1:]]
        return Message("puzzles.femkamp.also", {"cards": others}) if others else None

    # ------------------------------------------------------------- plain data
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "id": self.id, "game": "femkamp", "kind": "card",
                "rules": self.rules, "round_name": self.round_name, "deal": self.deal,
                "actions": list(self.actions), "seat": self.seat, "answers": list(self.answers),
                "legal": list(self.legal), "theme": self.theme, "difficulty": self.difficulty,
                "level": self.level, "trick": self.trick, "points": self.points, "best": self.best,
                "next_best": self.next_best, "source": self.source, "played": self.played,
                "values": dict(self.values)}

    @classmethod
    def from_dict(cls, data: Any) -> "FemkampPuzzle":
        """A puzzle from :meth:`to_dict`'s data; anything else is refused with a ValueError naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CardlabError("puzzles.data.format", format=FORMAT)
        if data.get("game") != "femkamp" or data.get("kind", "card") != "card":
            raise CardlabError("puzzles.data.femkamp_kind", field="game")
        check_fields(data, ("id", "rules", "round_name", "deal", "actions", "seat", "answers", "legal", "theme",
                            "difficulty", "trick", "points", "best", "next_best"))
        check_choice(data, "round_name", ROUND_NAMES)
        check_choice(data, "theme", THEME_NAMES)
        check_choice(data, "source", SOURCES, "bots")
        if not data["answers"] or not set(data["answers"]) <= set(data["legal"]):
            raise CardlabError("puzzles.data.answers", field="answers")
        if not isinstance(data["deal"], dict) or "hands" not in data["deal"]:
            raise CardlabError("puzzles.data.deal", field="deal")
        return cls(id=str(data["id"]), rules=dict(data["rules"]), round_name=data["round_name"],
                   deal=dict(data["deal"]), actions=tuple(dict(a) for a in data["actions"]), seat=int(data["seat"]),
                   answers=tuple(data["answers"]), legal=tuple(data["legal"]), theme=data["theme"],
                   difficulty=int(data["difficulty"]), trick=int(data["trick"]), points=int(data["points"]),
                   best=int(data["best"]), next_best=int(data["next_best"]), source=data.get("source", "bots"),
                   played=data.get("played"), values={str(k): int(v) for k, v in dict(data.get("values", {})).items()})


# ------------------------------------------------------------------ rounds and their deals
def _start_round(rules: FemkampRules, round_name: str, deal: dict) -> Any:
    if round_name == "kabal":
        return KabalRound.from_hands(deal["hands"], dealer=deal["dealer"], rules=rules, table=deal.get("table", ""))
    return FemkampTrickRound.from_hands(deal["hands"], round_name=round_name, dealer=deal["dealer"], rules=rules)


def _actions_of(rnd: Any) -> list[Any]:
    """Every action of the round in the order played."""
    if rnd.round_name == "kabal":
        return list(rnd.history)
    plays = [Play(s, c) for t in rnd.completed_tricks for s, c in zip(t.seats, t.cards)]
    return plays + [Play(s, c) for s, c in rnd.current_trick]


def _deal_of(rnd: Any) -> dict:
    """The round's deal as plain data: every hand at the start (and, in kabal, what lay on the table)."""
    hands = [list(h) for h in rnd.hands]
    for act in _actions_of(rnd):
        if isinstance(act, Play):
            hands[act.seat].append(act.card)
    deal: dict[str, Any] = {"hands": [" ".join(c.code for c in h) for h in hands], "dealer": rnd.dealer}
    if rnd.round_name == "kabal":
        held = {c for h in hands for c in h}
        deal["table"] = " ".join(c.code for c in full_deck() if c not in held)
    return deal


def _puzzle_id(round_name: str, deal: dict, actions: Sequence[dict], seat: int) -> str:
    text = json.dumps([round_name, deal, list(actions), seat], sort_keys=True)
    return "femkamp-" + hashlib.sha256(text.encode()).hexdigest()[:12]


def _searchable(pos: Any) -> bool:
    try:
        pos.check_size()
    except PositionTooLarge:
        return False
    return True


def decisions(rnd: Any, seats: "Iterable[int] | None" = None):
    """Every card decision of ``seats`` (default: all) in the finished round ``rnd`` with at least two
    legal cards that the exact search can look at: yields ``(position, actions_before, played, values)``."""
    if not rnd.is_over:
        raise ValueError("the round is not finished: puzzles are found in finished rounds.")
    wanted = set(range(rnd.players) if seats is None else seats)
    replay = _start_round(rnd.rules, rnd.round_name, _deal_of(rnd))
    memos: dict[int, dict] = {}
    before: list[Any] = []
    for act in _actions_of(rnd):
        if isinstance(act, Play) and act.seat in wanted and not getattr(replay, "_opening_with_seven", False):
            pos = position_of(replay, act.seat)
            if _searchable(pos) and len(pos.legal()) >= 2:
                object.__setattr__(pos, "_memo", memos.setdefault(act.seat, {}))
                yield pos, list(before), act.card, pos.values()
        replay.apply(act)
        before.append(act)


def _same_in_effect(pos: Any, cards: Sequence[Card]) -> bool:
    """One card, or cards of one suit with no other card of that suit still in play between them
    (a trick round): whichever of them is played, the tricks go the same way."""
    if len(cards) == 1:
        return True
    if pos.round_name == "kabal" or len({c.suit for c in cards}) != 1:
        return False
    low, high = min(c._key for c in cards), max(c._key for c in cards)
    suit = cards[0].suit
    between = [c for h in pos.hands for c in h if c.suit is suit and low < c._key < high]
    return all(c in cards for c in between)


def _difficulty(pos: Any, legal: int, theme: str) -> int:
    size = pos.tricks_left if pos.round_name != "kabal" else min(len(pos.hands[pos.seat]), 4)
    return size * legal // 2 + THEME_WEIGHT[theme]


def _make(rnd: Any, pos: Any, actions: list, values: dict, answers: list[Card], source: str,
          played: Card | None) -> FemkampPuzzle:
    deal = _deal_of(rnd)
    acts = tuple(action_to_dict(a) for a in actions)
    best = min(values.values())
    rest = [v for c, v in values.items() if c not in answers]
    theme = theme_of(pos, answers)
    return FemkampPuzzle(
        id=_puzzle_id(rnd.round_name, deal, acts, pos.seat), rules=rnd.rules.to_dict(), round_name=rnd.round_name,
        deal=deal, actions=acts, seat=pos.seat, answers=tuple(c.code for c in answers),
        legal=tuple(c.code for c in values), theme=theme, difficulty=_difficulty(pos, len(values), theme),
        trick=pos.trick_number if rnd.round_name != "kabal" else pos.turn + 1, points=pos.points, best=best,
        next_best=min(rest) if rest else best, source=source, played=None if played is None else played.code,
        values={c.code: v for c, v in values.items()})


def femkamp_puzzles_from_round(rnd: Any, *, seats: "Iterable[int] | None" = None,
                               min_margin: int = 1) -> list[FemkampPuzzle]:
    """The decisions of the finished round ``rnd`` where one card (or a set the same in effect) is best
    and every other legal card costs at least ``min_margin`` points more."""
    found = []
    for pos, actions, _, values in decisions(rnd, seats):
        best = min(values.values())
        answers = [c for c, v in values.items() if v == best]
        rest = [v for v in values.values() if v != best]
        if rest and min(rest) - best >= min_margin and _same_in_effect(pos, answers):
            found.append(_make(rnd, pos, actions, values, answers, "bots", None))
    return found


def _check_choice(name: str, value: Any, ok: bool, allowed: str) -> None:
    if not ok:
        raise CardlabError("puzzles.femkamp.bad_choice", field=name, value=repr(value), allowed=allowed)


def femkamp_puzzles_from_games(n: int = 10, *, rng: Any = None, players: int = 4,
                               rounds: Sequence[str] = ROUND_NAMES, bots: Any = None,
                               min_margin: int = 1) -> list[FemkampPuzzle]:
    """A seeded starting set: deal ``n`` whole rounds (round ``k`` is ``rounds[k % len(rounds)]``, dealt
    from ``rng``), let ``bots`` (default: the heuristic :class:`cardlab.bots.FemkampBot` in every seat)
    play them, and keep every decision of their last tricks (trick rounds) or last cards (kabal) that
    :func:`femkamp_puzzles_from_round` keeps; easiest first (the order is fixed by the seed).

    >>> femkamp_puzzles_from_games(n=1, rounds=("poker",))
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: rounds cannot be 'poker': choose pass, clubs, queens, grand, kabal.
    """
    from ..bots.femkamp import FemkampBot
    from ..protocol import play_out

    _check_choice("n", n, isinstance(n, int) and not isinstance(n, bool) and n >= 0, "a whole number 0 or more")
    rounds = tuple(rounds)
    bad = [r for r in rounds if r not in ROUND_NAMES]
    _check_choice("rounds", bad[0] if bad else rounds, bool(rounds) and not bad, ", ".join(ROUND_NAMES))
    _check_choice("min_margin", min_margin, isinstance(min_margin, int) and min_margin >= 1, "a whole number 1 or more")
    rules = FemkampRules(players=players)
    seed = derive_seed(rng)
    found: list[FemkampPuzzle] = []
    seen: set[str] = set()
    for k in range(n):
        name, dealer = rounds[k % len(rounds)], k % players
        if name == "kabal":
            rnd = KabalRound.deal(rules, dealer=dealer, rng=child_rng(seed, k))
        else:
            rnd = FemkampTrickRound.deal(rules, round_name=name, dealer=dealer, rng=child_rng(seed, k))
        play_out(rnd, bots if bots is not None else FemkampBot())
        for p in femkamp_puzzles_from_round(rnd, min_margin=min_margin):
            if p.id not in seen:
                seen.add(p.id)
                found.append(p)
    return sorted(found, key=lambda p: p.difficulty)


def _rounds_of(match_or_game: Any) -> list[Any]:
    game = getattr(match_or_game, "game", match_or_game)
    if isinstance(game, (FemkampTrickRound, KabalRound)):
        return [game] if game.is_over else []
    if not isinstance(game, FemkampGame):
        raise CardlabError("puzzles.femkamp.bad_choice", field="match", value=type(game).__name__, allowed="a Femkamp match, game or round")
    rounds = list(game.finished_rounds)
    current = game.round
    if current is not None and current.is_over and current not in rounds:
        rounds.append(current)
    return rounds


def femkamp_puzzles_from_match(match: Any, seat: int) -> list[FemkampPuzzle]:
    """A child's own missed decisions ("Mina misstag") in a :class:`cardlab.match.Match` of Femkamp (or a
    :class:`~cardlab.games.femkamp.FemkampGame`, or one finished round): every decision of ``seat``
    small enough for the exact search where the card played let the others give it more points than
    another legal card would have.  ``answers`` are all the best cards; ``played`` is the one chosen."""
    found = []
    for rnd in _rounds_of(match):
        _check_choice("seat", seat, isinstance(seat, int) and 0 <= seat < rnd.players,
                      f"a seat from 0 to {rnd.players - 1}")
        for pos, actions, played, values in decisions(rnd, [seat]):
            best = min(values.values())
            if values[played] > best:
                answers = [c for c, v in values.items() if v == best]
                found.append(_make(rnd, pos, actions, values, answers, "own", played))
    return found


# ------------------------------------------------------------------ a set in a file
def save_femkamp_puzzles(path: "str | Path", puzzles: Sequence[FemkampPuzzle]) -> Path:
    """Write a puzzle set as one JSON file (to hand out; :func:`load_femkamp_puzzles` reads it back)."""
    from .repetition import write_json

    return write_json(path, {"format": SET_FORMAT, "version": 1, "puzzles": [p.to_dict() for p in puzzles]})


def load_femkamp_puzzles(path: "str | Path", *, lang: str | None = None) -> list[FemkampPuzzle]:
    """The puzzles of a file written by :func:`save_femkamp_puzzles`; a damaged file is refused with a
    :class:`~cardlab.errors.CardlabError` naming the puzzle and the field (in ``lang``)."""
    return read_set(path, FemkampPuzzle.from_dict, lang=lang)
