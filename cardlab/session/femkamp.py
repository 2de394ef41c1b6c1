"""``FemkampSession``: a Femkamp table without a user interface (what :class:`cardlab.widgets.FemkampTable` shows).

>>> table = FemkampSession(rng=2, lang="nb")
>>> table.game.round_name
'pass'
>>> table.run_bots() >= 0 and table.is_my_turn()
True
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import Card
from ..games.femkamp import FemkampGame, Play, Prikk
from ..games.plump import Trick
from ..i18n import Message
from ..rules.femkamp import FemkampRules
from ..sheets.femkamp import count_message
from .base import Observed, TableSession, in_child_words, person_key, resolve_rules


def describe_move(act: Any, name: Any, prikks: int = 0) -> Message:
    """The sentence for a move: "Bot 2 lägger K♠." / "Bot 1 sier prikk (+1). Bot 1 har nå 2 prikker."

    >>> describe_move(Play(2, Card.parse("KS")), "Bot 2").text("sv")
    'Bot 2 lägger K♠.'
    >>> describe_move(Prikk(1), "Bot 1", prikks=2).text("nb")
    'Bot 1 sier prikk (+1). Bot 1 har nå 2 prikker.'
    """
    if isinstance(act, Prikk):
        return Message(person_key("femkamp.table.says_prikk", name), {"name": name, "count": count_message("prikks", prikks)})
    return Message(person_key("femkamp.table.plays", name), {"name": name, "card": act.card})


def trick_won(trick: Trick, names: Sequence[Any]) -> Message:
    """Who took the trick and why: "Bot 1 tar stikket. A♠ vinner: …" / "You take the trick. …"."""
    name = names[trick.winner]
    return Message(person_key("femkamp.table.trick_won", name), {"name": name, "reason": trick.reason()})


def last_trick(game: FemkampGame, rnd: Any = None) -> Trick | None:
    """The trick to show when none is being played: the last trick of ``rnd`` (default: the round being
    played); never a trick of another round, and none in the kabal round.

    >>> last_trick(FemkampGame.start(seed=1)) is None
    True
    """
    rnd = game.round if rnd is None else rnd
    if rnd.round_name == "kabal" or rnd.current_trick or not rnd.completed_tricks:
        return None
    return rnd.completed_tricks[-1]


def resolve_femkamp_rules(rules: Any, players: int | None = None) -> FemkampRules:
    """A preset name, a :class:`FemkampRules` or its dict (and optionally a player count) as rules."""
    return resolve_rules(FemkampRules, rules, players)


class FemkampSession(TableSession):
    """Femkamp for one human seat against bots (see :class:`cardlab.session.TableSession`).

    ``rules``: a preset name (``"classic"`` …), a :class:`FemkampRules` or its dict;
    ``players`` (3–5) overrides the preset's.
    """

    game_type = "femkamp"
    rules_class = FemkampRules

    def __init__(self, rules: Any = "classic", **options: Any) -> None:
        super().__init__(rules, **options)

    @property
    def game(self) -> FemkampGame:
        return self.match.game

    def welcome(self, rules: Any) -> Message:
        first = self.game.round_name
        return Message("femkamp.table.welcome", {"round": Message(f"femkamp.title.{first}"),
                                                 "goal": Message(f"femkamp.goal.{first}")})

    # -------------------------------------------------------------- moves
    def play(self, card: Any) -> None:
        """Play ``card`` from your hand."""
        self.move(Play(self.seat, Card.parse(card)))

    def prikk(self) -> None:
        """Say "prikk": allowed only in the kabal round when none of your cards fits."""
        self.move(Prikk(self.seat))

    def you_may_play(self) -> Message | None:
        """"Du får lägga: 3♣ 5♣ 6♣ J♣." — the cards you may play now (None when it is not your turn)."""
        cards = [a.card for a in self.legal_actions() if isinstance(a, Play)]
        return Message("femkamp.table.you_may", {"cards": " ".join(map(str, cards))}) if cards else None

    def show_error(self, exc: Any) -> None:
        """A refusal, followed (for a card you may not play) by the cards you may play."""
        from ..errors import MustFollowSuitError, MustTrumpError

        items = [in_child_words(exc.as_message())]
        allowed = self.you_may_play() if isinstance(exc, (MustFollowSuitError, MustTrumpError)) else None
        if allowed is not None:
            items.append(allowed)
        self.show(*items, tone="error")

    def narrate(self, act: Any, reason: Any, before: dict, seen: Observed):
        game, names = self.game, self.raw_names()
        finished = seen.round_over if seen.round_over is not None else game.round
        prikks = finished.prikks[act.seat] if isinstance(act, Prikk) else 0
        said: list[Any] = [describe_move(act, names[act.seat], prikks)]
        tone = "info"
        if seen.trick is not None:
            said.append(trick_won(seen.trick, names))
            tone = "good" if seen.trick.winner == self.seat else "info"
        if seen.round_over is not None:
            if finished.round_name == "kabal":
                out = names[finished.out_seat]
                said.append(Message(person_key("femkamp.table.went_out", out), {"name": out}))
            review = self.review(finished)
            said.append(review if review is not None else
                        Message("femkamp.table.round_over", {"round": Message(f"femkamp.title.{finished.round_name}")}))
        if seen.game_over:
            winners = ", ".join(self.names()[s] for s in game.winners()) or ", ".join(self.names()[s] for s in game.leaders())
            said.append(Message("femkamp.table.game_over", {"winner": Message("femkamp.sheet.winner", {"names": winners})}))
        teacher = said[:1] + self.bot_reason(act.seat, reason) + said[1:] if act.seat != self.seat and reason else None
        return said, teacher, tone

    def hint_words(self, act: Any) -> Message:
        if isinstance(act, Prikk):
            return Message("femkamp.table.hint_prikk")
        return Message("femkamp.table.hint_play", {"card": act.card})

    def new_round_words(self) -> Message:
        nxt = self.game.round_name
        return Message("femkamp.table.next_round", {"round": Message(f"femkamp.title.{nxt}"),
                                                    "goal": Message(f"femkamp.goal.{nxt}")})
