"""The compiled SO-ISMCTS of PlumpSearchBot: its rules agree with the engine, it is repeatable, it searches."""

import numpy as np
import pytest

from cardlab import Bid, Play, PlumpRound, PlumpRules, PlumpSearchBot, parse_cards
from cardlab.search.plump_ismcts import Root, Tree, apply_move, legal_moves, run


def mask(text):
    return np.uint64(sum(1 << c.index for c in parse_cards(text)))


def idx(text):
    return parse_cards(text)[0].index


def bits(m):
    return {i for i in range(64) if (int(m) >> i) & 1}


def fresh_info(players, leader):
    # [bids made, bid sum, leader, n_trick, led suit, best card, best seat, played, to move]
    info = np.zeros(9, np.int64)
    info[0] = players
    info[2] = leader
    info[4] = -1
    info[5] = -1
    info[6] = -1
    info[8] = leader
    return info


def test_a_trick_is_won_as_the_engine_says_trump_beats_the_led_suit():
    # hearts trump; seat 1 leads K♣, seat 2 follows A♣, seat 0 (void in clubs) trumps with 2♥
    hands_text = ["2H 5D", "KC 6D", "AC 7D"]
    rnd = PlumpRound.from_hands(hands_text, rules=PlumpRules(players=3, hook=False), dealer=0, trump="H")
    for seat, bid in [(1, 1), (2, 1), (0, 0)]:
        rnd.apply(Bid(seat, bid))
    for seat, card in [(1, "KC"), (2, "AC"), (0, "2H")]:
        rnd.apply(Play(seat, parse_cards(card)[0]))
    engine_winner = rnd.completed_tricks[0].winner

    hands = np.array([mask(h) for h in hands_text], np.uint64)
    bids, tricks, trick = np.array([0, 1, 1]), np.zeros(3, np.int64), np.zeros(3, np.int64)
    info = fresh_info(3, 1)
    for seat, card in [(1, "KC"), (2, "AC"), (0, "2H")]:
        apply_move(idx(card), seat, False, hands, bids, tricks, trick, info, 3, 2, 0, False)
    assert tricks.tolist() == [1, 0, 0] and engine_winner == 0
    assert info[2] == 0 and info[8] == 0 and info[3] == 0      # the winner leads the next trick
    assert bits(hands[0]) == {idx("5D")}


def test_the_hook_forbids_the_dealer_the_bid_that_makes_the_sum_as_the_engine_says():
    # RULES.md: 3 cards, bids 1 and 1 before the dealer: the dealer may not bid 1
    rnd = PlumpRound.from_hands(["2C 3C 4C", "5C 6C 7C", "8C 9C TC".replace("T", "10")],
                                rules=PlumpRules(players=3), dealer=2, trump="S")
    rnd.apply(Bid(0, 1))
    rnd.apply(Bid(1, 1))
    engine = {a.tricks for a in rnd.legal_actions()}
    kernel = bits(legal_moves(mask("8C 9C 10C"), np.array([1, 1, -1]), 2, 2, True, 2, 3, True, -1, 3, False))
    assert kernel == engine == {0, 2, 3}
    # without the hook, or for a seat that is not the dealer, every bid is allowed
    assert bits(legal_moves(mask("8C"), np.array([1, 1, -1]), 2, 2, True, 2, 3, False, -1, 3, False)) == {0, 1, 2, 3}
    assert bits(legal_moves(mask("8C"), np.array([1, -1, -1]), 1, 1, True, 2, 3, True, -1, 3, False)) == {0, 1, 2, 3}


def test_following_suit_is_the_engines_rule():
    hand = mask("2C KC 5D")
    assert bits(legal_moves(hand, np.zeros(3), 0, 0, False, 2, 3, False, 0, 3, False)) == {idx("2C"), idx("KC")}
    assert bits(legal_moves(hand, np.zeros(3), 0, 0, False, 2, 3, False, 2, 3, False)) == bits(hand)


def test_the_last_bid_sets_the_first_leader_left_of_the_dealer_or_the_highest_bidder():
    for highest, expected in [(False, 0), (True, 1)]:
        bids, info = np.full(3, -1), np.zeros(9, np.int64)
        hands = np.zeros(3, np.uint64)
        for seat, bid in [(0, 1), (1, 2), (2, 0)]:
            apply_move(bid, seat, True, hands, bids, np.zeros(3, np.int64), np.zeros(3, np.int64), info, 3, 3, 2,
                       highest)
        assert info[0] == 3 and info[1] == 3 and info[8] == expected


def _root():
    my = mask("AS 7H 2D")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my) & ~int(mask("9C")))
    return Root(me=1, players=4, hand_size=3, trump=3, must_trump=False, scoring=1, dealer=0, hook=True,
                highest_bidder_leads=False, my_hand=my, unseen=unseen)


def test_same_seed_same_tree_and_a_continued_search_equals_one_long_one():
    a, b, c = Tree(3001), Tree(3001), Tree(3001)
    run(a, _root(), 11, 3000)
    run(b, _root(), 11, 3000)
    assert a.size[0] == b.size[0]
    assert all((x == y).all() for x, y in zip(a.root_children(), b.root_children()))
    state = run(c, _root(), 11, 1000)
    run(c, _root(), state, 2000)
    assert all((x == y).all() for x, y in zip(a.root_children(), c.root_children()))
    assert a.visits[0] == 3000 and a.root_children()[1].sum() == 3000


def test_the_tree_holds_only_legal_root_moves_and_never_overflows_a_small_capacity():
    tree = Tree(50)
    run(tree, _root(), 3, 2000)
    moves = set(tree.root_children()[0].tolist())
    assert moves <= {0, 1, 2, 3} and moves
    assert tree.size[0] <= 50
    grown = Tree(8)
    grown.grow()
    assert grown.capacity == 16 and grown.size[0] == 1


def test_a_sure_zero_is_bid_zero_and_the_ace_of_trumps_is_counted():
    # no trump-winning card: 2♦ 3♣ 2♥ with spades trump bids 0; A♠ 7♥ 2♦ bids at least 1
    zero = mask("2D 3C 2H")
    root = Root(me=1, players=4, hand_size=3, trump=3, must_trump=False, scoring=1, dealer=0, hook=True,
                highest_bidder_leads=False, my_hand=zero,
                unseen=np.uint64(((1 << 52) - 1) & ~int(zero) & ~int(mask("9C"))))
    tree = Tree(4001)
    run(tree, root, 5, 4000)
    moves, visits, _, _ = tree.root_children()
    assert moves[np.argmax(visits)] == 0
    tree = Tree(4001)
    run(tree, _root(), 5, 4000)
    moves, visits, values, made = tree.root_children()
    assert moves[np.argmax(visits)] >= 1


def test_bot_knobs_are_checked_and_the_old_method_is_still_there():
    with pytest.raises(ValueError, match="method"):
        PlumpSearchBot(method="minimax")
    with pytest.raises(ValueError, match="exploration"):
        PlumpSearchBot(exploration=-1)
    with pytest.raises(ValueError, match="bid_noise"):
        PlumpSearchBot(bid_noise=1.0)
    rnd = PlumpRound.deal(PlumpRules(players=4), hand_size=4, dealer=0, rng=2)
    view = rnd.view(rnd.to_move)
    for method in ("ismcts", "pimc"):
        assert PlumpSearchBot(rng=1, method=method, rollouts=200).choose(view) in view.legal_actions
    for options in ({"bid_noise": 0.5}, {"bid_weight": 0.5}, {"bid_up": True}, {"samples": 300}):
        assert PlumpSearchBot(rng=1, rollouts=200, **options).choose(view) in view.legal_actions


def test_a_time_budget_grows_the_tree_and_answers():
    rnd = PlumpRound.deal(PlumpRules(players=4), hand_size=10, dealer=0, rng=5)
    view = rnd.view(rnd.to_move)
    decision = PlumpSearchBot(rng=4, time_ms=30).decide(view)
    assert decision.action in view.legal_actions
