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
    assert {"01_cards_and_tricks", "01_kort_och_stick", "05_classroom_exercises_pupil", "10_one_card_plump"} <= names


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
