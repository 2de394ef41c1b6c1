"""The kabal round of Femkamp (*kabalrunden*, like Sevens / Fan Tan) as a round of its own.

All 52 cards are dealt one at a time from the left of the dealer.  Players take
turns clockwise, one card per turn.  A 7 starts its suit's row; a row grows
down from its 7 (6, 5, 4, 3, 2, A) and up (8, 9, 10, J, Q, K) one card at a
time with no gaps.  A player who can play must play (their choice which card);
a player who cannot says "prikk" (:class:`Prikk`, then the only legal action)
and scores +1.  The round ends the moment one player plays their last card;
everyone else then scores +1 per card left in hand, on top of their prikks.

RULES.md's example: 7♥ lies alone in the hearts row, so 6♥ or 8♥ may be played
but not 5♥ yet.

>>> layout = KabalLayout.from_cards("7H")
>>> [str(c) for c in layout.next_cards()]
['7♣', '7♦', '6♥', '8♥', '7♠']
>>> layout.can_play(Card.parse("5H"))
False
>>> hands = ["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"]   # the other suits lie complete
>>> rnd = KabalRound.from_hands(hands, table=_rest(" ".join(hands)), rules=FemkampRules(players=3), dealer=2)
>>> rnd.to_move, [str(a.card) for a in rnd.legal_actions()]
(0, ['6♥'])
>>> rnd.why_illegal(Play(seat=0, card=Card.parse("5H")), lang="en")
'5♥ does not fit yet: the hearts row runs from 7♥ to 7♥, so only 6♥ or 8♥ can be played now.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, NamedTuple, Sequence

from ..cards import Card, Rank, Suit, full_deck, parse_cards, shuffled_deck, sorted_hand
from ..errors import CardlabError, GameOverError, KabalError, NotInHandError, NotYourTurnError, UnknownActionError
from ..events import CardPlayed, PrikkSaid, RoundScored, WentOut
from ..i18n import Message
from .base import CheckedRound, seed_from, setup_cards, setup_hands, setup_seat, setup_table
from ..protocol import action, check_seat, game_type, plain, short_repr, whole_number
from ..rules import femkamp_core
from ..rules.femkamp import FemkampRules
from .trick_actions import Play, _play

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SEVEN = femkamp_core.SEVEN

# position of every card in its row, ace low (A=1 … K=13), and its row number (suit index)
_POS = {c: c.rank.ace_low for c in full_deck()}
_ROW = {c: c.suit.index for c in full_deck()}
_AT = {(s.index, (r.ace_low)): Card(r, s) for s in SUITS for r in Rank}
SEVEN_OF_HEARTS = Card.parse("7H")


@action("prikk")
@dataclass(frozen=True, slots=True)
class Prikk:
    """Seat ``seat`` cannot play and says "prikk" (+1 point).

    >>> Prikk(seat=1)
    Prikk(seat=1)
    """

    seat: int

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "Prikk"))


_PRIKKS = [Prikk(s) for s in range(8)]


class KabalMoveBefore(NamedTuple):
    """What :meth:`KabalRound.undo` needs to take one action back: the action, where its card lay in
    the hand (-1 for a prikk), its row's ends before (``(low, high)``, None for a prikk) and whether the
    round was still waiting for the 7♥ to open it."""

    act: Any
    hand_index: int
    row_before: tuple[int, int] | None
    opening_before: bool


def kabal_hand_sizes(players: int) -> list[int]:
    """Cards per hand in the kabal round, in dealing order from the left of the dealer.

    >>> kabal_hand_sizes(3), kabal_hand_sizes(4), kabal_hand_sizes(5)
    ([18, 17, 17], [13, 13, 13, 13], [11, 11, 10, 10, 10])
    """
    return [52 // players + (1 if i < 52 % players else 0) for i in range(players)]


@dataclass(frozen=True)
class KabalLayout:
    """The cards on the table: one row per suit (♣ ♦ ♥ ♠), each a run ``low..high`` around its 7.

    ``rows[i]`` is ``(low, high)`` in ace-low positions (A=1 … K=13), or ``(0, 0)``
    for a row that has not been started.  Rows have no gaps by construction.

    >>> layout = KabalLayout.from_cards("6C 7C 8C 7S")
    >>> [str(c) for c in layout.row(Suit.CLUBS)]
    ['6♣', '7♣', '8♣']
    >>> print(layout)
    ♣ 6♣ 7♣ 8♣
    ♦ –
    ♥ –
    ♠ 7♠
    """

    rows: tuple[tuple[int, int], ...] = ((0, 0), (0, 0), (0, 0), (0, 0))

    @classmethod
    def from_cards(cls, cards: "str | Iterable[Card | str]") -> "KabalLayout":
        """The layout holding exactly ``cards``; refuses cards that cannot lie together (gaps, no 7)."""
        cards = parse_cards(cards)
        if len(set(cards)) != len(cards):
            raise CardlabError("kabal.setup", problem=Message("kabal.deal.twice_on_table"))
        rows = []
        for suit in SUITS:
            positions = sorted(_POS[c] for c in cards if c.suit is suit)
            if not positions:
                rows.append((0, 0))
                continue
            low, high = positions[0], positions[-1]
            if not low <= SEVEN <= high or len(positions) != high - low + 1:
                raise CardlabError("kabal.setup", problem=Message("kabal.deal.broken_row", {"suit": suit}))
            rows.append((low, high))
        return cls(tuple(rows))

    def row(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of ``suit``'s row, low to high."""
        low, high = self.rows[suit.index]
        if low == 0:
            return ()
        return tuple(_AT[(suit.index, p)] for p in range(low, high + 1))

    def cards(self) -> tuple[Card, ...]:
        """Every card on the table."""
        return tuple(c for s in SUITS for c in self.row(s))

    def __len__(self) -> int:
        return sum(high - low + 1 for low, high in self.rows if low)

    def can_play(self, card: Card) -> bool:
        """Does ``card`` fit now (a 7 on an empty row, or the next card at either end)?"""
        low, high = self.rows[_ROW[card]]
        return femkamp_core.kabal_fits(low, high, _POS[card])

    def next_cards(self) -> tuple[Card, ...]:
        """The cards that would fit now, wherever they are (the open ends of the layout)."""
        out = []
        for i, (low, high) in enumerate(self.rows):
            out += [_AT[(i, end)] for end in femkamp_core.kabal_ends(low, high) if end != 0]
        return tuple(out)

    def with_card(self, card: Card) -> "KabalLayout":
        """The layout after ``card`` is played (it must fit)."""
        if not self.can_play(card):
            raise CardlabError("kabal.setup", problem=Message("kabal.deal.does_not_fit", {"card": card}))
        rows = list(self.rows)
        i = _ROW[card]
        rows[i] = femkamp_core.kabal_place(*rows[i], _POS[card])
        return KabalLayout(tuple(rows))

    def is_contiguous(self) -> bool:
        """Every row is empty or a run through its 7 (always true for layouts built by play)."""
        return all((low, high) == (0, 0) or 1 <= low <= SEVEN <= high <= 13 for low, high in self.rows)

    def __str__(self) -> str:
        return "\n".join(f"{s.symbol} " + (" ".join(str(c) for c in self.row(s)) or "–") for s in SUITS)

    def _repr_html_(self) -> str:
        from ..display.femkamp import kabal_layout_html

        return kabal_layout_html(self)


def _rest(cards: str) -> tuple[Card, ...]:
    """Every card of the deck except ``cards`` (for building positions in examples)."""
    taken = set(parse_cards(cards))
    return tuple(c for c in full_deck() if c not in taken)


@dataclass(frozen=True)
class KabalView:
    """What one seat may see of a kabal round: its hand, the table, prikks and hand sizes."""

    seat: int
    players: int
    rules: FemkampRules
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    dealer: int
    layout: KabalLayout
    prikks: tuple[int, ...]
    to_move: int | None
    legal_actions: tuple[Any, ...]
    out_seat: int | None
    round_number: int = 0

    @property
    def round_name(self) -> str:
        return "kabal"

    @property
    def round_index(self) -> int:
        return self.round_number


@game_type("kabal")
class KabalRound(CheckedRound):
    """One kabal round: deal all 52, play cards onto the rows or say prikk, score.

    Create one with :meth:`deal` (seeded) or :meth:`from_hands` (explicit hands,
    optionally with cards already on the table).
    """

    round_name = "kabal"
    rules_class = FemkampRules
    #: the lists ``apply`` changes in place (copied by :meth:`clone`)
    _copied_lists: ClassVar[tuple[str, ...]] = ("_lows", "_highs", "prikks", "history", "_undo_stack")

    def __init__(self, rules: FemkampRules, hands: Sequence[Sequence[Card]], *, dealer: int,
                 table: Iterable[Card] = (), prikks: Sequence[int] | None = None, round_number: int = 0) -> None:
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.round_number = round_number
        self.hands: list[list[Card]] = [sorted_hand(h) for h in hands]
        layout = KabalLayout.from_cards(tuple(table))
        self._lows = [low for low, _ in layout.rows]
        self._highs = [high for _, high in layout.rows]
        self.prikks = list(prikks) if prikks is not None else [0] * self.players
        self.history: list[Any] = []
        #: one :class:`KabalMoveBefore` per applied action, for :meth:`undo`
        self._undo_stack: list[Any] = []
        self.out_seat: int | None = None
        self.lang: str | None = None
        self._opening_with_seven = False
        starter = (dealer + 1) % self.players
        if rules.kabal_starter == "seven-of-hearts":
            holder = next((s for s, h in enumerate(self.hands) if SEVEN_OF_HEARTS in h), None)
            if holder is not None:
                starter, self._opening_with_seven = holder, True
        self._to_move: int | None = starter

    # ------------------------------------------------------------ creation
    @classmethod
    def deal(cls, rules: FemkampRules, *, dealer: int | None = None, rng=None, round_number: int = 0) -> "KabalRound":
        """Shuffle all 52 cards (from ``rng``) and deal them one at a time from the left of the dealer.

        >>> [len(h) for h in KabalRound.deal(FemkampRules(players=3), dealer=0, rng=1).hands]
        [17, 18, 17]
        """
        dealer = rules.first_dealer if dealer is None else dealer
        deck = shuffled_deck(rng=rng)
        n = rules.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % n].append(card)
        return cls(rules, hands, dealer=dealer, round_number=round_number)

    @classmethod
    def from_hands(cls, hands: Sequence["str | Sequence[Card | str]"], *, dealer: int = 0,
                   rules: FemkampRules | None = None, table: "str | Iterable[Card | str]" = (),
                   prikks: Sequence[int] | None = None, round_number: int = 0) -> "KabalRound":
        """A round from explicit hands (``hands[i]`` is seat ``i``'s) and cards already on the table.

        Hands and table together must be the whole deck, each card once, and the
        table must be unbroken rows through the 7s.
        """
        parsed = setup_hands(hands)
        rules = rules or FemkampRules(players=len(parsed))
        dealer = setup_seat(dealer, rules.players)
        on_table = setup_cards(table, "table")
        if len(parsed) != rules.players:
            raise CardlabError("kabal.setup", problem=Message("deal.hand_count", {"players": rules.players, "given": len(parsed)}))
        everything = [c for h in parsed for c in h] + list(on_table)
        if len(set(everything)) != len(everything):
            raise CardlabError("kabal.setup", problem=Message("deal.card_twice"))
        if len(everything) != 52:
            raise CardlabError("kabal.setup", problem=Message("kabal.deal.whole_deck", {"count": len(everything)}))
        if any(not h for h in parsed):
            raise CardlabError("kabal.setup", problem=Message("deal.empty_hand"))
        return cls(rules, parsed, dealer=dealer, table=on_table, prikks=prikks, round_number=round_number)

    @classmethod
    def start(cls, rules: FemkampRules, *, rng=None, seed: int | None = None, setup: dict | None = None) -> "KabalRound":
        """The kabal round as a game of its own (what a saved ``"kabal"`` replays).

        ``setup`` is ``{"hands": [...], "table": "...", "dealer": 0}`` (all 52 cards between
        hands and table), or ``{"dealer": 1}`` (or nothing) for a seeded deal.
        """
        from .._rng import child_rng

        seed = seed_from(rng, seed)
        setup = setup_table(setup, "setup", ("hands", "table", "dealer"))
        dealer = setup_seat(setup.get("dealer", rules.first_dealer), rules.players)
        if "hands" in setup:
            rnd = cls.from_hands(setup["hands"], dealer=dealer, rules=rules, table=setup.get("table", ()))
        elif "table" in setup:
            raise CardlabError("kabal.setup", problem=Message("setup.needs_hands", {"keys": "'table'"}))
        else:
            rnd = cls.deal(rules, dealer=dealer, rng=child_rng(seed, 0))
        rnd.seed, rnd.setup = seed, plain(setup) or None
        return rnd

    # ------------------------------------------------------------- questions
    @property
    def layout(self) -> KabalLayout:
        return KabalLayout(tuple(zip(self._lows, self._highs)))

    @property
    def is_over(self) -> bool:
        return self.out_seat is not None

    @property
    def to_move(self) -> int | None:
        return self._to_move

    def _fits(self, card: Card) -> bool:
        i = _ROW[card]
        return femkamp_core.kabal_fits(self._lows[i], self._highs[i], _POS[card])

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards in ``seat``'s hand that fit the layout now."""
        if self._opening_with_seven:
            return [SEVEN_OF_HEARTS] if SEVEN_OF_HEARTS in self.hands[seat] else []
        fits = self._fits
        return [c for c in self.hands[seat] if fits(c)]

    def legal_actions(self) -> list[Any]:
        """A :class:`Play` per card that fits, or just ``[Prikk(seat)]`` when none does."""
        seat = self._to_move
        if seat is None:
            return []
        cards = self.legal_cards(seat)
        if not cards:
            return [_PRIKKS[seat]]
        return [_play(seat, c) for c in cards]

    def _check(self, act: Any, lang: str | None = None) -> None:
        lang = lang or self.lang
        if self.is_over:
            raise GameOverError(lang=lang)
        if not isinstance(act, (Play, Prikk)) or (isinstance(act, Play) and not isinstance(act.card, Card)):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        check_seat(act, self.players, lang)
        if act.seat != self._to_move:
            raise NotYourTurnError(lang=lang, seat=self._to_move)
        hand = self.hands[act.seat]
        if isinstance(act, Prikk):
            playable = self.legal_cards(act.seat)
            if playable:
                raise KabalError("kabal.must_play", lang=lang, card=playable[0], seat=act.seat)
            return
        card = act.card
        if card not in hand:
            raise NotInHandError(lang=lang, card=card, seat=act.seat)
        if self._opening_with_seven and card != SEVEN_OF_HEARTS:
            raise KabalError("kabal.open_seven_hearts", lang=lang, card=card, seat=act.seat)
        if self._fits(card):
            return
        i = _ROW[card]
        low, high = self._lows[i], self._highs[i]
        suit = card.suit
        if low == 0:
            raise KabalError("kabal.needs_seven", lang=lang, card=card, suit=suit, seat=act.seat)
        ends = dict(low=_AT[(i, low)], high=_AT[(i, high)])
        below, above = femkamp_core.kabal_ends(low, high)
        if below and above:
            raise KabalError("kabal.gap_two", lang=lang, card=card, suit=suit, below=_AT[(i, below)],
                             above=_AT[(i, above)], seat=act.seat, **ends)
        fit = _AT[(i, below or above)]
        raise KabalError("kabal.gap_one", lang=lang, card=card, suit=suit, fit=fit, seat=act.seat, **ends)

    # ----------------------------------------------------------------- moves
    def apply(self, act: Any) -> tuple:
        """Play a card or say prikk and return what happened (:mod:`cardlab.events`); a refused
        move raises and changes nothing."""
        self._check(act)
        seat = act.seat
        if isinstance(act, Prikk):
            self._undo_stack.append(KabalMoveBefore(act, -1, None, self._opening_with_seven))
            self.prikks[seat] += 1
            events: tuple = (PrikkSaid(seat),)
        else:
            events = (CardPlayed(seat, act.card),)
            card = act.card
            hand = self.hands[seat]
            index = hand.index(card)
            i = _ROW[card]
            self._undo_stack.append(KabalMoveBefore(act, index, (self._lows[i], self._highs[i]),
                                                    self._opening_with_seven))
            del hand[index]
            self._lows[i], self._highs[i] = femkamp_core.kabal_place(self._lows[i], self._highs[i], _POS[card])
            self._opening_with_seven = False
            if not self.hands[seat]:
                self.out_seat = seat
        self.history.append(act)
        self._to_move = None if self.out_seat is not None else (seat + 1) % self.players
        if self.out_seat is not None:
            return events + (WentOut(seat), RoundScored(self.round_number, tuple(self.scores()), seat))
        return events

    def _take_back(self, record: KabalMoveBefore) -> None:
        """Undo a prikk or a card (:class:`KabalMoveBefore`): the card back in its hand and off its row, the
        seat to move again (it was that seat's turn), and a round that had ended by it going on."""
        act = record.act
        seat = act.seat
        if record.row_before is None:
            self.prikks[seat] -= 1
        else:
            card = act.card
            self.hands[seat].insert(record.hand_index, card)
            i = _ROW[card]
            self._lows[i], self._highs[i] = record.row_before
        self._opening_with_seven = record.opening_before
        self.history.pop()
        self.out_seat = None
        self._to_move = seat

    # ---------------------------------------------------------------- scores
    def cards_left(self) -> list[int]:
        return [len(h) for h in self.hands]

    def scores(self) -> list[int]:
        """Prikks plus cards left in hand (the player who went out keeps only the prikks)."""
        return [femkamp_core.kabal_score(p, len(h), s == self.out_seat)
                for s, (p, h) in enumerate(zip(self.prikks, self.hands))]

    def view(self, seat: int, *, game: Any = None) -> Any:
        """What ``seat`` may see: its own hand, the table, the prikks and how many cards each holds.

        On its own this is a :class:`KabalView`; within a Femkamp ``game`` it is that game's
        :class:`cardlab.games.femkamp.FemkampView` (with the totals and finished rounds).
        """
        seat = self._view_seat(seat)
        if game is not None:
            return game.round_view(self, seat)
        return KabalView(
            seat=seat, players=self.players, rules=self.rules, hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(h) for h in self.hands), dealer=self.dealer, layout=self.layout,
            prikks=tuple(self.prikks), to_move=self._to_move,
            legal_actions=tuple(self.legal_actions()) if seat == self._to_move else (),
            out_seat=self.out_seat, round_number=self.round_number,
        )

    def state_key(self) -> tuple:
        return (tuple(map(tuple, self.hands)), self.layout.rows, tuple(self.prikks), self._to_move,
                self.out_seat, self.dealer)

    def _repr_html_(self) -> str:
        from ..display.femkamp import kabal_round_html

        return kabal_round_html(self)

    def __repr__(self) -> str:
        state = f"seat {self.out_seat} went out" if self.is_over else f"seat {self._to_move} to move"
        return f"<KabalRound {len(self.layout)} cards on the table, {state}>"
