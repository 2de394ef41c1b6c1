"""``PlumpBot``: a friendly heuristic Plump player that aims to hit its bid exactly.

It sees only its own view and decides from counts and comparisons alone, so
the same rules can be mirrored line by line in a fast simulation kernel.
Every decision comes with a one-sentence reason (the hint a child sees).

**Bidding** — add up what each card is worth, then round:

* every card has a kind: a trump or a side card, and how many higher cards of its suit are still
  *out* (not in my hand and not the turned-up trump card — with A♠ turned up, K♠ is a top trump);
  other tens and higher, long side suits, trump length, and empty or single-card side suits while
  trumps last to ruff with, count too;
* the worth of each kind, in hundredths of a trick, comes from a table *measured by simulation*
  for every player count, hand size, seat (from the dealer's left) and trump kind
  (``cardlab/data/plump_bid_weights.csv``, rebuilt by ``python -m cardlab.sim.plump_calibrate
  --seed 1``; see :mod:`cardlab.kernels.plump_bid_table`);
* bid = the expected tricks rounded (kept within 0 and the hand size).  If the hook forbids that
  bid, go one up when the expectation is at least the forbidden bid (or it is 0), else one down —
  but never below the hand's *sure tricks* (trumps from the top down: each takes a trick in every
  deal, so a lower bid is lost before a card is played).

**Play** — ``need`` = bid − tricks taken:

* need > 0, leading: when every remaining trick is needed, lead the top trump
  (else the highest card); otherwise lead the highest master card (no higher card of
  its suit unseen — the turned-up trump card counts as seen), else the lowest side card;
* need > 0, following: when the sure trumps in my hand (no higher trump unseen) already cover the
  tricks I still need, let this trick go like a made bid (the most dangerous card that loses, not a
  sure trump): taking it would make one trick too many later.  Otherwise,
  play the lowest card that beats the trick if last to play; when void in
  the led suit and nobody has trumped yet, trump with the lowest trump; otherwise the highest card
  that beats the trick; if none can win, throw the lowest card;
* need ≤ 0 (bid made — duck): lead the lowest side card; follow with the most dangerous card
  that still loses (a trump before a side card, then the highest); if every card wins, play the
  highest when last, else the lowest.

"Lowest"/"highest" order cards by rank, then trump-ness, then suit (♣ < ♦ < ♥ < ♠);
winners are ordered led suit before trump.

>>> from cardlab import PlumpRound, PlumpRules
>>> rnd = PlumpRound.from_hands(["AS KS QS", "2H 3H 4H", "5C 6C 7C"], rules=PlumpRules(players=3),
...                             dealer=2, trump="S")
>>> decision = PlumpBot().decide(rnd.view(0))
>>> decision.action, decision.explain("en")
(Bid(seat=0, tricks=3), 'Cards like mine usually take about 3.0 tricks (trumps, aces, guarded kings, voids), so I bid 3.')
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank, Suit
from ..games.plump import Bid, Play, PlumpView
from ..i18n import Message
from ..rules.trick_core import beats, winner_position
from ..kernels.plump_bid_table import FEATURES, SEAT_ANY, bid_weights, max_cards
from .base import Decision


_RANKS_HIGH_FIRST = tuple(sorted(Rank, reverse=True))


def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Would ``card``, played now, beat the card currently winning the trick?  The rule is
    :func:`cardlab.rules.trick_core.beats` (of two twins the later wins)."""
    return bool(beats(card.index, best.index, -1 if trump is None else trump.index))


def _current_best(trick: tuple[tuple[int, Card], ...], trump: Suit | None) -> Card:
    """The card winning the trick so far: :func:`cardlab.rules.trick_core.winner_position`."""
    return trick[winner_position([c.index for _, c in trick], len(trick), -1 if trump is None else trump.index)][1]


class PlumpBot:
    """A deterministic heuristic Plump player (see the module docstring for every rule)."""

    name = "heuristic"

    # ------------------------------------------------------------- bidding
    @staticmethod
    def holding_features(hand: tuple[Card, ...], trump: Suit | None, trump_card: Card | None = None,
                         decks: int = 1) -> dict[str, int]:
        """How many cards of each kind the hand holds (the bidding table's features, in its order).

        A card's kind is how many higher cards of its suit are *out* (not in the hand, not the
        turned-up ``trump_card``); see :mod:`cardlab.kernels.plump_bid_table`.

        >>> from cardlab import parse_cards
        >>> f = PlumpBot.holding_features(parse_cards("KS 7S AH 2C"), Suit.SPADES, trump_card=parse_cards("AS")[0])
        >>> f["trump_top"], f["trump_low"], f["side_top_short"], f["ruff_voids"]
        (1, 1, 1, 1)
        """
        out = dict.fromkeys(FEATURES, 0)
        held: dict[tuple[Suit, Rank], int] = {}  # (suit, rank) -> copies in the hand
        for c in hand:
            held[c.suit, c.rank] = held.get((c.suit, c.rank), 0) + 1
        seen = dict(held)
        if trump_card is not None:
            seen[trump_card.suit, trump_card.rank] = seen.get((trump_card.suit, trump_card.rank), 0) + 1
        counts = {s: 0 for s in Suit}
        for c in hand:
            counts[c.suit] += 1
        n_trump = counts[trump] if trump is not None else 0
        voids = sum(1 for s in Suit if s != trump and counts[s] == 0)
        singles = sum(1 for s in Suit if s != trump and counts[s] == 1)
        for suit in Suit:
            n = counts[suit]
            if n == 0:  # nothing to count in this suit
                continue
            out_above = 0
            for rank in _RANKS_HIGH_FIRST:
                for _ in range(held.get((suit, rank), 0)):
                    if suit == trump:
                        out[FEATURES[min(out_above, 3)]] += 1
                    elif out_above == 0:
                        out["side_top_short" if n <= 3 else "side_top_long"] += 1
                    elif out_above == 1:
                        out["side_second_guarded" if n >= 2 else "side_second_bare"] += 1
                    elif out_above == 2 and n >= 3:
                        out["side_third_guarded"] += 1
                    elif rank >= Rank.TEN:
                        out["side_high"] += 1
                out_above += max(0, decks - seen.get((suit, rank), 0))
            if suit != trump:
                out["side_length"] += max(0, n - 3)
        if trump is not None:
            out["trump_length"] = max(0, n_trump - 2)
            out["ruff_voids"] = min(voids, n_trump)
            out["ruff_singletons"] = min(singles, max(0, n_trump - voids))
        out["base"] = 1
        return out

    @staticmethod
    def expected_tricks(hand: tuple[Card, ...], trump: Suit | None, players: int, hand_size: int,
                        seat: int | None = None, trump_card: Card | None = None, decks: int = 1) -> int:
        """The shipped table's expected tricks for the hand, in hundredths of a trick.

        ``seat`` counts from the dealer's left (0 bids first; ``None``: the row pooling every seat).

        >>> from cardlab import parse_cards
        >>> strong = PlumpBot.expected_tricks(parse_cards("AS KS QS AH KH"), Suit.SPADES, 4, 5)
        >>> weak = PlumpBot.expected_tricks(parse_cards("2S 3H 4H 2D 3C"), Suit.SPADES, 4, 5)
        >>> strong > 400 > 100 > weak  # the strong hand about 4.9 tricks, the weak one about 0.6
        True
        """
        # the table was measured with one deck (2–7 players): bigger games (two decks) use its nearest row
        players_row = max(2, min(players, 7))
        cards_row = max(1, min(hand_size, max_cards(players_row)))
        row = seat if seat is not None and 0 <= seat < min(players, SEAT_ANY) else SEAT_ANY
        weights = bid_weights()[players_row, cards_row, row, 1 if trump is not None else 0]
        feats = PlumpBot.holding_features(hand, trump, trump_card, decks)
        return int(sum(int(w) * feats[f] for w, f in zip(weights, FEATURES)))

    @staticmethod
    def half_tricks(hand: tuple[Card, ...], trump: Suit | None, players: int, hand_size: int) -> int:
        """The hand's strength in half-tricks: twice the table's expected tricks (any seat), rounded.

        >>> from cardlab import parse_cards
        >>> PlumpBot.half_tricks(parse_cards("AS KS 2H"), Suit.SPADES, 4, 3) >= 3
        True
        """
        expected = PlumpBot.expected_tricks(hand, trump, players, hand_size)
        return max(0, (2 * expected + 50) // 100)

    def _decide_bid(self, view: PlumpView) -> Decision:
        seat = view.bid_order.index(view.seat)
        expected = self.expected_tricks(view.hand, view.trump, view.players, view.hand_size, seat,
                                        view.trump_card, view.rules.decks)
        bid = max(0, min(view.hand_size, (expected + 50) // 100))
        # what a child reads: the expectation in tenths, never more tricks than there are cards
        shown = max(0, (min(expected, 100 * view.hand_size) + 5) // 10)
        about = {"whole": shown // 10, "tenth": shown % 10}
        allowed = {a.tricks for a in view.legal_actions}
        if bid in allowed:
            return Decision(Bid(view.seat, bid), Message("plump.bot.bid", {**about, "bid": bid}))
        if (expected >= 100 * bid and bid + 1 in allowed) or bid == 0:
            return Decision(Bid(view.seat, bid + 1), Message("plump.bot.hook_up", {**about, "forbidden": bid, "bid": bid + 1}))
        sure = self.sure_trumps(view.hand, view.trump, view.trump_card, view.rules.decks)
        if bid - 1 < sure and bid + 1 in allowed:
            return Decision(Bid(view.seat, bid + 1), Message("plump.bot.hook_up_sure", {"forbidden": bid, "sure": sure, "bid": bid + 1}))
        return Decision(Bid(view.seat, bid - 1), Message("plump.bot.hook_down", {**about, "forbidden": bid, "bid": bid - 1}))

    @staticmethod
    def sure_trumps(hand: tuple[Card, ...], trump: Suit | None, trump_card: Card | None = None, decks: int = 1) -> int:
        """The hand's sure tricks before a card is played: its trumps from the top down (the turned-up
        card counts as seen), each of which wins the trick it is played to, whatever the deal.

        >>> from cardlab import parse_cards
        >>> PlumpBot.sure_trumps(parse_cards("AS QS 2H"), Suit.SPADES, parse_cards("KS")[0])
        2
        >>> PlumpBot.sure_trumps(parse_cards("KS QS"), Suit.SPADES), PlumpBot.sure_trumps(parse_cards("AS"), None)
        (0, 0)
        """
        seen: dict[tuple[Suit, Rank], int] = {}
        for c in hand + ((trump_card,) if trump_card is not None else ()):
            seen[c.suit, c.rank] = seen.get((c.suit, c.rank), 0) + 1
        return sum(1 for c in hand if PlumpBot._is_sure_trump(c, trump, seen, decks))

    @staticmethod
    def _is_sure_trump(card: Card, trump: Suit | None, seen: dict, decks: int) -> bool:
        """A trump that wins whatever trick it is played to: every copy of its rank and above has been
        seen (``seen``: copies by (suit, rank); with one deck: no higher trump is unseen)."""
        return card.suit == trump and all(seen.get((card.suit, rank), 0) >= decks
                                          for rank in _RANKS_HIGH_FIRST if rank >= card.rank)

    # ---------------------------------------------------------------- play
    @staticmethod
    def _low_key(card: Card, trump: Suit | None) -> tuple[int, int, int]:
        return (int(card.rank), 1 if card.suit == trump else 0, card.suit.index)

    @staticmethod
    def _win_key(card: Card, trump: Suit | None) -> tuple[int, int, int]:
        return (1 if card.suit == trump else 0, int(card.rank), card.suit.index)

    @staticmethod
    def _seen(view: PlumpView) -> dict[tuple[Suit, Rank], int]:
        """How many copies of each card (suit, rank) this seat has seen: played, in hand, turned up."""
        seen: dict[tuple[Suit, Rank], int] = {}
        turned = (view.trump_card,) if view.trump_card is not None else ()
        for c in view.played_cards + view.hand + turned:
            seen[c.suit, c.rank] = seen.get((c.suit, c.rank), 0) + 1
        return seen

    @staticmethod
    def _is_master(card: Card, view: PlumpView, seen: dict | None = None) -> bool:
        """No higher card of its suit is still unseen (not played, not in my hand, not the turned-up card)."""
        decks = view.rules.decks
        if seen is None:
            seen = PlumpBot._seen(view)
        for rank in _RANKS_HIGH_FIRST:
            if rank <= card.rank:
                return True
            if seen.get((card.suit, rank), 0) < decks:
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
                seen = self._seen(view)
                masters = [c for c in legal if self._is_master(c, view, seen)]
                if masters:
                    return play(max(masters, key=low), "plump.bot.lead_master", need=need)
                return play(min(side, key=low), "plump.bot.lead_low_wanting", need=need)
            return play(min(side, key=low), "plump.bot.lead_duck")

        best = _current_best(trick, trump)
        winners = [c for c in legal if _beats(c, best, trump)]
        losers = [c for c in legal if not _beats(c, best, trump)]
        if need > 0:
            seen = self._seen(view)
            sure = [c for c in view.hand if self._is_sure_trump(c, trump, seen, view.rules.decks)]
            spare = [c for c in losers if c not in sure]
            if len(sure) >= need and spare:  # the sure trumps will take what is still needed
                return play(max(spare, key=win), "plump.bot.duck_sure_trumps", need=need, sure=len(sure))
            if winners:
                if last:
                    return play(min(winners, key=win), "plump.bot.win_cheap", need=need)
                if trump is not None and best.suit != trump and all(c.suit == trump for c in winners):
                    return play(min(winners, key=win), "plump.bot.ruff_low", need=need)
                return play(max(winners, key=win), "plump.bot.win_high", need=need)
            return play(min(legal, key=low), "plump.bot.cannot_win")
        if losers:
            return play(max(losers, key=win), "plump.bot.duck_high")
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
