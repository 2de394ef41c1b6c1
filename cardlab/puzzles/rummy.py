"""Rummy puzzles found in real rounds, each checked by the exact search of the turn.

A puzzle is a turn of one seat in a finished Rummy round, set right after its
draw: the child sees their hand, the melds on the table and the discard pile,
and plays the turn out (melds, lay-offs, the discard).  The target is the
Rummy one: **go out, or else pay least**, i.e. keep as few penalty points in
hand as the turn allows (what the child pays if somebody goes out before their
next turn).  :mod:`cardlab.puzzles.rummy_turn` argues why the search stops at the
end of the turn: nothing within it is hidden, everything after it is.

The search tries every way to play the turn the engine allows; a puzzle keeps a
turn where **one end** is best (one set of cards left in hand, or going out;
different orders of the same melds and lay-offs are the same in effect) and
every other end leaves at least ``min_margin`` points more.  The right first
moves (``answers``) are every legal action that still reaches that end.

* :func:`rummy_puzzles_from_games` — a seeded starting set from rounds the bots play.
* :func:`rummy_puzzles_from_match` — a child's own missed turns ("Mina misstag"): where
  the turn played left more points in hand than the best way would have.
* :func:`rummy_puzzles_from_round` — the puzzles of one finished round.

A set in a file (turn and draw puzzles together): :mod:`cardlab.puzzles.rummy_set`.

Each :class:`RummyPuzzle` is plain data (``to_dict()`` is JSON-ready): the rules,
the deal, the actions up to the decision, the seat, the right first moves, every
legal first move with its value, the best end, the theme, a difficulty and level;
the explanation is worked out in sv/nb/en from the position.

>>> found = rummy_puzzles_from_games(n=2, rng=3)
>>> p = found[0]
>>> p.answer in p.legal_actions() and p.values[p.legal.index(p.answers[0])] == p.best < p.next_best
True
>>> RummyPuzzle.from_dict(p.to_dict()) == p
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card, parse_cards
from ..errors import CardlabError
from ..games.rummy import Draw, LayOff, Meld, RummyGame, RummyRound
from ..i18n import Message
from ..protocol import action_from_dict, action_to_dict
from ..rules.rummy import RummyRules
from .files import FORMAT, check_choice, check_fields
from .rummy_themes import THEME_NAMES, THEME_WEIGHT, theme_of
from .rummy_turn import End, TurnSearch, discard_of, end_points

__all__ = ["RummyPuzzle", "rummy_puzzles_from_games", "rummy_puzzles_from_match", "rummy_puzzles_from_round",
           "turns_of"]

#: How the puzzles were found: in the bots' rounds, or in the child's own (a missed turn).
SOURCES = ("bots", "own")
#: The bots' rounds end after this many reshuffles of the stock: the rules let play go on for ever, and
#: heuristic players can hold each other's cards so long that a round never ends (the limit simulations
#: name too, :func:`cardlab.rules.rummy_core.may_reshuffle`).  The puzzle keeps these rules.
BOT_RESHUFFLES = 3


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


@dataclass(frozen=True)
class RummyPuzzle:
    """One Rummy turn puzzle (see the module docstring).

    ``deal``: the round's cards at the start (``hands``, ``stock`` top first, ``discard`` bottom
    first), ``dealer``, ``seed`` and ``round_number`` (which order a reshuffle); ``actions``: every
    action before the decision, the seat's draw the last; ``answers``: the right first moves;
    ``legal`` and ``values``: every legal first move and the fewest points reachable after it;
    ``best_end``: the cards the best turn leaves in hand ("" when the child goes out); ``best`` and
    ``next_best``: its points and the best other end's (the margin is their difference); ``turn``: the
    round's turn number (from 1); ``played``: the moves the seat really made in that turn.
    """

    id: str
    rules: dict
    deal: dict
    actions: tuple[dict, ...]
    seat: int
    answers: tuple[dict, ...]
    legal: tuple[dict, ...]
    values: tuple[int, ...]
    best_end: str
    theme: str
    difficulty: int
    turn: int
    best: int
    next_best: int
    source: str = "bots"
    played: tuple[dict, ...] | None = None

    @property
    def answer(self) -> Any:
        """The first right move (an action), when several first moves reach the best end."""
        return action_from_dict(self.answers[0])

    @property
    def margin(self) -> int:
        """How many points the next best end leaves on top of the best."""
        return self.next_best - self.best

    @property
    def level(self) -> int:
        """1 (few choices, a rule of thumb), 2 or 3 (many choices, count it out)."""
        return 1 if self.difficulty <= 5 else 2 if self.difficulty <= 9 else 3

    @property
    def game(self) -> str:
        return "rummy"

    @property
    def kind(self) -> str:
        """``"turn"`` (a draw puzzle, :class:`cardlab.puzzles.rummy_draw.RummyDrawPuzzle`, says ``"draw"``)."""
        return "turn"

    @property
    def goes_out(self) -> bool:
        """Whether the best turn empties the hand."""
        return not self.best_end

    # ------------------------------------------------------------- the position
    def round(self) -> RummyRound:
        """The round at the decision (replayed from the deal and the actions)."""
        rnd = _start_round(RummyRules.from_dict(self.rules), self.deal)
        for act in self.actions:
            rnd.apply(action_from_dict(act))
        return rnd

    def search(self) -> TurnSearch:
        """The exact search of the turn (:class:`~cardlab.puzzles.rummy_turn.TurnSearch`)."""
        return TurnSearch(self.round())

    def end(self) -> End:
        """The best end as cards."""
        return tuple(parse_cards(self.best_end)) if self.best_end else ()

    def legal_actions(self) -> list[Any]:
        return [action_from_dict(a) for a in self.legal]

    def is_right(self, act: Any) -> bool:
        """Whether ``act`` is one of the right first moves."""
        return action_to_dict(act) in self.answers

    # ------------------------------------------------------------- words
    def title(self) -> Message:
        """The theme's name (a Message: ``.text("sv")``)."""
        return Message(f"puzzles.rummy.theme.{self.theme}")

    def explanation(self, search: "TurnSearch | None" = None) -> Message:
        """Why the best turn is best, in a child's words, with the margin (a Message)."""
        search = self.search() if search is None else search
        plan = search.plan(self.end())
        params: dict[str, Any] = {"plan": plan_message(search.plan_words(self.end()))}
        if self.theme == "shed_high":
            params["card"] = discard_of(plan)
        if self.theme == "lay_off":
            params["card"], params["meld"] = _first_lay_off(search, plan)
        if self.theme == "right_meld":
            params["card"] = _shared_card(search, plan)
        why = Message(f"puzzles.rummy.why.{self.theme}", params)
        return Message("puzzles.rummy.explained", {"why": why, "margin": self.margin_words()})

    def margin_words(self) -> Message:
        """The margin in words: the best end's points beside the next best end's."""
        if self.goes_out:
            return Message("puzzles.rummy.margin_out", {"next": self.next_best})
        left = list(self.end())
        return Message(f"puzzles.rummy.margin.{'one' if len(left) == 1 else 'many'}",
                       {"best": self.best, "next": self.next_best, "cards": left})

    # ------------------------------------------------------------- plain data
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "id": self.id, "game": "rummy", "kind": "turn",
                "rules": self.rules, "deal": self.deal, "actions": list(self.actions), "seat": self.seat,
                "answers": list(self.answers), "legal": list(self.legal), "values": list(self.values),
                "best_end": self.best_end, "theme": self.theme, "difficulty": self.difficulty, "level": self.level,
                "turn": self.turn, "best": self.best, "next_best": self.next_best, "source": self.source,
                "played": None if self.played is None else list(self.played)}

    @classmethod
    def from_dict(cls, data: Any) -> "RummyPuzzle":
        """A puzzle from :meth:`to_dict`'s data; anything else is refused with a
        :class:`~cardlab.errors.CardlabError` (a ValueError) naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CardlabError("puzzles.data.format", format=FORMAT)
        if data.get("game") != "rummy" or data.get("kind", "turn") != "turn":
            raise CardlabError("puzzles.data.rummy_kind", field="game")
        check_fields(data, ("id", "rules", "deal", "actions", "seat", "answers", "legal", "values", "best_end",
                            "theme", "difficulty", "turn", "best", "next_best"))
        check_choice(data, "theme", THEME_NAMES)
        check_choice(data, "source", SOURCES, "bots")
        if not isinstance(data["deal"], dict) or not isinstance(data["deal"].get("hands"), list):
            raise CardlabError("puzzles.data.deal", field="deal")
        if not isinstance(data["legal"], list) or not isinstance(data["values"], list) \
                or len(data["legal"]) != len(data["values"]):
            raise CardlabError("puzzles.data.rummy_values", field="values")
        if not isinstance(data["answers"], list) or not data["answers"] \
                or not all(a in data["legal"] for a in data["answers"]):
            raise CardlabError("puzzles.data.rummy_answers", field="answers")
        played = data.get("played")
        return cls(id=str(data["id"]), rules=dict(data["rules"]), deal=dict(data["deal"]),
                   actions=tuple(dict(a) for a in data["actions"]), seat=int(data["seat"]),
                   answers=tuple(dict(a) for a in data["answers"]), legal=tuple(dict(a) for a in data["legal"]),
                   values=tuple(int(v) for v in data["values"]), best_end=str(data["best_end"]),
                   theme=data["theme"], difficulty=int(data["difficulty"]), turn=int(data["turn"]),
                   best=int(data["best"]), next_best=int(data["next_best"]), source=data.get("source", "bots"),
                   played=None if played is None else tuple(dict(a) for a in played))


def plan_message(steps: Sequence[Message]) -> Message:
    """Moves in words, joined by "then" ("lägga ner 5♣ 6♣ 7♣, sedan kasta K♥")."""
    if len(steps) == 1:
        return steps[0]
    return Message("puzzles.rummy.then", {"first": steps[0], "rest": plan_message(steps[1:])})


def _first_lay_off(search: TurnSearch, plan: list[Any]) -> tuple[Card, str]:
    """The card of the plan's first lay-off and the meld it goes onto, as the table is then."""
    rnd = search.round.clone()
    for act in plan:
        if isinstance(act, LayOff):
            return act.card, str(rnd.table[act.meld_index])
        rnd.apply(act)
    raise CardlabError("puzzles.rummy.no_such_end", field="plan")


def _shared_card(search: TurnSearch, plan: list[Any]) -> Card:
    """A card of the plan's melds that another meld of the hand also wants (the ``right_meld`` theme)."""
    chosen = [a for a in plan if isinstance(a, Meld)]
    for other in (a for a in search.legal() if isinstance(a, Meld) and a not in chosen):
        for m in chosen:
            shared = sorted(set(other.cards) & set(m.cards), key=lambda c: c.sort_key)
            if shared:
                return shared[0]
    return chosen[0].cards[0]


# ------------------------------------------------------------------ rounds and their deals
def _start_round(rules: RummyRules, deal: dict) -> RummyRound:
    return RummyRound(rules, [parse_cards(h) for h in deal["hands"]], parse_cards(deal.get("stock", "")),
                      parse_cards(deal.get("discard", "")), dealer=int(deal["dealer"]),
                      seed=int(deal.get("seed", 0)), round_number=int(deal.get("round_number", 0)))


def _deal_of(rnd: RummyRound) -> dict:
    """The round's cards at its start, as plain data (every action taken back on a copy)."""
    start = rnd.clone()
    while start.can_undo():
        start.undo()
    return {"hands": [_codes(h) for h in start.hands], "stock": _codes(start.stock),
            "discard": _codes(start.discard_pile), "dealer": start.dealer, "seed": int(start.seed),
            "round_number": int(start.round_number)}


def _puzzle_id(deal: dict, actions: Sequence[dict], seat: int) -> str:
    text = json.dumps([deal, list(actions), seat], sort_keys=True)
    return "rummy-" + hashlib.sha256(text.encode()).hexdigest()[:12]


def turns_of(rnd: RummyRound, seats: "Iterable[int] | None" = None):
    """Every turn of ``seats`` (default: all) in the finished round ``rnd`` with a choice to make:
    yields ``(round_at_decision, actions_before, played)``: the round right after the seat's draw (a
    copy), the actions before (the draw the last) and the moves the seat then made."""
    if not rnd.is_over:
        raise CardlabError("puzzles.rummy.not_finished", field="round")
    wanted = set(range(rnd.players) if seats is None else seats)
    actions = rnd.played_actions()
    replay = _start_round(rnd.rules, _deal_of(rnd))
    for k, act in enumerate(actions):
        replay.apply(act)
        if isinstance(act, Draw) and act.seat in wanted and replay.phase == "meld":
            played = []
            for later in actions[k + 1:]:
                played.append(later)
                if not isinstance(later, (Meld, LayOff)):
                    break
            yield replay.clone(), actions[:k + 1], played


def _end_of(rnd: RummyRound, seat: int, played: Sequence[Any]) -> End:
    """The hand ``seat`` keeps after making the moves ``played`` in the round ``rnd`` (a copy)."""
    copy = rnd.clone()
    for act in played:
        copy.apply(act)
    return tuple(copy.hands[seat])


def _difficulty(search: TurnSearch, legal: int, plan: list[Any], theme: str) -> int:
    return min(legal, 12) // 3 + len(plan) + THEME_WEIGHT[theme]


def _make(rnd: RummyRound, search: TurnSearch, actions: list, source: str, played: "Sequence[Any] | None",
          ends: dict) -> RummyPuzzle:
    best = min(ends.values())
    best_end = next(e for e, v in ends.items() if v == best)
    rest = [v for v in ends.values() if v > best]
    values = search.values()
    plan = search.plan(best_end)
    theme = theme_of(search, plan)
    deal = _deal_of(rnd)
    acts = tuple(action_to_dict(a) for a in actions)
    return RummyPuzzle(
        id=_puzzle_id(deal, acts, search.seat), rules=rnd.rules.to_dict(), deal=deal, actions=acts,
        seat=search.seat, answers=tuple(action_to_dict(a) for a, v in values.items() if v == best),
        legal=tuple(action_to_dict(a) for a in values), values=tuple(values.values()), best_end=_codes(best_end),
        theme=theme, difficulty=_difficulty(search, len(values), plan, theme), turn=search.round.turns + 1, best=best,
        next_best=min(rest) if rest else best, source=source,
        played=None if played is None else tuple(action_to_dict(a) for a in played))


def _search(rnd: RummyRound) -> "TurnSearch | None":
    search = TurnSearch(rnd)
    try:
        search.ends()
    except CardlabError as exc:
        if exc.rule == "puzzles.rummy.too_large":
            return None
        raise
    return search


def rummy_puzzles_from_round(rnd: RummyRound, *, seats: "Iterable[int] | None" = None,
                             min_margin: int = 3) -> list[RummyPuzzle]:
    """The turns of the finished round ``rnd`` with one best end, every other end leaving at least
    ``min_margin`` points more."""
    found = []
    for at, actions, _ in turns_of(rnd, seats):
        search = _search(at)
        if search is None:
            continue
        ends = search.ends()
        points = sorted(ends.values())
        if len(points) >= 2 and points[1] - points[0] >= min_margin:
            found.append(_make(rnd, search, actions, "bots", None, ends))
    return found


def _check_choice(name: str, value: Any, ok: bool, allowed: str) -> None:
    if not ok:
        raise CardlabError("puzzles.rummy.bad_choice", field=name, value=repr(value), allowed=allowed)


def rummy_puzzles_from_games(n: int = 10, *, rng: Any = None, players: int = 3, bots: Any = None,
                             min_margin: int = 3, per_theme: "int | None" = 12) -> list[RummyPuzzle]:
    """A seeded starting set: deal ``n`` rounds (dealt from ``rng``: the same seed gives the same set),
    let ``bots`` (default: the heuristic :class:`cardlab.bots.rummy.RummyBot` in every seat) play
    them (at most :data:`BOT_RESHUFFLES` reshuffles of the stock a round), and keep the turns
    :func:`rummy_puzzles_from_round` keeps; easiest first.

    ``min_margin`` is 3 here: a margin of a point or two is mostly the difference between two high
    cards to throw (a 10 or a 9), not an idea worth a puzzle.  Most turns of a round are such "nothing
    melds, throw the highest card" turns, so at most ``per_theme`` puzzles of one theme are kept (from
    easy to hard, :func:`spread`; None: all), leaving room for going out, melding and laying off.

    >>> rummy_puzzles_from_games(n=1, min_margin=0)
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: min_margin cannot be 0: choose a whole number 1 or more.
    """
    from ..bots.rummy import RummyBot
    from ..protocol import play_out

    _check_choice("n", n, isinstance(n, int) and not isinstance(n, bool) and n >= 0, "a whole number 0 or more")
    _check_choice("min_margin", min_margin, isinstance(min_margin, int) and min_margin >= 1,
                  "a whole number 1 or more")
    _check_choice("per_theme", per_theme, per_theme is None or (isinstance(per_theme, int) and per_theme >= 1),
                  "None or a whole number 1 or more")
    rules = RummyRules(players=players, max_reshuffles=BOT_RESHUFFLES)
    seed = derive_seed(rng)
    found: list[RummyPuzzle] = []
    seen: set[str] = set()
    for k in range(n):
        rnd = RummyRound.deal(rules, dealer=k % players, rng=child_rng(seed, k), seed=seed, round_number=k)
        play_out(rnd, bots if bots is not None else RummyBot())
        for p in rummy_puzzles_from_round(rnd, min_margin=min_margin):
            if p.id not in seen:
                seen.add(p.id)
                found.append(p)
    found.sort(key=lambda p: p.difficulty)
    if per_theme is None:
        return found
    kept: set[str] = set()
    for theme in {p.theme for p in found}:
        kept.update(p.id for p in spread([p for p in found if p.theme == theme], per_theme))
    return [p for p in found if p.id in kept]


def spread(items: Sequence[Any], k: int) -> list[Any]:
    """At most ``k`` of ``items``, evenly spaced from the first to the last (all when there are few):
    a theme's puzzles from easy to hard rather than only the easiest.

    >>> spread(list(range(10)), 4), spread([1, 2], 4)
    ([0, 3, 6, 9], [1, 2])
    """
    if len(items) <= k:
        return list(items)
    if k == 1:
        return [items[0]]
    return [items[round(i * (len(items) - 1) / (k - 1))] for i in range(k)]


def _rounds_of(match_or_game: Any) -> list[RummyRound]:
    game = getattr(match_or_game, "game", match_or_game)
    if isinstance(game, RummyRound):
        return [game] if game.is_over else []
    if not isinstance(game, RummyGame):
        raise CardlabError("puzzles.rummy.bad_choice", field="match", value=type(game).__name__,
                           allowed="a Rummy match, game or round")
    rounds = list(game.finished_rounds)
    current = game.round
    if current is not None and current.is_over and current not in rounds:
        rounds.append(current)
    return rounds


def rummy_puzzles_from_match(match: Any, seat: int, *, min_margin: int = 1) -> list[RummyPuzzle]:
    """A child's own missed turns ("Mina misstag") in a :class:`cardlab.match.Match` of Rummy (or a
    :class:`~cardlab.games.rummy.RummyGame`, or one finished round): every turn of ``seat`` where the
    moves made left at least ``min_margin`` points more in hand than the best way to play the turn.
    ``answers`` are the right first moves; ``played`` the moves the child made."""
    found = []
    for rnd in _rounds_of(match):
        _check_choice("seat", seat, isinstance(seat, int) and 0 <= seat < rnd.players,
                      f"a seat from 0 to {rnd.players - 1}")
        for at, actions, played in turns_of(rnd, [seat]):
            search = _search(at)
            if search is None:
                continue
            ends = search.ends()
            if end_points(_end_of(at, seat, played)) - min(ends.values()) >= min_margin:
                found.append(_make(rnd, search, actions, "own", played, ends))
    return found
