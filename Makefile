# bridge-rulings: the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test verify bench lint clean fuzz fuzz-long

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
bench: $(STAMP)
	$(PY) -m pip install --quiet -e ".[dds]" || true
	$(PY) benchmarks/run.py
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

TYPECHECK := build/typecheck

## ruff, and mypy --strict on the installed package layout (rulings.models, rulings.solver).
lint: $(STAMP)
	$(VENV)/bin/ruff check models solver tests benchmarks
	mkdir -p $(TYPECHECK)/rulings
	ln -sfn $(CURDIR)/models $(TYPECHECK)/rulings/models
	ln -sfn $(CURDIR)/solver $(TYPECHECK)/rulings/solver
	cd $(TYPECHECK) && $(CURDIR)/$(VENV)/bin/mypy --config-file $(CURDIR)/pyproject.toml --strict -p rulings.models -p rulings.solver

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .hypothesis
