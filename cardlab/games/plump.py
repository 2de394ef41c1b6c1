"""Plump (Oh Hell): one round (:class:`PlumpRound`) and a whole game (:class:`PlumpGame`).

Both follow the protocol every cardlab game shares (``to_move``,
``legal_actions()``, ``why_illegal()``, ``apply()``, ``is_over``,
``scores()``, ``view(seat)``).  Actions are :class:`Bid` and :class:`Play`.

A round set up by hand, RULES.md's bidding example (3 players, 3 cards,
bids 1 and 1, so the dealer may not bid 1 — the hook, *kroken*):

>>> rnd = PlumpRound.from_hands(["AS KS 2H", "QH 3C 4D", "9S 8S 7S"], dealer=2,
...                             rules=PlumpRules(players=3), trump_card="5C")
>>> rnd.apply(Bid(seat=0, tricks=1)), rnd.apply(Bid(seat=1, tricks=1))
((BidMade(seat=0, tricks=1, changed=False),), (BidMade(seat=1, tricks=1, changed=False),))
>>> [a.tricks for a in rnd.legal_actions()]
[0, 2, 3]
>>> rnd.why_illegal(Bid(seat=2, tricks=1), lang="en")
'The hook (kroken): as dealer you may not bid 1, because the bids would add up to the 3 tricks; someone must miss.'
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple, Sequence

from .._rng import child_rng
from ..cards import Card, Suit, parse_cards
from ..errors import (
    BidError,
    CardlabError,
    GameOverError,
    HookError,
    NotYourTurnError,
    UnknownActionError,
    WrongPhaseError,
)
from ..events import BidMade, CardPlayed, RoundScored, TrickWon
from ..i18n import Message
from ..protocol import action, check_seat, game_type, plain, short_repr, whole_number
from .base import (CheckedRound, RoundsGame, seed_from, setup_cards, setup_count, setup_deals, setup_hands,
                   setup_seat, setup_table)
from .trick_actions import _PLAYS, Play, Trick, _play  # noqa: F401  (Play and Trick are importable from here too)
from .trick_actions import play_from_hand, take_back_card
from ..rules import plump_core
from ..rules.plump import PlumpRules
from ..rules.trick_core import beats, legal_follow
from ..tricks import check_play


@action("bid")
@dataclass(frozen=True, slots=True, eq=False)
class Bid:
    """Seat ``seat`` bids (or changes its bid to) ``tricks`` tricks."""

    seat: int
    tricks: int

    def __post_init__(self) -> None:
        if self.seat.__class__ is not int:
            object.__setattr__(self, "seat", whole_number(self.seat, "seat", "Bid"))
        if self.tricks.__class__ is not int:
            object.__setattr__(self, "tricks", whole_number(self.tricks, "tricks", "Bid"))

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Bid and self.seat == other.seat and self.tricks == other.tricks  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.seat, self.tricks))


_CARD_ORDER = attrgetter("_key")  # suit, then rank: the order a hand is shown in


class BidMadeBefore(NamedTuple):
    """What :meth:`PlumpRound.undo` needs to take a bid back: the seat, its bid before (None: it had
    not bid) and the phase before (the last bid turns "bid" into "play")."""

    seat: int
    bid_before: int | None
    phase_before: str


def _winner_index(cards: tuple[Card, ...], trump: Suit | None) -> int:
    """:func:`cardlab.tricks.trick_winner` for cards already parsed (the engine's hot path).

    The rule itself is :func:`cardlab.rules.trick_core.beats`.
    """
    trump_code = -1 if trump is None else trump.index
    best = cards[0]._key
    winner = 0
    for i in range(1, len(cards)):
        key = cards[i]._key
        if beats(key, best, trump_code):
            best, winner = key, i
    return winner


_BIDS: dict[tuple[int, int], Bid] = {}


def _bid(seat: int, tricks: int) -> Bid:
    key = (seat, tricks)
    found = _BIDS.get(key)
    if found is None:
        found = _BIDS[key] = Bid(seat, tricks)
    return found


def round_score(bid: int, tricks: int, scoring: str = "standard") -> int:
    """Points for one round under a scoring variant of RULES.md (the rule is
    :func:`cardlab.rules.plump_core.round_score`).

    >>> round_score(3, 3), round_score(4, 2), round_score(0, 0)
    (13, 0, 10)
    >>> round_score(2, 5, "trick-points"), round_score(2, 2, "trick-points")
    (5, 12)
    >>> round_score(2, 5, "penalty"), round_score(4, 4, "tricks-only")
    (-3, 4)
    """
    code = plump_core.SCORING_CODES.get(scoring)
    if code is None:
        raise ValueError(f"unknown scoring {scoring!r}: choose one of {', '.join(plump_core.SCORING_CODES)}")
    return plump_core.round_score(bid, tricks, code)


@dataclass(frozen=True)
class PlumpView:
    """What one seat may see of a Plump round: its own hand and everything public.

    Bots and the child's table get only this; the other hands (and a blind
    hand) are never in it.
    """

    seat: int
    players: int
    rules: PlumpRules
    hand: tuple[Card, ...]
    hand_size: int
    dealer: int
    trump_card: Card | None
    trump: Suit | None
    bid_order: tuple[int, ...]
    bids: tuple[int | None, ...]
    tricks_taken: tuple[int, ...]
    current_trick: tuple[tuple[int, Card], ...]
    completed_tricks: tuple[Trick, ...]
    phase: str
    to_move: int | None
    legal_actions: tuple[Any, ...]
    is_last_round: bool
    hook_active: bool
    round_number: int = 0
    totals: tuple[int, ...] = ()

    @property
    def led_suit(self) -> Suit | None:
        return self.current_trick[0][1].suit if self.current_trick else None

    @property
    def round_index(self) -> int:
        """The 0-based round number (the same as ``round_number``; every game's view has it)."""
        return self.round_number

    @property
    def my_bid(self) -> int | None:
        return self.bids[self.seat]

    @property
    def my_tricks(self) -> int:
        return self.tricks_taken[self.seat]

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card seen played this round (finished tricks and the trick on the table)."""
        out = [c for t in self.completed_tricks for c in t.cards]
        out += [c for _, c in self.current_trick]
        return tuple(out)

    @property
    def tricks_left(self) -> int:
        return self.hand_size - len(self.completed_tricks)


class PlumpRound(CheckedRound):
    """One round of Plump: deal, bid, play the tricks, score.

    Create one with :meth:`deal` (seeded) or :meth:`from_hands` (explicit).
    """

    game_name = "plump-round"
    rules_class = PlumpRules
    #: the lists ``apply`` changes in place (copied by :meth:`clone`)
    _copied_lists: ClassVar[tuple[str, ...]] = ("bids", "tricks_taken", "current_trick", "completed_tricks",
                                                "_undo_stack")

    def __init__(
        self,
        rules: PlumpRules,
        hands: Sequence[Sequence[Card]],
        *,
        dealer: int,
        trump_card: Card | None,
        trump: Suit | None,
        blind: Sequence[Card] = (),
        is_last_round: bool = True,
        round_number: int = 0,
    ) -> None:
        self.rules = rules
        self.players = rules.players
        self.hand_size = len(hands[0])
        self.dealer = dealer
        self.trump_card = trump_card
        self.trump = trump
        self.hands: list[list[Card]] = [sorted(h, key=_CARD_ORDER) for h in hands]
        self.blind = tuple(blind)
        self.is_last_round = is_last_round
        self.round_number = round_number
        self.bid_order = tuple((dealer + 1 + i) % self.players for i in range(self.players))
        self.bids: list[int | None] = [None] * self.players
        self.bids_made = 0
        self.tricks_taken = [0] * self.players
        self.current_trick: list[tuple[int, Card]] = []
        self.completed_tricks: list[Trick] = []
        self.phase = "bid"
        self._leader: int | None = None
        self._legal: list[Any] | None = None  # legal_actions() of this state, once asked
        #: one record per applied action, for :meth:`undo`: a :class:`BidMadeBefore` or a
        #: :class:`cardlab.games.trick_actions.PlayedCard` (a few values, never a copy of the hands)
        self._undo_stack: list[Any] = []
        self.lang: str | None = None

    # ------------------------------------------------------------ creation
    @classmethod
    def deal(cls, rules: PlumpRules, *, hand_size: int | None = None, dealer: int | None = None,
             round_index: int = 0, rng=None, is_last_round: bool = True) -> "PlumpRound":
        """Shuffle (from ``rng``) and deal one round, one card at a time from the left of the dealer.

        >>> rnd = PlumpRound.deal(PlumpRules(), hand_size=5, dealer=0, rng=1)
        >>> [len(h) for h in rnd.hands], rnd.to_move
        ([5, 5, 5, 5], 1)
        """
        from ..cards import shuffled_deck

        size = rules.largest_hand if hand_size is None else setup_count(hand_size, "hand_size", 1, rules.deck_size // rules.hands_dealt)
        dealer = rules.first_dealer if dealer is None else setup_seat(dealer, rules.players)
        deck = shuffled_deck(rng=rng, decks=rules.decks)
        n_hands = rules.hands_dealt
        hands: list[list[Card]] = [[] for _ in range(n_hands)]
        # position 0 is left of the dealer; a blind hand (two players) is dealt after the dealer
        for i in range(size * n_hands):
            hands[i % n_hands].append(deck[i])
        seat_hands: list[list[Card]] = [[] for _ in range(rules.players)]
        for pos in range(rules.players):
            seat_hands[(dealer + 1 + pos) % rules.players] = hands[pos]
        blind = hands[rules.players] if n_hands > rules.players else []
        trump_mode = rules.trump_for_round(round_index)
        trump_card = None
        if trump_mode == "turned-up":
            trump_card = deck[size * n_hands] if size * n_hands < len(deck) else None
            trump = trump_card.suit if trump_card is not None else None
        else:
            trump = trump_mode
        return cls(rules, seat_hands, dealer=dealer, trump_card=trump_card, trump=trump, blind=blind,
                   is_last_round=is_last_round, round_number=round_index)

    @classmethod
    def from_hands(cls, hands: Sequence["str | Sequence[Card | str]"], *, dealer: int = 0,
                   rules: PlumpRules | None = None, trump_card: "Card | str | None" = None,
                   trump: "Suit | str | None" = None, blind: "str | Sequence[Card | str]" = (),
                   is_last_round: bool = True) -> "PlumpRound":
        """A round from explicit hands (for exercises and tests); ``hands[i]`` is seat ``i``'s.

        The trump is the suit of ``trump_card`` if given, else ``trump`` (a suit or None).
        """
        parsed = setup_hands(hands)
        rules = rules or PlumpRules(players=len(parsed))
        dealer = setup_seat(dealer, rules.players)
        if len(parsed) != rules.players:
            raise CardlabError("plump.setup", field="hands", problem=Message("deal.hand_count", {"players": rules.players, "given": len(parsed)}))
        if len({len(h) for h in parsed}) != 1 or not parsed[0]:
            raise CardlabError("plump.setup", field="hands", problem=Message("deal.same_size"))
        if len(parsed[0]) > rules.deck_limit:
            raise CardlabError("plump.setup", field="hands", problem=Message("deal.hand_limit", {"limit": rules.deck_limit}))
        card = setup_cards([trump_card], "trump_card")[0] if trump_card is not None else None
        blind = setup_cards(blind, "blind")
        if blind and (rules.hands_dealt == rules.players or len(blind) != len(parsed[0])):
            raise CardlabError("plump.setup", field="blind", problem=Message(
                "setup.count", {"field": "blind", "low": len(parsed[0]) if rules.hands_dealt > rules.players else 0,
                                "high": len(parsed[0]) if rules.hands_dealt > rules.players else 0, "value": len(blind)}))
        if trump is not None and not isinstance(trump, Suit):
            try:
                trump = Suit.parse(trump)
            except ValueError:
                raise CardlabError("plump.setup", field="trump", problem=Message(
                    "setup.suit", {"field": "trump", "value": short_repr(trump)})) from None
        all_cards = [c for h in parsed for c in h] + list(blind) + ([card] if card else [])
        limit = rules.decks
        from ..cards import count_cards

        doubles = [c for c, k in count_cards(all_cards).items() if k > limit]
        if doubles:
            raise CardlabError("plump.setup", field="hands", problem=Message("deal.too_often", {"card": doubles[0]}))
        suit = card.suit if card is not None else (Suit.parse(trump) if trump is not None else None)
        return cls(rules, parsed, dealer=dealer, trump_card=card, trump=suit, blind=parse_cards(blind),
                   is_last_round=is_last_round)

    # ---- the save/load hooks (a single round as a game of its own)
    @classmethod
    def start(cls, rules: PlumpRules, *, rng=None, seed: int | None = None, setup: dict | None = None) -> "PlumpRound":
        """A round as a game of its own (what a saved ``"plump-round"`` replays).

        ``setup`` is ``{"hands": [...], "dealer": 2, "trump_card": "5C"}`` (also ``"trump"``,
        ``"blind"``) for explicit hands, or ``{"hand_size": 3, "dealer": 1}`` for a seeded deal.
        """
        seed = seed_from(rng, seed)
        setup = setup_table(setup, "setup", ("hands", "dealer", "trump_card", "trump", "blind", "hand_size"))
        if "hands" in setup:
            if "hand_size" in setup:
                raise CardlabError("rules.invalid", field="setup", problem=Message(
                    "setup.unknown_key", {"field": "setup", "name": "'hand_size'", "allowed": "hands, dealer, trump_card, trump, blind"}))
            rnd = cls.from_hands(setup["hands"], dealer=setup.get("dealer", 0), rules=rules,
                                 trump_card=setup.get("trump_card"), trump=setup.get("trump"),
                                 blind=setup.get("blind", ()))
        else:
            for key in ("trump_card", "trump", "blind"):
                if key in setup:
                    raise CardlabError("rules.invalid", field="setup", problem=Message(
                        "setup.unknown_key", {"field": "setup", "name": repr(key), "allowed": "hand_size, dealer"}))
            size = setup.get("hand_size")
            size = None if size is None else setup_count(size, "hand_size", 1, rules.deck_limit)
            dealer = setup.get("dealer")
            dealer = None if dealer is None else setup_seat(dealer, rules.players)
            rnd = cls.deal(rules, hand_size=size, dealer=dealer, rng=child_rng(seed, 0))
        rnd.seed, rnd.setup = seed, plain(setup) or None
        return rnd

    # ------------------------------------------------------------- questions
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def hook_active(self) -> bool:
        return plump_core.hook_applies(self.rules.hook, self.rules.hook_last_round, self.is_last_round)

    @property
    def leader(self) -> int:
        """Who leads the current trick (the first lead follows ``first_lead``)."""
        if self._leader is not None:
            return self._leader
        if self.phase == "bid":
            return self.bid_order[0]
        return plump_core.first_leader(self.bids, self.dealer, self.rules.first_lead == "highest-bidder")

    @property
    def to_move(self) -> int | None:
        if self.phase == "bid":
            return self.bid_order[self.bids_made]
        if self.phase == "play":
            return (self.leader + len(self.current_trick)) % self.players
        return None

    @property
    def led_suit(self) -> Suit | None:
        return self.current_trick[0][1].suit if self.current_trick else None

    def forbidden_bid(self, seat: int | None = None) -> int | None:
        """The one bid the hook forbids ``seat`` (default: the dealer) now; None if the hook does not bite.

        The rule is :func:`cardlab.rules.plump_core.forbidden_bid`.
        """
        others = sum(b for s, b in enumerate(self.bids) if s != self.dealer and b is not None)
        forbidden = plump_core.forbidden_bid(self.dealer if seat is None else seat, self.dealer, self.hand_size,
                                             others, self.hook_active)
        return None if forbidden < 0 else forbidden

    def changeable_bid_seat(self) -> int | None:
        """The seat that may still change its bid (the last bidder until the next bids; the dealer until the first card)."""
        if self.phase == "bid" and self.bids_made > 0:
            return self.bid_order[self.bids_made - 1]
        if self.phase == "play" and not self.completed_tricks and not self.current_trick:
            return self.dealer
        return None

    def legal_bids(self, seat: int | None = None) -> list[int]:
        """The bids ``seat`` (default: whose turn it is) may make now."""
        seat = self.to_move if seat is None else seat
        forbidden = self.forbidden_bid(seat)
        return [b for b in range(self.hand_size + 1) if b != forbidden]

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play if it were its turn (follow suit; ``must_trump``)."""
        hand = self.hands[seat]
        if self.current_trick:  # the rule is cardlab.rules.trick_core.legal_follow
            mask = 0
            for c in hand:
                mask |= 1 << c._key
            legal = int(legal_follow(mask, self.current_trick[0][1]._key // 13,
                                     -1 if self.trump is None else self.trump.index, self.rules.must_trump))
            cards = [c for c in hand if legal >> c._key & 1] if legal != mask else list(hand)
        else:
            cards = list(hand)
        return list(dict.fromkeys(cards)) if self.rules.decks == 2 else cards

    def legal_actions(self) -> list[Any]:
        """What the seat to move may do now (bid changes by the previous bidder are also allowed; see :meth:`why_illegal`)."""
        if self._legal is None:
            seat = self.to_move
            if self.phase == "bid":
                self._legal = [_bid(seat, b) for b in self.legal_bids(seat)]
            elif self.phase == "play":
                table = _PLAYS[seat] if seat < len(_PLAYS) else None
                self._legal = [(table and table[c._key]) or _play(seat, c) for c in self.legal_cards(seat)]
            else:
                self._legal = []
        return self._legal[:]

    def _check(self, act: Any, lang: str | None = None) -> None:
        lang = lang or self.lang
        if self.phase == "over":
            raise GameOverError(lang=lang)
        if not isinstance(act, (Bid, Play)):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        check_seat(act, self.players, lang)
        if isinstance(act, Bid):
            self._check_bid(act, lang)
        elif not isinstance(act.card, Card):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        else:
            self._check_play(act, lang)

    def _check_bid(self, act: Bid, lang: str | None) -> None:
        changing = act.seat == self.changeable_bid_seat() and act.seat != self.to_move
        if self.phase == "play" and not changing:
            if act.seat == self.dealer:
                raise BidError("plump.dealer_bid_fixed", lang=lang, seat=act.seat)
            raise WrongPhaseError("rule.wrong_phase_bid", lang=lang, seat=act.seat)
        if not changing and act.seat != self.to_move:
            if self.bids[act.seat] is not None:
                raise BidError("plump.bid_fixed", lang=lang, seat=act.seat)
            raise NotYourTurnError(lang=lang, seat=self.to_move)
        if not isinstance(act.tricks, int) or isinstance(act.tricks, bool) or not 0 <= act.tricks <= self.hand_size:
            raise BidError(lang=lang, tricks=act.tricks, hand_size=self.hand_size, seat=act.seat)
        if act.tricks == self.forbidden_bid(act.seat):
            raise HookError(lang=lang, tricks=act.tricks, hand_size=self.hand_size, seat=act.seat)

    def _check_play(self, act: Play, lang: str | None) -> None:
        if self.phase == "bid":
            raise WrongPhaseError(lang=lang, seat=act.seat)
        if act.seat != self.to_move:
            raise NotYourTurnError(lang=lang, seat=self.to_move)
        if act.card in self.legal_cards(act.seat):
            return
        check_play(act.card, self.hands[act.seat], self.led_suit, self.trump, self.rules.must_trump, seat=act.seat, lang=lang)

    # ----------------------------------------------------------------- moves
    def apply(self, act: Any) -> tuple:
        """Make a move and return what happened (:mod:`cardlab.events`); a refused move raises a
        :class:`cardlab.errors.IllegalMoveError` and changes nothing."""
        if act.__class__ is Play and self.phase == "play":
            legal = self._legal if self._legal is not None else self.legal_actions()
            if act.seat.__class__ is int and act in legal:  # the common case, checked without building an error
                self._legal = None
                return self._do_play(act.seat, act.card)
        self._check(act)
        self._legal = None
        if isinstance(act, Bid):
            self._undo_stack.append(BidMadeBefore(act.seat, self.bids[act.seat], self.phase))
            changed = self.bids[act.seat] is not None
            if not changed:
                self.bids_made += 1
            self.bids[act.seat] = act.tricks
            if self.bids_made == self.players and self.phase == "bid":
                self.phase = "play"
            return (BidMade(act.seat, act.tricks, changed),)
        return self._do_play(act.seat, act.card)

    def _do_play(self, seat: int, card: Card) -> tuple:
        self._undo_stack.append(play_from_hand(self.hands[seat], seat, card, self._leader))
        if not self.current_trick and not self.completed_tricks:
            self._leader = self.leader  # the first lead is now fixed
        self.current_trick.append((seat, card))
        played = CardPlayed(seat, card)
        if len(self.current_trick) < self.players:
            return (played,)
        seats = tuple(s for s, _ in self.current_trick)
        cards = tuple(c for _, c in self.current_trick)
        winner = seats[_winner_index(cards, self.trump)]
        self.completed_tricks.append(Trick(leader=seats[0], seats=seats, cards=cards, winner=winner, trump=self.trump))
        self.tricks_taken[winner] += 1
        self.current_trick = []
        self._leader = winner
        won = TrickWon(winner, cards, seats, self.trump)
        if len(self.completed_tricks) == self.hand_size:
            self.phase = "over"
            return (played, won, RoundScored(self.round_number, tuple(self.scores())))
        return (played, won)

    def _take_back(self, record: Any) -> None:
        """Undo a bid (:class:`BidMadeBefore`) or a card (:class:`~cardlab.games.trick_actions.PlayedCard`;
        a card that ended a trick brings the trick back to the table, one that ended the round the play phase)."""
        self._legal = None
        if record.__class__ is BidMadeBefore:
            if record.bid_before is None:
                self.bids_made -= 1
            self.bids[record.seat] = record.bid_before
            self.phase = record.phase_before
            return
        take_back_card(self, record)
        self._leader = record.leader_before
        self.phase = "play"

    # ---------------------------------------------------------------- scores
    def made(self) -> list[bool]:
        return [b == t for b, t in zip(self.bids, self.tricks_taken)]

    def scores(self) -> list[int]:
        """Each seat's points for this round under ``rules.scoring`` (final once the round is over)."""
        return [round_score(b if b is not None else -1, t, self.rules.scoring) for b, t in zip(self.bids, self.tricks_taken)]

    def view(self, seat: int, *, game: Any = None) -> PlumpView:
        """What ``seat`` may see: its own hand and everything on the table (and, when the round
        belongs to ``game``, that game's round index and running totals)."""
        seat = self._view_seat(seat)
        return PlumpView(
            seat=seat, players=self.players, rules=self.rules, hand=tuple(self.hands[seat]),
            hand_size=self.hand_size, dealer=self.dealer, trump_card=self.trump_card, trump=self.trump,
            bid_order=self.bid_order, bids=tuple(self.bids), tricks_taken=tuple(self.tricks_taken),
            current_trick=tuple(self.current_trick), completed_tricks=tuple(self.completed_tricks),
            phase=self.phase, to_move=self.to_move,
            legal_actions=tuple(self.legal_actions()) if seat == self.to_move else (),
            is_last_round=self.is_last_round, hook_active=self.hook_active,
            round_number=self.round_number if game is None else game.round_index,
            totals=() if game is None else tuple(game.totals),
        )

    def state_key(self) -> tuple:
        """Everything that defines the state, for comparing two states."""
        return (tuple(map(tuple, self.hands)), self.trump_card, self.trump, self.dealer, tuple(self.bids),
                tuple(self.tricks_taken), tuple(self.current_trick), tuple(self.completed_tricks), self.phase)

    def _repr_html_(self) -> str:
        from ..display import plump_round_html

        return plump_round_html(self)

    def __repr__(self) -> str:
        return f"<PlumpRound {self.hand_size} cards, dealer {self.dealer}, {self.phase}>"


game_type("plump-round")(PlumpRound)


@dataclass(frozen=True)
class RoundResult:
    """One finished round, as the score sheet (protokoll) writes it."""

    number: int
    hand_size: int
    dealer: int
    trump: Suit | None
    trump_card: Card | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    extra: bool = False

    @property
    def plumps(self) -> tuple[bool, ...]:
        return tuple(b != t for b, t in zip(self.bids, self.tricks))


@game_type("plump")
class PlumpGame(RoundsGame):
    """A whole game of Plump: the pyramid of rounds, dealer rotation and running totals.

    >>> from cardlab import RandomBot, play_out
    >>> game = play_out(PlumpGame.start(PlumpRules.preset("kids"), seed=1), RandomBot(rng=2))
    >>> game.is_over, len(game.results)
    (True, 9)
    """

    rules_class = PlumpRules
    sheet_module = "cardlab.sheets.plump"  # the protokoll: score_sheet() and score_sheet_html()
    _copied_lists = RoundsGame._copied_lists + ("schedule",)

    def __init__(self, rules: PlumpRules, *, seed: int, setup: dict | None = None) -> None:
        super().__init__(rules, seed=seed, setup=setup)
        self.schedule = rules.hand_sizes()
        self.extra_rounds = 0
        # ``setup={"deals": [{"hands": [...], "trump_card": "5C"}, ...]}`` fixes the first deals
        # one deal per round of the pyramid, plus one for an extra round that a tie may bring
        self._deals = setup_deals(setup_table(setup, "setup", ("deals",)), len(self.schedule) + 1)
        for index in range(1, len(self._deals)):  # refuse a bad set-up now, not rounds later
            self._new_round(index)
        self.round = self._new_round(0)

    def _new_round(self, index: int) -> PlumpRound:
        size = self.schedule[index] if index < len(self.schedule) else self.rules.largest_hand
        dealer = (self.rules.first_dealer + index) % self.rules.players
        last = index == len(self.schedule) - 1
        if index < len(self._deals):
            deal = setup_table(self._deals[index], f"deals[{index}]", ("hands", "trump_card", "blind"))
            if "hands" not in deal:
                raise CardlabError("rules.invalid", field="setup", problem=Message("setup.deal_hands", {"number": index + 1}))
            rnd = PlumpRound.from_hands(deal["hands"], dealer=dealer, rules=self.rules,
                                        trump_card=deal.get("trump_card"), blind=deal.get("blind", ()),
                                        trump=self._fixed_trump(index, deal), is_last_round=last)
            if len(rnd.hands[0]) != size:
                raise CardlabError("rules.invalid", field="setup", problem=f"deal {index + 1} must give {size} cards each.")
            rnd.round_number = index
        else:
            rnd = PlumpRound.deal(self.rules, hand_size=size, dealer=dealer, round_index=index,
                                  rng=child_rng(self.seed, index), is_last_round=last)
        rnd.lang = self._lang
        return rnd

    def _scoring_state(self) -> tuple:
        """The totals, and the schedule and extra-round count a tie may change (undo puts them back)."""
        return (tuple(self.totals), tuple(self.schedule), self.extra_rounds)

    def _restore_scoring_state(self, state: tuple) -> None:
        totals, schedule, self.extra_rounds = state
        self.totals, self.schedule = list(totals), list(schedule)

    def _fixed_trump(self, index: int, deal: dict) -> Suit | None:
        mode = self.rules.trump_for_round(index)
        if mode == "turned-up":
            return None
        return mode  # type: ignore[return-value]

    # -------------------------------------------------------------- protocol
    @property
    def is_over(self) -> bool:
        return self.round.is_over and len(self.results) == len(self.schedule)

    def _finish_round(self) -> None:
        rnd = self.round
        scores = rnd.scores()
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.results.append(RoundResult(
            number=len(self.results) + 1, hand_size=rnd.hand_size, dealer=rnd.dealer, trump=rnd.trump,
            trump_card=rnd.trump_card, bids=tuple(rnd.bids), tricks=tuple(rnd.tricks_taken),  # type: ignore[arg-type]
            scores=tuple(scores), extra=len(self.results) >= len(self.rules.hand_sizes()),
        ))
        self.finished_rounds.append(rnd)
        if len(self.results) == len(self.schedule) and plump_core.needs_extra_round(
                self.totals, plump_core.TIE_CODES[self.rules.tie], self.extra_rounds):
            self.extra_rounds = 1
            self.schedule = self.schedule + [self.rules.largest_hand]
        if len(self.results) < len(self.schedule):
            self.round = self._new_round(len(self.results))

    def leaders(self) -> list[int]:
        """The seat(s) on the highest total now (:func:`cardlab.rules.plump_core.winners_mask`)."""
        mask = plump_core.winners_mask(self.totals)
        return [s for s in range(self.rules.players) if mask >> s & 1]

    def winners(self) -> list[int]:
        """The seat(s) with the highest total (ties share the win, after an extra round if chosen)."""
        return self.leaders() if self.is_over else []

    def __repr__(self) -> str:
        return f"<PlumpGame round {self.round_index + 1}/{len(self.schedule)}, totals {self.totals}>"
