"""The network front: HTTP JSON on 127.0.0.1, long polls, tokens, and a server killed and started again."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request

import pytest

from cardlab.tables.client import Refused, TableClient
from tables_helpers import TEACHER, Server


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path)
    yield running
    running.stop()


def teacher(url):
    return TableClient(url, lang="en")


def test_health_and_only_json_posts(server):
    with urllib.request.urlopen(server.url + "/api/health", timeout=10) as answer:
        assert json.loads(answer.read()) == {"ok": True, "tables": 0}
    form = urllib.request.Request(server.url + "/api/join", data=b"code=AAAAA&name=x", method="POST",
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(form, timeout=10)
    assert err.value.code == 415
    assert "Access-Control-Allow-Origin" not in err.value.headers


def test_joining_needs_the_code_and_tokens_are_checked(server):
    code = teacher(server.url).teacher("create", TEACHER, game="plump", rules="kids",
                                       seats=["human", "human", "medium"], seed=3)["code"]
    anna = TableClient(server.url, lang="sv")
    with pytest.raises(Refused) as err:
        anna.join("CCCCC" if code != "CCCCC" else "DDDDD", "Anna")
    assert err.value.rule == "tables.no_table" and "Det finns inget bord" in str(err.value)
    update = anna.join(code.lower(), "Anna")
    assert update["type"] == "seat-update" and update["seat"] == 0 and anna.token
    thief = TableClient(server.url, lang="en")
    thief.code = code
    for token in (None, "", anna.token[:-2] + "xx"):
        thief.token = token
        with pytest.raises(Refused) as err:
            thief.move({"type": "bid", "tricks": 0})
        assert err.value.rule == "tables.bad_token"
        assert str(err.value) == "This page has no seat at this table. Join again with the table code."
        with pytest.raises(Refused):
            thief.update()
    with pytest.raises(Refused) as err:
        thief.teacher("overview", "not the teacher")
    assert err.value.rule == "tables.teacher_only"
    with pytest.raises(Refused):
        thief.teacher("table", anna.token, code=code)
    assert len(teacher(server.url).teacher("table", TEACHER, code=code)["hands"]) == 3


def test_a_move_reaches_the_other_seat_well_within_a_second(server):
    code = teacher(server.url).teacher("create", TEACHER, game="plump", rules="kids",
                                       seats=["human", "human", "medium"], seed=3)["code"]
    anna, bo = TableClient(server.url, lang="en"), TableClient(server.url, lang="en")
    anna.join(code, "Anna")
    bo.join(code, "Bo")
    anna.update()
    delays = []
    for _ in range(6):
        mover, other = (anna, bo) if anna.update()["view"]["to_move"] == 0 else (bo, anna)
        other.update()
        seen: dict = {}

        def watch() -> None:
            seen["update"] = other.wait(5.0)
            seen["at"] = time.perf_counter()

        thread = threading.Thread(target=watch)
        thread.start()
        time.sleep(0.2)                       # the other seat is waiting
        legal = mover.update()["view"]["legal_actions"]
        sent = time.perf_counter()
        assert mover.move(legal[0])["notice"] is None
        thread.join(10)
        delays.append(seen["at"] - sent)
        assert seen["update"]["seat"] == other.seat
        assert seen["update"]["table"]["moves"] > 0
    assert max(delays) < 1.0, delays


def test_refusals_come_back_as_the_seats_own_update(server):
    code = teacher(server.url).teacher("create", TEACHER, game="rummy", seats=["human", "human", "medium"], seed=8)["code"]
    anna, bo = TableClient(server.url, lang="nb"), TableClient(server.url, lang="en")
    anna.join(code, "Anna")
    bo.join(code, "Bo")
    waiting = bo if anna.update()["view"]["to_move"] == 0 else anna
    update = waiting.move({"type": "draw", "source": "stock"})
    assert update["type"] == "seat-update" and update["seat"] == waiting.seat
    assert update["notice"]["tone"] == "error"
    assert update["notice"]["text"].startswith("Det er ikke din tur" if waiting is anna else "It is not your turn")


def test_a_server_killed_in_the_middle_of_a_trick_comes_back_with_every_table(tmp_path):
    running = Server(tmp_path)
    try:
        boss = teacher(running.url)
        codes = [boss.teacher("create", TEACHER, game=g, seats=s, seed=31)["code"]
                 for g, s in (("plump", ["human", "human", "medium"]), ("femkamp", ["human", "medium", "human", "medium"]),
                              ("rummy", ["human", "human", "medium"]))]
        clients = {}
        for code in codes:
            clients[code] = [TableClient(running.url, lang="sv") for _ in range(2)]
            for child, name in zip(clients[code], ("Anna", "Bo")):
                child.join(code, name)
        # play: rummy and femkamp a few moves, plump up to the middle of a trick
        for code in codes[1:]:
            for _ in range(7):
                child = next(c for c in clients[code] if c.update()["view"]["legal_actions"])
                child.move(child.last["view"]["legal_actions"][0])
        plump = codes[0]
        for _ in range(200):
            view = clients[plump][0].update()["view"]
            if view["phase"] == "play" and 0 < len(view["current_trick"]) < 3:
                break
            child = next(c for c in clients[plump] if c.update()["view"]["legal_actions"])
            child.move(child.last["view"]["legal_actions"][0])
        assert 0 < len(clients[plump][0].update()["view"]["current_trick"]) < 3
        before = {code: [strip(c.update()) for c in clients[code]] for code in codes}
        os.kill(running.proc.pid, signal.SIGKILL)
        running.proc.wait(timeout=10)
    finally:
        running.stop()
    again = Server(tmp_path)
    try:
        for code in codes:
            for child in clients[code]:
                child.url = again.url
        assert {code: [strip(c.update()) for c in clients[code]] for code in codes} == before
    finally:
        again.stop()


def strip(update: dict) -> dict:
    return {**update, "table": {k: v for k, v in update["table"].items() if k != "version"}}


def post(url: str, path: str, body) -> tuple[int, dict]:
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def test_junk_is_refused_with_a_sentence_and_the_server_stays_up(server):
    code = teacher(server.url).teacher("create", TEACHER, game="rummy", seats=["human", "medium"], players=2, seed=1)["code"]
    anna = TableClient(server.url, lang="en")
    anna.join(code, "Anna")
    junk = [None, 7, "x", [], {}, {"type": None}, [1, 2], 1e308, True, "A" * 5000]
    for path in ("/api/join", "/api/update", "/api/move", "/api/undo", "/api/language", "/api/nothing",
                 "/api/teacher/create", "/api/teacher/table", "/api/teacher/restart"):
        for value in junk:
            for body in ({"code": value, "token": value, "name": value, "lang": value, "action": value, "since": value,
                          "wait": value, "answer": value, "teacher": value, "game": value, "seats": value},
                         {"code": code, "token": anna.token, "action": value, "since": value, "wait": value,
                          "lang": value, "answer": value},
                         {"teacher": TEACHER, "code": code, "game": "plump", "rules": value, "players": value,
                          "seats": value, "seed": value}):
                status, data = post(server.url, path, body)
                assert status < 500, (path, body, status, data)
                if status >= 400:
                    assert data["type"] == "refusal" and data["error"], (path, body, data)
    assert anna.update()["view"]["seat"] == 0
