"""Exact two- and three-card Plump odds under random play: against the one-card formula, brute force and the kernel."""

from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from cardlab import PlumpRules
from cardlab.sim.exact import p_zero_one_card
from cardlab.sim.exact_tricks import bid_distribution, joint_tricks, trick_distribution
from cardlab.sim.plump import summarize_plump
from cardlab.sim.stats import Z95


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("trump", ["turned-up", "fixed", "none"])
def test_one_card_agrees_with_the_one_card_formula(players, trump):
    assert [seat[0] for seat in trick_distribution(players, 1, trump)] == p_zero_one_card(players, trump)


@pytest.mark.parametrize("players,cards", [(3, 2), (4, 2), (3, 3)])
def test_every_round_shares_out_all_its_tricks(players, cards):
    joint = joint_tricks(players, cards, "turned-up")
    assert sum(joint.values()) == 1 and all(sum(vec) == cards for vec in joint)


def test_followers_are_alike_under_random_play():
    """Random seats ignore what was played before them in a trick, so the followers' chances are equal."""
    dist = trick_distribution(4, 2, "none")
    assert dist[1] == dist[2] == dist[3] and dist[0] != dist[1]


def _brute_force(suits, ranks):
    """P(no trick) per seat for three players, two cards, no trump, a deck of ``suits`` × ``ranks`` cards:
    every deal and every random choice enumerated card by card (no suit classes, no rank argument)."""
    deck = [(s, r) for s in range(suits) for r in range(ranks)]
    zero = [Fraction(0)] * 3
    deals = 0
    for h0 in combinations(deck, 2):
        rest0 = [c for c in deck if c not in h0]
        for h1 in combinations(rest0, 2):
            rest1 = [c for c in rest0 if c not in h1]
            for h2 in combinations(rest1, 2):
                deals += 1
                dist = _play([list(h0), list(h1), list(h2)], 0)
                for k in range(3):
                    zero[k] += dist.get(k, Fraction(0))
    return [1 - z / deals for z in zero], deals


def _play(hands, leader, taken=None):
    """{seat: P(seat takes at least one trick)} from this position, every random choice followed."""
    taken = taken or frozenset()
    if not hands[0]:
        return {k: Fraction(1) for k in taken}
    out = {}
    options = []

    def rec(pos, seat, trick, p):
        if pos == 3:
            led = trick[0][1][0]
            winner = max((c[1][1], c[0]) for c in trick if c[1][0] == led)[1]
            new_hands = [list(h) for h in hands]
            for s, card in trick:
                new_hands[s].remove(card)
            options.append((p, winner, new_hands))
            return
        hand = hands[seat]
        legal = hand if pos == 0 else ([c for c in hand if c[0] == trick[0][1][0]] or hand)
        for card in legal:
            rec(pos + 1, (seat + 1) % 3, trick + [(seat, card)], p / len(legal))

    rec(0, leader, [], Fraction(1))
    for p, winner, new_hands in options:
        for k, q in _play(new_hands, winner, taken | {winner}).items():
            out[k] = out.get(k, 0) + p * q
    return out


def test_suit_classes_agree_with_card_by_card_enumeration_on_a_small_deck(monkeypatch):
    """The suit-class argument checked against brute force: 2 suits × 4 ranks, three players, two cards, no trump."""
    import cardlab.sim.exact_tricks as et

    brute, deals = _brute_force(2, 4)
    assert deals == 28 * 15 * 6
    monkeypatch.setattr(et, "_deck", lambda trump: (0, 4, 4))
    et.joint_tricks.cache_clear()
    try:
        exact = [seat[0] for seat in et.trick_distribution(3, 2, "none")]
    finally:
        et.joint_tricks.cache_clear()
    assert exact == brute


def test_random_bids_and_the_hook():
    bids = bid_distribution(4, 2)
    assert all(sum(seat) == 1 for seat in bids)
    assert bids[0] == [Fraction(1, 3)] * 3 and bids[3] != bids[0]  # only the dealer is bound by the hook


@pytest.mark.parametrize("players,cards,trump", [(3, 2, "turned-up"), (4, 2, "none"), (3, 3, "turned-up"),
                                                 (4, 2, "turned-up")])
def test_the_kernel_agrees_with_the_exact_odds(players, cards, trump):
    """200,000 random kernel rounds: every seat's p_zero and p_made within a Bonferroni-corrected 99 % band."""
    table = summarize_plump(PlumpRules(players=players, trump=trump), policy="random", rounds=200_000,
                            hand_size=cards, rng=11, progress=False)
    dist = trick_distribution(players, cards, trump)
    bids = bid_distribution(players, cards)
    z = 3.5  # 2 × players comparisons at 99 % family-wise
    for k in range(players):
        zero = float(dist[k][0])
        made = float(sum(dist[k][t] * bids[k][t] for t in range(cards + 1)))
        for name, exact in (("p_zero", zero), ("p_made", made)):
            se = np.sqrt(exact * (1 - exact) / 200_000)
            assert abs(table[name].iloc[k] - exact) < z * se, (name, k)
    assert Z95 < z
