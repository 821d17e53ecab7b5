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

# An interactive game of Dizzle level 1 against the greedy bot.
run: $(STAMP)
	$(BIN)/dicehall play dizzle --players 2 -o level=1 --seat human --seat greedy

test: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py --seconds 2

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
