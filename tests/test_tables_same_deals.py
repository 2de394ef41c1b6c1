"""Same deals at every table: every table of a group is dealt the same cards, and each child hears how
the same cards went elsewhere — only for rounds their own table has finished, never a card."""

from __future__ import annotations

import random

import pytest

import cardlab.tables.same_deals as same_deals_module
from cardlab.games.plump import RoundResult
from cardlab.tables import TableError, TableService, TableStore
from cardlab.tables.client import TableClient
from cardlab.tables.leaks import audit, cards_mentioned
from cardlab.tables.overview import TablesOverview
from cardlab.tables.same_deals import round_words
from cardlab.widgets.shared_table import SharedTable
from cardlab.widgets.tables_overview import TablesOverviewPage
from tables_helpers import TEACHER, Server


class PlumpGame:
    """A stand-in with the score sheet's rows only (round_words reads nothing else)."""

    def __init__(self, bids, tricks):
        self.results = [RoundResult(number=1, hand_size=5, dealer=0, trump=None, trump_card=None, bids=bids,
                                    tricks=tricks, scores=(0,) * len(bids))]


def test_the_words_a_child_reads():
    mine = PlumpGame((1, 0, 2), (1, 1, 2))
    others = [PlumpGame((1, 2, 0), (1, 1, 1)), PlumpGame((1, 0, 0), (1, 0, 1)), PlumpGame((1, 0, 0), (2, 0, 1))]
    assert round_words(mine, others, seat=0, index=0, lang="sv")["text"] == \
        "Runda 1: alla som hade dina kort bjöd 1; 3 av 4 klarade det."
    assert round_words(mine, others, seat=1, index=0, lang="nb")["text"] == \
        "Runde 1: de som hadde kortene dine meldte 0, 0, 0 og 2; 2 av 4 klarte meldingen sin."
    assert round_words(mine, [], seat=0, index=0, lang="en")["text"] == \
        "Round 1: no other table has finished this round yet."
    unfinished = PlumpGame((1, 0, 0), (1, 0, 1))
    unfinished.results = []
    assert round_words(mine, [unfinished], seat=0, index=0, lang="en")["count"] == 1


def play_group(service, codes, *, seed, record=True):
    """Children at every table of a group, each table a move at a time in turn; every seat's update recorded."""
    tickets = {code: [service.join(code, name, lang=lang) for name, lang in (("Anna", "sv"), ("Bo", "en"))]
               for code in codes}
    received = {code: {t.seat: [] for t in tickets[code]} for code in codes}
    finished_when_sent = []
    rng = random.Random(seed)
    for _ in range(20000):
        going = [c for c in codes if not service.table(c).match.game.is_over]
        if not going:
            break
        for code in codes:
            table = service.table(code)
            for t in tickets[code]:
                update = service.update(code, t.token)
                received[code][t.seat].append(update)
                finished_when_sent.append((len(table.match.game.results), update.get("same_deals") or []))
        code = rng.choice(going)
        game = service.table(code).match.game
        ticket = next(t for t in tickets[code] if t.seat == game.to_move)
        legal = service.update(code, ticket.token)["view"]["legal_actions"]
        service.move(code, ticket.token, rng.choice(legal))
    assert all(service.table(c).match.game.is_over for c in codes)
    return tickets, received, finished_when_sent


@pytest.mark.parametrize("game, rules, seats", [
    ("plump", "kids", ["human", "human", "easy", "medium"]),
    ("femkamp", "classic", ["human", "human", "easy", "medium"]),
    ("rummy", {"players": 3, "rounds": 2, "max_reshuffles": 3}, ["human", "human", "easy"]),
])
def test_a_group_plays_the_same_deals_and_hears_only_of_finished_rounds(game, rules, seats):
    service = TableService()
    group = service.new_group()
    codes = [service.create_table(game, rules=rules, seats=seats, seed=s, group=group, teacher=service.teacher_token)
             for s in (1, 2, 3)]
    loner = service.create_table(game, rules=rules, seats=seats, seed=1, teacher=service.teacher_token)
    tables = [service.table(c) for c in codes]
    assert len({t.seed for t in tables}) == 1                                  # the group's seed, not 2 or 3
    hands = [[[c.code for c in h] for h in t.match.game.round.hands] for t in tables]
    assert hands[0] == hands[1] == hands[2]
    tickets, received, sent = play_group(service, codes, seed=7)
    # never a word of a round the child's own table was still playing, never a card
    assert sent and all(line["round"] <= finished for finished, lines in sent for line in lines)
    assert any(lines for _, lines in sent)
    for finished, lines in sent:
        assert cards_mentioned(lines) == set()
    for code in codes:
        assert audit(service.table(code).match, received[code]) == []
    # at the end: every round, with every table of the group, as the score sheets say
    games = [t.match.game for t in tables]
    final = service.update(codes[0], tickets[codes[0]][0].token)["same_deals"]
    seat = tickets[codes[0]][0].seat
    assert [line["round"] for line in final] == [r.number for r in games[0].results]
    for line, index in zip(final, range(len(final))):
        assert line["count"] == 3
        if game == "plump":
            assert line["values"] == [g.results[index].bids[seat] for g in games]
            assert line["made"] == sum(g.results[index].bids[seat] == g.results[index].tricks[seat] for g in games)
        else:
            assert line["values"] == [g.results[index].scores[seat] for g in games]
    assert "same_deals" not in service.seat_update(loner, 0)                   # not in a group: nothing said
    rows = service.group_rounds(group, teacher=service.teacher_token)
    assert len(rows) == sum(len(g.results) for g in games) * len(seats)


def test_the_checks_catch_a_comparison_of_the_round_still_being_played(monkeypatch):
    honest = same_deals_module.seat_words

    def leaky(game, others, *, seat, lang="sv"):
        lines = honest(game, others, seat=seat, lang=lang)
        if not game.is_over:
            other = game.round.hands[(seat + 1) % game.players]
            lines.append({"round": len(game.results) + 1, "count": 1, "values": [], "made": 0,
                          "text": f"Bo har {other[0]}" if other else ""})
        return lines

    monkeypatch.setattr(same_deals_module, "seat_words", leaky)
    service = TableService()
    group = service.new_group()
    codes = [service.create_table("plump", rules="kids", seats=["human", "human", "easy"], group=group,
                                  teacher=service.teacher_token) for _ in range(2)]
    _, received, sent = play_group(service, codes, seed=3)
    assert any(line["round"] > finished for finished, lines in sent for line in lines)
    assert audit(service.table(codes[0]).match, received[codes[0]])


def test_a_group_keeps_its_game_and_rules_and_comes_back_after_a_restart(tmp_path):
    service = TableService(TableStore.in_folder(tmp_path))
    teacher = service.teacher_token
    first = service.create_table("plump", rules="kids", seats=["human", "easy", "easy"], group="4b-plump",
                                 teacher=teacher)
    with pytest.raises(TableError, match="4b-plump"):
        service.create_table("plump", rules="classic", seats=["human", "easy", "easy"], group="4b-plump", teacher=teacher)
    with pytest.raises(TableError, match="group name"):
        service.create_table("plump", rules="kids", seats=["human", "easy", "easy"], group="../x", teacher=teacher)
    second = service.create_table("plump", rules="kids", seats=["human", "easy", "easy"], group="4b-plump",
                                  teacher=teacher)
    service.restart(first, teacher=teacher)
    service.restart(second, teacher=teacher)
    assert service.table(first).seed == service.table(second).seed              # the group's next deals
    service.store.close()
    again = TableService(TableStore.in_folder(tmp_path), teacher_token=teacher)
    assert again.table(first).group == "4b-plump" and again.table(first).seed == again.table(second).seed
    anna = again.join(first, "Anna", lang="sv")
    assert again.update(first, anna.token)["same_deals"] == []
    third = again.create_table("plump", rules="kids", seats=["human", "easy", "easy"], group="4b-plump", teacher=teacher)
    assert again.table(third).group == "4b-plump"


def test_the_teacher_opens_a_group_by_clicking_and_the_children_read_it_on_their_seat():
    overview = TablesOverview.in_process(lang="sv")
    page = TablesOverviewPage(overview)
    page.game_dropdown.value, page.rules_dropdown.value = "plump", "kids"
    page.players_text.value, page.humans_text.value, page.tables_text.value = 3, 1, 2
    page.same_deals_checkbox.value = True
    page.create_button.click()
    codes = [r.code for r in overview.rows()]
    service = overview.service
    assert len(codes) == 2 and service.table(codes[0]).seed == service.table(codes[1]).seed
    group = overview.groups()[0]
    assert f"samma givar: {group}" in page.row_html[codes[0]].value
    seats = [SharedTable.local(service, code, service.join(code, name, lang="sv").token)
             for code, name in zip(codes, ("Anna", "Bo"))]
    rng = random.Random(5)
    while not all(service.table(c).match.game.is_over for c in codes):
        for seat in seats:
            if seat.action_buttons:
                rng.choice(seat.action_buttons).click()
    for seat in seats:
        seat.refresh()
        assert "Samma kort vid de andra borden" in seat.same_deals_html.value
        assert seat.same_deals_html.value.count("<li>") == len(service.table(codes[0]).match.game.results)
    frame = overview.same_deals(group)
    assert set(frame["table"]) == set(codes) and {"bid", "tricks", "made", "player"} <= set(frame.columns)


def test_a_group_over_the_network(tmp_path):
    server = Server(tmp_path)
    try:
        overview = TablesOverview(teacher=TEACHER, url=server.url, lang="en")
        codes = overview.create_group("rummy", 2, players=2, rules="classic", humans=1, level="easy")
        pupils = []
        for code in codes:
            pupil = TableClient(server.url, lang="en", record=True)
            pupil.join(code, "Anna")
            pupils.append(pupil)
        assert all(p.last["same_deals"] == [] for p in pupils)
        assert overview.rows()[0].group == overview.groups()[0]
        assert overview.same_deals(overview.groups()[0]).empty
    finally:
        server.stop()


def test_a_group_played_through_the_network_shows_no_hidden_card(tmp_path):
    import subprocess
    import sys

    server = Server(tmp_path)
    try:
        for _ in range(2):           # the command line opens tables of one group
            made = subprocess.run([sys.executable, "-m", "cardlab.tables", "create", "--url", server.url,
                                   "--class-dir", str(tmp_path), "--game", "plump", "--rules", "kids",
                                   "--seats", "human,human,medium", "--group", "4b"],
                                  capture_output=True, text=True, timeout=60,
                                  env={**__import__("os").environ, "CARDLAB_TEACHER_TOKEN": TEACHER})
            assert made.returncode == 0, made.stderr
        codes = [t["code"] for t in TableClient(server.url).teacher("overview", TEACHER)["tables"]]
        pupils = {code: [TableClient(server.url, lang=lang, record=True) for lang in ("sv", "en")] for code in codes}
        for code in codes:
            for pupil, name in zip(pupils[code], ("Anna", "Bo")):
                pupil.join(code, name)
        rng = random.Random(11)
        for _ in range(3000):
            going = [c for c in codes if not pupils[c][0].update()["table"]["over"]]
            if not going:
                break
            code = rng.choice(going)
            for pupil in pupils[code]:
                pupil.update()
            mover = next(p for p in pupils[code] if p.seat == p.last["view"]["to_move"])
            assert mover.move(rng.choice(mover.last["view"]["legal_actions"]))["notice"] is None
        for code in codes:
            for pupil in pupils[code]:
                pupil.update()
    finally:
        server.stop()
    service = TableService(TableStore.in_folder(tmp_path), teacher_token=TEACHER)
    lines_seen = 0
    for code in codes:
        assert service.table(code).match.game.is_over
        received = {p.seat: p.received for p in pupils[code]}
        assert audit(service.table(code).match, received) == []
        for p in pupils[code]:
            for update in p.received:
                finished = update["view"]["round_number"] + (1 if update["table"]["over"] else 0)
                assert all(line["round"] <= finished for line in update["same_deals"])
                lines_seen += len(update["same_deals"])
        assert pupils[code][0].last["same_deals"][-1]["count"] == 2
    assert lines_seen > 50
