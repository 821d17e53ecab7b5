"""A client that never reads holds up only itself: other tables' timers fire
on time, its own table plays on, and the server stays responsive."""

from __future__ import annotations

import base64
import json
import os
import socket
import time

from live_server import LiveServer
from websockets.sync.client import connect


def never_reading(server: LiveServer, table_id: str, token: str | None = None) -> socket.socket:
    """A WebSocket client that opens the connection and then never reads a byte."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    query = f"?token={token}" if token else ""
    raw.sendall((f"GET /ws/tables/{table_id}{query} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                 f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return raw


def seated(server: LiveServer, game: str, seats: list[dict], **body) -> tuple[str, list[str]]:
    table = server.post("/api/tables", {"game": game, "seats": seats, **body})
    tokens = [server.post(f"/api/tables/{table['id']}/join", {"seat": i, "nickname": f"p{i}"})["token"]
              for i, seat in enumerate(seats) if seat["kind"] == "open"]
    server.post(f"/api/tables/{table['id']}/start", {"token": tokens[0]})
    return table["id"], tokens


def test_a_client_that_never_reads_freezes_nothing(tmp_path, settings):
    with LiveServer(tmp_path / "data", settings.database_url) as server:
        busy, (token,) = seated(server, "nochmal", [{"kind": "open"}, {"kind": "bot", "level": "easy"}])
        stuck = [never_reading(server, busy)] + [never_reading(server, busy, token) for _ in range(3)]
        server.post(f"/api/tables/{busy}/leave", {"token": token})  # bots play it out, fast
        timed, tokens = seated(server, "razzle", [{"kind": "open"}, {"kind": "open"}],
                               timer={"kind": "move", "seconds": 2})
        with connect(server.socket_url(timed, tokens[0]), open_timeout=10, max_size=None) as ann:
            first = json.loads(ann.recv(timeout=30))
            (deadline,) = first["deadlines"].values()
            while (state := json.loads(ann.recv(timeout=30)))["version"] == first["version"]:
                pass
            fired = time.time()
        assert state["log"] and state["log"][0]["key"] == "common.timeout"
        assert fired - deadline < 5.0, f"the timer fired {fired - deadline:.1f} s late"
        give_up = time.monotonic() + 180
        while server.get(f"/api/tables/{busy}")["status"] != "over":
            assert time.monotonic() < give_up, "the table with the stuck clients stopped playing"
            time.sleep(0.2)
        for raw in stuck:
            raw.close()
