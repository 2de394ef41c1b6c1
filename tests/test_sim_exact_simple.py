"""Exact Plump odds under the lowest-card policy: against every deal of small decks, the engine and the kernel."""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from cardlab import PlumpRules
from cardlab.games.plump import PlumpRound
from cardlab.sim.exact_simple import hook_bids, joint_counts, play_lowest, read_counts, simple_distribution
from cardlab.sim.plump import simulate_plump
from cardlab.bots.simple import SimpleBot

SUITS = "CDHS"
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}


def _code(card):
    rank, suit = card
    return f"{RANK_TEXT.get(rank, rank)}{SUITS[suit]}"


def _lowest_card_round(hands, trump=None):
    """The lowest-card policy written plainly, for counting every deal: ``(bids, tricks)`` by seat from the leader.

    Bids: a seat counts its aces, and the king and queen of trump, at most its cards; the dealer (last)
    moves off the one bid the hook forbids (one less, or one when the forbidden bid was 0).  Play: the
    lowest legal card (clubs before diamonds before hearts before spades on equal rank), following the
    led suit when it can; the highest trump, else the highest card of the led suit, takes the trick and
    leads the next.  Checked against the cores' :func:`play_lowest` and the engine on random deals below.

    >>> _lowest_card_round([[(14, 3), (2, 0)], [(13, 3), (3, 0)], [(5, 1), (4, 0)]], trump=1)
    ([1, 0, 0], [0, 0, 2])
    """
    players, cards = len(hands), len(hands[0])
    bids = [min(sum(rank == 14 or (suit == trump and rank in (12, 13)) for rank, suit in hand), cards)
            for hand in hands]
    forbidden = cards - sum(bids[:-1])
    if bids[-1] == forbidden:
        bids[-1] = bids[-1] - 1 if bids[-1] > 0 else 1
    left = [sorted(hand) for hand in hands]             # (rank, suit): the lowest card first, ties by suit
    tricks, leader = [0] * players, 0
    for _ in range(cards):
        led, best, winner = None, None, leader
        for step in range(players):
            seat = (leader + step) % players
            hand = left[seat]
            card = next((c for c in hand if c[1] == led), hand[0]) if led is not None else hand[0]
            hand.remove(card)
            if led is None:
                led, best = card[1], card
            elif (card[1] == best[1] and card[0] > best[0]) or (card[1] == trump and best[1] != trump):
                best, winner = card, seat
        tricks[winner] += 1
        leader = winner
    return bids, tricks


def _every_deal(players, cards, trump, ranks):
    """Tricks and made bids per seat over every deal of a four-suit deck of ``ranks`` (and every turned card).

    Only the turned card's suit matters to play, so each suit among the undealt cards is played once and
    counted once per undealt card of that suit."""
    deck = [(r, s) for r in ranks for s in range(4)]
    tricks = [[0] * (cards + 1) for _ in range(players)]
    made = [0] * players
    count = 0

    def deal(rest, hands):
        nonlocal count
        if len(hands) == players:
            if trump == "turned-up":
                suits = {}
                for _, suit in rest:
                    suits[suit] = suits.get(suit, 0) + 1
            else:
                suits = {None: 1}
            for suit, times in suits.items():
                bids, taken = _lowest_card_round(hands, suit)
                count += times
                for k in range(players):
                    tricks[k][taken[k]] += times
                    made[k] += times * (bids[k] == taken[k])
            return
        for hand in combinations(rest, cards):
            deal([c for c in rest if c not in hand], hands + [list(hand)])

    deal(deck, [])
    return [[Fraction(x, count) for x in seat] for seat in tricks], [Fraction(x, count) for x in made], count


@pytest.mark.parametrize("players,cards,trump,ranks", [
    (3, 2, "none", (12, 13, 14)),      # 83,160 deals, three cards of the twelve undealt
    (3, 2, "turned-up", (13, 14)),     # 5,040 deals with the turned card
    (4, 2, "none", (13, 14)),          # every card dealt: 2,520 deals
    (3, 3, "none", (12, 13, 14)),      # 369,600 deals, three cards undealt
    pytest.param(3, 3, "turned-up", (12, 13, 14), marks=pytest.mark.slow),  # 1,108,800 deals with the turned card
    pytest.param(4, 3, "none", (12, 13, 14), marks=pytest.mark.slow),  # every card dealt: 369,600 deals
])
def test_the_scan_agrees_with_every_deal_of_a_small_deck(players, cards, trump, ranks):
    tricks, made, count = _every_deal(players, cards, trump, ranks)
    odds = simple_distribution(players, cards, trump, ranks=ranks)
    assert odds.deals == count
    assert odds.tricks == tricks
    assert odds.made == made
    # both scans (trick winners guessed, or each trick's best holder carried) count the same deals alike
    assert joint_counts(players, cards, trump, ranks=ranks) == joint_counts(players, cards, trump, ranks=ranks,
                                                                            method="holders")


@pytest.mark.slow
def test_four_players_with_three_cards_without_trump_are_recomputed():
    """The largest stored setting without trump, recomputed by the scan (half a minute)."""
    assert joint_counts(4, 3, "none") == read_counts()["p4/c3/none"]


def test_every_round_shares_out_its_tricks_and_the_hook_binds_the_dealer():
    odds = simple_distribution(3, 2, "none")
    assert all(sum(seat) == 1 for seat in odds.tricks) and all(sum(seat) == 1 for seat in odds.bids)
    assert sum(odds.mean_tricks) == 2 and odds.deals == 1_832_266_800  # 52! / (2!^3 46!)
    assert odds.tricks[0] != odds.tricks[1]  # leading with your lowest card is not following
    # only the dealer's bids move: with the hook off, every seat wants bids alike (aces only, no trump)
    off = simple_distribution(3, 2, "none", hook=False)
    assert off.bids[0] == off.bids[1] == off.bids[2] == odds.bids[0] == odds.bids[1] != odds.bids[2]


def test_bad_input_names_the_field():
    with pytest.raises(ValueError, match="trump"):
        simple_distribution(3, 2, "fixed")
    with pytest.raises(ValueError, match="ranks"):
        simple_distribution(3, 2, "none", ranks=(13, 13, 14))
    with pytest.raises(ValueError, match="deck"):
        simple_distribution(4, 3, "turned-up", ranks=(13, 14, 12))
    with pytest.raises(ValueError, match="method"):
        joint_counts(3, 2, "none", method="fastest")


def test_hook_moves_only_the_dealer():
    assert hook_bids((1, 0, 1), 2) == (1, 0, 0)      # 1 + 0 + 1 = 2 cards: the dealer takes one less
    assert hook_bids((0, 0, 0), 2) == (0, 0, 0)      # 0 is allowed: 2 would be forbidden
    assert hook_bids((1, 1, 0), 2) == (1, 1, 1)      # 1 + 1 + 0 = 2 is forbidden too
    assert hook_bids((2, 1, 0), 2) == (2, 1, 0)      # nothing is forbidden once the others bid more than 2
    assert hook_bids((0, 2, 0), 2) == (0, 2, 1)      # a forbidden zero becomes one
    assert hook_bids((1, 0, 1), 2, hook=False) == (1, 0, 1)


def _engine(hands, trump_card):
    """Bids and tricks of the reference engine with SimpleBot at every seat; seat 0 leads (the dealer is last)."""
    players = len(hands)
    rules = PlumpRules(players=players, trump="turned-up" if trump_card else "none")
    rnd = PlumpRound.from_hands([" ".join(_code(c) for c in h) for h in hands], dealer=players - 1, rules=rules,
                                trump_card=_code(trump_card) if trump_card else None)
    bot = SimpleBot()
    while not rnd.is_over:
        rnd.apply(bot.choose(rnd.view(rnd.to_move)))
    return list(rnd.bids), list(rnd.tricks_taken)


def test_named_positions_agree_with_the_engine():
    # 2♣ is led; the others must follow with their lowest club; K♣ wins; then the ace of spades is led
    hands = [[(2, 0), (14, 3)], [(13, 0), (3, 3)], [(5, 0), (4, 1)]]
    assert play_lowest(hands, None) == _engine(hands, None) == ([1, 0, 0], [1, 1, 0])
    # equal ranks: the leader's 2♦ goes before 2♥ (clubs < diamonds < hearts < spades); a void seat plays its
    # lowest card, here the trump 3♠, which wins; it leads A♣ and takes the second trick too
    hands = [[(2, 2), (2, 1)], [(7, 1), (9, 1)], [(3, 3), (14, 0)]]
    assert play_lowest(hands, 3) == _engine(hands, (5, 3)) == ([0, 0, 1], [0, 0, 2])
    # the dealer's K and Q of trump are a wanted bid of 2, but 0 + 0 + 2 = 2 is hooked: 1
    hands = [[(2, 0), (3, 0)], [(4, 0), (5, 0)], [(13, 2), (12, 2)]]
    assert play_lowest(hands, 2) == _engine(hands, (6, 2)) == ([0, 0, 1], [0, 0, 2])


def test_the_reference_play_and_the_plain_policy_agree_with_the_engine_on_random_deals():
    rng = np.random.default_rng(5)
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    for i in range(400):
        players, cards = (3, 4)[i % 2], (2, 3)[i // 2 % 2]
        order = rng.permutation(52)
        hands = [[deck[j] for j in order[k * cards:(k + 1) * cards]] for k in range(players)]
        turned = deck[order[players * cards]] if i % 3 else None
        trump = None if turned is None else turned[1]
        assert _lowest_card_round(hands, trump) == play_lowest(hands, trump) == _engine(hands, turned), (hands, turned)


def _shipped():
    """The settings whose counts ship in data/plump_exact_simple_counts.json, as (players, cards, trump)."""
    out = []
    for key in sorted(read_counts()):
        size, cards, trump = key.split("/")
        out.append((int(size[1:]), int(cards[1:]), trump))
    return out


def test_the_stored_counts_are_the_scans_on_cheap_sizes():
    """The shipped counts were made by the scan: the settings that take seconds are recomputed, and every
    stored setting counts every deal once and matches the shipped table.

    Most settings were stored by earlier scans (one that carried the play out card by card, 2,135 s for four
    players with two cards without trump; one that carried each trick's best holder, method "holders"): the
    present scan, which guesses the trick winners, must find the same counts."""
    import pandas as pd

    from cardlab.data_build import load_table

    stored = read_counts()
    sizes = ((3, 2), (4, 2), (3, 3), (4, 3))
    assert {f"p{p}/c{c}/{t}" for p, c in sizes for t in ("turned-up", "none")} <= set(stored)
    for players, cards, trump in [(3, 2, "turned-up"), (3, 2, "none"), (4, 2, "none"), (4, 2, "turned-up"),
                                  (3, 3, "none"), (3, 3, "turned-up")]:
        assert stored[f"p{players}/c{cards}/{trump}"] == joint_counts(players, cards, trump)
    table = load_table("plump_exact_small")
    for players, cards, trump in _shipped():
        odds = simple_distribution(players, cards, trump, stored=True)
        assert odds.deals == sum(stored[f"p{players}/c{cards}/{trump}"].values())
        rows = table[(table.policy == "simple") & (table.players == players) & (table.cards == cards)
                     & (table.trump == trump)].sort_values("seat_from_leader")
        assert list(rows.p_zero_exact) == [str(p) for p in odds.p_zero]
        assert list(rows.p_made_exact) == [str(p) for p in odds.made]
        assert (rows.p_zero.to_numpy() == pd.Series([round(float(p), 6) for p in odds.p_zero]).to_numpy()).all()


@pytest.mark.parametrize("players,cards,trump", _shipped())
def test_the_kernel_agrees_with_the_exact_odds(players, cards, trump):
    """200,000 kernel rounds of policy "simple" per shipped setting against the exact chances.

    Per setting every seat's chance of each trick count and of making its bid: (cards + 2) × players
    comparisons, 126 over the eight settings.  A band of 4.5 standard errors keeps the chance of any false
    alarm below 0.1 % (Bonferroni: 126 × 6.8e-6)."""
    rounds = 200_000
    rows = simulate_plump(PlumpRules(players=players, trump=trump), policy="simple", rounds=rounds,
                          hand_size=cards, rng=23, progress=False)
    odds = simple_distribution(players, cards, trump, stored=True)
    checked = 0
    for k in range(players):
        seat = rows[rows.seat_from_leader == k]
        assert len(seat) == rounds
        observed = [(seat.tricks == t).mean() for t in range(cards + 1)] + [(seat.bid == seat.tricks).mean()]
        for got, exact in zip(observed, odds.tricks[k] + [odds.made[k]]):
            se = np.sqrt(float(exact * (1 - exact)) / rounds)
            assert abs(got - float(exact)) <= 4.5 * se + 1e-12, (k, observed, [float(x) for x in odds.tricks[k]])
            checked += 1
    assert checked == players * (cards + 2)
