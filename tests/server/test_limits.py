"""Bounded input and quotas: every request, message and client has a limit,
and going past it gets a clear answer that changes nothing."""

from __future__ import annotations

import socket
import time

import pytest
from live_server import LiveServer
from starlette.websockets import WebSocketDisconnect

from dicehall.server import Settings
from dicehall.server.config import settings_file

OPEN2 = [{"kind": "open"}, {"kind": "open"}]


def test_a_body_over_the_limit_is_refused_before_it_is_read(server):
    junk = {"game": "dizzle", "seats": OPEN2, "options": {"sheet": {"name": "x" * 300_000}}}
    response = server.client.post("/api/tables", json=junk)
    assert response.status_code == 413 and "at most" in response.json()["detail"]
    assert server.client.get("/api/tables").json() == []


@pytest.mark.parametrize("body", [
    '{"game": "razzle", "seats": [{"kind": "open"}, {"kind": "open"}], "options": {"move_time": NaN}}',
    '{"game": "razzle", "seats": [{"kind": "open"}, {"kind": "open"}], "options": {"x": Infinity}}',
    '{"game": "razzle", "seats": [{"kind": "open"}, {"kind": "open"}], '
    '"timer": {"kind": "move", "seconds": NaN}}',
    '{"game": "dizzle", "seats": [{"kind": "open"}, {"kind": "open"}], "options": {"sheet": '
    + "[" * 40 + "]" * 40 + "}}",
    "[" * 100_000 + "]" * 100_000,
])
def test_nan_infinity_and_deep_nesting_are_refused_cleanly(server, body):
    response = server.client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code in (400, 422), response.text
    assert response.json()["detail"]
    assert server.client.get("/api/tables").json() == []


def test_a_websocket_message_nested_deep_is_malformed_not_a_crash(server):
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann:
        ann.socket.send_text("[" * 1000 + "]" * 1000)
        assert ann.refused()["code"] in ("malformed", "too-large")
        ann.socket.send_text('{"type": "action", "version": NaN, "action": "enter"}')
        assert ann.refused()["code"] == "malformed"
        ann.send({"type": "ping"})
        assert ann.reply()["type"] == "pong"


def create(server) -> int:
    return server.client.post("/api/tables", json={"game": "dizzle", "seats": OPEN2}).status_code


def test_waiting_tables_per_address_are_capped(settings, clock):
    from server_helpers import Server
    settings.waiting_tables_per_address = 3
    with Server(settings, clock) as server:
        ids = [server.create("dizzle", OPEN2)["id"] for _ in range(3)]
        refused = server.client.post("/api/tables", json={"game": "dizzle", "seats": OPEN2})
        assert refused.status_code == 429 and "waiting" in refused.json()["detail"]
        tokens = [server.join(ids[0], seat, f"p{seat}") for seat in (0, 1)]
        server.start(ids[0], tokens[0])
        assert create(server) == 201  # a started table frees a place


def test_tables_created_per_address_are_a_token_bucket(settings, clock):
    from server_helpers import Server
    settings.tables_burst = 3
    with Server(settings, clock) as server:
        assert [create(server) for _ in range(4)] == [201, 201, 201, 429]
        clock.advance(settings.seconds_per_table)
        assert [create(server), create(server)] == [201, 429]


def test_an_untouched_waiting_table_expires(server):
    table_id = server.create("dizzle", OPEN2)["id"]
    with server.player(table_id) as watcher:
        server.clock.advance(1801)
        server.run(server.manager.check_timers)
        assert watcher.until(watcher.state["version"] + 1)["table"]["status"] == "expired"
        with pytest.raises(WebSocketDisconnect) as closed:
            watcher.receive()
        assert closed.value.code == 4410
    assert server.client.get("/api/tables").json() == []
    assert server.table(table_id)["status"] == "expired"


def test_the_lobby_listing_is_paged(server):
    ids = []
    for _ in range(5):
        ids.append(server.create("dizzle", OPEN2)["id"])
        server.clock.advance(1)
    first = server.client.get("/api/tables?limit=2").json()
    rest = server.client.get("/api/tables?offset=2&limit=100").json()
    assert [t["id"] for t in first + rest] == ids[::-1]
    assert server.client.get("/api/tables?limit=1000").status_code == 422


def test_spectators_are_capped(settings, clock):
    from server_helpers import Server
    settings.max_spectators = 2
    with Server(settings, clock) as server:
        table_id = server.create("dizzle", OPEN2)["id"]
        with server.player(table_id), server.player(table_id):
            with pytest.raises(WebSocketDisconnect) as closed:
                with server.player(table_id):
                    pass
            assert closed.value.code == 4429


def test_a_settings_file_names_its_mistakes(tmp_path):
    good = tmp_path / "good.toml"
    good.write_text("max_spectators = 5\nbot_pace = 0\n")
    settings = settings_file(good, data_dir=tmp_path)
    assert settings.max_spectators == 5 and settings.bot_pace == 0.0
    for text, field in (("max_spectator = 5", "max_spectator"), ('bot_pace = "fast"', "bot_pace"),
                        ("database_url = 'x'", "database_url"), ("= broken", "")):
        bad = tmp_path / "bad.toml"
        bad.write_text(text)
        with pytest.raises(ValueError, match=f"bad.toml: {field}"):
            settings_file(bad, data_dir=tmp_path)
    assert Settings(data_dir=tmp_path).bot_pace == 0.8


def test_half_sent_headers_are_dropped_and_others_still_served(tmp_path, settings):
    config = tmp_path / "settings.toml"
    config.write_text("header_seconds = 1.0\nhttp_per_address = 50\n")
    with LiveServer(tmp_path / "data", settings.database_url, "--config", str(config)) as server:
        hanging = []
        for _ in range(60):
            raw = socket.create_connection(("127.0.0.1", server.port))
            raw.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            hanging.append(raw)
        give_up = time.monotonic() + 30
        for raw in hanging:
            raw.settimeout(max(0.1, give_up - time.monotonic()))
            try:
                assert raw.recv(100) == b"", "a half-sent request was answered"
            except ConnectionResetError:
                pass  # closed, with the unread request discarded
            raw.close()
        assert server.get("/api/games")
