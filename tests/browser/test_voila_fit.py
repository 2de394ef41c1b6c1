"""The whole table fits a classroom laptop screen: at 1024×768 and 1366×768 the message line, the hand and
(for Plump) the bid buttons are inside the first screen, for all three games (Voilà, Debian's Chromium).

Femkamp's 13 cards must stay on one row so that they do not push the message off the screen.
Screenshots ``cardlab_fit_<game>_<width>.png`` go where ``browser_support.shot`` puts them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import TIMEOUT_MS, chromium_page, voila_serving

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
SIZES = [(1024, 768), (1366, 768)]


@pytest.fixture(scope="module")
def voila_base():
    with voila_serving(HERE) as base:
        yield base


def inside(pg, selector: str, height: int) -> tuple[float, float]:
    """The top and bottom of the first visible ``selector`` (page coordinates at scroll 0); both must be on screen."""
    box = pg.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box["y"], box["y"] + box["height"]


@pytest.mark.parametrize("game, cards", [("plump", 5), ("femkamp", 13), ("rummy", 7)])
@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_table_hand_and_message_fit_the_first_screen(voila_base, game, cards, width, height):
    def ready(pg):
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=TIMEOUT_MS)

    with chromium_page(f"{voila_base}/voila/render/{game}_table.ipynb", viewport={"width": width, "height": height},
                       ready=ready) as pg:
        if game != "femkamp":                      # let the bots move up to the child's turn
            for _ in range(6):
                if "Din tur" in pg.locator(".cardlab-status").inner_text():
                    break
                pg.locator(".cardlab-next").click()
                pg.wait_for_timeout(700)
        folder = Path(__import__("os").environ.get("CARDLAB_SCREENSHOTS", __import__("tempfile").gettempdir()))
        pg.screenshot(path=str(folder / f"cardlab_fit_{game}_{width}.png"))   # the first screen only
        buttons = pg.locator(".cardlab-card-btn:visible")
        assert buttons.count() >= cards
        pg.mouse.move(0, 0)                        # a hovered card rises a little
        pg.wait_for_timeout(300)
        tops = [buttons.nth(i).bounding_box()["y"] for i in range(cards)]
        assert max(tops) - min(tops) < 20, f"the {cards} cards wrap onto more than one row: {tops}"
        for selector in (".cardlab-message", ".cardlab-card-btn", ".cardlab-status"):
            top, bottom = inside(pg, selector, height)
            assert 0 <= top and bottom <= height, f"{selector} is at {top:.0f}–{bottom:.0f}, off a {height} px screen"
        if game == "plump":
            top, bottom = inside(pg, ".cardlab-bid-btn", height)
            assert bottom <= height
