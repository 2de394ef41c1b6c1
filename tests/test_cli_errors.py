"""Every command-line mistake: one line on stderr, exit status 2, no traceback, no file or folder left behind.

So is every refusal of the file system (/proc, /sys, a read-only or missing folder, a folder given as a
file, a full disk). Messages come in the user's language: ``--lang``, else the locale, else English.
A run that will take long says how long before it starts; a very long one needs ``--yes``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
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


# ------------------------------------------------- the file system says no
QUICK = ["simulate", "plump", "--players", "3", "--decks", "2", "--cards", "1", "--rounds", "40", "--format", "csv"]


def _run_one_line(argv, capsys) -> str:
    try:
        code = main(argv)
    except SystemExit as exit_info:
        code = exit_info.code
    captured = capsys.readouterr()
    assert code == 2, captured
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err and len(captured.err) < 400, captured.err
    assert "unexpected error" not in captured.err and captured.out == ""
    return captured.err


FILE_SYSTEM = [
    ([*QUICK, "--out", "/proc/x.csv"], "Cannot write /proc/x.csv: no such file or folder, or no files can be made there."),
    (["data", "build", "--out", "/proc/nope"], "Cannot write /proc/nope: no such file or folder"),
    (["data", "build", "--out", "/proc/nope/deeper", "--lang", "sv"], "Kan inte skriva /proc/nope/deeper: filen eller mappen finns inte"),
    ([*QUICK, "--out", "/sys/x.csv", "--lang", "nb"], "Kan ikke skrive /sys/x.csv:"),
    (["scoresheet", "plump", "--out", "/proc/sheet.pdf"], "Cannot write /proc/sheet.pdf"),
    ([*QUICK, "--out", "/dev/full"], "Cannot use /dev/full: the disk is full."),
    ([*QUICK, "--out", "missing/deeper/x.csv"], "the folder missing/deeper does not exist"),
    (["data", "build", "--out", "a_file.txt/tables"], "Cannot write a_file.txt/tables: a part of the path is not a folder."),
    ([*QUICK, "--out", "folder"], "folder is a folder; give a file name"),
    (["scoresheet", "--from", "folder"], "--from: folder is a folder; give a file."),
    (["sweep", "folder", "--lang", "sv"], "grid: folder är en mapp; ge en fil."),
]


@pytest.mark.parametrize("argv, words", FILE_SYSTEM, ids=[" ".join(a[-3:]) for a, _ in FILE_SYSTEM])
def test_a_file_system_refusal_is_one_sentence_exit_2_and_leaves_nothing(place, capsys, argv, words):
    before = _files(place)
    err = _run_one_line(argv, capsys)
    assert words in err, err
    assert _files(place) == before


def _locked(folder: Path, monkeypatch) -> None:
    """``folder`` may not be written: by its permissions, and (as root, whom they do not stop) by the system calls."""
    folder.mkdir()
    folder.chmod(0o555)
    if os.geteuid() == 0:
        real_open, real_mkdtemp = os.open, __import__("tempfile").mkdtemp

        def refusing_open(path, *args, **kwargs):
            if Path(path).absolute().parent == folder and len(args) and args[0] & os.O_CREAT:
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, *args, **kwargs)

        def refusing_mkdtemp(*args, dir=None, **kwargs):
            if dir is not None and Path(dir).absolute() == folder:
                raise PermissionError(13, "Permission denied", str(dir))
            return real_mkdtemp(*args, dir=dir, **kwargs)

        monkeypatch.setattr(os, "open", refusing_open)
        monkeypatch.setattr("tempfile.mkdtemp", refusing_mkdtemp)


@pytest.mark.parametrize("lang, words", [("en", "Cannot write locked/x.csv: permission denied."),
                                         ("sv", "Kan inte skriva locked/x.csv: åtkomst nekad."),
                                         ("nb", "Kan ikke skrive locked/x.csv: ingen tilgang.")])
def test_an_unwritable_folder_is_said_before_any_work(place, capsys, monkeypatch, lang, words):
    _locked(place / "locked", monkeypatch)
    before = _files(place)
    assert words in _run_one_line([*QUICK, "--out", "locked/x.csv", "--lang", lang], capsys)
    assert words.replace("x.csv", "tables") in _run_one_line(
        ["data", "build", "--out", "locked/tables", "--lang", lang], capsys)
    assert _files(place) == before


def test_a_disk_full_in_the_middle_keeps_the_old_file_and_leaves_no_other(place, capsys, monkeypatch):
    import errno

    (place / "odds.csv").write_text("the old table\n", encoding="utf-8")
    before = _files(place)

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    err = _run_one_line([*QUICK, "--out", "odds.csv", "--lang", "nb"], capsys)
    assert "Kan ikke bruke odds.csv: disken er full." in err
    assert (place / "odds.csv").read_text(encoding="utf-8") == "the old table\n" and _files(place) == before


# ------------------------------------------------- a long run says how long first
def test_a_run_of_a_million_million_rounds_is_refused_with_an_estimate(place, capsys):
    started = time.perf_counter()
    err = _run_one_line(["simulate", "plump", "--players", "9", "--decks", "2", "--cards", "2",
                         "--rounds", "1000000000000"], capsys)
    assert time.perf_counter() - started < 60          # a short sample, not the run
    found = re.search(r"1,000,000,000,000 rounds would take about ([\d,]+) (years|days) \(estimated from a short sample\); "
                      r"use fewer, or add --yes to run it anyway \(more than 6 h\)\.", err)
    assert found, err
    years = int(found[1].replace(",", "")) / (1 if found[2] == "years" else 365)
    assert 1 < years < 1e6                              # about 3 ms a round on any machine of this decade
    sv = _run_one_line(["simulate", "plump", "--players", "9", "--decks", "2", "--cards", "2",
                        "--rounds", "1000000000000", "--lang", "sv"], capsys)
    assert "1 000 000 000 000 givar skulle ta ungefär" in sv and "lägg till --yes" in sv


def test_a_long_run_says_how_long_before_it_starts_and_still_shows_progress(place, capsys, monkeypatch):
    from cardlab.cli import common

    monkeypatch.setattr(common, "ANNOUNCE_AFTER", 0.0)    # so that a run of a second counts as long
    argv = ["simulate", "plump", "--players", "3", "--decks", "2", "--cards", "1", "--rounds", "3000",
            "--format", "csv", "--progress"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    said = re.search(r"cardlab simulate plump: this takes about \d+ (s|min) for 3,000 rounds \(estimated from a short "
                     r"sample\); progress below\.\n", captured.err)
    assert said, captured.err
    assert "3000/3000" in captured.err[said.end():]       # the progress bar comes after the estimate
    assert captured.out.startswith("players,") and ",3000," in captured.out
    # beyond the bound it needs --yes; with it the run goes ahead
    monkeypatch.setattr(common, "REFUSE_AFTER", 0.01)
    assert "add --yes to run it anyway" in _run_one_line(argv[:-1], capsys)
    assert main([*argv[:-1], "--yes"]) == 0
    assert ",3000," in capsys.readouterr().out
