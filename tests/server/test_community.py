"""Profiles, one's own tables from any browser, friends, invitations, blocks
and chat reports over HTTP and WebSocket (docs/accounts.md)."""

import io
import json
import zipfile
from contextlib import contextmanager

from server_helpers import Player, join_as

from dicehall.server.db import ReportRow


@contextmanager
def socket_of(client, table_id: str):
    """The client's browser at a table with no token: its account's seat, if any."""
    with client.websocket_connect(f"wss://testserver/ws/tables/{table_id}") as socket:
        yield Player(socket)


def rated_game_against_a_bot(server, account, name="Ann") -> str:
    table_id = server.create("razzle", [{"kind": "open"}, {"kind": "bot", "level": "easy"}], rated=True,
                             options={"pieces": 2, "goal": 1})["id"]
    token = join_as(account, table_id, 0)
    server.start(table_id, token)
    with server.player(table_id, token) as player:
        player.play_to_end(server.clock)
    return table_id


def test_a_profile_shows_ratings_with_history_games_and_best_solo_scores(server):
    ann = server.account("Ann")
    first, second = rated_game_against_a_bot(server, ann), rated_game_against_a_bot(server, ann)
    solo = server.create("dizzle", [{"kind": "open"}])["id"]
    token = join_as(ann, solo, 0)
    server.start(solo, token)
    with server.player(solo, token) as player:
        player.play_to_end(server.clock)
    profile = server.client.get("/api/profiles/ann").json()
    assert profile["name"] == "Ann" and profile["played"] == 3
    [rating] = profile["ratings"]
    assert (rating["game"], rating["variant"], rating["games"]) == ("razzle", "pieces=2,goal=1", 2)
    assert len(rating["history"]) == 3 and rating["history"][-1][1] == rating["rating"]
    assert profile["won"] == rating["wins"] + 0
    assert [game["table"] for game in profile["games"]] == [solo, second, first]
    assert profile["games"][1]["players"] == ["Ann", "bot:easy"] and profile["games"][1]["rated"]
    assert profile["games"][1]["accounts"] == [True, False]
    score = server.table(solo)["result"]["scores"][0]
    assert profile["best_solo"] == [{"game": "dizzle", "variant": "level=1", "score": score, "table": solo}]
    assert server.client.get(f"/api/tables/{first}/replay").status_code == 200
    assert server.client.get("/api/profiles/nobody").json()["code"] == "no-account"


def test_records_download_in_bulk_and_private_games_stay_private(server):
    ann = server.account("Ann")
    public = rated_game_against_a_bot(server, ann)
    created = server.create("dizzle", [{"kind": "open"}], public=False)
    private = created["id"]
    token = join_as(ann, private, 0, invite=created["invite"])
    server.start(private, token)
    with server.player(private, token) as player:
        player.play_to_end(server.clock)
    response = ann.get("/api/profiles/Ann/records")
    assert response.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        names = sorted(archive.namelist())
        record = json.loads(archive.read(f"dicehall-{public}.json"))
    assert names == sorted([f"dicehall-{public}.json", f"dicehall-{private}.json"])
    assert record["seats"] == ["human:Ann", "easy"]
    assert [game["table"] for game in server.client.get("/api/profiles/Ann").json()["games"]] == [public]
    assert ann.get(f"/api/tables/{private}/replay").status_code == 200      # her own private game
    assert ann.get(f"/api/tables/{private}/record").status_code == 200
    assert server.client.get(f"/api/tables/{private}/replay").json()["code"] == "private"
    with zipfile.ZipFile(io.BytesIO(server.client.get("/api/profiles/Ann/records").content)) as archive:
        assert archive.namelist() == [f"dicehall-{public}.json"]


def test_an_account_plays_its_seat_from_any_browser_and_sees_its_turn(server):
    ann, bob = server.account("Ann"), server.account("Bob")
    created = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], rated=True, public=False)
    table_id = created["id"]
    join_as(ann, table_id, 0, invite=created["invite"])
    join_as(bob, table_id, 1, invite=created["invite"])
    elsewhere = server.account("Ann")                     # another browser, logged in as Ann
    assert elsewhere.post(f"/api/tables/{table_id}/start", json={}).status_code == 200
    mine = elsewhere.get("/api/my/tables").json()
    assert [(t["id"], t["seat"]) for t in mine] == [(table_id, 0)]
    with socket_of(elsewhere, table_id) as player:
        assert player.state["seat"] == 0
        turn = bool(player.state["legal"])
        assert mine[0]["your_turn"] == turn
    with server.client.websocket_connect(f"/ws/tables/{table_id}?invite={created['invite']}") as socket:
        assert Player(socket).state["seat"] is None       # a guest without a token: a spectator
    assert server.client.get("/api/my/tables").json()["code"] == "no-session"
    assert bob.post(f"/api/tables/{table_id}/leave", json={}).status_code == 200
    seats = ann.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["away"] and not seats[0]["away"]
    assert server.client.get(f"/api/tables/{table_id}").json()["code"] == "private"


def test_friends_are_added_listed_online_and_removed(server):
    ann, bob = server.account("Ann"), server.account("Bob")
    assert ann.post("/api/friends", json={"name": "bob"}).json() == {"name": "Bob", "online": True}
    for name, code in (("Bob", "friend-already"), ("Ann", "yourself"), ("Nobody", "no-account")):
        assert ann.post("/api/friends", json={"name": name}).json()["code"] == code
    assert ann.get("/api/friends").json() == [{"name": "Bob", "online": True, "tables": []}]
    server.clock.advance(3600)                            # Bob has not been seen for an hour
    assert ann.get("/api/friends").json()[0]["online"] is False
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    join_as(bob, table_id, 0)
    assert ann.get("/api/friends").json()[0]["tables"] == [table_id]
    assert ann.delete("/api/friends/Bob").status_code == 204
    assert ann.get("/api/friends").json() == []
    assert server.client.get("/api/friends").json()["code"] == "no-session"


def test_a_friend_is_invited_in_one_click_unless_blocked(server):
    ann, bob, eve = server.account("Ann"), server.account("Bob"), server.account("Eve")
    created = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], public=False)
    table_id = created["id"]
    join_as(ann, table_id, 0, invite=created["invite"])
    refused = ann.post("/api/invitations", json={"name": "Bob", "table": table_id})
    assert refused.json()["code"] == "not-friend"
    ann.post("/api/friends", json={"name": "Bob"})
    assert ann.post("/api/invitations", json={"name": "Bob", "table": table_id}).status_code == 201
    [invitation] = bob.get("/api/invitations").json()
    assert (invitation["from"], invitation["table"]) == ("Ann", table_id)
    join_as(bob, table_id, 1, invite=invitation["invite"])           # the private table's code comes along
    assert bob.get("/api/invitations").json() == []                  # no open seat: no longer listed
    other = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    join_as(eve, other, 0)
    eve.post("/api/friends", json={"name": "Bob"})
    assert eve.post("/api/invitations", json={"name": "Bob", "table": table_id}).json()["code"] == "no-seat"
    bob.post("/api/blocks", json={"name": "Eve"})
    assert eve.post("/api/invitations", json={"name": "Bob", "table": other}).status_code == 201
    assert bob.get("/api/invitations").json() == []                  # blocked: nothing arrives
    assert bob.get("/api/blocks").json() == ["Eve"]
    assert bob.delete("/api/blocks/Eve").status_code == 204
    eve.post("/api/invitations", json={"name": "Bob", "table": other})
    [waiting] = bob.get("/api/invitations").json()
    assert bob.delete(f"/api/invitations/{waiting['id']}").status_code == 204
    assert bob.get("/api/invitations").json() == []


def test_a_blocked_accounts_chat_is_hidden_and_a_line_can_be_reported(server):
    ann, bob = server.account("Ann"), server.account("Bob")
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    ann_token, bob_token = join_as(ann, table_id, 0), join_as(bob, table_id, 1)
    with server.player(table_id, bob_token) as speaker:
        speaker.send({"type": "chat", "text": "something rude"})
        line = speaker.reply()
    assert line["type"] == "chat" and line["name"] == "Bob"
    ann.post("/api/blocks", json={"name": "Bob"})
    with socket_of(ann, table_id) as reader:
        assert reader.state["seat"] == 0 and reader.state["chat"] == []
    with server.player(table_id, ann_token) as with_token:    # a token alone knows no account
        assert [c["text"] for c in with_token.state["chat"]] == ["something rude"]
    body = {"table": table_id, "line": line["n"], "reason": "rude"}
    assert ann.post("/api/reports", json=body).status_code == 201
    assert ann.post("/api/reports", json=body).json()["code"] == "reported"
    assert ann.post("/api/reports", json={**body, "line": 99}).json()["code"] == "no-line"
    with server.manager.sessions() as session:
        report = session.query(ReportRow).one()
    assert (report.text, report.name, report.reason) == ("something rude", "Bob", "rude")
    assert report.reported_id is not None
