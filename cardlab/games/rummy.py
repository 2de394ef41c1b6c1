"""Basic Rummy: one round (:class:`RummyRound`) and a whole game (:class:`RummyGame`).

A turn has three steps (seed 004): **draw** the top card of the stock
(draghögen, *talongen*; nb *bunken*) or of the discard pile (kasthögen,
*slänghögen*; nb *kastebunken*) → **meld** (lägga ner; nb *melde*) and **lay off**
(lägga till; nb *legge til*) as much as you like → **discard** (kasta; nb
*kaste*) exactly one card, which ends the turn.  The first player whose hand
is empty wins the round; everyone else scores the cards left in hand.

Both classes follow the protocol every cardlab game shares (``to_move``,
``legal_actions()``, ``why_illegal()``, ``apply()``, ``is_over``,
``scores()``, ``view(seat)``).  The actions are :class:`Draw`, :class:`Meld`,
:class:`LayOff` and :class:`Discard`.

A round set up by hand (seat 1 is left of the dealer and starts):

>>> rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C",
...                             discard="9C", dealer=0, rules=RummyRules())
>>> rnd.to_move, rnd.phase
(1, 'draw')
>>> rnd.apply(Draw(seat=1, source="stock"))          # 4♠, which only seat 1 sees
(Drew(seat=1, source='stock', card=None),)
>>> _ = rnd.apply(Meld(seat=1, cards="AS 2S 3S 4S"))
>>> rnd.why_illegal(Meld(seat=1, cards="9H"), lang="en")
'9♥ is not a valid meld: a set is 3 or 4 cards of one rank in different suits, a run is 3 or more cards of one suit in sequence (the ace is low only).'
>>> [type(e).__name__ for e in rnd.apply(Discard(seat=1, card="9H"))]   # the last card: seat 1 goes out
['Discarded', 'WentOut', 'RoundScored']
>>> rnd.is_over, rnd.winner, rnd.scores()
(True, 1, [22, 0, 18])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, NamedTuple, Sequence

import numpy as np

from .._rng import child_rng
from ..cards import Card, count_cards, parse_cards, sorted_hand
from ..errors import (  # noqa: F401  (the Rummy errors are importable from here too)
    CardlabError,
    DiscardError,
    DrawError,
    GameOverError,
    IllegalMoveError,
    LayOffError,
    MeldError,
    NotInHandError,
    NotYourTurnError,
    RummyMoveError,
    UnknownActionError,
)
from ..events import Discarded, Drew, LaidOff, Melded, RoundScored, StockReshuffled, WentOut
from ..i18n import Message
from .base import CheckedRound, RoundsGame, seed_from, setup_cards, setup_hands, setup_seat, setup_table
from ..protocol import action, check_seat, game_type, plain, short_repr, whole_number
from ..rules import rummy_core
from ..rules.rummy import RummyRules
from .melds import (extend_meld, hand_penalty, is_meld, layoff_code, layoff_end, meld_candidates, meld_kind, meld_order,
                    meld_shape)


# ------------------------------------------------------------------ actions
@action("draw")
@dataclass(frozen=True, slots=True)
class Draw:
    """Seat ``seat`` draws the top card of the ``"stock"`` or the ``"discard"`` pile.

    >>> Draw(seat=0, source="discard")
    Draw(seat=0, source='discard')
    """

    seat: int
    source: str = "stock"

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "Draw"))


@action("meld")
@dataclass(frozen=True, slots=True)
class Meld:
    """Seat ``seat`` lays down ``cards`` as a new meld (lägga ner; nb melde).

    The cards may be given in any order; they are kept in table order.

    >>> Meld(seat=1, cards="3S AS 2S")
    Meld(seat=1, cards=(Card.parse('AS'), Card.parse('2S'), Card.parse('3S')))
    """

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "Meld"))
        object.__setattr__(self, "cards", meld_order(parse_cards(self.cards)))


@action("lay-off")
@dataclass(frozen=True, slots=True)
class LayOff:
    """Seat ``seat`` lays ``card`` off onto the table's meld number ``meld_index`` (lägga till; nb legge til).

    >>> LayOff(seat=2, card="4S", meld_index=0)
    LayOff(seat=2, card=Card.parse('4S'), meld_index=0)
    """

    seat: int
    card: Card
    meld_index: int

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "LayOff"))
        if self.meld_index.__class__ is not int:
            object.__setattr__(self, "meld_index", whole_number(self.meld_index, "meld_index", "LayOff"))
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))


@action("discard")
@dataclass(frozen=True, slots=True)
class Discard:
    """Seat ``seat`` discards ``card`` (kasta; nb kaste), which ends the turn.

    >>> Discard(seat=0, card="KH")
    Discard(seat=0, card=Card.parse('KH'))
    """

    seat: int
    card: Card

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "Discard"))
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))


def action_message(act: Any, table: Sequence["TableMeld"] = (), discard_top: Card | None = None):
    """A Rummy action in words, as a :class:`cardlab.i18n.Message` (e.g. 'lägga ner A♠ 2♠ 3♠').

    >>> action_message(Meld(seat=0, cards="AS 2S 3S")).text("sv")
    'lägga ner A♠ 2♠ 3♠'
    >>> action_message(Discard(seat=0, card="KH")).text("nb")
    'kaste K♥'
    """
    from ..i18n import Message

    if isinstance(act, Draw):
        if act.source == "discard":
            return Message("rummy.action.draw_discard", {"card": discard_top if discard_top is not None else "?"})
        return Message("rummy.action.draw_stock", {})
    if isinstance(act, Meld):
        return Message("rummy.action.meld", {"cards": _cards_text(act.cards)})
    if isinstance(act, LayOff):
        index = act.meld_index
        meld = str(table[index]) if isinstance(index, int) and 0 <= index < len(table) else f"#{index}"
        return Message("rummy.action.lay_off", {"card": act.card, "meld": meld})
    if isinstance(act, Discard):
        return Message("rummy.action.discard", {"card": act.card})
    return Message("rule.unknown_action", {"action": repr(act)})


# ------------------------------------------------------------ the table
@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: who laid it down, its cards in table order, and the lay-offs onto it.

    >>> m = TableMeld(owner=0, cards=parse_cards("5S 6S 7S"))
    >>> m.kind, m.with_card(Card.parse("8S"), seat=2).additions
    ('run', ((2, Card.parse('8S')),))
    """

    owner: int
    cards: tuple[Card, ...]
    additions: tuple[tuple[int, Card], ...] = ()
    kind: str = field(init=False, compare=False, repr=False)
    _shape: "tuple | None" = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cards = meld_order(parse_cards(self.cards))
        object.__setattr__(self, "cards", cards)
        kind = meld_kind(cards) or "?"
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "_shape", meld_shape(cards))

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` can be laid off onto this meld (the rule: :func:`cardlab.rules.rummy_core.layoff_end`)."""
        return layoff_code(self._shape, self.cards, card) != rummy_core.LAYOFF_NONE

    def end_for(self, card: Card) -> str | None:
        """``"low"``, ``"high"``, ``"set"`` or ``None`` (see :func:`cardlab.games.melds.layoff_end`)."""
        return layoff_end(self.cards, card)

    def with_card(self, card: Card, *, seat: int) -> "TableMeld":
        return TableMeld(self.owner, extend_meld(self.cards, card), self.additions + ((seat, card),))

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))


@dataclass(frozen=True)
class RummyView:
    """What one seat may see of a Rummy round: its own hand and everything public.

    Other hands appear only as their sizes; the stock only as its size.  The
    discard pile, the melds on the table and every card a player took from
    the discard pile (``pickups``) are public.
    """

    seat: int
    players: int
    rules: RummyRules
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    dealer: int
    to_move: int | None
    phase: str
    stock_size: int
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    pickups: tuple[tuple[int, Card], ...]
    taken_from_discard: Card | None
    melded_before: tuple[bool, ...]
    reshuffles: int
    turns: int
    legal_actions: tuple[Any, ...]
    winner: int | None
    round_number: int = 0
    totals: tuple[int, ...] = ()

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def round_index(self) -> int:
        """The 0-based round number (the same as ``round_number``; every game's view has it)."""
        return self.round_number

    @property
    def next_seat(self) -> int:
        """The player after this seat (who may take what this seat discards)."""
        return (self.seat + 1) % self.players

    def pickups_by(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has taken from the discard pile this round."""
        return tuple(c for s, c in self.pickups if s == seat)


# ------------------------------------------------------------------ round
def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) if cards else "–"


class RummyMoveBefore(NamedTuple):
    """What :meth:`RummyRound.undo` needs to take one action back: the action, the mover's hand before
    it, the round's small values before it (:meth:`RummyRound._turn_state`) and what it took from a pile
    or the table: the card drawn (:class:`Draw`), the meld before a :class:`LayOff`, and for a
    :class:`Discard` onto an empty stock (which may reshuffle the pile or end the round) the
    :class:`PilesBefore`; None otherwise."""

    act: Any
    hand_before: tuple[Card, ...]
    turn_before: tuple
    taken: Any


class PilesBefore(NamedTuple):
    """The discard pile before a discard onto an empty stock, and the state of the round's
    ``reshuffle_rng`` (None when the reshuffle is seeded from the round's ``seed`` instead)."""

    discard_pile: tuple[Card, ...]
    rng_state: Any


def generator_state(rng: Any) -> tuple:
    """Everything a draw from ``rng`` changes, to put back with :func:`set_generator_state`: a numpy
    Generator's bit-generator state, and the state of the stream it shuffles from when it has one (the
    kernels' ``DeckRng`` shares a stream with the simulated bots).

    >>> rng = np.random.default_rng(3)
    >>> state = generator_state(rng)
    >>> first = rng.permutation(5).tolist()
    >>> set_generator_state(rng, state)
    >>> rng.permutation(5).tolist() == first
    True
    """
    stream = getattr(rng, "stream", None)
    return (rng.bit_generator.state, getattr(stream, "state", None))


def set_generator_state(rng: Any, state: tuple) -> None:
    """Put ``rng`` back as :func:`generator_state` found it."""
    rng.bit_generator.state = state[0]
    if state[1] is not None:
        rng.stream.state = state[1]


@game_type("rummy-round")
class RummyRound(CheckedRound):
    """One round of Rummy: deal, turns of draw → meld/lay off → discard, then scoring.

    Create one with :meth:`deal` (seeded) or :meth:`from_cards` (explicit hands and stock).
    ``stock[0]`` is the top of the stock; ``discard_pile[-1]`` is the top of the discard pile.
    """

    rules_class = RummyRules
    #: the lists ``apply`` changes in place (copied by :meth:`clone`)
    _copied_lists: ClassVar[tuple[str, ...]] = ("stock", "discard_pile", "table", "pickups", "melded_before",
                                                "_undo_stack")

    def __init__(self, rules: RummyRules, hands: Sequence[Sequence[Card]], stock: Sequence[Card],
                 discard_pile: Sequence[Card], *, dealer: int, seed: int = 0, round_number: int = 0,
                 reshuffle_rng=None) -> None:
        self.rules = rules
        #: when set, a Generator whose ``permutation`` orders every reshuffle (the compiled simulations share one stream)
        self.reshuffle_rng = reshuffle_rng
        self.players = rules.players
        self.dealer = dealer
        self.seed = seed
        self.round_number = round_number
        self.hands: list[list[Card]] = [sorted_hand(h) for h in hands]
        self.stock: list[Card] = list(stock)
        self.discard_pile: list[Card] = list(discard_pile)
        self.table: list[TableMeld] = []
        self.pickups: list[tuple[int, Card]] = []
        self.melded_before = [False] * self.players
        self.reshuffles = 0
        self.turns = 0
        self.phase = "draw"
        self.current = (dealer + 1) % self.players
        self.taken_from_discard: Card | None = None
        self.put_down_this_turn = False
        self.winner: int | None = None
        self.went_rummy = False
        #: one :class:`RummyMoveBefore` per applied action, for :meth:`undo`
        self._undo_stack: list[Any] = []
        self.lang: str | None = None
        self._check_stock()

    # ------------------------------------------------------------ creation
    @classmethod
    def deal(cls, rules: RummyRules, *, dealer: int | None = None, rng=None, seed: int = 0,
             round_number: int = 0, reshuffle_rng=None) -> "RummyRound":
        """Shuffle (from ``rng``) and deal one card at a time from the left of the dealer; turn the stock's top card.

        ``seed`` and ``round_number`` seed the reshuffles of the discard pile (or ``reshuffle_rng``
        draws them, when given).

        >>> rnd = RummyRound.deal(RummyRules(), rng=1)
        >>> [len(h) for h in rnd.hands], len(rnd.stock), len(rnd.discard_pile), rnd.to_move
        ([7, 7, 7], 30, 1, 1)
        """
        from ..cards import shuffled_deck

        dealer = rules.first_dealer if dealer is None else dealer
        deck = shuffled_deck(rng=rng)
        n, size = rules.players, rules.hand_size
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(size * n):
            hands[(dealer + 1 + i) % n].append(deck[i])
        rest = deck[size * n:]
        return cls(rules, hands, rest[1:], rest[:1], dealer=dealer, seed=seed, round_number=round_number,
                   reshuffle_rng=reshuffle_rng)

    @classmethod
    def from_cards(cls, hands: Sequence["str | Sequence[Card | str]"], *, stock: "str | Sequence[Card | str] | None" = None,
                   discard: "str | Sequence[Card | str] | None" = None, dealer: int = 0,
                   rules: RummyRules | None = None, rng=None, seed: int = 0, round_number: int = 0) -> "RummyRound":
        """A round from explicit hands (for exercises and tests); ``hands[i]`` is seat ``i``'s.

        ``stock`` is listed top card first; ``discard`` bottom first (its last card is on top).
        Left out, the stock is the unused cards shuffled from ``rng`` and the discard pile
        is the stock's turned-up top card.  No card may appear twice.
        """
        parsed = setup_hands(hands)
        rules = rules or RummyRules(players=len(parsed))
        if len(parsed) != rules.players:
            raise CardlabError("rummy.setup", field="hands", problem=Message("deal.hand_count", {"players": rules.players, "given": len(parsed)}))
        if any(not h for h in parsed):
            raise CardlabError("rummy.setup", field="hands", problem=Message("deal.empty_hand"))
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
            raise CardlabError("rummy.setup", field="dealer", problem=Message("deal.dealer_seat", {"last": rules.players - 1}))
        pile = setup_cards(discard, "discard") if discard is not None else None
        given = [c for h in parsed for c in h] + (pile or [])
        doubles = [c for c, k in count_cards(given).items() if k > 1]
        if doubles:
            raise CardlabError("rummy.setup", field="hands", problem=Message("deal.more_than_once", {"card": doubles[0]}))
        if stock is None:
            from ..cards import shuffled_deck

            stock_cards = shuffled_deck(rng=rng, exclude=given)
        else:
            stock_cards = setup_cards(stock, "stock")
        if pile is None:
            pile, stock_cards = stock_cards[:1], stock_cards[1:]
        doubles = [c for c, k in count_cards(given + stock_cards).items() if k > 1]
        if doubles:
            raise CardlabError("rummy.setup", field="hands", problem=Message("deal.more_than_once", {"card": doubles[0]}))
        if not stock_cards and not pile:
            raise CardlabError("rummy.setup", field="stock", problem=Message("rummy.deal.empty_piles"))
        return cls(rules, parsed, stock_cards, pile, dealer=dealer, seed=seed, round_number=round_number)

    @classmethod
    def start(cls, rules: RummyRules, *, rng=None, seed: int | None = None, setup: dict | None = None) -> "RummyRound":
        """One round as a game of its own (what a saved ``"rummy-round"`` replays).

        ``setup`` is ``{"hands": [...], "stock": "...", "discard": "...", "dealer": 0}`` for
        explicit cards, or ``{"dealer": 1}`` (or nothing) for a seeded deal.
        """
        seed = seed_from(rng, seed)
        setup = setup_table(setup, "setup", ("hands", "stock", "discard", "dealer"))
        dealer = setup_seat(setup.get("dealer", rules.first_dealer), rules.players)
        if "hands" in setup:
            rnd = cls.from_cards(setup["hands"], stock=setup.get("stock"), discard=setup.get("discard"),
                                 dealer=dealer, rules=rules, rng=child_rng(seed, 0), seed=seed)
        elif "stock" in setup or "discard" in setup:
            raise CardlabError("rummy.setup", field="setup", problem=Message("setup.needs_hands", {"keys": "'stock', 'discard'"}))
        else:
            rnd = cls.deal(rules, dealer=dealer, rng=child_rng(seed, 0), seed=seed)
        rnd.setup = plain(setup) or None
        return rnd

    # ------------------------------------------------------------- questions
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.current

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def end_reason(self) -> str | None:
        """``"out"`` (someone went out), ``"stock"`` (the stock ran out for good) or ``None`` while playing."""
        if not self.is_over:
            return None
        return "out" if self.winner is not None else "stock"

    def _discardable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        no_same = self.rules.no_same_discard
        return [c for c in hand if rummy_core.may_discard(no_same, c == self.taken_from_discard)]

    def _leaves_no_discard(self, seat: int, removed: Sequence[Card], table: Callable[[], list[TableMeld]]) -> Card | None:
        """The forbidden card, if after removing ``removed`` the hand would hold only it and it fits
        nowhere on ``table()`` (the table as it would be after the move)."""
        taken = self.taken_from_discard
        cards_left = len(self.hands[seat]) - len(removed)
        if taken is None or cards_left != 1:      # the question cannot arise: skip building the table
            return None
        only_taken = [c for c in self.hands[seat] if c not in removed] == [taken]
        fits = only_taken and any(m.accepts(taken) for m in table())
        stuck = rummy_core.leaves_no_discard(self.rules.no_same_discard, True, cards_left, only_taken, fits)
        return taken if stuck else None

    def _table_after_layoff(self, index: int, card: Card, seat: int) -> list[TableMeld]:
        table = list(self.table)
        table[index] = table[index].with_card(card, seat=seat)
        return table

    def legal_actions(self) -> list[Any]:
        """What the seat to move may do now.

        Draw phase: the stock and/or the discard pile.  Meld phase: every meld
        that can be laid down from the hand, every lay-off onto the table, and
        every discard.
        """
        seat = self.current
        if self.phase == "draw":
            out: list[Any] = []
            if self.stock:
                out.append(Draw(seat, "stock"))
            if self.discard_pile:
                out.append(Draw(seat, "discard"))
            return out
        if self.phase != "meld":
            return []
        hand = self.hands[seat]
        out = []
        for cards in meld_candidates(hand):
            if self._leaves_no_discard(seat, cards, lambda: self.table + [TableMeld(seat, cards)]) is None:
                out.append(Meld(seat, cards))
        for index, meld in enumerate(self.table):
            for card in hand:
                if meld.accepts(card):
                    if self._leaves_no_discard(seat, [card], lambda: self._table_after_layoff(index, card, seat)) is None:
                        out.append(LayOff(seat, card, index))
        out.extend(Discard(seat, c) for c in self._discardable(seat))
        return out

    def _check(self, act: Any, lang: str | None = None) -> None:
        lang = lang or self.lang
        if self.phase == "over":
            raise GameOverError(lang=lang)
        if not isinstance(act, (Draw, Meld, LayOff, Discard)):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        check_seat(act, self.players, lang)
        if isinstance(act, (LayOff, Discard)) and not isinstance(act.card, Card):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        if isinstance(act, Meld) and not all(isinstance(c, Card) for c in act.cards):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        if act.seat != self.current:
            raise NotYourTurnError(lang=lang, seat=self.current)
        if isinstance(act, Draw):
            if self.phase != "draw":
                raise DrawError("rummy.already_drew", lang=lang, seat=act.seat)
            if act.source not in ("stock", "discard"):
                raise DrawError("rummy.bad_source", lang=lang, source=act.source, seat=act.seat)
            if act.source == "stock" and not self.stock:
                raise DrawError("rummy.stock_empty", lang=lang, seat=act.seat)
            if act.source == "discard" and not self.discard_pile:
                raise DrawError("rummy.discard_empty", lang=lang, seat=act.seat)
            return
        if self.phase == "draw":
            raise DrawError("rummy.draw_first", lang=lang, seat=act.seat)
        hand = self.hands[act.seat]
        if isinstance(act, Meld):
            for card in act.cards:
                if card not in hand:
                    raise NotInHandError(lang=lang, card=card, seat=act.seat)
            if not is_meld(act.cards):
                raise MeldError(lang=lang, cards=_cards_text(act.cards), seat=act.seat)
            stuck = self._leaves_no_discard(act.seat, act.cards, lambda: self.table + [TableMeld(act.seat, act.cards)])
        elif isinstance(act, LayOff):
            if act.card not in hand:
                raise NotInHandError(lang=lang, card=act.card, seat=act.seat)
            index = act.meld_index
            if not self.table:
                raise LayOffError("rummy.no_melds_yet", lang=lang, seat=act.seat)
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.table):
                raise LayOffError("rummy.no_such_meld", lang=lang, index=index, last=len(self.table) - 1, seat=act.seat)
            meld = self.table[index]
            if not meld.accepts(act.card):
                raise LayOffError(lang=lang, card=act.card, meld=str(meld), seat=act.seat)
            stuck = self._leaves_no_discard(act.seat, [act.card], lambda: self._table_after_layoff(index, act.card, act.seat))
        else:
            if act.card not in hand:
                raise NotInHandError(lang=lang, card=act.card, seat=act.seat)
            if not rummy_core.may_discard(self.rules.no_same_discard, act.card == self.taken_from_discard):
                raise DiscardError(lang=lang, card=act.card, seat=act.seat)
            return
        if stuck is not None:
            raise DiscardError("rummy.keep_discard", lang=lang, card=stuck, seat=act.seat)

    # ----------------------------------------------------------------- moves
    def apply(self, act: Any) -> tuple:
        """Make a move and return what happened (:mod:`cardlab.events`); a refused move raises an
        :class:`cardlab.errors.IllegalMoveError` and changes nothing."""
        self._check(act)
        seat = act.seat
        hand = self.hands[seat]
        before = (act, tuple(hand), self._turn_state())
        if isinstance(act, Draw):
            if act.source == "stock":
                card = self.stock.pop(0)
                event = Drew(seat, "stock")
            else:
                card = self.discard_pile.pop()
                self.pickups.append((seat, card))
                self.taken_from_discard = card
                event = Drew(seat, "discard", card)
            self._undo_stack.append(RummyMoveBefore(*before, card))
            hand.append(card)
            self.hands[seat] = sorted_hand(hand)
            self.phase = "meld"
            return (event,)
        if isinstance(act, Meld):
            self._undo_stack.append(RummyMoveBefore(*before, None))
            for card in act.cards:
                hand.remove(card)
            self.table.append(TableMeld(seat, act.cards))
            self.put_down_this_turn = True
            events: tuple = (Melded(seat, act.cards, len(self.table) - 1),)
        elif isinstance(act, LayOff):
            self._undo_stack.append(RummyMoveBefore(*before, self.table[act.meld_index]))
            hand.remove(act.card)
            self.table[act.meld_index] = self.table[act.meld_index].with_card(act.card, seat=seat)
            self.put_down_this_turn = True
            events = (LaidOff(seat, act.card, act.meld_index),)
        else:
            self._undo_stack.append(RummyMoveBefore(*before, None if self.stock else self._piles_before()))
            hand.remove(act.card)
            self.discard_pile.append(act.card)
            events = (Discarded(seat, act.card),)
            if hand:
                reshuffles = self.reshuffles
                self._end_turn()
                if self.reshuffles != reshuffles:
                    events += (StockReshuffled(len(self.stock), self.reshuffles),)
                if self.phase == "over":
                    events += (RoundScored(self.round_number, tuple(self.scores())),)
                return events
        if not hand:
            self._go_out(seat)
            events += (WentOut(seat, self.went_rummy), RoundScored(self.round_number, tuple(self.scores()), seat))
        return events

    # ------------------------------------------------------------------ undo
    def _turn_state(self) -> tuple:
        """The round's small values an action may change (the phase, whose turn, the turn's draw and
        melds, the end of the round, the counts), as :meth:`undo` puts them back."""
        return (self.phase, self.current, self.taken_from_discard, self.put_down_this_turn, self.winner,
                self.went_rummy, self.turns, self.reshuffles, tuple(self.melded_before))

    def _set_turn_state(self, state: tuple) -> None:
        (self.phase, self.current, self.taken_from_discard, self.put_down_this_turn, self.winner,
         self.went_rummy, self.turns, self.reshuffles, melded_before) = state
        self.melded_before = list(melded_before)

    def _piles_before(self) -> PilesBefore:
        """What a discard onto an empty stock may change besides the turn: the discard pile (reshuffled
        into the stock) and the reshuffle generator (drawn from)."""
        rng = self.reshuffle_rng
        return PilesBefore(tuple(self.discard_pile), None if rng is None else generator_state(rng))

    def _take_back(self, record: RummyMoveBefore) -> None:
        """Undo a draw, meld, lay-off or discard (:class:`RummyMoveBefore`): the piles and the table as
        they were, the mover's hand and the round's small values as they were."""
        act, taken = record.act, record.taken
        if isinstance(act, Draw):
            if act.source == "stock":
                self.stock.insert(0, taken)
            else:
                self.pickups.pop()
                self.discard_pile.append(taken)
        elif isinstance(act, Meld):
            self.table.pop()
        elif isinstance(act, LayOff):
            self.table[act.meld_index] = taken
        elif taken is None:
            self.discard_pile.pop()
        else:  # the stock was empty: the pile may have been reshuffled into it
            self.stock, self.discard_pile = [], list(taken.discard_pile)
            if taken.rng_state is not None:
                set_generator_state(self.reshuffle_rng, taken.rng_state)
        self.hands[act.seat] = list(record.hand_before)
        self._set_turn_state(record.turn_before)

    def played_actions(self) -> list[Any]:
        """Every action applied to the round so far, in order (the ones :meth:`undo` can take back).

        >>> rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S"], stock="4S 8D", discard="9C")
        >>> _ = rnd.apply(Draw(seat=1, source="discard"))
        >>> rnd.played_actions()
        [Draw(seat=1, source='discard')]
        """
        return [record.act for record in self._undo_stack]

    def clone(self) -> "RummyRound":
        """An independent copy (see :meth:`cardlab.games.base.CheckedRound.clone`).  A plain numpy
        ``reshuffle_rng`` is copied too; any other kind (the kernels' ``DeckRng``, whose stream the
        simulated bots draw from as well) is shared with the copy."""
        other = super().clone()
        if type(self.reshuffle_rng) is np.random.Generator:
            other.reshuffle_rng = copy.deepcopy(self.reshuffle_rng)
        return other

    def _go_out(self, seat: int) -> None:
        self.winner = seat
        self.went_rummy = not self.melded_before[seat]
        self.turns += 1
        self.phase = "over"

    def _end_turn(self) -> None:
        seat = self.current
        self.melded_before[seat] = self.melded_before[seat] or self.put_down_this_turn
        self.put_down_this_turn = False
        self.taken_from_discard = None
        self.turns += 1
        self.current = (seat + 1) % self.players
        self.phase = "draw"
        self._check_stock()

    def _check_stock(self) -> None:
        """An empty stock is rebuilt from the discard pile (all but its top card), as often as
        needed or at most ``max_reshuffles`` times; after that (or when the pile holds nothing to
        reshuffle) an empty stock ends the round with no winner.  The rule is
        :func:`cardlab.rules.rummy_core.may_reshuffle`."""
        if self.stock or self.phase == "over":
            return
        if rummy_core.may_reshuffle(self.reshuffles, rummy_core.reshuffle_limit(self.rules.max_reshuffles),
                                    len(self.discard_pile)):
            cards, top = self.discard_pile[:-1], self.discard_pile[-1]
            rng = self.reshuffle_rng if self.reshuffle_rng is not None else child_rng(self.seed, self.round_number, 1000 + self.reshuffles)
            order = rng.permutation(len(cards))
            self.stock = [cards[i] for i in order]
            self.discard_pile = [top]
            self.reshuffles += 1
        else:
            self.phase = "over"

    # ---------------------------------------------------------------- scores
    @property
    def penalty_multiplier(self) -> int:
        """2 when the round was won by going rummy and ``rummy_bonus`` is on, else 1."""
        return 2 if (self.rules.rummy_bonus and self.winner is not None and self.went_rummy) else 1

    def scores(self) -> list[int]:
        """Each seat's penalty points for the round: the value of the cards in hand (the winner 0).

        Before the round is over this is what each hand would cost now.
        """
        doubled = self.penalty_multiplier == 2
        return [rummy_core.round_penalty(hand_penalty(h), s == self.winner, doubled) for s, h in enumerate(self.hands)]

    def all_cards(self) -> list[Card]:
        """Every card of the round: hands, melds on the table, stock and discard pile (always the 52)."""
        return ([c for h in self.hands for c in h] + [c for m in self.table for c in m.cards]
                + self.stock + self.discard_pile)

    def view(self, seat: int, *, game: Any = None) -> RummyView:
        """What ``seat`` may see: its own hand, the other hands' sizes and everything on the table
        (and, when the round belongs to ``game``, the running totals)."""
        seat = self._view_seat(seat)
        mine = seat == self.to_move
        return RummyView(
            seat=seat, players=self.players, rules=self.rules, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands), dealer=self.dealer, to_move=self.to_move,
            phase=self.phase, stock_size=len(self.stock), discard_pile=tuple(self.discard_pile),
            table=tuple(self.table), pickups=tuple(self.pickups),
            taken_from_discard=self.taken_from_discard if mine else None,
            melded_before=tuple(self.melded_before), reshuffles=self.reshuffles, turns=self.turns,
            legal_actions=tuple(self.legal_actions()) if mine else (), winner=self.winner,
            round_number=self.round_number, totals=() if game is None else tuple(game.totals),
        )

    def state_key(self) -> tuple:
        """Everything that defines the state, for comparing two states."""
        return (tuple(map(tuple, self.hands)), tuple(self.stock), tuple(self.discard_pile), tuple(self.table),
                tuple(self.pickups), tuple(self.melded_before), self.reshuffles, self.turns, self.phase,
                self.current, self.taken_from_discard, self.put_down_this_turn, self.winner, self.dealer)

    def _repr_html_(self) -> str:
        from ..display.rummy import rummy_round_html

        return rummy_round_html(self)

    def __repr__(self) -> str:
        return f"<RummyRound dealer {self.dealer}, {self.phase}, stock {len(self.stock)}>"


# ------------------------------------------------------------------- game
@dataclass(frozen=True)
class RoundResult:
    """One finished round, as the score sheet writes it: ``number`` (1-based), ``dealer`` and
    ``scores`` (penalty points, seat order), as in every cardlab game; ``penalties`` is the same tuple."""

    number: int
    dealer: int
    winner: int | None
    went_rummy: bool
    scores: tuple[int, ...]
    turns: int
    reshuffles: int

    @property
    def penalties(self) -> tuple[int, ...]:
        """The penalty points of the round (the same as ``scores``)."""
        return self.scores


RummyRoundResult = RoundResult  # the older name


def _deal_from_setup(setup: dict | None) -> list[dict]:
    """The explicit deals in a set-up: ``{"deals": [...]}`` or one deal given directly."""
    if not setup:
        return []
    if not isinstance(setup, dict):
        raise CardlabError("rummy.setup", field="setup", problem="the set-up must be a table with 'hands' (and 'stock', 'discard') or 'deals'.")
    setup = setup_table(setup, "setup", ("deals",) if "deals" in setup else ("hands", "stock", "discard"))
    if "deals" in setup:
        deals = setup["deals"]
        if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
            raise CardlabError("rummy.setup", field="setup", problem="'deals' must be a list of tables with 'hands'.")
        return list(deals)
    if "hands" in setup:
        return [setup]
    raise CardlabError("rummy.setup", field="setup", problem="give 'hands' (and 'stock', 'discard') or 'deals'.")


@game_type("rummy")
class RummyGame(RoundsGame):
    """A whole game of Rummy: rounds until someone reaches ``target`` penalty points (or ``rounds``
    rounds are played), the dealer moving one seat clockwise each round.  The lowest total wins.

    >>> from cardlab import RandomBot, play_out
    >>> game = play_out(RummyGame.start(RummyRules(rounds=2), seed=5), RandomBot(rng=2))
    >>> game.is_over, len(game.results)
    (True, 2)

    ``setup`` fixes deals: ``{"hands": [...], "stock": "...", "discard": "..."}`` for the first
    round, or ``{"deals": [{...}, {...}]}`` for several.
    """

    rules_class = RummyRules
    sheet_module = "cardlab.sheets.rummy"  # rounds × players, penalties, running totals

    def __init__(self, rules: RummyRules, *, seed: int, setup: dict | None = None) -> None:
        super().__init__(rules, seed=seed, setup=setup)  # every deal and reshuffle is drawn from ``seed``
        self._deals = _deal_from_setup(setup)
        for index in range(1, len(self._deals)):  # refuse a bad set-up now, not rounds later
            self._new_round(index)
        self.round = self._new_round(0)

    def _new_round(self, index: int) -> RummyRound:
        dealer = (self.rules.first_dealer + index) % self.rules.players
        if index < len(self._deals):
            deal = setup_table(self._deals[index], f"deals[{index}]", ("hands", "stock", "discard"))
            if "hands" not in deal:
                raise CardlabError("rummy.setup", field="setup", problem=f"deal {index + 1} has no 'hands'.")
            rnd = RummyRound.from_cards(deal["hands"], stock=deal.get("stock"), discard=deal.get("discard"),
                                        dealer=dealer, rules=self.rules, rng=child_rng(self.seed, index),
                                        seed=self.seed, round_number=index)
        else:
            rnd = RummyRound.deal(self.rules, dealer=dealer, rng=child_rng(self.seed, index),
                                  seed=self.seed, round_number=index)
        rnd.lang = self._lang
        return rnd

    # -------------------------------------------------------------- protocol
    @property
    def is_over(self) -> bool:
        if not self.round.is_over:
            return False
        if self.rules.rounds is not None:
            return len(self.results) >= self.rules.rounds
        return max(self.totals) >= self.rules.target

    def _finish_round(self) -> None:
        rnd = self.round
        penalties = rnd.scores()
        self.totals = [t + p for t, p in zip(self.totals, penalties)]
        self.results.append(RoundResult(
            number=len(self.results) + 1, dealer=rnd.dealer, winner=rnd.winner,
            went_rummy=rnd.winner is not None and rnd.went_rummy, scores=tuple(penalties),
            turns=rnd.turns, reshuffles=rnd.reshuffles))
        self.finished_rounds.append(rnd)
        if not self.is_over:
            self.round = self._new_round(len(self.results))

    def winners(self) -> list[int]:
        """The seat(s) with the lowest total once the game is over (ties share the win)."""
        if not self.is_over:
            return []
        best = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def __repr__(self) -> str:
        return f"<RummyGame round {self.round_index + 1}, totals {self.totals}>"
