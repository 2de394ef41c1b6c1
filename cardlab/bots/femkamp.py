"""``FemkampBot``: a friendly heuristic Femkamp player, one plan per round.

It sees only its own view (its hand, the cards played, the kabal table) and
decides by counts and comparisons, deterministically, so the same rules can be
mirrored in a fast simulation kernel.  Every move comes with one sentence.

**Avoid rounds** (pass, clubs, queens) — a "penalty card" is a club in the clubs
round and a queen in the queens round:

* following suit: play the highest card that still loses (in the queens round the
  queen itself if it loses); if every card wins, play the highest (non-queen) card
  when last to play, else the lowest;
* void in the led suit: pass round — throw the highest card; clubs round — the
  highest club, else the highest card; queens round — a queen (of the shortest
  suit), else an ace or king of a suit whose queen is still out, else the highest card;
* leading: the lowest card of the shortest suit, so that the suit soon runs out and
  high cards can be thrown on other suits' tricks (in the clubs round not a club while
  another suit is left); in the queens round from the safest cards — a suit whose
  queen is gone or a card below a queen still out (shortest suit first), then cards
  below my own queen, never a card above a queen still out, nor a suit where someone
  is known to be void, unless nothing else is left.

**Grand** (take tricks): following, the lowest winning card when last, else the
highest winning card, else the lowest; void, throw the lowest card; leading, a
master card (no higher card of its suit still out), else the lowest card of the
longest suit, so that its higher cards become winners.

**Kabal**: score each playable card: an ace or king opens nothing (+1); a card
that opens a place for a card I hold is good (+2, plus 1 per card of mine further
along); opening a place for someone else is bad (−3), less so when I hold cards
further along that row (+1 each).  Play the best; a 7 that only helps others waits.

>>> from cardlab.games.femkamp import FemkampTrickRound
>>> rnd = FemkampTrickRound.from_hands(["10S 3H", "QS 4H", "AS 5H", "QH KS"], round_name="queens", dealer=3)
>>> _ = rnd.apply(rnd.legal_actions()[1])              # seat 0 leads 10♠
>>> FemkampBot().decide(rnd.view(1)).explain("en")   # seat 1 holds Q♠ and 4♥: must follow
'I must take this trick with Q♠: I have no other card of the suit.'
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank, Suit
from ..games.kabal import Prikk
from ..games.trick_actions import Play
from ..i18n import Message
from ..rules.trick_core import voids_shown, winner_position
from .base import Decision

QUEEN = Rank.QUEEN
_ORDER = {r: i for i, r in enumerate((Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                                      Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING), start=1)}


def suit_lengths(hand) -> dict[Suit, int]:
    """How many cards of each suit ``hand`` holds (every suit named, 0 for a void).

    >>> from cardlab import parse_cards
    >>> suit_lengths(parse_cards("3C 8C 9D"))[Suit.CLUBS], suit_lengths(parse_cards("3C 8C 9D"))[Suit.SPADES]
    (2, 0)
    """
    return {s: sum(1 for c in hand if c.suit is s) for s in Suit}


def _low_key(card: Card) -> tuple[int, int]:
    """Lowest first: by rank, then suit (♣ < ♦ < ♥ < ♠) so ties break the same way every time."""
    return (int(card.rank), card.suit.index)


class FemkampBot:
    """A heuristic Femkamp player that explains each move (see the module text for its plan).

    >>> from cardlab import RandomBot, play_out
    >>> from cardlab.games.femkamp import FemkampGame
    >>> game = play_out(FemkampGame.start(seed=5), FemkampBot())
    >>> game.is_over
    True
    """

    name = "femkamp-heuristic"

    def choose(self, view: Any) -> Any:
        return self.decide(view).action

    def decide(self, view: Any) -> Decision:
        options = view.legal_actions
        if not options:
            raise ValueError("There is nothing to choose: it is not this seat's turn or the game is over.")
        if len(options) == 1 and isinstance(options[0], Prikk):
            return Decision(options[0], Message("femkamp.bot.prikk"))
        seat = view.seat
        cards = [a.card for a in options]
        if view.round_name == "kabal":
            card, reason = self._kabal(view, cards)
        elif view.round_name == "grand":
            card, reason = self._grand(view, cards)
        else:
            card, reason = self._avoid(view, cards)
        return Decision(Play(seat=seat, card=card), reason)

    # ------------------------------------------------------------ public facts
    @staticmethod
    def _seen(view: Any) -> set[Card]:
        return set(view.played_cards)

    @staticmethod
    def _voids(view: Any) -> dict[int, set[Suit]]:
        """Seats known to be void in a suit: what :func:`cardlab.rules.trick_core.voids_shown` says
        each card shows (Femkamp has no trump, so only a suit not followed)."""
        voids: dict[int, set[Suit]] = {}
        tricks = [list(zip(t.seats, t.cards)) for t in view.completed_tricks] + [list(view.current_trick)]
        for trick in tricks:
            if not trick:
                continue
            led = trick[0][1].suit.index
            for seat, card in trick[1:]:
                shown = voids_shown(led, card.suit.index, -1, False)
                if shown:
                    voids.setdefault(seat, set()).update(s for s in Suit if shown >> s.index & 1)
        return voids

    @staticmethod
    def _current_winner(view: Any) -> Card:
        """The card winning the trick so far: :func:`cardlab.rules.trick_core.winner_position` (no trump)."""
        cards = [c for _, c in view.current_trick]
        return cards[winner_position([c.index for c in cards], len(cards), -1)]

    # ---------------------------------------------------------- avoid rounds
    def _avoid(self, view: Any, cards: list[Card]) -> tuple[Card, Message]:
        name = view.round_name
        if not view.current_trick:
            if name == "queens":
                return self._lead_queens(view, cards)
            return self._lead_short(view, cards)
        led = view.current_trick[0][1].suit
        winner = self._current_winner(view)
        if cards[0].suit is led:
            losers = [c for c in cards if c.rank < winner.rank]
            if losers:
                queen = next((c for c in losers if c.rank is QUEEN), None)
                if name == "queens" and queen is not None:
                    return queen, Message("femkamp.bot.drop_queen", {"card": queen, "winner": winner})
                card = max(losers, key=_low_key)
                return card, Message("femkamp.bot.duck", {"card": card, "winner": winner})
            if len(cards) == 1:
                return cards[0], Message("femkamp.bot.only_card", {"card": cards[0]})
            if len(view.current_trick) == view.players - 1:
                safe = [c for c in cards if not (name == "queens" and c.rank is QUEEN)] or cards
                card = max(safe, key=_low_key)
                return card, Message("femkamp.bot.win_anyway", {"card": card})
            card = min(cards, key=_low_key)
            return card, Message("femkamp.bot.must_take", {"card": card})
        return self._discard(view, cards, led)

    def _discard(self, view: Any, cards: list[Card], led: Suit) -> tuple[Card, Message]:
        name = view.round_name
        length = suit_lengths(view.hand)
        if name == "clubs":
            clubs = [c for c in cards if c.suit is Suit.CLUBS]
            if clubs:
                card = max(clubs, key=_low_key)
                return card, Message("femkamp.bot.discard_club", {"card": card, "suit": led})
        if name == "queens":
            queens = [c for c in cards if c.rank is QUEEN]
            if queens:
                card = min(queens, key=lambda c: (length[c.suit], c.suit.index))
                return card, Message("femkamp.bot.discard_queen", {"card": card, "suit": led})
            seen = self._seen(view)
            guards = [c for c in cards if c.rank > QUEEN and Card(QUEEN, c.suit) not in seen]
            if guards:
                card = max(guards, key=lambda c: (int(c.rank), -length[c.suit], c.suit.index))
                return card, Message("femkamp.bot.discard_guard", {"card": card, "suit": led})
        card = max(cards, key=lambda c: (int(c.rank), -length[c.suit], c.suit.index))
        return card, Message("femkamp.bot.discard_high", {"card": card, "suit": led})

    @staticmethod
    def _lead_short(view: Any, cards: list[Card]) -> tuple[Card, Message]:
        """Pass and clubs rounds: the lowest card of the shortest suit (a club in the clubs round only when
        nothing else is left: the club would go to whoever takes the trick, perhaps me)."""
        length = suit_lengths(view.hand)
        no_clubs = view.round_name == "clubs"
        card = min(cards, key=lambda c: (no_clubs and c.suit is Suit.CLUBS, length[c.suit], int(c.rank), c.suit.index))
        return card, Message("femkamp.bot.lead_short", {"card": card})

    def _lead_queens(self, view: Any, cards: list[Card]) -> tuple[Card, Message]:
        seen = self._seen(view)
        mine = set(view.hand)
        voids = self._voids(view)
        void_suits = {s for seat, suits in voids.items() if seat != view.seat for s in suits}

        def danger(card: Card) -> int:
            queen = Card(QUEEN, card.suit)
            if queen in seen:
                return 0
            if card == queen:
                return 4
            if queen in mine:
                return 2
            if card.rank > QUEEN:
                return 5
            return 3 if card.suit in void_suits else 1

        length = suit_lengths(view.hand)
        # a suit whose queen is gone and a card below a queen still out are equally safe: shortest suit first
        card = min(cards, key=lambda c: (max(danger(c), 1), length[c.suit], int(c.rank), c.suit.index))
        level = danger(card)
        if level == 0:
            return card, Message("femkamp.bot.lead_safe", {"card": card, "suit": card.suit})
        if level in (1, 2):
            return card, Message("femkamp.bot.lead_under_queen", {"card": card, "suit": card.suit})
        return card, Message("femkamp.bot.lead_forced", {"card": card})

    # ----------------------------------------------------------------- grand
    def _grand(self, view: Any, cards: list[Card]) -> tuple[Card, Message]:
        if not view.current_trick:
            seen = self._seen(view)
            mine = set(view.hand)
            masters = [c for c in cards
                       if all(Card(r, c.suit) in seen or Card(r, c.suit) in mine for r in Rank if r > c.rank)]
            if masters:
                card = max(masters, key=_low_key)
                return card, Message("femkamp.bot.grand_master", {"card": card})
            length = suit_lengths(view.hand)
            card = max(cards, key=lambda c: (length[c.suit], -int(c.rank), c.suit.index))
            return card, Message("femkamp.bot.grand_long", {"card": card})
        led = view.current_trick[0][1].suit
        winner = self._current_winner(view)
        if cards[0].suit is led:
            winning = [c for c in cards if c.rank > winner.rank]
            if winning:
                if len(view.current_trick) == view.players - 1:
                    card = min(winning, key=_low_key)
                    return card, Message("femkamp.bot.grand_cheap_win", {"card": card})
                card = max(winning, key=_low_key)
                return card, Message("femkamp.bot.grand_win", {"card": card, "winner": winner})
        card = min(cards, key=_low_key)
        return card, Message("femkamp.bot.grand_give_up", {"card": card})

    # ----------------------------------------------------------------- kabal
    def _kabal(self, view: Any, cards: list[Card]) -> tuple[Card, Message]:
        mine = set(view.hand)
        best: tuple | None = None
        for card in cards:
            score, kind = self._kabal_score(view, card, mine)
            key = (score, -abs(_ORDER[card.rank] - 7), -card.suit.index)
            if best is None or key > best[0]:
                best = (key, card, kind)
        assert best is not None
        _, card, kind = best
        return card, Message(f"femkamp.bot.kabal_{kind}", {"card": card, "suit": card.suit})

    @staticmethod
    def _kabal_score(view: Any, card: Card, mine: set[Card]) -> tuple[int, str]:
        """How good playing ``card`` is for me (higher is better) and which reason fits."""
        position = _ORDER[card.rank]
        low, high = view.layout.rows[card.suit.index]
        if low == 0:
            directions = [-1, +1]  # a 7 opens both ways
        else:
            directions = [-1] if position < low else [+1]
        score, kind = 0, "least"
        opened_any = False
        by_position = {_ORDER[c.rank]: c for c in mine if c.suit is card.suit}
        for step in directions:
            nxt = position + step
            if not 1 <= nxt <= 13:
                continue
            opened_any = True
            beyond = sum(1 for p in by_position if (p - position) * step > 0)
            if nxt in by_position:
                score += 2 + beyond
                kind = "own"
            elif beyond:
                score += beyond - 2
                if kind == "least":
                    kind = "need"
            else:
                score -= 3
        if not opened_any:
            return 1, "end"
        return score, kind
