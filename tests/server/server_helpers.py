"""Driving a test server: lobby calls over HTTP, players over WebSocket."""

from __future__ import annotations

import os
from contextlib import contextmanager

from fastapi.testclient import TestClient

from dicehall.server import FakeClock, Settings, create_app
from dicehall.server.db import emptied


def database_url(tmp_path) -> str:
    """A fresh SQLite file, or with ``DICEHALL_TEST_DATABASE_URL`` (e.g. a
    PostgreSQL database) that database emptied for the test."""
    url = os.environ.get("DICEHALL_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    return emptied(url)


class Server:
    """A started app (``with Server(...) as server``) with its test client."""

    def __init__(self, settings: Settings, clock: FakeClock):
        self.app = create_app(settings, clock)
        self.clock = clock
        #: https, as a deployment serves it: the session cookie is Secure
        self.client = TestClient(self.app, base_url="https://testserver")

    def __enter__(self) -> Server:
        self.client.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.client.__exit__(*exc)

    @property
    def manager(self):
        return self.app.state.manager

    def run(self, coroutine_function, *args):
        """Run a coroutine of the manager on the server's event loop."""
        return self.client.portal.call(coroutine_function, *args)

    def create(self, game: str, seats: list[dict], **body) -> dict:
        response = self.client.post("/api/tables", json={"game": game, "seats": seats, **body})
        assert response.status_code == 201, response.text
        return response.json()

    def join(self, table_id: str, seat: int, nickname: str, **body) -> str:
        response = self.client.post(f"/api/tables/{table_id}/join",
                                    json={"seat": seat, "nickname": nickname, **body})
        assert response.status_code == 200, response.text
        return response.json()["token"]

    def start(self, table_id: str, token: str) -> dict:
        response = self.client.post(f"/api/tables/{table_id}/start", json={"token": token})
        assert response.status_code == 200, response.text
        return response.json()

    def table(self, table_id: str) -> dict:
        return self.client.get(f"/api/tables/{table_id}").json()

    def seated(self, game: str, players: int = 2, bots: tuple[str, ...] = (),
               rated: bool = False) -> tuple[str, list[str]]:
        """A started table: ``players`` humans then ``bots``; the humans are
        guests named p0, p1, … or, at a ``rated`` table, accounts named player0, …"""
        seats = [{"kind": "open"}] * players + [{"kind": "bot", "level": level} for level in bots]
        table_id = self.create(game, seats, rated=rated)["id"]
        if rated:
            tokens = [join_as(self.account(f"player{seat}"), table_id, seat) for seat in range(players)]
        else:
            tokens = [self.join(table_id, seat, f"p{seat}") for seat in range(players)]
        self.start(table_id, tokens[0])
        return table_id, tokens

    def account(self, name: str, password: str = "long enough") -> TestClient:
        """Another browser, on this server's event loop: logged in as ``name``
        (registered if new), its requests carrying the session's CSRF token."""
        client = TestClient(self.app, base_url="https://testserver")
        client.portal = self.client.portal
        response = client.post("/api/accounts", json={"name": name, "password": password})
        if response.status_code == 409:
            response = client.post("/api/session", json={"name": name, "password": password})
        assert response.status_code in (200, 201), response.text
        client.headers["X-CSRF-Token"] = response.json()["csrf"]
        return client

    @contextmanager
    def player(self, table_id: str, token: str | None = None, invite: str | None = None):
        query = "&".join(f"{key}={value}" for key, value in (("token", token), ("invite", invite)) if value)
        with self.client.websocket_connect(f"/ws/tables/{table_id}?{query}") as socket:
            yield Player(socket)


def mover_of(*players: Player) -> Player:
    """The player who has a decision to make."""
    return next(p for p in players if p.state["legal"])


class Player:
    """One WebSocket client; ``state`` is the newest state message received."""

    def __init__(self, socket):
        self.socket = socket
        self.state = self.receive()
        assert self.state["type"] == "state" and "layout" in self.state

    def receive(self) -> dict:
        return self.socket.receive_json()

    def until(self, version: int) -> dict:
        """Read states until one at ``version`` or later."""
        while self.state["version"] < version:
            message = self.receive()
            assert message["type"] == "state", message
            self.state = message
        return self.state

    def send(self, message: dict) -> None:
        self.socket.send_json(message)

    def act(self, action, version: int | None = None) -> None:
        self.send({"type": "action", "version": self.state["version"] if version is None else version,
                   "action": action})

    def play_to_end(self, clock: FakeClock) -> None:
        """Play the first legal action whenever this seat decides, half a
        second apart, until the game is over."""
        while self.state["table"]["status"] != "over":
            if self.state["legal"]:
                clock.advance(0.5)
                self.act(self.state["legal"][0]["id"])
            self.state = self.receive()

    def reply(self) -> dict:
        """The next message that is not a state, taking in states sent before it
        (broadcasts when others come, go or act)."""
        message = self.receive()
        while message["type"] == "state":
            self.state = message
            message = self.receive()
        return message

    def refused(self) -> dict:
        """The next error."""
        message = self.reply()
        assert message["type"] == "error", message
        return message


def join_as(client: TestClient, table_id: str, seat: int, **body) -> str:
    """Join as the client's account: the seat's token."""
    response = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, **body})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def register(server: Server, name: str, password: str = "long enough",
             client: TestClient | None = None) -> dict:
    """Register ``name`` on ``client`` (the server's own by default), logged in: the answer."""
    response = (client or server.client).post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    return response.json()
