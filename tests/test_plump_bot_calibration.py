"""The friendly PlumpBot: its measured bidding table, the faults it no longer makes, and its kernel twin."""

import numpy as np
import pandas as pd
import pytest

from cardlab import Bid, Card, PlumpBot, PlumpRound, PlumpRules, Play, parse_cards
from cardlab.cards import Suit
from cardlab.sim.plump import kernel_batch, make_setup, replay_plump_round
from cardlab.kernels.plump_bid_table import FEATURES, FILE, MAX_CARDS, SEAT_ANY, bid_weights, max_cards, read_weights
from cardlab.kernels.plump_heuristic import bid_features, expected_tricks, heuristic_bid
from cardlab.sim.seeds import round_seeds
from cardlab.data_files import shipped_dir


def _bid_all(rnd, bids):
    for seat in rnd.bid_order:
        if seat in bids:
            rnd.apply(Bid(seat, bids[seat]))


def _mask(cards):
    return np.uint64(sum(1 << c.index for c in cards))


# ------------------------------------------------------------------ the table
def test_the_shipped_table_has_a_row_for_every_setting_the_kernels_play():
    df = pd.read_csv(shipped_dir() / FILE)
    assert list(df.columns[-len(FEATURES):]) == [f"w_{f}" for f in FEATURES]
    assert (df.rounds >= 40_000).all() and (df.passes >= 3).all()
    for players in range(2, 8):
        for cards in range(1, max_cards(players) + 1):
            for trump in ("turned-up", "none"):
                rows = df[(df.players == players) & (df.cards == cards) & (df.trump == trump)]
                assert sorted(rows.seat.astype(str)) == sorted([str(s) for s in range(players)] + ["any"])
                assert (rows.hands > 0).all()
    w = bid_weights()
    assert w.shape == (8, MAX_CARDS + 1, SEAT_ANY + 1, 2, len(FEATURES))
    assert w.dtype == np.int64 and not w.flags.writeable
    # the base weight (what any hand takes) plus a hand's features predict the mean tricks: every seat's
    # mean tricks at one card is close to its share
    one = df[(df.cards == 1) & (df.seat == "any")]
    assert np.allclose(one.mean_tricks, 1 / one.players, atol=0.01)


def test_a_top_trump_is_worth_more_than_a_low_one_everywhere_with_enough_cards():
    w = bid_weights()
    top, low = FEATURES.index("trump_top"), FEATURES.index("trump_low")
    for players in range(2, 8):
        for cards in range(3, max_cards(players) + 1):
            if players * cards == 52:
                continue  # every card dealt: no card is turned up, so there is no trump
            assert w[players, cards, SEAT_ANY, 1, top] > w[players, cards, SEAT_ANY, 1, low], (players, cards)


def test_read_weights_names_a_missing_column(tmp_path):
    bad = tmp_path / "t.csv"
    pd.DataFrame({"players": [4], "cards": [5], "seat": ["0"], "trump": ["turned-up"]}).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="w_trump_top"):
        read_weights(bad)


def test_features_agree_between_bot_and_kernel_and_count_the_turned_up_card():
    rng = np.random.default_rng(5)
    deck = [Card.from_index(i) for i in range(52)]
    out = np.zeros(len(FEATURES), np.int64)
    for _ in range(300):
        order = rng.permutation(52)
        n = int(rng.integers(1, 14))
        hand = tuple(deck[i] for i in order[:n])
        turned = deck[order[n]] if rng.random() < 0.7 else None
        trump = None if rng.random() < 0.15 else (turned.suit if turned else Suit.SPADES)
        py = PlumpBot.holding_features(hand, trump, turned)
        bid_features(_mask(hand), trump.index if trump else -1, turned.index if turned else -1, out)
        assert [py[f] for f in FEATURES] == out.tolist()
    with_ace = PlumpBot.holding_features(parse_cards("KS QS"), Suit.SPADES, Card.parse("AS"))
    without = PlumpBot.holding_features(parse_cards("KS QS"), Suit.SPADES, Card.parse("2S"))
    # K♠ Q♠ with A♠ turned up: nothing higher is out, both are top trumps; else both have A♠ above them
    assert (with_ace["trump_top"], with_ace["trump_second"]) == (2, 0)
    assert (without["trump_top"], without["trump_second"], without["trump_third"]) == (0, 2, 0)


def test_expected_tricks_agree_between_bot_and_kernel():
    hand = parse_cards("KS 7S AH QH 3D 2C")
    for seat in (None, 0, 3):
        py = PlumpBot.expected_tricks(hand, Suit.SPADES, 4, 6, seat, Card.parse("AS"))
        k = expected_tricks(_mask(hand), 6, Suit.SPADES.index, 4, -1 if seat is None else seat,
                            Card.parse("AS").index, bid_weights())
        assert py == k


# ------------------------------------------------------------ named positions
def test_turned_up_ace_makes_the_king_of_trumps_a_master():
    rnd = PlumpRound.from_hands(["KS 2H 3D", "4C 5C 6C", "7D 8D 9D"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump_card="AS")
    _bid_all(rnd, {0: 2, 1: 0, 2: 0})
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action == Play(0, Card.parse("KS"))
    assert "highest left in its suit" in decision.explain("en")
    # and the bidding counts it as a top trump
    assert PlumpBot.holding_features(rnd.view(0).hand, Suit.SPADES, Card.parse("AS"))["trump_top"] == 1


def test_without_the_turned_up_ace_the_king_is_no_master():
    rnd = PlumpRound.from_hands(["KS 2H 3D", "4C 5C 6C", "7D 8D 9D"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump_card="2S")
    _bid_all(rnd, {0: 2, 1: 0, 2: 0})
    assert PlumpBot().decide(rnd.view(0)).action == Play(0, Card.parse("2H"))


def test_after_making_its_bid_it_sheds_a_losing_middle_trump_before_a_side_king():
    # spades are trump; seat 2 has made its bid (0), is void in hearts, and the trick is already
    # trumped with A♠: its 9♠ and K♣ both lose, and the trump is the more dangerous one to keep
    rnd = PlumpRound.from_hands(["AH 2C 3C", "AS 4D 5D", "9S KC 6D"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump="S")
    _bid_all(rnd, {0: 1, 1: 1, 2: 0})
    rnd.apply(Play(0, Card.parse("AH")))
    rnd.apply(Play(1, Card.parse("AS")))
    decision = PlumpBot().decide(rnd.view(2))
    assert decision.action == Play(2, Card.parse("9S"))
    assert "most dangerous card that still loses" in decision.explain("en")
    assert "farligaste" in decision.explain("sv") and "farligste" in decision.explain("nb")


def test_a_weak_hand_bids_zero_and_then_ducks():
    rnd = PlumpRound.from_hands(["2C 3D 4H 2H 3C", "AS KS QS JS 10S", "AH KH QH JH 10H", "AC KC QC JC 10C"],
                                dealer=3, rules=PlumpRules(), trump_card="9S")
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action == Bid(0, 0)
    assert "about 0." in decision.explain("en")
    _bid_all(rnd, {0: 0, 1: 5, 2: 0})
    rnd.apply(Bid(3, 1))
    lead = PlumpBot().decide(rnd.view(0))
    assert lead.action == Play(0, Card.parse("2C"))   # the lowest side card: ducking
    assert "avoid taking more" in lead.explain("en")


def test_void_and_needing_a_trick_it_trumps_low():
    rnd = PlumpRound.from_hands(["AH 2C", "5D 6D", "3S QS"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump="S")
    _bid_all(rnd, {0: 1, 1: 0, 2: 1})
    rnd.apply(Play(0, Card.parse("AH")))
    rnd.apply(Play(1, Card.parse("5D")))
    decision = PlumpBot().decide(rnd.view(2))
    # last to play: the cheapest winner anyway; make seat 2 second to check the ruff-low rule instead
    assert decision.action == Play(2, Card.parse("3S"))
    rnd = PlumpRound.from_hands(["AH 2C", "3S QS", "5D 6D"], dealer=2,
                                rules=PlumpRules(players=3, hook=False), trump="S")
    _bid_all(rnd, {0: 1, 1: 1, 2: 0})
    rnd.apply(Play(0, Card.parse("AH")))
    decision = PlumpBot().decide(rnd.view(1))
    assert decision.action == Play(1, Card.parse("3S"))
    assert "lowest trump" in decision.explain("en")


def test_zero_bids_are_made_far_more_often_than_before():
    """The old bot's zero bids failed 45 % of the time against OpenSpiel; in self-play at 4 × 5 the
    measured table's zero bids are made at least 75 % of the time (about 80 % measured)."""
    setup = make_setup(PlumpRules(), policy="heuristic", hand_size=5, dealer="rotate")
    out = kernel_batch(setup, round_seeds(11, 20000))
    zero = out["bids"] == 0
    made = (out["tricks"][zero] == 0).mean()
    assert zero.sum() > 5000 and made > 0.75
    # and the bids are calibrated: mean bid within 0.05 tricks of mean tricks taken
    assert abs(out["bids"].mean() - out["tricks"].mean()) < 0.05


# ------------------------------------------------------------------- the twin
@pytest.mark.parametrize("rules,size,n", [
    (PlumpRules(players=3), 7, 300),
    (PlumpRules(players=4), 5, 300),
    (PlumpRules(players=2), 9, 200),
    (PlumpRules(players=6, trump="fixed", trump_suit="H"), 8, 150),
    (PlumpRules(players=7, first_lead="highest-bidder"), 4, 150),
])
def test_twin_and_engine_play_the_same_rounds(rules, size, n):
    setup = make_setup(rules, policy="heuristic", hand_size=size, dealer="rotate")
    seeds = round_seeds(size + 100 * rules.players, n)
    out = kernel_batch(setup, seeds)
    bot = PlumpBot()
    for i, seed in enumerate(seeds):
        rnd = replay_plump_round(rules, int(seed), bot, hand_size=size, dealer=int(out["dealer"][i]))
        assert (out["bids"][i].tolist(), out["tricks"][i].tolist()) == (rnd.bids, rnd.tricks_taken), int(seed)


def test_the_table_is_made_again_from_its_seed():
    """A row of the shipped table is rebuilt exactly from the seed stored beside it."""
    from cardlab.data_build import load_manifest, recompute_rows

    df = pd.read_csv(shipped_dir() / FILE)
    sample = df[(df.players == 4) & (df.cards == 2) & (df.trump == "turned-up")]
    again = recompute_rows("plump_bid_weights", sample.iloc[[0]], seed=load_manifest()["seed"])
    assert again.astype(str).values.tolist() == sample.iloc[[0]].astype(str).values.tolist()


def test_the_old_bid_hook_signature_still_works():
    """Callers that know neither seat nor turned-up card get the pooled row."""
    hand = _mask(parse_cards("AS KS AH 2C 3D"))
    pooled = heuristic_bid(hand, 5, 3, 4, -1)
    assert pooled == heuristic_bid(hand, 5, 3, 4, -1, -1, -1)
    assert pooled >= 2
