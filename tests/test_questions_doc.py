"""docs/questions.md: every Python example gives the output printed on the page, and every command runs."""

import doctest
import re
import shlex
from pathlib import Path

import pytest

from cardlab.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "questions.md"


def test_python_examples_print_what_the_page_says():
    result = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8 and result.failed == 0


def _commands():
    return re.findall(r"^\$ (cardlab .+)$", PAGE.read_text(encoding="utf-8"), flags=re.M)


def test_the_page_has_commands():
    assert len(_commands()) == 2


@pytest.mark.parametrize("command", _commands())
def test_commands_run_and_agree_with_the_page(command, capsys):
    assert main(shlex.split(command)[1:]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    if command.startswith("cardlab simulate"):
        seat0 = lines[1]
        assert "0.8032" in seat0 and "0.7988" in seat0 and "0.8076" in seat0
    else:  # cardlab compare: the dealer's row
        dealer = lines[4]
        assert "-0.7510" in dealer and "-0.7937" in dealer and "-0.7084" in dealer
