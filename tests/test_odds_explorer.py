"""The odds explorer: sliders re-simulate, the table and the offline chart follow (no browser)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cardlab.errors import RulesError
from cardlab.sim.exact import p_zero_one_card
from cardlab.sim.odds import odds_table
from cardlab.widgets import OddsExplorer
from cardlab.widgets.odds import odds_chart_spec

ROUNDS = 3000


@pytest.fixture(scope="module")
def explorer():
    return OddsExplorer(players=4, hand_size=1, trump="none", rounds=ROUNDS, rng=7, lang="en")


def test_first_view_has_exact_one_card_values_beside_the_estimates(explorer):
    table = explorer.table
    assert list(table["seat_from_leader"]) == [0, 1, 2, 3]
    exact = [Fraction(f) for f in table["p_zero_exact_fraction"]]
    assert exact == p_zero_one_card(4, "none")
    # every estimate's 95 % interval is near its exact value (3000 rounds: within 0.05)
    assert np.all(np.abs(table["p_zero"] - table["p_zero_exact"]) < 0.05)
    assert (table["ci_low"] <= table["p_zero"]).all() and (table["p_zero"] <= table["ci_high"]).all()
    assert "Exact (one card each)" in explorer.headline_html.value
    svg = explorer.chart_html.value
    assert "<svg" in svg and "https://" not in svg and "exact" in svg


def test_sliders_recompute_table_and_chart(explorer):
    explorer.hand_slider.value = 5
    table = explorer.table
    assert set(table["cards"]) == {5} and table["p_zero_exact"].isna().all()
    assert "Exact" not in explorer.headline_html.value
    explorer.players_slider.value = 6
    assert len(explorer.table) == 6 and explorer.seat_slider.max == 5
    assert explorer.hand_slider.max == 8                       # 6 players: at most 8 cards each
    before = explorer.chart_html.value
    explorer.trump_toggle.value = "turned-up"
    assert set(explorer.table["trump"]) == {"turned-up"} and explorer.chart_html.value != before
    explorer.policy_toggle.value = "heuristic"
    assert set(explorer.table["policy"]) == {"heuristic"} and "like the bot" in explorer.headline_html.value
    # mean tricks add up to the hand size: every trick goes to someone
    assert explorer.table["mean_tricks"].sum() == pytest.approx(5.0)
    svg = explorer.chart_html.value
    assert "<svg" in svg and "https://" not in svg


def test_seat_and_language_redraw_without_new_simulation(explorer):
    table = explorer.table
    explorer.seat_slider.value = 3
    assert explorer.table is table and explorer.headline_html.value.count("Seat 3") == 1
    explorer.language_dropdown.value = "nb"
    assert "Plass 3" in explorer.headline_html.value and "Oddsutforskeren" in explorer.title_html.value
    assert "Sjanse for å ikke ta noe stikk" in explorer.chart_html.value
    assert [label for label, _ in explorer.trump_toggle.options] == ["snudd kort", "ingen trumf", "alltid spar"]
    explorer.set_language("sv")
    assert "Plats 3" in explorer.headline_html.value


def test_fewer_players_clamp_the_seat():
    small = OddsExplorer(players=5, hand_size=3, seat=4, rounds=500, rng=1, lang="sv")
    small.players_slider.value = 3
    assert small.seat_slider.value == 2 and len(small.table) == 3


def test_odds_table_is_seeded_and_the_spec_is_plain_data():
    a = odds_table(3, 2, "fixed", "random", rounds=800, rng=3)
    b = odds_table(3, 2, "fixed", "random", rounds=800, rng=3)
    assert a.drop(columns=["p_zero_exact_fraction"]).equals(b.drop(columns=["p_zero_exact_fraction"]))
    spec = odds_chart_spec(a, 1, "en")
    assert [row["seat"] for row in spec["datasets"]["p_zero_yours"]] == [1]
    assert "https://" not in str({k: v for k, v in spec.items() if k != "$schema"})


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="trump"):
        OddsExplorer(trump="rotating", rounds=100)
    with pytest.raises(ValueError, match="policy"):
        OddsExplorer(policy="clever", rounds=100)
    with pytest.raises(RulesError) as info:
        OddsExplorer(players=3, seat=3, rounds=100)
    assert info.value.field == "seat"


def test_the_view_draws_its_session():
    """Each control forwards its change to the session; the sliders show what the session fitted."""
    e = OddsExplorer(players=6, hand_size=8, seat=5, rounds=500, rng=2, lang="en")
    assert e.table is e.session.table and e.lang == e.session.lang == "en"
    e.players_slider.value = 7
    assert (e.session.players, e.session.hand_size) == (7, 7) and (e.hand_slider.value, e.hand_slider.max) == (7, 7)
    e.seat_slider.value = 6
    assert e.session.seat == 6 and "Seat 6" in e.headline_html.value
    e.players_slider.value = 2
    assert (e.seat_slider.value, e.seat_slider.max, e.session.seat) == (1, 1, 1)
    assert e.session.headline("en")[0] in e.headline_html.value.replace("&#x27;", "'")


def test_a_control_the_session_refuses_is_put_back_with_the_reason():
    e = OddsExplorer(players=4, hand_size=5, rounds=500, rng=2, lang="en")
    table = e.table
    e.hand_slider.max = 12                                     # more than the deck allows (10 cards each)
    e.hand_slider.value = 12
    assert e.session.hand_size == 5 and e.table is table
    assert (e.hand_slider.value, e.hand_slider.max) == (5, 10)
    assert "hand_size must be a whole number from 1 to 10; you chose 12." in e.headline_html.value
    assert "Seat 0" in e.headline_html.value


def test_before_it_is_drawn_a_page_shows_a_sentence_not_the_widget_repr(explorer):
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "VBox(" not in bundle["text/plain"]
    assert bundle["text/plain"].startswith(("The odds explorer is loading", "Oddsutforskaren laddas", "Oddsutforskeren lastes"))


def test_the_chart_is_titled_by_what_it_plots():
    """The left panel plots the chance of no trick over all rounds, and says so; the zero bids actually made are a
    separate sentence, which says how the two differ."""
    e = OddsExplorer(players=4, hand_size=5, trump="turned-up", policy="heuristic", rounds=ROUNDS, rng=1, lang="en")
    svg = e.chart_html.value
    assert "No trick in the round, every round" in svg and "zero bid works" not in svg
    headline = e.headline_html.value
    assert "you take no trick in" in headline and "actually bid 0" in headline
    assert "The chart shows the chance to take no trick in every round" in headline
