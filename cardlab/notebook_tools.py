"""Tools for the notebooks in ``notebooks/``: the pupil's copy of a classroom notebook.

A teacher's notebook marks the cells that hold answers with the cell tag
``answer-key``.  :func:`pupil_copy` returns the notebook without those cells
(everything else, outputs included, stays as it is), so the pupil's copy is
always in step with the teacher's.  The note for maintainers (where the copy
comes from, not to edit it) goes into the notebook's metadata, where a pupil
never sees it.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Which card wins?"),
...                                      nbformat.v4.new_markdown_cell("Facit: A♠")])
>>> nb.cells[1].metadata["tags"] = ["answer-key"]
>>> copy_ = pupil_copy(nb, made_from="teacher/05_classroom_exercises.ipynb")
>>> [c.source for c in copy_.cells], copy_.metadata["cardlab"]["made_from"]
(['Which card wins?'], 'teacher/05_classroom_exercises.ipynb')

Command line::

    python -m cardlab.notebook_tools notebooks/teacher/05_classroom_exercises.ipynb notebooks/05_classroom_exercises_pupil.ipynb
"""

from __future__ import annotations

import copy
import os
import sys
from pathlib import Path

ANSWER_TAG = "answer-key"
#: The note for maintainers, kept in the copy's metadata (``metadata["cardlab"]["note"]``), never in a cell.
PUPIL_NOTE = "Pupils' notebook, made automatically from the original: edit the original, not this file."
#: The metadata key of that note.
METADATA_KEY = "cardlab"


def is_answer_cell(cell) -> bool:
    """True when the cell is tagged ``answer-key``."""
    return ANSWER_TAG in cell.get("metadata", {}).get("tags", [])


def pupil_copy(notebook, *, made_from: str | None = None, note: str = PUPIL_NOTE):
    """A copy of ``notebook`` (an nbformat node) without its ``answer-key`` cells.

    ``made_from``: the original's path, recorded with ``note`` in the copy's metadata (for
    maintainers; a pupil sees neither).
    """
    out = copy.deepcopy(notebook)
    out.cells = [cell for cell in out.cells if not is_answer_cell(cell)]
    out.metadata[METADATA_KEY] = {"note": note, **({"made_from": made_from} if made_from else {})}
    return out


def write_pupil_copy(teacher: "str | Path", pupil: "str | Path") -> Path:
    """Read the teacher's notebook, strip the answer key, write the pupil's copy; returns its path."""
    import nbformat

    teacher, pupil = Path(teacher), Path(pupil)
    nb = nbformat.read(teacher, as_version=4)
    made_from = Path(os.path.relpath(teacher, pupil.parent)).as_posix()
    nbformat.write(pupil_copy(nb, made_from=made_from), pupil)
    return pupil


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        sys.stderr.write("usage: python -m cardlab.notebook_tools TEACHER.ipynb PUPIL.ipynb\n")
        return 2
    print(write_pupil_copy(args[0], args[1]))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
