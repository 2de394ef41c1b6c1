"""The README's examples run as written, each on its own in a new Python process (a new user copies one).

Every ```python block must work alone: its own imports, no names from an
earlier block.  Each runs in a fresh interpreter in an empty folder.  The
command-line examples that need no long run are checked too: the example grid
ships, and ``cardlab sweep`` runs it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, flags=re.S)
BASH_BLOCKS = re.findall(r"```bash\n(.*?)```", TEXT, flags=re.S)


def _first_line(block: str) -> str:
    return next(line for line in block.splitlines() if line.strip() and not line.startswith(("from ", "import ")))


def test_there_are_examples():
    assert len(PYTHON_BLOCKS) >= 7


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[_first_line(b)[:40] for b in PYTHON_BLOCKS])
def test_each_python_block_runs_alone_in_a_new_process(block, tmp_path):
    done = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{block}\n{done.stderr[-3000:]}"
    if "match.save(" in block:
        assert (tmp_path / "game.json").is_file()


def test_the_readme_sweep_runs_the_example_grid_that_ships(tmp_path):
    sweep = [line for block in BASH_BLOCKS for line in block.splitlines() if line.startswith("cardlab sweep")]
    assert sweep[0].split("#")[0].split() == ["cardlab", "sweep", "--example", ">", "grid.toml"]
    assert sweep[1].split("#")[0].split()[:3] == ["cardlab", "sweep", "grid.toml"]
    example = subprocess.run([sys.executable, "-m", "cardlab", "sweep", "--example"], capture_output=True, text=True,
                             cwd=tmp_path, check=True).stdout
    # the same grid, with fewer rounds so the test is quick, run without Dask
    (tmp_path / "grid.toml").write_text(re.sub(r"(?m)^rounds = .*$", "rounds = 2_000", example), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cardlab", "sweep", "grid.toml", "--serial", "--out", "table.csv"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = (tmp_path / "table.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 2 * 2 * (3 + 4 + 5)  # header, then one row per configuration × seat
    assert "p_zero" in lines[0]
