"""Pass-and-play: several children at one device, each seeing only their own hand, one at a time.

:class:`PassAndPlaySession` seats the children (and bots in the other seats) at a
:class:`cardlab.tables.TableService` table of its own.  Between two children's turns the
screen is covered: the session shows no seat at all (:attr:`shown` is None) and says
"Ge datorn till Anna. Tryck när bara Anna tittar."; only when Anna presses does it show her
seat update, and only hers.  Two hands are never shown at once, because the session only
ever holds the update of :attr:`shown`.  No user interface here: the widget is
:class:`cardlab.widgets.pass_and_play.PassAndPlayTable`.

>>> table = PassAndPlaySession("plump", ["Anna", "Bo"], rules="kids", players=3, seed=3, lang="sv")
>>> table.shown is None, table.curtain_text()
(True, 'Ge datorn till Bo. Tryck när bara Bo tittar.')
>>> table.ready()
>>> update = table.current(); update["seat"], len(update["view"]["hand"])
(1, 5)
>>> table.move(update["view"]["legal_actions"][0])["notice"] is None
True
>>> table.shown is None, table.waiting_for()         # the bot played; now it is Anna's turn
(True, 0)
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from ..errors import CardlabError
from ..i18n import Message, check_language
from ..tables.service import TableService

MAX_CHILDREN = 6


class PassAndPlaySession:
    """Several children at one device (see the module docstring).

    ``names``: the children, in seat order from seat 0; ``players``: seats at the table (the
    rest are bots of ``level``; default: as many as the rules say, at least one per child).
    """

    def __init__(self, game: str, names: Sequence[str], *, rules: Any = None, players: int | None = None,
                 level: str = "medium", seed: Any = None, lang: str = "sv") -> None:
        self.lang = check_language(lang)
        names = list(names)
        if not 2 <= len(names) <= MAX_CHILDREN:
            raise CardlabError("pass.names", lang=self.lang, limit=MAX_CHILDREN, given=len(names))
        from ..tables.service import _rules_for

        count = players if players is not None else max(_rules_for(game, rules, None).players, len(names))
        seats = ["human"] * len(names) + [level] * (count - len(names))
        # one device: nobody is ever "away", so no bot ever takes a child's seat
        self.service = TableService(away_after=math.inf)
        self.code = self.service.create_table(game, rules=rules, players=count, seats=seats, level=level, seed=seed,
                                              teacher=self.service.teacher_token)
        self.tickets = [self.service.join(self.code, name, lang=self.lang) for name in names]
        self.names = [self.service.table(self.code).seats[t.seat].name for t in self.tickets]
        #: the seat whose hand is on the screen (None: the screen is covered)
        self.shown: int | None = None

    @property
    def table(self) -> Any:
        return self.service.table(self.code)

    @property
    def is_over(self) -> bool:
        return bool(self.table.match.game.is_over)

    def waiting_for(self) -> int | None:
        """The child who must play next (None when the game is over)."""
        return self.table.match.game.to_move

    def curtain_text(self, lang: str | None = None) -> str:
        """What the covered screen says: whom to give the computer to (or how the game ended)."""
        lang = lang or self.lang
        seat = self.waiting_for()
        if seat is None:
            public = self.public()
            winners = ", ".join(self.seat_name(s, lang) for s in public["winners"])
            scores = ", ".join(f"{self.seat_name(s, lang)} {t}" for s, t in enumerate(public["totals"]))
            return Message("pass.over", {"names": winners, "scores": scores}).text(lang)
        return Message("pass.hand_over", {"name": self.names[seat]}).text(lang)

    def seat_name(self, seat: int, lang: str | None = None) -> str:
        name = self.table.seats[seat].name
        return name if name else Message("shared.bot", {"n": seat}).text(lang or self.lang)

    def ready_words(self, lang: str | None = None) -> str:
        seat = self.waiting_for()
        return "" if seat is None else Message("pass.ready", {"name": self.names[seat]}).text(lang or self.lang)

    def public(self) -> dict[str, Any]:
        """The table's public record (no cards): who sits where, the points, whose turn."""
        return self.service.seat_update(self.code, self.tickets[0].seat)["table"]

    def ready(self) -> None:
        """The child whose turn it is presses: show their seat (and only theirs)."""
        seat = self.waiting_for()
        if seat is not None:
            self.shown = seat

    def hide(self) -> None:
        """Cover the screen (the child is done looking)."""
        self.shown = None

    def current(self) -> dict[str, Any] | None:
        """The seat update of the child on the screen, or None while the screen is covered."""
        if self.shown is None:
            return None
        return self.service.update(self.code, self.tickets[self.shown].token)

    def move(self, action: Any) -> dict[str, Any] | None:
        """The child on the screen makes a move; the screen is covered when another child must play next.

        A refused move changes nothing and comes back with its sentence (``notice``).
        """
        if self.shown is None:
            return None
        update = self.service.move(self.code, self.tickets[self.shown].token, action)
        if update.get("notice") is None and self.waiting_for() != self.shown:
            self.shown = None
        return update

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        for ticket in self.tickets:
            self.service.set_language(self.code, ticket.token, self.lang)
