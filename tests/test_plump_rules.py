"""PlumpRules: every option, validation with plain sentences, presets, dicts, TOML, fingerprint."""

import pytest

from cardlab import PlumpRules, RulesError


def test_defaults_are_the_classic_rules():
    rules = PlumpRules()
    assert (rules.players, rules.trump, rules.hook, rules.scoring, rules.schedule) == (4, "turned-up", True, "standard", "full")
    assert rules == PlumpRules.preset("classic")


@pytest.mark.parametrize("players, top", [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7), (2, 10)])
def test_largest_hand_follows_the_deck(players, top):
    # seed 000: "är ni 6 börjar ni på 8"; two players deal a blind hand too
    assert PlumpRules(players=players).largest_hand == top


def test_no_turned_up_card_allows_one_more_card_in_the_limit():
    assert PlumpRules(players=7, trump="none").largest_hand == 7  # 52 // 7 = 7
    assert PlumpRules(players=6, trump="none").largest_hand == 8
    assert PlumpRules(players=5, trump="none", max_cards=10).largest_hand == 10


def test_schedules():
    assert PlumpRules().hand_sizes() == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert len(PlumpRules().hand_sizes()) == 19
    assert PlumpRules(schedule="down").hand_sizes() == list(range(10, 0, -1))
    assert PlumpRules(schedule="up").hand_sizes() == list(range(1, 11))
    each = PlumpRules(schedule="full-each-deals-one", players=4).hand_sizes()
    assert each.count(1) == 4 and len(each) == 22
    assert PlumpRules(schedule=(3, 1, 3)).hand_sizes() == [3, 1, 3]
    assert PlumpRules(max_cards=5).hand_sizes() == [5, 4, 3, 2, 1, 2, 3, 4, 5]


def test_presets():
    assert set(PlumpRules.presets()) >= {"classic", "kids", "two-player", "trick-points"}
    kids = PlumpRules.preset("kids")
    assert kids.hand_sizes() == [5, 4, 3, 2, 1, 2, 3, 4, 5] and kids.trump == "none" and not kids.hook and kids.ink_blots
    two = PlumpRules.preset("two-player")
    assert two.players == 2 and two.hands_dealt == 3 and two.largest_hand == 7
    assert PlumpRules.preset("trick-points").scoring == "trick-points"
    assert PlumpRules.preset_description("kids")


def test_unknown_preset_is_named():
    with pytest.raises(RulesError, match="no preset 'grandma'.*classic"):
        PlumpRules.preset("grandma")


@pytest.mark.parametrize("kwargs, words", [
    (dict(players=9), "Plump needs 2 to 7 players with one deck; you chose 9. With 8 or more, set decks = 2."),
    (dict(players=1), "Plump needs 2 to 7 players"),
    (dict(players=13, decks=2), "Plump needs 2 to 12 players with two decks"),
    (dict(trump="purple"), "trump cannot be 'purple'"),
    (dict(scoring="golf"), "scoring cannot be 'golf'"),
    (dict(trump="fixed"), "trump = \"fixed\" needs a trump suit: choose trump_suit from C, D, H, S."),
        (dict(trump="fixed", trump_suit="X"), "trump_suit cannot be 'X': choose one of C, D, H, S"),
    (dict(trump_suit="S"), "trump_suit is only used"),
    (dict(max_cards=11), "max_cards must be between 1 and 10"),
    (dict(players=6, max_cards=9), "max_cards must be between 1 and 8"),
    (dict(schedule="sideways"), "schedule cannot be 'sideways'"),
    (dict(schedule=(3, 11)), "schedule must be between 1 and 10"),
    (dict(first_dealer=4), "first_dealer must be between 0 and 3"),
    (dict(hook="yes"), "hook cannot be 'yes'"),
    (dict(first_lead="youngest"), "first_lead cannot be"),
    (dict(tie="coin"), "tie cannot be"),
    (dict(trump_order=("C", "X")), "trump_order cannot be 'X'"),
])
def test_bad_settings_are_refused_with_a_sentence_naming_the_field(kwargs, words):
    with pytest.raises(RulesError) as info:
        PlumpRules(**kwargs)
    assert words in str(info.value)


def test_rules_error_in_three_languages():
    with pytest.raises(RulesError) as info:
        PlumpRules(players=9)
    assert info.value.message("sv").startswith("Plump kräver 2 till 7 spelare med en kortlek; du valde 9.")
    assert info.value.message("nb").startswith("Plump krever 2 til 7 spillere med én kortstokk; du valgte 9.")
    assert info.value.field == "players"


def test_two_decks_for_eight_or_more():
    rules = PlumpRules(players=8, decks=2)
    assert rules.deck_size == 104 and rules.largest_hand == 10


def test_dict_round_trip_and_unknown_option():
    rules = PlumpRules(players=5, trump="rotating", trump_order=("H", "D", "C", "S", "none"), scoring="penalty")
    assert PlumpRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="no option called 'jokers'"):
        PlumpRules.from_dict({"jokers": True})


def test_toml_round_trip():
    rules = PlumpRules(players=3, schedule=(5, 3, 1), must_trump=True)
    assert PlumpRules.from_toml(rules.to_toml()) == rules
    with pytest.raises(RulesError, match="toml"):
        PlumpRules.from_toml("players = = 3")


def test_fingerprint_is_stable_and_sensitive():
    assert PlumpRules().fingerprint() == PlumpRules().fingerprint()
    assert len(PlumpRules().fingerprint()) == 12
    assert PlumpRules().fingerprint() != PlumpRules(hook=False).fingerprint()
    assert PlumpRules(players=5).changed_options() == {"players": 5}


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        PlumpRules().players = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        PlumpRules(4)  # keyword-only


def test_trump_rotation_order():
    rules = PlumpRules(trump="rotating")
    assert [str(rules.trump_for_round(i)) for i in range(6)] == ["♣", "♦", "♥", "♠", "None", "♣"]
    english = PlumpRules(trump="rotating", trump_order=("H", "D", "C", "S", "none"))
    assert str(english.trump_for_round(0)) == "♥"
