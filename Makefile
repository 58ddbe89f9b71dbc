# bridge-rulings: the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test verify bench lint clean fuzz fuzz-long fast bench-fast

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,lint]"
	$(PY) -m pip install --quiet -e ".[dds]" || echo "endplay (the dds extra) did not install: double-dummy tests will skip"
	$(PY) -m pip install --quiet "atheris>=2.3" || echo "atheris did not install: the coverage-guided fuzz test will skip"
	touch $(STAMP)

## Create .venv, install, and solve the bundled Law 47D case.
run: $(STAMP)
	$(VENV)/bin/rulings solve

## The whole test suite: the case corpus, then pytest (unit, property, oracle, CLI).
test: $(STAMP)
	$(VENV)/bin/rulings verify cases/
	$(PY) -m pytest

verify: $(STAMP)
	$(VENV)/bin/rulings verify cases/

## Benchmarks (medians and ratios measured in the same run). benchmarks/scale.py writes
## SCALE_FILES generated cases and case files to a temporary directory (about 1.5 GB and half
## an hour at 100,000 on two cores); SCALE_ARGS=--quick for a smoke run.
SCALE_ARGS ?=
## benchmarks/whole_record_sweep.py: generated whole records (default draw, lead+early and all, both
## editions, whole and cut) checked for errors, repeated restorations, unruled lines and lost
## cards; SWEEP_SEEDS sets the seed range (default 0-999, about a minute on two cores).
SWEEP_SEEDS ?= 0-999
bench: $(STAMP)
	$(PY) -m pip install --quiet -e ".[dds]" || true
	$(PY) benchmarks/run.py
	$(PY) benchmarks/whole_record_sweep.py --seeds $(SWEEP_SEEDS) --workers 2 || true
	$(PY) benchmarks/dds.py
	$(PY) benchmarks/hostile.py
	nice $(PY) benchmarks/scale.py $(SCALE_ARGS)
	RULINGS_LAW64_N=66700 $(PY) -m pytest tests/test_oracle_law64.py -q

## A bigger CLI fuzz sweep: FUZZ mutants of the corpus (default 3000, about two minutes).
FUZZ ?= 3000
fuzz: $(STAMP)
	RULINGS_FUZZ=$(FUZZ) $(PY) -m pytest tests/test_cli_robustness.py -k mutants

## The attacking fuzzers at scale (tests/fuzz_hostile.py): FUZZ_LONG inputs (default 10^6) in
## FUZZ_JOBS worker processes, then ATHERIS_RUNS coverage-guided inputs per worker (atheris).
FUZZ_LONG ?= 1000000
FUZZ_JOBS ?= 2
ATHERIS_RUNS ?= 100000
fuzz-long: $(STAMP)
	$(PY) -m pip install --quiet atheris || echo "atheris did not install: coverage-guided run skipped"
	$(PY) benchmarks/fuzz_long.py $(FUZZ_LONG) --jobs $(FUZZ_JOBS) --atheris $(ATHERIS_RUNS)

## A second venv, .venv-fast, with the package installed (not editable) and the engine compiled
## by mypyc (setup.py with RULINGS_MYPYC=1; mypy, a C compiler and the Python headers needed);
## then the corpus and the test suite against that install. When the engine cannot be
## compiled it says so and .venv-fast keeps the pure-Python install. .venv is not touched,
## and nothing compiled is written beside the sources (build/mypyc). Not part of CI.
FAST     := .venv-fast
FAST_PY  := $(FAST)/bin/python
fast:
	$(PYTHON) -m venv $(FAST)
	$(FAST_PY) -m pip install --quiet --upgrade pip "setuptools>=77" wheel
	$(FAST_PY) -m pip install --quiet ".[test,lint,dds]" || $(FAST_PY) -m pip install --quiet ".[test,lint]"
	@echo "make fast: compiling the engine with mypyc (a few minutes)"
	@if RULINGS_MYPYC=1 $(FAST_PY) -m pip install --quiet --no-build-isolation --no-deps --force-reinstall . \
	    && $(FAST_PY) -c "import rulings.solver.ruling, rulings.solver.engine"; then \
	  echo "make fast: the engine is compiled"; \
	else \
	  echo "make fast: THE ENGINE COULD NOT BE COMPILED (see the messages above: mypyc needs a C compiler and"; \
	  echo "           the Python headers); .venv-fast holds the pure-Python install instead"; \
	  $(FAST_PY) -m pip install --quiet --no-deps --force-reinstall .; \
	fi
	$(FAST)/bin/rulings --version
	$(FAST)/bin/rulings verify cases/
	$(FAST_PY) -m pytest

## The benchmark sections with targets (2, 6, 8, 9, 11, 12) on the .venv-fast install
## (make fast first); every report says whether the engine it timed is compiled.
bench-fast:
	@test -x $(FAST_PY) || { echo "no $(FAST): run make fast first"; exit 2; }
	$(FAST_PY) benchmarks/run.py --sections 2,6,8,9,11,12

TYPECHECK := build/typecheck

## ruff, and mypy --strict on the installed package layout (rulings.models, rulings.solver).
lint: $(STAMP)
	$(VENV)/bin/ruff check models solver tests benchmarks setup.py
	mkdir -p $(TYPECHECK)/rulings
	ln -sfn $(CURDIR)/models $(TYPECHECK)/rulings/models
	ln -sfn $(CURDIR)/solver $(TYPECHECK)/rulings/solver
	cd $(TYPECHECK) && $(CURDIR)/$(VENV)/bin/mypy --config-file $(CURDIR)/pyproject.toml --strict -p rulings.models -p rulings.solver

clean:
	rm -rf $(VENV) $(FAST) build *.egg-info .pytest_cache .mypy_cache .hypothesis
