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
# extras that environment.yml leaves out: OpenSpiel and Solara are for benchmarks only (make bench installs OpenSpiel)
NOT_IN_CONDA = {"bench", "solara"}


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _pyproject_requirements():
    project = _pyproject()["project"]
    reqs = list(project["dependencies"])
    for name, extra in project["optional-dependencies"].items():
        if name not in NOT_IN_CONDA:
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


def test_environment_yml_has_no_benchmark_only_packages():
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    listed = " ".join(str(d) for d in env["dependencies"]).lower()
    extras = _pyproject()["project"]["optional-dependencies"]
    only_for_benchmarks = [Requirement(r).name.lower() for name in sorted(NOT_IN_CONDA) for r in extras[name]]
    assert {"open-spiel", "solara"} <= set(only_for_benchmarks)
    assert not any(name in listed for name in only_for_benchmarks)


def test_project_metadata_a_user_expects():
    project = _pyproject()["project"]
    assert project["license"] == "MIT"  # an SPDX expression, not a table
    assert all(list(ROOT.glob(pattern)) for pattern in project["license-files"])
    assert {"Homepage", "Documentation", "Source", "Issues"} <= set(project["urls"])
    assert project["authors"] and all(author.get("name") for author in project["authors"])
    classifiers = project["classifiers"]
    assert "Typing :: Typed" in classifiers and "Framework :: Jupyter" in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX string says it
    versions = {c.rsplit(" ", 1)[-1] for c in classifiers if c.startswith("Programming Language :: Python :: 3.")}
    assert "3.10" in versions
    assert (ROOT / "cardlab" / "py.typed").is_file()
    assert "py.typed" in _pyproject()["tool"]["setuptools"]["package-data"]["cardlab"]


def test_make_lab_installs_the_lab_extras_only_and_warms_up():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lab_install = next(line for line in makefile.splitlines() if "pip install" in line and ".[lab]" in line)
    assert "dev" not in lab_install and "cluster" not in lab_install
    lab_rule = next(line for line in makefile.splitlines() if line.startswith("lab:"))
    assert "$(STAMP)" not in lab_rule and "$(WARM)" in lab_rule
    assert "cardlab warmup" in makefile
    test_rule = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "$(STAMP)" in test_rule  # the test tools come with make test
    stamp_recipe = makefile.split("\n$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "pip install" in stamp_recipe and "dev" in stamp_recipe


def test_python_minimum_is_310_in_both():
    project = _pyproject()["project"]
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
