"""Every kind of bad message is answered to its sender alone and changes nothing."""

import pytest


@pytest.fixture
def razzle(server):
    """A started 2-player Razzle-Dazzle table with both players connected:
    the server, the table id, the player to move and the other."""
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        yield (server, table_id, ann, bob) if ann.state["legal"] else (server, table_id, bob, ann)


def refused(player, message, code: str) -> dict:
    player.send(message) if isinstance(message, dict) else player.socket.send_text(message)
    error = player.refused()
    assert error["code"] == code, error
    assert error["reason"] and error["version"] == player.state["version"]
    return error


def unchanged(server, table_id: str, version: int) -> None:
    assert server.table(table_id)["version"] == version


def test_illegal_action_names_the_reason(razzle):
    server, table_id, ann, _ = razzle
    version = ann.state["version"]
    error = refused(ann, {"type": "action", "version": version, "action": "move 99"}, "illegal")
    assert "99" in error["reason"] or "move" in error["reason"]
    refused(ann, {"type": "action", "version": version, "action": "dance"}, "illegal")
    refused(ann, {"type": "action", "version": version, "action": 10**9}, "illegal")
    unchanged(server, table_id, version)


def test_stale_version(razzle):
    server, table_id, ann, _ = razzle
    version = ann.state["version"]
    refused(ann, {"type": "action", "version": version - 1, "action": ann.state["legal"][0]["id"]}, "stale")
    unchanged(server, table_id, version)


def test_not_your_turn_and_a_token_acts_only_for_its_seat(razzle):
    server, table_id, ann, bob = razzle
    assert ann.state["legal"] and not bob.state["legal"]
    assert ann.state["view"]["deciders"] == [ann.state["seat"]]
    version = bob.state["version"]
    action = ann.state["legal"][0]["id"]
    refused(bob, {"type": "action", "version": version, "action": action}, "not-your-turn")
    refused(bob, {"type": "action", "version": version, "action": "enter", "seat": 0}, "malformed")
    unchanged(server, table_id, version)


@pytest.mark.parametrize("message, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"version": 1}', "malformed"),
    ('{"type": "action", "version": "1", "action": "enter"}', "malformed"),
    ('{"type": "action", "version": true, "action": "enter"}', "malformed"),
    ('{"type": "action", "version": 1, "action": null}', "malformed"),
    ('{"type": "action", "version": 1, "action": ""}', "malformed"),
    ('{"type": "resign"}', "unknown-type"),
    ('{"type": "ping", "extra": 1}', "malformed"),
])
def test_malformed_and_unknown_messages(razzle, message, code):
    server, table_id, ann, _ = razzle
    refused(ann, message, code)
    unchanged(server, table_id, ann.state["version"])


def test_too_large_and_binary(razzle):
    server, table_id, ann, _ = razzle
    refused(ann, '{"type": "ping", "pad": "' + "x" * 5000 + '"}', "too-large")
    ann.socket.send_bytes(b'{"type": "ping"}')
    assert ann.refused()["code"] == "malformed"
    unchanged(server, table_id, ann.state["version"])


def test_rate_limit_refills_with_time(razzle):
    server, _, ann, _ = razzle
    burst = server.manager.settings.rate_burst
    for _ in range(burst):
        ann.send({"type": "ping"})
        assert ann.reply() == {"type": "pong"}
    refused(ann, {"type": "ping"}, "rate-limited")
    server.clock.advance(1)
    ann.send({"type": "ping"})
    assert ann.reply() == {"type": "pong"}


def test_a_spectator_watches_but_cannot_act(razzle):
    server, table_id, ann, _ = razzle
    with server.player(table_id) as watcher:
        assert watcher.state["seat"] is None and watcher.state["legal"] == []
        action = ann.state["legal"][0]["id"]
        version = watcher.state["version"]
        refused(watcher, {"type": "action", "version": version, "action": action}, "spectator")
        unchanged(server, table_id, watcher.state["version"])


def test_an_unknown_token_cannot_connect(server):
    table_id, _ = server.seated("dizzle")
    with pytest.raises(Exception):
        with server.player(table_id, "forged-token") as player:
            player.receive()


def test_actions_before_the_start_and_after_the_end(server):
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    token = server.join(table_id, 0, "ann")
    with server.player(table_id, token) as ann:
        refused(ann, {"type": "action", "version": ann.state["version"], "action": "pass"}, "not-started")
