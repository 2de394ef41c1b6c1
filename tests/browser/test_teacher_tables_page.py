"""The teacher's tables page of the classroom app in a real browser: the teacher code, a table opened with
the form, the table listed; a child sitting down shows up on the page by itself (the page looks again every
few seconds), escaped; *Avsluta* ends the game.  In Swedish, nothing loaded from anywhere but the app.

Screenshots ``cardlab_tables_page_*.png``; see ``browser_support`` for what the test needs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, TEACHER_CODE, TIMEOUT_MS, classroom_serving, free_port, need, shot

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent


def test_the_teacher_opens_a_table_and_sees_it_live(tmp_path):
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        sync_playwright = None
    need(sync_playwright is not None, "Playwright for Python")
    need(Path(CHROMIUM).exists(), CHROMIUM)
    from cardlab.tables.client import TableClient

    expect.set_options(timeout=TIMEOUT_MS)
    tables_port = free_port()
    with classroom_serving(tmp_path, "--notebooks", str(HERE), "--lang", "sv", "--tables-port", str(tables_port)) as base, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pg = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
            pg.set_default_timeout(TIMEOUT_MS)
            elsewhere: list[str] = []
            pg.on("request", lambda r: None if r.url.startswith(base) or r.url.startswith("data:") else elsewhere.append(r.url))

            pg.goto(f"{base}/teacher/tables")                       # no pass: the join page first
            assert "/join" in pg.url
            pg.goto(f"{base}/teacher/join?next=/teacher/tables")
            pg.fill("#code", TEACHER_CODE)
            pg.click("#join")
            expect(pg.locator("h1")).to_have_text("Borden")
            expect(pg.locator("#no-tables")).to_be_visible()

            pg.select_option("#game", "plump")
            pg.fill("#players", "3")
            pg.select_option("#rules", "kids")
            pg.fill("#humans", "2")
            pg.select_option("#level", "easy")
            pg.click("#create")
            expect(pg.locator(".notice")).to_contain_text("Nya bord:")
            code = re.search(r"Nya bord: ([A-Z0-9]+)\.", pg.locator(".notice").inner_text()).group(1)
            row = pg.locator(f'tr[data-code="{code}"]')
            expect(row).to_contain_text("Plump")
            expect(row).to_contain_text("Plats 2: bot (Lätt)")
            shot(pg, "tables_page_created_sv")

            seat = TableClient(f"http://127.0.0.1:{tables_port}", lang="sv")
            seat.join(code, "<i>Bo</i>")                             # a child sits down elsewhere
            expect(row).to_contain_text("Plats 0: <i>Bo</i> (här)")   # the text as typed, never markup
            assert pg.locator(f'tr[data-code="{code}"] i').count() == 0
            shot(pg, "tables_page_seated_sv")

            pg.locator(f'tr[data-code="{code}"] button.end').click()
            expect(pg.locator(".notice")).to_contain_text(f"Spelet vid bord {code} är avslutat.")
            expect(pg.locator(f'tr[data-code="{code}"]')).to_contain_text("Avslutat av läraren")
            shot(pg, "tables_page_ended_sv")
            assert elsewhere == []
        finally:
            browser.close()
