"""The fast Plump kernel against the reference engine (cardlab.games.plump)."""

import numpy as np
import pandas as pd
import pytest

from cardlab import PlumpRound, PlumpRules, RandomBot, RulesError, simulate
from cardlab.sim.plump import (counts_from_rows, kernel_batch, make_setup, replay_plump_round,
                               score_array, simulate_plump, summary_table)
from cardlab.kernels.rng import DeckRng, Stream, kernel_shuffled_order, shuffled_order
from cardlab.sim.seeds import round_seeds
from cardlab.bots.simple import SimpleBot
from cardlab.games.plump import round_score


def test_shuffle_is_the_same_in_python_and_in_the_kernel():
    for seed in [0, 1, 2**62, 123456789]:
        for top in [2, 21, 41, 51]:
            assert shuffled_order(seed, 52, top) == kernel_shuffled_order(seed, 52, top).tolist()


def test_shuffle_is_uniform_on_the_top_card():
    # every card is equally likely on top: chi-square over 52 cells (seeded, so deterministic)
    counts = np.bincount([shuffled_order(s, 52, 1)[0] for s in range(20_000)], minlength=52)
    expected = 20_000 / 52
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < 90  # 51 degrees of freedom: the 99.9 % point is about 87


def test_the_reference_engine_deals_the_kernels_cards():
    rules = PlumpRules(players=5)
    setup = make_setup(rules, hand_size=7, dealer=3)
    for seed in round_seeds(3, 50):
        rnd = PlumpRound.deal(rules, hand_size=7, dealer=3, rng=DeckRng(Stream(int(seed)), 7 * 5 + 1))
        order = shuffled_order(int(seed), 52, 36)
        # one card at a time from the left of the dealer (seat 4), then the turned card
        assert [c.index for c in rnd.hands[4]] == sorted(order[0:35:5])
        assert rnd.trump_card.index == order[35]
        out = kernel_batch(setup, np.array([seed]))
        assert out["trump_card"][0] == order[35]


RULE_CASES = [
    PlumpRules(),
    PlumpRules(players=2),
    PlumpRules(players=3, trump="none", hook=False),
    PlumpRules(players=5, trump="fixed", trump_suit="H", must_trump=True),
    PlumpRules(players=6, trump="rotating", first_lead="highest-bidder"),
    PlumpRules(players=7, scoring="penalty", hook_last_round=False),
]


@pytest.mark.parametrize("rules", RULE_CASES, ids=lambda r: f"{r.players}p-{r.trump}")
@pytest.mark.parametrize("policy", ["simple", "random", "heuristic", ["heuristic", "random", "simple"]])
def test_kernel_and_reference_engine_play_the_same_rounds(rules, policy):
    """Same seed → same deal, same bids, same tricks, same scores, for every hand size and dealer.

    "heuristic" is cardlab.bots.plump.PlumpBot in the engine and its compiled twin in the kernel.
    """
    if isinstance(policy, list):
        policy = (policy * rules.players)[: rules.players]
    rng = np.random.default_rng(11)
    for hand_size in sorted({1, 2, rules.largest_hand, int(rng.integers(1, rules.largest_hand + 1))}):
        dealer = int(rng.integers(rules.players))
        setup = make_setup(rules, policy=policy, hand_size=hand_size, dealer=dealer, round_index=2)
        seeds = round_seeds(hand_size, 40)
        out = kernel_batch(setup, seeds)
        for i, seed in enumerate(seeds):
            rnd = replay_plump_round(rules, int(seed), policy, hand_size=hand_size, dealer=dealer, round_index=2)
            assert out["bids"][i].tolist() == rnd.bids
            assert out["tricks"][i].tolist() == rnd.tricks_taken
            assert out["trump"][i] == (-1 if rnd.trump is None else rnd.trump.index)
            scores = score_array(out["bids"][i], out["tricks"][i], rules.scoring).tolist()
            assert scores == rnd.scores()


def test_simulate_with_the_reference_engine_gives_the_same_table():
    rules = PlumpRules(players=4, trump="none")
    kernel = simulate_plump(rules, policy="simple", rounds=300, hand_size=6, dealer="rotate", rng=5, progress=False)
    reference = simulate_plump(rules, policy="simple", rounds=300, hand_size=6, dealer="rotate", rng=5,
                               progress=False, engine="reference")
    pd.testing.assert_frame_equal(kernel, reference)
    assert kernel.attrs["engine"] == "kernel" and reference.attrs["engine"] == "reference"


def test_every_row_replays_from_its_seed():
    rules = PlumpRules(players=3)
    df = simulate("plump", rules, rounds=40, hand_size=4, dealer="rotate", rng=9, progress=False)
    for _, row in df.sample(30, random_state=1).iterrows():
        rnd = replay_plump_round(rules, int(row.seed), hand_size=4, dealer=int(row.dealer))
        seat = int(row.seat)
        assert (rnd.bids[seat], rnd.tricks_taken[seat], rnd.scores()[seat]) == (row.bid, row.tricks, row.score)
        assert (seat - rnd.dealer - 1) % 3 == row.seat_from_leader


def test_two_decks_fall_back_to_the_reference_engine():
    rules = PlumpRules(players=8, decks=2)
    df = simulate("plump", rules, rounds=5, hand_size=3, rng=1, progress=False)
    assert df.attrs["engine"] == "reference" and len(df) == 40
    assert (df.groupby("round").tricks.sum() == 3).all()


def test_random_play_statistics_agree_with_independent_reference_play():
    """The kernel's random play against RandomBot on numpy-shuffled deals: p_zero per seat within 4 sigma."""
    rules = PlumpRules(players=4)
    n_ref = 1500
    zero = np.zeros(4)
    made = np.zeros(4)
    bot = RandomBot(rng=123)
    for i in range(n_ref):
        rnd = PlumpRound.deal(rules, hand_size=5, dealer=0, rng=np.random.default_rng([77, i]))
        while not rnd.is_over:
            rnd.apply(bot.choose(rnd.view(rnd.to_move)))
        for pos in range(4):
            seat = (1 + pos) % 4
            zero[pos] += rnd.tricks_taken[seat] == 0
            made[pos] += rnd.made()[seat]
    table = simulate_plump(rules, rounds=100_000, hand_size=5, rng=8, rows=False, progress=False)
    for name, ref in (("p_zero", zero / n_ref), ("p_made", made / n_ref)):
        fast = table[name].to_numpy()
        sigma = np.sqrt(fast * (1 - fast) / n_ref + fast * (1 - fast) / 100_000)
        assert np.all(np.abs(ref - fast) < 4 * sigma), (name, ref, fast)


def test_summary_streamed_equals_summary_from_rows():
    rules = PlumpRules(players=5, scoring="trick-points")
    rows = simulate_plump(rules, rounds=2000, hand_size=4, dealer="rotate", rng=3, progress=False)
    streamed = simulate_plump(rules, rounds=2000, hand_size=4, dealer="rotate", rng=3, progress=False, rows=False)
    from_rows = summary_table(counts_from_rows(rows), trump="turned-up", policy="random")
    pd.testing.assert_frame_equal(streamed.reset_index(drop=True), from_rows)
    # p_zero is the share of rounds in which that seat took no trick
    by_seat = rows.groupby("seat_from_leader").tricks.apply(lambda t: (t == 0).mean())
    assert np.allclose(streamed.p_zero, by_seat.to_numpy())
    assert streamed.attrs["fingerprint"] == rules.fingerprint()
    mean_score = rows.groupby("seat_from_leader").score.mean()
    assert np.allclose(streamed.mean_score, mean_score.to_numpy())


def test_the_table_is_the_same_for_any_number_of_threads():
    from cardlab.sim.plump import run_batches

    setup = make_setup(PlumpRules(), hand_size=4)

    def run(threads):
        return [(start, seeds.tolist(), arrays["tricks"].tolist())
                for start, seeds, arrays in run_batches(setup, 5000, rng=4, chunk=700, threads=threads, progress=False)]

    one = run(1)
    assert len(one) == 8 and one == run(2) == run(3)
    two = simulate_plump(PlumpRules(), rounds=70_000, hand_size=2, rng=4, rows=False, progress=False, threads=2)
    pd.testing.assert_frame_equal(two, simulate_plump(PlumpRules(), rounds=70_000, hand_size=2, rng=4, rows=False,
                                                      progress=False, threads=1))


def test_tricks_add_up_and_the_hook_holds():
    df = simulate("plump", PlumpRules(players=4), rounds=3000, hand_size=6, dealer="rotate", rng=2, progress=False)
    per_round = df.groupby("round")
    assert (per_round.tricks.sum() == 6).all()
    assert (per_round.bid.sum() != 6).all()  # the hook (kroken): the bids never add up to the tricks
    assert df.bid.between(0, 6).all()


@pytest.mark.parametrize("scoring", ["standard", "trick-points", "penalty", "tricks-only"])
def test_score_array_matches_round_score(scoring):
    bids, tricks = np.meshgrid(np.arange(11), np.arange(11))
    expected = [[round_score(b, t, scoring) for b, t in zip(br, tr)] for br, tr in zip(bids, tricks)]
    assert score_array(bids, tricks, scoring).tolist() == expected


def test_simple_bot_plays_the_lowest_card_and_respects_the_hook():
    rnd = PlumpRound.from_hands(["AS AH 2C", "QH 3C 4D", "9S 8S KD"], dealer=2, rules=PlumpRules(players=3), trump_card="5D")
    bot = SimpleBot()
    for _ in range(3):
        rnd.apply(bot.choose(rnd.view(rnd.to_move)))
    assert rnd.bids == [2, 0, 0]  # seat 2 holds K♦ of trump → 1, but 2+0+1 = 3 is hooked → 0
    rnd.apply(bot.choose(rnd.view(0)))
    assert rnd.current_trick[0][1].code == "2C"


def test_bad_options_name_the_field():
    with pytest.raises(RulesError, match="policy"):
        simulate("plump", PlumpRules(), policy="clever", rounds=1)
    with pytest.raises(RulesError, match="hand_size"):
        simulate("plump", PlumpRules(players=7), hand_size=9, rounds=1)
    with pytest.raises(RulesError, match="dealer"):
        simulate("plump", PlumpRules(), dealer=4, rounds=1)


def test_heuristic_kernel_matches_plumpbot_on_thousands_of_deals():
    """PlumpBot (reference engine) and the heuristic kernel: identical bids and tricks, 4 × 10 and 5 × 7."""
    from cardlab.bots.plump import PlumpBot

    for rules, size, n in ((PlumpRules(), 10, 700), (PlumpRules(players=5, trump="none"), 7, 400)):
        setup = make_setup(rules, policy="heuristic", hand_size=size, dealer="rotate")
        seeds = round_seeds(size, n)
        out = kernel_batch(setup, seeds)
        bot = PlumpBot()
        for i, seed in enumerate(seeds):
            rnd = replay_plump_round(rules, int(seed), bot, hand_size=size, dealer=int(out["dealer"][i]))
            assert (out["bids"][i].tolist(), out["tricks"][i].tolist()) == (rnd.bids, rnd.tricks_taken), int(seed)
