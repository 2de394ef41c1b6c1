"""Write the notebooks in notebooks/ from the cell lists below (run, then execute them).

    .venv/bin/python tools/build_notebooks.py            # write every notebook (unexecuted)
    .venv/bin/python tools/build_notebooks.py --execute  # … and execute them in place, make the pupil copy

Cells are short on purpose.  ``code(..., silent=True)`` marks a cell that prints
nothing (an import, a definition): tests/test_notebooks_stored.py accepts such
a cell without outputs.  ``ignore=True`` tags a cell ``nbval-ignore-output``
(widgets, whose state nbval cannot compare).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from notebook_cells import ALL  # noqa: E402


def make(cells) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
                   "language_info": {"name": "python"}}
    for kind, text, tags in cells:
        cell = nbformat.v4.new_markdown_cell(text) if kind == "md" else nbformat.v4.new_code_cell(text)
        if tags:
            cell.metadata["tags"] = list(tags)
        nb.cells.append(cell)
    # stable cell ids (nbformat makes random ones otherwise)
    stem = "c"
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{stem}{i:03d}"
    return nb


def write_all(names=None) -> list[Path]:
    written = []
    for name, cells in ALL.items():
        if names and name not in names:
            continue
        path = NOTEBOOKS / f"{name}.ipynb"
        nbformat.write(make(cells), path)
        written.append(path)
    return written


def execute(paths) -> None:
    jupyter = ROOT / ".venv" / "bin" / "jupyter"
    for path in paths:
        print("executing", path.name, flush=True)
        subprocess.run([str(jupyter), "nbconvert", "--to", "notebook", "--execute", "--inplace",
                        "--ExecutePreprocessor.timeout=600", str(path)], check=True, cwd=NOTEBOOKS)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    paths = write_all(args)
    if "--execute" in sys.argv:
        execute(paths)
        from cardlab.notebook_tools import write_pupil_copy

        teacher = NOTEBOOKS / "05_classroom_exercises.ipynb"
        if teacher in paths:
            write_pupil_copy(teacher, NOTEBOOKS / "05_classroom_exercises_pupil.ipynb")
    print("\n".join(p.name for p in paths))
