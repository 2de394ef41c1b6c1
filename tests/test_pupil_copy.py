"""The pupil's copy of the classroom notebook is in step with the teacher's and shows no answers."""

from pathlib import Path

import nbformat

from cardlab.notebook_tools import ANSWER_TAG, is_answer_cell, pupil_copy, write_pupil_copy

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TEACHER = NOTEBOOKS / "teacher" / "05_classroom_exercises.ipynb"
PUPIL = NOTEBOOKS / "05_classroom_exercises_pupil.ipynb"


def test_teacher_copy_has_an_answer_key():
    nb = nbformat.read(TEACHER, as_version=4)
    assert sum(is_answer_cell(c) for c in nb.cells) >= 3


def test_pupil_copy_is_in_step(tmp_path):
    fresh = write_pupil_copy(TEACHER, tmp_path / PUPIL.name)
    stored = nbformat.read(PUPIL, as_version=4)
    made = nbformat.read(fresh, as_version=4)
    assert [(c.cell_type, c.source, c.get("outputs")) for c in stored.cells] == \
           [(c.cell_type, c.source, c.get("outputs")) for c in made.cells]


def test_pupil_copy_holds_no_answers():
    teacher = nbformat.read(TEACHER, as_version=4)
    pupil = nbformat.read(PUPIL, as_version=4)
    assert not any(ANSWER_TAG in c.metadata.get("tags", []) for c in pupil.cells)
    answers = [c.source for c in teacher.cells if is_answer_cell(c)]
    pupil_sources = [c.source for c in pupil.cells]
    assert answers and not any(a in pupil_sources for a in answers)
    text = nbformat.writes(pupil)
    assert "**Answer key.**" not in text and "q.answer" not in text


def test_every_other_cell_is_kept():
    teacher = nbformat.read(TEACHER, as_version=4)
    kept = [c.source for c in teacher.cells if not is_answer_cell(c)]
    assert [c.source for c in pupil_copy(teacher).cells] == kept
