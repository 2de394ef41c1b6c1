"""Exact one-card Plump odds: against brute-force enumeration and against simulation."""

from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from cardlab import PlumpRules, trick_winner
from cardlab.cards import Card, Rank, Suit
from cardlab.cli import main
from cardlab.sim.exact import one_card_table, p_zero_one_card
from cardlab.sim.plump import simulate_plump

SUITS = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]


def brute_force_p_zero(players, trump, suits, ranks):
    """Every ordered deal of the small deck, the trick decided by cardlab.tricks.trick_winner."""
    deck = [Card(Rank(14 - r), SUITS[s]) for s in range(suits) for r in range(ranks)]
    turned = trump == "turned-up"
    zero = [0] * players
    total = 0
    for deal in permutations(deck, players + turned):
        cards = deal[:players]
        suit = deal[players].suit if turned else (SUITS[0] if trump == "fixed" else None)
        winner = trick_winner(cards, suit)
        total += 1
        for k in range(players):
            zero[k] += winner != k
    return [Fraction(z, total) for z in zero]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("trump", ["turned-up", "none", "fixed"])
@pytest.mark.parametrize("suits,ranks", [(3, 3), (2, 4), (4, 2)])
def test_exact_equals_brute_force_on_small_decks(players, trump, suits, ranks):
    assert p_zero_one_card(players, trump, suits=suits, ranks=ranks) == brute_force_p_zero(players, trump, suits, ranks)


def test_exact_equals_brute_force_for_two_players_and_a_real_deck():
    """All 52·51·50 deals (two hands and the turned card), counted with numpy."""
    a, b, t = np.meshgrid(np.arange(52), np.arange(52), np.arange(52), indexing="ij")
    ok = (a != b) & (a != t) & (b != t)
    a, b, t = a[ok], b[ok], t[ok]
    sa, sb, st = a // 13, b // 13, t // 13
    b_wins = ((sb == sa) & (b > a)) | ((sb == st) & (sa != st))
    exact = p_zero_one_card(2, "turned-up")
    assert exact == [Fraction(int(b_wins.sum()), len(a)), Fraction(int((~b_wins).sum()), len(a))]


def test_seats_after_the_leader_are_alike_without_trump():
    p = p_zero_one_card(5, "none")
    assert len(set(p[1:])) == 1 and p[0] < p[1]
    assert sum(1 - x for x in p) == 1  # exactly one seat wins the trick


@pytest.mark.parametrize("players,trump", [(3, "turned-up"), (4, "none"), (6, "turned-up")])
def test_simulation_agrees_with_the_exact_answer(players, trump):
    table = simulate_plump(PlumpRules(players=players, trump=trump), rounds=60_000, hand_size=1, rng=4,
                           rows=False, progress=False)
    exact = [float(x) for x in p_zero_one_card(players, trump)]
    # within three half-widths of each seat's 95 % Wilson interval (about 3 sigma: many seats are tested at once)
    half = (table.ci_high - table.ci_low).to_numpy() / 2
    assert np.all(np.abs(table.p_zero.to_numpy() - exact) < 3 * half), (table.p_zero.tolist(), exact)


def test_cli_agrees_with_the_exact_answer(capsys):
    assert main(["simulate", "plump", "--players", "4", "--cards", "1", "--trump", "none", "--rounds", "50000",
                 "--seed", "2", "--format", "csv"]) == 0
    import io

    import pandas as pd

    table = pd.read_csv(io.StringIO(capsys.readouterr().out))
    exact = np.array([float(x) for x in p_zero_one_card(4, "none")])
    inside = (table.ci_low <= exact) & (exact <= table.ci_high)
    assert inside.all()


def test_one_card_table_lists_every_seat():
    t = one_card_table(range(3, 5))
    assert len(t) == 2 * (3 + 4) and t.p_zero.between(0, 1).all()
