"""A child's game in JupyterLab: Lab opens plump_table.ipynb, runs it, Chromium clicks through a Plump round.

The twin of ``test_voila_plump.py`` for the classroom set-up where children work in JupyterLab itself.
Lab autosaves, so the notebook is copied to a fresh temporary folder and Lab gets a fresh workspaces
folder. The cells are run through Lab's command registry (``--LabApp.expose_app_in_browser=True``
makes it reachable as ``window.jupyterapp``), then everything else is done by clicking the widgets.

Needs the Debian ``chromium`` and Playwright for Python (never ``playwright install``).
Missing Chromium fails the test when the ``CI`` variable is set and skips it otherwise.
Screenshots go to ``$CARDLAB_SCREENSHOTS`` (default: the system temp folder).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from browser_support import (TIMEOUT_MS, chromium_page, click_and_wait_for_new_message, click_next_until, lab_serving,
                             message, run_all_cells, shot, status, wait_for_lab_notebook)

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
NOTEBOOK = "plump_table.ipynb"


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab_notebooks")
    shutil.copy(HERE / NOTEBOOK, root / NOTEBOOK)  # Lab autosaves: never open the repository's copy
    with lab_serving(root, tmp_path_factory.mktemp("lab_workspaces")) as base:
        yield f"{base}/lab/tree/{NOTEBOOK}"


@pytest.fixture(scope="module")
def page(lab_url):
    def ready(pg):
        wait_for_lab_notebook(pg, NOTEBOOK)
        run_all_cells(pg)
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)

    with chromium_page(lab_url, viewport={"width": 1200, "height": 1600}, ready=ready) as pg:
        yield pg


# Labels of the visible card buttons whose text does not fit (Lab would show "10♥" as "1…").
CLIPPED_CARDS_JS = """() => [...document.querySelectorAll('.cardlab-card-btn')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth)
    .map(b => b.innerText)"""


def assert_cards_readable(pg) -> None:
    """Every card in the hand shows its whole label; Lab's button style must not cut "10♥" to "1…"."""
    clipped = pg.evaluate(CLIPPED_CARDS_JS)
    assert not clipped, f"card labels cut off in JupyterLab: {clipped}"


def test_child_plays_a_plump_round_in_jupyterlab(page):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)  # widgets redraw a moment after the kernel answers
    pg = page
    expect(pg.locator(".cardlab-card-btn:visible")).to_have_count(5)
    expect(pg.locator(".cardlab-message")).to_contain_text("Välkommen till Plump")
    expect(pg.get_by_role("button", name="Nästa ▶")).to_be_visible()
    assert_cards_readable(pg)
    shot(pg, "lab_plump_start")

    # the bots bid one at a time; then the child picks a bid by clicking
    click_next_until(pg, lambda: "Din tur" in status(pg))
    expect(pg.locator(".cardlab-message")).to_contain_text(re.compile(r"Bot 3 bjuder \d\."))
    expect(pg.locator(".cardlab-bid-btn:visible")).to_have_count(6)
    pg.locator(".cardlab-bid-btn:visible", has_text=re.compile(r"^0$")).click()
    expect(pg.locator(".cardlab-message")).to_contain_text("Du bjuder 0")
    shot(pg, "lab_plump_bid")

    # the bots lead hearts; the cards that do not follow suit are greyed
    click_next_until(pg, lambda: "klicka på ett kort" in status(pg))
    illegal = pg.locator(".cardlab-card-btn.cardlab-illegal:visible")
    legal = pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)")
    expect(illegal).to_have_count(4)
    expect(legal).to_have_count(1)

    # a greyed card is refused with the rule in Swedish, and nothing is played
    illegal.first.click()
    expect(pg.locator(".cardlab-message")).to_contain_text("Du måste lägga samma färg")
    expect(pg.locator(".cardlab-message")).to_contain_text("hjärter spelades ut och du har J♥")
    expect(pg.locator(".cardlab-card-btn:visible")).to_have_count(5)
    shot(pg, "lab_plump_refused")

    # the legal card is played and the trick is taken, with its reason
    legal.first.click()
    expect(pg.locator(".cardlab-message")).to_contain_text("tar sticket")
    expect(pg.locator(".cardlab-message")).to_contain_text("vinner: högsta kortet i utspelad färg")
    expect(pg.locator(".cardlab-card-btn:visible")).to_have_count(4)

    # play on by clicking (Nästa and a playable card) until the round is over
    def round_over() -> bool:
        return "Rundan är slut" in status(pg)       # the coach's words are on the message line

    for _ in range(80):
        assert_cards_readable(pg)  # this deal brings 10♥ and 10♠, the widest labels
        if round_over():
            break
        if "klicka på ett kort" in status(pg):
            click_and_wait_for_new_message(pg, pg.locator(".cardlab-card-btn:visible:not(.cardlab-illegal)").first)
        else:
            click_next_until(pg, lambda: round_over() or "klicka på ett kort" in status(pg), limit=5)
    assert round_over(), message(pg)
    assert_cards_readable(pg)
    expect(pg.locator("table.cardlab-protokoll")).to_contain_text(re.compile(r"\d → (\d+|●)"))
    shot(pg, "lab_plump_round_over")
