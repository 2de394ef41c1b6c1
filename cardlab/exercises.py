"""Classroom exercises that check themselves (the engine side; the widgets are in ``cardlab.widgets.quiz``).

Three kinds of question, each built from a named position (cards as text) or
drawn at random from a seed:

* :class:`TrickQuestion` — "Which card wins this trick?"
* :class:`FollowSuitQuestion` — "Which cards may you play?"
* :class:`BidQuestion` — "How many tricks will this hand take?"  With only your
  hand given, the answer is *simulated*: the other hands are dealt at random
  ``deals`` times (seeded) and the round is played out by the reference engine
  with bots; every answer that rounds a value inside the 95 % interval of the
  expected number of tricks counts as right.  With every hand given, the answer
  is exact.

Every ``check()`` returns :class:`Feedback` whose sentences a child can read in
sv, nb or en; a wrong answer always says why it falls short (the card that beats
the one chosen, the card forgotten, the cards that take the tricks).

>>> q = TrickQuestion.from_dict({"cards": "10S QS AS QH", "trump": None})
>>> q.answer
Card.parse('AS')
>>> q.check("QS").text("sv")
'Inte riktigt. A♠ vinner: högsta kortet i utspelad färg. Q♠ är lägre än A♠.'
>>> q.check("AS").text("en")
'Right! A♠ wins: the highest card of the suit led.'
>>> f = FollowSuitQuestion.from_dict({"hand": "7H KS 2C 9H", "led": "QH"})
>>> sorted(str(c) for c in f.answer)
['7♥', '9♥']
>>> f.check(["7H"]).text("en")
'Not quite. You have hearts, so you must follow suit: 7♥ 9♥. You forgot 9♥.'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from ._rng import child_rng, derive_seed, normalize_rng
from .cards import Card, Suit, parse_cards, shuffled_deck, sorted_hand
from .errors import CardlabError
from .i18n import Message
from .tricks import legal_plays, trick_winner, winning_reason


def decimal(value: float) -> Message:
    """A number with one decimal, written the local way ("1,4" in sv/nb, "1.4" in en).

    >>> decimal(1.44).text("sv"), decimal(2).text("en")
    ('1,4', '2.0')
    """
    tenths = int(round(value * 10))
    return Message("exercise.decimal", {"whole": tenths // 10, "tenth": tenths % 10})


def either(values: Sequence[int]) -> Any:
    """ "1 eller 2" / "1 or 2" (or just "1")."""
    values = list(values)
    if len(values) == 1:
        return str(values[0])
    return Message("exercise.or", {"a": ", ".join(map(str, values[:-1])), "b": str(values[-1])})


def listing(items: Sequence[Any]) -> Any:
    """ "A♠, K♠ och A♥" / "A♠, K♠ and A♥" (or just "A♠").

    >>> listing(["A♠", "K♠", "A♥"]).text("sv"), listing(["A♠"])
    ('A♠, K♠ och A♥', 'A♠')
    """
    items = [str(i) for i in items]
    if len(items) == 1:
        return items[0]
    return Message("exercise.and", {"a": ", ".join(items[:-1]), "b": items[-1]})


def trump_line(trump: Suit | None) -> Message:
    """ "Trumf: hjärter" or "Ingen trumf"."""
    return Message("exercise.trump_line", {"suit": trump}) if trump is not None else Message("exercise.no_trump")


def _suit(value: Any) -> Suit | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "-")):
        return None
    return Suit.parse(value)


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: right or not, and the sentences that explain it."""

    correct: bool
    messages: tuple[Message, ...]

    def text(self, lang: str | None = None) -> str:
        head = Message("exercise.right" if self.correct else "exercise.wrong")
        return " ".join(m.text(lang) for m in (head, *self.messages))


def _random_trump(rng) -> Suit | None:
    choice = int(rng.integers(5))
    return None if choice == 4 else list(Suit)[choice]


# ------------------------------------------------------------------ trick
@dataclass(frozen=True)
class TrickQuestion:
    """Which card wins ``cards`` (in play order; the first was led) with ``trump``?"""

    cards: tuple[Card, ...]
    trump: Suit | None = None
    kind = "trick"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(parse_cards(self.cards)))
        object.__setattr__(self, "trump", _suit(self.trump))
        if len(self.cards) < 2:
            raise CardlabError("rules.invalid", field="cards", problem=Message("exercise.setup.two_cards"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "TrickQuestion":
        return cls(cards=data["cards"], trump=data.get("trump"))

    @classmethod
    def random(cls, *, rng=None, players: int = 4) -> "TrickQuestion":
        """A random trick of ``players`` cards with a random trump (or none)."""
        gen = normalize_rng(rng)
        deck = shuffled_deck(rng=gen)
        return cls(cards=tuple(deck[:players]), trump=_random_trump(gen))

    def prompt(self) -> Message:
        return Message("exercise.trick.prompt")

    @property
    def answer(self) -> Card:
        return self.cards[trick_winner(self.cards, self.trump)]

    def describe(self) -> str:
        return " ".join(map(str, self.cards)) + (f" / {self.trump.symbol}" if self.trump else "")

    def why_not(self, card: Card) -> Message | None:
        """Why ``card`` does not win this trick (None when it does).

        >>> q = TrickQuestion.from_dict({"cards": "AS 3D KS 5D", "trump": "D"})
        >>> [q.why_not(Card.parse(c)).text("en") for c in ("AS", "3D")]
        ['5♦ is a trump and beats A♠.', '3♦ is a trump, but 5♦ is a higher trump.']
        >>> TrickQuestion.from_dict({"cards": "10S QH"}).why_not(Card.parse("QH")).text("en")
        'Q♥ cannot win: it is not spades, the suit that was led.'
        """
        winner, led, trump = self.answer, self.cards[0].suit, self.trump
        if card == winner:
            return None
        if card not in self.cards:
            return Message("exercise.trick.not_played", {"card": card})
        if trump is not None and card.suit == trump:
            return Message("exercise.trick.lower_trump", {"card": card, "winner": winner})
        if card.suit != led:
            key = "exercise.trick.off_suit" if trump is None else "exercise.trick.off_suit_trump"
            return Message(key, {"card": card, "suit": led})
        if trump is not None and winner.suit == trump:
            return Message("exercise.trick.trumped", {"card": card, "winner": winner})
        return Message("exercise.trick.lower", {"card": card, "winner": winner})

    def check(self, card: "Card | str") -> Feedback:
        chosen = Card.parse(card)
        why_not = self.why_not(chosen)
        reasons = (winning_reason(self.cards, self.trump),) + ((why_not,) if why_not is not None else ())
        return Feedback(why_not is None, reasons)


# ------------------------------------------------------------ follow suit
@dataclass(frozen=True)
class FollowSuitQuestion:
    """``led`` was played first; which cards of ``hand`` may you play (with ``trump``, ``must_trump``)?"""

    hand: tuple[Card, ...]
    led: Card
    trump: Suit | None = None
    must_trump: bool = False
    kind = "follow-suit"

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted_hand(parse_cards(self.hand))))
        object.__setattr__(self, "led", Card.parse(self.led))
        object.__setattr__(self, "trump", _suit(self.trump))
        if not self.hand:
            raise CardlabError("rules.invalid", field="hand", problem=Message("exercise.setup.needs_hand"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FollowSuitQuestion":
        return cls(hand=data["hand"], led=data["led"], trump=data.get("trump"), must_trump=bool(data.get("must_trump", False)))

    @classmethod
    def random(cls, *, rng=None, hand_size: int = 5, must_trump: bool = False) -> "FollowSuitQuestion":
        gen = normalize_rng(rng)
        deck = shuffled_deck(rng=gen)
        return cls(hand=tuple(deck[:hand_size]), led=deck[hand_size], trump=_random_trump(gen), must_trump=must_trump)

    def prompt(self) -> Message:
        return Message("exercise.follow.prompt", {"card": self.led})

    @property
    def answer(self) -> frozenset[Card]:
        return frozenset(legal_plays(self.hand, self.led.suit, self.trump, self.must_trump))

    def describe(self) -> str:
        return f"{self.led} → " + " ".join(map(str, self.hand))

    def _why(self) -> Message:
        allowed = [c for c in self.hand if c in self.answer]
        suit = self.led.suit
        if any(c.suit == suit for c in self.hand):
            return Message("exercise.follow.must", {"suit": suit, "cards": allowed})
        if len(allowed) < len(self.hand):
            return Message("exercise.follow.must_trump", {"suit": suit, "cards": allowed})
        return Message("exercise.follow.free", {"suit": suit})

    def check(self, cards: "Iterable[Card | str] | str") -> Feedback:
        chosen = set(parse_cards(cards)) if not isinstance(cards, str) else set(parse_cards(cards))
        messages = [self._why()]
        forgot = [c for c in self.hand if c in self.answer and c not in chosen]
        extra = [c for c in self.hand if c in chosen and c not in self.answer]
        if forgot:
            messages.append(Message("exercise.follow.forgot", {"cards": forgot}))
        if extra:
            messages.append(Message("exercise.follow.not_allowed", {"cards": extra}))
        return Feedback(chosen == set(self.answer), tuple(messages))


# ------------------------------------------------------------------- bids
@dataclass(frozen=True)
class BidEstimate:
    """How many tricks a hand takes: mean and 95 % interval over ``deals`` (exact when ``exact``).

    ``card_tricks``: for each card of the hand (in hand order), in how many of the ``deals`` it took
    a trick, so that feedback can name the cards that make the tricks.
    """

    mean: float
    low: float
    high: float
    accepted: tuple[int, ...]
    deals: int
    exact: bool
    tricks: tuple[int, ...] = field(repr=False, default=())
    card_tricks: tuple[tuple[Card, int], ...] = field(repr=False, default=())

    def share(self, card: Card) -> float:
        """The share of the deals in which ``card`` took a trick."""
        return next((n for c, n in self.card_tricks if c == card), 0) / self.deals


#: How often a card must take a trick to be said to do so "almost always", "usually", "sometimes"
#: (below the last: "hardly ever").
HOW_OFTEN = (("always", 0.85), ("usually", 0.5), ("sometimes", 0.15))


def how_often(share: float) -> str:
    """ "always", "usually", "sometimes" or "never": the words a child reads for a share of deals.

    >>> [how_often(x) for x in (1.0, 0.6, 0.2, 0.05)]
    ['always', 'usually', 'sometimes', 'never']
    """
    return next((word for word, least in HOW_OFTEN if share >= least), "never")


def accepted_answers(low: float, high: float, hand_size: int) -> tuple[int, ...]:
    """Whole numbers that round a value inside ``[low, high]`` (the simulation cannot rule them out).

    >>> accepted_answers(1.3, 1.5, 5), accepted_answers(0.9, 1.1, 5), accepted_answers(1.0, 1.0, 3)
    ((1, 2), (1,), (1,))
    """
    first = max(0, math.ceil(low - 0.5))
    last = min(hand_size, math.floor(high + 0.5))
    return tuple(range(first, last + 1)) or (min(hand_size, max(0, round((low + high) / 2))),)


@dataclass(frozen=True)
class BidQuestion:
    """How many tricks will ``hand`` take?  You bid as number ``position`` (1 = first, left of the dealer).

    ``others``: the other players' hands in bidding order after you (then the answer is exact).
    ``bot``: how everyone plays in the simulation, ``"plump"`` (:class:`PlumpBot`) or ``"random"``.
    """

    hand: tuple[Card, ...]
    trump: Suit | None = None
    players: int = 4
    position: int = 1
    others: tuple[tuple[Card, ...], ...] | None = None
    deals: int = 200
    bot: str = "plump"
    seed: int = 0
    kind = "bid"

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted_hand(parse_cards(self.hand))))
        object.__setattr__(self, "trump", _suit(self.trump))
        if self.others is not None:
            object.__setattr__(self, "others", tuple(tuple(parse_cards(h)) for h in self.others))
            if len(self.others) != self.players - 1:
                raise CardlabError("rules.invalid", field="others", problem=Message("exercise.setup.other_hands", {"count": self.players - 1}))
        if not 1 <= self.position <= self.players:
            raise CardlabError("rules.invalid", field="position", problem=Message("exercise.setup.position", {"players": self.players}))
        if self.bot not in ("plump", "random"):
            raise CardlabError("rules.choice", field="bot", value=self.bot, allowed="plump, random")
        if not isinstance(self.deals, int) or self.deals < 2:
            raise CardlabError("rules.invalid", field="deals", problem=Message("exercise.setup.deals"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "BidQuestion":
        keys = ("trump", "players", "position", "others", "deals", "bot", "seed")
        return cls(hand=data["hand"], **{k: data[k] for k in keys if k in data})

    @classmethod
    def random(cls, *, rng=None, hand_size: int = 5, players: int = 4, deals: int = 200) -> "BidQuestion":
        gen = normalize_rng(rng)
        deck = shuffled_deck(rng=gen)
        return cls(hand=tuple(deck[:hand_size]), trump=_random_trump(gen), players=players,
                   position=int(gen.integers(1, players + 1)), deals=deals, seed=derive_seed(gen))

    def prompt(self) -> Message:
        """ "How many tricks will this hand take? There are 4 players, and you bid first." """
        if self.position == self.players and self.players > 1:
            ordinal = Message("exercise.ordinal.last")
        elif self.position <= 6:
            ordinal = Message(f"exercise.ordinal.{self.position}")
        else:
            ordinal = Message("exercise.ordinal", {"n": self.position})
        return Message("exercise.bid.prompt", {"players": self.players, "ordinal": ordinal})

    def describe(self) -> str:
        return " ".join(map(str, self.hand)) + (f" / {self.trump.symbol}" if self.trump else "")

    @property
    def hand_size(self) -> int:
        return len(self.hand)

    def _play_once(self, hands: list[Sequence[Card]], rng) -> list[Card]:
        """Play one round with the reference engine; ``hands[0]`` is ours.  Returns our cards that took a trick."""
        from .bots.base import RandomBot
        from .bots.plump import PlumpBot
        from .games.plump import PlumpRound
        from .rules.plump import PlumpRules

        n = self.players
        dealer = (0 - self.position) % n  # we bid as number `position` after the dealer
        seat_hands: list[Sequence[Card]] = [()] * n
        for k, h in enumerate(hands):
            seat_hands[k % n] = h
        rules = PlumpRules(players=n, trump="none", hook=True)
        rnd = PlumpRound.from_hands([list(h) for h in seat_hands], dealer=dealer, rules=rules, trump=self.trump)
        bot = PlumpBot() if self.bot == "plump" else RandomBot(rng=rng)
        while not rnd.is_over:
            rnd.apply(bot.choose(rnd.view(rnd.to_move)))
        return [t.cards[t.seats.index(0)] for t in rnd.completed_tricks if t.winner == 0]

    def estimate(self) -> BidEstimate:
        """The exact answer (every hand given) or the simulated mean with its 95 % interval (cached)."""
        cached = _ESTIMATES.get(self)
        if cached is not None:
            return cached
        size = self.hand_size
        if self.others is not None:
            plays = [self._play_once([self.hand, *self.others], normalize_rng(self.seed))]
        else:
            plays = []
            for i in range(self.deals):
                gen = child_rng(self.seed, i)
                deck = shuffled_deck(rng=gen, exclude=self.hand)
                others = [deck[k * size:(k + 1) * size] for k in range(self.players - 1)]
                plays.append(self._play_once([self.hand, *others], gen))
        taken = tuple(len(won) for won in plays)
        card_tricks = tuple((card, sum(won.count(card) for won in plays)) for card in dict.fromkeys(self.hand))
        if self.others is not None:
            tricks = float(taken[0])
            result = BidEstimate(tricks, tricks, tricks, (taken[0],), 1, True, taken, card_tricks)
        else:
            n = len(taken)
            mean = sum(taken) / n
            var = sum((t - mean) ** 2 for t in taken) / (n - 1)
            half = 1.96 * math.sqrt(var / n)
            low, high = max(0.0, mean - half), min(float(size), mean + half)
            result = BidEstimate(mean, low, high, accepted_answers(low, high, size), n, False, taken, card_tricks)
        _ESTIMATES[self] = result
        return result

    @property
    def answer(self) -> tuple[int, ...]:
        """Every number of tricks that counts as right."""
        return self.estimate().accepted

    def _strongest_first(self, card: Card) -> tuple:
        return (card.suit != self.trump, -int(card.rank), card.suit.index)

    def card_sentences(self) -> list[Message]:
        """Which cards take the tricks, in a child's words ("A♠ och K♠ tog nästan alltid ett stick.")."""
        est = self.estimate()
        cards = list(dict.fromkeys(self.hand))
        if est.exact:
            won = sorted((c for c in cards if est.share(c) > 0), key=self._strongest_first)
            return [Message("exercise.bid.exact_won", {"cards": listing(won)}) if won else Message("exercise.bid.exact_none")]
        order = sorted(cards, key=lambda c: (-est.share(c), self._strongest_first(c)))
        groups: dict[str, list[Card]] = {}
        for card in order:
            groups.setdefault(how_often(est.share(card)), []).append(card)
        return [Message(f"exercise.bid.{word}", {"cards": listing(groups[word])})
                for word in ("always", "usually", "sometimes", "never") if word in groups]

    def teacher_note(self) -> Message:
        """The figures behind the answer, for the teacher: deals, mean and 95 % interval (or the exact count)."""
        est = self.estimate()
        if est.exact:
            return Message("exercise.bid.exact", {"tricks": est.accepted[0]})
        return Message("exercise.bid.simulated", {"deals": est.deals, "mean": decimal(est.mean), "low": decimal(est.low),
                                                  "high": decimal(est.high), "accepted": either(est.accepted)})

    def check(self, tricks: int) -> Feedback:
        """Right or not, with the cards that take the tricks and whether ``tricks`` is too few or too many.

        >>> q = BidQuestion(hand="AS KS AH", trump="S", players=2, others=["2C 3C 4C"])
        >>> q.check(2).text("en")
        'Not quite. If everyone plays like the bot, you win tricks with A♠, K♠ and A♥. That makes exactly 3 tricks, so 2 is too few.'
        """
        est = self.estimate()
        bid = int(tricks)
        verdict = "right" if bid in est.accepted else ("too_few" if bid < min(est.accepted) else "too_many")
        how = "exact" if est.exact else "about"
        key = f"exercise.bid.{how}_{verdict}" + (".one" if est.accepted == (1,) else "")
        intro = [] if est.exact else [Message("exercise.bid.practice", {"deals": est.deals})]
        total = Message(key, {"tricks": either(est.accepted), "bid": bid})
        return Feedback(verdict == "right", (*intro, *self.card_sentences(), total))


_ESTIMATES: dict[BidQuestion, BidEstimate] = {}

QUESTION_KINDS = {"trick": TrickQuestion, "follow-suit": FollowSuitQuestion, "bid": BidQuestion}


def _question_class(kind: str) -> type:
    if kind not in QUESTION_KINDS:
        raise CardlabError("rules.choice", field="kind", value=kind, allowed=", ".join(QUESTION_KINDS))
    return QUESTION_KINDS[kind]


def make_questions(kind: str, items: Iterable[Any]) -> list[Any]:
    """Questions of ``kind`` from data (dicts with cards as text) or ready question objects.

    >>> [q.answer for q in make_questions("trick", [{"cards": "AS 3D KS", "trump": "D"}])]
    [Card.parse('3D')]
    """
    cls = _question_class(kind)
    out = []
    for item in items:
        out.append(item if isinstance(item, cls) else cls.from_dict(item))
    if not out:
        raise CardlabError("rules.invalid", field="questions", problem=Message("exercise.setup.questions"))
    return out


def random_questions(kind: str, n: int = 5, *, rng=None, **options: Any) -> list[Any]:
    """``n`` seeded random questions of ``kind`` (the same seed gives the same questions).

    >>> [q.describe() for q in random_questions("trick", 2, rng=1)] == [q.describe() for q in random_questions("trick", 2, rng=1)]
    True
    """
    seed = derive_seed(rng)
    cls = _question_class(kind)
    return [cls.random(rng=child_rng(seed, i), **options) for i in range(n)]
