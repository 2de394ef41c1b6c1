"""The compiled Rummy kernel against the reference engine (cardlab.games.rummy + cardlab.bots.rummy)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from cardlab import simulate
from cardlab.bots.rummy import RummyBot
from cardlab.cards import Card, parse_cards
from cardlab.errors import RulesError
from cardlab.games.melds import best_melds, deadwood_points
from cardlab.rules.rummy import RummyRules
from cardlab.sim.rummy import kernel_batch, replay_rummy_round, simulation_rules
from cardlab.kernels.rummy_melds import best_split, deadwood, has_meld
from cardlab.sim.seeds import round_seeds


def _mask(cards) -> np.uint64:
    return np.uint64(sum(1 << c.index for c in cards))


def _compare(rules: RummyRules, policy: str, count: int, rng: int) -> dict[str, int]:
    """Play ``count`` kernel rounds and replay each with the engine (every field must agree); returns how
    many rounds were compared, how many of them someone won and how many needed a reshuffle."""
    p = rules.players
    seeds = round_seeds(rng, count)
    dealers = np.arange(count) % p
    out = kernel_batch(rules, [policy] * p, seeds, dealers)
    assert len(out["winner"]) == count
    seen = {"rounds": 0, "won": 0, "reshuffled": 0}
    for i, seed in enumerate(seeds):
        rnd = replay_rummy_round(rules, int(seed), policy, dealer=int(dealers[i]), engine="kernel")
        where = f"players={p} policy={policy} seed={int(seed)}"
        assert int(out["winner"][i]) == (-1 if rnd.winner is None else rnd.winner), where
        assert int(out["turns"][i]) == rnd.turns, where
        assert int(out["reshuffles"][i]) == rnd.reshuffles, where
        assert out["penalty"][i].tolist() == rnd.scores(), where
        assert out["cards_left"][i].tolist() == [len(h) for h in rnd.hands], where
        assert bool(out["went_rummy"][i]) == (rnd.winner is not None and rnd.went_rummy), where
        seen["rounds"] += 1
        seen["won"] += rnd.winner is not None
        seen["reshuffled"] += rnd.reshuffles > 0
    return seen


def test_meld_search_matches_best_melds_on_random_hands():
    gen = np.random.default_rng(7)
    split = np.zeros(20, np.uint64)
    for _ in range(600):
        size = int(gen.integers(1, 12))
        hand = [Card.from_index(int(i)) for i in gen.choice(52, size, replace=False)]
        mask = _mask(hand)
        assert int(deadwood(mask)) == deadwood_points(hand)
        n, melded = best_split(mask, split)
        expected = [_mask(m) for m in best_melds(hand).melds]
        assert [int(split[k]) for k in range(n)] == [int(m) for m in expected]
        assert int(melded) == int(_mask(best_melds(hand).melded_cards))


def test_quick_meld_test_agrees_with_the_meld_list():
    from cardlab.games.melds import meld_candidates

    gen = np.random.default_rng(8)
    seen = set()
    for _ in range(2000):
        hand = [Card.from_index(int(i)) for i in gen.choice(52, int(gen.integers(0, 11)), replace=False)]
        expected = bool(meld_candidates(hand))
        assert bool(has_meld(_mask(hand))) == expected, hand
        seen.add(expected)
    assert seen == {True, False}
    assert has_meld(_mask(parse_cards("AS 2S 3S"))) and not has_meld(_mask(parse_cards("QS KS AS")))
    assert has_meld(_mask(parse_cards("7H 7D 7C"))) and not has_meld(_mask(parse_cards("7H 7D 8D 9C")))


def test_live_partners_twin_matches_the_bot_on_random_hands():
    from cardlab.bots.rummy import live_partners as bot_live_partners
    from cardlab.kernels.rummy_melds import live_partners

    gen = np.random.default_rng(9)
    seen = set()
    for _ in range(1500):
        cards = [Card.from_index(int(i)) for i in gen.permutation(52)]
        card, hand, dead = cards[0], cards[1:int(gen.integers(2, 12))], cards[12:12 + int(gen.integers(0, 30))]
        expected = bot_live_partners(card, hand, set(dead))
        assert int(live_partners(card.index, _mask(hand), _mask(dead))) == expected, (card, hand, dead)
        seen.add(expected)
    assert {0, 1, 2} <= seen


def test_meld_search_worked_example():
    # melds.py's own example: 7-7-7 and A-2-3-4♠ leave K♦ (10 points)
    mask = _mask(parse_cards("AS 2S 3S 4S 7H 7D 7C KD"))
    assert int(deadwood(mask)) == 10
    # 7-8-9♥ leaves 18, 9-9-9 leaves 15: the set wins
    assert int(deadwood(_mask(parse_cards("7H 8H 9H 9C 9S")))) == 15


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_kernel_is_rummybot_round_by_round(players):
    seen = _compare(simulation_rules(players=players), "heuristic", 160, rng=100 + players)
    # every round was replayed field by field, and the rounds compared include won ones (their scoring)
    assert seen["rounds"] == 160 and seen["won"] > 0, seen


@pytest.mark.parametrize("options", [
    {"no_same_discard": False}, {"rummy_bonus": True}, {"max_reshuffles": 0}, {"max_reshuffles": 1, "players": 4},
])
def test_heuristic_kernel_with_other_options(options):
    _compare(simulation_rules(**{"players": 3, **options}), "heuristic", 60, rng=7)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_kernel_replays_move_for_move(players):
    # the engine, handed the round's stream, makes the same uniform choices among its legal actions
    _compare(simulation_rules(players=players), "random", 20, rng=200 + players)


def test_random_kernel_agrees_with_rummy_random_bot_in_distribution():
    rules = simulation_rules(players=3)
    ref = simulate("rummy", rules, policy="random", rounds=200, rng=11, progress=False, engine="reference")
    fast = simulate("rummy", rules, policy="random", rounds=20_000, rng=12, progress=False)
    assert ref.attrs["engine"] == "reference" and fast.attrs["engine"] == "kernel"

    def stats(df):
        per_round = df.drop_duplicates("round")
        return {"went out": (~per_round.no_winner).astype(float), "turns": per_round.turns.astype(float),
                "penalty": df.penalty.astype(float)}

    a, b = stats(ref), stats(fast)
    for name in a:
        se = np.sqrt(a[name].var() / len(a[name]) + b[name].var() / len(b[name]))
        assert abs(a[name].mean() - b[name].mean()) < 4 * se, (name, a[name].mean(), b[name].mean(), se)


def test_rows_have_the_reference_columns_and_any_thread_count_gives_the_same_rows():
    rules = simulation_rules(players=6)
    ref = simulate("rummy", rules, policy="random", rounds=5, rng=3, progress=False, engine="reference")
    one = simulate("rummy", rules, policy="random", rounds=20_000, rng=3, progress=False, threads=1)
    two = simulate("rummy", rules, policy="random", rounds=20_000, rng=3, progress=False, threads=2)  # two chunks
    assert list(one.columns) == list(ref.columns) and (one.dtypes == ref.dtypes).all()
    pd.testing.assert_frame_equal(one, two)
    assert (one.seed.to_numpy()[::6][:5] == ref.seed.to_numpy()[::6]).all()  # same stored seeds
    per_round = one.groupby("round")
    assert ((per_round.went_out.sum() == 1) | per_round.no_winner.all()).all()
    assert (one[one.went_out].penalty == 0).all()


def test_kernel_rows_replay_with_the_engine():
    rules = simulation_rules(players=3)
    df = simulate("rummy", rules, policy=["heuristic", "random", "heuristic"], rounds=6, rng=9, progress=False,
                  dealer="rotate")
    assert df.attrs["engine"] == "kernel"
    for _, row in df[df.seat == 1].iterrows():
        rnd = replay_rummy_round(rules, int(row.seed), ["heuristic", "random", "heuristic"], dealer=int(row.dealer),
                                 engine="kernel")
        assert rnd.scores()[1] == row.penalty and rnd.turns == row.turns and rnd.reshuffles == row.reshuffles


def test_own_bots_use_the_engine_and_the_kernel_refuses_them():
    rules = simulation_rules(players=3)
    df = simulate("rummy", rules, bots=RummyBot(), rounds=2, rng=1, progress=False)
    assert df.attrs["engine"] == "reference"
    with pytest.raises(RulesError, match="engine"):
        simulate("rummy", rules, bots=RummyBot(), rounds=2, rng=1, progress=False, engine="kernel")
    with pytest.raises(RulesError, match="engine"):
        simulate("rummy", rules, rounds=2, engine="fast")
    with pytest.raises(RulesError, match="dealer"):
        simulate("rummy", rules, rounds=2, dealer=7)
