"""The odds explorer's numbers (cardlab.sim.odds) against the simulations and exact counts they come from."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from cardlab.errors import RulesError
from cardlab.rules.plump import PlumpRules
from cardlab.sim.exact import p_win_one_card, p_zero_one_card
from cardlab.sim.odds import (PLAYERS, POLICIES, TRUMP_MODES, OddsSetting, exact_one_card, hand_limit, odds_table,
                              plump_rules_for, shared_odds_table, whole_number)
from cardlab.sim.plump import simulate_plump
from cardlab.sim.stats import Z95, wilson_interval

#: settings with a name: (players, cards each, trump, play, rounds, seed)
SETTINGS = {
    "one card, four players, no trump": (4, 1, "none", "random", 1500, 3),
    "two cards, three players, spades": (3, 2, "fixed", "random", 1200, 5),
    "three cards, five players like the bot": (5, 3, "turned-up", "heuristic", 1000, 8),
    "ten cards, two players like the bot": (2, 10, "none", "heuristic", 600, 13),
}


@pytest.mark.parametrize("name", SETTINGS)
def test_the_table_is_what_the_simulation_rows_say(name):
    """Every number of a table, worked out again from the rows of the same seeded rounds (one row per round × seat)."""
    players, cards, trump, policy, rounds, seed = SETTINGS[name]
    table = odds_table(players, cards, trump, policy, rounds=rounds, rng=seed)
    rules = PlumpRules(players=players, trump=trump, trump_suit="S" if trump == "fixed" else None)
    rows = simulate_plump(rules, policy=policy, rounds=rounds, hand_size=cards, dealer=0, rng=seed, progress=False)
    by_seat = rows.groupby("seat_from_leader")
    zero = by_seat["tricks"].apply(lambda t: int((t == 0).sum())).to_numpy()
    n = by_seat.size().to_numpy()
    assert list(table["seat_from_leader"]) == list(range(players)) and (table["rounds"] == n).all() and (n == rounds).all()
    assert table["p_zero"].tolist() == (zero / n).tolist()
    low, high = wilson_interval(zero, n)
    assert table["ci_low"].to_numpy() == pytest.approx(low, abs=1e-12)
    assert table["ci_high"].to_numpy() == pytest.approx(high, abs=1e-12)
    mean, sd = by_seat["tricks"].mean().to_numpy(), by_seat["tricks"].std(ddof=1).to_numpy()
    assert table["mean_tricks"].to_numpy() == pytest.approx(mean, abs=1e-12)
    assert table["tricks_low"].to_numpy() == pytest.approx(mean - Z95 * sd / np.sqrt(n), abs=1e-9)
    assert table["tricks_high"].to_numpy() == pytest.approx(mean + Z95 * sd / np.sqrt(n), abs=1e-9)
    bid0 = by_seat["bid"].apply(lambda b: int((b == 0).sum())).to_numpy()
    made0 = rows[(rows.bid == 0) & (rows.tricks == 0)].groupby("seat_from_leader").size().reindex(range(players),
                                                                                                 fill_value=0)
    assert table["bid0_rounds"].tolist() == bid0.tolist()
    expected = np.where(bid0 > 0, made0.to_numpy() / np.maximum(bid0, 1), np.nan)
    assert np.allclose(table["p_bid0_made"].to_numpy(), expected, equal_nan=True, rtol=0, atol=1e-12)
    # every trick goes to someone; the table names its setting and keeps the simulation's record
    assert table["mean_tricks"].sum() == pytest.approx(cards)
    assert set(table["players"]) == {players} and set(table["cards"]) == {cards}
    assert set(table["trump"]) == {trump} and set(table["policy"]) == {policy}
    assert table.attrs["fingerprint"] == rules.fingerprint() and table.attrs["rounds"] == rounds
    assert "counts" not in table.attrs


@pytest.mark.parametrize("players", range(PLAYERS[0], PLAYERS[1] + 1))
@pytest.mark.parametrize("trump", TRUMP_MODES)
def test_the_exact_one_card_values_are_the_exact_counts(players, trump):
    zero, win = exact_one_card(players, trump)
    assert list(win) == p_win_one_card(players, trump) and list(zero) == p_zero_one_card(players, trump)
    assert sum(win) == 1                                       # one trick, one winner
    assert all(isinstance(x, Fraction) for x in zero + win)


@pytest.mark.parametrize("trump", TRUMP_MODES)
def test_a_one_card_table_shows_the_exact_values_beside_the_estimates(trump):
    table = odds_table(4, 1, trump, "random", rounds=2000, rng=11)
    zero, win = exact_one_card(4, trump)
    assert [Fraction(f) for f in table["p_zero_exact_fraction"]] == list(zero)
    assert table["p_zero_exact"].tolist() == [float(z) for z in zero]
    assert table["mean_tricks_exact"].tolist() == [float(w) for w in win]
    # 2000 rounds: every estimate within 0.05 of its exact value
    assert (abs(table["p_zero"] - table["p_zero_exact"]) < 0.05).all()
    assert (abs(table["mean_tricks"] - table["mean_tricks_exact"]) < 0.05).all()


def test_more_cards_have_no_exact_values():
    table = odds_table(3, 2, "none", "random", rounds=300, rng=1)
    assert table["p_zero_exact"].isna().all() and table["mean_tricks_exact"].isna().all()
    assert table["p_zero_exact_fraction"].isna().all()


def test_the_rules_are_classic_with_the_chosen_players_and_trump():
    assert plump_rules_for(5, "fixed") == PlumpRules(players=5, trump="fixed", trump_suit="S")
    assert plump_rules_for(3, "none") == PlumpRules(players=3, trump="none")
    assert OddsSetting(3, 2, "none").rules == plump_rules_for(3, "none")
    assert [hand_limit(p, "turned-up") for p in range(2, 8)] == [PlumpRules(players=p).deck_limit for p in range(2, 8)]


def test_a_whole_number_seed_gives_one_shared_table_and_a_generator_draws_on():
    setting = OddsSetting(3, 2, "fixed", "random")
    shared = shared_odds_table(setting, rounds=800, rng=3)
    assert shared is shared_odds_table(setting, rounds=800, rng=np.int64(3))
    pd.testing.assert_frame_equal(shared, odds_table(3, 2, "fixed", "random", rounds=800, rng=3))
    first, second = np.random.default_rng(9), np.random.default_rng(9)
    a = [shared_odds_table(setting, rounds=400, rng=first) for _ in range(2)]
    b = [odds_table(3, 2, "fixed", "random", rounds=400, rng=second) for _ in range(2)]
    for mine, theirs in zip(a, b):
        pd.testing.assert_frame_equal(mine, theirs)
    assert not a[0]["p_zero"].equals(a[1]["p_zero"])           # the generator moved on: other rounds


BAD = [
    (dict(players=1), "players"), (dict(players=8), "players"), (dict(players=4.0), "players"),
    (dict(players=True), "players"), (dict(trump="rotating"), "trump"), (dict(trump="S"), "trump"),
    (dict(policy="simple"), "policy"), (dict(policy="clever"), "policy"), (dict(hand_size=0), "hand_size"),
    (dict(players=4, hand_size=11), "hand_size"), (dict(players=7, trump="none", hand_size=8), "hand_size"),
    (dict(hand_size="5"), "hand_size"),
]


@pytest.mark.parametrize("options, field", BAD, ids=[f"{f}={list(o.values())[-1]!r}" for o, f in BAD])
def test_a_bad_setting_is_refused_naming_its_field(options, field):
    with pytest.raises(RulesError) as info:
        OddsSetting(**options)
    assert info.value.field == field
    for lang in ("sv", "nb", "en"):
        text = info.value.message(lang)
        assert text.startswith(field) and "…" not in text
    with pytest.raises(RulesError, match=field):
        odds_table(**{**dict(players=4, hand_size=5, trump="turned-up", policy="random"), **options}, rounds=10)


@pytest.mark.parametrize("rounds", [0, -5, 2.5, "100", None])
def test_bad_rounds_are_refused_naming_the_field(rounds):
    with pytest.raises(RulesError) as info:
        odds_table(3, 1, "none", "random", rounds=rounds)
    assert info.value.field == "rounds" and info.value.message("en").startswith("rounds must be a whole number")


def test_whole_numbers_say_what_was_given():
    assert whole_number("seat", np.int64(3), 0, 3) == 3 and type(whole_number("seat", np.int64(3), 0, 3)) is int
    with pytest.raises(RulesError) as info:
        whole_number("players", 9, 2, 7)
    assert info.value.message("en") == "players must be a whole number from 2 to 7; you chose 9."
    assert info.value.message("nb") == "players må være et heltall fra 2 til 7; du valgte 9."
    assert POLICIES == ("random", "heuristic") and TRUMP_MODES == ("turned-up", "none", "fixed")
