"""The classroom app starts the table service beside Voilà (same class folder, its own port on 127.0.0.1),
hands its address to every pupil's kernel (never the teacher's token), stops it when the server stops, and a
restarted app finds its tables again; ``--no-tables`` leaves it out."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cardlab.classroom_server.client import join

ROOT = Path(__file__).resolve().parent.parent
CLASS_CODE, TEACHER_CODE = "sol-katt-bok", "hus-ko-mus-gran"
SECRET = "a-teacher-token-that-must-stay-out-of-kernels"
READY = re.compile(r"the service at (http://127\.0\.0\.1:\d+)\)")


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _health(url: str) -> "dict | None":
    try:
        with urllib.request.urlopen(url + "/api/health", timeout=2) as answer:
            return json.loads(answer.read().decode())
    except (OSError, ValueError):
        return None


def _env_notebook(folder: Path) -> None:
    """A pupil notebook that shows what its kernel was given."""
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# What the kernel has"),
                nbformat.v4.new_code_cell("import os\n"
                                          "print('tables-url=' + os.environ.get('CARDLAB_TABLES_URL', 'none'))\n"
                                          "print('token-in-env=' + str('CARDLAB_TEACHER_TOKEN' in os.environ))\n"
                                          f"print('secret-seen=' + str(any({SECRET!r} in v for v in os.environ.values())))\n"
                                          "from cardlab.widgets.shared_table import JoinForm\n"
                                          "print('join-form=' + type(JoinForm(lang='en')).__name__)"),
                nbformat.v4.new_code_cell("import pathlib\n"          # sit down at the table the test opened
                                          "code_file = pathlib.Path(os.environ['CARDLAB_CLASS_DIR']) / 'code.txt'\n"
                                          "form = JoinForm(lang='en')\n"
                                          "form.code_text.value = code_file.read_text().strip()\n"
                                          "form.name_text.value = 'Anna'\n"
                                          "form.join_button.click()\n"
                                          "print('seated=' + str(form.table is not None))")]
    nbformat.write(nb, folder / "env.ipynb")


@contextlib.contextmanager
def classroom_app(work: Path, *options: str, seconds: float = 120):
    """The app on a free port with a tiny notebook folder; yields ``(base_url, process, log_text)``."""
    port = _free_port()
    _env_notebook(work / "notebooks")
    log_path = work / f"log-{port}.txt"
    log = open(log_path, "wb")
    env = {**os.environ, "CARDLAB_TEACHER_TOKEN": SECRET, "PYTHONPATH": str(ROOT)}
    env.pop("CARDLAB_TABLES_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "cardlab.classroom_server", "--pupils", "0", "--spare", "0",
                             "--port", str(port), "--class-dir", str(work / "class"), "--class-code", CLASS_CODE,
                             "--teacher-code", TEACHER_CODE, "--notebooks", str(work / "notebooks"),
                             "--app-folder", str(work / "app"), *options],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + seconds
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the classroom app stopped:\n{log_path.read_text(errors='replace')[-3000:]}")
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(f"{base}/join", timeout=2) as answer:
                    if answer.status == 200:
                        break
            if time.monotonic() > deadline:
                pytest.fail("the classroom app did not start")
            time.sleep(0.3)
        yield base, proc, log_path.read_text(errors="replace")
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


def _gone_within(url: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _health(url) is None:
            return True
        time.sleep(0.2)
    return False


def test_the_app_runs_the_tables_and_hands_kernels_only_the_address(tmp_path):
    with classroom_app(tmp_path) as (base, proc, log):
        assert "tables for several players are available" in log, log
        url = READY.search(log).group(1)
        assert _health(url) == {"ok": True, "tables": 0}
        assert SECRET not in log

        # the teacher opens a table on the teacher's page; it lands in the class folder's log
        teacher = join(base, TEACHER_CODE, "", teacher=True)
        status, _ = teacher.post("/teacher/tables", {"action": "create", "game": "plump", "players": "3", "humans": "1"})
        assert status == 303
        status, html = teacher.get("/teacher/tables")
        code = re.search(r'<td class="code">([A-Z0-9]+)</td>', html).group(1)
        assert status == 200 and _health(url)["tables"] == 1 and SECRET not in html
        assert (tmp_path / "class" / "tables.sqlite").exists()

        # a pupil's kernel has the address, the widget's module, and no teacher token; its join form sits down
        (tmp_path / "class" / "code.txt").write_text(code)
        pupil = join(base, CLASS_CODE, "Anna")
        status, page = pupil.get("/voila/render/env.ipynb")
        assert status == 200, page[-500:]
        assert f"tables-url={url}" in page and "token-in-env=False" in page and "secret-seen=False" in page
        assert "join-form=JoinForm" in page and "seated=True" in page
        listed = teacher.get("/teacher/tables/list")[1]
        assert re.search(rf'<tr data-code="{code}">.*Anna', listed, re.S), listed[-800:]
        # the pupil cannot open the teacher's page
        assert pupil.get("/teacher/tables")[0] == 302

        proc.terminate()
        proc.wait(timeout=20)
        assert _gone_within(url, 15), "the table service outlived the classroom app"

    # started again with the same class folder: the table is back, on the same port
    with classroom_app(tmp_path, "--tables-port", url.rsplit(":", 1)[1]) as (base, proc, log):
        assert READY.search(log).group(1) == url and _health(url)["tables"] == 1
        teacher = join(base, TEACHER_CODE, "", teacher=True)
        assert f'<td class="code">{code}</td>' in teacher.get("/teacher/tables")[1]
    assert _gone_within(url, 15)


def test_no_tables_leaves_the_service_out(tmp_path):
    with classroom_app(tmp_path, "--no-tables") as (base, _proc, log):
        assert "no tables for several players (--no-tables)" in log and "tables.sqlite" not in log
        teacher = join(base, TEACHER_CODE, "", teacher=True)
        status, _html = teacher.get("/teacher/tables")
        assert status == 404
        assert 'href="/teacher/tables"' not in teacher.get("/teacher")[1]
