"""The ``cardlab`` command: every sub-command is there; bad input is one line and exit code 2."""

import subprocess
import sys

import pytest

from cardlab.cli import COMMANDS, main


def test_every_sub_command_is_registered(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert name in out


def test_unknown_sub_command_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["dance"])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "invalid choice: 'dance'" in err and "simulate" in err


def test_rules_error_is_one_line_and_exit_2(capsys):
    assert main(["simulate", "plump", "--players", "9", "--rounds", "10"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "players" in err


def test_console_script_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "cardlab", "simulate", "plump", "--players", "3", "--cards", "1",
                           "--rounds", "2000", "--seed", "1", "--format", "csv"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("players,cards,trump,policy,seat_from_leader,rounds,p_zero,ci_low,ci_high")
    assert len(lines) == 4  # header + one line per seat
