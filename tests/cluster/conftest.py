"""Two server processes on one PostgreSQL and one Redis of the test's own.

Needs Debian's ``redis-server`` and ``DICEHALL_TEST_DATABASE_URL`` on
PostgreSQL (``make test-cluster``, which CI runs); skipped otherwise."""

import os
import shutil
import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from cluster_helpers import Redis, Server  # noqa: E402

from dicehall.server.db import emptied  # noqa: E402


@pytest.fixture
def cluster(tmp_path):
    """Redis and two servers, A and B, on one emptied PostgreSQL database."""
    url = os.environ.get("DICEHALL_TEST_DATABASE_URL", "")
    if not url.startswith("postgresql"):
        pytest.skip("the cluster drills need DICEHALL_TEST_DATABASE_URL on PostgreSQL (make test-cluster)")
    if shutil.which("redis-server") is None:
        pytest.skip("the cluster drills need Debian's redis-server (make test-cluster installs it)")
    redis = Redis(tmp_path)
    redis.start()
    emptied(url)
    servers = [Server(tmp_path / name, url, redis) for name in ("a", "b")]
    try:
        servers[0].start()      # the first one makes the schema; then the second
        servers[1].start()
        yield redis, servers
    finally:
        for server in servers:
            server.stop()
        redis.stop()
