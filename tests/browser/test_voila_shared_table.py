"""Two children at one shared table, each in their own Chromium page served by Voilà, play a round of Plump.

The table server (``python -m cardlab.tables serve``) runs beside Voilà on 127.0.0.1; each page's kernel
sits down with ``SharedTable.remote`` (the code and the name come in the page's query string) and waits
for the other child's moves with a long poll.  Everything that reaches each browser is recorded — every
websocket frame from its kernel (the widgets' state messages) and the table as drawn after each move —
and checked for hidden cards (:func:`cardlab.tables.leaks.audit`).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, need, voila_serving

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tables_helpers import TEACHER, Server  # noqa: E402

pytestmark = pytest.mark.browser

SEAT_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": [
        "import os, urllib.parse\n",
        "from cardlab.widgets.shared_table import SharedTable\n",
        "query = urllib.parse.parse_qs(os.environ.get('QUERY_STRING', ''))\n",
        "seat = SharedTable.remote(code=query['code'][0], name=query['name'][0], lang='sv')\n",
        "seat",
    ]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def status(pg) -> str:
    return pg.locator(".cardlab-shared-status").inner_text()


def test_two_pages_play_each_other_to_the_end_of_a_round(tmp_path, monkeypatch):
    need(Path(CHROMIUM).exists(), CHROMIUM)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    need(sync_playwright is not None, "Playwright for Python")
    from cardlab.tables import TableService, TableStore
    from cardlab.tables.client import TableClient
    from cardlab.tables.leaks import audit, cards_mentioned

    class_dir, pages_dir = tmp_path / "class", tmp_path / "pages"
    pages_dir.mkdir()
    (pages_dir / "shared_seat.ipynb").write_text(json.dumps(SEAT_NOTEBOOK), encoding="utf-8")
    server = Server(class_dir)
    try:
        teacher = TableClient(server.url)
        code = teacher.teacher("create", TEACHER, game="plump", rules="kids", seats=["human", "human", "medium"],
                               seed=3)["code"]
        monkeypatch.setenv("CARDLAB_TABLES_URL", server.url)       # the kernels find the table server
        with voila_serving(pages_dir) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                pages, frames = {}, {}
                for name in ("Anna", "Bo"):      # Anna sits down first: seat 0, then Bo: seat 1
                    pg = browser.new_context(viewport={"width": 1000, "height": 1100}).new_page()
                    pg.set_default_timeout(TIMEOUT_MS)
                    frames[name] = []
                    pg.on("websocket", lambda ws, got=frames[name]: ws.on(
                        "framereceived", lambda payload: got.append(payload if isinstance(payload, str)
                                                                      else payload.decode("utf-8", "replace"))))
                    pg.goto(f"{base}/voila/render/shared_seat.ipynb?code={code}&name={name}", timeout=TIMEOUT_MS)
                    pg.locator(".cardlab-shared-status").wait_for(state="visible", timeout=TIMEOUT_MS)
                    pages[name] = pg
                anna, bo = pages["Anna"], pages["Bo"]
                # Bo's page sat down last: the game started, and Anna's page hears of it without a click
                anna.wait_for_function("() => !document.body.innerText.includes('Vi väntar på att alla')")
                seen = {0: [], 1: []}

                shown_moves = {"Anna": 0, "Bo": 0}

                def record() -> dict:
                    """What each browser has now: every frame since the last look (each with the table state it
                    draws: the felt says ``data-moves``), and the table as drawn once the page shows the state."""
                    table = teacher.teacher("table", TEACHER, code=code)
                    moves = table["table"]["moves"]
                    for seat, (name, pg) in enumerate((("Anna", anna), ("Bo", bo))):
                        # the page has drawn that state to the end (buttons too): the marker set last says so
                        pg.wait_for_selector(f'.cardlab-shared-drawn [data-drawn="{moves}"]', state="attached",
                                             timeout=TIMEOUT_MS)
                        got, frames[name][:] = list(frames[name]), []
                        for frame in got:
                            found = re.findall(r'data-moves=\\?"(\d+)', frame)
                            if found:
                                shown_moves[name] = int(found[-1])
                            seen[seat].append({"table": {"moves": shown_moves[name]}, "frame": frame})
                        drawn = pg.locator(".cardlab-shared-table").first.inner_html()
                        seen[seat].append({"table": {"moves": moves}, "drawn": drawn})
                    return table

                delays = []
                for _ in range(60):
                    table = record()
                    if table["views"][0]["round_number"] >= 1 or table["table"]["over"]:
                        break
                    to_move = table["table"]["to_move"]
                    mover, other = (anna, bo) if to_move == 0 else (bo, anna)
                    mover.wait_for_function("() => document.body.innerText.includes('Din tur')")
                    before = other.locator(".cardlab-shared-felt").first.inner_html()
                    moves = table["table"]["moves"]
                    start = time.perf_counter()
                    mover.locator(".cardlab-shared-move").first.click()
                    deadline = time.monotonic() + 30
                    while teacher.teacher("table", TEACHER, code=code)["table"]["moves"] == moves:
                        assert time.monotonic() < deadline, "the click never reached the table"
                        time.sleep(0.05)
                    # the other child's page redraws by itself (its kernel's long poll)
                    other.wait_for_function("old => document.querySelector('.cardlab-shared-felt').innerHTML !== old",
                                            arg=before)
                    delays.append(time.perf_counter() - start)
                else:
                    pytest.fail("the round never ended")
                assert table["views"][0]["round_number"] >= 1
                assert "Poäng: Anna" in anna.locator(".cardlab-shared-totals").inner_text()
                assert len(delays) >= 2
                anna.screenshot(path=str(Path(os.environ.get("CARDLAB_SCREENSHOTS", tmp_path)) / "cardlab_shared_anna.png"))
            finally:
                browser.close()
    finally:
        server.stop()
    match = TableService(TableStore.in_folder(class_dir)).table(code).match
    assert audit(match, seen) == []
    # the check read real traffic: Anna's own cards are in what reached her browser
    assert len(cards_mentioned([m for m in seen[0] if "drawn" in m][0])) >= 3
    assert sum(1 for m in seen[0] if "frame" in m) > 20
    assert len(set().union(*(cards_mentioned(m) for m in seen[0] if "frame" in m))) >= 5   # cards travel in frames
