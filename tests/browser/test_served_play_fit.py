"""The first screen holds what a child needs, in the play notebooks as the classroom server serves them.

At 1366×768 and 1024×768 the felt, the message line, the status line, *Nästa*/*Next*, *Tips*/*Hint*,
*Ångra*/*Undo*, the hand and the buttons of the moment (the bid buttons, the draw buttons, *Meld* and
*Discard*, *Prikk*, *New game* at the end) must lie inside the viewport with the page at the top, in
Plump, Femkamp and Rummy, at every moment of a game: a bot to move, your bid, your card, the end of a
round and the end of the game.  Each game is played to its end by clicking, as a child would (the
first legal card, the first allowed bid, draw from the stock and discard), and each moment is checked
at both sizes on the same page.  JupyterLab gets the same check on the first screen of each game.

Screenshots ``cardlab_served_<game>_<moment>_<width>.png`` (the first screen only) go to
``$CARDLAB_SCREENSHOTS`` (default: the system temp folder).  See ``browser_support`` for what the
test needs (Debian's Chromium, Playwright for Python).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from browser_support import (TIMEOUT_MS, chromium_page, classroom_serving, join, lab_serving, run_all_cells,
                             wait_for_lab_notebook)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1366, 768), (1024, 768)]
#: a page with no ready kernel starts one and runs its notebook first: on a busy 2-core machine that can take minutes
FIRST_PAGE_MS = 3 * TIMEOUT_MS
NOTEBOOKS = {"plump": "02_play_plump.ipynb", "femkamp": "03_play_femkamp.ipynb", "rummy": "04_play_rummy.ipynb"}
#: What every moment needs on the first screen.
ALWAYS = (".cardlab-felt-box", ".cardlab-message", ".cardlab-next", ".cardlab-hint", ".cardlab-undo")
#: What a moment needs besides (every visible element matching is checked).
AT = {
    "bots-turn": (".cardlab-status", ".cardlab-card-btn"),
    "my-turn": (".cardlab-status", ".cardlab-card-btn", ".cardlab-bid-btn", ".cardlab-draw-btn", ".cardlab-meld",
                ".cardlab-discard", ".cardlab-prikk"),
    "round-end": (),
    "game-over": (".cardlab-new-game",),
}


def served_page(base: str, notebook: str) -> str:
    """Where a pupil's browser finds ``notebook`` on the classroom server at ``base`` (after :func:`join`)."""
    return f"{base}/voila/render/{notebook}"


def joined(base: str):
    """What a page does first: join the class with its code, as a pupil does."""
    return lambda pg: join(pg, base, name="Anna")


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """The classroom server (``python -m cardlab.classroom_server``) serving its copy of the notebooks."""
    work = tmp_path_factory.mktemp("served_play")
    with classroom_serving(work, "--pupils", "0", "--spare", "0") as base:
        yield base


def screenshot_folder() -> Path:
    return Path(os.environ.get("CARDLAB_SCREENSHOTS", tempfile.gettempdir()))


# A fingerprint of what the table shows; an action is done when it has changed and then held still a moment.
SNAPSHOT_JS = "() => { const t = document.querySelector('.cardlab-felt-table'); return t ? t.innerHTML : ''; }"
SETTLED_JS = """async (before) => {
    const now = () => { const t = document.querySelector('.cardlab-felt-table'); return t ? t.innerHTML : ''; };
    const sleep = ms => new Promise(r => setTimeout(r, ms));
    const start = Date.now();
    while (now() === before) { if (Date.now() - start > 60000) return false; await sleep(15); }
    let last = now();
    for (;;) { await sleep(60); const n = now(); if (n === last) return true; last = n; }
}"""

# What is on the table now: the moment (from the table's class) and which buttons can be pressed.
STATE_JS = """() => {
    const table = document.querySelector('.cardlab-felt-table');
    const moment = ['game-over', 'round-end', 'reading', 'my-turn', 'bots-turn'].find(m => table.classList.contains('cardlab-' + m));
    const shown = sel => [...document.querySelectorAll(sel)].filter(b => b.offsetParent !== null);
    const usable = sel => shown(sel).filter(b => !b.disabled && !b.classList.contains('cardlab-illegal'));
    return {moment, next: usable('.cardlab-next').length > 0, bids: usable('.cardlab-bid-btn').length,
            cards: usable('.cardlab-card-btn').length, prikk: usable('.cardlab-prikk').length,
            draw: usable('.cardlab-draw-stock').length, discard: shown('.cardlab-discard').length,
            title: (document.querySelector('.cardlab-title') || {}).innerText || ''};
}"""


# The page at its top: the window and every scrolled box in it (a click scrolls what it needs to).
SCROLL_TO_TOP_JS = """() => { window.scrollTo(0, 0);
    for (const el of document.querySelectorAll('*')) { if (el.scrollTop) el.scrollTop = 0; } }"""


def act(pg, locator) -> None:
    """Click ``locator`` and wait until the kernel's redraw has arrived and settled."""
    before = pg.evaluate(SNAPSHOT_JS)
    locator.click()
    assert pg.evaluate(SETTLED_JS, before), "the table did not answer the click"


def visible(pg, selector: str):
    """The shown elements matching ``selector`` (a notebook's first table comes first)."""
    return pg.locator(f"{selector} >> visible=true")


def check_first_screen(pg, game: str, moment: str, tag: str) -> list[str]:
    """At both sizes: every element ``moment`` needs inside the viewport, the page at its top; a screenshot
    ``cardlab_served_<game>_<tag>_<width>.png`` each.  Returns what failed."""
    problems = []
    for width, height in SIZES:
        pg.set_viewport_size({"width": width, "height": height})
        pg.mouse.move(0, 0)                              # a hovered card rises a little
        pg.evaluate(SCROLL_TO_TOP_JS)
        pg.wait_for_timeout(150)
        pg.screenshot(path=str(screenshot_folder() / f"cardlab_served_{game}_{tag}_{width}.png"))
        for selector in ALWAYS + AT[moment]:
            items = pg.locator(f".cardlab-{game}").first.locator(f"{selector} >> visible=true")   # the notebook's first table
            count = items.count()
            if selector in ALWAYS and count == 0:
                problems.append(f"{width}×{height} {moment}: {selector} is not shown")
            for i in range(count):
                box = items.nth(i).bounding_box()
                if box is None or box["height"] == 0:
                    continue
                if not (box["y"] >= -0.5 and box["y"] + box["height"] <= height + 0.5
                        and box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5):
                    problems.append(f"{width}×{height} {moment}: {selector} #{i} at x {box['x']:.0f}–"
                                    f"{box['x'] + box['width']:.0f}, y {box['y']:.0f}–{box['y'] + box['height']:.0f}")
    pg.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    return problems


def press(pg, selector: str, *, last: bool = False) -> None:
    """Click the first (or last) shown ``selector`` and wait for the redraw; if it is not shown (the state was read
    while a redraw was still arriving), only wait a moment: the caller reads the table again."""
    items = visible(pg, selector)
    if items.count() == 0:
        pg.wait_for_timeout(200)
        return
    act(pg, items.last if last else items.first)


def one_child_move(pg, state: dict) -> None:
    """Make the child's move as a child would: the first allowed bid or card, else draw and discard, else *Prikk*."""
    if state["bids"]:
        press(pg, ".cardlab-bid-btn:not([disabled])")
    elif state["draw"]:
        press(pg, ".cardlab-draw-stock")
    elif state["discard"]:
        if not visible(pg, ".cardlab-card-btn.cardlab-selected").count():
            press(pg, ".cardlab-card-btn", last=True)
        press(pg, ".cardlab-discard")
    elif state["cards"]:
        press(pg, ".cardlab-card-btn:not(.cardlab-illegal)")
    else:
        press(pg, ".cardlab-prikk")


def play_through(pg, game: str, *, limit: int) -> tuple[dict[str, list[str]], set[str]]:
    """Play the whole game by clicking; check the first screen at the first time of each moment (and of
    each Femkamp round).  Returns the problems by moment and the moments seen."""
    problems: dict[str, list[str]] = {}
    checked: set[str] = set()
    for _ in range(limit):
        state = pg.evaluate(STATE_JS)
        moment = state["moment"]
        key = moment
        if game == "femkamp" and moment == "my-turn":
            key = f"my-turn {state['title']}"        # the kabal round's felt is the tallest
        if game == "plump" and moment == "my-turn":
            key = "my-bid" if state["bids"] else "my-card"
        if game == "rummy" and moment == "my-turn":
            key = "my-draw" if state["draw"] else "my-discard"
        if key not in checked:
            checked.add(key)
            tag = key.split(" ")[0] + (f"-{len(checked)}" if " " in key else "")
            problems[key] = check_first_screen(pg, game, moment, tag)
        if moment == "game-over":
            break
        if moment == "my-turn":
            one_child_move(pg, state)
        else:
            press(pg, ".cardlab-next:not([disabled])")
    return problems, {k.split(" ")[0] for k in checked}


@pytest.mark.parametrize("game", list(NOTEBOOKS))
def test_every_moment_of_a_served_game_fits_the_first_screen(classroom, game):
    def ready(pg):
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=FIRST_PAGE_MS)

    url = served_page(classroom, NOTEBOOKS[game])
    with chromium_page(url, viewport={"width": SIZES[0][0], "height": SIZES[0][1]}, ready=ready,
                       setup=joined(classroom)) as pg:
        if game == "rummy":                              # two players: a game to 100 in fewer clicks
            pg.locator(".cardlab-players select").select_option("2")
            act(pg, pg.locator(".cardlab-new-game"))
        problems, seen = play_through(pg, game, limit=1500)
    assert {"bots-turn", "round-end", "game-over"} <= seen, f"moments seen: {seen}"
    if game == "plump":
        assert {"my-bid", "my-card"} <= seen
    if game == "rummy":
        assert {"my-draw", "my-discard"} <= seen
    failed = [p for found in problems.values() for p in found]
    assert not failed, "off the first screen:\n" + "\n".join(failed)


#: The Swedish and Norwegian play notebooks (longer words on the buttons): their first screen, served.
TRANSLATED = {"02_spela_plump.ipynb": "plump", "02_spille_plump.ipynb": "plump", "03_spela_femkamp.ipynb": "femkamp",
              "03_spille_femkamp.ipynb": "femkamp", "04_spela_rummy.ipynb": "rummy", "04_spille_rummy.ipynb": "rummy"}


@pytest.mark.parametrize("notebook", list(TRANSLATED))
def test_the_first_screen_of_a_swedish_or_norwegian_play_notebook_fits(classroom, notebook):
    game = TRANSLATED[notebook]

    def ready(pg):
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=FIRST_PAGE_MS)

    with chromium_page(served_page(classroom, notebook), viewport={"width": SIZES[0][0], "height": SIZES[0][1]},
                       ready=ready, setup=joined(classroom)) as pg:
        words = pg.locator(".cardlab-next").first.inner_text()
        assert words in ("Nästa ▶", "Neste ▶"), words             # the table opens in the notebook's language
        problems = check_first_screen(pg, game, "bots-turn", notebook.split(".")[0])
    assert not problems, "off the first screen:\n" + "\n".join(problems)


# ----------------------------------------------------------------------------------------- JupyterLab
@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab_play")
    for name in NOTEBOOKS.values():                      # Lab autosaves: never open the repository's copy
        shutil.copy(ROOT / "notebooks" / name, root / name)
    with lab_serving(root, tmp_path_factory.mktemp("lab_play_workspaces")) as base:
        yield base


@pytest.mark.parametrize("game", list(NOTEBOOKS))
def test_the_first_table_fits_a_jupyterlab_screen(lab, game):
    name = NOTEBOOKS[game]

    def ready(pg):
        wait_for_lab_notebook(pg, name)
        run_all_cells(pg)
        pg.locator(".cardlab-card-btn").first.wait_for(state="visible", timeout=FIRST_PAGE_MS)

    with chromium_page(f"{lab}/lab/tree/{name}", viewport={"width": SIZES[0][0], "height": SIZES[0][1]},
                       ready=ready) as pg:
        problems = []
        for width, height in SIZES:
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(300)
            # the child scrolls the first table to the top of the notebook
            pg.evaluate(f"() => document.querySelector('.cardlab-{game}').scrollIntoView({{block: 'start'}})")
            pg.mouse.move(0, 0)
            pg.wait_for_timeout(300)
            panel = pg.evaluate(f"() => {{ const r = document.querySelector('.cardlab-{game}')"
                                ".closest('.jp-NotebookPanel-notebook').getBoundingClientRect(); return [r.top, r.bottom]; }")
            pg.screenshot(path=str(screenshot_folder() / f"cardlab_lab_{game}_first_{width}.png"))
            first = pg.locator(f".cardlab-{game}").first
            for selector in ALWAYS + AT["bots-turn"]:
                items = first.locator(f"{selector} >> visible=true")
                if items.count() == 0:
                    problems.append(f"{width}: {selector} not shown")
                for i in range(items.count()):
                    box = items.nth(i).bounding_box()
                    if not (box["y"] >= panel[0] - 0.5 and box["y"] + box["height"] <= min(panel[1], height) + 0.5
                            and box["x"] + box["width"] <= width + 0.5):
                        problems.append(f"{width}×{height}: {selector} #{i} at y {box['y']:.0f}–"
                                        f"{box['y'] + box['height']:.0f} (notebook {panel[0]:.0f}–{panel[1]:.0f})")
        assert not problems, "off the first screen in JupyterLab:\n" + "\n".join(problems)
