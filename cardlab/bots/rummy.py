"""Rummy bots: :class:`RummyRandomBot` (a fair coin for every choice) and :class:`RummyBot` (a sensible player).

Both see only one seat's :class:`cardlab.games.rummy.RummyView` and explain
each move in one sentence (``decide(view).explain("sv")``).

>>> from cardlab import RummyRules
>>> from cardlab.games.rummy import RummyRound
>>> rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C",
...                             discard="9C", rules=RummyRules())
>>> bot = RummyBot()
>>> bot.decide(rnd.view(1)).explain("en")
'I draw from the stock: 9♣ on the discard pile does not fit anything of mine.'
>>> _ = rnd.apply(bot.choose(rnd.view(1)))
>>> bot.decide(rnd.view(1)).explain("sv")
'Jag lägger ner A♠ 2♠ 3♠ 4♠: då har jag 10 straffpoäng mindre på handen.'
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import Card
from ..games.melds import best_melds, connectors, deadwood_points, run_neighbours
from ..games.rummy import Discard, Draw, LayOff, Meld, RummyView, action_message
from ..i18n import Message
from .base import Decision


class RummyRandomBot:
    """Plays Rummy at random, seeded through ``rng=``.

    The distribution is simple and well defined: **at every decision point
    the bot picks uniformly among the legal actions in its view**.  In the
    draw phase that is stock or discard pile (½ each when both are there);
    in the meld phase every possible meld, every possible lay-off and every
    allowed discard are equally likely, so a turn is a random sequence that
    ends at the first discard (or when the hand is empty).

    >>> from cardlab import RummyRules
    >>> from cardlab.games.rummy import RummyRound
    >>> rnd = RummyRound.deal(RummyRules(), rng=4)
    >>> RummyRandomBot(rng=1).choose(rnd.view(rnd.to_move)) in rnd.legal_actions()
    True
    """

    name = "rummy-random"

    def __init__(self, *, rng=None) -> None:
        from .._rng import normalize_rng

        self.rng = normalize_rng(rng)

    def choose(self, view: RummyView) -> Any:
        options = view.legal_actions
        if not options:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the round is over.")
        return options[int(self.rng.integers(len(options)))]

    def decide(self, view: RummyView) -> Decision:
        act = self.choose(view)
        return Decision(act, Message("rummy.bot.random", {"action": action_message(act, view.table, view.discard_top)}))


def partners(card: Card, cards: Sequence[Card]) -> int:
    """How many of ``cards`` could one day share a meld with ``card`` (same rank, or same suit close by).

    >>> from cardlab import parse_cards
    >>> partners(Card.parse("7H"), parse_cards("7S 8H 5H KH 2C"))
    3
    """
    return sum(1 for c in cards if c != card and (c.rank == card.rank or run_neighbours(card, c)))


def dead_cards(view: RummyView) -> frozenset:
    """The cards nobody can draw until the stock is reshuffled: the discard pile and the melds on the table."""
    return frozenset(view.discard_pile).union(*(meld.cards for meld in view.table))


def live_partners(card: Card, cards: Sequence[Card], dead) -> int:
    """How many of the :func:`partners` of ``card`` among ``cards`` are still alive: some card that
    would make the three with them (:func:`connectors`) is not ``dead``.  A pair of kings whose two
    other kings are on the discard pile will never become a set, however long it is kept.

    >>> from cardlab import parse_cards
    >>> hand = parse_cards("KD KS 7H 8H")
    >>> live_partners(Card.parse("KD"), hand, set()), live_partners(Card.parse("KD"), hand, set(parse_cards("KC KH")))
    (1, 0)
    >>> live_partners(Card.parse("7H"), hand, set(parse_cards("6H"))), live_partners(Card.parse("7H"), hand, set(parse_cards("6H 9H")))
    (1, 0)
    """
    return sum(1 for c in cards if c != card and (c.rank == card.rank or run_neighbours(card, c))
               and any(x not in dead for x in connectors(card, c)))


class RummyBot:
    """A friendly heuristic Rummy player (deterministic: same view, same move).

    * Draw: take the discard pile's top card when it completes a meld in hand
      or can be laid off onto the table; otherwise draw from the stock.
    * Meld as soon as it pays: lay down the melds of :func:`cardlab.best_melds`.
    * Lay off every leftover card that fits a meld on the table.
    * Discard the card that leaves the least deadwood, preferring high cards
      with no partners in hand, and keeping back cards that the next player
      has shown interest in (cards of the same rank or close in the same suit
      as what they took from the discard pile — public information).
      A partner counts only while its meld can still be made: when every card that
      would make the three lies on the discard pile or on the table, it is dead and
      counts nothing (:func:`live_partners`; measured better in ``docs/strength_record.md``).
    * Patience: once the stock has been reshuffled more than :attr:`PATIENCE` times in a round,
      the players are probably holding each other's cards (RULES.md lets play go on for ever).
      The bot then discards the card picked by the size of the stock, which changes every
      turn, so over a few turns every held card comes free.
      Up to :attr:`PATIENCE` reshuffles it plays exactly as before (the compiled twin in
      :mod:`cardlab.kernels.rummy_kernel` models rules with at most that many reshuffles).
    """

    name = "rummy-heuristic"

    #: reshuffles of the stock in a round after which the bot breaks up its hand (see "Patience")
    PATIENCE = 3

    #: penalty points a live partner (a card that could still join it in a meld) is worth
    PARTNER_WEIGHT = 2.0
    #: penalty points a discard that seems to help the next player costs
    DANGER_WEIGHT = 6.0

    def choose(self, view: RummyView) -> Any:
        return self.decide(view).action

    def decide(self, view: RummyView) -> Decision:
        legal = view.legal_actions
        if not legal:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the round is over.")
        if view.phase == "draw":
            return self._draw(view, legal)
        return self._meld_phase(view, legal)

    # ---------------------------------------------------------------- draw
    def _draw(self, view: RummyView, legal: Sequence[Any]) -> Decision:
        seat, top = view.seat, view.discard_top
        take = Draw(seat, "discard")
        stock = Draw(seat, "stock")
        if take in legal and top is not None:
            if top in best_melds(view.hand + (top,)).melded_cards:
                return Decision(take, Message("rummy.bot.take_meld", {"card": top}))
            for meld in view.table:
                if meld.accepts(top):
                    return Decision(take, Message("rummy.bot.take_layoff", {"card": top, "meld": str(meld)}))
        if stock in legal:
            return Decision(stock, Message("rummy.bot.draw_stock", {"card": top if top is not None else "–"}))
        return Decision(legal[0], Message("rummy.bot.draw_only", {"action": action_message(legal[0], view.table, top)}))

    # ------------------------------------------------------- meld / discard
    def _meld_phase(self, view: RummyView, legal: Sequence[Any]) -> Decision:
        seat, hand = view.seat, view.hand
        split = best_melds(hand)
        legal_set = set(legal)
        for cards in split.melds:
            act = Meld(seat, cards)
            if act in legal_set:
                points = sum(c.rank.points for c in cards)
                return Decision(act, Message("rummy.bot.meld", {"cards": " ".join(map(str, cards)), "points": points}))
        for card in sorted(split.deadwood, key=lambda c: (-c.rank.points, c.index)):
            for index, meld in enumerate(view.table):
                act = LayOff(seat, card, index)
                if act in legal_set:
                    return Decision(act, Message("rummy.bot.lay_off", {"card": card, "meld": str(meld)}))
        return self._discard(view, legal)

    def danger(self, view: RummyView, card: Card) -> bool:
        """Whether ``card`` looks useful to the next player: it fits a meld on the table, or it
        matches (same rank, or close in the same suit) a card they took from the discard pile."""
        if any(m.accepts(card) for m in view.table):
            return True
        taken = view.pickups_by(view.next_seat)
        return any(t.rank == card.rank or run_neighbours(card, t) for t in taken)

    def partner_points(self, view: RummyView, card: Card, rest: Sequence[Card]) -> float:
        """What keeping ``card`` is worth for its partners among ``rest``: :attr:`PARTNER_WEIGHT`
        for each partner with a live connector (:func:`live_partners`)."""
        return self.PARTNER_WEIGHT * live_partners(card, rest, dead_cards(view))

    def discard_cost(self, view: RummyView, card: Card) -> float:
        """How much discarding ``card`` costs this seat (lower is a better discard)."""
        rest = list(view.hand)
        rest.remove(card)
        cost = deadwood_points(tuple(rest)) + self.partner_points(view, card, rest)
        if self.danger(view, card):
            cost += self.DANGER_WEIGHT
        return cost

    def _discard(self, view: RummyView, legal: Sequence[Any]) -> Decision:
        options = [a for a in legal if isinstance(a, Discard)]
        if not options:  # cannot happen in a legal position; fall back to the first legal action
            return Decision(legal[0], Message("rummy.bot.random", {"action": action_message(legal[0], view.table, view.discard_top)}))

        def key(act: Discard) -> tuple:
            return (self.discard_cost(view, act.card), -act.card.rank.points, act.card.index)

        best = min(options, key=key)
        if view.reshuffles > self.PATIENCE and len(options) > 1:
            pool = sorted(options, key=lambda a: a.card.index)  # the usual discard too: with two cards
            freed = pool[view.stock_size % len(pool)]            # in hand, skipping it kept one card for ever
            if freed != best:
                return Decision(freed, Message("rummy.bot.discard_patience", {"card": freed.card}))
        if len(view.hand) == 1:
            return Decision(best, Message("rummy.bot.discard_out", {"card": best.card}))
        # Say so when a heavier card was kept back because the next player seems to want it.
        heavier = [a.card for a in options
                   if a.card != best.card and a.card.rank.points >= best.card.rank.points and self.danger(view, a.card)]
        kept = [c for c in heavier if c not in best_melds(view.hand).melded_cards]
        if kept:
            return Decision(best, Message("rummy.bot.discard_guarded", {"card": best.card, "kept": kept[0]}))
        rest = [c for c in view.hand if c != best.card]
        if partners(best.card, rest) and not live_partners(best.card, rest, dead_cards(view)):
            return Decision(best, Message("rummy.bot.discard_dead", {"card": best.card}))
        return Decision(best, Message("rummy.bot.discard", {"card": best.card}))
