"""A Redis and server processes of the cluster drills' own (``conftest.py``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

SECRET = "cluster-tests-shared-secret"
SETTINGS = """\
lease_seconds = 2.0
grace_seconds = 30.0
waiting_tables_per_address = 1000
tables_burst = 1000
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, seconds: float = 30.0, what: str = "a condition"):
    """Poll ``condition`` until it returns something true; its value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")


class Redis:
    """A redis-server of the test's own, without persistence: a restart empties it."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)], stdout=subprocess.DEVNULL)
        wait_for(self.answers, 10, "redis-server to answer")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process:
            self.process.kill()
            self.process.wait()
            self.process = None


class Server:
    """``dicehall serve --redis`` on a port of its own."""

    def __init__(self, folder: Path, database: str, redis: Redis) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder, self.database, self.redis = folder, database, redis
        folder.mkdir(exist_ok=True)
        (folder / "settings.toml").write_text(SETTINGS)
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": self.database, "DICEHALL_CLUSTER_SECRET": SECRET}
        self.log = open(self.folder / "server.log", "a")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dicehall.cli", "serve", "--port", str(self.port), "--data",
             str(self.folder), "--bot-pace", "0", "--config", str(self.folder / "settings.toml"),
             "--redis", self.redis.url], env=env, stdin=subprocess.DEVNULL,
            stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(self.serving, 60, f"the server on port {self.port}")

    def serving(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"the server exited: {(self.folder / 'server.log').read_text()[-3000:]}")
        try:
            return httpx.get(self.url + "/api/games", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def stop(self, kill: bool = False) -> None:
        if self.process is None:
            return
        self.process.kill() if kill else self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        self.log.close()
