# cardlab: two commands do all set-up on a fresh machine.
#   make lab   – create .venv, install cardlab with the lab extras, compile the fast simulator once
#                (cardlab warmup), open JupyterLab on notebooks/
#   make test  – create .venv if missing, install with the test tools, run every test (unit, doctest,
#                notebooks, browser)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LAB    := $(VENV)/.installed-lab
WARM   := $(VENV)/.warmed-up
# JupyterLab refuses to start as root unless told it may (containers, CI machines)
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test install app data claims bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# everything: the lab, the Dask cluster and the test tools
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[lab,cluster,dev]"
	touch $(STAMP) $(LAB)

# the lab extras only (what make lab needs)
$(LAB): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[lab]"
	touch $(LAB)

# compile the numba kernels once (kept in numba's cache); again only when the simulator changes
$(WARM): $(LAB) $(wildcard cardlab/kernels/*.py cardlab/search/*.py cardlab/sim/*.py)
	$(VENV)/bin/cardlab warmup
	touch $(WARM)

install: $(STAMP)

lab: $(LAB) $(WARM)
	$(VENV)/bin/jupyter lab $(ROOT_OK) notebooks/

# the classroom app: only the pupils' notebooks, a ready table per pupil (see docs/classroom.md)
#   make app PUPILS=30 IP=0.0.0.0 CLASS_DIR=~/klass-4b CLASS_LANG=sv
# It prints the address pupils open, the class code for the board and the teacher code, and warms a
# pool of ready kernels for every notebook in LESSONS (default: the Plump table and the quizzes in the
# class's language); APP_OPTIONS passes more (e.g. --max-kernels 80).
# The table service for several players runs beside it (TABLES_PORT, default PORT + 5); TABLES=no leaves it out.
PUPILS     ?= 1
IP         ?= 127.0.0.1
PORT       ?= 8866
CLASS_DIR  ?=
CLASS_LANG ?=
LESSONS    ?=
APP_OPTIONS ?=
TABLES     ?= yes
TABLES_PORT ?=
app: $(LAB)
	$(PY) -m cardlab.classroom_server --pupils $(PUPILS) --ip $(IP) --port $(PORT) $(foreach lesson,$(LESSONS),--lesson "$(lesson)") \
		$(if $(CLASS_DIR),--class-dir "$(CLASS_DIR)",) $(if $(CLASS_LANG),--lang $(CLASS_LANG),) \
		$(if $(filter no 0 off,$(TABLES)),--no-tables,) $(if $(TABLES_PORT),--tables-port $(TABLES_PORT),) $(APP_OPTIONS)

# TEST_JOBS: test processes side by side (pytest-xdist; each test file, each notebook, in one of them)
TEST_JOBS ?= auto
test: $(STAMP)
	$(PY) -m pytest -q -n $(TEST_JOBS) --dist loadscope --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg tests cardlab notebooks

# the tables shipped inside the package (cardlab/data); `cardlab data build` alone writes to your data folder
data: $(STAMP)
	$(VENV)/bin/cardlab data build --out cardlab/data

# every claim of the analysis notebooks again, on tables made afresh with a second seed (also a slow test)
claims: $(STAMP)
	$(PY) -m cardlab.claims --seed 7919

bench: $(STAMP)
	$(PY) -m pip install --quiet -e ".[bench]"
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
