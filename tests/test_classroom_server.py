"""What keeps a class's moves quick on one server (small served copies, templates compiled once,
refills at low priority; the load itself is measured by ``benchmarks/classroom_load.py``), what
``make app`` starts, and the file list pupils see.  The door and the limits, on a running server:
``tests/test_classroom_access.py``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from cardlab.classroom_server import (NOTEBOOKS, REFILL_NICENESS, TemplateCodeCache, _classroom_kernel_manager_factory,
                                      _share_compiled_templates, prepare_app_folder, start_in_background)


def test_served_copies_keep_the_cells_and_drop_what_a_run_stored(tmp_path):
    for copy in prepare_app_folder(tmp_path / "app"):
        original = json.loads((NOTEBOOKS / copy.name).read_text(encoding="utf-8"))
        served = json.loads(copy.read_text(encoding="utf-8"))
        assert [c["source"] for c in served["cells"]] == [c["source"] for c in original["cells"]], copy.name
        assert [c["cell_type"] for c in served["cells"]] == [c["cell_type"] for c in original["cells"]]
        assert all(c.get("outputs", []) == [] for c in served["cells"]), copy.name
        assert "widgets" not in served["metadata"] and served["metadata"]["kernelspec"] == original["metadata"]["kernelspec"]
    play = tmp_path / "app" / "02_play_plump.ipynb"
    assert play.stat().st_size * 5 < (NOTEBOOKS / "02_play_plump.ipynb").stat().st_size   # saved widget state was most of it


def test_voila_pages_compile_their_templates_once():
    voila_exporter = pytest.importorskip("voila.exporter")
    from voila.paths import collect_template_paths

    class Exporter(voila_exporter.VoilaExporter):
        pass

    cache = TemplateCodeCache()
    _share_compiled_templates(Exporter, cache)
    paths = collect_template_paths(["voila", "nbconvert"], "lab")
    for _ in range(3):                    # three pages, each with its own environment, as Voilà makes them
        Exporter(template_paths=paths, template_name="lab").environment.get_template("index.html.j2")
    assert cache.compiled >= 1 and cache.reused == 2 * cache.compiled


class _FakePool:
    """Stands in for Voilà's pooled kernel manager: records what each fill asked for."""

    def __init__(self) -> None:
        self._pools = {"lesson.ipynb": []}
        self.kernel_pools_config = {"lesson.ipynb": {"pool_size": 33}}
        self.fills: list[tuple[int, dict]] = []

    def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs):  # noqa: B006
        self.fills.append((self.kernel_pools_config[notebook_name]["pool_size"], kwargs))


def test_the_pool_fills_at_normal_priority_and_refills_at_low_priority():
    factory = _classroom_kernel_manager_factory(lambda *a, **k: _FakePool, spare=3)
    manager = factory(None, True, 0)()
    manager.fill_if_needed(notebook_name="lesson.ipynb")           # before the lesson: the whole pool
    manager._pools["lesson.ipynb"] = ["ready"] * 3
    manager.fill_if_needed(notebook_name="lesson.ipynb")           # three ready: nothing to do
    manager._pools["lesson.ipynb"] = ["ready"] * 2
    manager.fill_if_needed(notebook_name="lesson.ipynb")           # fewer than spare: refill up to spare
    assert [(size, kwargs.get("preexec_fn")) for size, kwargs in manager.fills] == [(33, None), (3, start_in_background)]
    assert manager.kernel_pools_config["lesson.ipynb"]["pool_size"] == 33      # the pool's own size is kept


@pytest.mark.skipif(not hasattr(os, "nice"), reason="process priorities are a POSIX feature")
def test_a_refill_kernel_runs_at_low_priority():
    before = os.nice(0)
    out = subprocess.run([sys.executable, "-c", "import os; print(os.nice(0))"], preexec_fn=start_in_background,
                         capture_output=True, text=True, check=True).stdout
    assert int(out) == min(19, before + REFILL_NICENESS)


# ------------------------------------------------------------------ what make app starts
def test_make_app_warms_every_lesson_and_hands_on_one_class_folder():
    """``make app`` passes the lessons (the quizzes included), the class folder (spaces and ~ kept for the
    server to expand) and the pupils' language to the server."""
    make = subprocess.run(["make", "-n", "app", "PY=python", "LAB=", "CLASS_DIR=~/klass 4b", "PUPILS=30", "CLASS_LANG=nb",
                           "LESSONS=03_play_femkamp.ipynb 05_classroom_exercises_pupil.ipynb"],
                          cwd=NOTEBOOKS.parent, capture_output=True, text=True, check=True).stdout
    command = " ".join(make.replace("\\\n", " ").split())
    assert '--lesson "03_play_femkamp.ipynb" --lesson "05_classroom_exercises_pupil.ipynb"' in command
    assert '--class-dir "~/klass 4b"' in command and "--lang nb" in command and "--pupils 30" in command
    from cardlab.classroom_server import DEFAULT_LESSONS, parse_lessons
    # with no LESSONS the server warms the Plump table and the quizzes in the class's language
    assert parse_lessons([], NOTEBOOKS) == list(DEFAULT_LESSONS) == ["02_play_plump.ipynb", "05_classroom_exercises_pupil.ipynb"]
    assert parse_lessons([], NOTEBOOKS, "sv") == ["02_spela_plump.ipynb", "05_klassrumsovningar_elev.ipynb"]
    assert parse_lessons([], NOTEBOOKS, "nb") == ["02_spille_plump.ipynb", "05_klasseromsoppgaver_elev.ipynb"]
    with pytest.raises(SystemExit, match="no pupil notebook '06_class_results.ipynb'"):
        parse_lessons(["06_class_results"], NOTEBOOKS)


def test_the_file_list_shows_titles_in_the_pupils_language_and_loads_nothing_from_elsewhere(tmp_path):
    from cardlab.classroom_server.pages import Lesson, file_list_page, lesson_of

    lessons = [lesson_of(p) for p in prepare_app_folder(tmp_path / "app")]
    titles = {x.path: x.title for x in lessons}
    assert titles["01_kort_och_stick.ipynb"] == "Kort och stick" and titles["02_play_plump.ipynb"] == "Play Plump"
    assert titles["05_classroom_exercises_pupil.ipynb"].startswith("Classroom exercises")   # not the maintainer's note
    assert all(not t.endswith(".ipynb") and "_" not in t for t in titles.values()), titles
    langs = {x.path: x.lang for x in lessons}
    assert langs["01_kort_och_stick.ipynb"] == "sv" and langs["01_cards_and_tricks.ipynb"] == "en"
    swedish = file_list_page(lessons, "sv", pupil_name="Åsa <3")
    mine, others = swedish.split("På andra språk")
    assert "Välj vad du vill öppna" in mine and "Kort och stick" in mine and "Cards and tricks" in others
    assert "Du är med som Åsa &lt;3." in mine
    assert not re.search(r"(src|href)=\"(https?:)?//", swedish) and "@import" not in swedish and "url(" not in swedish
    english = file_list_page(lessons, "en")
    assert english.index("Cards and tricks") < english.index("In other languages") < english.index("Kort och stick")
    hostile = file_list_page([Lesson('x".ipynb', "<script>alert(1)</script>", None)], "nb")
    assert "<script>alert" not in hostile and "Velg hva du vil åpne" in hostile
