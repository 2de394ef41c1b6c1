"""PlumpSearchBot and its compiled rollouts: it sees only its view, plays legally, explains itself."""

import numpy as np
import pytest

from cardlab import Bid, Card, Play, PlumpRound, PlumpRules, PlumpSearchBot, parse_cards
from cardlab.bots import PlumpSearchBot as FromBots
from cardlab.search.plump_rollout import Knobs, Root, evaluate_moves, later_bid, play_out, sample_world


def mask(text):
    return np.uint64(sum(1 << c.index for c in parse_cards(text)))


def cards_of(m):
    return {i for i in range(52) if (int(m) >> i) & 1}


def _play_to(rnd, bots, stop):
    """Play ``rnd`` with ``bots`` until ``stop(rnd)`` is true."""
    while not rnd.is_over and not stop(rnd):
        rnd.apply(bots[rnd.to_move].choose(rnd.view(rnd.to_move)))
    return rnd


def _reshuffled(rnd, seat, rng):
    """The same round, seen from ``seat``, with the cards it cannot see dealt anew.

    Unseen cards (other hands and the rest of the deck) are reshuffled among the other seats,
    keeping each seat's count and the suits it has shown void in, then the history is replayed.
    """
    rules, players = rnd.rules, rnd.players
    played = {}
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            played.setdefault(s, []).append(c)
    for s, c in rnd.current_trick:
        played.setdefault(s, []).append(c)
    voids = {s: set() for s in range(players)}
    for t in list(rnd.completed_tricks) + ([rnd.current_trick] if rnd.current_trick else []):
        pairs = list(zip(t.seats, t.cards)) if hasattr(t, "seats") else list(t)
        led = pairs[0][1].suit
        for s, c in pairs:
            if c.suit != led:
                voids[s].add(led)
    seen = set(rnd.hands[seat]) | {c for cs in played.values() for c in cs} | {rnd.trump_card}
    unseen = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in seen]
    for _ in range(1000):
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        hands = []
        ok = True
        for s in range(players):
            if s == seat:
                hands.append(list(rnd.hands[s]))
                continue
            need = len(rnd.hands[s])
            mine = [c for c in order if c.suit not in voids[s]][:need]
            if len(mine) < need:
                ok = False
                break
            order = [c for c in order if c not in mine]
            hands.append(mine)
        if ok:
            break
    dealt = [hands[s] + played.get(s, []) for s in range(players)]
    copy = PlumpRound.from_hands(dealt, dealer=rnd.dealer, rules=rules, trump_card=rnd.trump_card)
    for s in rnd.bid_order[:rnd.bids_made]:
        copy.apply(Bid(s, rnd.bids[s]))
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            copy.apply(Play(s, c))
    for s, c in rnd.current_trick:
        copy.apply(Play(s, c))
    assert copy.view(seat).hand == rnd.view(seat).hand
    assert copy.hands != rnd.hands or not unseen
    return copy


def test_exported_from_cardlab_and_bots():
    assert PlumpSearchBot is FromBots


@pytest.mark.parametrize("moment", ["bid", "lead", "follow"])
def test_decision_does_not_depend_on_cards_it_cannot_see(moment):
    # the view hides the other hands: dealing them anew (same counts, same shown voids) changes nothing
    rules = PlumpRules(players=4)
    for seed in range(6):
        rnd = PlumpRound.deal(rules, hand_size=5, dealer=seed % 4, rng=seed)
        helpers = [PlumpSearchBot(rng=100 + s, rollouts=200) for s in range(4)]
        if moment == "bid":
            _play_to(rnd, helpers, lambda r: r.bids_made == 2)
        elif moment == "lead":
            _play_to(rnd, helpers, lambda r: len(r.completed_tricks) == 2 and not r.current_trick)
        else:
            _play_to(rnd, helpers, lambda r: len(r.completed_tricks) == 1 and len(r.current_trick) == 2)
        seat = rnd.to_move
        other = _reshuffled(rnd, seat, np.random.default_rng(seed))
        a = PlumpSearchBot(rng=7, rollouts=300).decide(rnd.view(seat))
        b = PlumpSearchBot(rng=7, rollouts=300).decide(other.view(seat))
        assert a.action == b.action
        assert a.explain("en") == b.explain("en")


def test_never_returns_an_illegal_action_over_many_seeded_rounds():
    for players, size in [(4, 5), (3, 7), (5, 3), (2, 4), (4, 10)]:
        for hook, must_trump, lead in [(True, False, "left-of-dealer"), (False, True, "highest-bidder")]:
            rules = PlumpRules(players=players, hook=hook, must_trump=must_trump, first_lead=lead)
            for seed in range(3):
                rnd = PlumpRound.deal(rules, hand_size=size, dealer=seed % players, rng=seed)
                bots = [PlumpSearchBot(rng=seed * 10 + s, rollouts=64) for s in range(players)]
                while not rnd.is_over:
                    view = rnd.view(rnd.to_move)
                    act = bots[rnd.to_move].choose(view)
                    assert act in view.legal_actions
                    rnd.apply(act)


def test_explains_itself_in_swedish_norwegian_and_english_with_the_chance_it_found():
    rnd = PlumpRound.from_hands(["AS KS QS", "2H 3H 4H", "5C 6C 7C"], rules=PlumpRules(players=3), dealer=2,
                                trump="S")
    decision = PlumpSearchBot(rng=1).decide(rnd.view(0))
    assert decision.action == Bid(0, 3)  # the three top trumps: three sure tricks
    assert decision.explain("sv").startswith("Om jag bjuder 3 klarar jag budet i ungefär 10 av 10 givar")
    assert decision.explain("nb").startswith("Hvis jeg melder 3, klarer jeg meldingen i omtrent 10 av 10 giv")
    assert decision.explain("en").startswith("If I bid 3, I make it in about 10 of 10 deals")
    for seat, bid in [(0, 3), (1, 0), (2, 1)]:
        rnd.apply(Bid(seat, bid))
    decision = PlumpSearchBot(rng=1).decide(rnd.view(0))
    texts = {lang: decision.explain(lang) for lang in ("sv", "nb", "en")}
    assert f"lägger {decision.action.card}" in texts["sv"] and "av 10 givar" in texts["sv"]
    assert f"legger {decision.action.card}" in texts["nb"] and "av 10 giv" in texts["nb"]
    assert f"play {decision.action.card}" in texts["en"] and "of 10 deals" in texts["en"]


def test_a_single_legal_card_is_played_without_search_and_said_so():
    rnd = PlumpRound.from_hands(["AS 2H", "3H 4C", "5C 6C"], rules=PlumpRules(players=3, hook=False), dealer=2,
                                trump="S")
    for seat, bid in [(0, 1), (1, 0), (2, 0)]:
        rnd.apply(Bid(seat, bid))
    rnd.apply(rnd.legal_actions()[[a.card for a in rnd.legal_actions()].index(Card.parse("2H"))])
    decision = PlumpSearchBot(rng=1).decide(rnd.view(1))
    assert decision.action.card == Card.parse("3H")  # must follow hearts with the only heart
    assert decision.explain("sv") == "3♥ är det enda kort jag får lägga."
    assert decision.explain("nb") == "3♥ er det eneste kortet jeg kan legge."


def test_wants_a_trick_and_takes_it_cheaply_when_last():
    # seat 2 bid 1 and plays last to K♥ and 5♥: A♥ takes this trick for sure, 2♥ gives it away
    rnd = PlumpRound.from_hands(["KH 9C", "5H 8C", "AH 2H"], rules=PlumpRules(players=3, hook=False), dealer=2,
                                trump="D")
    for seat, bid in [(0, 0), (1, 0), (2, 1)]:
        rnd.apply(Bid(seat, bid))
    for card in ("KH", "5H"):
        rnd.apply(rnd.legal_actions()[[str(a.card) for a in rnd.legal_actions()].index(str(Card.parse(card)))])
    decision = PlumpSearchBot(rng=3).decide(rnd.view(2))
    assert decision.action.card == Card.parse("AH")
    assert decision.explain("en").startswith("If I play A♥, I make my bid in about ")


def test_bad_settings_are_refused_with_the_field_named():
    for kwargs, field in [({"rollouts": 0}, "rollouts"), ({"samples": -1}, "samples"), ({"time_ms": 0}, "time_ms"),
                          ({"scoring": "golf"}, "scoring"), ({"bid_weight": 0}, "bid_weight"), ({"noise": 1.5}, "noise")]:
        with pytest.raises(ValueError, match=field):
            PlumpSearchBot(**kwargs)


def test_same_seed_same_decisions_and_a_time_budget_is_honoured():
    rnd = PlumpRound.deal(PlumpRules(), hand_size=10, dealer=0, rng=5)
    view = rnd.view(rnd.to_move)
    assert PlumpSearchBot(rng=4).decide(view) == PlumpSearchBot(rng=4).decide(view)
    decision = PlumpSearchBot(rng=4, time_ms=5).decide(view)
    assert decision.action in view.legal_actions


# ------------------------------------------------------------------ the kernels
def _root(players=3, hand_size=2, trump=-1, scoring=0, my_hand=np.uint64(0), unseen=np.uint64(0), **known):
    """A search position: seat 0 searching, dealer 2, no hook, the dealer's left leads; ``known`` as in :class:`Root`."""
    return Root(me=0, players=players, hand_size=hand_size, trump=trump, must_trump=False, scoring=scoring, dealer=2,
                hook=False, highest_bidder_leads=False, my_hand=my_hand, unseen=unseen, **known)


def _played_out(root, hands, noise=0.0, quiet_seat=-1):
    """The tricks each seat takes when ``play_out`` plays ``root`` on from its position with ``hands``."""
    at = root.working_state(hands)
    play_out(np.uint64(1), root.record(), at, noise, quiet_seat)
    return at["tricks"][:root.players].tolist()


def test_sampled_deals_respect_counts_and_shown_voids():
    players = 4
    my_hand = mask("AS KS QS")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my_hand))
    root = _root(players=4, hand_size=3, my_hand=my_hand, unseen=unseen, counts=[3, 3, 2, 3],
                 voids=[0, 0b1000, 0b0001, 0])   # seat 1 void in spades, seat 2 in clubs
    hands = np.zeros(players, np.uint64)
    pool, room = np.zeros(64, np.int64), np.zeros(players + 1, np.int64)
    state = np.uint64(9)
    for _ in range(300):
        state, ok = sample_world(state, root.record(), hands, pool, room)
        assert ok
        assert hands[0] == my_hand
        assert [len(cards_of(h)) for h in hands] == [3, 3, 2, 3]
        assert not any(c // 13 == 3 for c in cards_of(hands[1]))
        assert not any(c // 13 == 0 for c in cards_of(hands[2]))
        together = [c for h in hands for c in cards_of(h)]
        assert len(together) == len(set(together))


def test_play_out_finishes_a_trick_in_progress_and_counts_every_trick():
    # 3 players, hearts trump, seat 1 led 2♣, seat 2 played K♣; seat 0 has A♣ 3♦, must follow and wins the trick
    root = _root(trump=2, bids=[1, 0, 0], leader=1, trick_cards=[_card("2C"), _card("KC"), 0], n_trick=2,
                 played=mask("2C KC"))
    tricks = _played_out(root, [mask("AC 3D"), mask("4D"), mask("5D")])
    assert tricks == [1, 0, 1]  # A♣ takes the first trick, 5♦ the second (♦ led by seat 0: 3♦ 4♦ 5♦)


def test_evaluate_moves_sees_that_leading_the_ace_breaks_a_zero_bid():
    # no trump; seat 0 bid 0 and leads from A♣ 2♦: the ace always wins its trick, 2♦ mostly loses
    my_hand = mask("AC 2D")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my_hand))
    root = _root(my_hand=my_hand, unseen=unseen, bids=[0, 1, 1], leader=0)
    candidates = np.array([_card("AC"), _card("2D")])
    score, made, weight = evaluate_moves(1, 200, root.record(), Knobs(0.0, 0.0, 1.0, False, False), candidates)
    assert weight == 200
    assert made[0] == 0 and score[0] == 0
    assert made[1] > 0.5 * weight and score[1] == 10 * made[1]


def test_evaluate_moves_tries_bids_in_the_bidding():
    # seat 0 bids first with the three top trumps: bidding 3 makes it in every deal, bidding 0 in none
    my_hand = mask("AS KS QS")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my_hand))
    root = _root(hand_size=3, trump=3, my_hand=my_hand, unseen=unseen)
    score, made, weight = evaluate_moves(5, 100, root.record(), Knobs(0.0, 0.0, 1.0, False, False), np.array([0, 3]))
    assert weight == 100 and made.tolist() == [0.0, 100.0]


def test_later_bidders_bid_like_the_heuristic_or_round_their_half_tricks_up():
    # the heuristic's bid comes from its measured table; rounded up is its half-tricks rounded up
    from cardlab.kernels.plump_heuristic import half_tricks, heuristic_bid

    hand = mask("KS 2H 3D")
    assert later_bid(hand, 3, 3, 4, -1, False) == heuristic_bid(hand, 3, 3, 4, -1)
    up = min(3, (half_tricks(hand, 3, 4, 3) + 1) // 2)
    assert later_bid(hand, 3, 3, 4, -1, True) == up
    # the hook still binds the dealer: that bid forbidden, so one up
    assert later_bid(hand, 3, 3, 4, up, True) == up + 1


def _card(text):
    return parse_cards(text)[0].index


def test_play_outs_count_the_turned_up_card_as_seen_like_plumpbot():
    # 3 players, 2 cards, A♠ turned up (spades trump); seat 0 leads from K♠ 7♠ and needs 1 trick.
    # Knowing A♠ is out of play, K♠ is the top trump: it leads it, wins, and 7♠ wins the last
    # trick too (the others are out of spades). Blind to A♠ it leads 7♠ low and 8♠ takes it.
    def tricks_with(trump_card):
        root = _root(trump=3, bids=[1, 1, 2], leader=0, trump_card=trump_card)
        return _played_out(root, [mask("KS 7S"), mask("2S AH"), mask("8S KD")])

    assert tricks_with(_card("AS")) == [2, 0, 0]
    assert tricks_with(-1) == [1, 0, 1]


def test_a_lost_bid_fights_for_tricks_under_trick_points_but_sheds_them_under_the_rules_score():
    # 3 players, no trump, 3 cards; seat 1 bid 0 but took the first trick. Seat 0 leads 5♥.
    # Standard score: seat 1 ducks with 3♥ and seat 0's 5♥ wins. Trick points (1 per trick + 10
    # for an exact bid): the bid is lost, so seat 1 takes every trick it can: A♥, then 3♥.
    from cardlab.rules.plump_core import SCORING_CODES

    def tricks_with(scoring):
        root = _root(hand_size=3, scoring=scoring, bids=[1, 0, 1], tricks=[0, 1, 0], leader=0, played=mask("KD QD JD"))
        return _played_out(root, [mask("5H 9C"), mask("AH 3H"), mask("2H 4C")])

    assert tricks_with(SCORING_CODES["standard"]) == [2, 1, 0]
    assert tricks_with(-1) == [2, 1, 0]
    assert tricks_with(SCORING_CODES["trick-points"]) == [0, 3, 0]


def test_later_bidders_bid_with_their_place_and_the_turned_up_card_like_plumpbot():
    # 4 players, 3 cards, spades trump: K♠ Q♠ 2♥ is worth 3 to the first bidder when A♠ is turned
    # up (K♠ and Q♠ are then the top trumps) and 2 when the turned-up card is unknown
    from cardlab.kernels.plump_heuristic import heuristic_bid
    from cardlab.search.plump_rollout import bid_order

    hand = mask("KS QS 2H")
    for order in range(4):
        for trump_card in (-1, _card("AS")):
            assert later_bid(hand, 3, 3, 4, -1, False, order, trump_card) == heuristic_bid(hand, 3, 3, 4, -1, order,
                                                                                            trump_card)
    assert later_bid(hand, 3, 3, 4, -1, False, 0, _card("AS")) == 3
    assert later_bid(hand, 3, 3, 4, -1, False, 0, -1) == 2
    assert [bid_order(s, 1, 4) for s in range(4)] == [2, 3, 0, 1]   # dealer 1: seat 2 bids first


def test_the_search_is_given_the_turned_up_card():
    rnd = PlumpRound.from_hands(["AS KS", "2H 3H", "5C 6C"], rules=PlumpRules(players=3), dealer=2,
                                trump_card="QS")
    pos = PlumpSearchBot(rng=1)._position(rnd.view(0))
    assert pos["trump_card"] == _card("QS")
    assert not (int(pos["unseen"]) >> _card("QS")) & 1


# ------------------------------------------------------------------ bidding the likeliest trick count
def test_random_trick_counts_three_top_trumps_always_take_three():
    from cardlab.search.plump_rollout import random_trick_counts

    my_hand = mask("AS KS QS")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my_hand) & ~int(mask("2D")))
    hist = np.zeros((2, 4), np.int64)
    root = Root(me=0, players=3, hand_size=3, trump=3, must_trump=False, scoring=0, dealer=2, hook=True,
                highest_bidder_leads=False, my_hand=my_hand, unseen=unseen)
    random_trick_counts(3, 500, root.record(), False, np.array([1, 3]), hist)
    assert hist.tolist() == [[0, 0, 0, 500], [0, 0, 0, 500]]


def test_random_trick_counts_one_queen_wins_as_often_as_the_deal_allows():
    # 3 players, 1 card each, spades trump (no card turned up); seat 0 leads Q♥ and wins unless one of
    # the two other cards is K♥, A♥ or a spade: 36/51 × 35/50 = 0.494 of the deals
    from cardlab.search.plump_rollout import random_trick_counts

    my_hand = mask("QH")
    unseen = np.uint64(((1 << 52) - 1) & ~int(my_hand))
    hist = np.zeros((1, 2), np.int64)
    root = Root(me=0, players=3, hand_size=1, trump=3, must_trump=False, scoring=0, dealer=2, hook=True,
                highest_bidder_leads=False, my_hand=my_hand, unseen=unseen)
    random_trick_counts(11, 20000, root.record(), False, np.array([1]), hist)
    assert hist.sum() == 20000
    assert abs(hist[0, 1] / 20000 - 36 / 51 * 35 / 50) < 0.02


def test_bid_likeliest_bids_the_top_trumps_and_says_so_in_three_languages():
    rnd = PlumpRound.from_hands(["AS KS QS", "2H 3H 4H", "5C 6C 7C"], rules=PlumpRules(players=3), dealer=2,
                                trump="S")
    decision = PlumpSearchBot(rng=1, bid_method="likeliest").decide(rnd.view(0))
    assert decision.action == Bid(0, 3)
    assert decision.explain("sv") == ("Om alla lade sina kort på måfå skulle jag oftast ta 3 stick: i ungefär 10 av 10 "
                                      "givar (jag provade 5000 sätt som de andra korten kan ligga på), så jag bjuder 3.")
    assert decision.explain("nb").startswith("Hvis alle la kortene sine på måfå, ville jeg oftest ta 3 stikk: i omtrent "
                                             "10 av 10 giv")
    assert decision.explain("en").startswith("If everyone played their cards at random, the number of tricks I take "
                                             "would most often be 3: in about 10 of 10 deals")


def test_bid_likeliest_bids_nothing_with_nothing():
    rnd = PlumpRound.from_hands(["2C 3D 4H 5C 6D", "AS KS QS JS TS", "AH KH QH JH TH", "AC KC QC JC TC"],
                                rules=PlumpRules(players=4), dealer=3, trump="S")
    for method in ("likeliest", "likeliest-tree"):
        assert PlumpSearchBot(rng=2, bid_method=method).decide(rnd.view(0)).action == Bid(0, 0)


def test_bid_likeliest_obeys_the_hook_when_the_likeliest_count_is_forbidden():
    # 3 players, 1 card; the dealer holds the top trump and would take its trick in every deal, but
    # after 0 and 0 the hook forbids it to bid 1 (the bids would add up to the tricks)
    rnd = PlumpRound.from_hands(["2H", "3C", "AS"], rules=PlumpRules(players=3, hook=True, hook_last_round=True),
                                dealer=2, trump="S")
    rnd.apply(Bid(0, 0))
    rnd.apply(Bid(1, 0))
    view = rnd.view(2)
    assert Bid(2, 1) not in view.legal_actions
    options, odds, deals = PlumpSearchBot(rng=5, rollouts=300).trick_odds(view)
    assert options == [0] and deals == 300 and odds.tolist() == [0.0]
    for method in ("likeliest", "likeliest-tree"):
        assert PlumpSearchBot(rng=5, bid_method=method).decide(view).action == Bid(2, 0)


@pytest.mark.parametrize("method", ["likeliest", "likeliest-tree"])
def test_bid_methods_do_not_depend_on_cards_they_cannot_see(method):
    rules = PlumpRules(players=4)
    for seed in range(6):
        rnd = PlumpRound.deal(rules, hand_size=5, dealer=seed % 4, rng=seed)
        helpers = [PlumpSearchBot(rng=100 + s, rollouts=200) for s in range(4)]
        _play_to(rnd, helpers, lambda r: r.bids_made == seed % 4)
        seat = rnd.to_move
        other = _reshuffled(rnd, seat, np.random.default_rng(seed))
        a = PlumpSearchBot(rng=7, rollouts=300, bid_method=method).decide(rnd.view(seat))
        b = PlumpSearchBot(rng=7, rollouts=300, bid_method=method).decide(other.view(seat))
        assert a.action == b.action
        assert a.explain("en") == b.explain("en")


def test_bid_methods_bid_legally_and_likeliest_tree_keeps_to_the_two_likeliest():
    for players, size in [(4, 5), (3, 7), (4, 10), (2, 4)]:
        for hook, lead in [(True, "left-of-dealer"), (False, "highest-bidder")]:
            rules = PlumpRules(players=players, hook=hook, first_lead=lead)
            for seed in range(3):
                rnd = PlumpRound.deal(rules, hand_size=size, dealer=seed % players, rng=seed)
                while rnd.bids_made < players:
                    view = rnd.view(rnd.to_move)
                    likeliest = PlumpSearchBot(rng=seed, rollouts=400, bid_method="likeliest").choose(view)
                    mixed = PlumpSearchBot(rng=seed, rollouts=400, bid_method="likeliest-tree").choose(view)
                    assert likeliest in view.legal_actions and mixed in view.legal_actions
                    options, odds, _ = PlumpSearchBot(rng=seed, rollouts=400).trick_odds(view)
                    assert likeliest.tricks == options[int(np.argmax(odds))]
                    assert mixed.tricks in {options[i] for i in np.argsort(-odds, kind="stable")[:2]}
                    rnd.apply(likeliest)


def test_bid_methods_refuse_bad_settings_and_keep_a_time_budget():
    with pytest.raises(ValueError, match="bid_method"):
        PlumpSearchBot(bid_method="guess")
    with pytest.raises(ValueError, match="bid_method"):
        PlumpSearchBot(method="pimc", bid_method="likeliest-tree")
    rnd = PlumpRound.deal(PlumpRules(), hand_size=10, dealer=0, rng=5)
    view = rnd.view(rnd.to_move)
    decision = PlumpSearchBot(rng=4, time_ms=5, bid_method="likeliest").decide(view)
    assert decision.action in view.legal_actions
    assert decision.reason.params["worlds"] % 256 == 0
