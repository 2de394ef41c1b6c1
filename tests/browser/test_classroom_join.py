"""A pupil gets into the classroom app in a real browser: the join page, a wrong code, the file list,
a table, reloads within the limits, and its kernel shut down when the tab closes (the cross-site
check on); a second pupil when the class is full.  Nothing any of these pages loads comes from anywhere but the app.

Serves the small table notebooks beside this file (quick to start).  Screenshots
``cardlab_join_*.png``; see ``browser_support`` for what the test needs.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest
from browser_support import (CHROMIUM, CHROMIUM_ARGS, TEACHER_CODE, TIMEOUT_MS, classroom_serving, join, need, shot)

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
TABLE = "plump_table.ipynb"


def _teacher_status(base: str) -> dict:
    from cardlab.classroom_server.client import join as join_as

    return json.loads(join_as(base, TEACHER_CODE, "", teacher=True).get("/teacher/status.json")[1])


@pytest.fixture
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    need(sync_playwright is not None, "Playwright for Python")
    need(Path(CHROMIUM).exists(), CHROMIUM)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def _page(browser, base: str, elsewhere: list[str]):
    pg = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    pg.on("request", lambda request: None if request.url.startswith(base) or request.url.startswith("data:")
          else elsewhere.append(request.url))
    return pg


def test_a_pupil_joins_plays_and_closing_the_tab_frees_the_kernel(browser, tmp_path):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    with classroom_serving(tmp_path, "--notebooks", str(HERE), "--lang", "sv") as base:
        elsewhere: list[str] = []
        pg = _page(browser, base, elsewhere)
        pg.goto(f"{base}/voila/render/{TABLE}")                      # no pass yet: the join page
        expect(pg.locator("h1")).to_have_text("Gå med i klassen")
        assert "/join?next=" in pg.url
        shot(pg, "join_page_sv")
        pg.fill("#code", "sol katt hund")
        pg.fill("#name", "Åsa")
        pg.click("#join")
        expect(pg.locator(".error")).to_contain_text("Den koden stämmer inte")
        shot(pg, "join_wrong_code_sv")
        join(pg, base, name="Åsa")
        expect(pg.locator("h1")).to_have_text("Välj vad du vill öppna")
        expect(pg.locator("main")).to_contain_text("Du är med som Åsa.")
        shot(pg, "join_file_list_sv")
        pg.goto(f"{base}/voila/render/{TABLE}")
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        shot(pg, "join_table_sv")
        assert _teacher_status(base)["kernels"] == 1
        status = _teacher_status(base)["pages"][0]
        assert status["name"] == "Åsa" and status["connected"] is True
        for _ in range(3):                                           # reloads: each shuts the old page's kernel
            pg.reload()
            pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        deadline = time.monotonic() + 30
        while _teacher_status(base)["kernels"] > 1 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _teacher_status(base)["kernels"] == 1, "a reloaded page's old kernel was kept"
        pg.close(run_before_unload=True)                             # the tab closes: Voilà's beacon, with _xsrf
        deadline = time.monotonic() + 30
        while _teacher_status(base)["kernels"] and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _teacher_status(base)["kernels"] == 0, "the closed tab's kernel was not shut down"
        assert elsewhere == [], f"pages loaded something from elsewhere: {elsewhere[:5]}"


def test_the_second_pupil_meets_the_class_is_full_page(browser, tmp_path):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    with classroom_serving(tmp_path, "--notebooks", str(HERE), "--lang", "nb", "--max-kernels", "1") as base:
        elsewhere: list[str] = []
        first = _page(browser, base, elsewhere)
        join(first, base, name="Kari")
        first.goto(f"{base}/voila/render/{TABLE}")
        first.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        second = _page(browser, base, elsewhere)
        join(second, base, name="Ola")
        second.goto(f"{base}/voila/render/{TABLE}")
        expect(second.locator("h1")).to_have_text("Klassen er full")
        expect(second.locator(".error")).to_contain_text("Alle 1 plassene er i bruk")
        shot(second, "join_class_full_nb")
        with urllib.request.urlopen(f"{base}/join", timeout=10) as response:     # the door still answers
            assert response.status == 200
        assert elsewhere == []
