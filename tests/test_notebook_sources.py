"""Every stored notebook is built from a text source (notebooks/text/NAME.py) and still matches it."""

import importlib.util
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
build_notebooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_notebooks)


def test_every_notebook_has_a_source_and_matches_it():
    assert build_notebooks.names(), "no text sources found"
    assert build_notebooks.differences() == []


def test_the_check_notices_an_edited_source(tmp_path, monkeypatch):
    """An edit made to a source and not rebuilt is reported (so the check can fail)."""
    name = build_notebooks.names()[0]
    text = tmp_path / "text"
    text.mkdir()
    source = build_notebooks.source_path(name).read_text(encoding="utf-8")
    (text / f"{name}.py").write_text(source + "\n# %%\nprint('added in the source only')\n", encoding="utf-8")
    nb = nbformat.read(build_notebooks.notebook_path(name), as_version=4)
    nbformat.write(nb, tmp_path / f"{name}.ipynb")
    monkeypatch.setattr(build_notebooks, "TEXT", text)
    monkeypatch.setattr(build_notebooks, "NOTEBOOKS", tmp_path)
    assert build_notebooks.differences() == [f"{name}.ipynb differs from text/{name}.py"]


def test_notebooks_are_paired_for_jupyterlab():
    config = (ROOT / "notebooks" / "jupytext.toml").read_text(encoding="utf-8")
    assert 'formats = "ipynb,text//py:percent"' in config
