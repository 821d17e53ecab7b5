"""Hints in solo play (``{"type": "hint", "version": n}``): the hard level's
advice for the player's decision, the seat marked as having used hints (kept
after a restart), allowed at unrated tables for several too, and refused at
rated tables and the daily challenge, from spectators, for a stale version and in a malformed message."""

from server_helpers import Server, mover_of


def hint_of(player) -> dict:
    """Ask for a hint on the player's decision; the answer."""
    player.send({"type": "hint", "version": player.state["version"]})
    while True:
        message = player.receive()
        if message["type"] != "state":
            return message


def test_a_solo_player_gets_a_legal_hint_and_the_table_shows_it(server, settings, clock):
    table_id, tokens = server.seated("dizzle", players=1)
    assert server.table(table_id)["hints"] == [] and server.table(table_id)["hints_allowed"]
    with server.player(table_id, tokens[0]) as ann:
        answer = hint_of(ann)
        assert answer["type"] == "hint" and answer["version"] == ann.state["version"], answer
        legal = {action["id"] for action in ann.state["legal"]}
        assert answer["action"]["id"] in legal and answer["action"]["notation"]
        assert all(other["id"] in legal for other in answer["alternatives"])
        assert hint_of(ann)["type"] == "hint"           # again: the same decision, still one mark
    assert server.table(table_id)["hints"] == [0]
    server.__exit__(None, None, None)
    with Server(settings, clock) as again:
        assert again.table(table_id)["hints"] == [0]      # stored with the table


def test_an_unrated_game_for_two_allows_hints_and_shows_who_asked(server):
    table_id, tokens = server.seated("dizzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        assert ann.state["table"]["hints_allowed"] and not ann.state["table"]["rated"]
        mover = mover_of(ann, bob)
        assert hint_of(mover)["type"] == "hint"
    assert server.table(table_id)["hints"] == [[ann, bob].index(mover)]


def test_hints_are_refused_at_rated_tables_to_spectators_and_for_old_versions(server):
    table_id, tokens = server.seated("dizzle", rated=True)
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob, \
            server.player(table_id) as watcher:
        assert not ann.state["table"]["hints_allowed"]
        mover = mover_of(ann, bob)
        assert hint_of(mover) == {"type": "error", "code": "no-hints", "version": mover.state["version"],
                                  "reason": "rated games and the daily challenge are played without hints"}
        assert hint_of(watcher)["code"] == "no-hints"             # whoever asks, whenever
    alone, token = server.seated("dizzle", players=1)
    with server.player(alone, token[0]), server.player(alone) as watcher:
        assert hint_of(watcher)["code"] == "spectator"
    solo, token = server.seated("razzle", players=1, bots=("easy",), rated=True)
    with server.player(solo, token[0]) as bob:
        assert hint_of(bob)["code"] == "no-hints"            # rated against a bot: no hints either
    alone, token = server.seated("nochmal", players=1)
    with server.player(alone, token[0]) as cid:
        cid.send({"type": "hint", "version": cid.state["version"] - 1})
        assert cid.receive()["code"] in ("stale", "not-your-turn")
        cid.send({"type": "hint"})
        assert cid.receive()["code"] == "malformed"
        cid.send({"type": "hint", "version": True})
        assert cid.receive()["code"] == "malformed"
    assert server.table(alone)["hints"] == []
