"""The table service: joining with a code, tokens, turn and rule checks, bots, undo, the teacher."""

from __future__ import annotations

import random

import pytest

from cardlab.tables import TableError, TableService
from cardlab.tables.codes import CODE_ALPHABET, CODE_LENGTH, new_table_code, normal_code
from cardlab.tables.updates import VIEW_FIELDS


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(clock):
    return TableService(clock=clock, away_after=30.0)


def make_table(service, game="plump", seats=("human", "human", "medium"), rules="kids", seed=3):
    return service.create_table(game, rules=rules, seats=list(seats), seed=seed, teacher=service.teacher_token)


def state(service, code):
    table = service.table(code)
    return (table.match.game.state_key(), len(table.match.actions), table.version)


def test_table_codes_are_short_and_have_no_look_alikes():
    codes = {new_table_code(random.Random(seed)) for seed in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == CODE_LENGTH
        assert not set(code) & set("0O1IL2Z5S8B6G")
    assert set(CODE_ALPHABET).isdisjoint("0O1IL2Z5S8B6G")
    assert normal_code(" km-x47 ") == "KMX47"


def test_joining_needs_the_code_and_a_name(service):
    code = make_table(service)
    with pytest.raises(TableError) as err:
        service.join("AAAAA" if code != "AAAAA" else "CCCCC", "Anna", lang="sv")
    assert "Det finns inget bord med koden" in str(err.value)
    with pytest.raises(TableError) as err:
        service.join(code, "   ", lang="nb")
    assert "Skriv navnet ditt" in str(err.value)
    anna = service.join(code.lower(), "Anna", lang="sv")            # typed in small letters
    bo = service.join(f" {code[:2]} {code[2:]} ", "Bo", lang="en")  # with spaces
    assert (anna.seat, bo.seat) == (0, 1)
    assert anna.token != bo.token and len(anna.token) >= 40
    with pytest.raises(TableError) as err:
        service.join(code, "Cecilia", lang="en")
    assert str(err.value) == f"Every seat at table {code} is taken."


def test_the_store_of_tokens_keeps_only_hashes(service):
    code = make_table(service)
    anna = service.join(code, "Anna")
    table = service.table(code)
    assert anna.token not in repr(table.seats)
    assert table.seats[0].digest is not None and len(table.seats[0].digest) == 64


def test_wrong_or_missing_token_is_refused_and_changes_nothing(service):
    code = make_table(service)
    anna, bo = service.join(code, "Anna"), service.join(code, "Bo")
    before = state(service, code)
    for token in (None, "", "x" * 43, anna.token[:-1] + ("A" if anna.token[-1] != "A" else "B")):
        with pytest.raises(TableError) as err:
            service.move(code, token, {"type": "bid", "tricks": 0})
        assert err.value.rule == "tables.bad_token"
        with pytest.raises(TableError):
            service.update(code, token)
    assert state(service, code) == before
    assert service.seat_of(code, bo.token) == 1


@pytest.mark.parametrize("lang, words", [("sv", "Det är inte din tur: plats 1 ska spela."),
                                         ("nb", "Det er ikke din tur: plass 1 skal spille."),
                                         ("en", "It is not your turn: seat 1 is to play.")])
def test_not_your_turn_is_refused_in_the_players_language(service, lang, words):
    code = make_table(service)
    anna = service.join(code, "Anna", lang=lang)
    service.join(code, "Bo", lang="sv")
    assert service.update(code, anna.token)["view"]["to_move"] == 1
    before = state(service, code)
    update = service.move(code, anna.token, {"type": "bid", "tricks": 1})
    assert update["notice"] == {"tone": "error", "text": words}
    assert state(service, code) == before


def test_acting_for_another_seat_is_refused(service):
    code = make_table(service)
    anna, bo = service.join(code, "Anna", lang="en"), service.join(code, "Bo", lang="sv")
    before = state(service, code)
    update = service.move(code, anna.token, {"type": "bid", "seat": 1, "tricks": 1})
    assert update["notice"]["text"] == "You sit in seat 0; you cannot play for seat 1."
    assert update["seat"] == 0
    assert state(service, code) == before
    assert service.move(code, bo.token, {"type": "bid", "tricks": 1})["notice"] is None


def test_a_broken_rule_gets_the_games_sentence_and_changes_nothing(service):
    code = make_table(service, seats=("human", "human", "human"), seed=11)
    tickets = [service.join(code, name, lang="en") for name in ("Anna", "Bo", "Cy")]
    # bid through to the first trick
    while service.table(code).match.game.round.phase == "bid":
        s = service.table(code).match.game.to_move
        legal = service.update(code, tickets[s].token)["view"]["legal_actions"]
        service.move(code, tickets[s].token, legal[0])
    game = service.table(code).match.game
    leader = game.to_move
    lead = service.update(code, tickets[leader].token)["view"]["legal_actions"][0]
    service.move(code, tickets[leader].token, lead)
    nxt = service.table(code).match.game.to_move
    view = service.update(code, tickets[nxt].token)["view"]
    legal = {a["card"] for a in view["legal_actions"]}
    wrong = [c for c in view["hand"] if c not in legal]
    if not wrong:
        pytest.skip("this deal lets the second player play anything")
    before = state(service, code)
    update = service.move(code, tickets[nxt].token, {"type": "play", "card": wrong[0]})
    assert update["notice"]["tone"] == "error" and "follow suit" in update["notice"]["text"]
    assert state(service, code) == before
    # a card the player does not hold, and a move that cannot be read
    other = next(c for c in ("AS", "KS", "QS", "JS", "10S", "2C") if c not in view["hand"])
    assert service.move(code, tickets[nxt].token, {"type": "play", "card": other})["notice"]["tone"] == "error"
    assert "could not be read" in service.move(code, tickets[nxt].token, {"type": "fly"})["notice"]["text"]
    assert "could not be read" in service.move(code, tickets[nxt].token, "AS")["notice"]["text"]
    assert state(service, code) == before


def test_updates_are_built_from_the_view_only(service):
    code = make_table(service)
    anna, bo = service.join(code, "Anna"), service.join(code, "Bo")
    table = service.table(code)
    for ticket in (anna, bo):
        update = service.update(code, ticket.token)
        assert set(update) == {"type", "seat", "table", "view", "notice", "lang"}
        assert set(update["view"]) == {"kind", *VIEW_FIELDS["plump"]}
        assert update["view"]["hand"] == [c.code for c in table.match.game.round.hands[ticket.seat]]
        assert "hands" not in update["view"] and "stock" not in update["view"]


def test_the_game_waits_for_every_human_then_bots_play_their_seats(service):
    code = make_table(service, seats=("human", "human", "medium"))
    assert not service.table(code).started
    service.join(code, "Anna")
    assert not service.table(code).started and service.table(code).match.actions == []
    service.join(code, "Bo")
    table = service.table(code)
    assert table.started
    assert table.match.game.to_move in (0, 1)     # the bot has played up to a human
    assert all(by == "bot" for by in table.movers)


def test_the_teacher_can_start_early_and_bots_fill_the_empty_seat(service):
    code = make_table(service, seats=("human", "human", "medium"))
    anna = service.join(code, "Anna")
    with pytest.raises(TableError):
        service.start(code, teacher="not the teacher")
    service.start(code, teacher=service.teacher_token)
    table = service.table(code)
    assert table.started and table.match.game.to_move == 0
    assert service.update(code, anna.token)["table"]["seats"][1]["state"] == "empty"
    bo = service.join(code, "Bo")            # a late child takes the empty seat over
    assert bo.seat == 1
    assert service.update(code, bo.token)["table"]["seats"][1]["state"] == "here"


def test_a_bot_takes_over_a_player_who_is_gone_and_hands_the_seat_back(service, clock):
    code = make_table(service, seats=("human", "human", "medium"))
    anna, bo = service.join(code, "Anna"), service.join(code, "Bo")
    table = service.table(code)
    # play until it is Bo's turn
    while table.match.game.to_move != 1:
        s = table.match.game.to_move
        service.move(code, anna.token, service.update(code, anna.token)["view"]["legal_actions"][0])
        assert s == 0
    moves = len(table.match.actions)
    clock.now += 10
    assert service.tick() == 0 and len(table.match.actions) == moves     # Bo is only thinking
    clock.now += 25                                                       # 35 s: Bo is gone
    service.update(code, anna.token)                                      # Anna is still here
    assert service.update(code, anna.token)["table"]["seats"][1]["state"] == "away"
    assert service.tick() > 0
    assert table.movers[moves] == "bot" and table.match.actions[moves].seat == 1
    assert table.match.game.to_move == 0                                  # the bot stopped at Anna
    update = service.update(code, bo.token)                               # Bo is back
    assert update["table"]["seats"][1]["state"] == "here"
    while table.match.game.to_move != 1 and not table.match.game.is_over:
        service.move(code, anna.token, service.update(code, anna.token)["view"]["legal_actions"][0])
    moves = len(table.match.actions)
    assert service.tick() == 0 and len(table.match.actions) == moves     # Bo plays his own seat again


def test_undo_alone_against_bots_is_at_once(service):
    code = make_table(service, seats=("human", "medium", "medium"), seed=5)
    anna = service.join(code, "Anna", lang="en")
    table = service.table(code)
    assert service.ask_undo(code, anna.token)["notice"]["text"] == "You have no move to take back."
    before = table.match.game.state_key()
    service.move(code, anna.token, service.update(code, anna.token)["view"]["legal_actions"][0])
    assert table.match.game.state_key() != before
    update = service.ask_undo(code, anna.token)
    assert update["notice"]["text"] == "Taken back: Anna chooses again."
    assert table.match.game.to_move == 0
    assert all(by == "bot" for by in table.movers)


def test_undo_at_a_table_of_humans_needs_everyones_yes(service):
    code = make_table(service, seats=("human", "human", "medium"), seed=3)
    anna, bo = service.join(code, "Anna", lang="sv"), service.join(code, "Bo", lang="en")
    table = service.table(code)
    assert table.match.game.to_move == 1
    service.move(code, bo.token, service.update(code, bo.token)["view"]["legal_actions"][0])
    after_bo = table.match.game.state_key()
    update = service.ask_undo(code, bo.token)
    assert update["notice"]["text"] == "You want to take a move back: waiting for everyone to agree."
    assert table.match.game.state_key() == after_bo                      # not yet
    asked = service.update(code, anna.token)["notice"]
    assert asked == {"tone": "hint", "text": "Bo vill ångra sitt senaste drag. Håller du med?", "ask": "undo"}
    service.answer_undo(code, anna.token, False)
    assert table.match.game.state_key() == after_bo
    assert service.update(code, bo.token)["notice"]["text"] == "Anna said no: the move stays."
    service.ask_undo(code, bo.token)
    service.answer_undo(code, anna.token, True)
    assert table.match.game.to_move == 1 and len(table.match.actions) == table.movers.count("bot")
    assert service.update(code, anna.token)["notice"]["text"] == "Ångrat: Bo väljer igen."


def test_a_move_drops_an_open_request_to_undo(service):
    code = make_table(service, seats=("human", "human", "medium"), seed=3)
    anna, bo = service.join(code, "Anna"), service.join(code, "Bo")
    table = service.table(code)
    service.move(code, bo.token, service.update(code, bo.token)["view"]["legal_actions"][0])
    while table.match.game.to_move != 0:
        service.tick()
    service.ask_undo(code, bo.token)
    assert table.undo_request is not None
    service.move(code, anna.token, service.update(code, anna.token)["view"]["legal_actions"][0])
    assert table.undo_request is None
    assert service.answer_undo(code, anna.token, True)["notice"]["tone"] == "error"


def test_teacher_view_shows_every_hand_only_with_the_teacher_token(service):
    code = make_table(service)
    anna = service.join(code, "Anna")
    for wrong in (None, "", anna.token):
        with pytest.raises(TableError) as err:
            service.teacher_update(code, teacher=wrong)
        assert err.value.rule == "tables.teacher_only"
        with pytest.raises(TableError):
            service.overview(teacher=wrong)
        with pytest.raises(TableError):
            service.create_table("plump", teacher=wrong)
    full = service.teacher_update(code, teacher=service.teacher_token)
    table = service.table(code)
    assert full["hands"] == [[c.code for c in h] for h in table.match.game.round.hands]
    assert [t["code"] for t in service.overview(teacher=service.teacher_token)] == [code]


def test_end_and_restart(service):
    code = make_table(service, seats=("human", "medium", "medium"))
    anna = service.join(code, "Anna", lang="en")
    service.end(code, teacher=service.teacher_token)
    update = service.move(code, anna.token, {"type": "bid", "tricks": 0})
    assert update["notice"]["text"] == "The teacher has ended the game at this table."
    service.restart(code, teacher=service.teacher_token, seed=9)
    table = service.table(code)
    assert not table.ended and table.seed == 9 and table.match.game.to_move == 0
    assert service.update(code, anna.token)["table"]["games"] == 2


@pytest.mark.parametrize("game, rules, seats", [
    ("plump", "kids", ("human", "human", "easy", "medium")),
    ("femkamp", "classic", ("human", "human", "medium", "medium")),
    ("rummy", {"players": 3, "rounds": 1, "max_reshuffles": 3}, ("human", "human", "medium")),
])
def test_whole_games_with_two_humans_and_bots(service, game, rules, seats):
    code = service.create_table(game, rules=rules, seats=list(seats), seed=21, teacher=service.teacher_token)
    tickets = [service.join(code, name) for name in ("Anna", "Bo")]
    rng = random.Random(4)
    table = service.table(code)
    for _ in range(5000):
        if table.match.game.is_over:
            break
        s = table.match.game.to_move
        ticket = tickets[s]
        legal = service.update(code, ticket.token)["view"]["legal_actions"]
        update = service.move(code, ticket.token, rng.choice(legal))
        assert update["notice"] is None
    assert table.match.game.is_over
    final = service.update(code, tickets[0].token)["table"]
    assert final["over"] and final["winners"]
    kinds = set(table.movers)
    assert kinds == {"human", "bot"}


def test_bad_seat_plans_are_refused(service):
    with pytest.raises(TableError) as err:
        service.create_table("plump", seats=["human", "wizard", "easy"], teacher=service.teacher_token)
    assert err.value.rule == "tables.seats"
    with pytest.raises(TableError) as err:
        service.create_table("chess", teacher=service.teacher_token)
    assert err.value.rule == "tables.unknown_game"
    assert service.codes() == []
