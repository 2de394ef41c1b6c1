"""Cards: parsing, text forms, decks and seeded shuffles."""

import numpy as np
import pytest

from cardlab import Card, InvalidCardError, Rank, Suit, full_deck, parse_cards, shuffled_deck
from cardlab.cards import sorted_hand


@pytest.mark.parametrize("text, rank, suit", [
    ("10H", Rank.TEN, Suit.HEARTS), ("AS", Rank.ACE, Suit.SPADES), ("2C", Rank.TWO, Suit.CLUBS),
    ("qd", Rank.QUEEN, Suit.DIAMONDS), ("10♥", Rank.TEN, Suit.HEARTS), ("TH", Rank.TEN, Suit.HEARTS),
])
def test_parse_reads_rank_then_suit_letter(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_str_uses_unicode_suits_and_repr_pastes_back():
    card = Card.parse("10H")
    assert str(card) == "10♥"
    assert repr(card) == "Card.parse('10H')"
    assert eval(repr(card)) == card


def test_cards_are_frozen_and_hashable():
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card, Card.parse("QS")} == {card}


def test_no_ordering_that_would_mean_beats():
    with pytest.raises(TypeError):
        Card.parse("AS") < Card.parse("2S")  # noqa: B015


@pytest.mark.parametrize("bad", ["1H", "QX", "", "H", "11S", "A", "10", 42])
def test_bad_text_names_the_notation(bad):
    with pytest.raises(InvalidCardError, match="rank .*suit"):
        Card.parse(bad)


def test_invalid_card_error_in_three_languages():
    with pytest.raises(InvalidCardError) as info:
        Card.parse("QX")
    assert "är inget kort" in info.value.message("sv")
    assert "er ikke et kort" in info.value.message("nb")
    assert "is not a card" in info.value.message("en")
    assert isinstance(info.value, ValueError)


def test_parse_cards_text_and_lists():
    assert parse_cards("AS 10H 2C") == (Card.parse("AS"), Card.parse("10H"), Card.parse("2C"))
    assert parse_cards("AS,10H") == parse_cards(["AS", Card.parse("10H")])


def test_decks_of_one_or_two_packs():
    one, two = full_deck(), full_deck(decks=2)
    assert len(one) == 52 and len(set(one)) == 52
    assert len(two) == 104 and len(set(two)) == 52
    with pytest.raises(ValueError):
        full_deck(decks=3)


def test_index_round_trips():
    for i, card in enumerate(full_deck()):
        assert card.index == i
        assert Card.from_index(i) == card


def test_shuffle_only_through_rng():
    assert shuffled_deck(rng=5) == shuffled_deck(rng=5)
    assert shuffled_deck(rng=5) != shuffled_deck(rng=6)
    gen = np.random.default_rng(5)
    assert shuffled_deck(rng=gen) == shuffled_deck(rng=5)
    assert sorted_hand(shuffled_deck(rng=1)) == sorted_hand(full_deck())


def test_shuffle_can_exclude_cards():
    deck = shuffled_deck(rng=1, exclude="2H 2D")
    assert len(deck) == 50 and Card.parse("2H") not in deck


def test_card_html_is_svg_with_four_colour_option():
    from cardlab.display import card_svg

    assert "<svg" in Card.parse("QS")._repr_html_()
    assert "#1565c0" not in card_svg("3D", four_colour=False)
    assert "#1565c0" in card_svg("3D", four_colour=True)
    assert "#2e7d32" in card_svg("3C", four_colour=True)


def test_a_hand_reads_well_and_shows_as_cards():
    hand = parse_cards("AS 10H 2C")
    assert str(hand) == "A♠ 10♥ 2♣"
    assert eval(repr(hand)) == hand
    assert hand._repr_html_().count("<svg") == 3
    assert isinstance(hand, tuple)
