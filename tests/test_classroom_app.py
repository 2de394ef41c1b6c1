"""Answers never reach pupils: the classroom app serves only pupils' notebooks, and nothing it serves
(files, stored outputs, the rendered page) holds an answer.

The answers looked for are taken from the teacher's notebook itself: its answer-key cells (sources and
outputs), the sentences that explain each quiz item's right answer, and words that only a teacher's
copy uses.
"""

from __future__ import annotations

import ast
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cardlab.classroom_server.client import join
from cardlab.classroom_server import TEACHER_NOTEBOOKS, is_teacher_notebook, prepare_app_folder, pupil_notebooks
from cardlab.exercises import make_questions
from cardlab.notebook_tools import is_answer_cell

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TEACHER = NOTEBOOKS / "teacher" / "05_classroom_exercises.ipynb"
#: Words that only a teacher's copy (or a report made before answering) contains.
TEACHER_WORDS = ("Answer key", "answer-key", "Teacher's copy", "For the teacher", "right_answer", "report()",
                 "q.answer", "Facit", "Lärarens")
#: What a quiz must not show before it runs (its widget's raw repr).
RAW_REPR = "VBox(children"
CLASS_CODE = "sol-katt-bok"


def _quiz_items(nb) -> dict[str, list]:
    """The quiz items the teacher's notebook defines (``tricks = [...]`` and so on), read without running it."""
    items = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for node in ast.parse(cell.source).body:
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.List):
                items[node.targets[0].id] = ast.literal_eval(node.value)
    return items


def _output_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", "") if isinstance(out.get("text", ""), str) else "".join(out["text"]))
        for value in out.get("data", {}).values():
            parts.append(value if isinstance(value, str) else "".join(value) if isinstance(value, list) else "")
    return "".join(parts)


def answers() -> list[str]:
    """Every piece of text that would give an answer away."""
    nb = nbformat.read(TEACHER, as_version=4)
    found: list[str] = list(TEACHER_WORDS)
    for cell in nb.cells:
        if is_answer_cell(cell):
            found += [line.strip() for line in cell.source.splitlines() if len(line.strip()) > 12]
            found += [line.strip() for line in _output_text(cell).splitlines() if len(line.strip()) > 12]
    items = _quiz_items(nb)
    assert {"tricks", "follow", "hands"} <= set(items), "the teacher's notebook no longer defines its quizzes"
    for lang in ("sv", "nb", "en"):
        for q in make_questions("trick", items["tricks"]):
            found.append(q.check(q.answer).text(lang).split(" ", 1)[1])      # "K♣ wins: the highest card …"
        for q in make_questions("follow-suit", items["follow"]):
            found.append(q._why().text(lang))                                 # "You have hearts, so you must …"
    return found


def served_text(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_answer_list_is_real():
    """The scan looks for something: the teacher's notebook holds these answers (so the scan could fail)."""
    found = answers()
    teacher = TEACHER.read_text(encoding="utf-8")
    assert len(found) > 40
    assert sum(a in teacher for a in found) >= 10
    assert "K♣ wins: the highest card of the suit led." in found
    assert "2♠ wins: trump beats everything." in found


def test_teacher_notebooks_are_not_served(tmp_path):
    copied = {p.name for p in prepare_app_folder(tmp_path / "app")}
    stored = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    apart = {p.name for p in (NOTEBOOKS / "teacher").glob("*.ipynb")}
    assert {f"{n}.ipynb" for n in TEACHER_NOTEBOOKS} == apart          # the teacher's notebooks live apart …
    assert not apart & stored                                         # … not beside the pupils' …
    assert not {f"{n}.ipynb" for n in TEACHER_NOTEBOOKS} & copied      # … and are not served
    assert {"02_play_plump.ipynb", "05_classroom_exercises_pupil.ipynb", "01_kort_och_stick.ipynb"} <= copied
    assert copied == {p.name for p in pupil_notebooks()} == {n for n in stored if not is_teacher_notebook(n)}
    assert {p.name for p in (tmp_path / "app").iterdir()} == copied     # nothing else in the served folder


def test_nothing_the_app_serves_gives_an_answer_away(tmp_path):
    prepare_app_folder(tmp_path / "app")
    texts = served_text(tmp_path / "app")
    leaks = [(name, answer) for name, text in texts.items() for answer in answers() if answer in text]
    assert leaks == []
    assert RAW_REPR not in texts["05_classroom_exercises_pupil.ipynb"]   # a quiz reads as a sentence until it runs


def test_the_scan_catches_a_leak(tmp_path):
    """Serve the teacher's notebook by mistake and the scan finds its answers."""
    folder = tmp_path / "app"
    prepare_app_folder(folder)
    (folder / "oops.ipynb").write_bytes(TEACHER.read_bytes())
    texts = served_text(folder)
    assert any(answer in texts["oops.ipynb"] for answer in answers())


# ------------------------------------------------------------ the live app
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str, timeout: float = 120) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as exc:
        return exc.code, ""


@contextlib.contextmanager
def classroom_app(tmp_path: Path, seconds: float = 120):
    port = _free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "cardlab.classroom_server", "--pupils", "0", "--spare", "0",
                             "--port", str(port), "--class-dir", str(tmp_path / "class"), "--class-code", CLASS_CODE,
                             "--app-folder", str(tmp_path / "app")], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + seconds
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"the classroom app stopped:\n{log.read().decode(errors='replace')[-3000:]}")
            with contextlib.suppress(OSError):
                if _get(f"{base}/join", timeout=2)[0] == 200:
                    break
            if time.monotonic() > deadline:
                pytest.fail("the classroom app did not start")
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_the_running_app_serves_no_answer(tmp_path):
    with classroom_app(tmp_path) as base:
        pupil = join(base, CLASS_CODE, "Anna")
        _get = pupil.get
        code, listing = _get("/voila/api/contents")                  # what Voilà's own file list would read
        names = {item["name"] for item in json.loads(listing)["content"]}
        assert code == 200 and "05_classroom_exercises_pupil.ipynb" in names
        assert not {"05_classroom_exercises.ipynb", "06_class_results.ipynb"} & names
        code, file_list = _get("/")                                   # the file list pupils see
        assert code == 200 and "/voila/render/05_classroom_exercises_pupil.ipynb" in file_list
        assert "05_classroom_exercises.ipynb" not in file_list and "06_class_results" not in file_list
        for path in ("/voila/render/05_classroom_exercises.ipynb", "/voila/render/06_class_results.ipynb",
                     "/voila/api/contents/05_classroom_exercises.ipynb",
                     "/voila/render/..%2Fnotebooks%2F05_classroom_exercises.ipynb",
                     "/voila/render/..%2Fnotebooks%2Fteacher%2F05_classroom_exercises.ipynb",
                     "/voila/render/teacher/05_classroom_exercises.ipynb",
                     "/voila/files/05_classroom_exercises.ipynb"):
            assert _get(path)[0] != 200, path
        code, page = _get("/voila/render/05_classroom_exercises_pupil.ipynb")
        assert code == 200 and "application/vnd.jupyter.widget-view+json" in page
        assert [a for a in answers() if a in page] == []
