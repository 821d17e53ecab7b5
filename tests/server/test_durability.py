"""Nothing acknowledged is lost: a client is told only what is stored, a
failed write changes nothing, a restart gives the clocks back the time the
server was away, and kill -9 at random moments loses no state a client saw."""

from __future__ import annotations

import json
import os
import random
import threading
import urllib.error

import pytest
from live_server import LiveServer
from server_helpers import Server, mover_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def test_a_failed_write_is_reported_and_changes_nothing(server):
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        mover = mover_of(ann, bob)
        version, entries = mover.state["version"], list(server.manager.tables[table_id].match.entries)
        writer = server.manager.writer
        honest = writer.transaction

        def broken(jobs):
            writer.transaction = honest
            raise OSError("disk full")
        writer.transaction = broken
        mover.act(mover.state["legal"][0]["id"])
        error = mover.refused()
        assert error["code"] == "storage"
        table = server.manager.table(table_id)
        assert table.version == version and table.match.entries == entries
        assert server.table(table_id)["version"] == version
        mover.act(mover.state["legal"][0]["id"])
        assert mover.until(version + 1)["version"] == version + 1


def test_a_restart_gives_every_decider_back_the_time_the_server_was_away(settings, clock):
    with Server(settings, clock) as first:
        table_id, tokens = first.seated("razzle")
        deadlines = dict(first.manager.tables[table_id].clocks.deadlines)
        assert deadlines
    clock.advance(100)
    with Server(settings, clock) as second:
        again = second.manager.tables[table_id].clocks.deadlines
        assert again == {seat: at + 100 for seat, at in deadlines.items()}
        second.run(second.manager.check_timers)
        assert second.table(table_id)["version"] == first.manager.tables[table_id].version


class Client:
    """A player at a live server in a thread of its own: plays its seat's
    first legal action and keeps every state it was told."""

    def __init__(self, server: LiveServer, table_id: str, token: str):
        self.url = server.socket_url(table_id, token)
        self.states: list[dict] = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        try:
            with connect(self.url, open_timeout=10, max_size=None) as socket:
                while True:
                    message = json.loads(socket.recv(timeout=30))
                    if message["type"] != "state":
                        continue
                    self.states.append(message)
                    if message["legal"]:
                        socket.send(json.dumps({"type": "action", "version": message["version"],
                                                "action": message["legal"][0]["id"]}))
        except (ConnectionClosed, OSError, TimeoutError):
            return

    def last(self) -> dict | None:
        self.thread.join(timeout=30)
        return self.states[-1] if self.states else None


def first_state(server: LiveServer, table_id: str, token: str) -> dict:
    with connect(server.socket_url(table_id, token), open_timeout=10, max_size=None) as socket:
        return json.loads(socket.recv(timeout=30))


KILLS = int(os.environ.get("DICEHALL_DRILL_KILLS", "3"))
GAMES = ["dizzle", "nochmal", "razzle"]


@pytest.mark.parametrize("kill", range(KILLS))
def test_kill_minus_nine_loses_nothing_a_client_was_told(tmp_path, settings, kill):
    """Several live tables, each a human (played by a client here) against a
    bot; kill -9 at a random moment; after the restart every table's first
    state must be the one its client was last told, or one after it (a
    change stored but not yet sent), with the same log up to there — never
    an older state, and never another state under a told version."""
    rng = random.Random(kill)
    server = LiveServer(tmp_path / "data", settings.database_url).start()
    try:
        tables = []
        for index in range(6):
            game = GAMES[index % 3]
            table = server.post("/api/tables", {"game": game, "seats": [{"kind": "open"},
                                                                        {"kind": "bot", "level": "easy"}]})
            token = server.post(f"/api/tables/{table['id']}/join", {"seat": 0, "nickname": "p"})["token"]
            server.post(f"/api/tables/{table['id']}/start", {"token": token})
            tables.append((table["id"], token))
        clients = [Client(server, table_id, token) for table_id, token in tables]
        threading.Event().wait(rng.uniform(0.5, 2.0))  # the moment to kill at: random, not a wait on the game
        server.kill()
        told = [client.last() for client in clients]
        server.start()
        for (table_id, token), last in zip(tables, told):
            if last is None:
                continue
            again = first_state(server, table_id, token)
            assert again["version"] >= last["version"], (table_id, "a told state was lost")
            known = [entry for state in told_states(clients, table_id) for entry in state["log"]]
            assert again["log"][:len(known)] == known, (table_id, "the story told differs")
            if again["version"] == last["version"]:
                assert again["view"] == last["view"], (table_id, "a version was reissued for another state")
    finally:
        server.stop()


def told_states(clients, table_id):
    client = next(c for c in clients if f"/ws/tables/{table_id}?" in c.url)
    return client.states


def test_kill_minus_nine_during_daily_games_loses_no_entry_and_the_bot_plays_again(tmp_path, settings):
    """Daily games being played and the bot's game being made when the server
    is killed: after the restart every started entry is still there (a second
    start is still refused), each table resumes at a state no older than its
    client was told, on the day's dice, and asking for the score to beat makes
    the bot's game again."""
    config = tmp_path / "settings.toml"
    config.write_text('daily_bot = "greedy"\n')
    server = LiveServer(tmp_path / "data", settings.database_url, "--config", str(config)).start()
    try:
        started = [(game, name, server.post(f"/api/daily/{game}/play", {"nickname": name}))
                   for game, name in (("dizzle", "Ann"), ("nochmal", "Bob"))]
        server.get("/api/daily")                        # the bot's games begin
        clients = [Client(server, answer["table"], answer["token"]) for _, _, answer in started]
        threading.Event().wait(random.Random(7).uniform(0.3, 1.0))
        server.kill()
        told = [client.last() for client in clients]
        server.start()
        for (game, name, answer), last in zip(started, told):
            again = first_state(server, answer["table"], answer["token"])
            assert again["table"]["daily"] is not None
            if last is not None:
                assert again["version"] >= last["version"], (game, "a told state was lost")
            with pytest.raises(urllib.error.HTTPError) as refused:
                server.post(f"/api/daily/{game}/play", {"nickname": name})
            assert refused.value.code == 409
        pause = threading.Event()
        for _ in range(600):                            # until the bot has played both, or a minute
            if all(item["bot"] for item in server.get("/api/daily")):
                break
            pause.wait(0.1)
        assert all(item["bot"]["bot"] == "greedy" for item in server.get("/api/daily"))
    finally:
        server.stop()
