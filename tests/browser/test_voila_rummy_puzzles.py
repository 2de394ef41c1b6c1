"""The Rummy puzzle lessons as a child sees them: served by the classroom app (Voilà), in Debian's Chromium.

At a laptop's 1366×768, with the puzzle table scrolled to the top of the screen, its title, the felt (the
melds on the table and the discard pile), the hand, the move buttons, the question and *Nästa* are all on
that one screen; the hand's cards are big and the melds' cards wide enough to read their corners.  Then the
child clicks: a card (it is drawn as selected) and *Kasta*, the move the first puzzle of the ladder asks for
(throw the card worth the most), and the table says *Rätt!* and names the puzzle's theme.  The English and
Norwegian lessons get the same check of their first screen of the table.  The answer is saved in the
class folder under the pupil who joined (Anna, with the server's pupil id in the file's name), never
under the lessons' example name Mina.

Screenshots ``cardlab_rummy_puzzles_<notebook>_<moment>.png`` go where ``browser_support.shot`` puts them.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from browser_support import TIMEOUT_MS, chromium_page, classroom_serving, join

from cardlab.cards import Card
from cardlab.games.melds import hand_penalty

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
#: a page with no ready kernel starts one and runs its notebook first: on a busy 2-core machine that takes a while
FIRST_PAGE_MS = 3 * TIMEOUT_MS
NOTEBOOKS = {"09_rummy_pussel.ipynb": ("Kasta", "Rätt!"), "09_rummy_puzzles.ipynb": ("Discard", "Right!"),
             "09_rummy_notter.ipynb": ("Kast", "Riktig!")}
#: what the child needs on the screen, inside the first puzzle table
PARTS = (".cardlab-puzzle-title", ".cardlab-puzzle-felt", ".cardlab-card-btn", ".cardlab-action-btn",
         ".cardlab-message", ".cardlab-next")


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("rummy_puzzles")


@pytest.fixture(scope="module")
def classroom(work):
    with classroom_serving(work, "--pupils", "0", "--spare", "0") as base:
        yield base


def answered_progress(work: Path) -> list[dict]:
    """The progress files in the served class folder that hold an answer, as saved."""
    folder = work / "class" / "puzzles" / "progress"
    found = [json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.puzzles.json")]
    return [data for data in found if any(entry["tries"] for entry in data["entries"].values())]


def screenshot(pg, notebook: str, moment: str) -> None:
    folder = Path(os.environ.get("CARDLAB_SCREENSHOTS", tempfile.gettempdir()))
    pg.screenshot(path=str(folder / f"cardlab_rummy_puzzles_{notebook.split('.')[0]}_{moment}.png"))


def off_screen(table) -> list[str]:
    """Every visible part of the table (see :data:`PARTS`) that is not wholly inside the viewport."""
    problems = []
    for selector in PARTS:
        found = table.locator(f"{selector}:visible")
        assert found.count(), f"{selector} is not shown"
        for i in range(found.count()):
            box = found.nth(i).bounding_box()
            if box["y"] < 0 or box["y"] + box["height"] > HEIGHT or box["x"] + box["width"] > WIDTH:
                problems.append(f"{selector} #{i} at y {box['y']:.0f}–{box['y'] + box['height']:.0f}")
    return problems


@pytest.mark.parametrize("notebook", list(NOTEBOOKS))
def test_the_puzzle_table_fits_a_laptop_screen_and_answers_a_click(classroom, work, notebook):
    discard, right = NOTEBOOKS[notebook]

    def ready(pg):
        pg.locator(".cardlab-puzzle-table .cardlab-card-btn").first.wait_for(state="visible", timeout=FIRST_PAGE_MS)

    with chromium_page(f"{classroom}/voila/render/{notebook}", viewport={"width": WIDTH, "height": HEIGHT},
                       ready=ready, setup=lambda pg: join(pg, classroom, name="Anna")) as pg:
        table = pg.locator(".cardlab-puzzle-table").first
        table.scroll_into_view_if_needed()
        pg.evaluate("() => document.querySelector('.cardlab-puzzle-table').scrollIntoView({block: 'start'})")
        pg.mouse.move(0, 0)
        pg.wait_for_timeout(300)
        screenshot(pg, notebook, "question")
        assert not off_screen(table), "off the screen:\n" + "\n".join(off_screen(table))
        cards = table.locator(".cardlab-card-btn:visible")
        assert cards.first.evaluate("b => parseFloat(getComputedStyle(b).fontSize)") >= 20
        felt_cards = table.locator(".cardlab-puzzle-felt svg")
        assert felt_cards.count() >= 1 and min(felt_cards.nth(i).bounding_box()["width"]
                                               for i in range(felt_cards.count())) >= 40
        assert table.locator(".cardlab-draw-btn:visible").count() == 0       # a turn puzzle: no draw buttons
        hand = [Card.parse(cards.nth(i).inner_text().strip()) for i in range(cards.count())]
        worst = max(range(len(hand)), key=lambda i: hand_penalty([hand[i]]))
        before = cards.nth(worst).evaluate("b => getComputedStyle(b).backgroundColor")
        cards.nth(worst).click()
        pg.wait_for_function("([b, c]) => getComputedStyle(b).backgroundColor !== c",
                             arg=[cards.nth(worst).element_handle(), before], timeout=TIMEOUT_MS)
        title = table.locator(".cardlab-puzzle-title").inner_text()
        table.locator(".cardlab-discard", has_text=discard).click()
        message = table.locator(".cardlab-message")
        message.filter(has_text=right).wait_for(state="visible", timeout=TIMEOUT_MS)
        screenshot(pg, notebook, "answered")
        assert message.inner_text().strip().startswith(right)
        assert table.locator(".cardlab-puzzle-title").inner_text() != title        # the theme is named now
        assert table.locator(".cardlab-draw-btn:visible").count() == 0
        assert not off_screen(table), "off the screen after the answer:\n" + "\n".join(off_screen(table))
    saved = answered_progress(work)
    assert saved and {data["child"] for data in saved} == {"Anna"}
    assert all(data.get("pupil_id") for data in saved)
    assert not (work / "class" / "puzzles" / "progress" / "mina.puzzles.json").exists()
