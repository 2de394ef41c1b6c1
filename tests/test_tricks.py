"""Trick rules shared by Plump and Femkamp: who wins, what may be played."""

import pytest

from cardlab import Card, MustFollowSuitError, MustTrumpError, NotInHandError, legal_plays, parse_cards, trick_winner
from cardlab.cards import Suit
from cardlab.tricks import check_play, winning_reason


def test_highest_card_of_led_suit_wins_without_trump():
    # RULES.md example trick (Femkamp queens round): 10♠, Q♠, A♠, Q♥ → A♠
    assert trick_winner("10S QS AS QH", trump=None) == 2


def test_off_suit_card_never_wins_without_trump():
    assert trick_winner(["5D", "AH", "KH"], trump=None) == 0


def test_trump_beats_everything():
    assert trick_winner(["AS", "2D", "KS"], trump="D") == 1
    assert trick_winner(["AS", "2D", "3D"], trump=Suit.DIAMONDS) == 2


def test_trump_accepts_suit_letter_symbol_or_none():
    cards = parse_cards("AS 2D")
    assert trick_winner(cards, "D") == trick_winner(cards, Suit.DIAMONDS) == trick_winner(cards, "♦") == 1
    assert trick_winner(cards, None) == 0


def test_two_packs_later_identical_card_wins():
    assert trick_winner(["KH", "KH", "2H"], trump="S") == 1
    assert trick_winner(["3S", "4S", "4S"], trump="S") == 2


def test_led_trump_is_led_suit():
    assert trick_winner(["5S", "AH", "6S"], trump="S") == 2


def test_must_follow_suit():
    assert set(legal_plays("7H KS 2C 9H", led_suit="H")) == set(parse_cards("7H 9H"))


def test_void_may_play_anything():
    assert set(legal_plays("KS 2C", led_suit="H", trump="S")) == set(parse_cards("KS 2C"))


def test_must_trump_option():
    assert legal_plays("KS 2C", led_suit="H", trump="S", must_trump=True) == parse_cards("KS")
    # with no trump in hand, must_trump leaves a free choice
    assert set(legal_plays("KD 2C", led_suit="H", trump="S", must_trump=True)) == set(parse_cards("KD 2C"))


def test_leader_may_play_anything():
    assert set(legal_plays("KS 2C 3H", led_suit=None)) == set(parse_cards("KS 2C 3H"))


def test_check_play_names_the_rule_in_three_languages():
    with pytest.raises(MustFollowSuitError) as info:
        check_play("KS", "7H KS", led_suit="H", lang="sv")
    assert str(info.value) == "Du måste bekänna färg: hjärter spelades ut och du har 7♥."
    assert info.value.message("nb") == "Du må følge farge: hjerter ble spilt ut og du har 7♥."
    assert info.value.message("en") == "You must follow suit: hearts were led and you have 7♥."
    assert info.value.card == Card.parse("7H")
    with pytest.raises(MustTrumpError, match="trump"):
        check_play("2C", "KS 2C", led_suit="H", trump="S", must_trump=True, lang="en")
    with pytest.raises(NotInHandError, match="not in your hand"):
        check_play("AD", "KS 2C", led_suit="H", lang="en")


def test_winning_reason_says_why():
    assert winning_reason("AS 3D KS", "D").text("sv") == "3♦ vinner: trumf slår allt."
    assert winning_reason("10S QS AS QH", None).text("nb") == "A♠ vinner: høyeste kort i utspilt farge."
