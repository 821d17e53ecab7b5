"""Whole games through the WebSocket API; records, replays and ratings."""

import pytest

from dicehall.engine import GameRecord


def play_out(players: list, clock) -> dict:
    """Everyone plays their first legal action, half a second each, until the game is over."""
    state = players[0].state
    while state["table"]["status"] != "over":
        clock.advance(0.5)
        mover = next(p for p in players if p.state["legal"])
        mover.act(mover.state["legal"][0]["id"])
        for player in players:
            player.until(state["version"] + 1)
        state = players[0].state
    return state


@pytest.mark.parametrize("game", ["razzle", "dizzle"])
def test_two_humans_play_a_whole_game(server, game):
    table_id, tokens = server.seated(game, rated=True)
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        assert ann.state["seat"] == 0 and bob.state["seat"] == 1
        assert ann.state["view"]["seat"] == 0
        final = play_out([ann, bob], server.clock)
    result = final["table"]["result"]
    assert result["terminal"] and final["legal"] == []
    response = server.client.get(f"/api/tables/{table_id}/record")
    assert "attachment" in response.headers["content-disposition"]
    record = GameRecord.from_json(response.json())
    assert record.seats == ["human:player0", "human:player1"]
    assert record.replay().scores() == result["scores"]
    replay = server.client.get(f"/api/tables/{table_id}/replay").json()
    assert len(replay["steps"]) == len(record.entries) and replay["layout"]
    assert replay["steps"][-1]["view"]["scores"] == result["scores"]
    board = server.client.get(f"/api/leaderboard/{game}").json()
    assert sorted(row["name"] for row in board) == ["player0", "player1"]
    assert all(row["games"] == 1 for row in board)
    assert sum(row["rating"] for row in board) == pytest.approx(2400, abs=0.2)


def test_records_and_replays_wait_for_the_end(server):
    table_id, _ = server.seated("dizzle")
    assert server.client.get(f"/api/tables/{table_id}/record").status_code == 409
    assert server.client.get(f"/api/tables/{table_id}/replay").status_code == 409


def test_a_bot_seat_moves_by_itself(server):
    table_id, tokens = server.seated("razzle", players=1, bots=("easy",), rated=True)
    with server.player(table_id, tokens[0]) as ann:
        ann.play_to_end(server.clock)
    assert [row["name"] for row in server.client.get("/api/leaderboard/razzle").json()] == ["player0"]


def test_only_rated_tables_change_ratings(server):
    table_id, tokens = server.seated("razzle", players=1, bots=("easy",))
    with server.player(table_id, tokens[0]) as ann:
        ann.play_to_end(server.clock)
    assert server.table(table_id)["result"]["ratings"] == {}
    assert server.client.get("/api/leaderboard/razzle").json() == []


def test_the_same_seed_gives_the_same_dice(server):
    """Dice come from the table's seed and step count, so a rebuilt match agrees."""
    table_id, tokens = server.seated("dizzle")
    live = server.manager.tables[table_id]
    assert live.match.entries[0].seat is None
    from dicehall.server.tables import step_rng
    expected = live.match.state.game.new_initial_state().sample_chance(step_rng(live.seed, 0))
    assert live.match.entries[0].notation == str(expected)
