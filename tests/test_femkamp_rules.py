"""FemkampRules: every option of RULES.md's Femkamp section, its validation, presets and vocabulary."""

import itertools

import pytest

from cardlab import FemkampRules, RulesError
from cardlab.rules.femkamp import ROUND_NAMES, round_goal, round_scoring, round_title


def test_defaults_are_the_rule_book():
    rules = FemkampRules()
    assert rules.players == 4
    assert rules.round_order == ("pass", "clubs", "queens", "grand", "kabal")
    assert rules.queen_points == 4
    assert rules.clubs_all_zero is False
    assert rules.kabal_starter == "left-of-dealer"
    assert rules.rotate_dealer is True
    assert rules.tie == "share"
    assert rules.first_dealer == 0


@pytest.mark.parametrize("players, removed, size", [(3, ("2H",), 17), (4, (), 13), (5, ("2H", "2D"), 10)])
def test_deck_for_the_trick_rounds(players, removed, size):
    rules = FemkampRules(players=players)
    assert rules.removed_cards == removed
    assert rules.trick_hand_size == size
    assert size * players == 52 - len(removed)  # all cards are dealt


def test_every_round_order_permutation_is_allowed():
    for order in itertools.permutations(ROUND_NAMES):
        assert FemkampRules(round_order=order).round_order == order


def test_round_order_from_a_list_becomes_a_tuple():
    assert FemkampRules(round_order=["pass", "clubs", "kabal", "queens", "grand"]).round_order[2] == "kabal"


@pytest.mark.parametrize("order", [
    ("pass", "clubs", "queens", "grand"),
    ("pass", "pass", "queens", "grand", "kabal"),
    ("pass", "clubs", "queens", "grand", "hearts"),
    "pass",
])
def test_round_order_must_name_each_round_once(order):
    with pytest.raises(RulesError) as info:
        FemkampRules(round_order=order)
    assert info.value.field == "round_order"
    assert "round_order" in info.value.message("en")
    assert "nøyaktig én gang" in info.value.message("nb")
    assert "exakt en gång" in info.value.message("sv")


@pytest.mark.parametrize("field, value", [
    ("players", 2), ("players", 6), ("players", "4"), ("players", True),
    ("queen_points", 0), ("queen_points", 4.5),
    ("clubs_all_zero", "yes"), ("rotate_dealer", 1),
    ("kabal_starter", "dealer"), ("tie", "extra-round"),
    ("first_dealer", 4), ("first_dealer", -1),
])
def test_bad_options_are_refused_naming_the_field(field, value):
    with pytest.raises(RulesError) as info:
        FemkampRules(**{field: value})
    assert info.value.field == field
    for lang in ("sv", "nb", "en"):
        text = info.value.message(lang)
        assert field in text or "Femkamp" in text


def test_player_count_message_in_three_languages():
    with pytest.raises(RulesError) as info:
        FemkampRules(players=6)
    assert info.value.message("en") == "Femkamp needs 3 to 5 players; you chose 6."
    assert info.value.message("nb") == "Femkamp krever 3 til 5 spillere; du valgte 6."
    assert info.value.message("sv") == "Femkamp kräver 3 till 5 spelare; du valde 6."


def test_every_option_can_be_set():
    rules = FemkampRules(players=5, round_order=("kabal", "grand", "queens", "clubs", "pass"), queen_points=5,
                         clubs_all_zero=True, kabal_starter="seven-of-hearts", rotate_dealer=False, tie="rematch",
                         first_dealer=4)
    assert rules.to_dict()["round_order"] == ["kabal", "grand", "queens", "clubs", "pass"]
    assert FemkampRules.from_dict(rules.to_dict()) == rules
    assert FemkampRules.from_toml(rules.to_toml()) == rules
    assert rules.fingerprint() != FemkampRules().fingerprint()
    assert rules.dealer_for_round(3) == 4


def test_unknown_option_is_refused_by_name():
    with pytest.raises(RulesError) as info:
        FemkampRules.from_dict({"players": 4, "trump": "S"})
    assert info.value.field == "trump"


def test_dealer_rotates_clockwise_each_round():
    assert [FemkampRules(first_dealer=2).dealer_for_round(i) for i in range(5)] == [2, 3, 0, 1, 2]
    assert [FemkampRules(players=3, rotate_dealer=False, first_dealer=1).dealer_for_round(i) for i in range(5)] == [1] * 5


def test_presets():
    assert "classic" in FemkampRules.presets()
    assert FemkampRules.preset("classic") == FemkampRules()
    assert FemkampRules.preset("kabal-third").round_order == ("pass", "clubs", "kabal", "queens", "grand")
    five = FemkampRules.preset("five-point-queens")
    assert five.queen_points == 5 and five.clubs_all_zero
    assert FemkampRules.preset("seven-of-hearts").kabal_starter == "seven-of-hearts"
    for name in FemkampRules.presets():
        assert FemkampRules.preset_description(name)
    with pytest.raises(RulesError):
        FemkampRules.preset("no-such-preset")


def test_round_vocabulary_in_three_languages():
    assert round_goal("pass", "nb") == "Ta så få stikk som mulig"
    assert round_goal("pass", "sv") == "Ta så få stick som möjligt"
    assert round_goal("pass", "en") == "Take as few tricks as possible"
    assert round_title("kabal", "nb") == "Kabalrunden"
    assert round_title("clubs", "sv") == "Klöverrundan"
    for name in ROUND_NAMES:
        texts = {round_title(name, lang) for lang in ("sv", "nb", "en")}
        goals = {round_goal(name, lang) for lang in ("sv", "nb", "en")}
        assert len(texts) >= 2 and len(goals) == 3
    assert round_scoring("queens", "en") == "+4 per queen"
    assert round_scoring("clubs", "nb", FemkampRules(clubs_all_zero=True)) == "+1 per kløver (alle 13 gir 0)"
    with pytest.raises(ValueError):
        round_title("hearts", "en")
