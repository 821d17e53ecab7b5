"""A real ``dicehall serve`` in a subprocess, for drills that need real
sockets and real crashes: kill -9, clients that never read."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LiveServer:
    """``dicehall serve`` on a free port of 127.0.0.1 over ``data`` (or the
    database at ``database_url``); ``start`` again after ``kill`` restarts it.
    ``stderr=subprocess.PIPE`` keeps what the server writes there to read."""

    def __init__(self, data: Path, database_url: str | None = None, *args: str, stderr: int | None = None):
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        if database_url and not database_url.startswith("sqlite"):
            self.env["DATABASE_URL"] = database_url
        self.args = args
        self.stderr = stderr
        self.process: subprocess.Popen | None = None

    def start(self) -> LiveServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dicehall.cli", "serve", "--port", str(self.port),
             "--data", str(self.data), "--bot-pace", "0", *self.args], env=self.env, stdin=subprocess.DEVNULL,
            stderr=self.stderr, text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"dicehall serve exited with status {self.process.returncode}")
            try:
                self.get("/api/games")
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("dicehall serve did not answer within 60 s")

    def kill(self) -> None:
        """kill -9: no shutdown, nothing flushed."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def socket_url(self, table_id: str, token: str | None = None) -> str:
        query = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}{query}"

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
