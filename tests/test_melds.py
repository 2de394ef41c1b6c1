"""Rummy melds (RULES.md, Rummy → Melds): sets, runs with the ace low only, lay-offs, penalties, best melding."""

from itertools import combinations

import pytest

from cardlab import best_melds, hand_penalty, is_run, is_set, parse_cards
from cardlab.cards import Card, shuffled_deck
from cardlab.games.melds import (
    can_lay_off,
    deadwood_points,
    extend_meld,
    is_meld,
    layoff_end,
    meld_candidates,
)


# ------------------------------------------------------------------- sets
@pytest.mark.parametrize("cards", ["7H 7S 7D", "7H 7S 7D 7C", "AS AH AC", ["KD", "KC", "KH"]])
def test_sets_of_three_or_four_of_a_rank_in_different_suits(cards):
    assert is_set(cards)


@pytest.mark.parametrize("cards", ["7H 7S", "7H 7S 8D", "7H 7S 7H", "7H 7S 7D 7C 7H", ""])
def test_not_sets(cards):
    assert not is_set(cards)


# ------------------------------------------------------------------- runs
@pytest.mark.parametrize("cards", ["AS 2S 3S", "3S AS 2S", "JH QH KH", "9D 10D JD QD KD",
                                   "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"])
def test_runs_are_three_or_more_in_sequence_in_one_suit(cards):
    assert is_run(cards)


@pytest.mark.parametrize("cards, why", [
    ("QS KS AS", "the ace is low only"),
    ("KS AS 2S", "no wraparound"),
    ("JS QS KS AS", "the ace does not follow the king"),
    ("2S 3S", "too short"),
    ("2S 3S 4H", "one suit"),
    ("2S 3S 5S", "no gaps"),
    ("2S 3S 3S 4S", "no duplicates"),
    ("2S 2S 3S", "no duplicates"),
])
def test_not_runs(cards, why):
    assert not is_run(cards), why


def test_a_set_and_a_run_are_melds_but_mixtures_are_not():
    assert is_meld("5H 5S 5C") and is_meld("5H 6H 7H")
    assert not is_meld("5H 6H 6S")
    assert not is_meld("5H 5S 6H 6S 7H")


def test_card_objects_and_text_give_the_same_answers():
    assert is_run(parse_cards("AS 2S 3S")) == is_run(["AS", "2S", "3S"]) is True
    assert is_set([Card.parse("9C"), "9D", "9H"])


# -------------------------------------------------------------- penalties
def test_penalty_values_ace_one_faces_ten():
    assert hand_penalty("AS") == 1
    assert hand_penalty("2C 9D 10H") == 21
    assert hand_penalty("JC QD KH") == 30
    assert hand_penalty(parse_cards("AS 5H KD")) == 16
    assert hand_penalty([]) == 0


# --------------------------------------------------------------- lay-offs
@pytest.mark.parametrize("meld, card, end", [
    ("5S 6S 7S", "4S", "low"),
    ("5S 6S 7S", "8S", "high"),
    ("2S 3S 4S", "AS", "low"),          # the ace goes below the two
    ("JS QS KS", "AS", None),           # never above the king
    ("AS 2S 3S", "KS", None),           # no wraparound
    ("5S 6S 7S", "9S", None),
    ("5S 6S 7S", "8H", None),
    ("5S 6S 7S", "6S", None),           # a card already in the meld
    ("9C 9D 9H", "9S", "set"),          # a set of 3 becomes 4
    ("9C 9D 9H", "9C", None),
    ("9C 9D 9H 9S", "9S", None),        # a set of 4 is full
    ("9C 9D 9H", "10C", None),
])
def test_lay_off_edges(meld, card, end):
    assert layoff_end(meld, card) == end
    assert can_lay_off(meld, card) == (end is not None)


def test_extend_meld_keeps_table_order_and_refuses_a_misfit():
    assert extend_meld("5S 6S 7S", "4S") == parse_cards("4S 5S 6S 7S")
    assert is_run(extend_meld("5S 6S 7S", "8S"))
    assert is_set(extend_meld("QC QD QH", "QS"))
    with pytest.raises(ValueError):
        extend_meld("5S 6S 7S", "9S")


# ------------------------------------------------------------ best melds
def test_candidates_list_every_meld_in_a_hand():
    found = {tuple(str(c) for c in m) for m in meld_candidates("4H 4S 4D 4C 5H 6H")}
    assert ("4♣", "4♦", "4♥", "4♠") in found
    assert sum(1 for m in found if len(m) == 3 and m[0][0] == m[1][0]) == 4      # four sets of three
    assert ("4♥", "5♥", "6♥") in found
    assert len(found) == 6


def test_best_melds_prefers_the_split_with_least_deadwood():
    # 4♥ can go in the set or in the run 4-5-6♥; using it in the run and the
    # other three 4s as a set leaves nothing.
    split = best_melds("4H 4S 4D 4C 5H 6H")
    assert split.penalty == 0
    assert sorted(len(m) for m in split.melds) == [3, 3]
    # A card shared by a run and a set: the exact search picks the cheaper leftover.
    assert best_melds("7H 8H 9H 9C 9S").penalty == 15
    assert best_melds("QS KS AS 2S").penalty == 23       # no Q-K-A, no K-A-2


def _brute_force(cards):
    """Least deadwood by trying every way to pick disjoint melds (slow, for checking)."""
    cards = list(cards)
    best = hand_penalty(cards)
    melds = [m for k in (3, 4, 5, 6, 7) for m in combinations(cards, k) if is_meld(m)]

    def search(rest, start):
        nonlocal best
        best = min(best, hand_penalty(rest))
        for i in range(start, len(melds)):
            if all(c in rest for c in melds[i]):
                search([c for c in rest if c not in melds[i]], i + 1)

    search(cards, 0)
    return best


def test_best_melds_matches_brute_force_on_seeded_hands():
    for seed in range(150):
        deck = shuffled_deck(rng=seed)
        # bias towards meld-rich hands: take cards from a few suits only
        hand = [c for c in deck if c.suit.letter in "HS"][:9] if seed % 2 else deck[:10]
        split = best_melds(hand)
        assert split.penalty == _brute_force(hand) == deadwood_points(hand)
        assert all(is_meld(m) for m in split.melds)
        used = [c for m in split.melds for c in m] + list(split.deadwood)
        assert sorted(used, key=lambda c: c.index) == sorted(hand, key=lambda c: c.index)


def test_best_melds_refuses_a_card_twice():
    with pytest.raises(ValueError):
        best_melds("AS AS 2S 3S")
