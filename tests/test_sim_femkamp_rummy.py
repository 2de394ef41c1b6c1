"""Femkamp and Rummy simulations: tidy rows, replay from seeds, the Femkamp kernel against the engine."""

import numpy as np
import pandas as pd
import pytest

from cardlab import FemkampRules, RulesError, RummyRules, simulate
from cardlab.cli import main
from cardlab.sim.femkamp import femkamp_summary, replay_femkamp_game, round_score_distribution
from cardlab.sim.rummy import replay_rummy_round, rummy_summary, simulation_rules


@pytest.fixture(scope="module")
def reference_random():
    return simulate("femkamp", FemkampRules(), games=150, rng=3, progress=False, engine="reference")


@pytest.fixture(scope="module")
def kernel_random():
    return simulate("femkamp", FemkampRules(), games=20_000, rng=4, progress=False)


def test_femkamp_rows_replay_from_their_seed(reference_random):
    game_rows = reference_random[reference_random.game == 7]
    game = replay_femkamp_game(FemkampRules(), int(game_rows.seed.iloc[0]), "random")
    assert game_rows.groupby("round").score.apply(list).tolist() == [list(r.scores) for r in game.results]
    assert game_rows[game_rows["round"] == 5].total.tolist() == game.totals


@pytest.mark.parametrize("players", [3, 4, 5])
def test_femkamp_kernel_conserves_cards(players):
    """Every trick round hands out all tricks, all 13 clubs and all 4 queens; kabal ends with one seat out."""
    df = simulate("femkamp", FemkampRules(players=players), games=500, rng=1, progress=False)
    assert df.attrs["engine"] == "kernel"
    per = df.groupby(["game", "round_name"], observed=True).agg(tricks=("tricks", "sum"), clubs=("clubs", "sum"),
                                                                 queens=("queens", "sum"), left=("cards_left", "min"))
    size = FemkampRules(players=players).trick_hand_size
    trick_rounds = per.drop(index="kabal", level=1)
    assert (trick_rounds.tricks == size).all() and (trick_rounds.clubs == 13).all() and (trick_rounds.queens == 4).all()
    assert (per.xs("kabal", level=1).left == 0).all()
    last = df[df["round"] == 5]
    assert (last.groupby("game").won.sum() >= 1).all()


def test_femkamp_kernel_agrees_with_the_engine_under_random_play(reference_random, kernel_random):
    """Mean score per round and seat from the leader: within 4 standard errors of the reference engine's."""
    def stats(df):
        g = df.groupby(["round_name", "seat_from_leader"], observed=True).score
        return g.mean(), g.std() / np.sqrt(g.size())

    ref_mean, ref_se = stats(reference_random)
    fast_mean, fast_se = stats(kernel_random)
    z = (ref_mean - fast_mean) / np.sqrt(ref_se**2 + fast_se**2)
    assert (z.abs() < 4).all(), z
    # the kabal round is where the seats differ: the first to play must open with a 7 or say prikk,
    # so it collects the most prikks (seen in both engines)
    prikks_ref = reference_random[reference_random.round_name == "kabal"].groupby("seat_from_leader").prikks.mean()
    prikks_fast = kernel_random[kernel_random.round_name == "kabal"].groupby("seat_from_leader").prikks.mean()
    assert prikks_fast.idxmax() == prikks_ref.idxmax() == 0


def test_femkamp_summary_and_distribution(kernel_random):
    summary = femkamp_summary(kernel_random)
    assert set(summary["round"]) == {"pass", "clubs", "queens", "grand", "kabal", "total"}
    total = summary[summary["round"] == "total"]
    assert total.p_win.sum() >= 1 and (total.win_low <= total.p_win).all()
    dist = round_score_distribution(kernel_random)
    assert np.allclose(dist.groupby("round_name", observed=True).share.sum(), 1)
    queens = dist[dist.round_name == "queens"]
    assert set(queens.score) <= {0, 4, 8, 12, 16}


def test_femkamp_with_your_own_bots_uses_the_engine():
    from cardlab import FemkampBot

    df = simulate("femkamp", FemkampRules(players=3), bots=FemkampBot(), games=2, rng=2, progress=False)
    assert df.attrs["engine"] == "reference" and len(df) == 2 * 5 * 3


def test_rummy_rows_and_summary():
    df = simulate("rummy", simulation_rules(players=3), rounds=12, rng=5, progress=False, policy="heuristic")
    assert len(df) == 36
    per_round = df.groupby("round")
    assert ((per_round.went_out.sum() == 1) | per_round.no_winner.all()).all()
    assert (df[df.went_out].penalty == 0).all()
    row = df.iloc[4]
    rnd = replay_rummy_round(simulation_rules(players=3), int(row.seed), "heuristic", dealer=int(row.dealer),
                             engine="kernel")
    assert rnd.scores()[int(row.seat)] == row.penalty and rnd.turns == row.turns
    summary = rummy_summary(df)
    assert summary.p_out.sum() <= 1 + 1e-9 and list(summary.seat_from_leader) == [0, 1, 2]


def test_bad_policy_names_the_field():
    with pytest.raises(RulesError, match="policy"):
        simulate("femkamp", FemkampRules(), policy="clever", games=1)
    with pytest.raises(RulesError, match="policy"):
        simulate("rummy", RummyRules(), policy="clever", rounds=1)


def test_cli_femkamp_and_rummy(capsys):
    assert main(["simulate", "femkamp", "--players", "4", "--games", "300", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("players,games,policy,round,seat,mean_score")
    assert main(["simulate", "rummy", "--players", "3", "--rounds", "4", "--format", "json"]) == 0
    table = pd.read_json(__import__("io").StringIO(capsys.readouterr().out))
    assert list(table.seat_from_leader) == [0, 1, 2]
    assert main(["simulate", "rummy", "--players", "9", "--rounds", "4"]) == 2
    assert "players" in capsys.readouterr().err


@pytest.mark.parametrize("rules", [FemkampRules(), FemkampRules(players=3, clubs_all_zero=True),
                                   FemkampRules(players=5, kabal_starter="seven-of-hearts", queen_points=5,
                                                round_order=("pass", "clubs", "kabal", "queens", "grand"))],
                         ids=["4p", "3p", "5p-variants"])
def test_femkamp_heuristic_kernel_plays_the_games_of_femkampbot(rules):
    """Same deals → FemkampBot in the reference engine and the heuristic kernel score every round alike."""
    df = simulate("femkamp", rules, policy="heuristic", games=60, rng=6, progress=False)
    assert df.attrs["engine"] == "kernel"
    for seed, rows in df.groupby("seed", sort=False):
        game = replay_femkamp_game(rules, int(seed), "heuristic", engine="kernel")
        kernel_scores = rows.sort_values(["round", "seat"]).score.to_numpy().reshape(5, rules.players).tolist()
        assert kernel_scores == [list(r.scores) for r in game.results], int(seed)
