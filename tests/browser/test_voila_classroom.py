"""The pupils' exercises in a real browser, served by the classroom app as a class gets them.

A pupil types a name, answers, and the answer lands in the class folder; the quiz cards keep their
shape with no game table on the page (10♥ shown whole); *Check* with nothing chosen asks to choose.
See ``browser_support`` for what it needs (Debian's Chromium, Playwright for Python).
"""

from __future__ import annotations

import json

import pytest
from browser_support import TIMEOUT_MS, chromium_page, classroom_serving, join, shot

pytestmark = pytest.mark.browser

LESSON = "05_classroom_exercises_pupil.ipynb"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    work = tmp_path_factory.mktemp("classroom")
    with classroom_serving(work, "--pupils", "1", "--spare", "0", "--lesson", LESSON) as base:
        yield base, work / "class"


def test_a_pupil_answers_and_the_teacher_gets_it(app):
    from playwright.sync_api import expect

    base, class_folder = app
    expect.set_options(timeout=TIMEOUT_MS)

    def ready(pg):
        pg.locator(".cardlab-quiz-card").first.wait_for(state="visible", timeout=TIMEOUT_MS)

    with chromium_page(f"{base}/voila/render/{LESSON}", viewport={"width": 1024, "height": 768}, ready=ready,
                       setup=lambda pg: join(pg, base, name="Anna <3")) as pg:
        trick = pg.locator(".cardlab-quiz").nth(0)
        follow = pg.locator(".cardlab-quiz").nth(1)
        # the pupil joined the class as "Anna <3": the first answer is saved under that name at once,
        # and every quiz's name box shows it (nothing to type)
        trick.locator(".cardlab-quiz-card", has_text="K♣").click()
        expect(trick.locator(".cardlab-feedback")).to_contain_text("K♣ wins")
        expect(trick.locator(".cardlab-save-status")).to_contain_text("Saved for Anna <3")
        expect(follow.locator(".cardlab-pupil-name input")).to_have_value("Anna <3")
        saved = list(class_folder.glob("05_tricks--Anna_3--*.json"))
        assert len(saved) == 1
        record = json.loads(saved[0].read_text(encoding="utf-8"))
        assert record["pupil"] == "Anna <3" and record["answers"][0] == {
            "question": 1, "position": "8♣ K♣ 4♣ Q♠", "answer": "K♣", "correct": True}
        # the second trick has 10♥ on a card button: shown whole, not cut to "1…"
        trick.locator(".cardlab-next-question").click()
        ten = trick.locator(".cardlab-quiz-card", has_text="10♥")
        expect(ten).to_be_visible()
        fits = ten.evaluate("el => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width >= 60")
        assert fits, "the 10♥ card button cuts its label"
        # Check with nothing chosen asks to choose and is not scored
        follow.locator(".cardlab-check").click()
        expect(follow.locator(".cardlab-feedback")).to_contain_text("Choose at least one card first")
        expect(follow.locator(".cardlab-score")).to_contain_text("Right: 0 of 0")
        shot(pg, "classroom_quiz_1024")
