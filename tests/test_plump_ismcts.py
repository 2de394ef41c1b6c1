"""The compiled SO-ISMCTS of PlumpSearchBot: its rules agree with the engine, it is repeatable, it searches."""

import numpy as np
import pytest

from cardlab import Bid, Play, PlumpRound, PlumpRules, PlumpSearchBot, parse_cards
from cardlab.search.plump_ismcts import AT, SEATS, Root, Tree, apply_move, legal_moves, run


def mask(text):
    return np.uint64(sum(1 << c.index for c in parse_cards(text)))


def idx(text):
    return parse_cards(text)[0].index


def bits(m):
    return {i for i in range(64) if (int(m) >> i) & 1}


def table(players, trump, dealer, highest_bidder_leads=False):
    """The ROOT record of a round with these rules (the hands and knowledge do not matter to apply_move)."""
    return Root(me=0, players=players, hand_size=3, trump=trump, must_trump=False, scoring=1, dealer=dealer,
                hook=False, highest_bidder_leads=highest_bidder_leads, my_hand=np.uint64(0),
                unseen=np.uint64(0)).record()


def working_state(hands=(), bids=(), leader=-1):
    """An AT record: these hands and bids (a bid of -1: not made yet), nothing on the table, ``leader`` to move."""
    at = np.zeros(1, AT)[0]
    at["hands"][:len(hands)] = hands
    at["bids"][:len(bids)] = bids
    at["bids_made"] = sum(b >= 0 for b in bids)
    at["bid_sum"] = sum(b for b in bids if b >= 0)
    at["leader"] = at["to_move"] = leader
    at["led"] = at["best_card"] = at["best_seat"] = -1
    return at


def test_a_trick_is_won_as_the_engine_says_trump_beats_the_led_suit():
    # hearts trump; seat 1 leads K♣, seat 2 follows A♣, seat 0 (void in clubs) trumps with 2♥
    hands_text = ["2H 5D", "KC 6D", "AC 7D"]
    rnd = PlumpRound.from_hands(hands_text, rules=PlumpRules(players=3, hook=False), dealer=0, trump="H")
    for seat, bid in [(1, 1), (2, 1), (0, 0)]:
        rnd.apply(Bid(seat, bid))
    for seat, card in [(1, "KC"), (2, "AC"), (0, "2H")]:
        rnd.apply(Play(seat, parse_cards(card)[0]))
    engine_winner = rnd.completed_tricks[0].winner

    root = table(players=3, trump=2, dealer=0)
    at = working_state(hands=[mask(h) for h in hands_text], bids=[0, 1, 1], leader=1)
    for seat, card in [(1, "KC"), (2, "AC"), (0, "2H")]:
        apply_move(idx(card), seat, root, at)
    assert at["tricks"][:3].tolist() == [1, 0, 0] and engine_winner == 0
    assert at["leader"] == 0 and at["to_move"] == 0 and at["count"] == 0    # the winner leads the next trick
    assert bits(at["hands"][0]) == {idx("5D")}
    assert bits(at["played"]) == {idx("KC"), idx("AC"), idx("2H")}


def test_a_card_on_the_table_is_kept_in_the_trick_record():
    root = table(players=3, trump=3, dealer=2)
    at = working_state(hands=[mask("KH 2C"), mask("AH 3C"), mask("2S 4C")], bids=[1, 1, 0], leader=0)
    apply_move(idx("KH"), 0, root, at)
    apply_move(idx("AH"), 1, root, at)
    assert (at["count"], at["led"], at["best_card"], at["best_seat"], at["to_move"]) == (2, 2, idx("AH"), 1, 2)
    assert at["trick_cards"][:2].tolist() == [idx("KH"), idx("AH")]


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
        root = table(players=3, trump=3, dealer=2, highest_bidder_leads=highest)
        at = working_state(bids=[-1, -1, -1], leader=0)
        for seat, bid in [(0, 1), (1, 2), (2, 0)]:
            apply_move(bid, seat, root, at)
        assert at["bids_made"] == 3 and at["bid_sum"] == 3 and at["to_move"] == expected == at["leader"]


def _root():
    my = mask("AS 7H 2D")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my) & ~int(mask("9C")))
    return Root(me=1, players=4, hand_size=3, trump=3, must_trump=False, scoring=1, dealer=0, hook=True,
                highest_bidder_leads=False, my_hand=my, unseen=unseen)


def _mid_trick():
    # spades trump, must trump, bids made, seat 0 has led K♥ and seat 1 (me: A♥ 2♠ 3♣) is to follow; 9♦ turned up
    my = mask("AH 2S 3C")
    seen = int(my) | int(mask("KH")) | int(mask("9D"))
    return Root(me=1, players=3, hand_size=3, trump=3, must_trump=True, scoring=2, dealer=2, hook=True,
                highest_bidder_leads=True, my_hand=my, unseen=np.uint64(((1 << 52) - 1) & ~seen),
                counts=[2, 3, 3], bids=[1, 1, 0], leader=0, trick_cards=[idx("KH"), 0, 0], n_trick=1,
                played=mask("KH"), played_by=[mask("KH"), 0, 0], trump_card=idx("9D"))


def _mid_bidding():
    # five seats, dealer 3: seats 4, 0 and 1 have bid, seat 2 (me) bids next; diamonds trump (J♦ turned up)
    my = mask("KS QH 4D 5C")
    seen = int(my) | int(mask("JD"))
    return Root(me=2, players=5, hand_size=4, trump=1, must_trump=False, scoring=0, dealer=3, hook=True,
                highest_bidder_leads=False, my_hand=my, unseen=np.uint64(((1 << 52) - 1) & ~seen),
                bids=[2, 1, -1, -1, 1], trump_card=idx("JD"))


POSITIONS = {"start of the bidding": (_root, {}, 11, 3000),
             "a card on the table": (_mid_trick, dict(noise=0.2, noise_me=True, bid_up=True), 5, 2000),
             "bids to explain": (_mid_bidding, dict(bid_weight=0.5, bid_up=True, exploration=1.1), 7, 2000)}


def _search(name, capacity=None):
    make, knobs, seed, iterations = POSITIONS[name]
    tree = Tree(capacity or iterations + 1)
    return tree, run(tree, make(), seed, iterations, **knobs)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_same_seed_same_tree_node_for_node(name):
    (a, state_a), (b, state_b) = _search(name), _search(name)
    assert state_a == state_b and a.size[0] == b.size[0]
    assert (a.nodes[:a.size[0]] == b.nodes[:b.size[0]]).all()


# What the search found before its arguments became records (the 37-argument ``search`` of 2026-12):
# the stream's state, the tree's size and the root's children, which the records must not change.
BEFORE = {"start of the bidding": (4953839714042668718, 3001, [0, 3, 1, 2], [8, 8, 2974, 10], [0, 0, 2674, 1]),
          "a card on the table": (2738342851818654302, 2001, [38], [2000], [1134]),
          "bids to explain": (3506965817758608309, 2001, [2, 1, 4, 3, 0], [63, 704, 43, 43, 1147], [6, 313, 0, 0, 602])}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_search_draws_and_grows_exactly_as_before(name):
    tree, state = _search(name)
    moves, visits, _, made = tree.root_children()
    assert (state, int(tree.size[0]), moves.tolist(), visits.tolist(), made.tolist()) == BEFORE[name]


def test_a_continued_search_equals_one_long_one_even_across_a_grown_tree():
    a, _ = _search("start of the bidding")
    c = Tree(1200)
    state = run(c, _root(), 11, 1000)
    c.grow()   # as a time-budgeted search does: the nodes are kept, the record is taken again
    assert c.capacity == 2400
    c.grow()
    run(c, _root(), state, 2000)
    assert c.size[0] == a.size[0] and (c.nodes[:c.size[0]] == a.nodes[:a.size[0]]).all()
    assert a.visits[0] == 3000 and a.root_children()[1].sum() == 3000
    position = _root().record()   # a record made once serves many calls
    d = Tree(3001)
    run(d, position, run(d, position, 11, 1000), 2000)
    assert (d.nodes[:d.size[0]] == a.nodes[:a.size[0]]).all()


def test_the_tree_holds_only_legal_root_moves_and_never_overflows_a_small_capacity():
    tree = Tree(50)
    run(tree, _root(), 3, 2000)
    moves = set(tree.root_children()[0].tolist())
    assert moves <= {0, 1, 2, 3} and moves
    assert tree.size[0] <= 50
    grown = Tree(8)
    grown.grow()
    assert grown.capacity == 16 and grown.size[0] == 1
    assert (grown.first == -1).all() and (grown.visits == 0).all()


def test_a_position_the_search_cannot_hold_is_refused():
    with pytest.raises(ValueError, match="before every seat has bid"):
        Root(me=0, players=3, hand_size=3, trump=3, must_trump=False, scoring=1, dealer=2, hook=True,
             highest_bidder_leads=False, my_hand=mask("AS"), unseen=np.uint64(0), n_trick=1)
    with pytest.raises(ValueError, match=f"2 to {SEATS} players"):
        Root(me=0, players=SEATS + 1, hand_size=3, trump=3, must_trump=False, scoring=1, dealer=2, hook=True,
             highest_bidder_leads=False, my_hand=mask("AS"), unseen=np.uint64(0))


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
