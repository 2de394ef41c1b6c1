"""Every command-line mistake: one line on stderr, exit status 2, no traceback, no file or folder left behind.

Messages come in the user's language: ``--lang``, else the locale, else English.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlab import Match, PlumpRules
from cardlab.cli import main

PLUMP_SAVE = "plump.json"


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.fixture
def place(tmp_path, monkeypatch):
    """A working folder with a saved Plump game, a damaged save, grids good and bad, and a plain file."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "CARDLAB_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CARDLAB_DATA_DIR", str(tmp_path / "my-tables"))
    monkeypatch.chdir(tmp_path)
    Match.new("plump", PlumpRules.preset("kids"), rng=1).save(tmp_path / PLUMP_SAVE)
    (tmp_path / "damaged.json").write_text('{"format": "cardlab-game", "version": 1, "game": "plump", "setup": {"hand_size": "x"', encoding="utf-8")
    (tmp_path / "list.json").write_text(json.dumps([1, 2, 3]), encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(bytes(range(256)))
    (tmp_path / "empty_players.toml").write_text('rounds = 1000\n[grid]\nplayers = []\ncards = [1]\n', encoding="utf-8")
    (tmp_path / "abc_rounds.toml").write_text('rounds = "abc"\n[grid]\nplayers = [3]\ncards = [1]\n', encoding="utf-8")
    (tmp_path / "negative_seed.toml").write_text('rounds = 100\nseed = -4\n[grid]\nplayers = [3]\n', encoding="utf-8")
    (tmp_path / "bad_rule.toml").write_text('rounds = 100\n[grid]\nplayers = [3]\ntrump = ["sideways"]\n', encoding="utf-8")
    (tmp_path / "unknown_key.toml").write_text('rounds = 100\nspeed = 3\n', encoding="utf-8")
    (tmp_path / "not_toml.toml").write_text('rounds = = 1\n', encoding="utf-8")
    (tmp_path / "grid_list.toml").write_text('grid = [1, 2]\n', encoding="utf-8")
    (tmp_path / "good.toml").write_text('rounds = 100\n[grid]\nplayers = [3]\ncards = [1]\n', encoding="utf-8")
    (tmp_path / "a_file.txt").write_text("not a folder", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    return tmp_path


# (command line, words the one line must contain)
MISTAKES = [
    (["simulate", "plump", "--out", "missing/odds.csv", "--rounds", "10"], "missing does not exist"),
    (["simulate", "plump", "--out", "folder", "--rounds", "10"], "folder is a folder"),
    (["simulate", "plump", "--seed", "-1"], "a seed is a whole number from 0 upwards"),
    (["simulate", "plump", "--seed", "x"], "a seed is a whole number"),
    (["simulate", "plump", "--players", "9", "--rounds", "10"], "add --decks 2"),
    (["simulate", "plump", "--players", "0"], "at least 1"),
    (["simulate", "plump", "--decks", "3"], "--decks"),
    (["simulate", "plump", "--rounds", "lots"], "--rounds"),
    (["simulate", "plump", "--trump", "fixed", "--rounds", "10"], "--trump-suit"),
    (["simulate", "plump", "--trump-suit", "S", "--rounds", "10"], "--trump fixed only"),
    (["simulate", "plump", "--cards", "60", "--rounds", "10"], "--cards: choose 1 to 10 cards for 4 players"),
    (["simulate", "plump", "--scoring", "one-in-front"], "--scoring"),
    (["simulate", "femkamp", "--players", "9", "--games", "1"], "Femkamp"),
    (["simulate", "rummy", "--players", "1", "--rounds", "1"], "Rummy"),
    (["simulate", "chess"], "chess"),
    (["sweep", "empty_players.toml"], "[grid] players is empty"),
    (["sweep", "abc_rounds.toml"], "rounds must be a whole number"),
    (["sweep", "negative_seed.toml"], "seed must be a whole number of at least 0"),
    (["sweep", "bad_rule.toml", "--serial"], "sideways"),
    (["sweep", "unknown_key.toml"], "speed"),
    (["sweep", "not_toml.toml"], "not valid TOML"),
    (["sweep", "grid_list.toml"], "[grid] must be a table"),
    (["sweep", "nowhere.toml"], "nowhere.toml does not exist"),
    (["sweep"], "--example"),
    (["sweep", "good.toml", "--serial", "--out", "missing/table.csv"], "missing does not exist"),
    (["sweep", "good.toml", "--serial", "--workers", "2"], "--serial"),
    (["scoresheet", "femkamp", "--from", PLUMP_SAVE, "--out", "sheet.pdf"], "holds a game of plump, not femkamp"),
    (["scoresheet", "--from", "damaged.json", "--out", "sheet.pdf"], "saved cardlab game"),
    (["scoresheet", "--from", "list.json", "--out", "sheet.pdf"], "saved cardlab game"),
    (["scoresheet", "--from", "binary.json", "--out", "sheet.pdf"], "saved cardlab game"),
    (["scoresheet", "--from", "nothing.json"], "nothing.json does not exist"),
    (["scoresheet", "plump", "--out", "folder"], "folder is a folder"),
    (["scoresheet", "plump", "--out", "missing/sheet.pdf"], "missing does not exist"),
    (["scoresheet", "plump", "--players", "9"], "add --decks 2"),
    (["scoresheet", "plump", "--players", "-2"], "at least 1"),
    (["data", "build", "--out", "a_file.txt"], "a_file.txt is a file"),
    (["data", "build", "--scale", "0"], "above 0 and at most 100"),
    (["data", "build", "--seed", "-1"], "a seed is a whole number"),
    (["data", "build", "--only", "everything"], "everything"),
    (["data", "build", "--workers", "0"], "at least 1"),
    (["data"], "ACTION"),
    (["warmup", "--game", "chess"], "chess"),
    (["dance"], "dance"),
    (["simulate", "plump", "--lang", "de"], "de"),
]


@pytest.mark.parametrize("argv, words", MISTAKES, ids=[" ".join(a) for a, _ in MISTAKES])
def test_a_mistake_is_one_line_exit_2_and_leaves_nothing(place, capsys, argv, words):
    before = _files(place)
    try:
        code = main(argv)
    except SystemExit as exit_info:  # argparse's own refusals
        code = exit_info.code
    captured = capsys.readouterr()
    assert code == 2, captured.err
    assert captured.err.count("\n") == 1 and captured.err.startswith("cardlab"), captured.err
    assert "Traceback" not in captured.err and len(captured.err) < 400
    assert words in captured.err
    assert captured.out == ""
    assert _files(place) == before


def test_a_failing_data_build_removes_the_folder_it_made(place, capsys, monkeypatch):
    import cardlab.data_build as data_build
    from cardlab.errors import RulesError

    def failing_build(out=None, **options):  # fails half-way, as a lost Dask scheduler would
        folder = Path(out)
        folder.mkdir(parents=True)
        (folder / "plump_zero_bids.csv").write_text("half a table", encoding="utf-8")
        raise RulesError("rules.invalid", field="scheduler", problem="no Dask scheduler answers.")

    monkeypatch.setattr(data_build, "build", failing_build)
    before = _files(place)
    assert main(["data", "build", "--out", "new/tables"]) == 2
    assert "scheduler" in capsys.readouterr().err
    assert _files(place) == before  # not even the empty folder "new"


@pytest.mark.parametrize("argv", [
    ["simulate", "plump", "--seed", "-1"],
    ["scoresheet", "femkamp", "--from", PLUMP_SAVE],
    ["sweep", "abc_rounds.toml"],
])
def test_no_traceback_from_the_real_command(place, argv):
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-m", "cardlab", *argv], capture_output=True, text=True, cwd=place, env=env)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert not (place / f"{Path(PLUMP_SAVE).stem}-protokoll.pdf").exists()


def test_version(capsys):
    from cardlab import __version__

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"cardlab {__version__}"


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_messages_follow_lang_then_the_locale_then_english(place, capsys, monkeypatch):
    argv = ["simulate", "plump", "--players", "9", "--rounds", "10"]
    assert main(argv) == 2
    assert "Plump needs 2 to 7 players" in _one_line(capsys)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert main(argv) == 2
    assert "Plump kräver 2 till 7 spelare" in _one_line(capsys)
    assert main([*argv, "--lang", "nb"]) == 2
    assert "Plump krever 2 til 7 spillere" in _one_line(capsys)
    monkeypatch.setenv("LC_ALL", "nb_NO.UTF-8")  # LC_ALL wins over LANG
    assert main(argv) == 2
    assert "legg til --decks 2" in _one_line(capsys)
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # a language cardlab does not speak: English
    assert main(argv) == 2
    assert "add --decks 2" in _one_line(capsys)


def test_argparse_complaints_are_translated_too(place, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    with pytest.raises(SystemExit):
        main(["simulate", "plump", "--policy", "wild"])
    assert "'wild' går inte; välj en av random, heuristic" in _one_line(capsys)
    with pytest.raises(SystemExit):
        main(["simulate", "plump", "--seed", "-3"])
    assert "ett frö är ett heltal från 0 och uppåt" in _one_line(capsys)
    with pytest.raises(SystemExit):
        main(["scoresheet", "plump", "--players", "x", "--lang", "nb"])
    assert "et heltall trengs" in _one_line(capsys)


def test_scoresheet_errors_are_in_the_users_language_not_the_games(place, capsys):
    assert main(["scoresheet", "--from", "nothing.json"]) == 2
    assert "The file nothing.json does not exist." in _one_line(capsys)
    assert main(["scoresheet", "--from", "nothing.json", "--lang", "sv"]) == 2
    assert "Filen nothing.json finns inte." in _one_line(capsys)


def test_the_language_is_restored_after_a_run(place, capsys):
    from cardlab.i18n import get_language

    before = get_language()
    assert main(["simulate", "plump", "--players", "9", "--lang", "nb"]) == 2
    capsys.readouterr()
    assert get_language() == before


def test_every_option_has_help():
    import argparse

    from cardlab.cli import build_parser

    def walk(parser: argparse.ArgumentParser):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from walk(sub)
            elif action.option_strings and action.dest != "help":
                yield parser.prog, action

    missing = [f"{prog} {action.option_strings[0]}" for prog, action in walk(build_parser())
               if not action.help or action.help == argparse.SUPPRESS]
    assert missing == []


def test_simulate_plump_with_two_decks_runs(place, capsys):
    assert main(["simulate", "plump", "--players", "9", "--decks", "2", "--cards", "2", "--rounds", "30",
                 "--format", "csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 + 9 and lines[0].startswith("players,")


def test_output_files_are_written_whole(place, capsys):
    assert main(["simulate", "plump", "--players", "3", "--cards", "1", "--rounds", "200", "--format", "csv",
                 "--out", "odds.csv"]) == 0
    assert (place / "odds.csv").read_text(encoding="utf-8").startswith("players,")
    assert not [p for p in place.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("argv, words", [
    (["compare", "plump", "--b", "hookfalse", "--lang", "en"], "name=value"),
    (["compare", "plump", "--b", "colour=red", "--lang", "sv"], "ingen regel"),
    (["compare", "plump", "--seed", "-1", "--lang", "en"], "seed"),
])
def test_compare_mistakes_are_one_line_in_the_users_language(argv, words, capsys):
    from cardlab.cli import main

    try:
        code = main(argv)
    except SystemExit as exit_info:  # argparse's own refusals
        code = exit_info.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err and "Traceback" not in err
