"""The teacher's page of shared tables, tested by clicking (no browser)."""

from __future__ import annotations

import random

from cardlab.tables import TableService
from cardlab.tables.client import TableClient
from cardlab.tables.leaks import cards_mentioned
from cardlab.tables.overview import TablesOverview
from cardlab.widgets.tables_overview import TablesOverviewPage
from tables_helpers import TEACHER, Server


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def page_text(page) -> str:
    return page.summary_html.value + "".join(h.value for h in page.row_html.values())


def test_the_teacher_opens_tables_by_clicking_and_watches_them_live():
    clock = Clock()
    overview = TablesOverview(teacher="t" * 20, service=TableService(clock=clock, teacher_token="t" * 20,
                                                                       away_after=30.0), lang="sv")
    page = TablesOverviewPage(overview)
    page.game_dropdown.value = "femkamp"
    assert "classic" in page.rules_dropdown.options
    page.game_dropdown.value = "plump"
    page.rules_dropdown.value, page.players_text.value, page.humans_text.value = "kids", 3, 2
    page.level_dropdown.value, page.tables_text.value = "easy", 3
    page.create_button.click()
    codes = [r.code for r in overview.rows()]
    assert len(codes) == 3 and len(page.rows_box.children) == 3
    assert all(code in page.message_html.value for code in codes)
    assert "Bord: 3, barn vid borden: 0, spelar nu: 0" in page.summary_html.value
    service = overview.service
    code = codes[0]
    assert "Väntar på att 2 barn ska sätta sig" in page.row_html[code].value
    assert "Plats 2: bot (Lätt)" in page.row_html[code].value
    # children sit down: the page redraws by itself (no refresh called)
    anna = service.join(code, "Anna <3", lang="sv")
    assert "Plats 0: Anna &lt;3 (här)" in page.row_html[code].value and "<3" not in page.row_html[code].value
    bo = service.join(code, "Bo", lang="sv")
    tickets = {anna.seat: anna, bo.seat: bo}
    table = service.table(code)
    turn = table.match.game.to_move
    assert f"{['Anna <3', 'Bo'][turn].replace('<', '&lt;')}s tur" in page.row_html[code].value
    assert "spelar nu: 1" in page.summary_html.value
    # a move is seen at once; Bo leaves and is shown gone once a bot takes over
    legal = service.update(code, tickets[turn].token)["view"]["legal_actions"]
    service.move(code, tickets[turn].token, legal[0])
    assert f'data-version="{table.version}"' in page.row_html[code].value
    clock.now += 31
    service.update(code, anna.token)            # Anna is still here
    service.tick()
    page.refresh()
    assert "Plats 1: Bo (borta, en bot spelar)" in page.row_html[code].value
    # no card is ever on the teacher's overview
    assert cards_mentioned(page_text(page)) == set()
    # start a table before anyone sits down, end one, restart one
    page.buttons[codes[1]]["start"].click()
    assert service.table(codes[1]).started and page.buttons[codes[1]]["start"].layout.display == "none"
    page.buttons[code]["end"].click()
    assert service.table(code).ended and "Avslutat av läraren" in page.row_html[code].value
    assert service.update(code, anna.token)["table"]["ended"]
    refused = service.move(code, anna.token, {"type": "bid", "tricks": 0})["notice"]["text"]
    assert refused == "Läraren har avslutat spelet vid det här bordet."
    page.buttons[code]["restart"].click()
    assert not service.table(code).ended and service.table(code).games_started == 2
    assert "Plump #2" in page.row_html[code].value and "Bord " + code + " spelar ett nytt spel." in page.message_html.value


def test_a_game_played_to_the_end_shows_the_winner():
    overview = TablesOverview.in_process(lang="en")
    page = TablesOverviewPage(overview)
    code = overview.create("rummy", players=2, rules="classic", humans=1, level="easy", seed=4)
    service = overview.service
    anna = service.join(code, "Anna", lang="en")
    table = service.table(code)
    table.match.game.rules  # the table is there
    rng = random.Random(1)
    for _ in range(5000):
        if table.match.game.is_over:
            break
        legal = service.update(code, anna.token)["view"]["legal_actions"]
        service.move(code, anna.token, rng.choice(legal))
    assert table.match.game.is_over
    names = ["Anna", "Bot 1"]
    winners = ", ".join(names[w] for w in table.match.game.winners())
    assert f"Over: {winners} won" in page.row_html[code].value
    assert "finished: 1" in page.summary_html.value


def test_bad_choices_are_refused_with_a_sentence_and_nothing_is_opened():
    overview = TablesOverview.in_process(lang="nb")
    page = TablesOverviewPage(overview)
    page.game_dropdown.value = "rummy"
    page.players_text.value, page.humans_text.value = 3, 5
    page.create_button.click()
    assert "Antall barn må være et heltall fra 0 til 3, ikke 5." in page.message_html.value
    assert overview.tables() == [] and page.rows_box.children == ()
    page.game_dropdown.value = "femkamp"
    page.players_text.value, page.humans_text.value = 2, 2      # Femkamp is for 3 to 5
    page.create_button.click()
    assert overview.tables() == [] and "Femkamp" in page.message_html.value and "3" in page.message_html.value
    assert page.message_html.value.count("Traceback") == 0


def test_the_page_of_a_table_server_opens_ends_and_restarts_tables(tmp_path, monkeypatch):
    server = Server(tmp_path)
    try:
        wrong = TablesOverviewPage(TablesOverview(teacher="not the teacher", url=server.url, lang="en"))
        assert "Only the teacher" in wrong.message_html.value and wrong.rows_box.children == ()
        monkeypatch.setenv("CARDLAB_TEACHER_TOKEN", TEACHER)      # the token the server was started with
        overview = TablesOverview.connect(url=server.url, class_dir=tmp_path, lang="en")
        assert overview.where == "server" and server.url in overview.where_words()
        page = TablesOverviewPage(overview)
        page.game_dropdown.value = "femkamp"
        page.players_text.value, page.humans_text.value, page.tables_text.value = 4, 2, 2
        page.create_button.click()
        codes = [r.code for r in overview.rows()]
        assert len(codes) == 2
        anna = TableClient(server.url, lang="en")
        anna.join(codes[0], "Anna")
        page.refresh()
        assert "Seat 0: Anna (here)" in page.row_html[codes[0]].value
        page.buttons[codes[0]]["end"].click()
        assert anna.update()["table"]["ended"]
        page.buttons[codes[0]]["restart"].click()
        assert not anna.update()["table"]["ended"]
        hands = overview.teacher_table(codes[0])["hands"]
        assert len(hands) == 4 and all(hands)               # Lärarläge: only on the teacher's side
    finally:
        server.stop()


def test_without_a_server_the_page_says_so_and_keeps_its_tables_in_a_folder(tmp_path):
    overview = TablesOverview.connect(url="http://127.0.0.1:9", fallback_folder=tmp_path, lang="sv")
    assert overview.where == "in-process"
    assert "Ingen bordsserver är igång" in overview.where_words()
    code = overview.create("plump", players=3, rules="kids", humans=0, level="easy", seed=1)
    assert overview.service.table(code).match.game.is_over         # three bots play it through at once
    assert (tmp_path / "tables.sqlite").exists()
    again = TablesOverview.in_process(tmp_path, lang="sv")          # the folder's token opens the same tables
    assert [r.code for r in again.rows()] == [code]
