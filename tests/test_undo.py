"""``undo()`` and ``clone()`` on every round and game: named positions, seeded invariants, perft, Match, coach.

Every ``apply`` pushes a small record of what it changed and ``undo()`` puts exactly that back, so
``perft`` (and any search) can apply → count → undo on one object.  The invariants below compare
:func:`observed` states: every attribute of the round or game (lists frozen, rounds followed, a
generator by its state), every seat's ``view(seat)`` and the protocol's answers.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import numpy as np
import pytest

from cardlab import FemkampRules, Match, PlumpRules, RummyRules
from cardlab.cards import Card, full_deck, parse_cards
from cardlab.errors import IllegalMoveError
from cardlab.events import RoundDealt, StockReshuffled
from cardlab.games.femkamp import FemkampGame, FemkampTrickRound
from cardlab.games.kabal import KabalRound, Prikk, _rest
from cardlab.games.plump import Bid, Play, PlumpGame, PlumpRound
from cardlab.games.rummy import Discard, Draw, LayOff, Meld, RummyGame, RummyRound
from cardlab.playthrough import perft


# ------------------------------------------------------------------ what a caller can observe
_ATOMS = {int, str, bool, type(None), Card}


def frozen(value):
    """``value`` as a comparable snapshot: lists become tuples (hands: tuples of tuples), a round or game
    becomes its :func:`observed` state, a numpy generator its bit-generator state."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        if value and (type(value[0]) is list or hasattr(value[0], "_undo_stack")):
            return tuple(map(frozen, value))
        return tuple(value)
    if kind is np.random.Generator:
        return ("generator", repr(value.bit_generator.state))
    if hasattr(value, "_undo_stack"):
        return observed(value, views=False)
    return value


def observed(obj, views: bool = True) -> tuple:
    """Everything a caller can see of a round or game: each attribute (the cache of legal actions left
    out; a round inside a game by its attributes), each seat's view, whose turn, the legal actions,
    the scores and the state key."""
    attrs = tuple(sorted((name, frozen(value)) for name, value in vars(obj).items() if name != "_legal"))
    if views:  # the view of the seat to move holds the legal actions
        seen = tuple(obj.view(seat) for seat in range(obj.players))
    else:
        seen = tuple(obj.legal_actions())
    return (type(obj).__name__, attrs, seen, obj.to_move, obj.is_over, tuple(obj.scores()), obj.state_key())


def take_back_all(obj) -> int:
    """Undo every action of ``obj``; how many there were."""
    undone = 0
    while obj.can_undo():
        obj.undo()
        undone += 1
    return undone


# ------------------------------------------------------------------ seeded games (small, varied rules)
def plump_game(seed: int) -> PlumpGame:
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4, 5])
    rules = PlumpRules(players=players, decks=2 if seed % 7 == 0 else 1, max_cards=rng.choice([1, 2, 2, 3]),
                       must_trump=rng.random() < 0.4, hook=rng.random() < 0.7,
                       first_lead=rng.choice(["left-of-dealer", "highest-bidder"]),
                       tie=rng.choice(["share", "extra-round"]), trump=rng.choice(["turned-up", "none"]))
    return PlumpGame.start(rules, seed=seed)


def _codes(cards) -> list[str]:
    return [c.code for c in cards]


def _kabal_deal(rng: random.Random, players: int, seven_of_hearts: bool) -> dict:
    """All 52 cards: unbroken rows through the 7s on the table, a few cards in each hand (or, for
    the seven-of-hearts opening, the whole hearts row in hand)."""
    while True:
        table, left = [], []
        for suit in "CDHS":
            low, high = (0, 0) if seven_of_hearts and suit == "H" else (rng.randint(1, 2), rng.randint(12, 13))
            for card in parse_cards(" ".join(f"{r}{suit}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())):
                (table if low <= card.rank.ace_low <= high else left).append(card)
        if len(left) >= players:
            break
    rng.shuffle(left)
    return {"hands": [_codes(left[s::players]) for s in range(players)], "table": _codes(table)}


def femkamp_game(seed: int) -> FemkampGame:
    """A whole Femkamp with short deals: 1 or 2 cards each in the trick rounds, a few in the kabal round."""
    rng = random.Random(seed)
    order = list(FemkampRules().round_order)
    rng.shuffle(order)
    players = rng.choice([3, 4, 5])
    opening = seed % 10 == 0
    rules = FemkampRules(players=players, round_order=tuple(order), tie=rng.choice(["share", "rematch"]),
                         kabal_starter="seven-of-hearts" if opening else "left-of-dealer")
    removed = set(parse_cards(rules.removed_cards))
    deck = [c for c in full_deck() if c not in removed]
    deals = []
    for name in order:
        if name == "kabal":
            deals.append(_kabal_deal(rng, players, opening))
            continue
        rng.shuffle(deck)
        size = rng.randint(1, 2)
        deals.append({"hands": [_codes(deck[s * size:(s + 1) * size]) for s in range(players)]})
    return FemkampGame.start(rules, seed=seed, setup={"deals": deals})


def _rummy_deal(rng: random.Random, players: int) -> dict:
    deck = list(full_deck())
    rng.shuffle(deck)
    size, stock = rng.randint(2, 5), rng.randint(1, 5)
    hands = [_codes(deck[s * size:(s + 1) * size]) for s in range(players)]
    rest = deck[players * size:]
    return {"hands": hands, "stock": " ".join(_codes(rest[:stock])), "discard": rest[stock].code}


def rummy_game(seed: int) -> RummyGame:
    """Two Rummy rounds with small hands and a small stock: reshuffles, going out and empty stocks."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    rules = RummyRules(players=players, rounds=2, max_reshuffles=rng.choice([0, 1]),
                       no_same_discard=rng.random() < 0.7, rummy_bonus=rng.random() < 0.5)
    return RummyGame.start(rules, seed=seed, setup={"deals": [_rummy_deal(rng, players) for _ in range(2)]})


def rummy_round_with_generator(seed: int) -> RummyRound:
    """A small Rummy round whose reshuffles draw from a shared numpy generator (``reshuffle_rng``)."""
    rng = random.Random(seed)
    deal = _rummy_deal(rng, 3)
    rnd = RummyRound.from_cards(deal["hands"], stock=deal["stock"], discard=deal["discard"],
                                rules=RummyRules(max_reshuffles=3))
    rnd.reshuffle_rng = np.random.default_rng(seed)
    return rnd


GAMES = {"plump": plump_game, "femkamp": femkamp_game, "rummy": rummy_game}


def random_action(rng: random.Random, actions: list):
    """A random legal action; a Rummy meld or lay-off, when there is one, four times in five (so rounds
    are won by going out too, not only ended by an empty stock)."""
    putting_down = [a for a in actions if isinstance(a, (Meld, LayOff))]
    if putting_down and rng.random() < 0.8:
        return rng.choice(putting_down)
    return rng.choice(actions)


def check_every_action_undoes(game, seed: int) -> Counter:
    """Play ``game`` out with random legal actions; after each, ``undo()`` must give the state before
    and ``apply()`` again the state after (the same events too); then undoing the whole game step by
    step must pass back through every state, to the start.  Returns the kinds of events seen."""
    rng = random.Random(seed)
    states = [observed(game)]
    seen: Counter = Counter()
    while not game.is_over:
        act = random_action(rng, game.legal_actions())
        events = game.apply(act)
        seen.update(type(e).__name__ for e in events)
        after = observed(game)
        game.undo()
        assert observed(game) == states[-1], (seed, len(states), act)
        assert game.apply(act) == events
        assert observed(game) == after, (seed, len(states), act)
        states.append(after)
    seen["actions"] += len(states) - 1
    for number in range(len(states) - 1, 0, -1):
        game.undo()
        assert observed(game) == states[number - 1], (seed, number)
    assert not game.can_undo()
    return seen


@pytest.mark.parametrize("name", list(GAMES))
def test_every_action_of_many_seeded_games_undoes_exactly(name):
    seen: Counter = Counter()
    for seed in range(200):
        seen += check_every_action_undoes(GAMES[name](seed), seed)
    assert seen["actions"] > 200 * 10 and seen["RoundDealt"] >= 200 and seen["GameOver"] == 200, seen
    if name == "plump":
        assert seen["BidMade"] and seen["TrickWon"], seen
    if name == "femkamp":
        assert seen["PrikkSaid"] and seen["WentOut"] >= 200, seen
    if name == "rummy":
        assert seen["StockReshuffled"] > 50 and seen["WentOut"] > 5, seen
        assert seen["Melded"] > 20 and seen["LaidOff"] > 5, seen


def _short_trick_round(seed: int) -> FemkampTrickRound:
    rng = random.Random(seed)
    deck = list(full_deck())
    rng.shuffle(deck)
    hands = [_codes(deck[s * 3:(s + 1) * 3]) for s in range(4)]
    name = rng.choice(["pass", "clubs", "queens", "grand"])
    return FemkampTrickRound.from_hands(hands, round_name=name, dealer=seed % 4)


def _kabal_round(seed: int) -> KabalRound:
    rng = random.Random(seed)
    opening = seed % 3 == 0
    deal = _kabal_deal(rng, 4, seven_of_hearts=opening)
    rules = FemkampRules(players=4, kabal_starter="seven-of-hearts" if opening else "left-of-dealer")
    return KabalRound.from_hands(deal["hands"], table=deal["table"], rules=rules, dealer=seed % 4)


ROUNDS = {
    "plump round": lambda seed: PlumpRound.deal(PlumpRules(players=3), hand_size=3, rng=seed),
    "femkamp trick round": _short_trick_round,
    "kabal round": _kabal_round,
    "rummy round drawing from a generator": rummy_round_with_generator,
}


@pytest.mark.parametrize("name", list(ROUNDS))
def test_every_action_of_rounds_played_on_their_own_undoes_exactly(name):
    """The round classes outside a game, and a Rummy round drawing its reshuffles from a shared generator."""
    seen: Counter = Counter()
    for seed in range(30):
        seen += check_every_action_undoes(ROUNDS[name](seed), seed)
    assert seen["RoundScored"] == 30, seen
    if name.startswith("rummy"):
        assert seen["StockReshuffled"] > 10, seen


def test_a_whole_default_game_of_each_kind_undoes_to_its_start():
    """Full-size deals (a whole Plump pyramid, Femkamp's 52-card rounds, two Rummy rounds) undone to the start."""
    for game in (PlumpGame.start(PlumpRules.preset("kids"), seed=3), FemkampGame.start(FemkampRules(), seed=3),
                 RummyGame.start(RummyRules(rounds=2, max_reshuffles=2), seed=3)):
        start = observed(game)
        rng = random.Random(3)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        actions = len(game.history)
        assert take_back_all(game) == actions > 100
        assert observed(game) == start


# ------------------------------------------------------------------ named positions
def bidding_round() -> PlumpRound:
    """RULES.md's bidding example: 3 players, 3 cards, the dealer (seat 2) bids last."""
    return PlumpRound.from_hands(["AS KS 2H", "QH 3C 4D", "9S 8S 7S"], dealer=2, rules=PlumpRules(players=3),
                                 trump_card="5C")


def test_undo_of_a_bid():
    rnd = bidding_round()
    start = observed(rnd)
    rnd.apply(Bid(seat=0, tricks=1))
    rnd.undo()
    assert observed(rnd) == start and rnd.bids == [None, None, None] and rnd.bids_made == 0 and rnd.to_move == 0
    rnd.apply(Bid(seat=0, tricks=1))
    rnd.apply(Bid(seat=1, tricks=1))
    before_change = observed(rnd)
    rnd.apply(Bid(seat=1, tricks=2))            # the last bidder changes its bid
    rnd.undo()
    assert observed(rnd) == before_change and rnd.bids == [1, 1, None]
    rnd.apply(Bid(seat=2, tricks=0))            # the dealer's bid starts the play
    assert rnd.phase == "play"
    rnd.undo()
    assert observed(rnd) == before_change and rnd.phase == "bid" and rnd.legal_bids() == [0, 2, 3]


def test_undo_of_the_card_that_completes_a_trick():
    rnd = bidding_round()
    for seat, bid in ((0, 1), (1, 1), (2, 0)):
        rnd.apply(Bid(seat=seat, tricks=bid))
    for seat, card in ((0, "AS"), (1, "QH")):
        rnd.apply(Play(seat=seat, card=card))
    before = observed(rnd)
    events = rnd.apply(Play(seat=2, card="9S"))
    assert len(events) == 2 and rnd.tricks_taken == [1, 0, 0] and rnd.current_trick == []
    rnd.undo()
    assert observed(rnd) == before
    assert rnd.completed_tricks == [] and rnd.tricks_taken == [0, 0, 0] and rnd.to_move == 2
    assert [str(c) for _, c in rnd.current_trick] == ["A♠", "Q♥"] and rnd.hands[2] == list(parse_cards("7S 8S 9S"))


def test_undo_of_the_last_card_of_a_round_takes_back_its_scores():
    game = PlumpGame.start(PlumpRules(players=3, schedule=(1, 1)), seed=1,
                           setup={"deals": [{"hands": ["AS", "KS", "QS"], "trump_card": "2H"}]})
    for act in (Bid(seat=1, tricks=0), Bid(seat=2, tricks=1), Bid(seat=0, tricks=1),
                Play(seat=1, card="KS"), Play(seat=2, card="QS")):
        game.apply(act)
    before, round_one = observed(game), game.round.state_key()
    events = game.apply(Play(seat=0, card="AS"))
    assert isinstance(events[-1], RoundDealt) and game.totals == [11, 10, 0] and game.round_index == 1
    game.undo()
    assert observed(game) == before
    assert game.results == [] and game.totals == [0, 0, 0] and game.round_index == 0 and not game.round.is_over
    assert game.round.scores() == [0, 10, 0] and game.round.state_key() == round_one


def test_undo_of_the_last_card_of_a_tied_game_takes_back_the_extra_round():
    """Seats 1 and 2 tie on 10: with ``tie="extra-round"`` a round is added; its undo takes it away again."""
    game = PlumpGame.start(PlumpRules(players=3, schedule=(1,), tie="extra-round"), seed=1,
                           setup={"deals": [{"hands": ["AS", "KS", "QS"], "trump_card": "2H"}]})
    for act in (Bid(seat=1, tricks=0), Bid(seat=2, tricks=0), Bid(seat=0, tricks=0),
                Play(seat=1, card="KS"), Play(seat=2, card="QS")):
        game.apply(act)
    before = observed(game)
    game.apply(Play(seat=0, card="AS"))
    assert game.schedule == [1, game.rules.largest_hand] and game.extra_rounds == 1 and not game.is_over
    game.undo()
    assert observed(game) == before and game.schedule == [1] and game.extra_rounds == 0


def short_femkamp() -> FemkampGame:
    """Pass, then clubs, with two cards each, for 4 players (the other rounds are dealt from the seed)."""
    return FemkampGame.start(FemkampRules(), seed=2, setup={"deals": [
        {"hands": ["AS 2H", "KS 3H", "QS 4H", "JS 5H"]}, {"hands": ["AC 2D", "KC 3D", "QC 4D", "JC 5D"]}]})


def test_undo_across_a_femkamp_round_boundary():
    game = short_femkamp()
    rng = random.Random(1)
    while game.round_index == 0:
        before = observed(game)
        act = rng.choice(game.legal_actions())
        events = game.apply(act)
    assert isinstance(events[-1], RoundDealt) and game.round_name == "clubs" and len(game.results) == 1
    after = observed(game)
    game.undo()
    assert observed(game) == before
    assert game.round_name == "pass" and game.results == [] and game.totals == [0, 0, 0, 0]
    assert game.finished_rounds == [] and len(game.round.completed_tricks) == 1 and len(game.round.current_trick) == 3
    game.apply(act)
    assert observed(game) == after
    first = rng.choice(game.legal_actions())   # the first card of round 2, undone: round 2 as dealt
    game.apply(first)
    game.undo()
    assert observed(game) == after


def test_undo_of_kabal_moves_a_prikk_and_going_out():
    hands = ["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"]
    rnd = KabalRound.from_hands(hands, table=_rest(" ".join(hands)), rules=FemkampRules(players=3), dealer=2)
    states = [observed(rnd)]
    rnd.apply(Play(seat=0, card="6H"))
    states.append(observed(rnd))
    rnd.apply(Play(seat=1, card="8H"))
    states.append(observed(rnd))
    assert rnd.legal_actions() == [Prikk(seat=2)]
    rnd.apply(Prikk(seat=2))
    assert rnd.prikks == [0, 0, 1]
    rnd.undo()
    assert observed(rnd) == states[-1] and rnd.prikks == [0, 0, 0] and rnd.to_move == 2
    rnd.undo()
    rnd.undo()
    assert observed(rnd) == states[0] and rnd.layout.rows[2] == (7, 7) and rnd.history == []
    one_card = KabalRound.from_hands(["10H", "2H AH", "JH QH KH"], table=_rest("10H 2H AH JH QH KH"),
                                     rules=FemkampRules(players=3), dealer=2)
    before = observed(one_card)
    one_card.apply(Play(seat=0, card="10H"))
    assert one_card.is_over and one_card.out_seat == 0
    one_card.undo()
    assert observed(one_card) == before and one_card.out_seat is None and not one_card.is_over


def rummy_example() -> RummyRound:
    """The module's example: seat 1 draws 4♠, melds A♠–4♠ and goes out by discarding 9♥."""
    return RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C 10C JD",
                                 discard="9C", dealer=0, rules=RummyRules(max_reshuffles=3))


def test_undo_of_a_rummy_draw_meld_lay_off_and_discard():
    rnd = rummy_example()
    states = [observed(rnd)]
    script = [Draw(seat=1, source="stock"), Meld(seat=1, cards="AS 2S 3S"), LayOff(seat=1, card="4S", meld_index=0),
              Discard(seat=1, card="9H")]
    for act in script[:-1]:
        rnd.apply(act)
        states.append(observed(rnd))
    assert rnd.table[0].additions == ((1, Card.parse("4S")),)
    rnd.apply(script[-1])
    assert rnd.is_over and rnd.winner == 1
    for state in reversed(states):
        rnd.undo()
        assert observed(rnd) == state
    assert rnd.stock == list(parse_cards("4S 8D 8C 10C JD")) and rnd.table == [] and rnd.phase == "draw"
    rnd.apply(Draw(seat=1, source="discard"))        # from the discard pile: the pickup is public
    assert rnd.pickups == [(1, Card.parse("9C"))] and rnd.taken_from_discard == Card.parse("9C")
    rnd.undo()
    assert observed(rnd) == states[0] and rnd.pickups == [] and rnd.discard_pile == [Card.parse("9C")]


def reshuffle_round() -> RummyRound:
    """Seat 1 draws the only card of the stock; its discard ends the turn on an empty stock: the pile
    (9♣, 8♦, 10♣ under the discard) is reshuffled into the stock."""
    return RummyRound.from_cards(["KS QS 2D", "AS 5S 9H", "5C 9C 7C"], stock="JD", discard="8D 10C 3H",
                                 dealer=0, rules=RummyRules(max_reshuffles=3))


@pytest.mark.parametrize("with_generator", [False, True])
def test_undo_of_a_reshuffle_of_the_discard_pile(with_generator):
    rnd = reshuffle_round()
    if with_generator:
        rnd.reshuffle_rng = np.random.default_rng(5)
    rnd.apply(Draw(seat=1, source="stock"))
    before = observed(rnd)
    events = rnd.apply(Discard(seat=1, card="9H"))
    assert any(isinstance(e, StockReshuffled) for e in events) and rnd.reshuffles == 1
    stock_after, after = list(rnd.stock), observed(rnd)
    rnd.undo()
    assert observed(rnd) == before and rnd.stock == [] and rnd.reshuffles == 0
    assert rnd.discard_pile == list(parse_cards("8D 10C 3H"))
    assert rnd.apply(Discard(seat=1, card="9H")) == events and rnd.stock == stock_after
    assert observed(rnd) == after                       # the same order again: the generator was put back


def test_undo_of_a_discard_that_ends_the_round_on_an_empty_stock():
    rnd = RummyRound.from_cards(["KS QS 2D", "AS 5S 9H", "5C 9C 7C"], stock="JD", discard="8D",
                                dealer=0, rules=RummyRules(max_reshuffles=0))
    rnd.apply(Draw(seat=1, source="stock"))
    before = observed(rnd)
    rnd.apply(Discard(seat=1, card="9H"))
    assert rnd.is_over and rnd.end_reason == "stock"
    rnd.undo()
    assert observed(rnd) == before and not rnd.is_over


def test_undo_restores_the_stream_of_a_kernel_style_generator():
    """A ``reshuffle_rng`` that shuffles from a stream of its own (the kernels' ``DeckRng``) gets its stream back."""
    from cardlab.kernels import rng as rng_module

    stream = rng_module.Stream(9)
    rnd = reshuffle_round()
    rnd.reshuffle_rng = rng_module.DeckRng(stream)
    rnd.apply(Draw(seat=1, source="stock"))
    state = stream.state
    rnd.apply(Discard(seat=1, card="9H"))
    stock = list(rnd.stock)
    assert stream.state != state
    rnd.undo()
    assert stream.state == state
    rnd.apply(Discard(seat=1, card="9H"))
    assert rnd.stock == stock


# ------------------------------------------------------------------ nothing to undo
def every_kind_at_its_start() -> list:
    hands = ["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"]
    return [bidding_round(),
            FemkampTrickRound.from_hands(["QS 2H", "KS 3H", "AS QH", "10S 4D"], round_name="queens", dealer=3),
            KabalRound.from_hands(hands, table=_rest(" ".join(hands)), rules=FemkampRules(players=3), dealer=2),
            rummy_example(), PlumpGame.start(PlumpRules.preset("kids"), seed=1), short_femkamp(),
            RummyGame.start(RummyRules(rounds=2), seed=4)]


@pytest.mark.parametrize("index", range(7))
def test_undo_with_nothing_to_undo_raises_and_changes_nothing(index):
    obj = every_kind_at_its_start()[index]
    obj.lang = "en"
    start = observed(obj)
    with pytest.raises(IllegalMoveError, match="^There is no move to take back: nothing has been played yet.$") as info:
        obj.undo()
    assert isinstance(info.value, ValueError) and info.value.rule == "game.undo.nothing"
    assert observed(obj) == start and not obj.can_undo()
    obj.apply(obj.legal_actions()[0])
    obj.undo()
    with pytest.raises(IllegalMoveError):
        obj.undo()
    assert observed(obj) == start


# ------------------------------------------------------------------ clone
@pytest.mark.parametrize("index", range(7))
def test_a_clone_is_equal_and_independent(index):
    original = every_kind_at_its_start()[index]
    rng = random.Random(index)
    for _ in range(rng.randint(2, 3)):
        original.apply(rng.choice(original.legal_actions()))
    twin = original.clone()
    state = observed(original)
    assert observed(twin) == state and twin is not original
    for _ in range(6):                                   # the clone plays on: the original does not move
        if twin.is_over:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert observed(original) == state
    twin_state = observed(twin)
    original.apply(original.legal_actions()[-1])         # and the other way round
    assert observed(twin) == twin_state
    take_back_all(twin)                                  # the clone undoes to the start: still nothing shared
    original.undo()
    assert observed(original) == state
    assert observed(twin) == observed(every_kind_at_its_start()[index])


def test_a_clone_of_a_game_shares_finished_rounds_and_undo_copies_them_back_into_play():
    game = short_femkamp()
    rng = random.Random(1)
    while game.round_index < 2:
        game.apply(rng.choice(game.legal_actions()))
    twin = game.clone()
    assert twin.finished_rounds[0] is game.finished_rounds[0] and twin.round is not game.round
    kept = observed(game)
    take_back_all(twin)                                   # back through both finished rounds
    assert observed(game) == kept and twin.results == [] and twin.round_name == "pass"
    assert [r.is_over for r in game.finished_rounds] == [True, True]


def test_a_clone_of_a_finished_game_owns_its_last_round():
    game = RummyGame.start(RummyRules(rounds=1, max_reshuffles=0), seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    twin = game.clone()
    assert twin.round is twin.finished_rounds[-1] and twin.round is not game.round
    twin.lang = "en"
    assert game.round.lang is None
    twin.undo()
    assert game.is_over and not twin.is_over


def test_a_clone_copies_a_plain_numpy_reshuffle_generator():
    rnd = rummy_round_with_generator(3)
    twin = rnd.clone()
    assert twin.reshuffle_rng is not rnd.reshuffle_rng
    twin.reshuffle_rng.permutation(10)
    assert frozen(twin.reshuffle_rng) != frozen(rnd.reshuffle_rng)


# ------------------------------------------------------------------ perft
def perft_by_copying(game, depth=None) -> int:
    """The plain perft: a deep copy of the position for every action."""
    if game.is_over or depth == 0:
        return 1
    total = 0
    for act in game.legal_actions():
        child = copy.deepcopy(game)
        child.apply(act)
        total += perft_by_copying(child, None if depth is None else depth - 1)
    return total


def rummy_game_of_two_short_rounds() -> RummyGame:
    return RummyGame.start(RummyRules(rounds=2, max_reshuffles=1), seed=1, setup={"deals": [
        {"hands": ["AS 2S", "KD QD", "5C 9H"], "stock": "3S", "discard": "7H"},
        {"hands": ["AH 2H", "KC QC", "5D 9D"], "stock": "3H 4C", "discard": "7S"}]})


PERFT_POSITIONS = {
    "plump round, 3 players, 2 cards": (
        lambda: PlumpRound.from_hands(["AS 2H", "KS 3C", "QH 4D"], dealer=2, trump_card="5C"), None),
    "plump round, 4 players, 3 cards, to depth 5": (lambda: PlumpRound.deal(PlumpRules(), hand_size=3, rng=11), 5),
    "plump game across a round": (lambda: PlumpGame.start(PlumpRules(players=3, schedule=(1, 2)), seed=4), 9),
    "femkamp trick round": (
        lambda: FemkampTrickRound.from_hands(["QS 2H", "KS 3H", "AS QH", "10S 4D"], round_name="queens", dealer=3),
        None),
    "kabal round": (lambda: KabalRound.from_hands(["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"],
                                                  rules=FemkampRules(players=3), dealer=2,
                                                  table=_rest("5H 6H AH 2H 8H 9H 3H 4H 10H JH QH KH")), None),
    "femkamp game across a round": (short_femkamp, 10),
    "rummy round, to depth 5": (rummy_example, 5),
    "rummy round with a reshuffle, to depth 6": (reshuffle_round, 6),
    "rummy game across a round": (rummy_game_of_two_short_rounds, 9),
}


@pytest.mark.parametrize("name", list(PERFT_POSITIONS))
def test_perft_counts_are_those_of_the_deep_copying_perft(name):
    make, depth = PERFT_POSITIONS[name]
    game = make()
    start = observed(game)
    assert perft(game, depth) == perft_by_copying(make(), depth) > 1
    assert observed(game) == start                        # perft leaves the position as it was


# ------------------------------------------------------------------ Match.undo
def test_match_undo_takes_back_steps_on_the_same_game():
    match = Match.new("femkamp", FemkampRules(players=3), rng=6)
    rng = random.Random(6)
    for _ in range(70):
        match.apply(rng.choice(match.game.legal_actions()))
    game = match.game
    for steps in (1, 5, 20, 0):
        match.undo(steps)
        replayed = match.fresh_game()
        for act in match.actions:
            replayed.apply(act)
        assert match.game is game and observed(game) == observed(replayed) and game.history == match.actions
    state, actions = observed(game), list(match.actions)
    for bad in (-1, len(actions) + 1):
        with pytest.raises(ValueError, match="Cannot undo"):
            match.undo(bad)
        assert observed(match.game) == state and match.actions == actions
    match.undo(len(actions))
    assert observed(match.game) == observed(match.fresh_game()) and match.actions == []


def test_match_undo_that_fails_half_way_leaves_the_match_as_it_was():
    match = Match.new("plump", PlumpRules.preset("kids"), rng=2)
    rng = random.Random(2)
    for _ in range(10):
        match.apply(rng.choice(match.game.legal_actions()))
    del match.game._undo_stack[:7], match.game.round._undo_stack[:7]   # a game that can take back only 3 of the 10
    state, actions = observed(match.game), list(match.actions)
    with pytest.raises(IllegalMoveError):
        match.undo(5)
    assert match.actions == actions and observed(match.game) == state


# ------------------------------------------------------------------ coach replay
def replay_by_hand(rnd, seat, cards):
    """The coach's replay as it was written before undo: every trick again from the deal, checked card by card."""
    from cardlab.coach.plump import _legal_now, _start_hands
    from cardlab.tricks import trick_winner

    hands = _start_hands(rnd)
    leader = rnd.completed_tricks[0].leader
    winners = []
    for k, t in enumerate(rnd.completed_tricks):
        by_seat = dict(zip(t.seats, t.cards))
        if k in cards:
            by_seat[seat] = cards[k]
        order = [(leader + i) % rnd.players for i in range(rnd.players)]
        played = [by_seat[s] for s in order]
        for i, (s, c) in enumerate(zip(order, played)):
            if c not in _legal_now(hands[s], played[0] if i else None, rnd.trump, bool(rnd.rules.must_trump)):
                return None
        winner = order[trick_winner(played, rnd.trump)]
        winners.append(winner)
        for s, c in zip(order, played):
            hands[s] = [x for x in hands[s] if x != c]
        leader = winner
    return winners


def test_the_coachs_replay_gives_what_it_gave_before():
    from cardlab.coach.plump import analyse, replay

    compared = 0
    for rules in (PlumpRules.preset("kids"), PlumpRules(players=3, max_cards=4, must_trump=True)):
        for seed in range(2):
            game = PlumpGame.start(rules, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            for rnd in game.finished_rounds:
                state = observed(rnd)
                for seat in range(rnd.players):
                    mine = [dict(zip(t.seats, t.cards))[seat] for t in rnd.completed_tricks]
                    hand = sorted(set(mine), key=lambda c: c.index)
                    changes = [{}] + [{k: c} for k in range(len(mine)) for c in hand]
                    changes += [{k: mine[j], j: mine[k]} for k in range(len(mine)) for j in range(k + 1, len(mine))]
                    for cards in changes:
                        assert replay(rnd, seat, cards) == replay_by_hand(rnd, seat, cards), (seed, seat, cards)
                        compared += 1
                    analyse(rnd, seat)
                assert observed(rnd) == state                 # the finished round is not changed
    assert compared > 1000
