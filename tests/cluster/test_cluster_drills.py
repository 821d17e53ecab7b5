"""Several server processes (docs/deploy.md): any process serves any table,
and the drills of the issue: kill -9 a table's owner mid-game, restart Redis."""

from __future__ import annotations

import json
import time

import httpx
from cluster_helpers import wait_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def new_table(server_url: str) -> str:
    body = {"game": "dizzle", "seats": [{"kind": "open"}, {"kind": "open"}],
            "timer": {"kind": "move", "seconds": 60}}
    answer = httpx.post(server_url + "/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def join(server_url: str, table_id: str, seat: int) -> str:
    answer = httpx.post(f"{server_url}/api/tables/{table_id}/join",
                        json={"seat": seat, "nickname": f"player{seat}"}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


class Player:
    """A seat's socket, opened at whichever server it is given (closed on
    leaving a ``with`` block)."""

    def __init__(self, server_url: str, table_id: str, token: str) -> None:
        self.table_id, self.token = table_id, token
        self.open(server_url)

    def __enter__(self) -> Player:
        return self

    def __exit__(self, *exc) -> None:
        self.socket.close()

    def open(self, server_url: str) -> None:
        url = server_url.replace("http", "ws") + f"/ws/tables/{self.table_id}?token={self.token}"
        self.socket = connect(url, open_timeout=10).__enter__()
        self.latest = self.next_state()

    def next(self, timeout: float = 10.0) -> dict:
        """The next message, whatever it is."""
        message = json.loads(self.socket.recv(timeout))
        if message["type"] == "state":
            self.latest = message
        return message

    def next_state(self, timeout: float = 10.0) -> dict:
        while (message := self.next(timeout))["type"] != "state":
            pass
        return message

    def wait_version(self, version: int) -> dict:
        while self.latest["version"] < version:
            self.next_state()
        return self.latest

    def act(self) -> int:
        """Send the first legal action; the version that acknowledges it."""
        self.send_action()
        return self.next_state()["version"]

    def send_action(self) -> None:
        state = self.latest
        self.socket.send(json.dumps({"type": "action", "version": state["version"],
                                     "action": state["legal"][0]["id"]}))


def play(players: list[Player], steps: int) -> int:
    """Whoever has a decision acts, ``steps`` times; the last version told."""
    version = max(p.latest["version"] for p in players)
    for _ in range(steps):
        for player in players:
            player.wait_version(version)
        deciding = next(p for p in players if p.latest["legal"])
        version = deciding.act()
    return version


def started(servers, table_id: str, tokens: list[str]) -> None:
    answer = httpx.post(f"{servers[1].url}/api/tables/{table_id}/start", json={"token": tokens[0]},
                        timeout=10)
    assert answer.status_code == 200, answer.text


def test_any_process_serves_any_table(cluster):
    redis, (a, b) = cluster
    table_id = new_table(a.url)                         # A owns it
    tokens = [join(b.url, table_id, 0), join(a.url, table_id, 1)]   # B forwards the join to A

    def seated() -> list[str | None]:
        listed = [t for t in httpx.get(b.url + "/api/tables").json() if t["id"] == table_id]
        return [seat["nickname"] for seat in listed[0]["seats"]] if listed else []
    wait_for(lambda: seated() == ["player0", "player1"], 10, "B's lobby to show A's table and its players")
    started((a, b), table_id, tokens)
    players = [Player(b.url, table_id, tokens[0]), Player(a.url, table_id, tokens[1])]
    version = play(players, 12)
    assert [p.wait_version(version)["version"] for p in players] == [version, version]
    seen = httpx.get(f"{b.url}/api/tables/{table_id}").json()
    assert seen["version"] == version and seen["status"] == "running"


def test_kill_9_of_the_owner_loses_nothing_told(cluster):
    redis, (a, b) = cluster
    table_id = new_table(a.url)
    tokens = [join(a.url, table_id, 0), join(a.url, table_id, 1)]
    started((a, b), table_id, tokens)
    players = [Player(b.url, table_id, token) for token in tokens]     # both through B
    told = play(players, 9)
    deadlines = players[0].wait_version(told)["deadlines"]
    killed = time.time()
    a.stop(kill=True)
    for player in players:                                # B closes them: the owner is gone
        try:
            while True:
                player.next_state(timeout=15)
        except ConnectionClosed:
            pass

    def back() -> dict | None:
        answer = httpx.get(f"{b.url}/api/tables/{table_id}", timeout=5)
        return answer.json() if answer.status_code == 200 else None
    table = wait_for(back, 20, "B to take the table over")
    took = time.time() - killed
    assert took < 10, f"the takeover took {took:.1f} s"
    assert table["version"] == told                       # every acknowledged action is there
    for player in players:
        player.open(b.url)
    after = players[0].latest["deadlines"]
    assert after.keys() == deadlines.keys()
    for seat, deadline in deadlines.items():              # the time away is given back, no more
        assert 0 <= after[seat] - deadline <= took + 3
    assert play(players, 6) > told                        # and the game goes on


def test_redis_restart_resynchronises(cluster):
    redis, (a, b) = cluster
    table_id = new_table(a.url)
    tokens = [join(a.url, table_id, 0), join(a.url, table_id, 1)]
    started((a, b), table_id, tokens)
    players = [Player(a.url, table_id, tokens[0]), Player(b.url, table_id, tokens[1])]
    told = play(players, 5)
    redis.stop()
    redis.start()                                         # empty: no leases, no lobby

    def listed() -> bool:
        return any(t["id"] == table_id for t in httpx.get(b.url + "/api/tables", timeout=5).json())
    wait_for(listed, 20, "B's lobby to show A's table again")
    answer = wait_for(lambda: (r := httpx.get(f"{b.url}/api/tables/{table_id}", timeout=5)).status_code == 200
                      and r, 20, "B to route the table again")
    assert answer.json()["version"] >= told
    for player in players:                                # A kept the table: the sockets may have lived on
        player.socket.close()
        player.open(b.url)
    assert play(players, 5) > told
