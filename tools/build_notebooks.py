"""Build the notebooks in notebooks/ from their text sources in notebooks/text/ (jupytext, percent format).

Each notebook ``notebooks/NAME.ipynb`` is paired with ``notebooks/text/NAME.py`` (see
``notebooks/jupytext.toml``): the ``.py`` file is the source that is reviewed like code, the
``.ipynb`` file is what a reader opens, stored executed so that nbval can check its outputs.
The teacher's notebooks (answer key, the class's results) live apart, in ``notebooks/teacher/``
with their sources in ``notebooks/teacher/text/``; the classroom app never serves that folder.

    .venv/bin/python tools/build_notebooks.py                  # rebuild every notebook and execute it
    .venv/bin/python tools/build_notebooks.py 12_the_hook      # … only this one
    .venv/bin/python tools/build_notebooks.py --no-execute     # inputs only (outputs dropped)
    .venv/bin/python tools/build_notebooks.py --check          # exit 1 if a stored notebook differs from its source

A teacher who edits a notebook in JupyterLab keeps the pair in sync: with jupytext installed (the
``lab`` extra), saving the notebook writes both files.  The pupil's copy of the classroom
notebook is made from the teacher's after it is executed (:mod:`cardlab.notebook_tools`).

Cell tags in the sources: ``output-free`` marks a cell that prints nothing (an import, a
definition, a cell ending in ``assert``): tests/test_notebooks_stored.py accepts it without
outputs.  ``nbval-ignore-output`` marks a cell whose output nbval cannot compare (widgets).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TEXT = NOTEBOOKS / "text"
#: The teacher's notebooks (answer keys, the class's results) live apart from the pupils', with their sources.
TEACHER = "teacher"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
#: notebooks made from another one rather than from a source of their own: the pupils' copy → the teacher's
#: original, one pair per language (English, Swedish, Norwegian)
DERIVED = {"05_classroom_exercises_pupil": "05_classroom_exercises",
           "05_klassrumsovningar_elev": "05_klassrumsovningar",
           "05_klasseromsoppgaver_elev": "05_klasseromsoppgaver"}


#: the notebook metadata a derived notebook's text source keeps in its header (the note for maintainers)
DERIVED_METADATA = "cardlab,kernelspec,jupytext,-jupytext.text_representation.jupytext_version"


def folder(name: str) -> Path:
    """The folder of notebook ``name``: ``notebooks/teacher/`` for a teacher's notebook, else ``notebooks/``."""
    teacher = NOTEBOOKS / TEACHER
    return teacher if (teacher / "text" / f"{name}.py").exists() or (teacher / f"{name}.ipynb").exists() else NOTEBOOKS


def source_path(name: str) -> Path:
    return folder(name) / "text" / f"{name}.py"


def notebook_path(name: str) -> Path:
    return folder(name) / f"{name}.ipynb"


def _sources() -> list[Path]:
    return [*TEXT.glob("*.py"), *(NOTEBOOKS / TEACHER / "text").glob("*.py")]


def _stored() -> list[Path]:
    return [*NOTEBOOKS.glob("*.ipynb"), *(NOTEBOOKS / TEACHER).glob("*.ipynb")]


def names() -> list[str]:
    """Every notebook that has a text source, in order."""
    return sorted(p.stem for p in _sources())


def read_source(name: str) -> nbformat.NotebookNode:
    """The notebook as its text source describes it: cells and tags, stable cell ids, no outputs."""
    nb = jupytext.read(source_path(name), fmt="py:percent")
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:03d}"
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        keep = {k: v for k, v in cell.metadata.items() if k == "tags"}
        cell.metadata = keep
    return nb


def cell_signature(nb) -> list[tuple]:
    """What a text source fixes about a notebook: each cell's type, source and tags."""
    return [(c.cell_type, c.source, tuple(c.metadata.get("tags", []))) for c in nb.cells]


def differences() -> list[str]:
    """Names of the stored notebooks that no longer match their text source (or lack one)."""
    out = []
    sources = set(names())
    stored = {p.stem for p in _stored()}
    out += [f"{n}.ipynb has no text source" for n in sorted(stored - sources)]
    out += [f"text/{n}.py has no stored notebook" for n in sorted(sources - stored)]
    for name in sorted(sources & stored):
        if cell_signature(read_source(name)) != cell_signature(nbformat.read(notebook_path(name), as_version=4)):
            out.append(f"{name}.ipynb differs from text/{name}.py")
    return out


def execute(nb: nbformat.NotebookNode, where: Path = NOTEBOOKS) -> nbformat.NotebookNode:
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=900, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(where)}}).execute()
    return nb


def build(name: str, *, run: bool = True) -> Path:
    """Write ``notebooks/NAME.ipynb`` from its source (executed unless ``run`` is false)."""
    nb = read_source(name)
    if run:
        print("executing", name, flush=True)
        nb = execute(nb, folder(name))
    nbformat.write(nb, notebook_path(name))
    return notebook_path(name)


def build_derived(copy: str) -> Path:
    """Make a derived notebook (the pupil's copy) and its text source from the built original."""
    from cardlab.notebook_tools import write_pupil_copy

    path = write_pupil_copy(notebook_path(DERIVED[copy]), notebook_path(copy))
    nb = nbformat.read(path, as_version=4)
    # the text source keeps the maintainers' note (notebook metadata "cardlab") in its header
    nb.metadata["jupytext"] = {"notebook_metadata_filter": DERIVED_METADATA}
    jupytext.write(nb, source_path(copy), fmt="py:percent")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook names without extension (default: all)")
    parser.add_argument("--no-execute", action="store_true", help="write the inputs only")
    parser.add_argument("--check", action="store_true", help="only compare stored notebooks with their sources")
    args = parser.parse_args(argv)
    if args.check:
        problems = differences()
        print("\n".join(problems) or "every notebook matches its text source")
        return 1 if problems else 0
    wanted = args.names or names()
    unknown = [n for n in wanted if not source_path(n).exists()]
    if unknown:
        parser.error(f"no text source for {', '.join(unknown)} in {TEXT}")
    for name in wanted:
        if name in DERIVED:
            continue
        build(name, run=not args.no_execute)
    for copy, original in DERIVED.items():
        if original in wanted:
            build_derived(copy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
