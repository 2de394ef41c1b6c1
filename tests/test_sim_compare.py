"""compare_rules: two rule sets on the same deals and random streams (common random numbers)."""

import numpy as np
import pytest

from cardlab import PlumpRules, RulesError
from cardlab.cli import main
from cardlab.rules.femkamp import FemkampRules
from cardlab.rules.rummy import RummyRules
from cardlab.sim import compare_rules


def test_the_hook_costs_the_dealer_on_the_same_deals():
    """The hook (kroken) forbids only the dealer's bid: the dealer's paired difference is clearly negative."""
    t = compare_rules("plump", PlumpRules(players=4), PlumpRules(players=4, hook=False), rounds=20_000, hand_size=5,
                      policy="heuristic", rng=1)
    assert list(t.seat_from_leader) == [0, 1, 2, 3]
    dealer = t.iloc[3]
    assert dealer.ci_high < 0 and dealer.ci_low < dealer["diff"] < dealer.ci_high
    # the friendly bot's calibrated bids often land on the forbidden number: about 0.7 points per round
    assert -0.9 < dealer["diff"] < -0.55
    # only the dealer's bid can move; the share of changed rounds is the dealer's
    assert (t.p_bid_changed.iloc[:3] == 0).all() and t.p_bid_changed.iloc[3] == pytest.approx(t.p_changed.iloc[0])
    assert np.allclose(t["diff"], t.mean_a - t.mean_b)


def test_random_play_draws_the_same_stream_under_both_rules():
    """Random seats draw from the round's stream: switching the hook off changes the dealer's bid only,
    so every other seat's score is the same round by round (a difference of exactly 0)."""
    t = compare_rules("plump", PlumpRules(players=4), PlumpRules(players=4, hook=False), rounds=20_000, hand_size=3,
                      policy="random", rng=2)
    assert (t["diff"].iloc[:3] == 0).all() and (t.p_seat_changed.iloc[:3] == 0).all()
    assert t.p_seat_changed.iloc[3] > 0


def test_equal_rules_change_nothing():
    for game, rules, size in (("plump", PlumpRules(players=3), 2_000), ("femkamp", FemkampRules(players=3), 300),
                              ("rummy", RummyRules(players=3, max_reshuffles=3), 300)):
        t = compare_rules(game, rules, rules, rounds=size, hand_size=4 if game == "plump" else None,
                          policy="random", rng=3)
        assert (t["diff"] == 0).all() and (t.p_changed == 0).all() and (t.ci_low == 0).all(), game


def test_femkamp_five_point_queens_cost_every_seat():
    """Queens worth 5 instead of 4: the heuristic bots play the same cards, so each seat's total rises by its queens."""
    t = compare_rules("femkamp", FemkampRules(players=4, queen_points=5), FemkampRules(players=4), games=2_000,
                      policy="heuristic", rng=4)
    assert (t.ci_low > 0).all() and t["diff"].sum() == pytest.approx(4.0)  # four queens, one more point each
    assert {"p_won_a", "p_won_b"} <= set(t.columns)


def test_rummy_more_reshuffles_change_random_rounds():
    t = compare_rules("rummy", RummyRules(players=3, max_reshuffles=3), RummyRules(players=3, max_reshuffles=0),
                      rounds=2_000, policy="random", rng=5)
    assert t.p_changed.iloc[0] > 0.3 and (t.ci_low < t["diff"]).all() and (t["diff"] < t.ci_high).all()
    assert t.p_out_a.sum() > t.p_out_b.sum()  # with reshuffles more rounds have a winner


def test_bad_comparisons_are_refused_by_name():
    with pytest.raises(RulesError, match="players"):
        compare_rules("plump", PlumpRules(players=4), PlumpRules(players=5), rounds=10, hand_size=2)
    with pytest.raises(RulesError, match="game"):
        compare_rules("poker", PlumpRules(), PlumpRules(), rounds=10)
    with pytest.raises(RulesError, match="rules_b"):
        compare_rules("plump", PlumpRules(), FemkampRules(players=4), rounds=10)
    with pytest.raises(RulesError, match="rounds"):
        compare_rules("plump", PlumpRules(), PlumpRules(), rounds=0)
    with pytest.raises(RulesError, match="policy"):
        compare_rules("plump", PlumpRules(), PlumpRules(), rounds=10, policy="strong")


def test_cardlab_compare_prints_one_row_per_seat(capsys):
    assert main(["compare", "plump", "--players", "4", "--cards", "5", "--b", "hook=false", "--rounds", "4000",
                 "--format", "csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("game,quantity,seat_from_leader,rounds,mean_a,mean_b,diff,ci_low,ci_high")
    assert len(lines) == 5 and lines[4].split(",")[2] == "3"
    assert float(lines[4].split(",")[6]) < 0  # the dealer pays for the hook


def test_cardlab_compare_names_an_unknown_rule(capsys):
    assert main(["compare", "plump", "--b", "hooks=false", "--rounds", "10"]) == 2
    err = capsys.readouterr().err
    assert "hooks" in err and err.count("\n") == 1
