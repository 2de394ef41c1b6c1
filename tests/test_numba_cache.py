"""The compiled kernels' cache is never stale: its folder is named by what the kernels are made of.

numba checks only the file defining a cached function; a change to a helper in another module,
or to the bidding table compiled into PlumpBot's twin, must still give freshly compiled code.
(The end-to-end check, a new process compiling again after a helper changed, is in
``test_packaging_wheel.py``.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardlab.sim import _numba
from cardlab.sim._numba import PACKAGE, kernel_fingerprint

ROOT = Path(__file__).resolve().parents[1]


def _copy_of_the_package(tmp_path: Path) -> Path:
    copy = tmp_path / "cardlab"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc"))
    return copy


def test_a_changed_helper_module_or_bid_table_changes_the_fingerprint(tmp_path):
    package = _copy_of_the_package(tmp_path)
    before = kernel_fingerprint(package)
    assert before == kernel_fingerprint(PACKAGE)  # where the package lies does not matter

    helper = package / "sim" / "plump_heuristic.py"   # called by plump_kernel, not defined there
    text = helper.read_text()
    helper.write_text(text + "\n# a new rule\n")
    changed = kernel_fingerprint(package)
    assert changed != before
    helper.write_text(text)
    assert kernel_fingerprint(package) == before      # the contents count, not the time stamp

    table = package / "data" / "plump_bid_weights.csv"
    table.write_text(table.read_text().replace("\n", "\n", 1) + "\n")
    assert kernel_fingerprint(package) not in (before, changed)


def test_tables_that_are_not_compiled_in_do_not_change_it(tmp_path):
    package = _copy_of_the_package(tmp_path)
    before = kernel_fingerprint(package)
    (package / "data" / "plump_zero_bids.csv").write_text("players,cards\n")
    os.utime(package / "sim" / "bits.py", (time.time() + 100, time.time() + 100))
    assert kernel_fingerprint(package) == before


def test_this_process_caches_in_the_folder_of_its_fingerprint():
    if os.environ.get("NUMBA_CACHE_DIR") != os.environ.get(_numba.CHOSEN):
        pytest.skip("this test run was given a NUMBA_CACHE_DIR of its own")
    assert _numba.cache_dir().name == kernel_fingerprint()
    assert os.environ["NUMBA_CACHE_DIR"] == str(_numba.cache_dir())


def test_only_the_newest_folders_are_kept(tmp_path):
    now = time.time()
    folders = []
    for age, name in enumerate(["a" * 16, "b" * 16, "c" * 16, "d" * 16, "e" * 16]):
        folder = tmp_path / name
        folder.mkdir()
        os.utime(folder, (now - 100 * age, now - 100 * age))
        folders.append(folder)
    other = tmp_path / "not-a-fingerprint"
    other.mkdir()
    current = folders[-1]   # the oldest by time, but the one in use
    _numba._prune(tmp_path, current)
    assert sorted(f.name for f in tmp_path.iterdir()) == sorted(
        [folders[0].name, folders[1].name, current.name, other.name])


def _cache_dir_in_a_new_process(env: dict) -> str:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "CARDLAB_NUMBA"))}
    environ.update(env)
    done = subprocess.run([sys.executable, "-c", "from cardlab.sim._numba import cache_dir; print(cache_dir())"],
                          capture_output=True, text=True, cwd=ROOT, env=environ)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_a_users_numba_cache_dir_is_kept_and_cardlabs_own_choice_is_made_again(tmp_path):
    mine = str(tmp_path / "my-numba-cache")
    assert _cache_dir_in_a_new_process({"NUMBA_CACHE_DIR": mine}) == mine
    # a process started by an older cardlab process inherits that one's choice: it chooses afresh
    stale = str(tmp_path / "numba" / ("0" * 16))
    chosen = _cache_dir_in_a_new_process({"NUMBA_CACHE_DIR": stale, _numba.CHOSEN: stale})
    assert Path(chosen).name == kernel_fingerprint() and chosen != stale
