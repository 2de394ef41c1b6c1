# cardlab: two commands do all set-up on a fresh machine.
#   make lab   – create .venv, install cardlab with the lab extras, open JupyterLab on notebooks/
#   make test  – create .venv if missing, install, run every test (unit, doctest, notebooks, browser)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# JupyterLab refuses to start as root unless told it may (containers, CI machines)
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test install app data bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[lab,cluster,dev]"
	touch $(STAMP)

install: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ROOT_OK) notebooks/

# the classroom app: only the pupils' notebooks, a ready table per pupil (see docs/classroom.md)
#   make app PUPILS=30 IP=0.0.0.0 CLASS_DIR=~/klass-4b
PUPILS    ?= 1
IP        ?= 127.0.0.1
PORT      ?= 8866
CLASS_DIR ?=
app: $(STAMP)
	$(PY) -m cardlab.classroom_server --pupils $(PUPILS) --ip $(IP) --port $(PORT) $(if $(CLASS_DIR),--class-dir $(CLASS_DIR),)

test: $(STAMP)
	$(PY) -m pytest -q --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg tests cardlab notebooks

data: $(STAMP)
	$(VENV)/bin/cardlab data build

bench: $(STAMP)
	$(PY) -m pip install --quiet -e ".[bench]"
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
