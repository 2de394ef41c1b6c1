"""Nothing lost: every action is in the class folder's SQLite file, and a restart rebuilds every table."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardlab.tables import TableService, TableStore

ROOT = Path(__file__).resolve().parents[1]
TEACHER = "teacher-token-for-tests"


def comparable(update: dict) -> dict:
    """A seat update without the change counter (which starts again at a restart)."""
    table = {k: v for k, v in update["table"].items() if k != "version"}
    return {**update, "table": table}


def all_updates(service: TableService, tickets: dict) -> dict:
    return {code: {seat: comparable(service.update(code, token)) for seat, token in seats.items()}
            for code, seats in tickets.items()}


def test_the_store_uses_a_write_ahead_log_in_one_file(tmp_path):
    store = TableStore.in_folder(tmp_path)
    service = TableService(store, teacher_token=TEACHER)
    service.create_table("rummy", seats=["human", "medium", "medium"], seed=1, teacher=TEACHER)
    assert store.journal_mode() == "wal"
    assert (tmp_path / "tables.sqlite").exists()
    db = sqlite3.connect(tmp_path / "tables.sqlite")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    kinds = [row[0] for row in db.execute("SELECT kind FROM events ORDER BY id")]
    assert kinds == ["create"]


def test_a_restart_rebuilds_every_table_with_joins_moves_undo_restart_and_language(tmp_path):
    service = TableService(TableStore.in_folder(tmp_path), teacher_token=TEACHER)
    tickets: dict = {}
    plan = [("plump", "kids", ["human", "human", "medium"]), ("femkamp", None, ["human", "medium", "human", "easy"]),
            ("rummy", None, ["human", "human", "medium"])]
    for number, (game, rules, seats) in enumerate(plan):
        code = service.create_table(game, rules=rules, seats=seats, seed=40 + number, teacher=TEACHER)
        tickets[code] = {}
        for name in ("Anna", "Bo"):
            ticket = service.join(code, name, lang="nb")
            tickets[code][ticket.seat] = ticket.token
    codes = list(tickets)
    for code in codes:
        table = service.table(code)
        for _ in range(23):
            s = table.match.game.to_move
            token = tickets[code][s]
            service.move(code, token, service.update(code, token)["view"]["legal_actions"][-1])
    first = codes[0]
    some = next(iter(tickets[first].values()))
    service.ask_undo(first, some)
    for token in tickets[first].values():
        service.answer_undo(first, token, True)
    service.set_language(codes[1], tickets[codes[1]][0], "en")
    service.restart(codes[2], teacher=TEACHER, seed=77)
    before = all_updates(service, tickets)
    teacher_before = {code: service.teacher_update(code, teacher=TEACHER)["hands"] for code in codes}
    service.store.close()

    again = TableService(TableStore.in_folder(tmp_path))
    assert again.codes() == sorted(codes)
    assert all_updates(again, tickets) == before
    assert {code: again.teacher_update(code, teacher=TEACHER)["hands"] for code in codes} == teacher_before
    # the restored tables play on
    code = codes[0]
    table = again.table(code)
    s = table.match.game.to_move
    token = tickets[code][s]
    assert again.move(code, token, again.update(code, token)["view"]["legal_actions"][0])["notice"] is None


def test_a_move_that_cannot_be_stored_is_not_made(tmp_path):
    service = TableService(TableStore.in_folder(tmp_path), teacher_token=TEACHER)
    code = service.create_table("plump", rules="kids", seats=["human", "medium", "medium"], seed=2, teacher=TEACHER)
    anna = service.join(code, "Anna", lang="en")
    table = service.table(code)
    before = (table.match.game.state_key(), len(table.match.actions))
    legal = service.update(code, anna.token)["view"]["legal_actions"]
    service.store.close()                      # the disk is gone
    update = service.move(code, anna.token, legal[0])
    assert update["notice"]["text"] == "The move could not be saved, so it was not made. Try again."
    assert (table.match.game.state_key(), len(table.match.actions)) == before


DRIVER = textwrap.dedent("""
    import json, sys
    from cardlab.tables import TableService, TableStore
    folder, pause = sys.argv[1], sys.argv[2] == "pause"
    service = TableService(TableStore.in_folder(folder), teacher_token=%r)
    tickets = {}
    for number, game in enumerate(("plump", "femkamp", "rummy")):
        seats = ["human", "human", "medium"] + (["medium"] if game == "femkamp" else [])
        code = service.create_table(game, seats=seats, seed=90 + number, teacher=%r)
        tickets[code] = {}
        for name in ("Anna", "Bo"):
            t = service.join(code, name, lang="sv")
            tickets[code][t.seat] = t.token
    print(json.dumps(tickets), flush=True)
    while True:
        for code, seats in tickets.items():
            table = service.table(code)
            if table.match.game.is_over:
                continue
            s = table.match.game.to_move
            service.move(code, seats[s], service.update(code, seats[s])["view"]["legal_actions"][0])
            updates = {s: service.update(code, t) for s, t in seats.items()}
            print(json.dumps({"code": code, "updates": updates}), flush=True)
            if pause:
                sys.stdin.readline()
""") % (TEACHER, TEACHER)


def start_driver(folder: Path, mode: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", DRIVER, str(folder), mode], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)


def test_a_process_killed_in_the_middle_of_a_trick_restarts_with_every_table_the_same(tmp_path):
    proc = start_driver(tmp_path, "pause")
    try:
        tickets = {code: {int(s): t for s, t in seats.items()} for code, seats in json.loads(proc.stdout.readline()).items()}
        plump = list(tickets)[0]                       # the driver opens plump, femkamp, rummy in that order
        last: dict = {}
        for _ in range(400):
            line = json.loads(proc.stdout.readline())
            last[line["code"]] = {int(s): comparable(u) for s, u in line["updates"].items()}
            view = line["updates"]["0"]["view"]
            if (line["code"] == plump and view["phase"] == "play" and 0 < len(view["current_trick"]) < 3
                    and len(last) == 3):
                break
            proc.stdin.write("\n")
            proc.stdin.flush()
        else:
            pytest.fail("never in the middle of a trick")
        assert 0 < len(last[plump][0]["view"]["current_trick"]) < 3
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=20)
        assert proc.returncode == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    again = TableService(TableStore.in_folder(tmp_path))
    assert set(again.codes()) == set(tickets)
    for code, seats in tickets.items():
        for seat, token in seats.items():
            assert comparable(again.update(code, token)) == last[code][seat], (code, seat)


def test_a_process_killed_at_any_moment_loses_no_acknowledged_move(tmp_path):
    proc = start_driver(tmp_path, "run")
    try:
        tickets = {code: {int(s): t for s, t in seats.items()} for code, seats in json.loads(proc.stdout.readline()).items()}
        seen: dict = {}
        for _ in range(150):
            line = json.loads(proc.stdout.readline())
            seen[line["code"]] = {int(s): comparable(u) for s, u in line["updates"].items()}
        os.kill(proc.pid, signal.SIGKILL)            # at once, wherever it is (perhaps in the middle of a write)
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    db = sqlite3.connect(tmp_path / "tables.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    again = TableService(TableStore.in_folder(tmp_path))
    for code, seats in tickets.items():
        acknowledged = seen[code][0]["table"]["moves"]
        restored = again.table(code)
        assert len(restored.match.actions) >= acknowledged        # nothing that was shown is lost
        if len(restored.match.actions) == acknowledged:
            for seat, token in seats.items():
                assert comparable(again.update(code, token)) == seen[code][seat]
