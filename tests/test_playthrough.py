"""Golden transcripts of one seeded game of each kind, and perft counts of small fixed deals.

Transcripts are written by :func:`cardlab.playthrough.transcript` from the events ``apply()``
returns.  A difference means a rule, a deal, a bot or the events changed: read it, and if the change
is intended, rerun with ``CARDLAB_UPDATE_GOLDEN=1`` and commit the new files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardlab import FemkampRules, Match, PlumpBot, PlumpRules, RandomBot, RummyRules
from cardlab.games.femkamp import FemkampGame, FemkampTrickRound
from cardlab.games.kabal import KabalRound, _rest
from cardlab.games.plump import PlumpRound
from cardlab.games.rummy import RummyRound
from cardlab.playthrough import perft, transcript

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name, text):
    path = GOLDEN / name
    if os.environ.get("CARDLAB_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; rerun with CARDLAB_UPDATE_GOLDEN=1 only if intended"


def test_golden_transcript_plump_kids_seed_7():
    match = Match.new("plump", PlumpRules.preset("kids"), rng=7).play_out(PlumpBot())
    text = transcript(match)
    assert text.count("takes the trick") == sum(PlumpRules.preset("kids").hand_sizes())
    check_golden("plump_kids_seed7.txt", text)


def test_golden_transcript_femkamp_seed_7():
    match = Match.new("femkamp", FemkampRules(), rng=7).play_out(RandomBot(rng=7))
    text = transcript(match)
    assert text.count("takes the trick") == 4 * 13 and text.count("round ") >= 5
    check_golden("femkamp_seed7.txt", text)


def test_golden_transcript_rummy_two_rounds_seed_7():
    match = Match.new("rummy", RummyRules(rounds=2, max_reshuffles=3), rng=7).play_out(RandomBot(rng=7))
    text = transcript(match)
    assert text.count("scored") == 2
    check_golden("rummy_two_rounds_seed7.txt", text)


def test_a_whole_game_tells_the_same_story_as_its_match():
    match = Match.new("femkamp", FemkampRules(players=3), rng=3).play_out(RandomBot(rng=3))
    game = FemkampGame.start(FemkampRules(players=3), seed=3)
    for act in match.actions:
        game.apply(act)
    assert transcript(game) == transcript(match)
    with pytest.raises(TypeError, match="needs a Match"):
        transcript(PlumpRound.deal(PlumpRules(), hand_size=2, rng=1))


# ------------------------------------------------------------------ perft
def test_perft_of_a_one_card_plump_round_is_the_hand_count():
    """3 players, 1 card: seats 0 and 1 bid 0 or 1 (4 ways); the hook leaves the dealer one bid unless
    both bid 1 (then the sum is already 2 and both 0 and 1 are allowed): 1 + 1 + 1 + 2 = 5; the
    single cards then have one way to be played."""
    rnd = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, trump_card="2H")
    assert perft(rnd) == 5
    assert perft(rnd, 1) == 2 and perft(rnd, 2) == 4 and perft(rnd, 0) == 1
    assert rnd.bids == [None, None, None]  # perft does not change the game


SMALL_DEALS = {
    "plump 3 players, 2 cards, hook": (
        lambda: PlumpRound.from_hands(["AS 2H", "KS 3C", "QH 4D"], dealer=2, trump_card="5C"), None, 84),
    "plump 3 players, 2 cards, highest bidder leads, must trump": (
        lambda: PlumpRound.from_hands(["AS 2H", "KS 3C", "QH 4D"], dealer=2, trump_card="5C",
                                      rules=PlumpRules(players=3, first_lead="highest-bidder", must_trump=True)),
        None, 81),
    "plump 4 players, 3 cards, to depth 6": (
        lambda: PlumpRound.deal(PlumpRules(), hand_size=3, dealer=0, rng=11), 6, 1180),
    "femkamp queens, 4 players, 2 cards": (
        lambda: FemkampTrickRound.from_hands(["QS 2H", "KS 3H", "AS QH", "10S 4D"], round_name="queens", dealer=3),
        None, 3),
    "kabal, 3 players, the hearts row left": (
        lambda: KabalRound.from_hands(["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"], rules=FemkampRules(players=3),
                                      dealer=2, table=_rest("5H 6H AH 2H 8H 9H 3H 4H 10H JH QH KH")), None, 3),
    "rummy, 3 players, to depth 5": (
        lambda: RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C 10C JD",
                                      discard="9C", dealer=0, rules=RummyRules(max_reshuffles=3)), 5, 183),
}


def test_perft_of_the_queens_deal_by_hand():
    """Seat 0 leads Q♠ (everyone must follow in spades: one way) or 2♥ (hearts follow; seat 3 has none and
    may throw 10♠ or 4♦); the second trick then has one way: 1 + 2 = 3."""
    assert SMALL_DEALS["femkamp queens, 4 players, 2 cards"][2] == 3
    make, depth, _ = SMALL_DEALS["femkamp queens, 4 players, 2 cards"]
    assert perft(make(), 1) == 2 and perft(make(), 4) == 3


@pytest.mark.parametrize("name", list(SMALL_DEALS))
def test_perft_counts_of_small_fixed_deals(name):
    make, depth, expected = SMALL_DEALS[name]
    assert perft(make(), depth) == expected
