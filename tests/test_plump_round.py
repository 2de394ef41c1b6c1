"""Plump rules in named positions: bidding and the hook, changing bids, leads, following suit, scoring."""

import pytest

from cardlab import (
    Bid, BidError, Card, GameOverError, HookError, MustFollowSuitError, MustTrumpError, NotYourTurnError,
    Play, PlumpRound, PlumpRules, round_score, shuffled_deck,
)
from cardlab.errors import NotInHandError, RulesError, WrongPhaseError


def three_card_round(**rules):
    """RULES.md's example: 3 players, 3 cards each, seat 2 deals, so seat 0 bids first."""
    return PlumpRound.from_hands(["AS KS 2H", "QH 3C 4D", "9S 8S 7S"], dealer=2,
                                 rules=PlumpRules(players=3, **rules), trump_card="5C")


def unchanged(rnd, act):
    """Apply a refused action and check the state did not move."""
    before = rnd.state_key()
    with pytest.raises(Exception) as info:
        rnd.apply(act)
    assert rnd.state_key() == before
    return info.value


# ------------------------------------------------------------------ the hook
def test_worked_example_the_dealer_may_not_make_the_bids_add_up():
    rnd = three_card_round()
    rnd.apply(Bid(seat=0, tricks=1))
    rnd.apply(Bid(seat=1, tricks=1))
    assert [a.tricks for a in rnd.legal_actions()] == [0, 2, 3]  # "given tvingas alltså gissa 0, 2 eller 3"
    err = unchanged(rnd, Bid(seat=2, tricks=1))
    assert isinstance(err, HookError) and err.tricks == 1
    assert rnd.forbidden_bid() == 1


def test_hook_message_in_three_languages():
    rnd = three_card_round()
    rnd.apply(Bid(0, 1)); rnd.apply(Bid(1, 1))
    assert rnd.why_illegal(Bid(2, 1), "sv").startswith("Spärren (kroken): som giv får du inte bjuda 1")
    assert rnd.why_illegal(Bid(2, 1), "nb").startswith("Kroken: som giver kan du ikke melde 1")
    assert rnd.why_illegal(Bid(2, 1), "en").startswith("The hook (kroken): as dealer you may not bid 1")


def test_without_the_hook_the_bids_may_add_up():
    rnd = three_card_round(hook=False)
    rnd.apply(Bid(0, 1)); rnd.apply(Bid(1, 1))
    assert rnd.why_illegal(Bid(2, 1)) is None
    rnd.apply(Bid(2, 1))
    assert rnd.phase == "play"


def test_hook_last_round_option_lifts_the_hook_in_the_final_round():
    rules = PlumpRules(players=3, hook_last_round=False)
    last = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, rules=rules, is_last_round=True)
    last.apply(Bid(0, 0)); last.apply(Bid(1, 0))
    assert last.why_illegal(Bid(2, 1)) is None
    earlier = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, rules=rules, is_last_round=False)
    earlier.apply(Bid(0, 0)); earlier.apply(Bid(1, 0))
    assert isinstance(unchanged(earlier, Bid(2, 1)), HookError)


def test_forbidden_bid_outside_range_forbids_nothing():
    rnd = three_card_round()
    rnd.apply(Bid(0, 3)); rnd.apply(Bid(1, 2))
    assert rnd.forbidden_bid() is None and [a.tricks for a in rnd.legal_actions()] == [0, 1, 2, 3]


# -------------------------------------------------------------- bid rules
def test_bids_go_clockwise_from_left_of_dealer_and_nobody_passes():
    rnd = three_card_round()
    assert rnd.to_move == 0 and rnd.bid_order == (0, 1, 2)
    assert isinstance(unchanged(rnd, Bid(1, 1)), NotYourTurnError)
    assert isinstance(unchanged(rnd, Bid(0, 4)), BidError)
    assert isinstance(unchanged(rnd, Bid(0, -1)), BidError)
    assert isinstance(unchanged(rnd, Play(0, Card.parse("AS"))), WrongPhaseError)


def test_a_bid_may_be_changed_until_the_next_player_bids():
    rnd = three_card_round()
    rnd.apply(Bid(0, 2))
    assert rnd.changeable_bid_seat() == 0
    rnd.apply(Bid(0, 1))  # changed
    assert rnd.bids[0] == 1 and rnd.to_move == 1
    rnd.apply(Bid(1, 0))
    err = unchanged(rnd, Bid(0, 2))
    assert isinstance(err, BidError) and "only until the next player has bid" in str(err)


def test_the_dealer_may_change_until_the_first_card_is_played_but_not_into_the_hook():
    rnd = three_card_round()
    rnd.apply(Bid(0, 1)); rnd.apply(Bid(1, 1)); rnd.apply(Bid(2, 0))
    assert rnd.phase == "play" and rnd.changeable_bid_seat() == 2
    assert isinstance(unchanged(rnd, Bid(2, 1)), HookError)
    rnd.apply(Bid(2, 2))
    assert rnd.bids == [1, 1, 2]
    rnd.apply(Play(0, Card.parse("AS")))
    err = unchanged(rnd, Bid(2, 3))
    assert "dealer's bid stands" in str(err)


# ------------------------------------------------------------------- play
def test_left_of_dealer_leads_and_must_follow_suit():
    rnd = three_card_round(hook=False)
    for s, b in ((0, 1), (1, 1), (2, 1)):
        rnd.apply(Bid(s, b))
    assert rnd.to_move == 0
    rnd.apply(Play(0, Card.parse("2H")))
    err = unchanged(rnd, Play(1, Card.parse("3C")))
    assert isinstance(err, MustFollowSuitError)
    assert err.message("sv") == "Du måste bekänna färg: hjärter spelades ut och du har Q♥."
    assert isinstance(unchanged(rnd, Play(2, Card.parse("9S"))), NotYourTurnError)
    assert isinstance(unchanged(rnd, Play(1, Card.parse("AS"))), NotInHandError)
    assert rnd.legal_actions() == [Play(1, Card.parse("QH"))]


def test_trick_winner_leads_next_and_tricks_are_counted():
    rnd = three_card_round(hook=False)  # trump clubs (5♣ turned up)
    for s, b in ((0, 1), (1, 1), (2, 1)):
        rnd.apply(Bid(s, b))
    rnd.apply(Play(0, Card.parse("AS")))
    rnd.apply(Play(1, Card.parse("3C")))  # void in spades: trumps
    rnd.apply(Play(2, Card.parse("9S")))
    assert rnd.completed_tricks[-1].winner == 1 and rnd.tricks_taken == [0, 1, 0]
    assert rnd.to_move == 1
    assert rnd.completed_tricks[-1].reason().text("en") == "3♣ wins: trump beats everything."


def test_must_trump_option():
    rnd = PlumpRound.from_hands(["AH 2C", "3S KD", "4H 5H"], dealer=2, trump="S",
                                rules=PlumpRules(players=3, hook=False, must_trump=True))
    for s in range(3):
        rnd.apply(Bid(s, 0))
    rnd.apply(Play(0, Card.parse("AH")))
    err = unchanged(rnd, Play(1, Card.parse("KD")))
    assert isinstance(err, MustTrumpError)
    assert err.message("sv").startswith("Trumftvång")
    rnd.apply(Play(1, Card.parse("3S")))


def test_highest_bidder_leads_option_ties_go_to_earliest_bidder():
    rnd = three_card_round(first_lead="highest-bidder", hook=False)
    rnd.apply(Bid(0, 1)); rnd.apply(Bid(1, 2)); rnd.apply(Bid(2, 2))
    assert rnd.to_move == 1  # seat 1 bid 2 before the dealer did


def test_a_full_round_scores_the_worked_examples():
    # "3 → 13" and "4 → ●": exact bid scores 10 + tricks, a miss is a plump
    assert round_score(3, 3) == 13 and round_score(4, 2) == 0


@pytest.mark.parametrize("scoring, bid, tricks, points", [
    ("standard", 0, 0, 10), ("standard", 4, 4, 14), ("standard", 4, 5, 0),
    ("trick-points", 3, 3, 13), ("trick-points", 3, 1, 1),
    ("penalty", 3, 3, 13), ("penalty", 3, 1, -2), ("penalty", 0, 4, -4),
    ("tricks-only", 3, 3, 3), ("tricks-only", 3, 2, 0),
])
def test_scoring_variants(scoring, bid, tricks, points):
    assert round_score(bid, tricks, scoring) == points


def test_a_one_in_front_is_the_standard_scoring_not_an_option():
    """RULES.md: "a one in front" (seed 000) means 10 + tricks, so there is no separate scoring for it."""
    assert round_score(5, 5) == 15 and round_score(0, 0) == 10
    with pytest.raises(RulesError, match="scoring"):
        PlumpRules(scoring="one-in-front")
    with pytest.raises(ValueError, match="one-in-front"):
        round_score(5, 5, "one-in-front")


def test_round_over_refuses_moves():
    rnd = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, rules=PlumpRules(players=3, hook=False))
    for s in range(3):
        rnd.apply(Bid(s, 1 if s == 0 else 0))
    for s, c in ((0, "AS"), (1, "KS"), (2, "QS")):
        rnd.apply(Play(s, Card.parse(c)))
    assert rnd.is_over and rnd.scores() == [11, 10, 10] and rnd.to_move is None
    assert isinstance(unchanged(rnd, Bid(0, 1)), GameOverError)


# --------------------------------------------------------------- dealing
def test_deal_one_card_at_a_time_from_left_of_dealer_then_turn_trump():
    rules = PlumpRules()
    rnd = PlumpRound.deal(rules, hand_size=5, dealer=1, rng=11)
    deck = shuffled_deck(rng=11)
    assert set(rnd.hands[2]) == set(deck[0:20:4])  # seat 2 sits left of the dealer
    assert set(rnd.hands[1]) == set(deck[3:20:4])  # the dealer gets the fourth card of each lap
    assert rnd.trump_card == deck[20] and rnd.trump == deck[20].suit


def test_two_players_get_a_blind_hand_that_nobody_sees():
    rules = PlumpRules.preset("two-player")
    rnd = PlumpRound.deal(rules, hand_size=7, dealer=0, rng=3)
    assert len(rnd.blind) == 7 and all(len(h) == 7 for h in rnd.hands)
    everything = set(rnd.hands[0]) | set(rnd.hands[1]) | set(rnd.blind)
    assert len(everything) == 21
    view = rnd.view(0)
    assert not set(view.hand) & set(rnd.blind) and not hasattr(view, "blind")


def test_two_decks_deal_104_cards_with_twins():
    rules = PlumpRules(players=10, decks=2)
    rnd = PlumpRound.deal(rules, hand_size=10, dealer=0, rng=2)
    assert sum(len(h) for h in rnd.hands) == 100


def test_no_trump_and_fixed_trump_modes():
    assert PlumpRound.deal(PlumpRules(trump="none"), hand_size=3, rng=1).trump is None
    fixed = PlumpRound.deal(PlumpRules(trump="fixed", trump_suit="S"), hand_size=3, rng=1)
    assert str(fixed.trump) == "♠" and fixed.trump_card is None


def test_explicit_hands_are_checked():
    with pytest.raises(ValueError, match="same number of cards"):
        PlumpRound.from_hands(["AS KS", "QS", "JS"], rules=PlumpRules(players=3))
    with pytest.raises(ValueError, match="more often than the deck"):
        PlumpRound.from_hands(["AS", "AS", "JS"], rules=PlumpRules(players=3))
    with pytest.raises(ValueError, match="give 3 hands"):
        PlumpRound.from_hands(["AS", "KS"], rules=PlumpRules(players=3))


def test_view_hides_other_hands():
    rnd = PlumpRound.deal(PlumpRules(), hand_size=5, dealer=0, rng=9)
    view = rnd.view(2)
    assert view.hand == tuple(rnd.hands[2])
    assert view.legal_actions == () and rnd.view(rnd.to_move).legal_actions
    text = repr(view)
    for s in (0, 1, 3):
        for card in rnd.hands[s]:
            assert repr(card) not in text
