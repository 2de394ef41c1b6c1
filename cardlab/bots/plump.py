"""``PlumpBot``: a friendly heuristic Plump player that aims to hit its bid exactly.

It sees only its own view and decides from counts and comparisons alone, so
the same rules can be mirrored line by line in a fast simulation kernel.
Every decision comes with a one-sentence reason (the hint a child sees).

**Bidding** — count sure and likely tricks in half-tricks, then halve (round down):

* trump ace 2; trump king 2 with another trump, else 1; trump queen 2 with two
  more trumps, 1 with one more; any other trump 1 when holding three or more trumps;
* side ace 2 in a suit of at most four cards, else 1;
* side king with at least one guard: 2 in a suit of 2–4 cards when at most four play, else 1;
* side queen with two guards in a hand of 7+ cards: 1;
* a void side suit: 1 per void while spare trumps last (trumps − 1);
* bid = min(hand size, half-tricks // 2).  If the hook forbids that bid, go one up
  (never below your sure tricks), or one down when one up is impossible.

**Play** — ``need`` = bid − tricks taken:

* need > 0, leading: when every remaining trick is needed, lead the top trump
  (else the highest card); otherwise lead the highest master card (no higher card of
  its suit unseen), else the lowest side card;
* need > 0, following: play the lowest card that beats the trick if last to play,
  the highest such card otherwise; if none can win, throw the lowest card;
* need ≤ 0 (bid made — duck): lead the lowest side card; follow with the highest
  card that still loses; if every card wins, play the highest when last, else the lowest.

"Lowest"/"highest" order cards by rank, then trump-ness, then suit (♣ < ♦ < ♥ < ♠);
winners are ordered led suit before trump.

>>> from cardlab import PlumpRound, PlumpRules
>>> rnd = PlumpRound.from_hands(["AS KS QS", "2H 3H 4H", "5C 6C 7C"], rules=PlumpRules(players=3),
...                             dealer=2, trump="S")
>>> decision = PlumpBot().decide(rnd.view(0))
>>> decision.action, decision.explain("en")
(Bid(seat=0, tricks=3), 'I count 8 half-tricks in my hand (aces, guarded kings, trumps, voids), so I bid 3.')
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank, Suit
from ..games.plump import Bid, Play, PlumpView
from ..i18n import Message
from .base import Decision


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    """Would ``card``, played now, beat the card currently winning the trick (later twin wins)?"""
    if card.suit == best.suit:
        return card.rank >= best.rank
    return trump is not None and card.suit == trump


def _current_best(trick: tuple[tuple[int, Card], ...], trump: Suit | None) -> Card:
    led = trick[0][1].suit
    best = trick[0][1]
    for _, card in trick[1:]:
        if _beats(card, best, led, trump):
            best = card
    return best


class PlumpBot:
    """A deterministic heuristic Plump player (see the module docstring for every rule)."""

    name = "heuristic"

    # ------------------------------------------------------------- bidding
    @staticmethod
    def half_tricks(hand: tuple[Card, ...], trump: Suit | None, players: int, hand_size: int) -> int:
        """The bidding estimate in half-tricks.

        >>> from cardlab import parse_cards
        >>> PlumpBot.half_tricks(parse_cards("AS KS 2H"), Suit.SPADES, 4, 3)
        5
        """
        counts = {s: 0 for s in Suit}
        for c in hand:
            counts[c.suit] += 1
        halves = 0
        for c in hand:
            n = counts[c.suit]
            r = c.rank
            if c.suit == trump:
                if r == Rank.ACE:
                    halves += 2
                elif r == Rank.KING:
                    halves += 2 if n >= 2 else 1
                elif r == Rank.QUEEN:
                    halves += 2 if n >= 3 else (1 if n >= 2 else 0)
                elif n >= 3:
                    halves += 1
            else:
                if r == Rank.ACE:
                    halves += 2 if n <= 4 else 1
                elif r == Rank.KING and n >= 2:
                    halves += 2 if (n <= 4 and players <= 4) else 1
                elif r == Rank.QUEEN and n >= 3 and hand_size >= 7:
                    halves += 1
        if trump is not None:
            spare = counts[trump] - 1
            for s in Suit:
                if s != trump and counts[s] == 0 and spare > 0:
                    halves += 1
                    spare -= 1
        return halves

    def _decide_bid(self, view: PlumpView) -> Decision:
        halves = self.half_tricks(view.hand, view.trump, view.players, view.hand_size)
        bid = min(view.hand_size, halves // 2)
        allowed = {a.tricks for a in view.legal_actions}
        if bid in allowed:
            return Decision(Bid(view.seat, bid), Message("plump.bot.bid", {"halves": halves, "bid": bid}))
        if bid + 1 in allowed:
            return Decision(Bid(view.seat, bid + 1), Message("plump.bot.hook_up", {"forbidden": bid, "bid": bid + 1}))
        return Decision(Bid(view.seat, bid - 1), Message("plump.bot.hook_down", {"forbidden": bid, "bid": bid - 1}))

    # ---------------------------------------------------------------- play
    @staticmethod
    def _low_key(card: Card, trump: Suit | None) -> tuple[int, int, int]:
        return (int(card.rank), 1 if card.suit == trump else 0, card.suit.index)

    @staticmethod
    def _win_key(card: Card, trump: Suit | None) -> tuple[int, int, int]:
        return (1 if card.suit == trump else 0, int(card.rank), card.suit.index)

    @staticmethod
    def _is_master(card: Card, view: PlumpView) -> bool:
        """No higher card of its suit is still unseen (not played, not in my hand)."""
        decks = view.rules.decks
        seen: dict[Card, int] = {}
        for c in view.played_cards + view.hand:
            seen[c] = seen.get(c, 0) + 1
        for rank in Rank:
            if rank > card.rank and seen.get(Card(rank, card.suit), 0) < decks:
                return False
        return True

    def _decide_play(self, view: PlumpView) -> Decision:
        trump = view.trump
        legal = [a.card for a in view.legal_actions]
        need = view.my_bid - view.my_tricks  # type: ignore[operator]
        low = lambda c: self._low_key(c, trump)  # noqa: E731
        win = lambda c: self._win_key(c, trump)  # noqa: E731
        trick = view.current_trick
        last = len(trick) == view.players - 1

        def play(card: Card, key: str, **params: Any) -> Decision:
            return Decision(Play(view.seat, card), Message(key, {"card": card, **params}))

        if not trick:  # leading
            side = [c for c in legal if c.suit != trump] or legal
            if need > 0:
                if need >= view.tricks_left:
                    trumps = [c for c in legal if c.suit == trump]
                    if trumps:
                        return play(max(trumps, key=low), "plump.bot.lead_top_trump")
                    return play(max(legal, key=low), "plump.bot.lead_highest")
                masters = [c for c in legal if self._is_master(c, view)]
                if masters:
                    return play(max(masters, key=low), "plump.bot.lead_master", need=need)
                return play(min(side, key=low), "plump.bot.lead_low_wanting", need=need)
            return play(min(side, key=low), "plump.bot.lead_duck")

        best = _current_best(trick, trump)
        led = trick[0][1].suit
        winners = [c for c in legal if _beats(c, best, led, trump)]
        losers = [c for c in legal if not _beats(c, best, led, trump)]
        if need > 0:
            if winners:
                if last:
                    return play(min(winners, key=win), "plump.bot.win_cheap", need=need)
                return play(max(winners, key=win), "plump.bot.win_high", need=need)
            return play(min(legal, key=low), "plump.bot.cannot_win")
        if losers:
            return play(max(losers, key=low), "plump.bot.duck_high")
        if last:
            return play(max(legal, key=low), "plump.bot.forced_win_high")
        return play(min(legal, key=low), "plump.bot.forced_win_low")

    # ------------------------------------------------------------ protocol
    def decide(self, view: PlumpView) -> Decision:
        """The move and its one-sentence reason."""
        if not view.legal_actions:
            raise ValueError("There is nothing to decide: it is not this seat's turn.")
        if view.phase == "bid":
            return self._decide_bid(view)
        return self._decide_play(view)

    def choose(self, view: PlumpView) -> Any:
        return self.decide(view).action
