"""What an installed wheel can do: load the shipped tables, print the example grid, and cache its
compiled kernels even when the package folder cannot be written.

The wheel is built with ``pip wheel --no-deps`` from a copy of the sources and
unpacked into a folder that is put first on ``PYTHONPATH`` of a new process
started somewhere else, so nothing of the clone is used.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("source")
    shutil.copytree(ROOT / "cardlab", source / "cardlab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    (built,) = out.glob("cardlab-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked as site-packages would hold it."""
    site = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def _run(site: Path, code: str, cwd: Path, env: dict | None = None, user: int | None = None):
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "CARDLAB_"))}
    environ.update(env or {})
    environ["PYTHONPATH"] = str(site)
    command = [sys.executable, "-c", code]
    if user is not None:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=environ)


def test_the_wheel_holds_the_tables_the_example_grid_and_the_licence(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("cardlab/data/manifest.json", "cardlab/data/plump_zero_bids.csv", "cardlab/examples/grid.toml",
                 "cardlab/py.typed", "cardlab/presets/plump/kids.toml"):
        assert name in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = next(zipfile.ZipFile(wheel).read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in metadata and "Project-URL: Source" in metadata


def test_load_table_reads_the_shipped_table_from_the_installed_wheel(installed, tmp_path):
    code = ("import cardlab, json\n"
            "from cardlab import load_table\n"
            "from cardlab.data_files import table_path\n"
            "df = load_table('plump_zero_bids')\n"
            "print(json.dumps([cardlab.__file__, str(table_path('plump_zero_bids')), len(df)]))\n")
    done = _run(installed, code, tmp_path, env={"CARDLAB_DATA_DIR": str(tmp_path / "none-built")})
    assert done.returncode == 0, done.stderr
    import json

    module, table, rows = json.loads(done.stdout)
    assert module.startswith(str(installed)) and table.startswith(str(installed))
    assert rows > 100


def test_data_build_and_load_table_agree_on_the_folder(installed, tmp_path):
    mine = tmp_path / "my-tables"
    code = ("from cardlab.data_build import build\n"
            "from cardlab.data_files import table_path, user_data_dir\n"
            "from cardlab import load_table\n"
            "build(only=['plump_one_card_exact'], workers=1)\n"
            "print(user_data_dir(), table_path('plump_one_card_exact'), len(load_table('plump_one_card_exact')))\n")
    done = _run(installed, code, tmp_path, env={"CARDLAB_DATA_DIR": str(mine)})
    assert done.returncode == 0, done.stderr
    folder, table, rows = done.stdout.split()
    assert folder == str(mine) and table == str(mine / "plump_one_card_exact.csv") and int(rows) > 0
    assert (mine / "manifest.json").is_file()
    assert not (tmp_path / "data").exists()  # nothing written where the command happened to run


def test_the_example_grid_comes_with_the_wheel(installed, tmp_path):
    done = _run(installed, "from cardlab.cli import main; main(['sweep', '--example'])", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "[grid]" in done.stdout and "players" in done.stdout


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="needs POSIX users")
def test_compiled_kernels_are_cached_where_the_package_folder_is_read_only(installed):
    """A read-only site-packages: numba's cache goes to the user's cache folder, the second run loads it,
    and after a helper module changes the old compiled code is no longer used.

    As root the test drops to the user ``nobody`` (who may not write the package, which root owns);
    otherwise it makes the package read-only.  Everything lives in a folder every user may enter.
    """
    if os.getuid() == 0 and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: cannot become a user who may not write the package")
    user = 65534 if os.getuid() == 0 else None  # nobody
    base = Path(tempfile.mkdtemp(prefix="cardlab-read-only-"))
    try:
        base.chmod(0o755)
        site, home = base / "site", base / "home"
        # a clean copy: other tests of this module may have run (and cached kernels) in the shared one
        shutil.copytree(installed, site, ignore=shutil.ignore_patterns("*.nbi", "*.nbc"))
        home.mkdir()
        if user is not None:
            os.chown(home, user, user)
        for folder in [site, *site.rglob("*")]:  # readable by all, writable by no one but its owner (root)
            if folder.is_dir():
                folder.chmod(0o755 if user is not None else 0o555)
        code = ("import cardlab\n"
                "from cardlab.kernels._numba import cache_dir\n"
                "from cardlab import simulate, PlumpRules\n"
                "simulate('plump', PlumpRules(players=3), rounds=20, hand_size=2, rng=1)\n"
                "print(cardlab.__file__)\n"
                "print(cache_dir())\n")
        env = {"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
        done = _run(site, code, home, env=env, user=user)
        assert done.returncode == 0, done.stderr[-2000:]
        module, cache = done.stdout.strip().splitlines()[-2:]
        assert module.startswith(str(site))  # the installed copy, not the clone
        assert Path(cache).parent == home / ".cache" / "cardlab" / "numba"  # in the folder of this code's fingerprint
        assert "compiling the fast simulator for plump (first time only)" in done.stderr  # said, not silent
        assert "Numba" not in done.stderr, done.stderr[-2000:]  # and no compiler warnings beside it
        assert list(Path(cache).rglob("*.nbi")) and list(Path(cache).rglob("*.nbc"))  # compiled code was kept
        assert not list(site.rglob("*.nbi"))  # and nothing was written into the package
        again = _run(site, code, home, env=env, user=user)
        assert again.returncode == 0, again.stderr[-2000:]
        assert "compiling" not in again.stderr  # the second run loads from the cache, quietly
        # a helper the kernels call changes (as in an upgrade): never the old machine code, a fresh compile
        helper = site / "cardlab" / "kernels" / "bits.py"
        helper.chmod(0o644)
        helper.write_text(helper.read_text() + "\n# changed\n")
        helper.chmod(0o444)
        ask = ("from cardlab.kernels._numba import cache_dir\n"
               "from cardlab.sim.warmup import is_cached\n"
               "print(cache_dir())\n"
               "print(is_cached('plump'))\n")
        changed = _run(site, ask, home, env=env, user=user)
        assert changed.returncode == 0, changed.stderr[-2000:]
        fresh, cached = changed.stdout.strip().splitlines()[-2:]
        assert Path(fresh).parent == Path(cache).parent and Path(fresh) != Path(cache)
        assert cached == "False"  # so the next simulate() compiles (and says so) instead of loading old code
    finally:
        for folder in [base, *base.rglob("*")]:
            if folder.is_dir() and not folder.is_symlink():
                folder.chmod(0o755)
        shutil.rmtree(base, ignore_errors=True)
