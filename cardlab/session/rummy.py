"""``RummySession``: a Rummy table without a user interface (what :class:`cardlab.widgets.RummyTable` shows).

A turn is draw, then meld or lay off as much as you like, then discard.  The
session keeps the cards you have selected (``selected``) so that a view only
draws them.

>>> table = RummySession(rng=4, lang="en")
>>> table.run_bots() > 0
True
>>> table.draw("stock")
>>> table.game.round.phase, table.message_text().startswith("You drew")
('meld', True)
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import Card
from ..games.melds import meld_kind
from ..games.rummy import Discard, Draw, LayOff, Meld, RummyGame, action_message
from ..i18n import Message
from ..rules.rummy import RummyRules
from .base import Line, Observed, TableSession, person_key


def describe_move(act: Any, name: Any, *, table: Sequence[Any] = (), card: Card | None = None) -> Message:
    """The sentence for a move.  ``table``: the melds before the move (for a lay-off); ``card``: the
    card taken (shown for the discard pile, and for your own draws from the stock).

    >>> describe_move(Meld(1, "5C 6C 7C"), "Bot 1").text("sv")
    'Bot 1 lägger ner 5♣ 6♣ 7♣.'
    >>> describe_move(Draw(2, "stock"), "Bot 2").text("nb")
    'Bot 2 trekker et kort fra bunken.'
    >>> describe_move(Draw(0, "stock"), "You", card=Card.parse("7H")).text("en")
    'You drew 7♥ from the stock.'
    """
    if isinstance(act, Draw):
        if act.source == "discard":
            return Message(person_key("rummy.table.draws_discard", name), {"name": name, "card": card if card is not None else "?"})
        if card is not None:
            return Message("rummy.table.you_draw_stock", {"name": name, "card": card})
        return Message("rummy.table.draws_stock", {"name": name})
    if isinstance(act, Meld):
        return Message(person_key("rummy.table.melds", name), {"name": name, "cards": " ".join(map(str, act.cards))})
    if isinstance(act, LayOff):
        index = act.meld_index
        meld = " ".join(map(str, table[index].cards)) if 0 <= index < len(table) else f"#{index + 1}"
        return Message(person_key("rummy.table.lays_off", name), {"name": name, "card": act.card, "meld": meld})
    return Message(person_key("rummy.table.discards", name), {"name": name, "card": act.card})


def selection_message(cards: Sequence[Card]) -> Message:
    """The live line under the hand: which cards are selected and whether they form a meld.

    >>> selection_message([Card.parse(c) for c in ("7H", "7S", "7D")]).text("nb")
    'Markert: 7♥ 7♠ 7♦ — et sett ✓'
    """
    if not cards:
        return Message("rummy.table.selected_none")
    kind = meld_kind(cards) if len(cards) >= 3 else None
    verdict = Message("rummy.table.is_set") if kind == "set" else (
        Message("rummy.table.is_run") if kind == "run" else Message("rummy.table.no_meld"))
    return Message("rummy.table.selected", {"cards": " ".join(map(str, cards)), "verdict": verdict})


class RummySession(TableSession):
    """Rummy for one human seat against bots (see :class:`cardlab.session.TableSession`).

    ``rules``: a preset name (``"classic"``, ``"evening"`` …), a :class:`RummyRules` or its dict;
    ``players`` (2–6) overrides the preset's.  ``selected``: the cards you have picked for a meld,
    lay-off or discard; ``meld_choice``: the meld on the table a lay-off goes onto (index from 0).
    """

    game_type = "rummy"
    rules_class = RummyRules

    def __init__(self, rules: Any = "classic", **options: Any) -> None:
        self.selected: list[Card] = []
        self.meld_choice: int | None = None
        super().__init__(rules, **options)

    @property
    def game(self) -> RummyGame:
        return self.match.game

    def welcome(self, rules: Any) -> Message:
        return Message("rummy.table.welcome")

    def clear_choices(self) -> None:
        self.hinted = None
        self.selected = []
        self.meld_choice = None

    # ---------------------------------------------------------- selection
    def select(self, *cards: Any) -> None:
        """Select exactly ``cards`` (in hand order); no cards clears the selection."""
        wanted = [Card.parse(c) for c in cards]
        self.selected = [c for c in self.hand if c in wanted]

    def toggle(self, card: Card, pressed: bool) -> None:
        """Select or unselect one card (a card button was pressed or released)."""
        if pressed and card not in self.selected:
            self.selected.append(card)
        elif not pressed and card in self.selected:
            self.selected.remove(card)
        hand = self.hand
        self.selected = [c for c in hand if c in self.selected]

    def selection_message(self) -> Message:
        return selection_message(self.selected)

    def after_own_move(self) -> None:
        hand = self.hand
        self.selected = [c for c in self.selected if c in hand] if self.game.round.to_move == self.seat else []
        if self.meld_choice is not None and self.meld_choice >= len(self.game.round.table):
            self.meld_choice = None

    # -------------------------------------------------------------- moves
    def draw(self, source: str = "stock") -> None:
        """Draw from ``"stock"`` or ``"discard"``."""
        self.move(Draw(self.seat, source))

    def meld(self) -> bool:
        """Lay the selected cards down as a meld (the engine refuses with the reason if they are not one).

        False (and a message) when nothing is selected."""
        if not self.selected:
            self.show(Message("rummy.table.select_some"), tone="error")
            return False
        self.move(Meld(self.seat, tuple(self.selected)))
        return True

    def lay_off(self, meld_index: int | None = None) -> bool:
        """Lay the one selected card off onto meld ``meld_index`` (default: :attr:`meld_choice`, else the first)."""
        if len(self.selected) != 1:
            self.show(Message("rummy.table.select_one", {"count": len(self.selected)}), tone="error")
            return False
        index = meld_index if meld_index is not None else (self.meld_choice if self.meld_choice is not None else 0)
        self.move(LayOff(self.seat, self.selected[0], index))
        return True

    def discard(self) -> bool:
        """Discard the one selected card, which ends your turn."""
        if len(self.selected) != 1:
            self.show(Message("rummy.table.select_one", {"count": len(self.selected)}), tone="error")
            return False
        self.move(Discard(self.seat, self.selected[0]))
        return True

    def hint(self) -> Any:
        """The hint, and the table set up to do it: the named cards selected, the named meld chosen."""
        act = super().hint()
        if isinstance(act, Meld):
            self.select(*act.cards)
        elif isinstance(act, (LayOff, Discard)):
            self.select(act.card)
            if isinstance(act, LayOff):
                self.meld_choice = act.meld_index
        return act

    def snapshot(self, act: Any) -> dict:
        before = super().snapshot(act)
        rnd = self.game.round
        before["table"] = list(rnd.table)
        before["top"] = rnd.discard_top
        before["hand"] = set(rnd.hands[act.seat]) if 0 <= act.seat < self.game.players else set()
        return before

    def narrate(self, act: Any, reason: Any, before: dict, seen: Observed):
        game, names = self.game, self.raw_names()
        finished = seen.round_over if seen.round_over is not None else game.round
        drawn = None
        if isinstance(act, Draw) and act.source == "stock":
            new = [c for c in finished.hands[act.seat] if c not in before["hand"]]
            drawn = new[0] if new else None
        card = before["top"] if isinstance(act, Draw) and act.source == "discard" else None
        if isinstance(act, Draw) and act.source == "stock" and act.seat == self.seat:
            card = drawn
        first = describe_move(act, names[act.seat], table=before["table"], card=card)
        said: list[Any] = [first]
        tone = "info"
        if seen.round_over is not None:
            result = seen.result
            tone = "good" if result.winner == self.seat else "info"
            review = self.review(finished)
            if review is not None:
                said.append(review)
            else:
                said.append(Message("rummy.table.went_out", {"name": names[result.winner]}) if result.winner is not None
                            else Message("rummy.show.stock_out"))
                listing = ", ".join(f"{n} {p}" for n, p in zip(self.names(), result.penalties))
                said.append(Message("rummy.table.penalties", {"list": listing}))
        if seen.game_over:
            winners = ", ".join(self.names()[s] for s in game.winners())
            said.append(Message("rummy.table.game_over", {"winner": Message("rummy.sheet.winner", {"names": winners})}))
        teacher = None
        if act.seat != self.seat:
            secret = describe_move(act, names[act.seat], table=before["table"], card=drawn) if drawn is not None else first
            if secret is not first or reason:
                teacher = [secret] + self.bot_reason(act.seat, reason) + said[1:]
        return said, teacher, tone

    def hint_words(self, act: Any) -> Message:
        rnd = self.game.round
        return action_message(act, rnd.table, rnd.discard_top)

    def new_round_words(self) -> Message:
        return Message("rummy.table.new_round", {"name": self.raw_names()[self.game.round.to_move]})


__all__ = ["RummySession", "describe_move", "selection_message", "Line"]
