# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The online-play server and its browser client (it prints where to open it).
run: $(STAMP)
	$(BIN)/dicehall serve

test: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py --seconds 2

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
