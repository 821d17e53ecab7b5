"""Fixtures for the server tests: a server on a temporary SQLite file with a
fake clock, and helpers (``server_helpers.py``) to drive it."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
pytest.register_assert_rewrite("server_helpers")

from server_helpers import Server, database_url  # noqa: E402

from dicehall.server import FakeClock, Settings  # noqa: E402


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=database_url(tmp_path),
                    timer_interval=None, takeover_bot="random", bot_pace=0.0,
                    bot_levels=("easy", "medium", "hard", "random"), daily_bot="greedy",
                    argon2_time_cost=1, argon2_memory_kib=8,
                    # bots think in a thread here; test_thinking.py runs the worker processes
                    bot_workers=0,
                    # the tests' own heap is not the server's (test_heap.py; the e2e servers freeze)
                    freeze_seconds=0)


@pytest.fixture
def server(settings, clock):
    with Server(settings, clock) as running:
        yield running
