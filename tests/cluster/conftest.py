"""Two server processes on one PostgreSQL and one Redis of the test's own.

Needs Debian's ``redis-server`` and ``DICEHALL_TEST_DATABASE_URL`` on
PostgreSQL (``make test-cluster``, which CI runs); skipped otherwise."""

import contextlib
import os
import shutil
import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from cluster_helpers import Redis, Server  # noqa: E402
from pg_proxy import PgProxy  # noqa: E402
from sqlalchemy import make_url  # noqa: E402

from dicehall.server.db import emptied  # noqa: E402


def database_url() -> str:
    url = os.environ.get("DICEHALL_TEST_DATABASE_URL", "")
    if not url.startswith("postgresql"):
        pytest.skip("the cluster drills need DICEHALL_TEST_DATABASE_URL on PostgreSQL (make test-cluster)")
    if shutil.which("redis-server") is None:
        pytest.skip("the cluster drills need Debian's redis-server (make test-cluster installs it)")
    return url


@pytest.fixture
def cluster(tmp_path):
    """Redis and two servers, A and B, on one emptied PostgreSQL database."""
    with servers_on(tmp_path, database_url()) as (redis, servers):
        yield redis, servers


@pytest.fixture
def proxied_cluster(tmp_path):
    """:func:`cluster` with both servers reaching PostgreSQL through a
    :class:`PgProxy` the test can cut: (redis, servers, proxy)."""
    url = make_url(database_url())
    proxy = PgProxy(url.host or "127.0.0.1", url.port or 5432)
    proxy.start()
    try:
        through = url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
        with servers_on(tmp_path, url.render_as_string(hide_password=False), through) as (redis, servers):
            yield redis, servers, proxy
    finally:
        proxy.stop()


@contextlib.contextmanager
def servers_on(tmp_path, url: str, server_url: str | None = None):
    """Redis and two servers on ``url`` emptied (reached at ``server_url``, if given)."""
    redis = Redis(tmp_path)
    redis.start()
    emptied(url)
    servers = [Server(tmp_path / name, server_url or url, redis) for name in ("a", "b")]
    try:
        servers[0].start()      # the first one makes the schema; then the second
        servers[1].start()
        yield redis, servers
    finally:
        for server in servers:
            server.stop()
        redis.stop()
