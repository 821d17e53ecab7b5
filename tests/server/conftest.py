"""Fixtures for the server tests: a server on a temporary SQLite file with a
fake clock, and helpers (``server_helpers.py``) to drive it."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
pytest.register_assert_rewrite("server_helpers")

from server_helpers import Server  # noqa: E402

from dicehall.server import FakeClock, Settings  # noqa: E402


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=f"sqlite:///{tmp_path / 'test.sqlite3'}",
                    timer_interval=None, takeover_bot="random",
                    bot_levels=("easy", "medium", "hard", "random"))


@pytest.fixture
def server(settings, clock):
    with Server(settings, clock) as running:
        yield running
