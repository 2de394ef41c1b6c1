"""``PlumpSession``: a Plump table without a user interface (what :class:`cardlab.widgets.PlumpTable` shows).

>>> table = PlumpSession("kids", rng=3, lang="sv")
>>> table.run_bots()
3
>>> table.move(Bid(0, 1))
>>> table.message_text()
'Du bjuder 1.'

The sentences for moves (:func:`describe_action`, :func:`trick_message`) are
plain functions, tested on their own.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..events import BidMade
from ..games.plump import Bid, Play, PlumpGame, Trick
from ..i18n import Message, has_message
from ..rules.plump import PlumpRules
from .base import Observed, TableSession, person_key, resolve_rules


def describe_action(act: Any, name: Any, *, changing: bool = False) -> Message:
    """The sentence for a move: "Bot 2 lägger K♠." / "Bot 2 bjuder 1." / "You bid 1."

    >>> from cardlab.cards import Card
    >>> describe_action(Play(2, Card.parse("KS")), "Bot 2").text("sv")
    'Bot 2 lägger K♠.'
    >>> describe_action(Bid(2, 1), "Bot 2").text("nb")
    'Bot 2 melder 1.'
    >>> describe_action(Bid(0, 1), Message("widget.you")).text("en")
    'You bid 1.'
    """
    if isinstance(act, Play):
        return Message(person_key("plump.table.plays", name), {"name": name, "card": act.card})
    key = "plump.table.changes_bid" if changing else "plump.table.bids"
    return Message(person_key(key, name), {"name": name, "tricks": act.tricks})


def trick_message(trick: Trick, names: Sequence[Any]) -> Message:
    """Who took the trick and why: "Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg."

    >>> from cardlab.cards import Card
    >>> t = Trick(leader=0, seats=(0, 1), cards=(Card.parse("KS"), Card.parse("AS")), winner=1, trump=None)
    >>> trick_message(t, ["Du", "Bot 1"]).text("sv")
    'Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg.'
    """
    name = names[trick.winner]
    return Message(person_key("plump.table.trick_won", name), {"name": name, "reason": trick.reason()})


def last_trick(game: PlumpGame, rnd: Any = None) -> Trick | None:
    """The trick to show on the felt when none is being played: the last trick of ``rnd`` (default: the
    round being played); never a trick of another round.

    >>> game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
    >>> last_trick(game) is None
    True
    """
    rnd = game.round if rnd is None else rnd
    if rnd.current_trick or not rnd.completed_tricks:
        return None
    return rnd.completed_tricks[-1]


class PlumpSession(TableSession):
    """Plump for one human seat against bots (see :class:`cardlab.session.TableSession`).

    ``rules``: a preset name (``"kids"``, ``"classic"`` …), a :class:`PlumpRules` or its dict.
    """

    game_type = "plump"
    rules_class = PlumpRules
    default_rules = "kids"

    def __init__(self, rules: Any = "kids", **options: Any) -> None:
        super().__init__(rules, **options)

    @property
    def game(self) -> PlumpGame:
        return self.match.game

    def resolve(self, chosen: Any, players: int | None) -> PlumpRules:
        return resolve_rules(PlumpRules, "kids" if chosen is None else chosen, example="kids")

    def welcome(self, rules: Any) -> Message:
        if isinstance(rules, str) and rules in PlumpRules.presets():
            label = Message(f"widget.preset.{rules}") if has_message(f"widget.preset.{rules}") else rules
        else:
            label = Message("widget.custom_rules")
        return Message("plump.table.welcome", {"rules": label})

    # -------------------------------------------------------------- moves
    def bid(self, tricks: int) -> None:
        """Bid (or change your bid to) ``tricks``."""
        self.move(Bid(self.seat, tricks))

    def play(self, card: Any) -> None:
        """Play ``card`` from your hand."""
        from ..cards import Card

        self.move(Play(self.seat, Card.parse(card)))

    def narrate(self, act: Any, reason: Any, before: dict, seen: Observed):
        names = self.raw_names()
        bid = seen.first(BidMade)
        said: list[Any] = [describe_action(act, names[act.seat], changing=bid is not None and bid.changed)]
        tone = "info"
        if seen.trick is not None:
            said.append(trick_message(seen.trick, names))
            tone = "good" if seen.trick.winner == self.seat else "info"
        if seen.round_over is not None:
            review = self.review(seen.round_over)
            said.append(review if review is not None else Message("plump.table.round_over"))
        if seen.game_over:
            winners = ", ".join(self.names()[s] for s in self.game.winners())
            said.append(Message("plump.table.game_over", {"winner": Message("sheet.winner", {"names": winners})}))
        teacher = said[:1] + self.bot_reason(act.seat, reason) + said[1:] if act.seat != self.seat and reason else None
        return said, teacher, tone

    def hint_words(self, act: Any) -> Message:
        if isinstance(act, Bid):
            return Message("plump.table.hint_bid", {"tricks": act.tricks})
        return Message("plump.table.hint_play", {"card": act.card})

    def hint_reason_for_children(self, decision: Any) -> Any:
        """A bid hint says what to count, true for this hand (:func:`cardlab.coach.tips.bid_tip`); a card
        hint speaks to the child ("Om du lägger 9♥ …").  The bot's own reason is for teacher mode."""
        from ..coach.tips import bid_tip, counted_cards, said_to_you

        rnd = self.game.round
        if isinstance(decision.action, Bid):
            hand = rnd.hands[self.seat]
            count = len(counted_cards(hand, rnd.trump))
            forbidden = self.why_illegal(Bid(self.seat, count)) if count != decision.action.tricks else None
            return bid_tip(hand, rnd.trump, bid=decision.action.tricks, forbidden=forbidden)
        return said_to_you(decision.reason)

    def hint_reading(self, view: Any) -> Any:
        """What the bids made so far say about another seat's kings and aces
        (:func:`cardlab.coach.tips.bid_reading`), seeded by the table's seed and the moves made."""
        from ..coach.tips import bid_reading

        if view.phase != "bid":
            return None
        return bid_reading(view, self.raw_names(), rng=[self._base_seed, len(self.match.actions)])

    def new_round_words(self) -> Message:
        return Message("plump.table.new_round", {"cards": self.game.round.hand_size})
