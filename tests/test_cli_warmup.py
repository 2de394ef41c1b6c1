"""The first run compiles the fast simulator visibly; ``cardlab warmup`` does it ahead of time."""

from __future__ import annotations

import io
import time

import pytest

from cardlab.cli import main
from cardlab.sim import warmup


@pytest.fixture
def fresh(monkeypatch):
    """A process that has compiled nothing yet, with steps that only pretend to compile."""
    monkeypatch.setattr(warmup, "_done", set())
    calls: list[str] = []
    monkeypatch.setattr(warmup, "_steps", lambda game: [lambda: (calls.append(game), time.sleep(0.05))] * 3)
    return calls


def test_compiling_says_so_with_a_progress_bar(fresh, monkeypatch):
    monkeypatch.setattr(warmup, "is_cached", lambda game: False)
    stream = io.StringIO()
    warmup.ensure_compiled("rummy", stream=stream)
    text = stream.getvalue()
    assert text.startswith("compiling the fast simulator for rummy (first time only)…\n")
    assert "/3 [" in text and "done: rummy compiled in" in text  # a bar over the three steps, then a summary
    assert fresh == ["rummy"] * 3


def test_loading_from_the_cache_is_silent_and_happens_once(fresh, monkeypatch):
    monkeypatch.setattr(warmup, "is_cached", lambda game: True)
    stream = io.StringIO()
    assert warmup.ensure_compiled("plump", stream=stream) > 0
    assert warmup.ensure_compiled("plump", stream=stream) == 0.0
    assert stream.getvalue() == "" and fresh == ["plump"] * 3


def test_when_the_cache_cannot_be_read_a_slow_start_still_speaks(fresh, monkeypatch):
    monkeypatch.setattr(warmup, "is_cached", lambda game: None)
    monkeypatch.setattr(warmup, "QUIET_SECONDS", 0.02)
    stream = io.StringIO()
    warmup.ensure_compiled("femkamp", stream=stream)
    assert "compiling the fast simulator for femkamp" in stream.getvalue()


def test_the_message_is_in_the_current_language(fresh, monkeypatch):
    from cardlab.i18n import get_language, set_language

    monkeypatch.setattr(warmup, "is_cached", lambda game: False)
    before = get_language()
    set_language("sv")
    try:
        stream = io.StringIO()
        warmup.ensure_compiled("plump", stream=stream)
    finally:
        set_language(before)
    assert stream.getvalue().startswith("kompilerar den snabba simulatorn för plump (bara första gången)…")


def test_the_real_kernels_are_found_in_the_cache():
    for game in warmup.GAMES:
        assert warmup.is_cached(game) in (True, False)  # the check works with this numba


def test_cardlab_warmup_compiles_every_game(fresh, monkeypatch, capsys):
    monkeypatch.setattr(warmup, "is_cached", lambda game: True)
    assert main(["warmup"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == list(warmup.GAMES)
    assert all("ready" in line for line in out)
    assert fresh == [g for g in warmup.GAMES for _ in range(3)]


def test_unknown_game_is_refused():
    from cardlab.errors import RulesError

    with pytest.raises(RulesError, match="chess"):
        warmup.ensure_compiled("chess")


def test_warmup_says_first_how_long_compiling_takes(fresh, monkeypatch):
    monkeypatch.setattr(warmup, "is_cached", lambda game: game == "plump")
    stream = io.StringIO()
    warmup.warmup(stream=stream)
    first = stream.getvalue().splitlines()[0]
    assert first.startswith("Compiling the fast simulator for femkamp, rummy, once for this machine.")
    assert f"({warmup.MEASURED['cpu_seconds']} s measured" in first and f"up to {warmup.MEASURED['busy_minutes']} minutes" in first
    quiet = io.StringIO()                       # everything compiled: nothing to announce
    monkeypatch.setattr(warmup, "_done", set())
    monkeypatch.setattr(warmup, "is_cached", lambda game: True)
    warmup.warmup(stream=quiet)
    assert quiet.getvalue() == ""
