"""Turn-based tables: a long limit per decision, players who come and go, the
timeout and a mark at a missed limit, a bot after the second miss (the
creator's choice), and a game played over two sittings with a restart."""

from server_helpers import Server, join_as

DAY = 86400


def turn_table(server, takeover: bool = True, game: str = "razzle") -> tuple[str, list, list[str]]:
    """A started turn-based table of two accounts: its id, their browsers and their tokens."""
    table_id = server.create(game, [{"kind": "open"}, {"kind": "open"}], rated=True,
                             timer={"kind": "turn", "seconds": DAY, "takeover": takeover})["id"]
    browsers = [server.account("Ann"), server.account("Bob")]
    tokens = [join_as(browser, table_id, seat) for seat, browser in enumerate(browsers)]
    server.start(table_id, tokens[0])
    return table_id, browsers, tokens


def deciding(server, table_id: str) -> int:
    [seat] = server.manager.tables[table_id].deciders()
    return seat


def test_a_turn_based_limit_is_an_hour_to_two_weeks(server):
    seats = [{"kind": "open"}, {"kind": "open"}]
    for timer in ({"kind": "turn", "seconds": 600}, {"kind": "turn", "seconds": 15 * DAY},
                  {"kind": "move", "seconds": 2 * DAY}, {"kind": "move", "seconds": 20, "takeover": True}):
        response = server.client.post("/api/tables", json={"game": "razzle", "seats": seats, "timer": timer})
        assert response.status_code == 422, timer
    table = server.create("razzle", seats, timer={"kind": "turn", "seconds": 3 * DAY})
    assert table["timer"] == {"kind": "turn", "seconds": 3 * DAY, "takeover": False}


def test_players_come_and_go_without_a_bot_taking_over(server, settings):
    table_id, browsers, tokens = turn_table(server)
    with server.player(table_id, tokens[0]):
        pass                                               # Ann looks in, and closes the tab
    server.clock.advance(settings.grace_seconds * 10)
    server.run(server.manager.check_timers)
    server.run(server.manager.settle)
    assert not any(seat["away"] for seat in server.table(table_id)["seats"])
    mine = browsers[deciding(server, table_id)].get("/api/my/tables").json()
    assert mine[0]["your_turn"] and mine[0]["deadline"] == server.table(table_id)["created"] + DAY
    assert mine[0]["deciders"] == [deciding(server, table_id)]


def test_a_missed_limit_times_out_and_marks_the_seat_then_a_bot_takes_over(server):
    table_id, _, _ = turn_table(server)
    first = deciding(server, table_id)
    server.clock.advance(DAY + 1)
    server.run(server.manager.check_timers)
    seats = server.table(table_id)["seats"]
    assert seats[first]["misses"] == 1 and not seats[first]["away"]
    while deciding(server, table_id) != first:            # the other player's limits run out too
        server.clock.advance(DAY + 1)
        server.run(server.manager.check_timers)
    server.clock.advance(DAY + 1)
    server.run(server.manager.check_timers)
    server.run(server.manager.settle)
    seats = server.table(table_id)["seats"]
    assert seats[first]["misses"] == 2 and seats[first]["away"]


def test_without_takeover_a_seat_only_collects_misses(server):
    table_id, _, _ = turn_table(server, takeover=False)
    for _ in range(4):
        server.clock.advance(DAY + 1)
        server.run(server.manager.check_timers)
    seats = server.table(table_id)["seats"]
    assert sum(seat["misses"] for seat in seats) == 4 and not any(seat["away"] for seat in seats)


def test_a_game_over_two_sittings_with_a_restart_between(settings, clock):
    with Server(settings, clock) as server:
        table_id, browsers, _ = turn_table(server, game="dizzle")
        version = server.table(table_id)["version"]
        seat = deciding(server, table_id)
        action = server.manager.tables[table_id].legal(seat)[0]["id"]
        with browsers[seat].websocket_connect(f"wss://testserver/ws/tables/{table_id}") as socket:
            socket.send_json({"type": "action", "version": version, "action": action})
            while socket.receive_json()["version"] == version:
                pass
        after_first = server.table(table_id)["version"]
    clock.advance(3 * 3600)                                 # the evening; the server restarted meanwhile
    with Server(settings, clock) as server:
        table = server.table(table_id)
        assert table["status"] == "running" and table["version"] == after_first
        browser = server.account("Ann")
        [mine] = browser.get("/api/my/tables").json()
        assert mine["id"] == table_id and mine["seat"] == 0
        with browser.websocket_connect(f"wss://testserver/ws/tables/{table_id}") as socket:
            state = socket.receive_json()
            assert state["seat"] == 0 and state["version"] == after_first
