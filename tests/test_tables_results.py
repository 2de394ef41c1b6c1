"""Finished games at shared tables land in the class folder, where collect_results reads them."""

from __future__ import annotations

import random

import pytest

import cardlab.tables.results as results_module
from cardlab.classroom import collect_results
from cardlab.tables import TableService, TableStore
from cardlab.tables.results import exercise_name, results_pupil_id, table_results

GAMES = [
    ("plump", "kids", ["human", "human", "medium"]),
    ("femkamp", "classic", ["human", "human", "easy", "easy"]),
    ("rummy", {"players": 3, "rounds": 2, "max_reshuffles": 3}, ["human", "human", "medium"]),
]


def play_to_the_end(service, code, tickets, seed=5):
    rng = random.Random(seed)
    table = service.table(code)
    for _ in range(8000):
        game = table.match.game
        if game.is_over:
            return table
        ticket = next(t for t in tickets if t.seat == game.to_move)
        legal = service.update(code, ticket.token)["view"]["legal_actions"]
        assert service.move(code, ticket.token, rng.choice(legal))["notice"] is None
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, rules, seats", GAMES)
def test_each_child_s_result_is_in_the_class_folder_when_the_game_ends(tmp_path, game, rules, seats):
    service = TableService(TableStore.in_folder(tmp_path))
    code = service.create_table(game, rules=rules, seats=seats, seed=21, teacher=service.teacher_token)
    anna, bo = service.join(code, "Anna", lang="sv"), service.join(code, "Bo", lang="en")
    assert not list(tmp_path.glob("*.json"))                       # nothing before the game ends
    table = play_to_the_end(service, code, [anna, bo])
    played = table.match.game
    df = collect_results(tmp_path)
    assert sorted(df["pupil"].unique()) == ["Anna", "Bo"]
    assert set(df["exercise"]) == {exercise_name(game, code)}
    for ticket, name in ((anna, "Anna"), (bo, "Bo")):
        mine = df[df["pupil"] == name].sort_values("question")
        assert list(mine["question"]) == list(range(len(played.results) + 1))
        assert bool(mine.iloc[0]["correct"]) == (ticket.seat in played.winners())
        assert str(played.totals[ticket.seat]) in mine.iloc[0]["answer"]
        for result, (_, row) in zip(played.results, mine.iloc[1:].iterrows()):
            if game == "plump":
                assert bool(row["correct"]) == (result.bids[ticket.seat] == result.tricks[ticket.seat])
                assert f"{result.tricks[ticket.seat]} " in row["answer"]
            elif game == "femkamp":
                assert bool(row["correct"]) == (result.scores[ticket.seat] == min(result.scores))
            else:
                assert bool(row["correct"]) == (result.winner == ticket.seat)
            assert str(result.scores[ticket.seat]) in row["answer"]
        assert mine["pupil_id"].nunique() == 1
        assert mine.iloc[0]["pupil_id"] == results_pupil_id(table.seats[ticket.seat].digest)
    assert "poäng" in df[df["pupil"] == "Anna"].iloc[0]["answer"]           # each child's own language
    assert "points" in df[df["pupil"] == "Bo"].iloc[0]["answer"]
    text = "".join(p.read_text(encoding="utf-8") for p in tmp_path.glob("*.json"))
    assert anna.token not in text and bo.token not in text
    games = table_results(df)
    assert set(games["game"]) == {game} and set(games["table"]) == {code}
    assert service.store.count("results") == 1


def test_a_restarted_table_saves_its_next_game_apart_and_a_restart_of_the_server_does_not_save_twice(tmp_path):
    store = TableStore.in_folder(tmp_path)
    service = TableService(store)
    code = service.create_table("plump", rules="kids", seats=["human", "medium", "medium"], seed=3,
                                teacher=service.teacher_token)
    anna = service.join(code, "Anna", lang="sv")
    play_to_the_end(service, code, [anna])
    service.restart(code, teacher=service.teacher_token, seed=4)
    play_to_the_end(service, code, [anna], seed=6)
    assert sorted(collect_results(tmp_path)["exercise"].unique()) == [f"plump {code}", f"plump {code} #2"]
    store.close()
    again = TableService(TableStore.in_folder(tmp_path))
    assert again.store.count("results") == 2 and len(list(tmp_path.glob("*.json"))) == 2


def test_a_folder_that_cannot_be_written_warns_and_the_next_start_saves_it(tmp_path, monkeypatch):
    store = TableStore.in_folder(tmp_path)
    service = TableService(store)
    code = service.create_table("rummy", rules={"players": 2, "rounds": 1, "max_reshuffles": 3},
                                seats=["human", "easy"], seed=8, teacher=service.teacher_token)
    anna = service.join(code, "Anna", lang="en")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(results_module, "save_table_results", full_disk)
    with pytest.warns(RuntimeWarning, match="could not be saved"):
        play_to_the_end(service, code, [anna])
    assert service.table(code).match.game.is_over                 # the game itself is not harmed
    assert not list(tmp_path.glob("*.json")) and store.count("results") == 0
    monkeypatch.undo()
    store.close()
    TableService(TableStore.in_folder(tmp_path))
    assert list(collect_results(tmp_path)["pupil"].unique()) == ["Anna"]


def test_undo_after_the_end_saves_again_when_it_ends_again(tmp_path):
    service = TableService(TableStore.in_folder(tmp_path))
    code = service.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=9,
                                teacher=service.teacher_token)
    anna = service.join(code, "Anna", lang="en")
    table = play_to_the_end(service, code, [anna])
    service.ask_undo(code, anna.token)
    assert not table.match.game.is_over and table.results_saved is None
    play_to_the_end(service, code, [anna], seed=1)
    assert service.store.count("results") == 2 and len(list(tmp_path.glob("*.json"))) == 1


def test_a_table_without_a_class_folder_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    service = TableService()
    code = service.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=9,
                                teacher=service.teacher_token)
    play_to_the_end(service, code, [service.join(code, "Anna")])
    assert service.results_dir is None and not list(tmp_path.rglob("*.json"))
