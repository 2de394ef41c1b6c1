"""Nothing lost when a save is cut short: every file cardlab writes is either the old or the new
complete version, whatever moment the writer is killed at, and a reader never sees half a file.

* a child process (forked, so it starts at once) saves and loads in a loop (a game with
  ``Match.save``, quiz results with ``save_results``, a score sheet with ``write_pdf``, a ``--out``
  file with the command line's ``write_text``, a 1 MB file with ``write_atomically``) while the
  test kills it with SIGKILL at seeded random moments, 100 times; after each kill every file
  loads, and holds the version the child last reported or the one after it;
* one thread saves a game over and over while another loads it: no load ever finds a short file.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import threading
import time
import warnings
from pathlib import Path

import pytest

from cardlab import Match, PlumpRules, RandomBot
from cardlab.atomic import write_atomically
from cardlab.classroom import collect_results, save_results
from cardlab.cli.common import write_text
from cardlab.pdf.layout import write_pdf

KILLS = 100
GAME_LENGTHS = 7   # the child's game file holds 1 … 7 actions, by version

def _blob(version: int, size: int) -> bytes:
    """A file that says its version and carries a checksum of the rest (a torn file cannot pass)."""
    body = (f"{version:08d}" * (size // 8)).encode()
    return json.dumps({"version": version, "sha": hashlib.sha256(body).hexdigest()}).encode() + b"\n" + body


def _version(data: bytes) -> int:
    head, body = data.split(b"\n", 1)
    head = json.loads(head)
    assert hashlib.sha256(body).hexdigest() == head["sha"], "a torn file"
    return head["version"]


def _games() -> list[Match]:
    games = []
    for length in range(1, GAME_LENGTHS + 1):
        match = Match.new("plump", PlumpRules.preset("kids"), rng=1)
        bot = RandomBot(rng=2)
        for _ in range(length):
            match.apply(bot.choose(match.game.view(match.game.to_move)))
        games.append(match)
    return games


def _versions_on_disk(folder: Path) -> dict[str, int]:
    """The version of every file the writer writes (each must load whole; the game's is mod GAME_LENGTHS)."""
    found = {}
    for key, name in (("big", "big.bin"), ("pdf", "sheet.pdf"), ("csv", "out.csv")):
        if (folder / name).exists():
            found[key] = _version((folder / name).read_bytes())
    if (folder / "game.json").exists():
        found["game"] = len(Match.load(folder / "game.json").actions) - 1
    if (folder / "class").exists():
        with warnings.catch_warnings():
            warnings.simplefilter("error")      # a skipped (torn) results file fails the test
            positions = collect_results(folder / "class")["position"].tolist()
        assert len(positions) <= 1, positions   # none only when the very first save was cut short
        if positions:
            found["results"] = int(positions[0][1:])
    return found


def _save_and_load_forever(folder: Path, games: list[Match], report) -> None:
    """The writer: check every file loads, then save the next version of each; say each version finished."""
    version = _versions_on_disk(folder).get("big", -1)
    while True:
        found = _versions_on_disk(folder)
        assert all(v in ({version % GAME_LENGTHS, (version + 1) % GAME_LENGTHS} if k == "game" else {version, version + 1})
                   for k, v in found.items()), found
        version += 1
        save_results([{"question": 1, "position": f"v{version}", "answer": "K♣", "correct": True}], folder / "class",
                     pupil="Anna", exercise="trick", pupil_id="0123456789abcdef")
        games[version % GAME_LENGTHS].save(folder / "game.json")
        write_pdf(_blob(version, 200_000), folder / "sheet.pdf")
        write_text(folder / "out.csv", _blob(version, 50_000).decode())
        write_atomically(folder / "big.bin", _blob(version, 1_000_000))   # last: its version is the writer's
        os.write(report, f"{version}\n".encode())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_killed_at_random_moments_every_file_is_the_old_or_the_new_version(tmp_path):
    rng = random.Random(24)
    games = _games()
    collect_results(tmp_path, missing_ok=True)      # pandas imported before forking, so the writer starts at once
    last = -1          # the highest version a writer said it finished
    mid_write = 0      # kills that came while a save was under way (files at two versions)
    for kill in range(KILLS):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:   # the writer, a child process
            os.close(read_end)
            try:
                _save_and_load_forever(tmp_path, games, write_end)
            except BaseException:
                os._exit(3)
            os._exit(4)
        os.close(write_end)
        time.sleep(rng.uniform(0.0, 0.5))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        with os.fdopen(read_end, "rb") as pipe:
            saved = [int(line) for line in pipe.read().split()]
        # killed by us: the writer never found a file it could not load
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (kill, status)
        assert saved == list(range(last + 1, last + 1 + len(saved)))
        last = saved[-1] if saved else last
        found = _versions_on_disk(tmp_path)
        assert "results" in found or last == -1, (kill, found)   # once written, the results file is always there
        # each file holds the last version the writer finished, or the one it was writing
        for name, version in found.items():
            want = {last, last + 1} if name != "game" else {last % GAME_LENGTHS, (last + 1) % GAME_LENGTHS}
            assert version in want, (kill, name, version, last)
        mid_write += len({v for k, v in found.items() if k != "game"}) > 1
        last = found.get("big", last)   # killed after its last replace but before saying so: the next writer resumes there
    assert last >= KILLS // 5       # the writers got work done between the kills (even on a busy machine)
    assert mid_write >= 10          # and many kills did land in the middle of a save
    # a hard kill may leave a hidden temporary file, never a file under a real name
    leftovers = [p.name for p in tmp_path.rglob(".*")]
    assert all(name.endswith(".tmp") for name in leftovers), leftovers
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [
        "big.bin", "class", "game.json", "out.csv", "sheet.pdf"]
    print(f"{KILLS} kills, {last + 1} complete saves of 5 files, {mid_write} kills in the middle of a save")


def _short_match(length: int) -> Match:
    match = Match.new("plump", PlumpRules.preset("kids"), rng=3)
    bot = RandomBot(rng=4)
    for _ in range(length):
        match.apply(bot.choose(match.game.view(match.game.to_move)))
    return match


def test_a_reader_never_sees_half_a_saved_game_while_another_thread_saves(tmp_path):
    path = tmp_path / "game.json"
    versions = [_short_match(n) for n in (3, 9)]
    versions[0].save(path)
    stop = threading.Event()
    saves = 0

    def saver():
        nonlocal saves
        while not stop.is_set():
            versions[saves % 2].save(path)
            saves += 1

    thread = threading.Thread(target=saver)
    thread.start()
    lengths = []
    give_up = time.monotonic() + 60
    try:   # at least 2,000 loads, and on until the other thread saved 200 times (a busy machine is slower)
        while (len(lengths) < 2000 or saves < 200) and time.monotonic() < give_up:
            lengths.append(len(Match.load(path).actions))   # a short file would raise SaveFileError
    finally:
        stop.set()
        thread.join()
    assert set(lengths) == {3, 9} and saves >= 200 and len(lengths) >= 2000, (set(lengths), saves, len(lengths))
    print(f"{len(lengths)} loads while {saves} saves ran: none found a short file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]   # no temporary file left


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path):
    path = write_atomically(tmp_path / "x.csv", "old\n")
    os.chmod(path, 0o640)

    def half(handle):
        handle.write(b"new, half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, half)
    assert path.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["x.csv"]
    write_atomically(path, "new\n")
    assert path.read_text() == "new\n" and (path.stat().st_mode & 0o777) == 0o640   # permissions kept
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "missing" / "x.csv", "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.csv"]


def test_a_link_is_followed_and_kept_and_a_device_written_straight_into(tmp_path):
    real = write_atomically(tmp_path / "real.csv", "old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert write_atomically(link, "new\n") == link
    assert link.is_symlink() and real.read_text() == "new\n"
    assert write_atomically("/dev/null", b"x" * 10) == Path("/dev/null") and Path("/dev/null").is_char_device()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv", "real.csv"]
