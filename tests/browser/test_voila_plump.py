"""A child's game in a real browser: Voilà serves plump_table.ipynb, Chromium clicks through a Plump hand.

Needs the Debian ``chromium`` (``apt-get install -y chromium``; CI's ``.ci/run`` installs it)
and Playwright for Python (never ``playwright install``: we launch the system Chromium).
Missing Chromium fails the test when the ``CI`` variable is set and skips it otherwise.
Screenshots go to ``$CARDLAB_SCREENSHOTS`` (default: the system temp folder).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000


def _need(condition: bool, what: str) -> None:
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing; CI must run the browser test.")
    pytest.skip(f"{what} is missing (install it to run the browser test locally).")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url():
    _need(Path(CHROMIUM).exists(), CHROMIUM)
    voila = Path(sys.executable).with_name("voila")
    _need(voila.exists() or shutil.which("voila") is not None, "voila")
    port = _free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        [str(voila) if voila.exists() else "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "--Voila.port_retries=0", str(HERE)],
        stdout=log, stderr=subprocess.STDOUT, cwd=HERE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"Voilà exited with {proc.returncode}:\n{log.read().decode(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/voila/tree", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("Voilà did not answer on /voila/tree within 90 s.")
            time.sleep(0.3)
        yield f"{base}/voila/render/plump_table.ipynb"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def page(voila_url):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    _need(sync_playwright is not None, "Playwright for Python")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1100, "height": 1400})
        pg = context.new_page()
        pg.set_default_timeout(TIMEOUT_MS)
        pg.goto(voila_url, timeout=TIMEOUT_MS)
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        yield pg
        browser.close()


def shot(pg, name: str) -> Path:
    folder = Path(os.environ.get("CARDLAB_SCREENSHOTS", tempfile.gettempdir()))
    path = folder / f"cardlab_{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path


def message(pg) -> str:
    return pg.locator(".cardlab-message").inner_text()


def status(pg) -> str:
    return pg.locator(".cardlab-status").inner_text()


def click_next_until(pg, done, limit: int = 40) -> None:
    """Press Nästa (one bot move per press) until ``done()``; each press waits for the message to change."""
    for _ in range(limit):
        if done():
            return
        before = message(pg)
        pg.locator(".cardlab-next").click()
        pg.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                             arg=[".cardlab-message", before], timeout=TIMEOUT_MS)
    assert done(), "the expected state never came"


def test_child_plays_a_plump_hand_in_voila(page):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)  # widgets redraw a moment after the kernel answers
    pg = page
    hand = pg.locator(".cardlab-card-btn:visible")
    expect(hand).to_have_count(5)
    assert "Välkommen till Plump" in message(pg)
    assert pg.get_by_role("button", name="Nästa ▶").is_visible()
    shot(pg, "plump_start")

    # the bots bid one at a time, each with a sentence
    click_next_until(pg, lambda: "Din tur" in status(pg))
    assert re.search(r"Bot 3 bjuder \d\.", message(pg))
    expect(pg.locator(".cardlab-bid-btn:visible")).to_have_count(6)
    shot(pg, "plump_bidding")

    # bid 0 by clicking the round bid button
    pg.locator(".cardlab-bid-btn:visible", has_text=re.compile(r"^0$")).click()
    pg.wait_for_function("sel => document.querySelector(sel).innerText.includes('Du bjuder 0')", arg=".cardlab-message")

    # the bots lead hearts; it is the child's turn to play
    click_next_until(pg, lambda: "klicka på ett kort" in status(pg))
    shot(pg, "plump_follow_suit")
    illegal = pg.locator(".cardlab-card-btn.cardlab-illegal:visible")
    legal = pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)")
    expect(illegal).to_have_count(4)
    expect(legal).to_have_count(1)

    # a greyed card is still clickable: the rule is explained, nothing is played
    illegal.first.click()
    pg.wait_for_function("sel => document.querySelector(sel).innerText.includes('Du måste bekänna färg')",
                         arg=".cardlab-message")
    assert "hjärter spelades ut och du har J♥" in message(pg)
    expect(pg.locator(".cardlab-card-btn:visible")).to_have_count(5)
    shot(pg, "plump_refused")

    # the legal card is played and the trick resolves with its reason
    legal.first.click()
    pg.wait_for_function("sel => document.querySelector(sel).innerText.includes('tar sticket')", arg=".cardlab-message")
    assert "vinner: högsta kortet i utspelad färg" in message(pg)
    assert "Senaste sticket" in pg.locator(".cardlab-felt-box").inner_text()
    expect(pg.locator(".cardlab-card-btn:visible")).to_have_count(4)
    shot(pg, "plump_trick")

    # play on to the end of the round; the protokoll gets its first scores
    def round_over() -> bool:
        return "Rundan är slut" in message(pg)

    for _ in range(80):
        if round_over():
            break
        if "klicka på ett kort" in status(pg):
            before = message(pg)
            pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)").first.click()
            pg.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                                 arg=[".cardlab-message", before])
        else:
            click_next_until(pg, lambda: round_over() or "klicka på ett kort" in status(pg), limit=5)
    assert round_over()
    sheet = pg.locator("table.cardlab-protokoll").inner_text()
    assert re.search(r"\d → (\d+|●)", sheet), sheet
    shot(pg, "plump_round_over")

    # automatic mode: in the kernel the bots play on by themselves (an asyncio task) until the child's turn
    pg.locator(".cardlab-speed select").select_option(label="snabbt")
    pg.locator(".cardlab-auto").click()
    pg.wait_for_function("sel => document.querySelector(sel).innerText.includes('hur många stick')",
                         arg=".cardlab-status")
    expect(pg.locator(".cardlab-bid-btn:visible")).to_have_count(5)

    # the child plays the rest of the kids' game (9 rounds) by clicking only: a bid or a legal card
    # whenever it is their turn, while the bots play on by themselves
    finish_game_by_clicking(pg)
    sheet = pg.locator("table.cardlab-protokoll").inner_text()
    assert "Spelet är slut" in message(pg)
    assert sheet.count("→") >= 9 * 4, sheet  # every round of the pyramid has a bid → score per player
    shot(pg, "plump_game_over")


def finish_game_by_clicking(pg, limit: int = 200) -> None:
    """Click a bid or a legal card each time it is the child's turn, until the game is over."""
    for _ in range(limit):
        pg.wait_for_function(
            """([status, msg]) => {
                const s = document.querySelector(status).innerText, m = document.querySelector(msg).innerText;
                return s.includes('hur många stick') || s.includes('klicka på ett kort') || m.includes('Spelet är slut');
            }""", arg=[".cardlab-status", ".cardlab-message"])
        if "Spelet är slut" in message(pg):
            return
        before = message(pg)
        if "hur många stick" in status(pg):
            pg.locator(".cardlab-bid-btn:visible:not([disabled])").first.click()
        else:
            pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)").first.click()
        pg.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                             arg=[".cardlab-message", before])
    raise AssertionError("the game did not end by clicking")
