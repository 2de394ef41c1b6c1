"""The teacher's results notebook runs top to bottom on a real class folder and on an empty one.

The folder comes from ``CARDLAB_CLASS_DIR`` (what ``make app CLASS_DIR=…`` hands to the kernels), and
the notebook's sentences follow the answers it read: nothing about the class is typed into it.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from cardlab.classroom import CLASS_DIR_ENV, save_results

pytest.importorskip("nbclient")
ROOT = Path(__file__).resolve().parents[1]
NAME = "06_class_results"


def _build_tool():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(monkeypatch, folder: Path):
    """Execute the notebook's source with the class folder set, as the classroom app sets it."""
    monkeypatch.setenv(CLASS_DIR_ENV, str(folder))
    tool = _build_tool()
    nb = tool.execute(tool.read_source(NAME), tool.folder(NAME))
    outputs = [o for cell in nb.cells for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"], [o.get("evalue") for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.get("name") == "stderr"], [o.text for o in outputs if o.get("name") == "stderr"]
    text = "\n".join(o.text if o.output_type == "stream" else o.get("data", {}).get("text/plain", "") for o in outputs)
    html = "\n".join(o.get("data", {}).get(kind, "") for o in outputs for kind in ("text/html", "image/svg+xml"))
    return text, html


def test_the_notebook_reads_a_real_class_folder(tmp_path, monkeypatch):
    folder = tmp_path / "class-3b"
    row = lambda q, answer, right: {"question": q, "position": f"6♦ A♦ 2♠ K♦ / ♠" if q == 2 else "8♣ K♣ 4♣ Q♠",  # noqa: E731
                                    "answer": answer, "correct": right}
    save_results([row(1, "K♣", True), row(2, "2♠", True)], folder, pupil="Anna", exercise="05 tricks",
                 pupil_id="1111aaaa1111aaaa")
    save_results([row(1, "K♣", True), row(2, "A♦", False)], folder, pupil="\u0410nna", exercise="05 tricks",
                 pupil_id="2222bbbb2222bbbb")   # a Cyrillic А
    save_results([row(1, "Q♠", False)], folder, pupil="Bo", exercise="05 tricks", pupil_id="3333cccc3333cccc")
    (folder / "05_tricks--Eve--4444dddd4444dddd.json").write_text("[" * 10_000, encoding="utf-8")
    forged = json.loads((folder / "05_tricks--Bo--3333cccc3333cccc.json").read_text(encoding="utf-8"))
    forged["pupil"] = "Mallory"
    (folder / "05_tricks--Mallory--3333cccc3333cccc.json").write_text(json.dumps(forged), encoding="utf-8")
    text, html = _run(monkeypatch, folder)
    assert f"The class folder {folder}." in text
    assert "3 pupils gave 5 answers to 2 questions in 1 exercise; 60% of them were right." in text
    assert "More than one pupil is called Anna, \u0410nna" in text
    assert "Look at the names Anna, \u0410nna: they mix alphabets or look like another name" in text
    assert "The hardest question: 05 tricks #2 (1 right of 2)." in text
    assert "Skipped in the class folder: 2 files; the table below says why." in text
    assert "05_tricks--Eve--4444dddd4444dddd.json" in html and "nested too deeply" in html
    assert "05_tricks--Mallory--3333cccc3333cccc.json" in html and "which belongs to Bo" in html
    assert "Questions with a trump: 50% right (1 question); without: 67% right (1 question): fewer" in text
    assert "Anna (1111)" in html and "\u0410nna (2222)" in html           # the table tells them apart …
    svg = html[html.index("<svg"):]
    assert "Anna (1111)" in svg and "\u0410nna (2222)" in svg            # … and so does the chart
    assert "Eight pupils" not in text + html and "72 answers" not in text + html


def test_the_notebook_runs_on_an_empty_class_folder(tmp_path, monkeypatch):
    folder = tmp_path / "new-class"
    folder.mkdir()
    text, html = _run(monkeypatch, folder)
    assert "The class folder holds no answers yet" in text and "No file in the class folder was skipped." in text
    assert "No answers yet: no chart." in text
    assert "The class has not answered questions both with and without a trump yet." in text


def test_the_puzzle_results_notebook_reads_every_game_of_a_real_class_folder(tmp_path, monkeypatch):
    """08_puzzle_results on a real class folder: no demo children; a child's Rummy answer and a puzzle of the
    child's own game (in no set) are read, per game and per child."""
    from cardlab.puzzles.handout import hand_out
    from cardlab.puzzles.ladder import progress_folder
    from cardlab.puzzles.repetition import Leitner
    from cardlab.puzzles.rummy_draw import rummy_draw_puzzles_from_games

    folder = tmp_path / "class-4b"
    extra = rummy_draw_puzzles_from_games(n=2, rng=11)
    hand_out(folder, "extra-rummy", extra)
    boxes = Leitner("Åsa")
    boxes.record(extra[0].id, right=True)
    boxes.record("own-game-puzzle", right=False)
    boxes.save(progress_folder(folder))
    monkeypatch.setenv(CLASS_DIR_ENV, str(folder))
    tool = _build_tool()
    nb = tool.execute(tool.read_source("08_puzzle_results"), tool.folder("08_puzzle_results"))
    outputs = [o for cell in nb.cells for o in cell.get("outputs", [])]
    errors = [o.get("evalue") for o in outputs if o.output_type == "error"]
    assert not errors, errors
    text = "\n".join(o.text if o.output_type == "stream" else o.get("data", {}).get("text/plain", "") for o in outputs)
    assert sorted(p.name for p in (folder / "puzzles" / "sets").glob("*.json")) == [
        "extra-rummy.json", "week1-femkamp.json", "week1-plump.json", "week1-rummy.json"]
    assert ("Rummy: 1 pupil tried 1 puzzle; 100% of the puzzles tried were solved. "
            "Furthest up the ladder: Åsa (step 1).") in text
    assert "not in a set: 1 pupil tried 1 puzzle; 0% of the puzzles tried were solved." in text
    assert "Åsa: Rummy 1 of 1 solved (step 1), not in a set 0 of 1 solved." in text
    assert "No file in the class folder was skipped." in text
    assert "Anna" not in text and "fia.puzzles.json" not in text          # no demo class in a real folder
