"""Plump puzzles from real rounds: every answer checked again by the exact search, the themes on
named positions, a child's own missed decisions, and the puzzle as plain data."""

from __future__ import annotations

import json
import random

import pytest

from cardlab import Match, PlumpRules
from cardlab.bots.plump import PlumpBot
from cardlab.cards import Card
from cardlab.tricks import trick_winner as card_trick_winner
from cardlab.games.plump import Bid, PlumpRound
from cardlab.games.trick_actions import Play
from cardlab.i18n import LANGUAGES
from cardlab.protocol import play_out
from cardlab.puzzles import (THEME_NAMES, Position, Puzzle, puzzles_from_games, puzzles_from_match,
                             puzzles_from_round, theme_of)
from cardlab.puzzles.themes import duck, shed_high, take_now, top_trump


def keeps_by_engine(rnd: PlumpRound, seat: int, card: Card) -> bool:
    """Independent of cardlab.puzzles: play ``card`` in the round, then a plain minimax over every
    legal card (follow suit; the engine's trick winner; no cut-offs) to the end: can ``seat`` still
    make its bid exactly whatever the others play?"""
    assert not rnd.rules.must_trump
    hands = tuple(frozenset(h) for h in rnd.hands)
    mover = rnd.to_move
    hands = hands[:mover] + (hands[mover] - {card},) + hands[mover + 1:]
    trick = tuple(rnd.current_trick) + ((mover, card),)
    return _minimax(hands, trick, rnd.leader, rnd.tricks_taken[seat], seat, rnd.bids[seat], rnd.trump, {})


def _minimax(hands, trick, leader, taken, seat, bid, trump, memo):
    players = len(hands)
    if len(trick) == players:
        won = trick[card_trick_winner([c for _, c in trick], trump)][0]
        trick, leader, taken = (), won, taken + (won == seat)
    if not trick and not hands[seat]:
        return taken == bid
    key = (hands, trick, leader, taken)
    if key not in memo:
        mover = (leader + len(trick)) % players
        hand = hands[mover]
        follow = [c for c in hand if trick and c.suit == trick[0][1].suit]
        results = [_minimax(hands[:mover] + (hand - {c},) + hands[mover + 1:], trick + ((mover, c),), leader, taken,
                            seat, bid, trump, memo) for c in (follow or list(hand))]
        memo[key] = any(results) if mover == seat else all(results)
    return memo[key]


def _start(rnd):
    hands = [list(h) for h in rnd.hands]
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            hands[s].append(c)
    for s, c in rnd.current_trick:
        hands[s].append(c)
    return hands


def _actions(rnd):
    acts = [Bid(s, rnd.bids[s]) for s in rnd.bid_order]
    acts += [Play(s, c) for t in rnd.completed_tricks for s, c in zip(t.seats, t.cards)]
    return acts + [Play(s, c) for s, c in rnd.current_trick]


# ------------------------------------------------------------------ the answers, checked again
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_puzzle_has_one_right_card_by_the_exact_search(seed):
    puzzles = puzzles_from_games(n=12, rng=seed, hand_size=4)
    assert len(puzzles) >= 5
    for p in puzzles:
        rnd = p.round()
        assert rnd.to_move == p.seat and rnd.bids[p.seat] == p.bid
        legal = rnd.legal_cards(p.seat)
        assert sorted(c.code for c in legal) == sorted(p.legal) and len(legal) >= 2
        verdict = {c.code: keeps_by_engine(rnd, p.seat, c) for c in legal}
        assert [c for c, ok in verdict.items() if ok] == list(p.answers) == [p.answer]
        assert p.margin == {"keeps": [p.answer], "loses": [c for c in p.legal if c != p.answer]}
        assert p.difficulty == p.tricks_left * len(legal) and p.tricks_left == len(rnd.hands[p.seat])
        assert p.theme in THEME_NAMES and p.source == "bots"


def test_no_one_card_decision_is_missed():
    """Every decision of a few bot rounds, tried card by card with the engine: the one-card ones are exactly the puzzles."""
    rules = PlumpRules(players=4)
    for k in range(6):
        rnd = PlumpRound.deal(rules, hand_size=4, dealer=k % 4, rng=100 + k)
        play_out(rnd, PlumpBot())
        found = {(p.trick, p.seat, len(p.actions)) for p in puzzles_from_round(rnd)}
        expected = set()
        replay = PlumpRound.from_hands([" ".join(c.code for c in h) for h in _start(rnd)], dealer=rnd.dealer,
                                       rules=rules, trump_card=rnd.trump_card, is_last_round=rnd.is_last_round)
        acts = _actions(rnd)
        for i, act in enumerate(acts):
            if isinstance(act, Play):
                legal = replay.legal_cards(act.seat)
                good = [c for c in legal if keeps_by_engine(replay, act.seat, c)]
                if len(legal) >= 2 and len(good) == 1:
                    expected.add((len(replay.completed_tricks) + 1, act.seat, i))
            replay.apply(act)
        assert found == expected


def test_the_set_is_seeded_and_plain_json():
    a, b = puzzles_from_games(n=5, rng=9, hand_size=3), puzzles_from_games(n=5, rng=9, hand_size=3)
    assert [p.to_dict() for p in a] == [p.to_dict() for p in b] and a
    assert [p.difficulty for p in a] == sorted(p.difficulty for p in a)
    text = json.dumps([p.to_dict() for p in a])
    assert [Puzzle.from_dict(d) for d in json.loads(text)] == a
    assert puzzles_from_games(n=5, rng=10, hand_size=3) != a


def test_too_large_hands_are_refused_by_name():
    with pytest.raises(ValueError, match="hand_size"):
        puzzles_from_games(n=1, rng=1, hand_size=10)
    with pytest.raises(ValueError, match="n must be"):
        puzzles_from_games(n=-1)


@pytest.mark.parametrize("change, field", [
    ({"theme": "guess"}, "theme"), ({"answers": ["AS"]}, "answers"), ({"format": "x"}, "format"),
    ({"source": "friends"}, "source")])
def test_a_damaged_puzzle_is_refused_naming_the_field(change, field):
    data = puzzles_from_games(n=3, rng=7, hand_size=3)[0].to_dict()
    with pytest.raises(ValueError, match=field):
        Puzzle.from_dict({**data, **change})
    del data["seat"]
    with pytest.raises(ValueError, match="seat"):
        Puzzle.from_dict(data)


# ------------------------------------------------------------------ the themes, on named positions
def test_top_trump():
    pos = Position.from_text(["AS KS", "QS 2H", "JS 3H"], seat=0, bid=2, leader=0, trump="S")
    assert top_trump(pos, Card.parse("AS")) and not top_trump(pos, Card.parse("KS"))
    fewer = Position.from_text(["AS KS", "QS 2H", "JS 3H"], seat=0, bid=1, leader=0, trump="S")
    assert not top_trump(fewer, Card.parse("AS"))                         # one trick is enough
    no_trump = Position.from_text(["AS KS", "QS 2H", "JS 3H"], seat=0, bid=2, leader=0)
    assert not top_trump(no_trump, Card.parse("AS"))
    assert theme_of(pos, [Card.parse("AS")]) == "top_trump"


def test_top_trump_when_it_matters():
    """Two tricks needed, trump hearts: A♥ first draws the last trump; a spade first gets ruffed."""
    pos = Position.from_text(["AH AS", "2H 3C", "4C 5C"], seat=0, bid=2, leader=0, trump="H")
    assert [(str(c), pos.keeps(c)) for c in pos.legal()] == [("A♥", True), ("A♠", False)]
    assert theme_of(pos, [Card.parse("AH")]) == "top_trump"


def test_shed_high():
    pos = Position.from_text(["KS 2C", "3C", "4C"], seat=0, bid=0, leader=1, trick=[(1, "AH"), (2, "QH")])
    assert shed_high(pos, Card.parse("KS")) and not shed_high(pos, Card.parse("2C"))
    follow = Position.from_text(["KH 2H", "3C", "4C"], seat=0, bid=0, leader=1, trick=[(1, "AH"), (2, "QS")])
    assert shed_high(follow, Card.parse("KH"))                            # K♥ under the ace, while it cannot win
    alone = Position.from_text(["KH 2C", "3C", "4C"], seat=0, bid=0, leader=1, trick=[(1, "AH"), (2, "QH")])
    assert not shed_high(alone, Card.parse("KH"))                         # must follow with its only heart
    assert theme_of(pos, [Card.parse("KS")]) == "shed_high"


def test_shed_high_when_it_matters():
    """Bid 0, no spades, spades led and Q♠ winning: throw 10♥ now, or the 3♥ 4♥ lead makes it win later."""
    pos = Position.from_text(["10H 9D 9C", "6D 6C", "3H 4H"], seat=0, bid=0, leader=1, trick=[(1, "5S"), (2, "QS")])
    right = [c for c in pos.legal() if pos.keeps(c)]
    assert [str(c) for c in right] == ["10♥"] and theme_of(pos, right) == "shed_high"


def test_duck():
    """Bid 0, Q♣ and 10♣ on the table: 9♣ lets the trick go, A♣ would take it."""
    pos = Position.from_text(["AC 9C 10H", "KS 4D", "6D 2C"], seat=0, bid=0, leader=1, trick=[(1, "QC"), (2, "10C")])
    assert duck(pos, Card.parse("9C")) and not duck(pos, Card.parse("AC"))
    assert [(str(c), pos.keeps(c)) for c in pos.legal()] == [("9♣", True), ("A♣", False)]
    assert theme_of(pos, [Card.parse("9C")]) == "duck"
    lead = Position.from_text(["AC 9C 10H", "KS 4D QC", "6D 2C 10C"], seat=0, bid=0, leader=0)
    assert not duck(lead, Card.parse("9C"))                               # nothing on the table to duck under


def test_take_now():
    """Bid 2, two cards left, K♥ 9♥ on the table: A♥ now, then 5♥ takes the last trick too."""
    pos = Position.from_text(["AH 5H", "2C", "3C"], seat=0, bid=2, leader=1, trick=[(1, "KH"), (2, "9H")])
    assert take_now(pos, Card.parse("AH")) and not take_now(pos, Card.parse("5H"))
    not_last = Position.from_text(["AH 5H", "2C", "9H 3C"], seat=0, bid=1, leader=1, trick=[(1, "KH")])
    assert not take_now(not_last, Card.parse("AH"))                       # a later card could still beat it
    done = Position.from_text(["AH 5H", "2C", "3C"], seat=0, bid=0, leader=1, trick=[(1, "KH"), (2, "9H")])
    assert not take_now(done, Card.parse("AH"))                           # no trick needed
    assert [str(c) for c in pos.legal() if pos.keeps(c)] == ["A♥"]
    assert theme_of(pos, [Card.parse("AH")]) == "take_now"


def test_exact_is_what_is_left():
    pos = Position.from_text(["AS 2H", "KS 3H"], seat=0, bid=1, leader=0)
    assert theme_of(pos, [Card.parse("2H")]) == "exact"
    assert theme_of(pos, []) == "exact"


def test_themes_seen_in_bot_rounds():
    themes = {p.theme for seed in (1, 2) for p in puzzles_from_games(n=15, rng=seed, hand_size=5)}
    assert {"duck", "take_now", "exact"} <= themes


# ------------------------------------------------------------------ the losing line
def test_a_wrong_card_has_a_line_that_really_loses():
    for p in puzzles_from_games(n=8, rng=4, hand_size=4):
        pos = p.position()
        for code in p.margin["loses"]:
            line = pos.losing_line(Card.parse(code))
            rnd = p.round()
            for step in line.steps:                                     # the line is legal, card by card
                assert step.seat == rnd.to_move and step.trick == len(rnd.completed_tricks) + 1
                rnd.apply(Play(step.seat, step.card))
            assert rnd.is_over and rnd.tricks_taken[p.seat] == line.taken != p.bid
            taken = [sum(t.winner == p.seat for t in rnd.completed_tricks[:k]) for k in range(rnd.hand_size + 1)]
            k = line.trick
            if line.kind == "too_many":
                assert taken[k] > p.bid >= taken[k - 1]
            else:
                assert taken[k] + (rnd.hand_size - k) < p.bid <= taken[k - 1] + (rnd.hand_size - k + 1)
        with pytest.raises(ValueError, match="keeps the bid"):
            pos.losing_line(Card.parse(p.answer))


# ------------------------------------------------------------------ the child's own mistakes
class Careless:
    """Bids like the heuristic bot, plays a random legal card (a child who has not learnt yet)."""

    def __init__(self, seed):
        self.random, self.bidder = random.Random(seed), PlumpBot()

    def choose(self, view):
        if view.phase == "bid":
            return self.bidder.choose(view)
        return self.random.choice(list(view.legal_actions))


def test_my_mistakes_are_the_decisions_that_lost_the_bid():
    found = 0
    for seed in range(4):
        match = Match.new("plump", PlumpRules.preset("kids"), rng=seed)
        match.play_out([Careless(seed), PlumpBot(), PlumpBot(), PlumpBot()])
        for p in puzzles_from_match(match, 0):
            found += 1
            rnd = p.round()
            assert p.source == "own" and p.seat == 0 and p.played not in p.answers
            assert not keeps_by_engine(rnd, 0, Card.parse(p.played))
            assert all(keeps_by_engine(rnd, 0, Card.parse(c)) == (c in p.answers) for c in p.legal)
            assert Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    assert found >= 3


def test_a_perfect_round_has_no_mistakes():
    rnd = PlumpRound.from_hands(["AS 2H", "KS 3H"], dealer=1, trump="C")
    for act in (Bid(0, 1), Bid(1, 0), Play(0, Card.parse("AS")), Play(1, Card.parse("KS")),
                Play(0, Card.parse("2H")), Play(1, Card.parse("3H"))):
        rnd.apply(act)
    assert puzzles_from_match(rnd, 0) == [] and puzzles_from_match(rnd, 1) == []
    with pytest.raises(ValueError, match="seat"):
        puzzles_from_match(rnd, 5)


def _named_mistake():
    rnd = PlumpRound.from_hands(["AH 5H", "KH 2C", "9H 3C"], dealer=0, trump="S")
    for act in (Bid(1, 1), Bid(2, 0), Bid(0, 0), Play(1, Card.parse("KH")), Play(2, Card.parse("9H")),
                Play(0, Card.parse("AH")), Play(0, Card.parse("5H")), Play(1, Card.parse("2C")),
                Play(2, Card.parse("3C"))):
        rnd.apply(act)
    [p] = puzzles_from_match(rnd, 0)
    return p


def test_a_named_mistake():
    """Bid 0 with A♥ 5♥ after K♥ 9♥: the ace takes a trick you do not want; 5♥ was right."""
    p = _named_mistake()
    assert (p.played, p.answers, p.theme, p.trick) == ("AH", ("5H",), "duck", 1)


# ------------------------------------------------------------------ words
def test_explanations_in_three_languages():
    puzzles = puzzles_from_games(n=10, rng=2, hand_size=4)
    for p in puzzles:
        texts = {lang: p.explanation().text(lang) for lang in LANGUAGES}
        assert len(set(texts.values())) == 3
        assert all(str(Card.parse(p.answer)) in t for t in texts.values())
        assert len({p.title().text(lang) for lang in LANGUAGES}) == 3
    zero = _named_mistake()
    assert zero.explanation().key == "puzzles.why.duck_zero"
    assert zero.explanation().text("en") == "You bid 0, so you must not take a trick. Play 5♥ and let this trick go."
    assert zero.explanation().text("sv").startswith("Du bjöd 0, så du får inte ta något stick. Lägg 5♥")
    assert zero.explanation().text("nb").startswith("Du meldte 0, så du får ikke ta noe stikk. Legg 5♥")
    keys = {p.explanation().key for p in puzzles}
    assert keys & {"puzzles.why.duck_done", "puzzles.why.exact_done", "puzzles.why.take_now", "puzzles.why.exact"}


def test_a_set_in_a_file(tmp_path):
    from cardlab.puzzles import load_puzzles, save_puzzles

    found = puzzles_from_games(n=4, rng=7, hand_size=3)
    path = save_puzzles(tmp_path / "set.json", found)
    assert load_puzzles(path) == found and [p.name for p in tmp_path.iterdir()] == ["set.json"]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["puzzles"][1]["theme"] = "guess"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="puzzle 2 of set.json: .*theme"):
        load_puzzles(path)
    path.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(ValueError, match="JSON"):
        load_puzzles(path)


@pytest.mark.parametrize("players, hand_size, seed", [(2, 5, 11), (3, 5, 12), (5, 4, 13)])
def test_other_table_sizes(players, hand_size, seed):
    puzzles = puzzles_from_games(n=8, rng=seed, players=players, hand_size=hand_size)
    assert puzzles
    for p in puzzles:
        rnd = p.round()
        assert rnd.players == players
        verdict = [c.code for c in rnd.legal_cards(p.seat) if keeps_by_engine(rnd, p.seat, c)]
        assert verdict == [p.answer]


def test_the_search_agrees_with_plain_minimax_mid_trick():
    """Random small positions, with cards already on the table: the exact search and a plain minimax agree."""
    from cardlab.cards import full_deck
    from cardlab.coach.double_dummy import mask
    from cardlab.coach.double_dummy import can_make

    rng = random.Random(5)
    deck = list(full_deck())
    checked = 0
    for _ in range(300):
        players, size = rng.choice([(3, 3), (4, 3), (3, 4)])
        cards = rng.sample(deck, players * size)
        hands = [frozenset(cards[i * size:(i + 1) * size]) for i in range(players)]
        trump = rng.choice([None, *{c.suit for c in cards}])
        leader, trick = rng.randrange(players), ()
        for k in range(rng.randrange(players)):       # some cards already on the table, legally
            mover = (leader + k) % players
            follow = [c for c in hands[mover] if trick and c.suit == trick[0][1].suit]
            card = rng.choice(sorted(follow or hands[mover], key=lambda c: c.index))
            hands[mover] = hands[mover] - {card}
            trick += ((mover, card),)
        seat, bid = rng.randrange(players), rng.randrange(size + 1)
        expected = _minimax(tuple(hands), trick, leader, 0, seat, bid, trump, {})
        got = can_make([mask(h) for h in hands], seat=seat, target=bid, leader=leader,
                               trump=None if trump is None else trump.index,
                               trick=tuple((s, c.index) for s, c in trick))
        assert got == expected, (hands, trick, leader, seat, bid, trump)
        checked += expected
    assert checked > 30                                 # both answers are common


def test_every_theme_has_its_words():
    from cardlab.i18n import has_message

    for theme in THEME_NAMES:
        assert has_message(f"puzzles.theme.{theme}") and has_message(f"puzzles.why.{theme}")
    assert all(has_message(f"puzzles.why.{t}_{v}") for t in ("duck", "exact") for v in ("zero", "done"))


def test_a_position_that_does_not_add_up_is_refused():
    with pytest.raises(ValueError, match="hands"):
        Position.from_text(["AS KS", "QS", "JS 3H"], seat=0, bid=1, leader=0)
    with pytest.raises(ValueError, match="twice"):
        Position.from_text(["AS KS", "QS", "JS 3H"], seat=2, bid=1, leader=1, trick=[(1, "AS")])


def test_a_card_puzzle_names_its_kind_and_old_dicts_still_read():
    from cardlab.puzzles import puzzle_from_dict

    p = puzzles_from_games(n=3, rng=7, hand_size=3)[0]
    data = p.to_dict()
    assert (data["game"], data["kind"], p.kind) == ("plump", "card", "card") and p.level in (1, 2, 3)
    old = {k: v for k, v in data.items() if k != "kind"}
    assert Puzzle.from_dict(old) == p == puzzle_from_dict(old)
    with pytest.raises(ValueError, match="kind"):
        Puzzle.from_dict({**data, "kind": "bid"})
