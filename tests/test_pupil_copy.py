"""The pupils' copies of the classroom notebook (one per language) are in step with the teacher's and show no answers."""

import importlib.util
from pathlib import Path

import nbformat
import pytest

from cardlab.notebook_tools import ANSWER_TAG, PUPIL_NOTE, is_answer_cell, pupil_copy, write_pupil_copy

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
build_notebooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_notebooks)

#: (teacher's notebook, pupils' notebook, the answer key's heading) per language
PAIRS = [(NOTEBOOKS / "teacher" / f"{teacher}.ipynb", NOTEBOOKS / f"{pupil}.ipynb")
         for pupil, teacher in build_notebooks.DERIVED.items()]
KEY_HEADINGS = ("**Answer key.**", "**Facit.**", "**Fasit.**")


def test_there_is_a_pupils_copy_in_each_language():
    langs = set()
    for teacher, pupil in PAIRS:
        assert teacher.exists() and pupil.exists()
        source = build_notebooks.source_path(teacher.stem).read_text(encoding="utf-8")
        langs |= {lang for lang in ("sv", "nb", "en") if f'LANG = "{lang}"' in source}
    assert langs == {"sv", "nb", "en"}


@pytest.mark.parametrize("teacher, pupil", PAIRS, ids=lambda p: p.stem)
def test_teacher_copy_has_an_answer_key(teacher, pupil):
    nb = nbformat.read(teacher, as_version=4)
    assert sum(is_answer_cell(c) for c in nb.cells) >= 3


@pytest.mark.parametrize("teacher, pupil", PAIRS, ids=lambda p: p.stem)
def test_pupil_copy_is_in_step(tmp_path, teacher, pupil):
    fresh = write_pupil_copy(teacher, tmp_path / pupil.name)
    stored = nbformat.read(pupil, as_version=4)
    made = nbformat.read(fresh, as_version=4)
    assert [(c.cell_type, c.source, c.get("outputs")) for c in stored.cells] == \
           [(c.cell_type, c.source, c.get("outputs")) for c in made.cells]


@pytest.mark.parametrize("teacher, pupil", PAIRS, ids=lambda p: p.stem)
def test_pupil_copy_holds_no_answers(teacher, pupil):
    teacher_nb = nbformat.read(teacher, as_version=4)
    pupil_nb = nbformat.read(pupil, as_version=4)
    assert not any(ANSWER_TAG in c.metadata.get("tags", []) for c in pupil_nb.cells)
    answers = [c.source for c in teacher_nb.cells if is_answer_cell(c)]
    pupil_sources = [c.source for c in pupil_nb.cells]
    assert answers and not any(a in pupil_sources for a in answers)
    text = nbformat.writes(pupil_nb)
    assert not any(h in text for h in KEY_HEADINGS) and "q.answer" not in text and "teacher_note" not in text


@pytest.mark.parametrize("teacher, pupil", PAIRS, ids=lambda p: p.stem)
def test_the_maintainers_note_is_out_of_the_pupils_sight(teacher, pupil):
    """The note "made automatically, edit the original" is in the metadata and the text source, never in a cell."""
    nb = nbformat.read(pupil, as_version=4)
    assert not any("made automatically" in c.source for c in nb.cells)
    assert nb.metadata["cardlab"] == {"note": PUPIL_NOTE, "made_from": f"teacher/{teacher.name}"}
    assert nb.cells[0].source.startswith("# ")                       # a pupil's first sight is the title
    header = build_notebooks.source_path(pupil.stem).read_text(encoding="utf-8").split("# ---")[1]
    assert "made automatically from the original" in header and f"made_from: teacher/{teacher.name}" in header


def test_every_other_cell_is_kept():
    for teacher, _ in PAIRS:
        nb = nbformat.read(teacher, as_version=4)
        kept = [c.source for c in nb.cells if not is_answer_cell(c)]
        assert [c.source for c in pupil_copy(nb).cells] == kept
