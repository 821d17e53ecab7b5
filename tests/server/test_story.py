"""What the table tells: the log in every state, the end summary, chat,
rematches, the engine's words, replays by moves, and simultaneous choices
that are not stale."""

import pytest
from server_helpers import mover_of

from dicehall.engine import words


def test_the_first_state_carries_the_whole_log_and_later_ones_what_is_new(server):
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        first = list(ann.state["log"])
        assert first and [entry["n"] for entry in first] == list(range(len(first)))
        mover = mover_of(ann, bob)
        mover.act(mover.state["legal"][0]["id"])
        state = mover.until(mover.state["version"] + 1)
        new = state["log"]
        assert new and new[0]["n"] == len(first)
        assert all({"n", "step", "at", "key", "seat", "params", "marks"} <= set(entry) for entry in new)
        assert any(entry["seat"] == mover.state["seat"] for entry in new)
        with server.player(table_id, tokens[0]) as again:
            assert again.state["log"] == first + new


def test_words_for_every_language_and_an_unknown_one(server):
    for lang in words.LANGUAGES:
        catalog = server.client.get(f"/api/words/{lang}").json()
        assert catalog == words.catalog(lang) and "common.timeout" in catalog
    assert server.client.get("/api/words/xx").status_code == 404


def test_chat_is_plain_text_stored_and_limited(server):
    table_id, tokens = server.seated("dizzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id) as watcher:
        ann.send({"type": "chat", "text": "  <b>hi</b>\u0007 there  "})
        line = ann.reply()
        assert line["type"] == "chat" and line["text"] == "<b>hi</b> there"
        assert line["seat"] == 0 and line["name"] == "p0"
        assert watcher.reply() == line
        watcher.send({"type": "chat", "text": "x" * 301})
        assert watcher.refused()["code"] == "chat-too-long"
        watcher.send({"type": "chat", "text": "I watch"})
        assert watcher.reply()["seat"] is None
        for _ in range(4):
            watcher.send({"type": "chat", "text": "spam"})
        codes = [watcher.reply().get("code") for _ in range(4)]
        assert "chat-rate" in codes
    with server.player(table_id, tokens[1]) as bob:
        assert [line["text"] for line in bob.state["chat"]][:2] == ["<b>hi</b> there", "I watch"]


def test_an_action_at_a_simultaneous_step_is_not_stale_after_the_others_choice(server):
    table_id, tokens = server.seated("nochmal")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        assert ann.state["legal"] and bob.state["legal"], "rolls 1-3 are simultaneous"
        version = bob.state["version"]
        ann.act(ann.state["legal"][0]["id"])
        ann.until(version + 1)
        bob.act(bob.state["legal"][0]["id"], version=version)
        assert bob.until(version + 2)["version"] == version + 2
        stale = bob.state["version"] - 2
        if bob.state["legal"]:
            bob.act(bob.state["legal"][0]["id"], version=stale)
            assert bob.refused()["code"] == "stale"


def finish(server, table_id, tokens) -> dict:
    """Play a 2-human game to its end through the first legal action; the
    last state the first player was sent."""
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        players = [ann, bob]
        while server.table(table_id)["status"] != "over":
            version = server.table(table_id)["version"]
            for player in players:
                player.until(version)
            mover = mover_of(*players)
            server.clock.advance(0.5)
            mover.act(mover.state["legal"][0]["id"])
            mover.until(version + 1)
        return ann.until(server.table(table_id)["version"])


def test_the_end_summary_and_rating_changes(server):
    table_id, tokens = server.seated("razzle", rated=True)
    summary = finish(server, table_id, tokens)["summary"]
    state = server.manager.tables[table_id].match.state
    assert summary["winners"] == state.winners() and summary["places"] == state.places()
    assert summary["parts"] == [[{"name": k, "value": v} for k, v in state.score_parts(s).items()]
                                for s in (0, 1)]
    assert summary["explain"] and summary["explain"][0]["key"].endswith(("winner", "shared_win"))
    assert set(summary["ratings"]) == {"0", "1"}
    for change in summary["ratings"].values():
        assert change["before"] == 1200.0 and change["after"] != 1200.0
    board = server.client.get("/api/leaderboard/razzle").json()
    assert {row["name"]: row["rating"] for row in board} == {
        f"player{seat}": change["after"] for seat, change in summary["ratings"].items()}


def test_a_rematch_seats_everyone_again_and_starts(server):
    table_id, tokens = server.seated("razzle", bots=())
    finish(server, table_id, tokens)
    offer = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[1]})
    assert offer.status_code == 200, offer.text
    new_id = offer.json()["table"]
    assert offer.json()["seat"] == 1
    with server.player(table_id, tokens[0]) as ann:
        assert ann.state["rematch"] == {"table": new_id, "seats": [1]}
    stranger = server.client.post(f"/api/tables/{new_id}/join", json={"seat": 0, "nickname": "x"})
    assert stranger.status_code == 409
    again = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[1]})
    assert again.status_code == 200 and again.json() == offer.json()
    assert server.table(new_id)["status"] == "waiting"
    accept = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
    assert accept.json()["table"] == new_id and accept.json()["seat"] == 0
    table = server.table(new_id)
    assert table["status"] == "running" and table["rematch_of"] == table_id
    assert [seat["nickname"] for seat in table["seats"]] == ["p0", "p1"]


def test_a_rematch_asked_twice_keeps_the_seat_and_its_token(server):
    """A repeated call (a browser resending a request whose answer it lost)
    answers the same token, which still holds the seat, and changes nothing;
    once the hold is over and another player took the seat, the answer is 409."""
    table_id, tokens = server.seated("razzle", bots=())
    finish(server, table_id, tokens)
    over = server.client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
    assert over.status_code == 409 and over.json()["code"] == "started"
    first = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]}).json()
    second = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]}).json()
    assert second == first and first["token"] not in tokens
    new_id = first["table"]
    with server.player(new_id, second["token"]) as ann:
        assert ann.state["seat"] == 0
    server.clock.advance(server.manager.settings.rematch_hold_seconds + 1)
    server.client.post(f"/api/tables/{new_id}/leave", json={"token": first["token"]})
    assert server.join(new_id, 0, "stranger")
    taken = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
    assert taken.status_code == 409 and taken.json()["code"] == "rematch-taken"
    seats = server.table(new_id)["seats"]
    assert [seat["nickname"] for seat in seats] == ["stranger", None]


def test_a_rematch_keeps_the_bots_and_is_only_for_a_finished_game(server):
    table_id, tokens = server.seated("dizzle", players=1, bots=("easy",))
    early = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
    assert early.status_code == 409
    server.client.post(f"/api/tables/{table_id}/leave", json={"token": tokens[0]})
    server.run(server.manager.settle)
    assert server.table(table_id)["status"] == "over"
    new = server.client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]}).json()
    table = server.table(new["table"])
    assert table["status"] == "running"
    assert [(s["kind"], s["level"]) for s in table["seats"]] == [("human", None), ("bot", "easy")]


@pytest.mark.parametrize("game, options", [("razzle", {}), ("nochmal", {}), ("dizzle", {"level": 7})])
def test_a_replay_groups_steps_into_moves_with_their_words(server, game, options):
    seats = [{"kind": "open"}, {"kind": "bot", "level": "easy"}]
    table_id = server.create(game, seats, options=options)["id"]
    token = server.join(table_id, 0, "p0")
    server.start(table_id, token)
    server.client.post(f"/api/tables/{table_id}/leave", json={"token": token})
    server.run(server.manager.settle)
    replay = server.client.get(f"/api/tables/{table_id}/replay").json()
    steps, moves = replay["steps"], replay["moves"]
    assert moves[0]["steps"][0] == 0 and moves[-1]["steps"][1] == len(steps) - 1
    assert all(a["steps"][1] + 1 == b["steps"][0] for a, b in zip(moves, moves[1:]))
    assert 1 < len(moves) < len(steps)
    assert all(step["events"] for step in steps if step["seat"] is not None)
    assert replay["summary"]["winners"]
    for move in moves:  # one seat's move, or the choices one roll led to (Noch mal: everyone's)
        first, last = move["steps"]
        seats = {steps[i]["seat"] for i in range(first, last + 1)} - {None}
        lava = game == "dizzle" and "lava" in steps[last]["notation"]
        assert len(seats) == 1 or game == "nochmal" or lava
    if game == "razzle":  # a turn: the wheel's number, then the move
        assert all(steps[m["steps"][0]]["seat"] is None for m in moves)


def test_bots_keep_a_human_pace(settings, clock):
    import time

    from server_helpers import Server
    settings.bot_pace = 0.3
    with Server(settings, clock) as server:
        table_id = server.create("razzle", [{"kind": "open"}, {"kind": "bot", "level": "easy"}])["id"]
        token = server.join(table_id, 0, "p0")
        server.start(table_id, token)
        with server.player(table_id, token) as ann:
            gaps, last = [], None
            while len(gaps) < 3 and ann.state["table"]["status"] != "over":
                if ann.state["legal"]:
                    ann.act(ann.state["legal"][0]["id"])
                message = ann.receive()
                if message["type"] != "state":
                    continue
                ann.state, now = message, time.monotonic()
                entries = server.manager.tables[table_id].match.entries
                bot_moved = any(entries[entry["step"]].seat == 1 for entry in message["log"])
                if bot_moved and last is not None:
                    gaps.append(now - last)
                last = now
        assert len(gaps) == 3 and min(gaps) >= 0.3 - 0.01, gaps
