"""No typed figures in the analysis notebooks: every number about data is written by the code beside it.

The Markdown cells of notebooks 10–15 (read from their jupytext sources) may hold no digit outside
a short allow-list: code spans, headings, the numbers of a numbered list, card names such as 10♥,
the 95 % level every interval is drawn at, and references to other notebooks.  A rate, a count, an
interval, a strength difference or a range is printed by a code cell (``Markdown(...)`` of a
sentence built from the table or the claim it describes), so nbval checks it against the stored
output like any other result; the strings given to ``Markdown`` may not hide a typed figure either.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "notebooks" / "text").glob("1[0-5]_*.py"))

#: what may carry a digit in a Markdown cell (removed before digits are looked for), each with why
ALLOWED = [
    (r"`[^`\n]*`", "a code span: a name, a column, a command or a formula"),
    (r"^#{1,6} .*$", "a heading"),
    (r"^\s*\d+\.\s", "the number of a numbered list"),
    (r"(?<![\w.])(?:10|[2-9]|[JQKA])[♠♥♦♣]", "a card"),
    (r"\b95 %", "the level every interval is drawn at"),
    (r"\bnotebooks? \d\d(?:(?:,| and) \d\d)*", "another notebook"),
    (r"\bISMCTS-\d+", "the name of an OpenSpiel bot (its simulations per move)"),
]
_ALLOWED = re.compile("|".join(f"(?:{pattern})" for pattern, _ in ALLOWED), re.MULTILINE)
#: a figure: a digit with what runs on from it (decimals, thousands, %, ranges, powers)
_FIGURE = re.compile(r"[−+\-]?\d[\d.,·⁰¹²³⁴⁵⁶⁷⁸⁹–\-×x/]*(?:\s?%)?")


def typed_figures(markdown: str) -> list[str]:
    """The figures typed into a piece of Markdown, once the allowed spans are taken out.

    >>> typed_figures("The leader takes no trick 63 % of the time, each follower 79 %.")
    ['63 %', '79 %']
    >>> typed_figures("Hold 10♥ and `p_bid0_made`; every interval is 95 %.")
    []
    """
    return [m.group(0).strip() for m in _FIGURE.finditer(_ALLOWED.sub(" ", markdown))]


def _cells(path: Path):
    return jupytext.read(path, fmt="py:percent").cells


def _markdown_strings(code: str) -> list[str]:
    """The literal text given to ``Markdown(...)`` in a code cell (f-string placeholders left out)."""
    out: list[str] = []

    def text_of(node) -> None:
        if isinstance(node, ast.JoinedStr):  # the literal parts only; placeholders are computed
            out.extend(v.value for v in node.values if isinstance(v, ast.Constant))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append(node.value)
        else:
            for child in ast.iter_child_nodes(node):
                text_of(child)

    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Markdown":
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                text_of(arg)
    return out


def notebook_figures(path: Path) -> list[tuple[int, str]]:
    """Every typed figure of one notebook source: (cell number, figure)."""
    found = []
    for i, cell in enumerate(_cells(path)):
        texts = [cell.source] if cell.cell_type == "markdown" else _markdown_strings(cell.source)
        for text in texts:
            found.extend((i, f) for f in typed_figures(text))
    return found


def test_there_are_analysis_notebooks():
    assert [p.stem[:2] for p in SOURCES] == ["10", "11", "12", "13", "14", "15"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.stem)
def test_no_typed_figures(path):
    found = notebook_figures(path)
    assert not found, f"{path.name}: figures typed into Markdown (write them from the data in a code cell): {found}"


def test_the_check_finds_one_typed_figure(tmp_path):
    """The check can fail: one figure typed into a copy of a real notebook is found, and only that one."""
    source = SOURCES[1]
    nb = jupytext.read(source, fmt="py:percent")
    first = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and not c.source.startswith("#"))
    nb.cells[first].source += "\n\nThe search bot makes its zero bids 74–79 % of the time."
    copy = tmp_path / source.name
    jupytext.write(nb, copy, fmt="py:percent")
    from collections import Counter

    assert Counter(notebook_figures(copy)) - Counter(notebook_figures(source)) == Counter({(first, "74–79 %"): 1})
    assert not Counter(notebook_figures(source)) - Counter(notebook_figures(copy))


def test_a_figure_typed_into_markdown_code_is_found(tmp_path):
    copy = tmp_path / "x.py"
    copy.write_text('# %%\nMarkdown(f"The table has {n:,} rows and 2,395 zero bids.")\n')
    assert notebook_figures(copy) == [(0, "2,395")]


@pytest.mark.parametrize("path", [p for p in SOURCES if not p.stem.startswith("15")], ids=lambda p: p.stem)
def test_the_figures_are_written_by_code(path):
    """The stored notebook shows the figures its code wrote: Markdown outputs with numbers in them."""
    nb = nbformat.read(ROOT / "notebooks" / f"{path.stem}.ipynb", as_version=4)
    written = [o["data"]["text/markdown"] for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if "text/markdown" in o.get("data", {})]
    assert sum(bool(re.search(r"\d", text)) for text in written) >= 3, path.stem
