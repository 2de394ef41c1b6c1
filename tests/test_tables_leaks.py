"""No seat ever receives a card it may not see: whole games of all three games, every message recorded.

Each human seat is played by a "pupil" that reads only its own seat updates and picks one of
the legal moves in them.  After every change every seat fetches its update (as a waiting page
does), and every answer to a move is recorded too.  :func:`cardlab.tables.leaks.audit` then
replays the table and checks each message against the full state at the moment it was sent.
The same check is shown to catch a leak made on purpose.
"""

from __future__ import annotations

import random

import pytest

import cardlab.tables.service as service_module
from cardlab.tables import TableService, TableStore
from cardlab.tables.client import TableClient
from cardlab.tables.leaks import audit, cards_mentioned, count_checked, hidden_cards
from tables_helpers import TEACHER, Server

GAMES = [
    ("plump", "kids", ["human", "human", "human", "medium"]),
    ("femkamp", "classic", ["human", "human", "human", "easy"]),
    ("rummy", {"players": 3, "rounds": 1, "max_reshuffles": 3}, ["human", "human", "human"]),
]


def play_in_process(service: TableService, game: str, rules, seats, *, seed: int, max_moves: int = 6000):
    code = service.create_table(game, rules=rules, seats=seats, seed=seed, teacher=service.teacher_token)
    tickets = [service.join(code, name, lang=lang) for name, lang in zip(("Anna", "Bo", "Cy"), ("sv", "nb", "en"))]
    received: dict[int, list] = {t.seat: [] for t in tickets}
    rng = random.Random(seed)
    table = service.table(code)
    for _ in range(max_moves):
        for t in tickets:
            received[t.seat].append(service.update(code, t.token))
        if table.match.game.is_over:
            break
        s = table.match.game.to_move
        ticket = tickets[s]
        legal = received[s][-1]["view"]["legal_actions"]
        received[s].append(service.move(code, ticket.token, rng.choice(legal)))
        if rng.random() < 0.05:                       # now and then a move out of turn, refused
            other = tickets[(s + 1) % len(tickets)]
            received[other.seat].append(service.move(code, other.token, legal[0]))
    assert table.match.game.is_over
    return table, received


@pytest.mark.parametrize("game, rules, seats", GAMES)
def test_whole_games_at_human_tables_show_no_hidden_card(game, rules, seats):
    service = TableService()
    table, received = play_in_process(service, game, rules, seats, seed=61)
    found = audit(table.match, received)
    assert found == []
    checked = count_checked(received)
    assert checked > 150
    # the check looked at real cards: every seat's own hand was in its messages, and hidden cards existed
    mentioned = set().union(*(cards_mentioned(m) for messages in received.values() for m in messages))
    assert len(mentioned) >= 40
    assert len(hidden_cards(table.match.fresh_game(), 0)) > 20


def leak_one_card(service: TableService, where: str):
    """A seat-update builder that adds one card the seat may not see (another hand's, or the stock's)."""
    honest = service_module.seat_update

    def leaky(view, *, table, seat, notice=None):
        update = honest(view, table=table, seat=seat, notice=notice)
        game = service.table(table["code"]).match.game
        rnd = game.round
        if where == "hand":
            other = rnd.hands[(seat + 1) % len(rnd.hands)]
            secret = hidden_cards(game, seat)
            extra = [c.code for c in other if c.code in secret][:1]
        else:
            extra = [rnd.stock[0].code] if rnd.stock else []
        update["view"]["debug"] = extra
        return update

    return leaky


@pytest.mark.parametrize("game, rules, seats", GAMES)
def test_the_check_fails_on_a_deliberate_leak_of_another_hand(monkeypatch, game, rules, seats):
    service = TableService()
    monkeypatch.setattr(service_module, "seat_update", leak_one_card(service, "hand"))
    table, received = play_in_process(service, game, rules, seats, seed=62)
    found = audit(table.match, received)
    leaky = [(seat, m["table"]["moves"], set(m["view"]["debug"])) for seat, messages in received.items()
             for m in messages if m["view"]["debug"]]
    assert len(leaky) > 0.5 * count_checked(received)
    assert len(found) > 0.5 * count_checked(received)
    found_set = {(seat, moves, frozenset(cards)) for seat, moves, cards in found}
    assert found_set <= {(seat, moves, frozenset(cards)) for seat, moves, cards in leaky}   # nothing else flagged
    if game != "rummy":       # cards never come back from the table: every leaking message is caught
        assert len(found) == len(leaky)


def test_the_check_fails_on_a_deliberate_leak_of_the_stock(monkeypatch):
    service = TableService()
    monkeypatch.setattr(service_module, "seat_update", leak_one_card(service, "stock"))
    table, received = play_in_process(service, *GAMES[2], seed=63)
    found = {(seat, moves) for seat, moves, _ in audit(table.match, received)}
    # before the first reshuffle the stock has never been seen: every one of those messages is caught
    fresh = {(seat, m["table"]["moves"]) for seat, messages in received.items() for m in messages
             if m["view"]["debug"] and m["view"]["reshuffles"] == 0}
    assert len(fresh) > 100 and fresh <= found


def test_the_check_fails_when_a_sentence_names_a_hidden_card(monkeypatch):
    service = TableService()
    honest = service_module.seat_update

    def chatty(view, *, table, seat, notice=None):
        other = service.table(table["code"]).match.game.round.hands[(seat + 1) % view.players]
        words = {"tone": "info", "text": f"Bo har {other[0]}" if other else ""}
        return honest(view, table=table, seat=seat, notice=words)

    monkeypatch.setattr(service_module, "seat_update", chatty)
    table, received = play_in_process(service, *GAMES[0], seed=64)
    assert audit(table.match, received)


@pytest.mark.parametrize("game, rules, seats", GAMES)
def test_whole_games_through_the_network_show_no_hidden_card(tmp_path, game, rules, seats):
    server = Server(tmp_path)
    try:
        boss = TableClient(server.url)
        code = boss.teacher("create", TEACHER, game=game, rules=rules, seats=seats, seed=71)["code"]
        pupils = [TableClient(server.url, lang=lang, record=True) for lang in ("sv", "nb", "en")]
        for pupil, name in zip(pupils, ("Anna", "Bo", "<b>Cy</b>")):
            pupil.join(code, name)
        rng = random.Random(7)
        for _ in range(6000):
            for pupil in pupils:
                pupil.update()
            last = pupils[0].last
            if last["table"]["over"]:
                break
            mover = next(p for p in pupils if p.seat == last["view"]["to_move"])
            update = mover.move(rng.choice(mover.last["view"]["legal_actions"]))
            assert update["notice"] is None
        assert pupils[0].last["table"]["over"]
        names = [s["name"] for s in pupils[0].last["table"]["seats"]]
        assert "<b>Cy</b>" in names                          # kept as text; every page escapes it
    finally:
        server.stop()
    match = TableService(TableStore.in_folder(tmp_path)).table(code).match
    received = {p.seat: p.received for p in pupils}
    assert count_checked(received) > 150
    assert audit(match, received) == []
