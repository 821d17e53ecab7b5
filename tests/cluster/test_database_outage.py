"""The drill "PostgreSQL briefly unavailable" (docs/deploy.md, "The drills").

Two players at a table of server A, one through server B (its socket relayed
to A); both servers reach PostgreSQL through a :class:`pg_proxy.PgProxy`.
The proxy is cut: PostgreSQL stopped (connections closed, new ones refused)
or a network that swallows packets (new connections hang until the servers'
connect timeout). Then:

- the mover's action is answered with an error of code ``storage``, not a
  state, not a closed socket; while the write waits on the database (a
  blackhole: the connect timeout), the other player's ping is answered at once;
- nobody is told of a change, and the database holds the version and the
  steps the players were told, nothing of the refused action;
- creating a table is a 503 of code ``storage`` on either server, and no
  table is stored or listed; reading the table is a 503 too, never a 500;
  the lobby (kept in Redis) is still served.

The proxy is restored: within seconds the same action is accepted, play goes
on, and what the players were told (versions and the whole log) is what a
fresh connection is told and what the database holds. Neither server exited,
and their logs hold a warning when the database went away and one when it
came back, no traceback."""

from __future__ import annotations

import json
import os
import time

import httpx
import pytest
from cluster_helpers import wait_for
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from test_cluster_drills import Player, join, new_table, play

from dicehall.server import store
from dicehall.server.db import TableRow
from dicehall.server.db import connect as database

TABLE = {"game": "dizzle", "seats": [{"kind": "open"}, {"kind": "open"}]}


class Client(Player):
    """A :class:`Player` that keeps every log entry it was told."""

    def __init__(self, server_url: str, table_id: str, token: str) -> None:
        self.log: list[dict] = []
        super().__init__(server_url, table_id, token)

    def next(self, timeout: float = 30.0) -> dict:
        message = super().next(timeout)
        if message["type"] == "state":
            self.log += message["log"]
        return message

    def ping(self) -> list[dict]:
        """Ping; the messages that came before the pong."""
        self.socket.send(json.dumps({"type": "ping"}))
        before = []
        while (message := self.next())["type"] != "pong":
            before.append(message)
        return before


def deciding(players: list[Client], version: int) -> Client:
    for player in players:
        player.wait_version(version)
    return next(p for p in players if p.latest["legal"])


def accepted_again(mover: Client, seconds: float) -> dict:
    """Send the mover's action until it is accepted (refused with ``storage``
    meanwhile); the state that acknowledges it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        mover.send_action()
        answer = mover.next()
        if answer["type"] == "state":
            return answer
        assert answer["type"] == "error" and answer["code"] == "storage", answer
        time.sleep(0.25)            # the next try (5 messages a second are allowed)
    raise AssertionError(f"no action was accepted within {seconds} s of the database's return")


@pytest.mark.parametrize("cut", ["refuse", "blackhole"])
def test_a_database_outage_refuses_changes_and_loses_nothing(proxied_cluster, cut):
    redis, (a, b), proxy = proxied_cluster
    db = database(os.environ["DICEHALL_TEST_DATABASE_URL"])     # the test's own way in, not cut

    def stored() -> tuple[int, int]:
        with db.connect() as connection:
            return connection.scalar(select(func.count()).select_from(TableRow)), \
                connection.scalar(select(TableRow.version).where(TableRow.id == table_id))

    table_id = new_table(a.url)                             # A owns it
    tokens = [join(a.url, table_id, 0), join(b.url, table_id, 1)]
    assert httpx.post(f"{a.url}/api/tables/{table_id}/start", json={"token": tokens[0]},
                      timeout=30).status_code == 200
    with Client(a.url, table_id, tokens[0]) as ann, Client(b.url, table_id, tokens[1]) as bob:
        players = [ann, bob]
        told = play(players, 6)
        tables_before = stored()[0]
        assert stored() == (tables_before, told)

        proxy.cut(cut)
        mover = deciding(players, told)
        other = next(p for p in players if p is not mover)
        sent = time.monotonic()
        mover.send_action()
        assert other.ping() == []                           # the event loop answers, and nothing changed
        ponged = time.monotonic() - sent
        refusal = mover.next(timeout=60)
        refused = time.monotonic() - sent
        assert refusal["type"] == "error" and refusal["code"] == "storage", refusal
        if cut == "blackhole":          # the write waited for the connect timeout (3 s), the loop did not
            assert refused - ponged > 1.0, (ponged, refused)
        for server in (a, b):
            answer = httpx.post(server.url + "/api/tables", json=TABLE, timeout=60)
            assert answer.status_code == 503 and answer.json()["code"] == "storage", answer.text
            answer = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=60)
            assert answer.status_code == 503 and answer.json()["code"] == "storage", answer.text
            listed = httpx.get(server.url + "/api/tables", timeout=60)
            assert listed.status_code == 200 and [t["id"] for t in listed.json()] == [table_id]
        mover.send_action()                                 # refused again, at once
        assert mover.next(timeout=60)["code"] == "storage"
        for player in players:
            assert player.ping() == [] and player.latest["version"] == told
        assert stored() == (tables_before, told)            # nothing half-applied

        proxy.restore()
        version = accepted_again(mover, 30)["version"]
        assert version == told + 1
        version = play(players, 8)
        assert version > told + 1 and [p.wait_version(version)["version"] for p in players] == [version] * 2
        with Client(b.url, table_id, tokens[0]) as fresh:      # B relays to A
            assert fresh.latest["version"] == version
            assert fresh.log == ann.log == bob.log
        with Session(db) as session:
            table = store.load(session, table_id, 5.0)
        assert table.version == version and table.log == ann.log
    db.dispose()

    for server in (a, b):
        assert server.process.poll() is None, f"server on {server.port} exited"
        text = (server.folder / "server.log").read_text()
        assert "Traceback" not in text and "ERROR" not in text, text[-5000:]
        assert text.count("the database cannot be reached") == 1, text[-5000:]
        wait_for(lambda: "the database answers again" in (server.folder / "server.log").read_text(), 30,
                 "the log to say the database is back")
