"""Bots on other hosts (docs/deploy.md, "Bot workers"): a server started with
``--bot-queue`` thinks in ``dicehall bot-worker`` processes only, waits while
none runs, and goes on when one dies and another starts."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import redis as redis_client
from cluster_helpers import Redis, free_port, wait_for
from websockets.sync.client import connect

from dicehall.server.bot_queue import QUEUE

#: a question unanswered this long is asked again (the worker was killed with it)
SETTINGS = "bot_seconds = 3.0\n"


class Process:
    """A ``dicehall`` command of the test's own, its output in ``folder/name.log``."""

    def __init__(self, folder: Path, name: str, *args: str, env: dict | None = None) -> None:
        self.log_path = folder / f"{name}.log"
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "dicehall.cli", *args],
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                            env={**os.environ, **(env or {})})

    def log(self) -> str:
        return self.log_path.read_text()

    def stop(self, kill: bool = False) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def queued(tmp_path):
    """Redis and one server (SQLite, one process) whose bots think only in
    workers taking questions from that Redis; ``start_worker()`` starts one."""
    if shutil.which("redis-server") is None:
        pytest.skip("the bot-worker drills need Debian's redis-server (make test-cluster installs it)")
    redis = Redis(tmp_path)
    redis.start()
    (tmp_path / "settings.toml").write_text(SETTINGS)
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    server = Process(tmp_path, "server", "serve", "--port", str(port), "--data", str(tmp_path),
                     "--bot-pace", "0", "--config", str(tmp_path / "settings.toml"),
                     "--bot-queue", redis.url, env=env)
    url = f"http://127.0.0.1:{port}"
    workers: list[Process] = []

    def serving() -> bool:
        assert server.process.poll() is None, server.log()
        try:
            return httpx.get(url + "/api/games", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def start_worker() -> Process:
        workers.append(Process(tmp_path, f"worker{len(workers)}", "bot-worker", "--redis", redis.url))
        return workers[-1]
    try:
        wait_for(serving, 60, "the server")
        yield url, start_worker, server, redis
    finally:
        for process in [*workers, server]:
            process.stop()
        redis.stop()


def seated_against_bot(url: str, game: str = "razzle") -> tuple[str, str]:
    """A started table: a player in seat 0, an easy bot in seat 1; its id and the player's token."""
    body = {"game": game, "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}]}
    answer = httpx.post(url + "/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["id"]
    token = httpx.post(f"{url}/api/tables/{table_id}/join", json={"seat": 0, "nickname": "p"},
                       timeout=10).json()["token"]
    assert httpx.post(f"{url}/api/tables/{table_id}/start", json={"token": token},
                      timeout=10).status_code == 200
    return table_id, token


def until_the_bots_turn(socket) -> dict:
    """Play the player's decisions (the first legal action) until the bot has
    one: the state then."""
    while True:
        state = json.loads(socket.recv(30))
        if state["type"] != "state":
            continue
        assert state["table"]["status"] == "running"
        if not state["legal"]:
            return state
        socket.send(json.dumps({"type": "action", "version": state["version"],
                                "action": state["legal"][0]["id"]}))


def test_bots_wait_for_a_worker_and_survive_one_killed_mid_question(queued):
    url, start_worker, server, redis = queued
    table_id, token = seated_against_bot(url)
    queue = redis_client.Redis.from_url(redis.url, decode_responses=True)
    socket_url = url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url, open_timeout=10) as socket:
        waiting = until_the_bots_turn(socket)
        wait_for(lambda: queue.llen(QUEUE) == 1, 30, "the bot's question in the queue")
        queue.blpop([QUEUE], timeout=5)          # a worker takes it, then dies (kill -9) with it
        wait_for(lambda: queue.llen(QUEUE) == 1, 30, "the question asked again once it timed out")
        worker = start_worker()
        moved = until_the_bots_turn(socket)       # the bot moved, the player played: the bot's turn again
        assert moved["version"] > waiting["version"]
        worker.stop(kill=True)
        wait_for(lambda: queue.llen(QUEUE) == 1, 30, "the next question, with no worker")
        start_worker()
        assert until_the_bots_turn(socket)["version"] > moved["version"]
    assert server.process.poll() is None
    assert "Traceback" not in server.log()
