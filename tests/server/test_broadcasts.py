"""Broadcasts reuse what did not change (each seat's legal actions are encoded
once a decision, the table's and the state's JSON once a broadcast) and still
send exactly what a fresh computation gives, in the format clients read."""

import json
import random

import pytest

from dicehall.engine.registry import make_game
from dicehall.server.tables import RUNNING, LiveTable, Seat
from scenario import fresh_action_json, fresh_view

#: the keys of every state message after the first (docs/server.md); ``summary`` once over
STATE_KEYS = {"type", "version", "table", "seat", "view", "legal", "deadlines", "banks", "log", "rematch"}


def as_json(data):
    return json.loads(json.dumps(data))


def check_states(manager, table_id: str, players: list, spectator) -> dict[int, list]:
    """Every client's newest state is what the table gives now, computed afresh."""
    live = manager.tables[table_id]
    state, game = live.match.state, live.game
    legal = {}
    for client in [*players, spectator]:
        message, seat = client.state, client.state["seat"]
        first = "layout" in message         # a connection's first state: with the layout and chat
        assert set(message) - {"summary"} == STATE_KEYS | ({"layout", "chat"} if first else set())
        assert message["version"] == live.version
        assert message["view"] == as_json(fresh_view(state, seat))
        expected = [] if seat is None or seat not in live.deciders() else \
            [fresh_action_json(game, i) for i in state.legal_action_ids(seat)]
        assert message["legal"] == as_json(expected)
        fresh = as_json(manager.message(live, seat, first=first))
        fresh["log"] = message["log"]       # (a broadcast carries the entries new since the last)
        assert message == fresh
        if seat is not None:
            legal[seat] = message["legal"]
    return legal


@pytest.mark.parametrize("game, options", [("nochmal", {}), ("dizzle", {"level": 8}), ("razzle", {})])
def test_every_broadcast_is_the_fresh_state_of_each_seat(server, game, options):
    table_id = server.create(game, [{"kind": "open"}] * 2, options=options)["id"]
    tokens = [server.join(table_id, seat, f"p{seat}") for seat in range(2)]
    server.start(table_id, tokens[0])
    rng, kept = random.Random(7), 0
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob, \
            server.player(table_id) as watcher:
        players, legal = [ann, bob], {}
        for _ in range(40):     # (a state that only tells who connected keeps the version: from the
            if ann.state["table"]["status"] == "over":      # first action on, all are up to date)
                break
            mover = rng.choice([p for p in players if p.state["legal"]])
            server.clock.advance(0.5)
            mover.act(rng.choice(mover.state["legal"])["id"])      # as bench/load_players.py does
            version = mover.state["version"] + 1
            for client in [*players, watcher]:
                client.until(version)
            before, legal = legal, check_states(server.manager, table_id, players, watcher)
            # the other seat's decision went on (a simultaneous step): the same list again
            kept += sum(1 for p in players if p is not mover and p.state["legal"]
                        and legal[p.state["seat"]] == before.get(p.state["seat"]))
    if game == "nochmal":
        assert kept


def test_a_decision_keeps_its_encoded_legal_actions_until_it_changes():
    table = LiveTable.create(make_game("nochmal", players=2), [Seat("human"), Seat("human")], None, True,
                             0.0, 5.0, seed="kept")
    table.start(0.0)
    rng, kept, changed = random.Random(3), 0, 0
    while table.status == RUNNING and not (kept and changed):
        texts = {seat: table.legal_text(seat) for seat in table.deciders()}
        for seat, text in texts.items():
            assert json.loads(text) == as_json(table.legal(seat))
        mover = rng.choice(table.deciders())
        held = dict(table.decisions)
        table.act(mover, rng.choice(table.decisions[mover][1]), 1.0)
        for seat, text in texts.items():
            if seat != mover and table.decisions.get(seat) == held[seat]:
                assert table.legal_text(seat) is text         # joined once a decision
                kept += 1
            elif seat in table.deciders():
                assert json.loads(table.legal_text(seat)) == as_json(table.legal(seat))
                changed += 1
        assert set(table.legal_texts) <= set(table.deciders())
    assert kept and changed
    assert table.legal_text(None) == "[]"


def test_a_broadcast_to_nobody_builds_no_message(server, monkeypatch):
    table_id, _ = server.seated("nochmal")
    live = server.manager.tables[table_id]

    def refused(*args):
        raise AssertionError("a view was built for nobody")
    monkeypatch.setattr(type(live.match.state), "views", refused)
    live.version += 1          # (as a change would: the lobby's summary follows)
    server.manager.broadcast(live)
    assert server.manager.directory[table_id]["table"]["version"] == live.version
