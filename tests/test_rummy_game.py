"""Rummy rules and engine (RULES.md, Rummy): deal, turn structure, lay-offs, going out, empty stock, game end, save/load."""

import json

import pytest

from cardlab import Match, RummyGame, RummyRules, parse_cards
from cardlab.bots.rummy import RummyBot, RummyRandomBot
from cardlab.cards import Card
from cardlab.errors import CardlabError, IllegalMoveError, NotInHandError, NotYourTurnError, RulesError, SaveFileError
from cardlab.games.melds import hand_penalty, is_meld
from cardlab.games.rummy import Discard, Draw, LayOff, Meld, RummyRound


def rnd3(hands, stock, discard, **rules):
    return RummyRound.from_cards(hands, stock=stock, discard=discard, dealer=0, rules=RummyRules(**rules))


# ------------------------------------------------------------------ rules
def test_rules_defaults_and_deal_sizes_from_the_seed():
    rules = RummyRules()
    assert (rules.players, rules.no_same_discard, rules.rummy_bonus, rules.max_reshuffles, rules.target,
            rules.rounds, rules.first_dealer) == (3, True, False, None, 100, None, 0)
    assert [RummyRules(players=n).hand_size for n in range(2, 7)] == [10, 7, 7, 6, 6]


@pytest.mark.parametrize("changes, field", [
    ({"players": 1}, "players"), ({"players": 7}, "players"), ({"max_reshuffles": -1}, "max_reshuffles"),
    ({"target": 0}, "target"), ({"rounds": 0}, "rounds"), ({"first_dealer": 3}, "first_dealer"),
    ({"rummy_bonus": "yes"}, "rummy_bonus"), ({"no_same_discard": 1}, "no_same_discard"),
])
def test_bad_rules_are_refused_naming_the_field(changes, field):
    with pytest.raises(RulesError) as info:
        RummyRules(**changes)
    assert info.value.field == field
    if field != "players":
        assert field in str(info.value)


def test_player_count_error_in_three_languages():
    with pytest.raises(RulesError) as info:
        RummyRules(players=8)
    assert info.value.message("sv") == "Rummy kräver 2 till 6 spelare (3 eller 4 är bäst); du valde 8."
    assert info.value.message("nb") == "Rummy krever 2 til 6 spillere (3 eller 4 er best); du valgte 8."
    assert info.value.message("en") == "Rummy needs 2 to 6 players (3 or 4 is best); you chose 8."


def test_presets_toml_and_fingerprint():
    assert "classic" in RummyRules.presets()
    assert RummyRules.preset("classic") == RummyRules()
    assert RummyRules.preset("going-rummy").rummy_bonus is True
    assert RummyRules.preset("evening").rounds == 8
    rules = RummyRules(players=4, rounds=5)
    assert RummyRules.from_toml(rules.to_toml()) == rules
    assert rules.fingerprint() != RummyRules().fingerprint()


# ------------------------------------------------------------------- deal
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_the_seed_sizes_turns_one_card_and_left_of_dealer_starts(players):
    rules = RummyRules(players=players)
    rnd = RummyRound.deal(rules, dealer=1, rng=players)
    assert [len(h) for h in rnd.hands] == [rules.hand_size] * players
    assert len(rnd.discard_pile) == 1
    assert len(rnd.stock) == 52 - players * rules.hand_size - 1
    assert sorted(c.index for c in rnd.all_cards()) == list(range(52))
    assert rnd.to_move == 2 % players and rnd.phase == "draw"


# ------------------------------------------------------------ a turn
def test_a_turn_is_draw_then_melds_then_one_discard():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H 5D", "5C 6C 7C"], "4S 8D 8C", "9C")
    with pytest.raises(IllegalMoveError) as info:
        rnd.apply(Meld(1, "AS 2S 3S"))                      # draw first
    assert info.value.rule == "rummy.draw_first"
    assert [a.source for a in rnd.legal_actions()] == ["stock", "discard"]
    rnd.apply(Draw(1, "stock"))
    assert rnd.hands[1] == sorted(rnd.hands[1], key=lambda c: c.sort_key) and Card.parse("4S") in rnd.hands[1]
    with pytest.raises(IllegalMoveError) as info:
        rnd.apply(Draw(1, "discard"))                       # only one draw
    assert info.value.rule == "rummy.already_drew"
    legal = rnd.legal_actions()
    assert Meld(1, "AS 2S 3S 4S") in legal and Meld(1, "2S 3S 4S") in legal and Discard(1, "9H") in legal
    rnd.apply(Meld(1, "4S 2S AS 3S"))                      # any order
    assert rnd.table[0].cards == parse_cards("AS 2S 3S 4S") and rnd.table[0].owner == 1
    rnd.apply(Discard(1, "9H"))
    assert rnd.to_move == 2 and rnd.phase == "draw" and rnd.discard_top == Card.parse("9H")
    assert rnd.turns == 1


def test_acting_out_of_turn_or_with_foreign_cards_is_refused_and_changes_nothing():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9C")
    before = rnd.state_key()
    with pytest.raises(NotYourTurnError):
        rnd.apply(Draw(2, "stock"))
    rnd.apply(Draw(1, "stock"))
    before = rnd.state_key()
    for bad in (Meld(1, "5C 6C 7C"), Discard(1, "KS"), LayOff(1, "KS", 0), Meld(1, "AS 2S 9H"),
                Draw(1, "stock"), Discard(2, "5C")):
        with pytest.raises(IllegalMoveError):
            rnd.apply(bad)
        assert rnd.state_key() == before
    with pytest.raises(NotInHandError):
        rnd.apply(Discard(1, "KS"))


def test_bad_draw_source_is_refused():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S", "9C")
    assert rnd.why_illegal(Draw(1, "table"), "en") == "Draw from 'stock' or 'discard' (the discard pile), not from 'table'."


def test_no_same_discard_and_the_card_you_must_keep():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9S")
    rnd.apply(Draw(1, "discard"))
    assert rnd.pickups == [(1, Card.parse("9S"))]
    assert Discard(1, "9S") not in rnd.legal_actions()
    assert rnd.why_illegal(Discard(1, "9S"), "en") == "You took 9♠ from the discard pile this turn and may not throw it straight back."
    # Melding A-2-3♠ is fine (9♥ remains to discard); with the rule off, 9♠ may go straight back.
    assert Meld(1, "AS 2S 3S") in rnd.legal_actions()
    free = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9S", no_same_discard=False)
    free.apply(Draw(1, "discard"))
    assert Discard(1, "9S") in free.legal_actions()


def test_a_meld_that_leaves_only_the_card_you_may_not_discard_is_refused():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S", "5C 6C 7C"], "4D 8D 8C", "KH")
    rnd.apply(Draw(1, "discard"))                           # K♥ taken
    assert Meld(1, "AS 2S 3S") not in rnd.legal_actions()
    assert rnd.why_illegal(Meld(1, "AS 2S 3S"), "sv").startswith("Då har du bara K♥ kvar")
    assert set(rnd.legal_actions()) == {Discard(1, c) for c in parse_cards("AS 2S 3S")}


def test_lay_off_onto_anyones_meld_at_either_end_and_a_set_to_four():
    rnd = rnd3(["5S 6S 7S KD KC KH 2D", "4S 8S KS 9D 9H", "2C 3C 9C"], "10D JD QD 3H", "5H")
    rnd.apply(Draw(1, "stock"))                              # 10♦ to seat 1
    rnd.apply(Discard(1, "10D"))
    rnd.apply(Draw(2, "stock"))                              # J♦ to seat 2
    rnd.apply(Discard(2, "JD"))
    rnd.apply(Draw(0, "stock"))                              # Q♦ to seat 0
    rnd.apply(Meld(0, "5S 6S 7S"))
    rnd.apply(Meld(0, "KD KC KH"))
    rnd.apply(Discard(0, "QD"))
    rnd.apply(Draw(1, "stock"))                              # 3♥
    legal = rnd.legal_actions()
    assert {a for a in legal if isinstance(a, LayOff)} == {LayOff(1, "4S", 0), LayOff(1, "8S", 0), LayOff(1, "KS", 1)}
    rnd.apply(LayOff(1, "4S", 0))                            # low end
    rnd.apply(LayOff(1, "8S", 0))                            # high end
    rnd.apply(LayOff(1, "KS", 1))                            # the set of 3 becomes 4
    assert rnd.table[0].cards == parse_cards("4S 5S 6S 7S 8S") and rnd.table[0].owner == 0
    assert rnd.table[0].additions == ((1, Card.parse("4S")), (1, Card.parse("8S")))
    assert len(rnd.table[1].cards) == 4
    assert rnd.why_illegal(LayOff(1, "9D", 1), "en") == (
        "9♦ does not fit on K♣ K♦ K♥ K♠: a run grows at either end by the next card of its suit, "
        "a set of 3 becomes 4 with the missing suit.")
    assert rnd.why_illegal(LayOff(1, "9D", 5), "nb") == "Det finnes ingen kombinasjon nummer 5 på bordet: velg en av 0 til 1."
    assert all(is_meld(m.cards) for m in rnd.table)


def test_no_lay_off_past_the_king_or_onto_an_empty_table():
    rnd = rnd3(["JS QS KS 2D", "AS 9D 9H", "2C 3C 9C"], "4D 8D 8C", "5H")
    rnd.apply(Draw(1, "stock"))
    assert rnd.why_illegal(LayOff(1, "AS", 0), "en") == "There are no melds on the table yet, so there is nothing to lay off onto."


def test_going_out_by_melding_everything():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 5H 6H 7H", "5C 6C 9C"], "8H 8D", "9S")
    rnd.apply(Draw(1, "stock"))
    rnd.apply(Meld(1, "AS 2S 3S"))
    rnd.apply(Meld(1, "5H 6H 7H 8H"))
    assert rnd.is_over and rnd.winner == 1 and rnd.end_reason == "out"
    assert rnd.scores() == [22, 0, 20]
    assert rnd.legal_actions() == [] and rnd.to_move is None
    assert rnd.why_illegal(Draw(2, "stock"), "en") == "The game is over: start a new game to play on."


def test_going_out_by_the_last_discard():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9C")
    rnd.apply(Draw(1, "stock"))
    rnd.apply(Meld(1, "AS 2S 3S 4S"))
    rnd.apply(Discard(1, "9H"))
    assert rnd.winner == 1 and rnd.scores() == [22, 0, 18]


def test_rummy_bonus_doubles_penalties_when_going_out_in_one_turn():
    hands = ["KS QS 2D", "AS 2S 3S 5H 6H 7H", "5C 6C 9C"]
    for bonus, expected in ((False, [22, 0, 20]), (True, [44, 0, 40])):
        rnd = rnd3(hands, "8H 8D", "9S", rummy_bonus=bonus)
        rnd.apply(Draw(1, "stock"))
        rnd.apply(Meld(1, "AS 2S 3S"))
        rnd.apply(Meld(1, "5H 6H 7H 8H"))
        assert rnd.went_rummy and rnd.scores() == expected


def test_no_rummy_bonus_after_melding_in_an_earlier_turn():
    rnd = rnd3(["KS QS 2D 4D", "AS 2S 3S 5H 6H 7H", "5C 6C 9C 10C"], "JH 4C 9D 8H 10D", "9S", rummy_bonus=True)
    rnd.apply(Draw(1, "stock"))                               # J♥
    rnd.apply(Meld(1, "AS 2S 3S"))
    rnd.apply(Discard(1, "JH"))
    rnd.apply(Draw(2, "stock")); rnd.apply(Discard(2, "4C"))
    rnd.apply(Draw(0, "stock")); rnd.apply(Discard(0, "9D"))
    rnd.apply(Draw(1, "stock"))                               # 8♥
    rnd.apply(Meld(1, "5H 6H 7H 8H"))
    assert rnd.winner == 1 and not rnd.went_rummy and rnd.penalty_multiplier == 1
    assert rnd.scores() == [26, 0, 30]


# ------------------------------------------------------------ empty stock
def play_stubborn(rnd, limit=10_000):
    """Every player draws from the stock and throws the drawn card away (nobody ever melds)."""
    for _ in range(limit):
        if rnd.is_over:
            return
        seat = rnd.to_move
        before = set(rnd.hands[seat])
        rnd.apply(Draw(seat, "stock"))
        (drawn,) = set(rnd.hands[seat]) - before
        rnd.apply(Discard(seat, drawn))
    raise AssertionError("the round did not end")


def test_empty_stock_reshuffles_the_discard_pile_except_its_top_card():
    rules = RummyRules(players=2, max_reshuffles=1)
    rnd = RummyRound.from_cards(["2C 5D 9H KS", "3C 6D 10H QS"], stock="4C 7D", discard="8S", dealer=0, rules=rules,
                                seed=11)
    rnd.apply(Draw(1, "stock")); rnd.apply(Discard(1, "4C"))
    rnd.apply(Draw(0, "stock")); rnd.apply(Discard(0, "7D"))
    assert rnd.reshuffles == 1
    assert rnd.discard_pile == [Card.parse("7D")]
    assert sorted(rnd.stock, key=lambda c: c.index) == sorted(parse_cards("8S 4C"), key=lambda c: c.index)
    twin = RummyRound.from_cards(["2C 5D 9H KS", "3C 6D 10H QS"], stock="4C 7D", discard="8S", dealer=0, rules=rules,
                                 seed=11)
    twin.apply(Draw(1, "stock")); twin.apply(Discard(1, "4C"))
    twin.apply(Draw(0, "stock")); twin.apply(Discard(0, "7D"))
    assert twin.stock == rnd.stock                             # the reshuffle is seeded
    # After the allowed reshuffle, the stock running out ends the round with no winner.
    play_stubborn(rnd)
    assert rnd.is_over and rnd.winner is None and rnd.end_reason == "stock" and rnd.reshuffles == 1
    assert rnd.scores() == [hand_penalty(h) for h in rnd.hands] == [26, 29]


def test_by_default_play_goes_on_after_every_empty_stock():
    """RULES.md (seed 004): with no limit (the default), the discard pile but its top card becomes
    the new stock whenever the stock runs out, as often as needed, and play goes on."""
    rnd = RummyRound.deal(RummyRules(), rng=3, seed=3)
    assert rnd.rules.max_reshuffles is None
    for _ in range(40 * 52):  # stubborn players (nobody melds) run through the stock many times over
        seat = rnd.to_move
        before = set(rnd.hands[seat])
        rnd.apply(Draw(seat, "stock"))
        (drawn,) = set(rnd.hands[seat]) - before
        rnd.apply(Discard(seat, drawn))
    assert not rnd.is_over and rnd.reshuffles > 30
    assert sorted(c.index for c in rnd.all_cards()) == list(range(52))


@pytest.mark.parametrize("seed", range(6))
def test_a_round_between_players_who_never_go_out_terminates(seed):
    rules = RummyRules(players=3 + seed % 2, max_reshuffles=seed % 4)
    rnd = RummyRound.deal(rules, rng=seed, seed=seed)
    play_stubborn(rnd)
    assert rnd.end_reason == "stock" and rnd.reshuffles == rules.max_reshuffles
    assert rnd.scores() == [hand_penalty(h) for h in rnd.hands]
    assert sorted(c.index for c in rnd.all_cards()) == list(range(52))


# ------------------------------------------------------------- invariants
def check_invariants(rnd):
    assert sorted(c.index for c in rnd.all_cards()) == list(range(52)), "52 cards accounted for"
    assert all(is_meld(m.cards) for m in rnd.table), "every meld on the table is valid"
    if not rnd.is_over:
        assert rnd.legal_actions(), "the player to move always has a move"


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_invariants_over_many_seeded_rounds(policy):
    ends = set()
    for seed in range(25):
        rules = RummyRules(players=2 + seed % 5, rummy_bonus=bool(seed % 2), no_same_discard=seed % 3 != 0)
        rnd = RummyRound.deal(rules, dealer=seed % rules.players, rng=seed, seed=seed)
        bots = [RummyRandomBot(rng=seed * 7 + s) if policy == "random" else RummyBot() for s in range(rules.players)]
        check_invariants(rnd)
        while not rnd.is_over:
            act = bots[rnd.to_move].choose(rnd.view(rnd.to_move))
            assert act in rnd.legal_actions() and rnd.why_illegal(act) is None
            rnd.apply(act)
            check_invariants(rnd)
        ends.add(rnd.end_reason)
        mult = rnd.penalty_multiplier
        assert rnd.scores() == [0 if s == rnd.winner else mult * hand_penalty(h) for s, h in enumerate(rnd.hands)]
        if rnd.winner is not None:
            assert rnd.hands[rnd.winner] == []
    assert "out" in ends


def test_view_hides_other_hands_and_the_stock():
    rnd = RummyRound.deal(RummyRules(), rng=3)
    view = rnd.view(0)
    assert view.hand == tuple(rnd.hands[0])
    assert view.hand_sizes == (7, 7, 7) and view.stock_size == 30 and view.discard_pile == tuple(rnd.discard_pile)
    shown = repr(view)
    for seat in (1, 2):
        assert not any(repr(c) in shown for c in rnd.hands[seat])
    assert not any(repr(c) in shown for c in rnd.stock)
    assert view.legal_actions == () and rnd.view(1).legal_actions == tuple(rnd.legal_actions())


# -------------------------------------------------------------------- game
def test_game_ends_at_the_target_and_the_lowest_total_wins():
    game = RummyGame.start(RummyRules(target=60), seed=3)
    bot = RummyBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    assert max(game.totals) >= 60
    assert max(sum(r.penalties[s] for r in game.results[:-1]) for s in range(3)) < 60
    assert game.winners() == [s for s, t in enumerate(game.totals) if t == min(game.totals)]
    assert [r.dealer for r in game.results] == [i % 3 for i in range(len(game.results))]
    assert game.totals == [sum(r.penalties[s] for r in game.results) for s in range(3)]


def test_fixed_number_of_rounds_and_dealer_rotation():
    game = RummyGame.start(RummyRules(players=4, rounds=5, first_dealer=2), seed=9)
    bot = RummyBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    assert len(game.results) == 5
    assert [r.dealer for r in game.results] == [2, 3, 0, 1, 2]
    with pytest.raises(IllegalMoveError):
        game.apply(Draw(0, "stock"))


def test_game_setup_with_explicit_hands_stock_and_discard():
    setup = {"hands": ["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "stock": "4S 8D 8C", "discard": "9C"}
    game = RummyGame.start(RummyRules(rounds=2), seed=1, setup=setup)
    assert set(game.round.hands[1]) == set(parse_cards("AS 2S 3S 9H")) and game.round.discard_top == Card.parse("9C")
    for act in (Draw(1, "stock"), Meld(1, "AS 2S 3S 4S"), Discard(1, "9H")):
        game.apply(act)
    assert game.results[0].winner == 1 and game.totals == [22, 0, 18]
    assert [len(h) for h in game.round.hands] == [7, 7, 7]          # round 2 is dealt from the seed
    with pytest.raises(CardlabError):
        RummyGame.start(RummyRules(), seed=1, setup={"hands": ["AS 2S", "AS 3S", "4S"]})


# ------------------------------------------------------------- save / load
def test_save_load_round_trip_and_damaged_files(tmp_path):
    match = Match.new("rummy", RummyRules(rounds=2), rng=21)
    bots = [RummyBot(), RummyRandomBot(rng=1), RummyBot()]
    for _ in range(60):
        seat = match.game.to_move
        match.apply(bots[seat].choose(match.game.view(seat)))
    path = match.save(tmp_path / "rummy.json")
    loaded = Match.load(path)
    assert loaded.game.state_key() == match.game.state_key() and len(loaded.actions) == 60
    match.undo(3)
    assert len(match.actions) == 57

    data = json.loads(path.read_text(encoding="utf-8"))
    kinds = {a["type"] for a in data["actions"]}
    assert {"draw", "discard"} <= kinds
    bad = dict(data, actions=list(data["actions"]))
    first_discard = next(i for i, a in enumerate(bad["actions"]) if a["type"] == "discard")
    bad["actions"][first_discard] = dict(bad["actions"][first_discard], card="ZZ")
    with pytest.raises(SaveFileError):
        Match.from_dict(bad)
    bad["actions"][first_discard] = dict(data["actions"][first_discard], seat=(data["actions"][first_discard]["seat"] + 1) % 3)
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(bad)
    assert "not legal" in str(info.value)
    (tmp_path / "broken.json").write_text(path.read_text(encoding="utf-8")[:200], encoding="utf-8")
    with pytest.raises(SaveFileError):
        Match.load(tmp_path / "broken.json")
    with pytest.raises(SaveFileError):
        Match.from_dict(dict(data, rules=dict(data["rules"], players=3, target=50)))


def test_saved_explicit_setup_replays():
    setup = {"hands": ["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "stock": "4S 8D 8C", "discard": "9C"}
    match = Match.new("rummy", RummyRules(rounds=1), rng=4, setup=setup)
    match.apply(Draw(1, "stock")); match.apply(Meld(1, "AS 2S 3S 4S"))
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.game.state_key() == match.game.state_key()
    assert again.actions[-1] == Meld(1, "AS 2S 3S 4S")


# ------------------------------------------------------------- languages
@pytest.mark.parametrize("lang, text", [
    ("sv", "Dra ett kort först: från draghögen eller kasthögen."),
    ("nb", "Trekk et kort først: fra bunken eller kastebunken."),
    ("en", "Draw a card first: from the stock or the discard pile."),
])
def test_draw_first_in_three_languages(lang, text):
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9C")
    assert rnd.why_illegal(Discard(1, "9H"), lang) == text


@pytest.mark.parametrize("lang, text", [
    ("sv", "A♠ 2♠ 9♥ är ingen giltig kombination: en grupp är 3 eller 4 kort av samma valör i olika färger, en serie är 3 eller fler kort i följd i samma färg (ess är bara lågt)."),
    ("nb", "A♠ 2♠ 9♥ er ingen gyldig kombinasjon: et sett er 3 eller 4 kort av samme verdi i ulike farger, en rekke er 3 eller flere kort på rad i samme farge (ess er bare lavt)."),
    ("en", "A♠ 2♠ 9♥ is not a valid meld: a set is 3 or 4 cards of one rank in different suits, a run is 3 or more cards of one suit in sequence (the ace is low only)."),
])
def test_invalid_meld_in_three_languages(lang, text):
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9C")
    rnd.apply(Draw(1, "stock"))
    assert rnd.why_illegal(Meld(1, "AS 2S 9H"), lang) == text


def test_same_discard_in_three_languages():
    rnd = rnd3(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "4S 8D 8C", "9S")
    rnd.apply(Draw(1, "discard"))
    assert rnd.why_illegal(Discard(1, "9S"), "sv") == "Du tog 9♠ från kasthögen i den här turen och får inte kasta det direkt igen."
    assert rnd.why_illegal(Discard(1, "9S"), "nb") == "Du tok 9♠ fra kastebunken denne runden og kan ikke kaste det igjen med en gang."


def test_every_rummy_sentence_exists_in_all_languages():
    from cardlab import i18n
    import cardlab.bots.rummy, cardlab.display.rummy, cardlab.sheets.rummy  # noqa: F401  (register their sentences)

    keys = [k for k in i18n.keys() if k.startswith("rummy.")]
    assert len(keys) > 40
    for key in keys:
        for lang in i18n.LANGUAGES:
            assert i18n._CATALOGUE[key][lang] or key.endswith("no_hint")
