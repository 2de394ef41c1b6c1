"""A seat at a shared table and pass-and-play, tested by clicking (no browser)."""

from __future__ import annotations

import random

import pytest

from cardlab.tables import TableService
from cardlab.tables.leaks import audit, cards_mentioned
from cardlab.widgets.pass_and_play import PassAndPlayTable
from cardlab.widgets.shared_table import JoinForm, SharedTable
from tables_helpers import TEACHER, Server


def snapshot(service, code, texts):
    return {"table": {"moves": len(service.table(code).match.actions)}, "texts": texts}


@pytest.mark.parametrize("game, rules, seats", [
    ("plump", "kids", ["human", "human", "medium"]),
    ("femkamp", "classic", ["human", "human", "medium", "medium"]),
    ("rummy", {"players": 3, "rounds": 1, "max_reshuffles": 3}, ["human", "human", "medium"]),
])
def test_two_seats_play_a_whole_game_by_clicking_and_see_no_hidden_card(game, rules, seats):
    service = TableService()
    code = service.create_table(game, rules=rules, seats=seats, seed=12, teacher=service.teacher_token)
    anna, bo = service.join(code, "Anna", lang="sv"), service.join(code, "Bo", lang="en")
    tables = {0: SharedTable.local(service, code, anna.token), 1: SharedTable.local(service, code, bo.token)}
    seen: dict[int, list] = {0: [], 1: []}
    rng = random.Random(3)
    match = service.table(code).match
    for _ in range(4000):
        for s, widget in tables.items():
            seen[s].append(snapshot(service, code, widget.view.texts()))
        game_state = service.table(code).match.game
        if game_state.is_over:
            break
        s = game_state.to_move
        widget, other = tables[s], tables[1 - s]
        assert widget.status_html.value.count("Din tur" if s == 0 else "Your turn") == 1
        assert not other.action_buttons                        # the other seat has nothing to click
        rng.choice(widget.action_buttons).click()
        assert widget.view.update["notice"] is None            # a legal move, taken
    match = service.table(code).match
    assert match.game.is_over
    final = tables[1].status_html.value
    assert "The game is over" in final
    assert audit(match, seen) == []
    assert len(set().union(*(cards_mentioned(m) for m in seen[0]))) >= 30     # the check read real cards


def test_names_are_escaped_on_the_felt():
    service = TableService()
    code = service.create_table("plump", rules="kids", seats=["human", "human", "medium"], seed=4,
                                teacher=service.teacher_token)
    evil = '<img src=x onerror="alert(1)">'
    anna = service.join(code, evil[:20], lang="en")
    bo = service.join(code, "Bo & <b>Co</b>", lang="en")
    html_text = SharedTable.local(service, code, bo.token).felt_html.value
    assert "<img" not in html_text and "&lt;img src=x onerror=" in html_text
    assert "<b>Co</b>" not in html_text and "Bo &amp; &lt;b&gt;Co&lt;/b&gt;" in html_text
    status = SharedTable.local(service, code, anna.token).status_html.value
    assert "<b>Co" not in status


def test_undo_by_clicking_needs_the_other_childs_yes():
    service = TableService()
    code = service.create_table("plump", rules="kids", seats=["human", "human", "medium"], seed=3,
                                teacher=service.teacher_token)
    anna, bo = service.join(code, "Anna", lang="sv"), service.join(code, "Bo", lang="en")
    a, b = SharedTable.local(service, code, anna.token), SharedTable.local(service, code, bo.token)
    assert b.status_html.value.count("Your turn") == 1
    b.action_buttons[0].click()
    moves = len(service.table(code).match.actions)
    b.undo_button.click()
    assert "waiting for everyone" in b.message_html.value
    assert a.yes_button.layout.display is None and "Bo vill ångra" in a.message_html.value
    assert b.yes_button.layout.display == "none"
    a.no_button.click()
    assert len(service.table(code).match.actions) == moves
    assert "Anna said no" in b.message_html.value
    b.undo_button.click()
    a.yes_button.click()
    assert b.status_html.value.count("Your turn") == 1 and "Taken back" in b.message_html.value


def test_switching_language_redraws_and_refusals_follow():
    service = TableService()
    code = service.create_table("rummy", seats=["human", "medium", "medium"], seed=2, teacher=service.teacher_token)
    anna = service.join(code, "Anna", lang="sv")
    table = SharedTable.local(service, code, anna.token)
    assert "Din tur" in table.status_html.value
    table.language_dropdown.value = "nb"
    assert "Din tur" in table.status_html.value and "Trekk fra bunken" in [b.description for b in table.action_buttons]
    table.move({"type": "discard", "card": "AS"})
    assert "kaste" in table.message_html.value.lower() or "trekk" in table.message_html.value.lower()
    assert service.table(code).seats[0].lang == "nb"


def test_a_remote_seat_joins_with_the_code_and_moves_by_clicking(tmp_path):
    server = Server(tmp_path)
    try:
        from cardlab.tables.client import TableClient

        code = TableClient(server.url).teacher("create", TEACHER, game="femkamp",
                                               seats=["human", "human", "medium", "medium"], seed=5)["code"]
        anna = SharedTable.remote(server.url, code=code, name="Anna", lang="sv")
        bo = SharedTable.remote(server.url, code=code, name="Bo", lang="en")
        mover, other = (anna, bo) if anna.action_buttons else (bo, anna)
        before = other.view.update["table"]["moves"]
        mover.action_buttons[0].click()
        other.refresh()
        assert other.view.update["table"]["moves"] > before
        again = SharedTable.remote(server.url, code=code, token=anna.seat.token, seat=anna.seat.seat, lang="sv")
        assert again.view.update["seat"] == anna.view.update["seat"]           # a reload sits down again
        # a pupil's page: type the code and a name; a wrong code gets a sentence, the table is full after two
        form = JoinForm(url=server.url, lang="nb")
        form.code_text.value, form.name_text.value = "XXXXX", "Cy"
        form.join_button.click()
        assert "Det finnes ikke noe bord med koden XXXXX" in form.message_html.value and form.table is None
        form.code_text.value = code
        form.join_button.click()
        assert f"Alle plassene ved bord {code} er tatt." in form.message_html.value and form.table is None
    finally:
        server.stop()


@pytest.mark.parametrize("game, names, options", [
    ("plump", ["Anna", "Bo", "Cy"], {"rules": "kids", "players": 4}),
    ("rummy", ["Anna", "Bo"], {"rules": {"players": 3, "rounds": 1, "max_reshuffles": 3}}),
    ("femkamp", ["Anna", "Bo", "Cy", "Di"], {}),
])
def test_pass_and_play_covers_the_screen_between_children_and_never_shows_two_hands(game, names, options):
    table = PassAndPlayTable(game, names, seed=8, lang="sv", **options)
    session = table.session
    seats = range(len(names))
    seen: dict[int, list] = {s: [] for s in seats}
    rng = random.Random(2)
    covers = 0
    for _ in range(6000):
        texts = table.texts()
        moves = len(session.table.match.actions)
        if session.shown is None:
            covers += 1
            for s in seats:                         # the covered screen: no child may see a hidden card on it
                seen[s].append({"table": {"moves": moves}, "texts": texts})
            assert table.seat.felt_html.value == "" and table.seat.action_buttons == []
            if session.is_over:
                assert "Spelet är slut" in table.curtain_html.value
                break
            name = names[session.waiting_for()]
            assert f"Ge datorn till {name}. Tryck när bara {name} tittar." in table.curtain_html.value
            table.ready_button.click()
            continue
        s = session.shown
        seen[s].append({"table": {"moves": moves}, "texts": texts})
        assert table.curtain_box.layout.display == "none"
        assert table.seat.felt_html.value.count("cardlab-shared-hand") == 1       # one hand face up
        rng.choice(table.seat.action_buttons).click()
        after = session.waiting_for()
        if after is not None and after != s:
            assert session.shown is None                   # another child's turn: covered at once
    assert session.is_over
    assert covers > 10
    assert audit(session.table.match, seen) == []


def test_pass_and_play_needs_two_children():
    with pytest.raises(Exception) as err:
        PassAndPlayTable("plump", ["Anna"], lang="en")
    assert "Give a name for each child" in str(err.value)
