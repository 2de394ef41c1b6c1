"""Plump bots: named positions where a sensible player knows the move, views, and a measured comparison."""

import copy

import numpy as np
import pytest

from cardlab import Bid, Card, PlumpBot, PlumpRound, PlumpRules, RandomBot, play_out


def _bid_all(rnd, bids):
    for seat in rnd.bid_order:
        if seat in bids:
            rnd.apply(Bid(seat, bids[seat]))


def test_bid_counts_aces_guarded_kings_and_trumps():
    rnd = PlumpRound.from_hands(["AS KS 2H 3H 4D", "AH 5C 6C 7C 8C", "9D 8D 7D 6D 5D", "2S 3S 4S QC JC"],
                                dealer=3, rules=PlumpRules(), trump="S")
    decision = PlumpBot().decide(rnd.view(0))
    # A♠ and K♠ are two top trumps: the measured table expects two tricks or a little more
    expected = PlumpBot.expected_tricks(rnd.view(0).hand, rnd.trump, 4, 5, seat=0)
    assert 200 <= expected < 350
    assert decision.action == Bid(0, (expected + 50) // 100)
    assert f"about {expected // 100}." in decision.explain("en")
    assert f"bid {decision.action.tricks}" in decision.explain("en")


def test_never_bid_below_sure_tricks_when_the_hook_forces_a_change():
    # dealer (seat 2) holds two sure trump tricks; the others bid 0 and 1, so 2 is forbidden (3 tricks)
    rnd = PlumpRound.from_hands(["2H 3H 4H", "5D 6D 7D", "AS KS 2C"], dealer=2,
                                rules=PlumpRules(players=3), trump="S")
    _bid_all(rnd, {0: 0, 1: 1})
    assert rnd.forbidden_bid() == 2
    decision = PlumpBot().decide(rnd.view(2))
    assert decision.action == Bid(2, 3)
    assert "hook forbids 2" in decision.explain("en")
    assert "Spärren förbjuder 2" in decision.explain("sv")


def test_lead_top_trump_when_every_remaining_trick_is_needed():
    rnd = PlumpRound.from_hands(["AS 2S KH", "3D 4D 5D", "6C 7C 8C"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump="S")
    _bid_all(rnd, {0: 3, 1: 0, 2: 0})
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action.card == Card.parse("AS")
    assert "top trump" in decision.explain("en")


def test_once_the_bid_is_made_duck_with_the_highest_losing_card():
    rnd = PlumpRound.from_hands(["AC 2D 3D", "KH QH 2C", "AH 5S 6S"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump=None)
    _bid_all(rnd, {0: 1, 1: 0, 2: 1})
    rnd.apply(rnd.legal_actions()[0].__class__(0, Card.parse("AC")))  # seat 0 wins with A♣ …
    rnd.apply(rnd.legal_actions()[0])                                 # … seat 1 follows with 2♣
    rnd.apply(rnd.legal_actions()[0])                                 # seat 2 throws
    assert rnd.tricks_taken[0] == 1
    rnd.apply(rnd.legal_actions()[0])  # seat 0 leads 2♦
    decision = PlumpBot().decide(rnd.view(1))
    # seat 1 bid 0 and is void in diamonds: it dumps its most dangerous card, K♥, which cannot win
    assert decision.action.card == Card.parse("KH")
    assert "most dangerous card that still loses" in decision.explain("en")


def test_take_the_trick_cheaply_when_last_and_still_needing():
    rnd = PlumpRound.from_hands(["5H 2C", "9H 3C", "QH KH"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump=None)
    _bid_all(rnd, {0: 0, 1: 0, 2: 1})
    rnd.apply(rnd.legal_actions()[0].__class__(0, Card.parse("5H")))
    rnd.apply(rnd.legal_actions()[0].__class__(1, Card.parse("9H")))
    decision = PlumpBot().decide(rnd.view(2))
    assert decision.action.card == Card.parse("QH")


def test_every_decision_is_explained_in_three_languages():
    rnd = PlumpRound.deal(PlumpRules(), hand_size=6, dealer=0, rng=3)
    bot = PlumpBot()
    while not rnd.is_over:
        decision = bot.decide(rnd.view(rnd.to_move))
        texts = [decision.explain(lang) for lang in ("sv", "nb", "en")]
        assert len(set(texts)) == 3 and all(texts)
        rnd.apply(decision.action)


def _shuffle_unseen(rnd, seat, rng):
    """The same position with the cards `seat` cannot see dealt differently among the others."""
    unseen = [c for s in range(rnd.players) if s != seat for c in rnd.hands[s]]
    order = rng.permutation(len(unseen))
    unseen = [unseen[i] for i in order]
    hands, k = [], 0
    for s in range(rnd.players):
        if s == seat:
            hands.append(list(rnd.hands[s]))
        else:
            n = len(rnd.hands[s])
            hands.append(unseen[k:k + n])
            k += n
    return hands


def test_bot_choice_does_not_change_when_unseen_cards_are_reshuffled():
    rng = np.random.default_rng(1)
    bot = PlumpBot()
    checked = 0
    for i in range(150):
        rnd = PlumpRound.deal(PlumpRules(), hand_size=int(rng.integers(1, 11)), dealer=i % 4, rng=i)
        steps = int(rng.integers(0, 4 + 4 * rnd.hand_size))
        for _ in range(steps):
            if rnd.is_over:
                break
            rnd.apply(bot.choose(rnd.view(rnd.to_move)))
        if rnd.is_over:
            continue
        seat = rnd.to_move
        original = bot.decide(rnd.view(seat))
        other = copy.deepcopy(rnd)
        other.hands = _shuffle_unseen(rnd, seat, rng)
        assert other.view(seat) == rnd.view(seat)
        assert bot.decide(other.view(seat)) == original
        checked += other.hands != rnd.hands
    assert checked > 80  # positions where the unseen cards really moved


def bid_made_rate(make_bot, rounds=2000, seed=2024):
    """Share of (round, seat) pairs whose bid was exact, over seeded 4-player rounds of 1–10 cards."""
    rules = PlumpRules()
    seeds = np.random.SeedSequence(seed).generate_state(rounds)
    made = 0
    for i, s in enumerate(seeds):
        rnd = PlumpRound.deal(rules, hand_size=1 + i % 10, dealer=i % 4, rng=int(s))
        play_out(rnd, make_bot(int(s)))
        made += sum(rnd.made())
    return made / (4 * rounds)


@pytest.mark.slow
def test_heuristic_bot_makes_its_bid_far_more_often_than_random():
    heuristic = bid_made_rate(lambda s: PlumpBot(), rounds=600)
    random = bid_made_rate(lambda s: RandomBot(rng=s), rounds=600)
    # 2,400 seat-rounds each: the standard error is about 0.01, the gap is about 0.3
    assert heuristic > random + 0.15
