"""Hidden-hand Plump puzzles: the chances re-counted by a plain minimax over deals built independently,
the clear margin, the counter-deal really consistent and really failing, the themes, plain data, words."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from cardlab import Match, PlumpRules
from cardlab.bots.plump import PlumpBot
from cardlab.cards import Card, full_deck
from cardlab.games.plump import Bid, PlumpRound
from cardlab.games.trick_actions import Play
from cardlab.i18n import LANGUAGES
from cardlab.puzzles import HiddenPuzzle, Position, load_puzzles, save_puzzles
from cardlab.puzzles.plump_hidden import (EXACT_MARGIN, SAMPLES, SE_MARGIN, all_deals, child_rng, hidden_puzzles_from_games,
                                          hidden_puzzles_from_match, interval, sample_deals)
from cardlab.puzzles.themes import HIDDEN_THEME_NAMES, hidden_theme_of
from cardlab.tricks import trick_winner as card_trick_winner


def minimax(hands, trick, leader, taken, seat, bid, trump, memo):
    """Plain minimax, no cut-offs: can ``seat`` end with exactly ``bid`` whatever the others play?"""
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
        results = [minimax(hands[:mover] + (hand - {c},) + hands[mover + 1:], trick + ((mover, c),), leader, taken,
                           seat, bid, trump, memo) for c in (follow or list(hand))]
        memo[key] = any(results) if mover == seat else all(results)
    return memo[key]


def keeps_on(rnd, seat, hands, card):
    """After ``card``, on the deal ``hands`` (every seat's cards now), can ``seat`` still make its bid?"""
    hands = tuple(frozenset(h) for h in hands)
    hands = hands[:seat] + (hands[seat] - {card},) + hands[seat + 1:]
    trick = tuple(rnd.current_trick) + ((seat, card),)
    return minimax(hands, trick, rnd.leader, rnd.tricks_taken[seat], seat, rnd.bids[seat], rnd.trump, {})


def what_the_seat_saw(rnd, seat):
    """Independently of cardlab.puzzles: the unseen cards and each seat's voids, from the tricks."""
    played = [c for t in rnd.completed_tricks for c in t.cards] + [c for _, c in rnd.current_trick]
    unseen = set(full_deck()) - set(rnd.hands[seat]) - set(played) - {rnd.trump_card}
    voids = {s: set() for s in range(rnd.players)}
    for t in [list(zip(t.seats, t.cards)) for t in rnd.completed_tricks] + [list(rnd.current_trick)]:
        for s, c in t[1:]:
            if c.suit != t[0][1].suit:
                voids[s].add(t[0][1].suit)
    return unseen, voids


def fits(rnd, seat, hands):
    """The counter-deal's checks: same own hand, cards per seat, only unseen cards, voids kept."""
    unseen, voids = what_the_seat_saw(rnd, seat)
    used = [c for s, h in enumerate(hands) if s != seat for c in h]
    return (sorted(hands[seat], key=lambda c: c.index) == sorted(rnd.hands[seat], key=lambda c: c.index)
            and [len(h) for h in hands] == [len(h) for h in rnd.hands]
            and len(used) == len(set(used)) and set(used) <= unseen and rnd.trump_card not in used
            and all(c.suit not in voids[s] for s, h in enumerate(hands) if s != seat for c in h))


@pytest.fixture(scope="module")
def exact_set():
    found = [p for p in hidden_puzzles_from_games(8, rng=2, players=2, hand_size=5) if p.exact]
    assert len(found) >= 2
    return found


@pytest.fixture(scope="module")
def sampled_set():
    found = hidden_puzzles_from_games(6, rng=3)
    assert len(found) == 6
    return found


# ------------------------------------------------------------------ the chances, counted again
def test_exact_chances_recounted_over_every_deal_by_plain_minimax(exact_set):
    for p in exact_set[:2]:
        rnd = p.round()
        unseen, voids = what_the_seat_saw(rnd, p.seat)
        others = [s for s in range(rnd.players) if s != p.seat]
        assert len(others) == 1                     # two players: one hidden hand (the blind hand is unseen too)
        other = others[0]
        pool = sorted((c for c in unseen if c.suit not in voids[other]), key=lambda c: c.index)
        deals = list(itertools.combinations(pool, len(rnd.hands[other])))
        assert len(deals) == p.deals
        wins = {code: 0 for code in p.legal}
        for combo in deals:
            hands = [rnd.hands[p.seat] if s == p.seat else list(combo) for s in range(rnd.players)]
            for code in p.legal:
                wins[code] += keeps_on(rnd, p.seat, hands, Card.parse(code))
        assert wins == p.wins
        best = max(wins, key=wins.get)
        assert p.answer == best and all(wins[c] < wins[best] for c in wins if c != best)
        assert p.margin["diff"] >= EXACT_MARGIN and p.intervals()[p.answer][0] == p.intervals()[p.answer][1]


def test_sampled_chances_recounted_by_plain_minimax(sampled_set):
    p = sampled_set[0]
    rnd = p.round()
    deals = list(sample_deals(p.seen(), child_rng(p.seed, 1), SAMPLES))
    assert len(deals) == p.deals and all(fits(rnd, p.seat, d) for d in deals)
    wins = {code: sum(keeps_on(rnd, p.seat, d, Card.parse(code)) for d in deals) for code in p.legal}
    assert wins == p.wins


def test_every_kept_puzzle_has_a_clear_margin(sampled_set, exact_set):
    for p in sampled_set + exact_set:
        ch = p.chances
        assert p.answer == max(ch, key=ch.get)
        m = p.margin
        assert m["best"] == p.answer and m["next"] != p.answer and m["deals"] == p.deals
        assert abs(m["best_chance"] - ch[p.answer]) < 1e-3 and abs(m["next_chance"] - ch[m["next"]]) < 1e-3
        assert all(ch[c] <= ch[m["next"]] for c in p.legal if c != p.answer)
        if p.exact:
            assert m["diff"] >= EXACT_MARGIN
        else:
            assert m["diff"] > SE_MARGIN * m["se"] > 0
            low, high = p.intervals()[p.answer]
            assert low < ch[p.answer] < high


def test_deals_are_consistent_and_uniform_over_the_unseen_cards():
    rnd = PlumpRound.deal(PlumpRules(players=3), hand_size=3, dealer=0, rng=4)
    for act in (Bid(1, 1), Bid(2, 0), Bid(0, 1)):
        rnd.apply(act)
    first = rnd.hands[1][0]
    rnd.apply(Play(1, first))
    p2 = next(c for c in rnd.hands[2] if c.suit != first.suit) if all(c.suit != first.suit for c in rnd.hands[2]) \
        else next(c for c in rnd.hands[2] if c.suit == first.suit)
    rnd.apply(Play(2, p2))
    from cardlab.puzzles.plump_hidden import seen_of
    seen = seen_of(rnd, 0)
    deals = list(sample_deals(seen, child_rng(1, 1), 400))
    assert len(deals) == 400 and all(fits(rnd, 0, d) for d in deals)
    counts = {}
    for d in deals:
        for c in d[1]:
            counts[c] = counts.get(c, 0) + 1
    allowed = [c for c in seen.unseen if c.suit not in seen.voids[1]]
    assert set(counts) <= set(allowed) and len(counts) > len(allowed) // 2


def test_all_deals_matches_a_plain_count():
    rnd = PlumpRound.from_hands(["AS 2H", "KH 3H", "QH 4C"], dealer=2, trump_card="5D")
    for act in (Bid(0, 1), Bid(1, 0), Bid(2, 0), Play(0, Card.parse("AS"))):
        rnd.apply(act)
    from cardlab.puzzles.plump_hidden import seen_of
    assert all_deals(seen_of(rnd, 1)) is None                      # 48 cards for two hands of two: too many
    rnd.apply(Play(1, Card.parse("KH")))                            # seat 1 shows void in spades
    seen = seen_of(rnd, 0)
    assert Card.parse("KH") not in seen.unseen and seen.voids[1] == frozenset({Card.parse("AS").suit})
    assert all_deals(seen, limit=10) is None


# ------------------------------------------------------------------ the counter-deal
def test_the_counter_deal_is_consistent_and_the_wrong_card_really_fails(sampled_set, exact_set):
    checked = 0
    for p in sampled_set + exact_set[:2]:
        rnd = p.round()
        for code in p.legal:
            if code == p.answer:
                assert p.counter_deal(code) is None
                continue
            c = p.counter_deal(code)
            if c is None:
                continue
            checked += 1
            assert fits(rnd, p.seat, c.hands)
            assert not keeps_on(rnd, p.seat, c.hands, Card.parse(code))
            assert keeps_on(rnd, p.seat, c.hands, Card.parse(p.answer)) == c.right_works
            # the line is legal card by card on that full deal, and the bid is really lost
            hands = [" ".join(x.code for x in h) for h in _start_hands(rnd, c.hands)]
            replay = PlumpRound.from_hands(hands, dealer=rnd.dealer, rules=rnd.rules, trump_card=rnd.trump_card)
            for a in p.actions:
                from cardlab.protocol import action_from_dict
                replay.apply(action_from_dict(a))
            assert c.line.steps[0].card == Card.parse(code)
            for step in c.line.steps:
                replay.apply(Play(step.seat, step.card))
            assert replay.is_over and replay.tricks_taken[p.seat] != p.bid == replay.bids[p.seat]
    assert checked >= 5


def _start_hands(rnd, now):
    hands = [list(h) for h in now]
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            hands[s].append(c)
    for s, c in rnd.current_trick:
        hands[s].append(c)
    return hands


# ------------------------------------------------------------------ the themes
def test_count_trumps_on_a_named_position():
    """Spades trump, one trump still out: with 5♠ and 2♥, bid 1 — the ranks of the trumps decide."""
    pos = Position.from_text(["5S 2H", "3H 4D", "6H 4C"], seat=0, bid=1, leader=0, trump="S")
    assert hidden_theme_of(pos, Card.parse("2H"), Card.parse("5S"), 1) == "count_trumps"
    assert hidden_theme_of(pos, Card.parse("2H"), Card.parse("5S"), 6) != "count_trumps"   # too many to count
    no_trump = Position.from_text(["5S 2H", "3H 4D", "6H 4C"], seat=0, bid=1, leader=0)
    assert hidden_theme_of(no_trump, Card.parse("2H"), Card.parse("5S"), 0) != "count_trumps"


def test_top_trump_hidden_needs_no_higher_unseen_trump():
    pos = Position.from_text(["KS QS", "2H 3H", "4H 5H"], seat=0, bid=2, leader=0, trump="S")
    unseen = [Card.parse("AS"), Card.parse("7D")]
    assert hidden_theme_of(pos, Card.parse("KS"), Card.parse("QS"), 5, unseen) != "top_trump"
    assert hidden_theme_of(pos, Card.parse("KS"), Card.parse("QS"), 5, unseen[1:]) == "top_trump"


def test_themes_are_known(sampled_set, exact_set):
    assert all(p.theme in HIDDEN_THEME_NAMES for p in sampled_set + exact_set)


# ------------------------------------------------------------------ sets, data, speed
def test_seeded_easiest_first_and_plain_json(sampled_set, tmp_path):
    again = hidden_puzzles_from_games(6, rng=3)
    assert [p.to_dict() for p in again] == [p.to_dict() for p in sampled_set]
    assert [p.difficulty for p in again] == sorted(p.difficulty for p in again)
    for p in sampled_set:
        d = json.loads(json.dumps(p.to_dict()))
        assert d["game"] == "plump" and d["kind"] == "hidden" and HiddenPuzzle.from_dict(d) == p
        assert p.level in (1, 2, 3)
    path = save_puzzles(tmp_path / "h.json", sampled_set)
    assert load_puzzles(path) == sampled_set


@pytest.mark.parametrize("change, field", [({"theme": "guess"}, "theme"), ({"answer": "AS"}, "answer"),
                                           ({"kind": "card"}, "kind"), ({"deals": 0}, "deals")])
def test_a_damaged_hidden_puzzle_is_refused(sampled_set, change, field):
    data = sampled_set[0].to_dict()
    with pytest.raises(ValueError, match=field):
        HiddenPuzzle.from_dict({**data, **change})


def test_twenty_puzzles_in_seconds():
    import time

    start = time.perf_counter()
    found = hidden_puzzles_from_games(20, rng=11)
    assert len(found) == 20 and time.perf_counter() - start < 60


def test_interval():
    assert interval(0, 10, False) == (0.0, 0.0) and interval(5, 10, True) == (0.5, 0.5)
    low, high = interval(50, 100, False)
    assert low < 0.5 < high and abs((high - low) / 2 - 1.96 * 0.05) < 1e-3


# ------------------------------------------------------------------ the child's own mistakes
class Careless:
    def __init__(self, seed):
        self.random, self.bidder = random.Random(seed), PlumpBot()

    def choose(self, view):
        if view.phase == "bid":
            return self.bidder.choose(view)
        return self.random.choice(list(view.legal_actions))


def test_own_mistakes_are_clearly_worse_cards():
    rules = PlumpRules(players=3, schedule=(3, 2, 3))
    found = []
    for seed in range(3):
        match = Match.new("plump", rules, rng=seed)
        match.play_out([Careless(seed), PlumpBot(), PlumpBot()])
        found += hidden_puzzles_from_match(match, 0)
    assert found
    for p in found:
        assert p.source == "own" and p.seat == 0 and p.played in p.legal and p.played != p.answer
        assert p.chances[p.answer] - p.chances[p.played] >= 0.10
        rnd = p.round()
        assert rnd.to_move == 0 and rnd.bids[0] == p.bid
    with pytest.raises(ValueError, match="seat"):
        hidden_puzzles_from_match(match, 7)


# ------------------------------------------------------------------ words
def test_explanations_in_three_languages(sampled_set, exact_set):
    for p in sampled_set + exact_set[:1]:
        texts = {lang: p.explanation().text(lang) for lang in LANGUAGES}
        assert len(set(texts.values())) == 3
        best = str(Card.parse(p.answer))
        assert all(best in t and f"{round(100 * p.chances[p.answer])} %" in t for t in texts.values())
        assert len({p.title().text(lang) for lang in LANGUAGES}) == 3
    assert exact_set[0].explanation().key in ("puzzles.hidden.why_exact", "puzzles.hidden.why_trumps")
    from cardlab.i18n import Message
    for key in ("puzzles.hidden.why", "puzzles.hidden.why_exact", "puzzles.hidden.why_trumps",
                "puzzles.theme.count_trumps"):
        m = Message(key, {"card": Card.parse("AS"), "best": 60, "other": Card.parse("2H"), "next": 20, "out": 2})
        assert len({m.text(lang) for lang in LANGUAGES}) == 3


def test_count_trumps_puzzles_really_hang_on_the_trumps_out():
    """Re-count the best card's lead over the runner-up in the deals where the others hold no trump
    and in those where they hold some: the two differ by at least 15 points."""
    from cardlab.puzzles.plump_hidden import judge

    found = [p for p in hidden_puzzles_from_games(10, rng=4) if p.theme == "count_trumps"]
    assert found
    p = found[0]
    rnd, pos = p.round(), p.position()
    best, second = Card.parse(p.answer), Card.parse(p.margin["next"])
    assert rnd.trump is not None and rnd.trump in (best.suit, second.suit)
    deals = list(sample_deals(p.seen(), child_rng(p.seed, 1), SAMPLES)) if not p.exact else all_deals(p.seen())
    groups = {False: [], True: []}
    for d in deals:
        held = any(c.suit == rnd.trump for s, h in enumerate(d) if s != p.seat for c in h)
        a, b = judge(pos, d, [best, second])
        groups[held].append(a - b)
    assert min(len(g) for g in groups.values()) >= len(deals) / 10
    lead = {k: sum(g) / len(g) for k, g in groups.items()}
    assert abs(lead[True] - lead[False]) >= 0.15
    assert f"{p.trumps_out}" in p.explanation().text("en")
