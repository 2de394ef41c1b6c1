"""Every notebook is stored executed, never refers to a CDN, and draws its charts as inline SVG."""

import json
from pathlib import Path

import nbformat
import pytest

_FOLDER = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted([*_FOLDER.glob("*.ipynb"), *(_FOLDER / "teacher").glob("*.ipynb")])
OUTPUT_FREE = "output-free"


def test_there_are_notebooks():
    names = {p.stem for p in NOTEBOOKS}
    assert {"01_cards_and_tricks", "01_kort_och_stick", "01_kort_og_stikk", "05_classroom_exercises_pupil",
            "05_klassrumsovningar_elev", "05_klasseromsoppgaver_elev", "10_one_card_plump"} <= names


#: The lessons with quizzes, in each language: notebook → its language
LESSONS = {"01_cards_and_tricks": "en", "01_kort_och_stick": "sv", "01_kort_og_stikk": "nb",
           "05_classroom_exercises_pupil": "en", "05_klassrumsovningar_elev": "sv", "05_klasseromsoppgaver_elev": "nb",
           "teacher/05_classroom_exercises": "en", "teacher/05_klassrumsovningar": "sv", "teacher/05_klasseromsoppgaver": "nb"}
#: what the stand-in of a quiz or table says before it is drawn, per language (the key to press)
PRESS = {"sv": "tryck Shift + Enter tills du kommer hit", "nb": "trykk Shift + Enter til du kommer hit",
         "en": "press Shift + Enter until you get here"}
QUIZZES = ("TrickQuiz(", "FollowSuitQuiz(", "BidQuiz(")


@pytest.mark.parametrize("name", LESSONS)
def test_every_quiz_of_a_lesson_follows_one_language_and_one_name(name):
    """One Lesson per notebook in the notebook's language; every quiz shares it, and says in that language
    what to press before it is drawn."""
    lang = LESSONS[name]
    nb = nbformat.read(_FOLDER / f"{name}.ipynb", as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert sum(src.count(f'Lesson(lang=LANG)') for src in code) == 1 and any(f'LANG = "{lang}"' in src for src in code)
    calls = [src for src in code if any(q in src for q in QUIZZES)]
    assert calls and all("lesson=lesson" in src for src in calls) and not any("lang=" in src for src in calls)
    stand_ins = [o["data"]["text/plain"] for c in nb.cells for o in c.get("outputs", [])
                 if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(stand_ins) >= len(calls)
    raw = [t[:60] for t in stand_ins if PRESS[lang] not in t]        # e.g. "interactive(children=(IntSlider(…"
    assert not raw, f"a widget that reads as Python, not as a sentence, until the notebook runs: {raw}"
    assert not any(word in t for t in stand_ins for word in ("Wait a moment", "Vänta ett ögonblick", "Vent et øyeblikk"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_executed(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        assert cell.execution_count is not None, f"{path.name}: a cell was never run:\n{cell.source[:80]}"
        if OUTPUT_FREE not in cell.metadata.get("tags", []):
            assert cell.outputs, f"{path.name}: a cell has no stored output:\n{cell.source[:80]}"
        assert not any(o.get("name") == "stderr" for o in cell.outputs), f"{path.name}: output on stderr"
        assert not any(o.output_type == "error" for o in cell.outputs), f"{path.name}: a stored error"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_offline(path):
    nb = nbformat.read(path, as_version=4)
    assert "https://cdn" not in json.dumps(nb), f"{path.name} refers to a CDN"
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            assert not any("vegalite" in k or "vega" in k for k in data), f"{path.name}: a chart that needs JavaScript"
            if "text/html" in data:
                assert "vegaEmbed" not in data["text/html"], f"{path.name}: a chart rendered as HTML"


def test_analysis_charts_are_inline_svg():
    for path in NOTEBOOKS:
        if not path.name[:2].isdigit() or int(path.name[:2]) < 10 or "odds" in path.name:
            continue
        nb = nbformat.read(path, as_version=4)
        svgs = [o for c in nb.cells for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {})]
        assert svgs, f"{path.name} has no inline SVG chart"
        assert all("<svg" in "".join(o["data"]["image/svg+xml"]) for o in svgs)
