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

from cardlab.kernels import _numba
from cardlab.kernels._numba import PACKAGE, kernel_fingerprint

ROOT = Path(__file__).resolve().parents[1]


def _copy_of_the_package(tmp_path: Path) -> Path:
    copy = tmp_path / "cardlab"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc"))
    return copy


def test_a_changed_helper_module_or_bid_table_changes_the_fingerprint(tmp_path):
    package = _copy_of_the_package(tmp_path)
    before = kernel_fingerprint(package)
    assert before == kernel_fingerprint(PACKAGE)  # where the package lies does not matter

    helper = package / "kernels" / "plump_heuristic.py"   # called by plump_kernel, not defined there
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
    os.utime(package / "kernels" / "bits.py", (time.time() + 100, time.time() + 100))
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
    done = subprocess.run([sys.executable, "-c", "from cardlab.kernels._numba import cache_dir; print(cache_dir())"],
                          capture_output=True, text=True, cwd=ROOT, env=environ)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_a_users_numba_cache_dir_is_keyed_too_and_cardlabs_own_choice_is_made_again(tmp_path):
    mine = tmp_path / "my-numba-cache"
    (mine / "someone-elses").mkdir(parents=True)
    for name in ("cardlab-" + "a" * 16, "cardlab-" + "b" * 16, "cardlab-" + "c" * 16):
        (mine / name).mkdir()
        os.utime(mine / name, (time.time() - 1000, time.time() - 1000))
    assert _cache_dir_in_a_new_process({"NUMBA_CACHE_DIR": str(mine)}) == str(mine / f"cardlab-{kernel_fingerprint()}")
    # the three newest cardlab folders stay; nothing else in the user's folder is touched
    assert len([p for p in mine.iterdir() if p.name.startswith("cardlab-")]) == 3 and (mine / "someone-elses").is_dir()
    # a process started from that one (a Jupyter kernel) keys inside the user's folder again
    keyed = str(mine / ("cardlab-" + "0" * 16))
    inherited = {"NUMBA_CACHE_DIR": keyed, _numba.CHOSEN: keyed, _numba.USER_DIR: str(mine)}
    assert _cache_dir_in_a_new_process(inherited) == str(mine / f"cardlab-{kernel_fingerprint()}")
    # a process started by an older cardlab process inherits that one's choice: it chooses afresh
    stale = str(tmp_path / "numba" / ("0" * 16))
    chosen = _cache_dir_in_a_new_process({"NUMBA_CACHE_DIR": stale, _numba.CHOSEN: stale})
    assert Path(chosen).name == kernel_fingerprint() and chosen != stale


PROBE_HELPER = """
from cardlab.kernels._numba import njit


@njit(cache=True)
def step(x):
    return x + {step}
"""

PROBE_KERNEL = """
from cardlab.kernels._numba import njit, cache_dir
from cardlab.sim._probe_helper import step


@njit(cache=True)
def kernel(n):
    total = 0
    for i in range(n):
        total = step(total)
    return total


print(kernel(10), kernel.stats.cache_hits.get(kernel.signatures[0], 0) if kernel.signatures else 0, cache_dir())
"""


def test_an_edited_helper_recompiles_under_a_users_numba_cache_dir(tmp_path):
    """One small kernel in a copy of the package calls a helper in another module; with the user's own
    NUMBA_CACHE_DIR the second run loads it from the cache, and after the helper is edited the next run
    compiles again and gives the new numbers (numba alone would load the old kernel: its file did not change)."""
    package = _copy_of_the_package(tmp_path / "site")
    (package / "sim" / "_probe_helper.py").write_text(PROBE_HELPER.format(step=1))
    (package / "sim" / "_probe_kernel.py").write_text(PROBE_KERNEL)
    mine = tmp_path / "my-numba-cache"
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "CARDLAB_NUMBA"))}
    environ.update({"NUMBA_CACHE_DIR": str(mine), "PYTHONPATH": str(package.parent)})

    def run() -> tuple[int, int, Path]:
        done = subprocess.run([sys.executable, "-m", "cardlab.sim._probe_kernel"], capture_output=True, text=True,
                              cwd=tmp_path, env=environ)
        assert done.returncode == 0, done.stderr[-2000:]
        value, hits, folder = done.stdout.split()
        return int(value), int(hits), Path(folder)

    first = run()
    assert first[0] == 10 and first[1] == 0 and first[2].parent == mine       # compiled, inside the user's folder
    again = run()
    assert again == (10, 1, first[2])                                          # loaded from the cache
    (package / "sim" / "_probe_helper.py").write_text(PROBE_HELPER.format(step=2))
    edited = run()
    assert edited[0] == 20 and edited[1] == 0 and edited[2] != first[2]        # compiled afresh: the new numbers
    assert edited[2].parent == mine and edited[2].name == f"cardlab-{kernel_fingerprint(package)}"
