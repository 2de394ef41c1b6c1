# cardlab: two commands do all set-up on a fresh machine.
#   make lab   – create .venv, install cardlab with the lab extras, open JupyterLab on notebooks/
#   make test  – create .venv if missing, install, run every test (unit, doctest, notebooks, browser)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# JupyterLab refuses to start as root unless told it may (containers, CI machines)
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test install app data claims bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[lab,cluster,dev]"
	touch $(STAMP)

install: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ROOT_OK) notebooks/

app: $(STAMP)
	$(VENV)/bin/voila --no-browser notebooks/

test: $(STAMP)
	$(PY) -m pytest -q --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg tests cardlab notebooks

data: $(STAMP)
	$(VENV)/bin/cardlab data build

# every claim of the analysis notebooks again, on tables made afresh with a second seed (also a slow test)
claims: $(STAMP)
	$(PY) -m cardlab.claims --seed 7919

bench: $(STAMP)
	$(PY) -m pip install --quiet -e ".[bench]"
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
