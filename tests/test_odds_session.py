"""The odds explorer with no user interface (cardlab.session.odds): choices, what fits, shared tables, words."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from cardlab.errors import RulesError
from cardlab.session.odds import OddsSession, count_text, decimal_text, percent_text
from cardlab.sim.odds import OddsSetting, hand_limit, odds_table

ROUNDS = 600


@pytest.fixture
def odds():
    return OddsSession(players=6, hand_size=8, seat=5, rounds=ROUNDS, rng=4, lang="en")


def test_the_first_table_is_the_settings_table(odds):
    assert odds.setting == OddsSetting(6, 8, "turned-up", "random")
    assert (odds.players, odds.hand_size, odds.trump, odds.policy, odds.seat) == (6, 8, "turned-up", "random", 5)
    pd.testing.assert_frame_equal(odds.table, odds_table(6, 8, "turned-up", "random", rounds=ROUNDS, rng=4))
    assert odds.row.equals(odds.table.iloc[5]) and odds.last_seat == 5 and odds.hand_limit == 8


def test_a_change_lowers_the_cards_and_the_seat_left_out_to_fit(odds):
    odds.choose(players=7)
    assert (odds.hand_size, odds.seat, odds.hand_limit) == (7, 5, 7)          # seven players: at most seven cards
    odds.choose(players=3)
    assert (odds.hand_size, odds.seat, odds.last_seat) == (7, 2, 2)           # nothing raised back
    odds.choose(trump="none", hand_size=10, seat=0)
    assert odds.setting == OddsSetting(3, 10, "none", "random") and odds.seat == 0
    assert len(odds.table) == 3 and set(odds.table["cards"]) == {10}


@pytest.mark.parametrize("change, field", [
    (dict(hand_size=9), "hand_size"), (dict(players=7, hand_size=8), "hand_size"), (dict(seat=6), "seat"),
    (dict(players=3, seat=3), "seat"), (dict(players=9), "players"), (dict(trump="rotating"), "trump"),
    (dict(policy="simple"), "policy"), (dict(seat=-1), "seat"), (dict(seat=1.0), "seat"),
])
def test_a_refused_change_names_its_field_and_changes_nothing(odds, change, field):
    before = (odds.setting, odds.seat, odds.table)
    with pytest.raises(RulesError) as info:
        odds.choose(**change)
    assert info.value.field == field and info.value.message("sv").startswith(field)
    assert (odds.setting, odds.seat) == before[:2] and odds.table is before[2]


@pytest.mark.parametrize("options, field", [
    (dict(seat=4, players=4), "seat"), (dict(rounds=0), "rounds"), (dict(hand_size=11, players=4), "hand_size"),
    (dict(policy="clever"), "policy"),
])
def test_a_bad_start_is_refused_naming_its_field(options, field):
    with pytest.raises(RulesError) as info:
        OddsSession(**{"rounds": 100, **options})
    assert info.value.field == field


def test_a_bad_language_is_refused():
    with pytest.raises(ValueError, match="language"):
        OddsSession(rounds=100, lang="de")


def test_going_back_shows_the_same_table_and_seat_or_language_never_simulate(odds):
    first = odds.table
    odds.choose(seat=2)
    odds.set_language("nb")
    assert odds.table is first
    odds.choose(policy="heuristic")
    assert odds.table is not first and set(odds.table["policy"]) == {"heuristic"}
    odds.choose(policy="random")
    assert odds.table is first
    # a whole-number seed: another session of the process gets the very same table
    assert OddsSession(players=6, hand_size=8, rounds=ROUNDS, rng=4).table is first


def test_a_generator_is_drawn_on_once_per_new_setting():
    odds = OddsSession(players=3, hand_size=2, rounds=300, rng=np.random.default_rng(5))
    odds.choose(trump="none")
    odds.choose(trump="turned-up")                           # back: kept, not drawn again
    again = np.random.default_rng(5)
    expected = [odds_table(3, 2, t, "random", rounds=300, rng=again) for t in ("turned-up", "none")]
    pd.testing.assert_frame_equal(odds.table, expected[0])
    odds.choose(trump="none")
    pd.testing.assert_frame_equal(odds.table, expected[1])


def test_the_headline_says_the_seats_numbers():
    odds = OddsSession(players=4, hand_size=1, trump="none", seat=2, rounds=ROUNDS, rng=7, lang="en")
    row = odds.table.iloc[2]
    first, exact = odds.headline()
    assert first.startswith(f"Seat 2: you take no trick in {percent_text(row.p_zero, 'en')} of the rounds")
    assert f"{count_text(ROUNDS)} simulated rounds, played at random." in first
    assert f"{decimal_text(row.mean_tricks, 'en')} tricks on average" in first
    assert exact == (f"Exact (one card each): {percent_text(row.p_zero_exact, 'en')} ({row.p_zero_exact_fraction})"
                     f" to take no trick, {decimal_text(row.mean_tricks_exact, 'en', 3)} tricks on average.")
    assert odds.headline("sv")[0].startswith("Plats 2: du tar inget stick i " + percent_text(row.p_zero, "sv"))
    odds.set_language("nb")
    assert odds.headline()[0].startswith("Plass 2:") and "," in percent_text(row.p_zero, "nb")


def test_the_zero_bids_made_are_said_only_when_the_players_bid_like_the_bot():
    odds = OddsSession(players=4, hand_size=5, policy="heuristic", rounds=ROUNDS, rng=1, lang="en")
    lines = odds.headline()
    row = odds.row
    assert len(lines) == 2 and row.bid0_rounds > 0
    assert f"the zero bid worked in {percent_text(row.p_bid0_made, 'en')} of {count_text(row.bid0_rounds)} cases" in lines[1]
    odds.choose(policy="random")
    assert len(odds.headline()) == 1


def test_numbers_are_written_the_way_each_language_writes_them():
    assert [percent_text(0.5, lang) for lang in ("sv", "nb", "en")] == ["50,0 %", "50,0 %", "50.0 %"]
    assert decimal_text(2.0, "en", 3) == "2.000" and decimal_text(2.0, "sv") == "2,00"
    assert count_text(1234567) == "1 234 567" and count_text(np.int64(999)) == "999"


def test_every_limit_is_the_decks():
    for players in range(2, 8):
        for trump in ("turned-up", "none", "fixed"):
            odds = OddsSession(players=players, hand_size=1, trump=trump, rounds=50, rng=1)
            assert odds.hand_limit == hand_limit(players, trump) == odds.setting.rules.deck_limit

