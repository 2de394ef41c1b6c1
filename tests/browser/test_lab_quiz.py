"""The pupils' exercises opened in JupyterLab from a fresh clone: the stand-in says what to press, and it works.

A notebook that has not run (or is not trusted, as on a fresh clone) shows each quiz's plain-text
stand-in.  It tells the child to click the first cell and press Shift + Enter until she gets there;
doing exactly that draws the quiz in place, on the screen, without *Run All* jumping to the end.
Lab runs on a copy in a fresh folder (it autosaves).  Needs Chromium and Playwright, see
``browser_support``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from browser_support import CHROMIUM, TIMEOUT_MS, chromium_page, free_port, need, serving, shot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "05_klassrumsovningar_elev.ipynb"
PRESS = "klicka i notebookens första cell och tryck Shift + Enter tills du kommer hit"

READY_JS = """(name) => {
    const app = window.jupyterapp;
    if (!app || !app.commands.hasCommand('notebook:run-all-cells')) return false;
    const panel = app.shell.currentWidget;
    if (!panel || !panel.context || !panel.sessionContext || !panel.context.path.endsWith(name)) return false;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    return panel.context.isReady && panel.sessionContext.isReady && !!kernel && kernel.status === 'idle';
}"""


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    need(Path(CHROMIUM).exists(), CHROMIUM)
    need(shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) is not None
         or shutil.which("jupyter-lab") is not None, "JupyterLab")
    root = tmp_path_factory.mktemp("lab_notebooks")
    workspaces = tmp_path_factory.mktemp("lab_workspaces")
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, root / NOTEBOOK)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--ServerApp.root_dir={root}", "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True",
               f"--LabApp.workspaces_dir={workspaces}", "--LabApp.expose_app_in_browser=True"]
    with serving("JupyterLab", command, f"{base}/api/status", cwd=root):
        yield f"{base}/lab/tree/{NOTEBOOK}"


def test_the_stand_in_says_what_to_press_and_pressing_it_draws_the_quiz_in_place(lab_url):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)

    def ready(pg):
        pg.wait_for_function(READY_JS, arg=NOTEBOOK, timeout=TIMEOUT_MS, polling=300)

    with chromium_page(lab_url, viewport={"width": 1366, "height": 768}, ready=ready) as pg:
        outputs = pg.locator(".jp-OutputArea-output")
        expect(outputs.filter(has_text=PRESS).first).to_be_visible()          # the stand-in, in Swedish
        assert pg.locator(".cardlab-quiz").count() == 0
        shot(pg, "lab_quiz_stand_in")
        pg.locator(".jp-Cell").first.click()
        quiz = pg.locator(".cardlab-quiz").first
        for presses in range(1, 9):                                            # what the stand-in says to do
            pg.keyboard.press("Shift+Enter")
            try:
                quiz.wait_for(state="visible", timeout=4000)
                break
            except Exception:                                                  # not there yet: the next cell
                continue
        assert presses == 4, presses                 # title, import, heading, the quiz: one press per cell
        expect(quiz).to_be_visible()
        expect(quiz).to_contain_text("Vem vinner sticket?")
        pg.wait_for_timeout(800)
        box = quiz.bounding_box()
        assert box is not None and box["y"] < 768 and box["y"] + 120 > 0, f"the quiz is off the screen: {box}"
        shot(pg, "lab_quiz_drawn")
