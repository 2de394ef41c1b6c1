"""A child's game in a real browser: Voilà serves plump_table.ipynb, Chromium clicks through a Plump game.

See ``browser_support`` for what it needs (Debian's Chromium, Playwright for Python) and where
screenshots go.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import (TIMEOUT_MS, chromium_page, click_and_wait_for_new_message, click_next_until, message, shot,
                             status, voila_serving)

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def voila_url():
    with voila_serving(HERE) as base:
        yield f"{base}/voila/render/plump_table.ipynb"


@pytest.fixture(scope="module")
def page(voila_url):
    def ready(pg):
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)

    with chromium_page(voila_url, viewport={"width": 1100, "height": 1400}, ready=ready) as pg:
        yield pg


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
    pg.wait_for_function("sel => document.querySelector(sel).innerText.includes('Du måste lägga samma färg')",
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

    # play on to the end of the round; the coach says how it went and the table waits for Nästa runda
    def round_over() -> bool:
        return "Rundan är slut" in status(pg)

    for _ in range(80):
        if round_over():
            break
        if "klicka på ett kort" in status(pg):
            click_and_wait_for_new_message(pg, pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)").first)
        else:
            click_next_until(pg, lambda: round_over() or "klicka på ett kort" in status(pg), limit=5)
    assert round_over()
    assert re.search(r"Du bjöd 0 (och|men) tog", message(pg)), message(pg)
    sheet = pg.locator("table.cardlab-protokoll").inner_text()
    assert re.search(r"\d → (\d+|●)", sheet), sheet
    assert pg.get_by_role("button", name="Nästa runda ▶").is_visible()
    shot(pg, "plump_round_over")
    click_and_wait_for_new_message(pg, pg.locator(".cardlab-next"))
    assert "Ny runda: 4 kort var." in message(pg)

    # automatic mode: in the kernel the bots play on by themselves (an asyncio task) until the child's turn
    pg.locator(".cardlab-speed select").select_option(label="snabbt")
    pg.locator(".cardlab-auto").click()
    pg.wait_for_function("sel => document.querySelector(sel).innerText.includes('hur många stick')",
                         arg=".cardlab-status")
    expect(pg.locator(".cardlab-bid-btn:visible")).to_have_count(5)

    # the child plays the rest of the kids' game (9 rounds) by clicking only: a bid or a legal card
    # whenever it is their turn, Nästa for each bot move and after each round (automatic mode off)
    pg.locator(".cardlab-auto").click()
    finish_game_by_clicking(pg)
    sheet = pg.locator("table.cardlab-protokoll").inner_text()
    assert "Spelet är slut" in message(pg)
    assert sheet.count("→") >= 9 * 4, sheet  # every round of the pyramid has a bid → score per player
    shot(pg, "plump_game_over")


def finish_game_by_clicking(pg, limit: int = 600) -> None:
    """Click a bid or a legal card each time it is the child's turn, else Nästa, until the game is over."""
    for _ in range(limit):
        if "Spelet är slut" in message(pg):
            return
        if "hur många stick" in status(pg):
            click_and_wait_for_new_message(pg, pg.locator(".cardlab-bid-btn:visible:not([disabled])").first)
        elif "klicka på ett kort" in status(pg):
            click_and_wait_for_new_message(pg, pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)").first)
        else:                                            # a bot's move, or read on after a round
            click_and_wait_for_new_message(pg, pg.locator(".cardlab-next"))
    raise AssertionError("the game did not end by clicking")
