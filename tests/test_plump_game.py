"""A whole game of Plump: the pyramid, dealer rotation, trump modes, totals, ties, invariants."""

import numpy as np
import pytest

from cardlab import PlumpBot, PlumpGame, PlumpRound, PlumpRules, RandomBot, play_out, round_score
from cardlab.cards import count_cards


def test_the_pyramid_and_dealer_rotation():
    game = PlumpGame.start(PlumpRules(), seed=1)
    sizes, dealers = [], []
    bot = RandomBot(rng=1)
    while not game.is_over:
        if not game.round.completed_tricks and not game.round.current_trick and game.round.bids_made == 0:
            sizes.append(game.round.hand_size)
            dealers.append(game.round.dealer)
        game.apply(bot.choose(game.view(game.to_move)))
    assert sizes == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert dealers == [i % 4 for i in range(19)]
    assert [r.hand_size for r in game.results] == sizes


def test_first_dealer_option():
    game = PlumpGame.start(PlumpRules(first_dealer=2), seed=1)
    assert game.round.dealer == 2 and game.round.to_move == 3


def test_rotating_trump_follows_the_cycle():
    game = play_out(PlumpGame.start(PlumpRules(trump="rotating", max_cards=6), seed=3), RandomBot(rng=3))
    assert [str(r.trump) for r in game.results[:6]] == ["♣", "♦", "♥", "♠", "None", "♣"]
    assert all(r.trump_card is None for r in game.results)


def test_turned_up_trump_is_the_suit_of_the_turned_card():
    game = play_out(PlumpGame.start(PlumpRules(), seed=5), RandomBot(rng=5))
    assert all(r.trump == r.trump_card.suit for r in game.results)


def test_totals_are_the_sum_of_round_scores_and_highest_wins():
    game = play_out(PlumpGame.start(PlumpRules(), seed=8), PlumpBot())
    sums = [sum(r.scores[s] for r in game.results) for s in range(4)]
    assert game.totals == sums and game.scores() == sums
    assert game.winners() == [s for s in range(4) if sums[s] == max(sums)]


def _tied_game(tie):
    """Every round the same bids and trick counts, so all four seats tie."""
    rules = PlumpRules(players=4, schedule=(1,), hook=False, trump="none", tie=tie)
    deals = [{"hands": ["2C", "2D", "2H", "2S"]}, {"hands": ["AS KS QS JS 10S 9S 8S 7S 6S 5S",
                                                             "AH KH QH JH 10H 9H 8H 7H 6H 5H",
                                                             "AD KD QD JD 10D 9D 8D 7D 6D 5D",
                                                             "AC KC QC JC 10C 9C 8C 7C 6C 5C"]}]
    return PlumpGame.start(rules, seed=1, setup={"deals": deals})


def _everyone_bids_zero_and_seat_1_takes_the_trick(game):
    for _ in range(4):
        game.apply(next(a for a in game.legal_actions() if a.tricks == 0))
    for _ in range(4):  # seat 1 leads 2♦; the others hold other suits, so 2♦ wins
        game.apply(game.legal_actions()[0])


def test_ties_share_the_win():
    game = _tied_game("share")
    _everyone_bids_zero_and_seat_1_takes_the_trick(game)
    assert game.is_over and game.totals == [10, 0, 10, 10]
    assert game.winners() == [0, 2, 3]


def test_extra_round_decides_a_tie():
    game = _tied_game("extra-round")
    _everyone_bids_zero_and_seat_1_takes_the_trick(game)  # seats 0, 2 and 3 tie on 10
    assert game.totals == [10, 0, 10, 10] and not game.is_over
    assert game.schedule == [1, 10] and game.round.hand_size == 10
    play_out(game, PlumpBot())
    assert game.is_over and len(game.results) == 2 and game.results[1].extra


# ------------------------------------------------------------ invariants
@pytest.mark.parametrize("preset", ["classic", "kids", "two-player", "trick-points"])
def test_invariants_over_many_seeded_random_rounds(preset):
    rules = PlumpRules.preset(preset)
    rng = np.random.default_rng(2024)
    for i in range(400):
        size = int(rng.integers(1, rules.largest_hand + 1))
        rnd = PlumpRound.deal(rules, hand_size=size, dealer=int(rng.integers(rules.players)), rng=int(rng.integers(2**31)))
        start = count_cards([c for h in rnd.hands for c in h])
        play_out(rnd, RandomBot(rng=i))
        played = count_cards([c for t in rnd.completed_tricks for c in t.cards])
        assert played == start  # cards conserved: every dealt card is played exactly once
        assert all(sorted(t.seats) == list(range(rules.players)) for t in rnd.completed_tricks)  # one card per seat
        assert sum(rnd.tricks_taken) == size == len(rnd.completed_tricks)
        for t in rnd.completed_tricks:  # one winner per trick, by the trick rules
            from cardlab import trick_winner
            assert t.winner == t.seats[trick_winner(t.cards, rnd.trump)]
        if rnd.hook_active:
            assert sum(rnd.bids) != size and not all(rnd.made())  # the hook: at least one plump
        assert rnd.scores() == [round_score(b, t, rules.scoring) for b, t in zip(rnd.bids, rnd.tricks_taken)]


@pytest.mark.parametrize("options", [
    dict(), dict(trump="none"), dict(trump="rotating"), dict(trump="fixed", trump_suit="H"),
    dict(must_trump=True), dict(first_lead="highest-bidder"), dict(scoring="penalty"),
    dict(scoring="trick-points"), dict(scoring="tricks-only"), dict(schedule="full-each-deals-one"),
    dict(players=7), dict(players=3), dict(players=9, decks=2), dict(hook_last_round=False),
])
def test_whole_games_under_every_option_end_with_consistent_totals(options):
    rules = PlumpRules(**options)
    for seed in range(3):
        game = play_out(PlumpGame.start(rules, seed=seed), RandomBot(rng=seed))
        assert len(game.results) == len(rules.hand_sizes())
        assert game.totals == [sum(r.scores[s] for r in game.results) for s in range(rules.players)]
        for r in game.results:
            assert sum(r.tricks) == r.hand_size


def test_seeded_games_are_reproducible():
    a = play_out(PlumpGame.start(PlumpRules(), seed=42), RandomBot(rng=7))
    b = play_out(PlumpGame.start(PlumpRules(), seed=42), RandomBot(rng=7))
    assert a.results == b.results
    c = play_out(PlumpGame.start(PlumpRules(), seed=43), RandomBot(rng=7))
    assert a.results != c.results


def test_score_sheet_protokoll():
    game = play_out(PlumpGame.start(PlumpRules(), seed=4), PlumpBot())
    sheet = game.score_sheet(names=["Anna", "Björn", "Cissi", "Dag"], lang="sv")
    assert list(sheet.index[9:11]) == ["10.", "Delsumma"] and sheet.index[-1] == "Summa"
    assert sheet.loc["10.", "Kort"] == 1 and sheet.loc["1.", "Kort"] == 10
    assert sheet.loc["1.", "Giv"] == "Anna" and sheet.loc["2.", "Giv"] == "Björn"
    first = game.results[0]
    for s, name in enumerate(["Anna", "Björn", "Cissi", "Dag"]):
        cell = sheet.loc["1.", name]
        assert cell == (f"{first.bids[s]} → ●" if first.plumps[s] else f"{first.bids[s]} → {first.scores[s]}")
        assert sheet.loc["Summa", name] == str(game.totals[s])
        assert sheet.loc["Delsumma", name] == str(sum(r.scores[s] for r in game.results[:10]))
    html = game.score_sheet_html(lang="en")
    assert "Subtotal" in html and "★" in html


def test_kids_sheet_draws_ink_blots():
    game = play_out(PlumpGame.start(PlumpRules.preset("kids"), seed=2), RandomBot(rng=2))
    assert any(any(r.plumps) for r in game.results)
    assert 'aria-label="plump"' in game.score_sheet_html()
    assert 'aria-label="plump"' not in play_out(PlumpGame.start(PlumpRules(), seed=2), RandomBot(rng=2)).score_sheet_html()
