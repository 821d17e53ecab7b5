"""Timers, bots taking over absent players, reconnecting, and restarts — all on a fake clock."""

from server_helpers import Server, mover_of

from dicehall.server.timers import Clocks, Timer


def last_decision(server, table_id: str):
    """The newest step a seat took (not a chance event)."""
    return next(e for e in reversed(server.manager.tables[table_id].match.entries) if e.seat is not None)


def test_a_move_timer_applies_the_timeout_action(server):
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        mover = mover_of(ann, bob)
        seat, version = mover.state["seat"], mover.state["version"]
        assert mover.state["deadlines"] == {str(seat): server.clock.now() + 20}
        server.clock.advance(19.9)
        server.run(server.manager.check_timers)
        assert server.table(table_id)["version"] == version
        server.clock.advance(0.1)
        server.run(server.manager.check_timers)
        assert mover.until(version + 1)["version"] == version + 1
        assert last_decision(server, table_id).seat == seat
        assert last_decision(server, table_id).notation == "timeout"


def test_a_time_bank_is_charged_and_runs_out(server):
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}],
                             timer={"kind": "bank", "seconds": 30})["id"]
    tokens = [server.join(table_id, seat, f"p{seat}") for seat in (0, 1)]
    server.start(table_id, tokens[0])
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        mover = mover_of(ann, bob)
        seat, version = mover.state["seat"], mover.state["version"]
        server.clock.advance(10)
        mover.act(mover.state["legal"][0]["id"])
        state = mover.until(version + 1)
        assert state["banks"][str(seat)] == 20
        waiting = [int(s) for s in state["deadlines"]]
        server.clock.advance(31)
        server.run(server.manager.check_timers)
        state = mover.until(version + 2)
        assert all(state["banks"][str(s)] == 0 for s in waiting)


def test_an_empty_bank_still_leaves_a_moment_per_decision():
    clocks = Clocks(Timer("bank", 10), 2, floor=5, banks={0: 0.0, 1: 10.0})
    clocks.sync({0, 1}, now=100)
    assert clocks.deadlines == {0: 105, 1: 110}
    clocks.stop(1, now=104)
    assert clocks.banks[1] == 6 and 1 not in clocks.deadlines


def test_simultaneous_deciders_each_have_a_deadline(server):
    table_id = server.create("nochmal", [{"kind": "open"}, {"kind": "open"}],
                             timer={"kind": "move", "seconds": 30})["id"]
    tokens = [server.join(table_id, seat, f"p{seat}") for seat in (0, 1)]
    server.start(table_id, tokens[0])
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        version = ann.state["version"]
        assert set(ann.state["deadlines"]) == {"0", "1"} and ann.state["legal"] and bob.state["legal"]
        server.clock.advance(5)
        ann.act(ann.state["legal"][-1]["id"])
        state = bob.until(version + 1)
        assert set(state["deadlines"]) == {"1"}
        assert state["view"]["deciders"] == [1]
        server.clock.advance(25)
        server.run(server.manager.check_timers)
        assert bob.until(version + 2)
        assert last_decision(server, table_id).notation in ("timeout", "pass")


def test_a_bot_takes_over_after_the_grace_period_and_the_token_reclaims(server):
    table_id, tokens = server.seated("dizzle")
    with server.player(table_id, tokens[0]) as ann:
        server.clock.advance(59)
        server.run(server.manager.check_timers)
        assert not server.table(table_id)["seats"][1]["away"]
        server.clock.advance(1)
        server.run(server.manager.check_timers)
        server.run(server.manager.settle)
        assert server.table(table_id)["seats"][1]["away"]
        assert server.manager.tables[table_id].bot_turns("random") == []
        version = server.table(table_id)["version"]
        with server.player(table_id, tokens[1]) as bob:
            assert bob.state["version"] == version + 1
            assert not bob.state["table"]["seats"][1]["away"] and bob.state["table"]["seats"][1]["connected"]
        ann.until(version + 1)


def test_a_socket_that_closes_at_once_does_not_hold_its_seat(server):
    table_id, tokens = server.seated("dizzle")
    with server.client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}"):
        pass
    server.run(server.manager.settle)
    assert server.manager.connections[table_id] == []
    assert not server.table(table_id)["seats"][0]["connected"]


def test_leaving_a_running_game_hands_the_seat_to_a_bot(server):
    table_id, tokens = server.seated("razzle")
    response = server.client.post(f"/api/tables/{table_id}/leave", json={"token": tokens[1]})
    assert response.json()["seats"][1]["away"]
    with server.player(table_id, tokens[0]) as ann:
        ann.play_to_end(server.clock)


def test_a_game_survives_a_restart_with_its_timers(settings, clock):
    with Server(settings, clock) as first:
        table_id, tokens = first.seated("razzle")
        with first.player(table_id, tokens[0]) as ann, first.player(table_id, tokens[1]) as bob:
            mover = mover_of(ann, bob)
            mover.act(mover.state["legal"][0]["id"])
            mover.until(mover.state["version"] + 1)
        before = first.manager.tables[table_id]
        entries, deadlines = list(before.match.entries), dict(before.clocks.deadlines)
        version = before.version
    clock.advance(5)
    with Server(settings, clock) as second:
        again = second.manager.tables[table_id]
        assert again.match.entries == entries and again.version == version
        assert again.clocks.deadlines == {seat: at + 5 for seat, at in deadlines.items()}
        with second.player(table_id, tokens[0]) as ann:
            assert ann.state["version"] == version
            clock.advance(20)
            second.run(second.manager.check_timers)
            assert ann.until(version + 1)
            assert last_decision(second, table_id).notation == "timeout"
