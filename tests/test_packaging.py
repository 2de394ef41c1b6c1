"""Set-up stays honest: environment.yml matches pyproject.toml; the console script and presets ship."""

import sys
from pathlib import Path

import yaml
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# conda-forge names that differ from PyPI names
CONDA_NAMES = {"dask[distributed]": ["dask", "distributed"]}


def _pyproject_requirements():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        reqs += extra
    out = {}
    for text in reqs:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate({"python_version": "3.11"}):
            continue
        minimum = next((s.version for s in req.specifier if s.operator == ">="), None)
        name = req.name.lower() + (f"[{','.join(sorted(req.extras))}]" if req.extras else "")
        for conda_name in CONDA_NAMES.get(name, [req.name.lower()]):
            out[conda_name] = minimum
    return out


def _environment_requirements():
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    out = {}
    for item in env["dependencies"]:
        entries = item["pip"] if isinstance(item, dict) else [item]
        for text in entries:
            if text.startswith("-e") or text in ("pip",) or text.startswith("python"):
                continue
            req = Requirement(text)
            out[req.name.lower()] = next((s.version for s in req.specifier if s.operator == ">="), None)
    return out


def test_environment_yml_matches_pyproject():
    assert _environment_requirements() == _pyproject_requirements()


def test_python_minimum_is_310_in_both():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert project["requires-python"] == ">=3.10" and "python>=3.10" in env["dependencies"]


def test_console_script_and_presets_are_installed():
    from importlib import metadata, resources

    scripts = {ep.name: ep.value for ep in metadata.entry_points(group="console_scripts")}
    assert scripts.get("cardlab") == "cardlab.cli:main"
    assert (resources.files("cardlab") / "presets" / "plump" / "kids.toml").is_file()


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make test" in ci and "make test" in readme and "make lab" in readme


def test_engine_never_imports_ui_libraries():
    ui = ("ipywidgets", "IPython", "altair")
    engine = [p for p in (ROOT / "cardlab").rglob("*.py") if "widgets" not in p.parts and p.name != "charts.py"]
    offenders = [str(p.relative_to(ROOT)) for p in engine
                 if any(f"import {m}" in p.read_text(encoding="utf-8") or f"from {m}" in p.read_text(encoding="utf-8")
                        for m in ui)]
    assert offenders == []
