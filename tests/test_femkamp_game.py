"""FemkampGame and its trick rounds: RULES.md's worked examples, every option, invariants, save/load."""

import json

import pytest

from cardlab import (FemkampGame, FemkampRules, GameOverError, IllegalMoveError, Match, MustFollowSuitError,
                     NotYourTurnError, RandomBot, SaveFileError, play_out)
from cardlab.cards import Card
from cardlab.errors import CardlabError
from cardlab.games.femkamp import FemkampTrickRound, trick_round_score
from cardlab.games.kabal import Prikk
from cardlab.games.plump import Play
from cardlab.sheets.femkamp import round_reason, score_sheet, score_sheet_html


def play(game, *codes_by_seat):
    """Apply plays given as (seat, code) pairs."""
    for seat, code in codes_by_seat:
        game.apply(Play(seat=seat, card=Card.parse(code)))


# ----------------------------------------------------------------- worked examples
def test_rule_book_example_trick_in_the_queens_round():
    # 10♠, Q♠, A♠, Q♥ in the queens round → A♠ wins and its taker scores 8
    rnd = FemkampTrickRound.from_hands(["10S", "QS", "AS", "QH"], round_name="queens", dealer=3)
    assert rnd.to_move == 0
    play(rnd, (0, "10S"), (1, "QS"), (2, "AS"), (3, "QH"))
    assert rnd.completed_tricks[0].winner == 2
    assert rnd.scores() == [0, 0, 8, 0]
    assert rnd.is_over


WORKED_EXAMPLE_DEALS = [
    # pass (dealer 3, seat 0 leads): seat 0 holds the top spades and wins all 3 tricks
    {"hands": ["AS KS QS", "2S 3S 4S", "5S 6S 7S", "8S 9S 10S"]},
    # clubs (dealer 0, seat 1 leads 5♦): seat 0 wins with A♦ and takes 2♣ and 3♣
    {"hands": ["AD", "5D", "2C", "3C"]},
    # queens (dealer 1, seat 2 leads 10♠): seat 0's A♠ takes Q♠
    {"hands": ["AS", "3H", "10S", "QS"]},
    # grand (dealer 2, seat 3 leads): seat 0 holds the top of every suit and takes all 5 tricks
    {"hands": ["AC AD AH AS KS", "2C 2D 2H 2S 3S", "3C 3D 3H 4S 5S", "4C 4D 4H 6S 7S"]},
    # kabal (dealer 3, seat 0 starts): seat 0 says prikk twice and keeps 4 cards
    {"hands": ["AS 2S 3S 4S", "2H 3H", "AH 5S", "6S KD"],
     "table": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD "
              "4H 5H 6H 7H 8H 9H 10H JH QH KH 7S 8S 9S 10S JS QS KS"},
]


def worked_example_game():
    game = FemkampGame.start(FemkampRules(first_dealer=3), seed=0, setup={"deals": WORKED_EXAMPLE_DEALS})
    bot = RandomBot(rng=0)
    # the trick rounds are forced whatever is played; the kabal round is scripted
    while game.round_name != "kabal":
        game.apply(bot.choose(game.view(game.to_move)))
    for move in [Prikk(seat=0), Play(seat=1, card=Card.parse("3H")), Prikk(seat=2),
                 Play(seat=3, card=Card.parse("KD")), Prikk(seat=0), Play(seat=1, card=Card.parse("2H"))]:
        game.apply(move)
    return game


def test_rule_book_worked_example_3_plus_2_plus_4_minus_5_plus_6_is_10():
    game = worked_example_game()
    assert game.is_over
    assert [r.scores[0] for r in game.results] == [3, 2, 4, -5, 6]
    assert game.totals[0] == 10
    reasons = [round_reason(r, 0, game.rules).text("en") for r in game.results]
    assert reasons == ["3 tricks × 1", "2 clubs × 1", "1 queen × 4", "−5 tricks", "2 prikk + 4 cards"]
    assert [round_reason(r, 0, game.rules).text("nb") for r in game.results] == [
        "3 stikk × 1", "2 kløver × 1", "1 dame × 4", "−5 stikk", "2 prikker + 4 kort"]
    assert [round_reason(r, 0, game.rules).text("sv") for r in game.results] == [
        "3 stick × 1", "2 klöver × 1", "1 dam × 4", "−5 stick", "2 prickar + 4 kort"]


def test_worked_example_score_sheet():
    game = worked_example_game()
    names = ["Kari", "Ola", "Per", "Siri"]
    sheet = score_sheet(game, names=names, lang="nb")
    assert list(sheet.columns) == ["Giver", *names]
    assert list(sheet["Kari"])[:6] == [3, 2, 4, -5, 6, 10]
    assert list(sheet.loc["Sum", names]) == game.totals
    winners = [names[s] for s in game.winners()]
    assert sheet.attrs["winners"] == winners
    assert [n for n in names if sheet.loc["Vinner", n] == "★"] == winners
    text = score_sheet(game, names=names, lang="en", reasons=True)
    assert text.loc["5. Kabal round (sevens)", "Kari"] == "6 (2 prikk + 4 cards)"
    assert text.loc["4. Grand round", "Kari"] == "−5 (−5 tricks)"
    page = score_sheet_html(game, names=names, lang="sv")
    assert "Kabalrundan" in page and "2 prickar + 4 kort" in page and "★" in page


# ----------------------------------------------------------------- decks and dealing
@pytest.mark.parametrize("players, size, removed", [(3, 17, {"2H"}), (4, 13, set()), (5, 10, {"2H", "2D"})])
def test_deck_per_player_count(players, size, removed):
    game = FemkampGame.start(FemkampRules(players=players), seed=11)
    bot = RandomBot(rng=1)
    seen_kabal = False
    while not game.is_over:
        rnd = game.round
        if rnd.round_name == "kabal" and not seen_kabal:
            seen_kabal = True
            assert sorted(c.index for h in rnd.hands for c in h) == list(range(52))  # the removed cards return
        elif rnd.round_name != "kabal" and not rnd.completed_tricks and not rnd.current_trick:
            assert [len(h) for h in rnd.hands] == [size] * players
            dealt = {c.code for h in rnd.hands for c in h}
            assert dealt.isdisjoint(removed) and len(dealt) == 52 - len(removed)
        game.apply(bot.choose(game.view(game.to_move)))
    assert seen_kabal


def test_leader_is_left_of_the_dealer_and_the_dealer_rotates():
    game = FemkampGame.start(FemkampRules(players=5, first_dealer=3), seed=2)
    bot = RandomBot(rng=2)
    dealers, leaders = [], []
    while not game.is_over:
        if len(dealers) == len(game.results):
            dealers.append(game.round.dealer)
            leaders.append(game.to_move)
        game.apply(bot.choose(game.view(game.to_move)))
    assert dealers == [3, 4, 0, 1, 2]
    assert leaders == [(d + 1) % 5 for d in dealers]


def test_dealer_stays_without_rotation():
    game = play_out(FemkampGame.start(FemkampRules(rotate_dealer=False, first_dealer=2), seed=4), RandomBot(rng=4))
    assert [r.dealer for r in game.results] == [2] * 5


def test_round_order_option_is_followed():
    order = ("pass", "clubs", "kabal", "queens", "grand")
    game = play_out(FemkampGame.start(FemkampRules.preset("kabal-third"), seed=5), RandomBot(rng=5))
    assert tuple(r.name for r in game.results) == order


# ----------------------------------------------------------------- scoring options
def test_clubs_all_zero_option():
    hands = ["AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C", *[" ".join(f"{r}{s}" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()) for s in "DHS"]]
    for all_zero, expected in ((False, 13), (True, 0)):
        rnd = FemkampTrickRound.from_hands(hands, round_name="clubs", dealer=3, rules=FemkampRules(clubs_all_zero=all_zero))
        bot = RandomBot(rng=1)
        while not rnd.is_over:
            rnd.apply(bot.choose(rnd.view(rnd.to_move)))
        assert rnd.clubs_taken[0] == 13
        assert rnd.scores()[0] == expected
    assert trick_round_score("clubs", 5, 12, 0, FemkampRules(clubs_all_zero=True)) == 12


def test_queen_points_option():
    rnd = FemkampTrickRound.from_hands(["10S", "QS", "AS", "QH"], round_name="queens", dealer=3,
                                       rules=FemkampRules(queen_points=5))
    play(rnd, (0, "10S"), (1, "QS"), (2, "AS"), (3, "QH"))
    assert rnd.scores() == [0, 0, 10, 0]


def test_pass_and_grand_count_tricks():
    for name, sign in (("pass", 1), ("grand", -1)):
        rnd = FemkampTrickRound.from_hands(["AS 2H", "KS 3H", "QS 4H", "JS 5H"], round_name=name, dealer=3)
        play(rnd, (0, "AS"), (1, "KS"), (2, "QS"), (3, "JS"), (0, "2H"), (1, "3H"), (2, "4H"), (3, "5H"))
        assert rnd.tricks_taken == [1, 0, 0, 1]
        assert rnd.scores() == [sign, 0, 0, sign]


def test_no_trump_a_discard_never_wins():
    rnd = FemkampTrickRound.from_hands(["2S", "AH", "3S", "AD"], round_name="pass", dealer=3)
    play(rnd, (0, "2S"), (1, "AH"), (2, "3S"), (3, "AD"))
    assert rnd.completed_tricks[0].winner == 2


@pytest.mark.parametrize("tie, winners, rematch", [("share", [0, 1], False), ("rematch", [], True)])
def test_ties_share_or_rematch(tie, winners, rematch):
    game = FemkampGame.start(FemkampRules(tie=tie), seed=0)
    game.results = [None] * 5  # a finished game with two seats on the lowest total
    game.totals = [3, 3, 7, 9]
    assert game.is_over
    assert game.winners() == winners
    assert game.needs_rematch is rematch
    assert game.rematch_seats() == ([0, 1] if rematch else [])
    again = game.rematch()
    assert again.rules == game.rules and again.seed != game.seed and not again.is_over


def test_kabal_starter_option_in_the_game():
    game = FemkampGame.start(FemkampRules(kabal_starter="seven-of-hearts", round_order=("kabal", "pass", "clubs", "queens", "grand")), seed=8)
    holder = next(s for s, h in enumerate(game.round.hands) if Card.parse("7H") in h)
    assert game.to_move == holder
    assert game.legal_actions() == [Play(seat=holder, card=Card.parse("7H"))]


# ----------------------------------------------------------------- bad input
def test_follow_suit_error_in_three_languages_and_nothing_changes():
    game = FemkampGame.start(FemkampRules(first_dealer=3), seed=0,
                             setup={"deals": [{"hands": ["AS 2H", "KS 3H", "QS 4H", "JS 5H"]}]})
    play(game, (0, "AS"))
    before = game.state_key()
    with pytest.raises(MustFollowSuitError) as info:
        game.apply(Play(seat=1, card=Card.parse("3H")))
    assert game.state_key() == before
    assert info.value.message("en") == "You must follow suit: spades were led and you have K♠."
    assert info.value.message("nb") == "Du må følge farge: spar ble spilt ut og du har K♠."
    assert info.value.message("sv") == "Du måste bekänna färg: spader spelades ut och du har K♠."
    assert game.why_illegal(Play(seat=2, card=Card.parse("QS")), "en") == "It is not your turn: seat 1 is to play."
    with pytest.raises(NotYourTurnError):
        game.apply(Play(seat=2, card=Card.parse("QS")))
    with pytest.raises(IllegalMoveError) as info:
        game.apply(Prikk(seat=1))
    assert "kabal" in info.value.message("en") and "kabal" in info.value.message("nb")
    assert game.state_key() == before


def test_bad_setups_are_refused():
    with pytest.raises(CardlabError):
        FemkampGame.start(FemkampRules(players=3), seed=0, setup={"deals": [{"hands": ["2H", "3H", "4H"]}]})
    with pytest.raises(CardlabError):
        FemkampGame.start(seed=0, setup={"deals": [{"hands": ["AS", "AS", "3H", "4H"]}]})
    with pytest.raises(CardlabError):
        FemkampGame.start(seed=0, setup={"deals": [{"hands": ["AS 2S", "3H", "4H", "5H"]}]})
    with pytest.raises(CardlabError):
        FemkampGame.start(seed=0, setup={"deals": [None, None, None, None, {"hands": ["AS", "3H", "4H", "5H"]}]})
    with pytest.raises(CardlabError):
        FemkampGame.start(seed=0, setup={"deals": [{}] * 6})


def test_game_over_refuses_moves():
    game = play_out(FemkampGame.start(seed=3), RandomBot(rng=3))
    with pytest.raises(GameOverError):
        game.apply(Play(seat=0, card=Card.parse("AS")))
    assert game.legal_actions() == [] and game.to_move is None
    assert "over" in game.why_illegal(Play(seat=0, card=Card.parse("AS")), "en")


# ----------------------------------------------------------------- views
def test_view_hides_other_hands():
    game = FemkampGame.start(seed=6)
    seat = game.to_move
    view = game.view(seat)
    assert view.hand == tuple(game.round.hands[seat])
    assert view.hand_counts == (13, 13, 13, 13)
    assert view.legal_actions and all(a.seat == seat for a in view.legal_actions)
    other = game.view((seat + 1) % 4)
    assert other.legal_actions == ()
    assert not set(other.hand) & set(view.hand)
    assert view.goal("nb") == "Ta så få stikk som mulig"


# ----------------------------------------------------------------- invariants
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players):
    rules = FemkampRules(players=players)
    deck_size = 52 - len(rules.removed_cards)
    for seed in range(15):
        game = FemkampGame.start(rules, seed=seed)
        bot = RandomBot(rng=seed)
        while not game.is_over:
            rnd = game.round
            if rnd.round_name != "kabal":
                in_hands = sum(len(h) for h in rnd.hands)
                played = sum(len(t.cards) for t in rnd.completed_tricks) + len(rnd.current_trick)
                assert in_hands + played == deck_size
            else:
                assert rnd.layout.is_contiguous()
                assert len(rnd.layout) + sum(len(h) for h in rnd.hands) == 52
            game.apply(bot.choose(game.view(game.to_move)))  # the protocol itself: tests/test_conformance.py
        assert [sum(r.scores[s] for r in game.results) for s in range(players)] == game.totals
        by_name = {r.name: r for r in game.results}
        assert sum(by_name["pass"].scores) == rules.trick_hand_size
        assert sum(by_name["grand"].scores) == -rules.trick_hand_size
        assert sum(by_name["clubs"].scores) == 13
        assert sum(by_name["queens"].scores) == 4 * rules.queen_points
        kabal = by_name["kabal"]
        assert kabal.cards_left[kabal.out_seat] == 0
        assert game.winners() == [s for s, t in enumerate(game.totals) if t == min(game.totals)]


# ----------------------------------------------------------------- save, load, replay
def test_save_load_replay_round_trip(tmp_path):
    match = Match.new("femkamp", FemkampRules.preset("five-point-queens"), rng=21)
    bot = RandomBot(rng=5)
    for _ in range(120):
        match.apply(bot.choose(match.game.view(match.game.to_move)))
    path = match.save(tmp_path / "femkamp.json")
    loaded = Match.load(path)
    assert loaded.game.state_key() == match.game.state_key()
    assert loaded.rules == match.rules
    match.undo(3)
    assert len(match.actions) == 117
    while not loaded.game.is_over:
        loaded.apply(bot.choose(loaded.game.view(loaded.game.to_move)))
    again = Match.from_dict(json.loads(json.dumps(loaded.to_dict())))
    assert again.game.totals == loaded.game.totals and again.game.is_over
    prikk_actions = sum(1 for a in loaded.to_dict()["actions"] if a["type"] == "prikk")
    assert prikk_actions == sum(loaded.game.results[-1].prikks)  # each prikk is a saved action


def test_setup_survives_save_and_load(tmp_path):
    match = Match(FemkampGame.start(FemkampRules(first_dealer=3), seed=9, setup={"deals": WORKED_EXAMPLE_DEALS}))
    match.apply(Play(seat=0, card=Card.parse("AS")))
    loaded = Match.load(match.save(tmp_path / "exercise.json"))
    assert loaded.game.state_key() == match.game.state_key()


def test_damaged_file_is_refused(tmp_path):
    match = Match.new("femkamp", FemkampRules(), rng=1)
    bot = RandomBot(rng=1)
    for _ in range(10):
        match.apply(bot.choose(match.game.view(match.game.to_move)))
    data = match.to_dict()
    data["actions"][4]["card"] = data["actions"][0]["card"]  # a card played twice
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(data)
    assert "action 5" in info.value.message("en")
    data = match.to_dict()
    data["rules"]["queen_points"] = 5  # edited rules no longer match the fingerprint
    with pytest.raises(SaveFileError):
        Match.from_dict(data)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(SaveFileError):
        Match.load(bad)
    data = match.to_dict()
    data["setup"] = {"deals": [{"hands": ["AS", "AS", "2C", "3C"]}]}
    with pytest.raises(SaveFileError):
        Match.from_dict(data)


def test_html_renders():
    game = FemkampGame.start(seed=1)
    page = game._repr_html_()
    assert "cardlab-femkamp" in page and "Pass round" in page
    assert "cardlab-femkamp-round" in game.round._repr_html_()
