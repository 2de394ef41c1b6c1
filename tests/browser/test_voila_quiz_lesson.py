"""The Swedish pupils' exercises in a real browser, served by the classroom app: nothing answered is lost.

A pupil who joined the class as Maja answers two trick questions: both land in the class folder under
her name at once, and a name typed later makes no second pupil (the case of answers given before any
name is typed, outside the classroom app, is ``tests/test_quiz_session.py``'s).  The page speaks Swedish only,
and a wrong bid names the cards that take the tricks.  See ``browser_support`` for what it needs.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from browser_support import TIMEOUT_MS, chromium_page, classroom_serving, join, shot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "05_klassrumsovningar_elev.ipynb"
#: English words of the quiz widgets that must never reach a Swedish page
ENGLISH = ("Language", "Question", "Save answers", "Next question", "Right:", "Your name", "Check", "wins", "trump")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    work = tmp_path_factory.mktemp("classroom")
    with classroom_serving(work, "--pupils", "1", "--spare", "0", "--lesson", LESSON) as base:
        yield base, work / "class"


def test_a_joined_pupils_answers_are_saved_under_her_name_from_the_first_click(app):
    from playwright.sync_api import expect

    base, class_folder = app
    expect.set_options(timeout=TIMEOUT_MS)

    def ready(pg):
        pg.locator(".cardlab-quiz-bid").first.wait_for(state="visible", timeout=TIMEOUT_MS)

    with chromium_page(f"{base}/voila/render/{LESSON}", viewport={"width": 1024, "height": 768}, ready=ready,
                      setup=lambda page: join(page, base, name="Maja")) as pg:
        trick = pg.locator(".cardlab-quiz").nth(0)
        bid = pg.locator(".cardlab-quiz").nth(2)
        # Maja joined the class: her first answer is saved under her name at once, in every quiz's box
        trick.locator(".cardlab-quiz-card", has_text="K♣").click()
        expect(trick.locator(".cardlab-feedback")).to_contain_text("Rätt! K♣ vinner")
        expect(trick.locator(".cardlab-save-status")).to_contain_text("Sparat för Maja.")
        expect(bid.locator(".cardlab-pupil-name input")).to_have_value("Maja")
        trick.locator(".cardlab-next-question").click()
        trick.locator(".cardlab-quiz-card", has_text="A♠").click()
        expect(trick.locator(".cardlab-feedback")).to_contain_text("A♠ kan inte vinna")
        # a name typed later does not make a second pupil: both answers stay in Maja's one file
        name_box = bid.locator(".cardlab-pupil-name input")
        name_box.fill("Nisse")
        name_box.press("Enter")
        expect(trick.locator(".cardlab-pupil-name input")).to_have_value("Maja")
        saved = list(class_folder.glob("05_tricks--*.json"))
        assert [p.name.split("--")[1] for p in saved] == ["Maja"]
        answers = json.loads(saved[0].read_text(encoding="utf-8"))["answers"]
        assert [(a["answer"], a["correct"]) for a in answers[:2]] == [("K♣", True), ("A♠", False)]
        # a wrong bid on A♠ A♥ K♠ 2♣ 3♦ (spades trump) says which cards take the tricks, and is saved at once
        bid.locator(".cardlab-quiz-bid", has_text=re.compile(r"^\s*2\s*$")).click()
        feedback = bid.locator(".cardlab-feedback")
        expect(feedback).to_contain_text("A♠ och K♠ tog nästan alltid ett stick.")
        expect(feedback).to_contain_text("så 2 är för få.")
        expect(bid.locator(".cardlab-save-status")).to_contain_text("Sparat för Maja.")
        assert len(list(class_folder.glob("05_bids--Maja--*.json"))) == 1
        shot(pg, "classroom_quiz_sv_1024")
        text = pg.locator(".cardlab-quiz").all_inner_texts()
        found = [w for w in ENGLISH if any(w in t for t in text)]
        assert not found, f"English on the Swedish page: {found}"
