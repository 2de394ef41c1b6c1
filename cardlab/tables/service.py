"""``TableService``: shared card tables for several humans and bots, with no user interface.

The service owns every table's :class:`cardlab.match.Match`.  A seat is a human (a name and
a private seat token) or a bot at a level (:mod:`cardlab.bots.levels`).  Every move arrives
with its seat token and is checked — the token's seat, that seat's turn, the rules — and a
refusal is the game's usual sentence in that player's language, with the table left exactly
as it was.  Every update a seat receives is a seat update (:mod:`cardlab.tables.updates`),
built from ``view(seat)`` only.

Bots play the bot seats, the human seats nobody has taken yet (once the game has started),
and the seat of a player who has been gone longer than ``away_after`` seconds; the seat is
handed back the moment that player's page is seen again.  *Ångra* (undo) at a table with
several humans needs every human's yes.  The teacher's token opens the teacher view (every
hand) and creates, starts, ends and restarts tables.

>>> service = TableService(clock=lambda: 0.0)
>>> code = service.create_table("plump", rules="kids", seats=["human", "human", "medium"],
...                             seed=3, teacher=service.teacher_token)
>>> anna = service.join(code, "Anna", lang="sv")
>>> bo = service.join(code, "Bo", lang="en")
>>> anna.seat, bo.seat, service.table(code).started
(0, 1, True)
>>> update = service.update(code, anna.token)
>>> update["type"], update["view"]["seat"], len(update["view"]["hand"])
('seat-update', 0, 5)
>>> update["view"]["to_move"]                   # Bo bids first: Anna's bid is refused, in Swedish
1
>>> service.move(code, anna.token, {"type": "bid", "tricks": 1})["notice"]["text"]
'Det är inte din tur: plats 1 ska spela.'
>>> service.move(code, "a guessed token", {"type": "bid", "tricks": 1})
Traceback (most recent call last):
...
cardlab.errors.TableError: This page has no seat at this table. Join again with the table code.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
import warnings
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .._rng import child_rng, derive_seed
from ..errors import CardlabError, TableError
from ..games.base import seed_from
from ..i18n import Message, check_language
from ..match import Match
from ..protocol import action_from_dict, action_to_dict
from .codes import clean_name, new_table_code, new_token, normal_code, same_token, token_hash
from .store import TableStore
from .updates import plain_value, seat_update

GAMES = ("plump", "femkamp", "rummy")
LEVELS = ("easy", "medium", "hard")

#: Seconds without a sign of life after which a bot plays a human's seat.
AWAY_AFTER = 30.0


@dataclass
class Seat:
    """One seat: ``kind`` "human" or "bot"; a human seat has a name and a token hash once taken."""

    kind: str
    level: str = "medium"
    name: str | None = None
    digest: str | None = None
    lang: str = "sv"
    last_seen: float = 0.0

    @property
    def taken(self) -> bool:
        return self.kind == "human" and self.digest is not None


@dataclass
class Ticket:
    """What a player gets on joining: the table code, the seat and the private token."""

    code: str
    seat: int
    token: str


@dataclass
class Table:
    """One table: its game, rules, seed, seats and match, and its history's public record."""

    code: str
    game: str
    rules: Any
    seed: int
    seats: list[Seat]
    match: Match
    started: bool = False
    ended: bool = False
    version: int = 0
    movers: list[str] = field(default_factory=list)   #: "human" or "bot", one per action in the match
    undo_request: dict | None = None                  #: {"seat": s, "steps": n, "agreed": [seats]}
    undo_news: dict | None = None                     #: the last request's end: {"result": "done"/"refused", …}
    bots: dict[int, Any] = field(default_factory=dict)
    games_started: int = 1
    results_saved: int | None = None                  #: the game number whose results are in the class folder
    group: str | None = None                          #: tables of one group play the same deals

    @property
    def players(self) -> int:
        return len(self.seats)


def _rules_for(game: str, rules: Any, players: int | None) -> Any:
    from ..games.femkamp import FemkampGame
    from ..games.plump import PlumpGame
    from ..games.rummy import RummyGame
    from ..session.base import resolve_rules

    rules_class = {"plump": PlumpGame, "femkamp": FemkampGame, "rummy": RummyGame}[game].rules_class
    return resolve_rules(rules_class, rules, players)


class TableService:
    """Every shared table of a class (see the module docstring).

    ``store``: a :class:`TableStore` (or None: nothing is kept, for a kitchen table or a test);
    opening a store that already holds tables rebuilds them all.  ``clock``: seconds, any
    monotonic source (inject one in tests).  ``away_after``: seconds without a request from a
    player before a bot takes the seat over.  ``teacher_token``: the teacher's token (kept
    from an earlier run of the same store if not given; a new one is made otherwise, as
    ``service.teacher_token``).
    """

    def __init__(self, store: TableStore | None = None, *, clock: Callable[[], float] = time.monotonic,
                 away_after: float = AWAY_AFTER, teacher_token: str | None = None, code_rng: Any = None,
                 results_dir: Any = None) -> None:
        self.store = store
        #: where finished games are written for the teacher (default: the store's class folder; None: nowhere)
        self.results_dir = Path(results_dir) if results_dir is not None else (store.path.parent if store is not None else None)
        self.clock = clock
        self.away_after = float(away_after)
        self._code_rng = code_rng
        self._lock = threading.RLock()
        self._tables: dict[str, Table] = {}
        self._listeners: list[Callable[[str], None]] = []
        #: each group of same-deal tables: {"game", "rules" (a dict), "players", "seed"}
        self._groups: dict[str, dict[str, Any]] = {}
        stored = store.get_meta("teacher") if store is not None else None
        self.teacher_token: str | None = None
        if teacher_token is not None:
            self._teacher_digest = token_hash(teacher_token)
            self.teacher_token = teacher_token
            if store is not None:
                store.set_meta("teacher", self._teacher_digest)
        elif stored is not None:
            self._teacher_digest = stored
        else:
            self.teacher_token = new_token()
            self._teacher_digest = token_hash(self.teacher_token)
            if store is not None:
                store.set_meta("teacher", self._teacher_digest)
        if store is not None:
            self._restore()

    # ------------------------------------------------------------ listening
    def subscribe(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(code)`` after every change at a table (a network front wakes its waiters)."""
        self._listeners.append(listener)

    def _changed(self, table: Table) -> None:
        table.version += 1
        for listener in list(self._listeners):
            listener(table.code)

    # ---------------------------------------------------------------- store
    def _log(self, table: Table, kind: str, data: dict[str, Any]) -> None:
        if self.store is not None:
            self.store.append(table.code, kind, data)

    def _restore(self) -> None:
        """Rebuild every table from the store: rules, seed, seats, then the actions replayed by :class:`Match`."""
        assert self.store is not None
        plans: dict[str, dict[str, Any]] = {}
        for _, code, kind, data in self.store.entries():
            if kind == "create":
                plans[code] = {"create": data, "joins": {}, "actions": [], "movers": [], "started": False,
                               "ended": False, "seed": data["seed"], "games": 1, "news": None, "saved": None}
                continue
            plan = plans.get(code)
            if plan is None:
                continue
            if kind == "join":
                plan["joins"][data["seat"]] = data
            elif kind == "lang":
                if data["seat"] in plan["joins"]:
                    plan["joins"][data["seat"]]["lang"] = data["lang"]
            elif kind == "start":
                plan["started"] = True
            elif kind == "move":
                plan["actions"].append(data["action"])
                plan["movers"].append(data["by"])
                plan["news"] = None
            elif kind == "undo":
                keep = len(plan["actions"]) - data["steps"]
                del plan["actions"][keep:], plan["movers"][keep:]
                plan["news"] = {"result": "done", "seat": data["seat"]}
                plan["saved"] = None
            elif kind == "results":
                plan["saved"] = data["game"]
            elif kind == "restart":
                plan["actions"], plan["movers"], plan["seed"], plan["news"] = [], [], data["seed"], None
                plan["saved"] = None
                plan["games"] += 1
            elif kind == "end":
                plan["ended"] = True
        for code, plan in plans.items():
            made = plan["create"]
            table = self._new_table(code, made["game"], _rules_for(made["game"], made["rules"], None),
                                    plan["seed"], made["seats"])
            replayed = Match.from_dict({"format": "cardlab-game", "version": 1, "game": made["game"],
                                        "rules": made["rules"], "seed": plan["seed"], "setup": None,
                                        "actions": plan["actions"]})
            table.match = replayed
            table.movers = list(plan["movers"])
            table.started, table.ended, table.games_started = plan["started"], plan["ended"], plan["games"]
            table.undo_news = plan["news"]
            table.results_saved = plan["saved"]
            group = made.get("group")
            if group is not None:
                table.group = group
                self._groups.setdefault(group, {"game": made["game"], "rules": made["rules"],
                                                "players": len(made["seats"]), "seed": made["seed"]})
            now = self.clock()
            for seat, joined in plan["joins"].items():
                place = table.seats[seat]
                place.name, place.digest, place.lang, place.last_seen = joined["name"], joined["digest"], joined["lang"], now
            self._tables[code] = table
            self._save_results(table)        # a game that ended just before the server stopped

    # ------------------------------------------------------------- creating
    def _check_teacher(self, teacher: Any, lang: str | None = None) -> None:
        if not same_token(teacher, self._teacher_digest):
            raise TableError("tables.teacher_only", lang=lang)

    def _new_table(self, code: str, game: str, rules: Any, seed: int, seats: Sequence[dict]) -> Table:
        places = [Seat(kind=s["kind"], level=s["level"]) for s in seats]
        match = Match.new(game, rules, rng=seed)
        table = Table(code=code, game=game, rules=rules, seed=seed, seats=places, match=match)
        self._make_bots(table)
        return table

    def _make_bots(self, table: Table) -> None:
        from ..bots.levels import make_bot

        table.bots = {s: make_bot(table.game, place.level, rng=child_rng(table.seed, 1000 + s))
                      for s, place in enumerate(table.seats)}

    def create_table(self, game: str, *, rules: Any = None, players: int | None = None,
                     seats: Sequence[str] | None = None, level: str = "medium", seed: Any = None,
                     teacher: Any = None, group: Any = None) -> str:
        """Open a table and return its code.

        ``group``: a name (1 to 20 letters, digits, dashes) for tables that play the **same deals**:
        the first table of a group fixes the game, rules, number of players and seed, and every
        later table of that group must have the same game, rules and players (its seed is the
        group's; a ``seed`` given is ignored).  Their children's seat updates then say how the
        same cards went at the other tables (:mod:`cardlab.tables.same_deals`).

        ``seats``: one entry per player, ``"human"`` or a bot level (``"easy"``, ``"medium"``,
        ``"hard"``); default every seat human.  ``level``: the level of the bots that play for
        an empty or left seat.  ``seed``: the deal (fresh if None).  Needs the teacher's token.
        """
        with self._lock:
            self._check_teacher(teacher)
            if game not in GAMES:
                raise TableError("tables.unknown_game", game=repr(game), known=", ".join(GAMES))
            from ..bots.levels import check_level

            check_level(level)
            if seats is not None and players is None:
                players = len(seats)
            resolved = _rules_for(game, rules, players)
            wanted = list(seats) if seats is not None else ["human"] * resolved.players
            if len(wanted) != resolved.players or any(s != "human" and s not in LEVELS for s in wanted):
                raise TableError("tables.seats", levels=", ".join(LEVELS), given=repr(list(wanted))[:60])
            plan = [{"kind": "human", "level": level} if s == "human" else {"kind": "bot", "level": s} for s in wanted]
            code = self._fresh_code()
            seed_value = seed_from(seed) if seed is not None else derive_seed(secrets.randbits(63))
            if group is not None:
                group = self._check_group(group, game, resolved)
                seed_value = self._groups[group]["seed"] if group in self._groups else seed_value
            table = self._new_table(code, game, resolved, seed_value, plan)
            made = {"game": game, "rules": resolved.to_dict(), "seed": seed_value, "seats": plan}
            if group is not None:
                made["group"] = group
            self._log(table, "create", made)
            if group is not None:
                table.group = group
                self._groups.setdefault(group, {"game": game, "rules": resolved.to_dict(), "players": resolved.players,
                                                "seed": seed_value})
            self._tables[code] = table
            if not any(p.kind == "human" for p in table.seats):
                self._start(table)
            self._changed(table)
            return code

    def _check_group(self, group: Any, game: str, rules: Any) -> str:
        """``group`` as a name, checked against the group's game, rules and players if it exists."""
        import re

        if not isinstance(group, str) or not re.fullmatch(r"[A-Za-z0-9-]{1,20}", group):
            raise TableError("tables.group_name", given=repr(group)[:30])
        known = self._groups.get(group)
        same_rules = known is not None and json.dumps(known["rules"], sort_keys=True) == json.dumps(rules.to_dict(), sort_keys=True)
        if known is not None and (known["game"] != game or not same_rules or known["players"] != rules.players):
            raise TableError("tables.group", group=group, game=known["game"], players=known["players"])
        return group

    def new_group(self) -> str:
        """A fresh group name for tables that will play the same deals."""
        with self._lock:
            while True:
                name = "G" + new_table_code(self._code_rng)
                if name not in self._groups:
                    return name

    def group_tables(self, table: Table) -> list[Table]:
        """The other tables playing the same deals as ``table`` now (same group and seed)."""
        if table.group is None:
            return []
        return [t for t in self._tables.values() if t is not table and t.group == table.group and t.seed == table.seed]

    def _fresh_code(self) -> str:
        while True:
            code = new_table_code(self._code_rng)
            if code not in self._tables:
                return code

    # -------------------------------------------------------------- finding
    def codes(self) -> list[str]:
        return sorted(self._tables)

    def table(self, code: Any, lang: str | None = None) -> Table:
        """The table with ``code`` (as typed: case and spaces do not matter), else a TableError."""
        found = self._tables.get(normal_code(code))
        if found is None:
            raise TableError("tables.no_table", lang=lang, code=str(code)[:12])
        return found

    def _seat_of(self, table: Table, token: Any, lang: str | None = None) -> int:
        for s, place in enumerate(table.seats):
            if place.kind == "human" and same_token(token, place.digest):
                return s
        raise TableError("tables.bad_token", lang=lang)

    def seat_of(self, code: Any, token: Any) -> int:
        """The seat ``token`` sits in at table ``code`` (a TableError if none)."""
        with self._lock:
            return self._seat_of(self.table(code), token)

    # -------------------------------------------------------------- joining
    def join(self, code: Any, name: Any, *, lang: str = "sv", seat: int | None = None) -> Ticket:
        """Sit down at table ``code`` as ``name`` (the first free human seat, or ``seat``).

        The game starts by itself when every human seat is taken (bots may start it earlier:
        :meth:`start`).  The ticket's token is the only key to the seat: keep it private.
        """
        with self._lock:
            lang = check_language(lang)
            table = self.table(code, lang)
            shown = clean_name(name, lang)
            free = [s for s, p in enumerate(table.seats) if p.kind == "human" and not p.taken]
            if seat is not None:
                free = [s for s in free if s == seat]
            if not free:
                raise TableError("tables.full", lang=lang, code=table.code)
            s = free[0]
            token = new_token()
            place = table.seats[s]
            self._log(table, "join", {"seat": s, "name": shown, "digest": token_hash(token), "lang": lang})
            place.name, place.digest, place.lang, place.last_seen = shown, token_hash(token), lang, self.clock()
            if not table.started and all(p.taken for p in table.seats if p.kind == "human"):
                self._start(table)
            else:
                self._run_bots(table)
            self._changed(table)
            return Ticket(table.code, s, token)

    def set_language(self, code: Any, token: Any, lang: str) -> dict[str, Any]:
        """Speak ``lang`` to this seat from now on; returns its seat update."""
        with self._lock:
            table = self.table(code)
            s = self._seat_of(table, token)
            place = table.seats[s]
            place.lang = check_language(lang)
            self._log(table, "lang", {"seat": s, "lang": place.lang})
            return self._update(table, s)

    def start(self, code: Any, *, teacher: Any) -> None:
        """Start a table before every human seat is taken: bots play the empty seats until someone sits down."""
        with self._lock:
            self._check_teacher(teacher)
            table = self.table(code)
            if not table.started:
                self._start(table)
                self._changed(table)

    def _start(self, table: Table) -> None:
        self._log(table, "start", {})
        table.started = True
        self._run_bots(table)

    # --------------------------------------------------------------- bots
    def is_away(self, table: Table, seat: int) -> bool:
        """Has the human in ``seat`` been gone longer than ``away_after`` seconds?"""
        place = table.seats[seat]
        return place.taken and self.clock() - place.last_seen > self.away_after

    def bot_plays(self, table: Table, seat: int) -> bool:
        """Does a bot play ``seat`` now (a bot seat, an empty human seat, or a player who is away)?"""
        place = table.seats[seat]
        return place.kind == "bot" or not place.taken or self.is_away(table, seat)

    def _run_bots(self, table: Table, max_steps: int = 10_000) -> int:
        steps = 0
        if not table.started or table.ended:
            return 0
        while steps < max_steps:
            game = table.match.game
            s = game.to_move
            if s is None or not self.bot_plays(table, s):
                break
            act = table.bots[s].choose(game.view(s))
            self._apply(table, act, "bot")
            steps += 1
        return steps

    def tick(self) -> int:
        """Let bots take over seats whose players are away (call this now and then); returns the moves made."""
        with self._lock:
            moved = 0
            for table in self._tables.values():
                made = self._run_bots(table)
                if made:
                    self._changed(table)
                moved += made
            return moved

    def _touch(self, table: Table, seat: int) -> None:
        """A sign of life from the player in ``seat``: a seat a bot was playing is handed back."""
        table.seats[seat].last_seen = self.clock()

    # -------------------------------------------------------------- moving
    def _apply(self, table: Table, act: Any, by: str) -> tuple:
        """Apply ``act`` and log it; if it cannot be logged, take it back and refuse."""
        finished = len(table.match.game.results)
        events = table.match.apply(act)
        try:
            self._log(table, "move", {"action": action_to_dict(act), "by": by})
        except Exception:
            table.match.undo(1)
            raise TableError("tables.store_failed", lang=table.seats[act.seat].lang) from None
        table.movers.append(by)
        table.undo_request = table.undo_news = None
        self._save_results(table)
        if table.group is not None and len(table.match.game.results) != finished:
            for other in self.group_tables(table):      # a round finished: the same cards' news for the others
                self._changed(other)
        return events

    def _save_results(self, table: Table) -> None:
        """A game just over: each human seat's result into the class folder (once per game).

        A folder that cannot be written does not stop the game: a warning says so, and the next
        start of the server tries again (the log has no "results" row for that game).
        """
        if self.results_dir is None or not table.match.game.is_over or table.results_saved == table.games_started:
            return
        from .results import save_table_results

        names = [p.name if p.name else Message("shared.bot", {"n": s}).text(p.lang) for s, p in enumerate(table.seats)]
        try:
            files = save_table_results(table, self.results_dir, names)
        except (OSError, CardlabError) as exc:
            warnings.warn(f"the results of table {table.code} could not be saved: {exc}", RuntimeWarning, stacklevel=2)
            return
        self._log(table, "results", {"game": table.games_started, "files": [f.name for f in files]})
        table.results_saved = table.games_started

    def move(self, code: Any, token: Any, action: Any) -> dict[str, Any]:
        """Make a move for the seat of ``token``; returns that seat's update.

        ``action`` is an action object or its plain dict (``{"type": "play", "card": "QS"}``; a
        missing ``seat`` is the token's seat).  A refused move changes nothing and comes back as
        the update with a ``notice`` holding the sentence in the player's language.  A wrong
        token or table code raises a :class:`TableError` (there is no seat to answer).
        """
        with self._lock:
            table = self.table(code)
            s = self._seat_of(table, token)
            self._touch(table, s)
            lang = table.seats[s].lang
            try:
                act = self._read_action(action, s, lang)
                if table.ended:
                    raise TableError("tables.ended", lang=lang)
                if not table.started:
                    raise TableError("tables.not_started", lang=lang)
                if act.seat != s:
                    raise TableError("tables.not_your_seat", lang=lang, mine=s, seat=act.seat)
                why = table.match.why_illegal(act, lang)
                if why is not None:
                    return self._update(table, s, notice={"tone": "error", "text": why})
                table.match.game.lang = lang
                self._apply(table, act, "human")
            except CardlabError as exc:
                return self._update(table, s, notice={"tone": "error", "text": exc.message(lang)})
            self._run_bots(table)
            self._changed(table)
            return self._update(table, s)

    @staticmethod
    def _read_action(action: Any, seat: int, lang: str) -> Any:
        if hasattr(type(action), "action_name"):
            return action
        if not isinstance(action, dict):
            raise TableError("tables.bad_action", lang=lang, detail=repr(action)[:60])
        data = dict(action)
        data.setdefault("seat", seat)
        try:
            return action_from_dict(data)
        except CardlabError as exc:
            raise TableError("tables.bad_action", lang=lang, detail=exc.message(lang)[:120]) from None

    # ---------------------------------------------------------------- undo
    def ask_undo(self, code: Any, token: Any) -> dict[str, Any]:
        """Ask to take back everything since (and including) your last move.

        Alone at a table of bots, it is done at once; with other humans, each of them is asked
        (:meth:`answer_undo`) and it is done when all have said yes.  Any move in between drops
        the request.
        """
        with self._lock:
            table = self.table(code)
            s = self._seat_of(table, token)
            self._touch(table, s)
            lang = table.seats[s].lang
            mine = self._human_moves(table, s)
            if not mine:
                return self._update(table, s, notice={"tone": "error", "text": Message("tables.undo.nothing").text(lang)})
            steps = len(table.match.actions) - mine[-1]
            table.undo_request = {"seat": s, "steps": steps, "agreed": [s]}
            if self._all_agree(table):
                self._do_undo(table)
            self._changed(table)
            return self._update(table, s)

    def answer_undo(self, code: Any, token: Any, yes: bool) -> dict[str, Any]:
        """Say yes or no to the open request to undo."""
        with self._lock:
            table = self.table(code)
            s = self._seat_of(table, token)
            self._touch(table, s)
            request = table.undo_request
            if request is None:
                text = Message("tables.undo.none_asked").text(table.seats[s].lang)
                return self._update(table, s, notice={"tone": "error", "text": text})
            if not yes:
                table.undo_request = None
                table.undo_news = {"result": "refused", "seat": request["seat"], "by": s}
                self._changed(table)
                return self._update(table, s)
            if s not in request["agreed"]:
                request["agreed"].append(s)
            if self._all_agree(table):
                self._do_undo(table)
            self._changed(table)
            return self._update(table, s)

    def _human_moves(self, table: Table, seat: int) -> list[int]:
        return [i for i, (a, by) in enumerate(zip(table.match.actions, table.movers)) if a.seat == seat and by == "human"]

    def _all_agree(self, table: Table) -> bool:
        request = table.undo_request
        humans = [s for s, p in enumerate(table.seats) if p.taken and not self.is_away(table, s)]
        return request is not None and all(s in request["agreed"] for s in humans)

    def _do_undo(self, table: Table) -> None:
        request = table.undo_request
        assert request is not None
        steps = request["steps"]
        self._log(table, "undo", {"steps": steps, "seat": request["seat"]})
        table.match.undo(steps)
        del table.movers[len(table.match.actions):]
        table.results_saved = None            # the game goes on: saved again when it ends again
        table.undo_request = None
        table.undo_news = {"result": "done", "seat": request["seat"]}

    # ------------------------------------------------------- the teacher
    def end(self, code: Any, *, teacher: Any) -> None:
        """End the game at a table (it stays, finished, for the record)."""
        with self._lock:
            self._check_teacher(teacher)
            table = self.table(code)
            self._log(table, "end", {})
            table.ended = True
            self._changed(table)

    def restart(self, code: Any, *, teacher: Any, seed: Any = None) -> None:
        """Deal a new game at the same table, same seats (``seed``: the new deal; fresh if None)."""
        with self._lock:
            self._check_teacher(teacher)
            table = self.table(code)
            if seed is not None:
                new_seed = seed_from(seed)
            elif table.group is not None:       # the group's next deals: tables restarted as often play the same
                new_seed = derive_seed(child_rng(self._groups[table.group]["seed"], table.games_started))
            else:
                new_seed = derive_seed(secrets.randbits(63))
            self._log(table, "restart", {"seed": new_seed})
            table.seed, table.match, table.movers = new_seed, Match.new(table.game, table.rules, rng=new_seed), []
            table.ended, table.undo_request = False, None
            table.games_started += 1
            table.results_saved = None
            self._make_bots(table)
            self._run_bots(table)
            self._changed(table)

    def teacher_update(self, code: Any, *, teacher: Any) -> dict[str, Any]:
        """Everything at a table, every hand included (*Lärarläge*): only with the teacher's token."""
        with self._lock:
            self._check_teacher(teacher)
            table = self.table(code)
            game = table.match.game
            hands = [[c.code for c in h] for h in game.round.hands] if not game.is_over else []
            return {"type": "teacher-update", "table": self._public(table), "hands": hands,
                    "views": [plain_value(game.view(s)) for s in range(table.players)]}

    def group_rounds(self, group: Any, *, teacher: Any) -> list[dict[str, Any]]:
        """Every finished round of every seat at the tables of ``group`` (same deals), for the teacher's chart."""
        with self._lock:
            self._check_teacher(teacher)
            from .same_deals import group_rows

            tables = [t for t in self._tables.values() if t.group == group]
            names = {t.code: [p.name if p.name else Message("shared.bot", {"n": s}).text("en")
                              for s, p in enumerate(t.seats)] for t in tables}
            return group_rows(tables, names)

    def overview(self, *, teacher: Any) -> list[dict[str, Any]]:
        """Every table's public record (whose turn, scores, who is waiting or gone) for the teacher's page."""
        with self._lock:
            self._check_teacher(teacher)
            return [self._public(t) for t in self._tables.values()]

    # ------------------------------------------------------------- updates
    def update(self, code: Any, token: Any) -> dict[str, Any]:
        """The seat update for the seat of ``token`` (a sign of life, too: an away seat is handed back)."""
        with self._lock:
            table = self.table(code)
            s = self._seat_of(table, token)
            was_away = self.is_away(table, s)
            self._touch(table, s)
            if was_away:
                self._changed(table)
            return self._update(table, s)

    def version(self, code: Any) -> int:
        """How many times table ``code`` has changed (a seat waits for a higher number)."""
        return self.table(code).version

    def _public(self, table: Table) -> dict[str, Any]:
        game = table.match.game
        request = table.undo_request
        seats = []
        for s, place in enumerate(table.seats):
            state = "bot" if place.kind == "bot" else ("empty" if not place.taken else
                                                        "away" if self.is_away(table, s) else "here")
            seats.append({"seat": s, "kind": place.kind, "name": place.name, "level": place.level, "state": state})
        return {
            "code": table.code, "game": table.game, "version": table.version, "started": table.started,
            "ended": table.ended, "over": bool(game.is_over), "winners": list(game.winners()) if game.is_over else [],
            "to_move": game.to_move, "totals": list(game.totals), "seats": seats, "moves": len(table.match.actions),
            "games": table.games_started, "group": table.group,
            "undo": None if request is None else {"seat": request["seat"], "agreed": list(request["agreed"])},
            "undo_news": table.undo_news,
        }

    def _update(self, table: Table, seat: int, notice: dict | None = None) -> dict[str, Any]:
        lang = table.seats[seat].lang
        if notice is None:
            notice = self._undo_notice(table, seat, lang)
        update = seat_update(table.match.game.view(seat), table=self._public(table), seat=seat, notice=notice)
        update["lang"] = lang
        if table.group is not None:
            from .same_deals import seat_words

            others = [t.match.game for t in self.group_tables(table)]
            update["same_deals"] = seat_words(table.match.game, others, seat=seat, lang=lang)
        return update

    def _undo_notice(self, table: Table, seat: int, lang: str) -> dict | None:
        request = table.undo_request
        if request is None:
            news = table.undo_news
            if news is None:
                return None
            asker = table.seats[news["seat"]].name or str(news["seat"])
            if news["result"] == "done":
                return {"tone": "info", "text": Message("tables.undo.done", {"name": asker}).text(lang)}
            refuser = table.seats[news["by"]].name or str(news["by"])
            return {"tone": "info", "text": Message("tables.undo.refused", {"name": refuser}).text(lang)}
        asker = table.seats[request["seat"]].name or str(request["seat"])
        if request["seat"] == seat:
            return {"tone": "hint", "text": Message("tables.undo.waiting").text(lang)}
        if seat not in request["agreed"]:
            return {"tone": "hint", "text": Message("tables.undo.asked", {"name": asker}).text(lang), "ask": "undo"}
        return None

    def seat_update(self, code: Any, seat: int) -> dict[str, Any]:
        """The update of ``seat`` without its token (for a front that already checked it, and for tests)."""
        with self._lock:
            return self._update(self.table(code), seat)
