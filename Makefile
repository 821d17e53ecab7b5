# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# apt-get needs root: sudo when we are not root (and it exists)
SUDO := $(if $(filter 0,$(shell id -u)),,$(shell command -v sudo))

.PHONY: run test test-postgres test-cluster bench clean chromium screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,rl,ray,cluster]'
	touch $(STAMP)

# The online-play server and its browser client (it prints where to open it).
run: $(STAMP)
	$(BIN)/dicehall serve

# Debian's chromium for the end-to-end browser tests (tests/e2e), with fonts for
# Chinese and the dice emoji, and librsvg's rsvg-convert, which renders a sheet's
# SVG as another program would (tests/test_dizzle_svg.py), installed when
# missing; DICEHALL_SKIP_E2E=1 skips them all (the tests then skip too).
chromium:
ifneq ($(DICEHALL_SKIP_E2E),1)
	@command -v chromium >/dev/null && command -v rsvg-convert >/dev/null && \
		fc-list | grep -qi "noto sans cjk" || { $(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium \
		fonts-noto-cjk fonts-noto-color-emoji librsvg2-bin; }
endif

test: $(STAMP) chromium
	$(BIN)/ruff check src tests bench scripts examples
	$(BIN)/python -m pytest

# The server tests once more on PostgreSQL (Debian's server, started here);
# CI runs this after `make test`.
PG_URL := postgresql+psycopg://dicehall:dicehall@127.0.0.1:5432/dicehall
test-postgres: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,postgres]'
	bash scripts/postgres_for_tests.sh
	DICEHALL_TEST_DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest -q tests/server

# Several server processes on PostgreSQL and Redis (docs/deploy.md): the drills
# of tests/cluster (kill -9 a table's owner, restart Redis);
# CI runs this after `make test-postgres`.
test-cluster: $(STAMP)
	bash scripts/postgres_for_tests.sh
	bash scripts/redis_for_tests.sh
	DICEHALL_TEST_DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest -q tests/cluster

# The sheet and board screenshots of docs/screenshots, made by the e2e tests
# that draw every shipped level and edition (tests/e2e/test_sheet_*.py).
screenshots: $(STAMP) chromium
	DICEHALL_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q tests/e2e -k sheet

bench: $(STAMP)
	$(BIN)/python bench/run.py --seconds 2

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
