"""The pupils' exercises opened in JupyterLab from a fresh clone: the stand-in says what to press, and it works.

A notebook that has not run (or is not trusted, as on a fresh clone) shows each quiz's plain-text
stand-in.  It tells the child to click the first cell and press Shift + Enter until she gets there;
doing exactly that draws the quiz in place, on the screen, without *Run All* jumping to the end.
Lab runs on a copy in a fresh folder (it autosaves).  Needs Chromium and Playwright, see
``browser_support``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser_support import TIMEOUT_MS, chromium_page, lab_serving, shot, wait_for_lab_notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "05_klassrumsovningar_elev.ipynb"
PRESS = "klicka i notebookens första cell och tryck Shift + Enter tills du kommer hit"

@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab_notebooks")
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, root / NOTEBOOK)    # Lab autosaves: never open the repository's copy
    with lab_serving(root, tmp_path_factory.mktemp("lab_workspaces")) as base:
        yield f"{base}/lab/tree/{NOTEBOOK}"


def test_the_stand_in_says_what_to_press_and_pressing_it_draws_the_quiz_in_place(lab_url):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)

    def ready(pg):
        wait_for_lab_notebook(pg, NOTEBOOK)

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
