"""Femkamp (Norwegian *5-kamp*): four trick rounds and the kabal round, lowest total wins.

:class:`FemkampTrickRound` is one of the trick rounds (pass, clubs, queens,
grand: no trump, follow suit, highest card of the led suit wins);
:class:`cardlab.games.kabal.KabalRound` is the sevens round; :class:`FemkampGame`
plays the five in ``rules.round_order`` with dealer rotation and running totals.
Every class follows the protocol all cardlab games share (``to_move``,
``legal_actions()``, ``why_illegal()``, ``apply()``, ``is_over``, ``scores()``,
``view(seat)``).  A card is played with :class:`cardlab.games.plump.Play`; a
"prikk" in the kabal round is :class:`cardlab.games.kabal.Prikk`.

RULES.md's example trick in the queens round: 10♠, Q♠, A♠, Q♥ → A♠ wins and
its taker scores 8.

>>> rnd = FemkampTrickRound.from_hands(["10S", "QS", "AS", "QH"], round_name="queens", dealer=3)
>>> for seat, card in enumerate(["10S", "QS", "AS", "QH"]):
...     events = rnd.apply(Play(seat=seat, card=Card.parse(card)))
>>> rnd.completed_tricks[0].winner, rnd.scores()
(2, [0, 0, 8, 0])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from .._rng import child_rng, derive_seed
from ..cards import Card, Rank, Suit, parse_cards, shuffled_deck, sorted_hand
from ..errors import CardlabError, GameOverError, IllegalMoveError, NotYourTurnError, UnknownActionError
from ..events import CardPlayed, RoundScored, TrickWon
from ..i18n import Message
from ..protocol import check_seat, game_type, plain, short_repr
from .base import CheckedRound, RoundsGame, seed_from, setup_deals, setup_hands, setup_seat, setup_table
from ..rules import femkamp_core
from ..rules.femkamp import ROUND_NAMES, TRICK_ROUNDS, FemkampRules, round_goal, round_scoring, round_title
from ..rules.trick_core import legal_follow
from ..tricks import check_play, trick_winner
from .kabal import KabalLayout, KabalRound, Prikk
from .trick_actions import Play, Trick, _play, play_from_hand, take_back_card

__all__ = ["FemkampGame", "FemkampTrickRound", "FemkampView", "RoundResult", "Play", "Prikk", "KabalRound",
           "round_title", "round_goal", "round_scoring", "ROUND_NAMES"]

CLUBS = Suit.CLUBS
QUEEN = Rank.QUEEN


def trick_round_score(round_name: str, tricks: int, clubs: int, queens: int, rules: FemkampRules) -> int:
    """Points for one player in a trick round, from what they took (the rule is
    :func:`cardlab.rules.femkamp_core.trick_round_score`).

    >>> r = FemkampRules()
    >>> [trick_round_score(n, 3, 2, 1, r) for n in ("pass", "clubs", "queens", "grand")]
    [3, 2, 4, -3]
    >>> trick_round_score("clubs", 8, 13, 0, FemkampRules(clubs_all_zero=True))
    0
    """
    if round_name not in TRICK_ROUNDS:
        raise ValueError(f"{round_name!r} is not a trick round")
    return femkamp_core.trick_round_score(femkamp_core.ROUND_CODES[round_name], tricks, clubs, queens,
                                          rules.queen_points, rules.clubs_all_zero)


def _clubs(cards: Sequence[Card]) -> int:
    """How many clubs ``cards`` hold (what the clubs round counts).

    >>> _clubs(parse_cards("2C QC QH"))
    2
    """
    return sum(1 for c in cards if c.suit is CLUBS)


def _queens(cards: Sequence[Card]) -> int:
    """How many queens ``cards`` hold (what the queens round counts).

    >>> _queens(parse_cards("2C QC QH"))
    2
    """
    return sum(1 for c in cards if c.rank is QUEEN)


@game_type("femkamp-round")
class FemkampTrickRound(CheckedRound):
    """One trick round of Femkamp (pass, clubs, queens or grand), with no trump.

    Create one with :meth:`deal` (seeded) or :meth:`from_hands` (explicit).
    """

    rules_class = FemkampRules
    #: the lists ``apply`` changes in place (copied by :meth:`clone`)
    _copied_lists: ClassVar[tuple[str, ...]] = ("tricks_taken", "clubs_taken", "queens_taken", "current_trick",
                                                "completed_tricks", "_undo_stack")

    def __init__(self, rules: FemkampRules, hands: Sequence[Sequence[Card]], *, round_name: str,
                 dealer: int, round_number: int = 0) -> None:
        if round_name not in TRICK_ROUNDS:
            raise ValueError(f"{round_name!r} is not a trick round: choose one of {', '.join(TRICK_ROUNDS)}.")
        self.rules = rules
        self.players = rules.players
        self.round_name = round_name
        self.dealer = dealer
        self.round_number = round_number
        self.hands: list[list[Card]] = [sorted_hand(h) for h in hands]
        self.hand_size = len(self.hands[0])
        self.tricks_taken = [0] * self.players
        self.clubs_taken = [0] * self.players
        self.queens_taken = [0] * self.players
        self.current_trick: list[tuple[int, Card]] = []
        self.completed_tricks: list[Trick] = []
        self.leader = (dealer + 1) % self.players
        #: one :class:`cardlab.games.trick_actions.PlayedCard` per card played, for :meth:`undo`
        self._undo_stack: list[Any] = []
        self.lang: str | None = None

    # ------------------------------------------------------------ creation
    @classmethod
    def deal(cls, rules: FemkampRules, *, round_name: str, dealer: int, rng=None, round_number: int = 0) -> "FemkampTrickRound":
        """Shuffle the trick deck (2♥ out for 3 players, 2♥ and 2♦ for 5) and deal it all, one at a time
        from the left of the dealer.

        >>> [len(h) for h in FemkampTrickRound.deal(FemkampRules(players=5), round_name="pass", dealer=0, rng=1).hands]
        [10, 10, 10, 10, 10]
        """
        deck = shuffled_deck(rng=rng, exclude=rules.removed_cards)
        n = rules.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % n].append(card)
        return cls(rules, hands, round_name=round_name, dealer=dealer, round_number=round_number)

    @classmethod
    def from_hands(cls, hands: Sequence["str | Sequence[Card | str]"], *, round_name: str, dealer: int = 0,
                   rules: FemkampRules | None = None, round_number: int = 0) -> "FemkampTrickRound":
        """A round from explicit hands (``hands[i]`` is seat ``i``'s), e.g. a few cards for an exercise.

        Every hand must hold the same number of cards, no card twice, and none of
        the cards taken out for this number of players.
        """
        parsed = setup_hands(hands)
        rules = rules or FemkampRules(players=len(parsed))
        dealer = setup_seat(dealer, rules.players)
        if round_name not in TRICK_ROUNDS:
            raise CardlabError("femkamp.setup", problem=Message("setup.trick_round", {
                "value": short_repr(round_name), "allowed": ", ".join(TRICK_ROUNDS)}))
        if len(parsed) != rules.players:
            raise CardlabError("femkamp.setup", problem=Message("deal.hand_count", {"players": rules.players, "given": len(parsed)}))
        if len({len(h) for h in parsed}) != 1 or not parsed[0]:
            raise CardlabError("femkamp.setup", problem=Message("deal.same_size"))
        if len(parsed[0]) > rules.trick_hand_size:
            raise CardlabError("femkamp.setup", problem=Message("femkamp.deal.hand_limit", {"limit": rules.trick_hand_size, "players": rules.players}))
        everything = [c for h in parsed for c in h]
        if len(set(everything)) != len(everything):
            raise CardlabError("femkamp.setup", problem=Message("deal.card_twice"))
        removed = set(parse_cards(rules.removed_cards))
        out = [c for c in everything if c in removed]
        if out:
            raise CardlabError("femkamp.setup", problem=Message("femkamp.deal.removed", {"card": out[0], "players": rules.players}))
        return cls(rules, parsed, round_name=round_name, dealer=dealer, round_number=round_number)

    @classmethod
    def start(cls, rules: FemkampRules, *, rng=None, seed: int | None = None,
              setup: dict | None = None) -> "FemkampTrickRound":
        """One trick round as a game of its own (what a saved ``"femkamp-round"`` replays).

        ``setup`` is ``{"round_name": "queens", "dealer": 0}`` for a seeded deal (the round
        name defaults to the first trick round of ``rules.round_order``), plus ``"hands"``
        for explicit hands.
        """
        seed = seed_from(rng, seed)
        setup = setup_table(setup, "setup", ("round_name", "hands", "dealer"))
        name = setup.get("round_name", next(n for n in rules.round_order if n in TRICK_ROUNDS))
        if not isinstance(name, str) or name not in TRICK_ROUNDS:
            raise CardlabError("femkamp.setup", problem=Message("setup.trick_round", {
                "value": short_repr(name), "allowed": ", ".join(TRICK_ROUNDS)}))
        dealer = setup_seat(setup.get("dealer", rules.first_dealer), rules.players)
        if "hands" in setup:
            rnd = cls.from_hands(setup["hands"], round_name=name, dealer=dealer, rules=rules)
        else:
            rnd = cls.deal(rules, round_name=name, dealer=dealer, rng=child_rng(seed, 0))
        rnd.seed, rnd.setup = seed, plain(setup) or None
        return rnd

    # ------------------------------------------------------------- questions
    @property
    def is_over(self) -> bool:
        return len(self.completed_tricks) == self.hand_size

    @property
    def to_move(self) -> int | None:
        if self.is_over:
            return None
        return (self.leader + len(self.current_trick)) % self.players

    @property
    def led_suit(self) -> Suit | None:
        return self.current_trick[0][1].suit if self.current_trick else None

    def legal_actions(self) -> list[Any]:
        """One :class:`Play` per card the seat to move may play (follow suit if able)."""
        seat = self.to_move
        if seat is None:
            return []
        return [_play(seat, c) for c in self.legal_cards(seat)]

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now: the led suit if they hold it, else any card.

        The rule is :func:`cardlab.rules.trick_core.legal_follow` with no trump.
        """
        hand = self.hands[seat]
        if not self.current_trick:
            return list(hand)
        mask = 0
        for c in hand:
            mask |= 1 << c._key
        legal = int(legal_follow(mask, self.current_trick[0][1]._key // 13, -1, False))
        return [c for c in hand if legal >> c._key & 1] if legal != mask else list(hand)

    def _check(self, act: Any, lang: str | None = None) -> None:
        lang = lang or self.lang
        if self.is_over:
            raise GameOverError(lang=lang)
        if isinstance(act, Prikk):
            check_seat(act, self.players, lang)
            raise IllegalMoveError("femkamp.no_prikk", lang=lang, seat=act.seat,
                                   round=Message(f"femkamp.title.{self.round_name}"))
        if not isinstance(act, Play) or not isinstance(act.card, Card):
            raise UnknownActionError(lang=lang, action=short_repr(act, 60))
        check_seat(act, self.players, lang)
        if act.seat != self.to_move:
            raise NotYourTurnError(lang=lang, seat=self.to_move)
        hand = self.hands[act.seat]
        if act.card in hand and act.card in self.legal_cards(act.seat):
            return
        check_play(act.card, hand, self.led_suit, seat=act.seat, lang=lang)  # raises, naming the rule

    # ----------------------------------------------------------------- moves
    def apply(self, act: Any) -> tuple:
        """Play a card and return what happened (:mod:`cardlab.events`); a refused move raises and changes nothing."""
        self._check(act)
        self._undo_stack.append(play_from_hand(self.hands[act.seat], act.seat, act.card, self.leader))
        self.current_trick.append((act.seat, act.card))
        played = CardPlayed(act.seat, act.card)
        if len(self.current_trick) < self.players:
            return (played,)
        seats = tuple(s for s, _ in self.current_trick)
        cards = tuple(c for _, c in self.current_trick)
        winner = seats[trick_winner(cards)]
        self.completed_tricks.append(Trick(leader=seats[0], seats=seats, cards=cards, winner=winner, trump=None))
        self.tricks_taken[winner] += 1
        self.clubs_taken[winner] += _clubs(cards)
        self.queens_taken[winner] += _queens(cards)
        self.current_trick = []
        self.leader = winner
        won = TrickWon(winner, cards, seats)
        if self.is_over:
            return (played, won, RoundScored(self.round_number, tuple(self.scores())))
        return (played, won)

    def _take_back(self, played: Any) -> None:
        """Undo a card (a :class:`~cardlab.games.trick_actions.PlayedCard`); one that ended a trick brings
        the trick back to the table and takes back the clubs and queens its winner took."""
        trick = take_back_card(self, played)
        if trick is not None:
            self.clubs_taken[trick.winner] -= _clubs(trick.cards)
            self.queens_taken[trick.winner] -= _queens(trick.cards)
        self.leader = played.leader_before

    # ---------------------------------------------------------------- scores
    def scores(self) -> list[int]:
        """Each seat's points for this round so far (final once the round is over)."""
        return [trick_round_score(self.round_name, t, c, q, self.rules)
                for t, c, q in zip(self.tricks_taken, self.clubs_taken, self.queens_taken)]

    def view(self, seat: int, *, game: Any = None) -> "FemkampView":
        """What ``seat`` may see: its own hand and everything on the table (and the scores of ``game``)."""
        return _game_view(self, seat, game)

    def state_key(self) -> tuple:
        return (self.round_name, tuple(map(tuple, self.hands)), self.dealer, self.leader, tuple(self.current_trick),
                tuple(self.completed_tricks))

    def _repr_html_(self) -> str:
        from ..display.femkamp import trick_round_html

        return trick_round_html(self)

    def __repr__(self) -> str:
        return f"<FemkampTrickRound {self.round_name}, {len(self.completed_tricks)}/{self.hand_size} tricks>"


@dataclass(frozen=True)
class FemkampView:
    """What one seat may see of a Femkamp game: its own hand and everything public.

    Trick rounds fill ``current_trick``, ``completed_tricks`` and ``tricks_taken``;
    the kabal round fills ``layout``, ``prikks`` and ``out_seat``.
    """

    seat: int
    players: int
    rules: FemkampRules
    round_index: int
    round_name: str
    dealer: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    to_move: int | None
    legal_actions: tuple[Any, ...]
    totals: tuple[int, ...]
    results: tuple["RoundResult", ...]
    current_trick: tuple[tuple[int, Card], ...] = ()
    completed_tricks: tuple[Trick, ...] = ()
    tricks_taken: tuple[int, ...] = ()
    round_scores: tuple[int, ...] = ()
    layout: KabalLayout | None = None
    prikks: tuple[int, ...] = ()
    out_seat: int | None = None

    @property
    def round_number(self) -> int:
        """The same as ``round_index`` (the name Plump's and Rummy's views use)."""
        return self.round_index

    @property
    def is_kabal(self) -> bool:
        return self.round_name == "kabal"

    @property
    def led_suit(self) -> Suit | None:
        return self.current_trick[0][1].suit if self.current_trick else None

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card seen played this round (finished tricks and the trick on the table)."""
        out = [c for t in self.completed_tricks for c in t.cards]
        out += [c for _, c in self.current_trick]
        return tuple(out)

    def goal(self, lang: str | None = None) -> str:
        return round_goal(self.round_name, lang)


def _game_view(rnd: Any, seat: int, game: Any = None) -> FemkampView:
    """The view of a trick or kabal round, within ``game`` (round index, totals, results) if given."""
    if game is None:
        return _view(rnd, seat, round_index=rnd.round_number, totals=(0,) * rnd.players, results=())
    return _view(rnd, seat, round_index=game.round_index, totals=tuple(game.totals), results=tuple(game.results))


def _view(rnd: Any, seat: int, *, round_index: int, totals: tuple[int, ...], results: tuple) -> FemkampView:
    seat = rnd._view_seat(seat)
    common = dict(
        seat=seat, players=rnd.players, rules=rnd.rules, round_index=round_index, round_name=rnd.round_name,
        dealer=rnd.dealer, hand=tuple(rnd.hands[seat]), hand_counts=tuple(len(h) for h in rnd.hands),
        to_move=rnd.to_move, legal_actions=tuple(rnd.legal_actions()) if seat == rnd.to_move else (),
        totals=totals, results=results, round_scores=tuple(rnd.scores()),
    )
    if isinstance(rnd, KabalRound):
        return FemkampView(**common, layout=rnd.layout, prikks=tuple(rnd.prikks), out_seat=rnd.out_seat)
    return FemkampView(**common, current_trick=tuple(rnd.current_trick), completed_tricks=tuple(rnd.completed_tricks),
                       tricks_taken=tuple(rnd.tricks_taken))


@dataclass(frozen=True)
class RoundResult:
    """One finished round as the score sheet writes it, with what each seat's score is made of.

    Trick rounds fill ``tricks``, ``clubs`` and ``queens``; the kabal round fills
    ``prikks``, ``cards_left`` and ``out_seat``.
    """

    number: int
    name: str
    dealer: int
    scores: tuple[int, ...]
    tricks: tuple[int, ...] = ()
    clubs: tuple[int, ...] = ()
    queens: tuple[int, ...] = ()
    prikks: tuple[int, ...] = ()
    cards_left: tuple[int, ...] = ()
    out_seat: int | None = None


def _result(number: int, rnd: Any) -> RoundResult:
    if isinstance(rnd, KabalRound):
        return RoundResult(number=number, name="kabal", dealer=rnd.dealer, scores=tuple(rnd.scores()),
                           prikks=tuple(rnd.prikks), cards_left=tuple(rnd.cards_left()), out_seat=rnd.out_seat)
    return RoundResult(number=number, name=rnd.round_name, dealer=rnd.dealer, scores=tuple(rnd.scores()),
                       tricks=tuple(rnd.tricks_taken), clubs=tuple(rnd.clubs_taken), queens=tuple(rnd.queens_taken))


@game_type("femkamp")
class FemkampGame(RoundsGame):
    """A whole Femkamp: the five rounds in ``rules.round_order``, dealer rotation, running totals.

    ``setup={"deals": [deal, ...]}`` fixes the deals of the first rounds (in
    round order; ``None`` keeps a round shuffled).  A trick-round deal is
    ``{"hands": [...]}`` (equal hands, possibly short for an exercise); a kabal
    deal is ``{"hands": [...], "table": "..."}`` with all 52 cards between them.

    Ties: with ``tie="share"`` every seat on the lowest total wins.  With
    ``tie="rematch"`` a tie has no winner yet: :meth:`winners` is empty,
    :attr:`needs_rematch` is True, :meth:`rematch_seats` names the tied seats and
    :meth:`rematch` deals a whole new femkamp (same players and rules, a seed
    drawn from this game's) whose lowest total decides between them.

    >>> from cardlab import RandomBot, play_out
    >>> game = play_out(FemkampGame.start(FemkampRules(), seed=1), RandomBot(rng=2))
    >>> game.is_over, len(game.results), sum(r.scores[0] for r in game.results) == game.totals[0]
    (True, 5, True)
    """

    rules_class = FemkampRules
    sheet_module = "cardlab.sheets.femkamp"  # rounds × players with reasons, total, winner

    def __init__(self, rules: FemkampRules, *, seed: int, setup: dict | None = None) -> None:
        super().__init__(rules, seed=seed, setup=setup)
        self._deals = setup_deals(setup_table(setup, "setup", ("deals",)), len(rules.round_order))
        for index in range(len(self._deals)):  # refuse a bad set-up now, not rounds later
            self._new_round(index)
        self.round: Any = self._new_round(0)


    def _new_round(self, index: int) -> Any:
        rules = self.rules
        name = rules.round_order[index]
        dealer = rules.dealer_for_round(index)
        deal = self._deals[index] if index < len(self._deals) else None
        if deal is not None:
            deal = setup_table(deal, f"deals[{index}]", ("hands", "table") if name == "kabal" else ("hands",))
            if "hands" not in deal:
                raise CardlabError("femkamp.setup", problem=f"deal {index + 1} must be a table with \"hands\".")
        if name == "kabal":
            if deal is None:
                rnd = KabalRound.deal(rules, dealer=dealer, rng=child_rng(self.seed, index), round_number=index)
            else:
                rnd = KabalRound.from_hands(deal["hands"], dealer=dealer, rules=rules, table=deal.get("table", ()),
                                            round_number=index)
        elif deal is None:
            rnd = FemkampTrickRound.deal(rules, round_name=name, dealer=dealer, rng=child_rng(self.seed, index),
                                         round_number=index)
        else:
            rnd = FemkampTrickRound.from_hands(deal["hands"], round_name=name, dealer=dealer, rules=rules,
                                               round_number=index)
        rnd.lang = self._lang
        return rnd

    # -------------------------------------------------------------- protocol
    @property
    def is_over(self) -> bool:
        return len(self.results) == len(self.rules.round_order)

    @property
    def round_name(self) -> str:
        return self.rules.round_order[self.round_index]

    def round_view(self, rnd: Any, seat: int) -> FemkampView:
        """``seat``'s view of this game's round ``rnd`` (a trick or kabal round), with the game's round
        index, totals and finished rounds: what :meth:`view` gives."""
        return _game_view(rnd, seat, self)

    def _finish_round(self) -> None:
        rnd = self.round
        result = _result(len(self.results) + 1, rnd)
        self.results.append(result)
        self.finished_rounds.append(rnd)
        self.totals = [t + s for t, s in zip(self.totals, result.scores)]
        if not self.is_over:
            self.round = self._new_round(len(self.results))

    def leaders(self) -> list[int]:
        """The seat(s) on the lowest total now."""
        mask = femkamp_core.winners_mask(self.totals, femkamp_core.TIE_CODES["share"])
        return [s for s in range(self.rules.players) if mask >> s & 1]

    @property
    def needs_rematch(self) -> bool:
        """True when the game is over, ``tie="rematch"`` and the lowest total is shared."""
        return self.is_over and femkamp_core.winners_mask(self.totals, femkamp_core.TIE_CODES[self.rules.tie]) == 0

    def rematch_seats(self) -> list[int]:
        """The tied seats a rematch decides between (empty when none is needed)."""
        return self.leaders() if self.needs_rematch else []

    def winners(self) -> list[int]:
        """The seat(s) with the lowest total once the game is over (empty before, or while a rematch is due)."""
        if not self.is_over:
            return []
        mask = femkamp_core.winners_mask(self.totals, femkamp_core.TIE_CODES[self.rules.tie])
        return [s for s in range(self.rules.players) if mask >> s & 1]

    def rematch(self) -> "FemkampGame":
        """A new femkamp with the same rules and players, its seed drawn from this game's."""
        return FemkampGame(self.rules, seed=derive_seed(child_rng(self.seed, 1_000)))

    # ----------------------------------------------------------- score sheet
    def _repr_html_(self) -> str:
        from ..display.femkamp import femkamp_table_html

        return femkamp_table_html(self)

    def __repr__(self) -> str:
        return f"<FemkampGame round {self.round_index + 1}/5 ({self.round_name}), totals {self.totals}>"
