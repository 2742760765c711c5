# Two commands do all set-up: `make run` starts the bot, `make test` runs every check.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check

.PHONY: run test lint typecheck pytest bench sync clean

$(PY):
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Vox needs Python 3.11 or newer" or 0)'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: pyproject.toml | $(PY)
	$(PIP) -e .
	@touch $@

$(VENV)/.dev: pyproject.toml | $(PY)
	$(PIP) -e '.[dev]'
	@touch $@ $(VENV)/.runtime

run: $(VENV)/.runtime
	@$(PY) -m bot

sync: $(VENV)/.runtime
	@$(PY) -m bot sync

test: lint typecheck pytest

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(VENV)/.dev
	$(VENV)/bin/mypy

pytest: $(VENV)/.dev
	$(VENV)/bin/pytest

bench: $(VENV)/.dev
	@for f in tests/bench/[!_]*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache
