"""The HTTP lobby: games, tables, seats, private tables, hostile nicknames."""

from urllib.parse import quote

import pytest
from server_helpers import join_as


def test_games_list_players_options_and_bot_levels(server):
    games = {game["name"]: game for game in server.client.get("/api/games").json()}
    assert set(games) == {"dizzle", "nochmal", "razzle"}
    assert games["razzle"]["players"] == [2, 3]
    assert "move_time" in {option["name"] for option in games["razzle"]["options"]}
    assert "easy" in games["dizzle"]["bots"]


def test_layout_for_options_and_no_file_paths(server):
    assert server.client.get("/api/layout/dizzle?level=3").status_code == 200
    assert server.client.get("/api/layout/dizzle?level=9").status_code == 400
    response = server.client.get("/api/layout/dizzle?sheet=/etc/passwd")
    assert response.status_code == 400 and "inline" in response.json()["detail"]


def test_create_list_join_leave(server):
    table = server.create("razzle", [{"kind": "open"}, {"kind": "bot", "level": "easy"}])
    assert table["status"] == "waiting" and table["invite"]
    assert table["timer"] == {"kind": "move", "seconds": 20}, "Razzle-Dazzle times moves by move_time"
    assert [t["id"] for t in server.client.get("/api/tables").json()] == [table["id"]]
    token = server.join(table["id"], 0, "ann")
    seat = server.table(table["id"])["seats"][0]
    assert (seat["kind"], seat["nickname"]) == ("human", "ann")
    assert "token" not in str(server.table(table["id"]))
    response = server.client.post(f"/api/tables/{table['id']}/leave", json={"token": token})
    assert response.status_code == 200 and response.json()["seats"][0]["kind"] == "open"
    assert server.client.post(f"/api/tables/{table['id']}/start", json={"token": token}).status_code == 403


def test_join_refusals(server):
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], timer=None)["id"]
    server.join(table_id, 0, "ann")
    post = server.client.post
    assert post(f"/api/tables/{table_id}/join", json={"seat": 0, "nickname": "bob"}).status_code == 409
    assert post(f"/api/tables/{table_id}/join", json={"seat": 1, "nickname": "ann"}).status_code == 409
    assert post(f"/api/tables/{table_id}/join", json={"seat": 5, "nickname": "bob"}).status_code == 409
    assert post("/api/tables/nope/join", json={"seat": 1, "nickname": "bob"}).status_code == 404


def test_a_table_created_again_with_its_key_is_the_same_table(server):
    """A create sent again (its answer lost) makes no second table; another key does."""
    spec = {"game": "dizzle", "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}], "key": "t" * 24}
    first = server.client.post("/api/tables", json=spec)
    again = server.client.post("/api/tables", json=spec)
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    assert [table["id"] for table in server.client.get("/api/tables").json()] == [first.json()["id"]]
    other = server.client.post("/api/tables", json={**spec, "key": "u" * 24})
    assert other.status_code == 201 and other.json()["id"] != first.json()["id"]
    assert len(server.client.get("/api/tables").json()) == 2


def test_a_join_sent_again_with_its_key_is_answered_the_same_token(server):
    """A browser that lost the answer resends the same request: the same key
    gets the same token, which holds the seat; another key is refused."""
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], timer=None)["id"]
    body = {"seat": 0, "nickname": "ann", "key": "k" * 24}
    first = server.client.post(f"/api/tables/{table_id}/join", json=body)
    again = server.client.post(f"/api/tables/{table_id}/join", json=body)
    assert first.status_code == again.status_code == 200 and again.json() == first.json()
    assert [seat["nickname"] for seat in server.table(table_id)["seats"]] == ["ann", None]
    other = server.client.post(f"/api/tables/{table_id}/join", json={**body, "key": "x" * 24})
    assert other.status_code == 409 and other.json()["code"] == "seat-taken"
    twin = server.client.post(f"/api/tables/{table_id}/join", json={**body, "seat": 1, "nickname": "bo"})
    assert twin.status_code == 409 and twin.json()["code"] == "seated", "one key, one seat"
    left = server.client.post(f"/api/tables/{table_id}/leave", json={"token": first.json()["token"]})
    assert left.status_code == 200 and left.json()["seats"][0]["kind"] == "open"


def test_a_leave_sent_again_is_answered_as_done(server):
    """Its first answer lost, a leave sent again answers the table as it is,
    even after another player took the seat; a token that never sat is refused."""
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], timer=None)["id"]
    token = server.join(table_id, 0, "ann")
    leave = {"token": token}
    first = server.client.post(f"/api/tables/{table_id}/leave", json=leave)
    again = server.client.post(f"/api/tables/{table_id}/leave", json=leave)
    assert first.status_code == again.status_code == 200 and again.json() == first.json()
    server.join(table_id, 0, "bob")
    table = server.table(table_id)
    late = server.client.post(f"/api/tables/{table_id}/leave", json=leave)
    assert late.status_code == 200 and server.table(table_id) == table, "bob keeps the seat"
    stranger = server.client.post(f"/api/tables/{table_id}/leave", json={"token": "t" * 32})
    assert (stranger.status_code, stranger.json()["code"]) == (403, "no-seat")


def test_an_account_that_left_may_leave_again(server):
    ann = server.account("Ann")
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], timer=None)["id"]
    join_as(ann, table_id, 0)
    assert ann.post(f"/api/tables/{table_id}/leave", json={}).status_code == 200
    again = ann.post(f"/api/tables/{table_id}/leave", json={})
    assert again.status_code == 200 and again.json()["seats"][0]["kind"] == "open"
    bob = server.account("Bob")
    assert bob.post(f"/api/tables/{table_id}/leave", json={}).status_code == 403


@pytest.mark.parametrize("key", ["short", "k" * 101, "no spaces in a key!"])
def test_a_join_key_is_checked(server, key):
    table_id = server.create("dizzle", [{"kind": "open"}], timer=None)["id"]
    body = {"seat": 0, "nickname": "ann", "key": key}
    answer = server.client.post(f"/api/tables/{table_id}/join", json=body)
    assert answer.status_code == 422 and not server.table(table_id)["seats"][0]["nickname"]


def test_start_needs_every_seat_filled(server):
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    token = server.join(table_id, 0, "ann")
    response = server.client.post(f"/api/tables/{table_id}/start", json={"token": token})
    assert response.status_code == 409 and "open" in response.json()["detail"]
    server.join(table_id, 1, "bob")
    assert server.start(table_id, token)["status"] == "running"
    assert server.client.get("/api/tables").json()[0]["status"] == "running"
    version = server.table(table_id)
    again = server.client.post(f"/api/tables/{table_id}/start", json={"token": token})
    assert again.status_code == 200 and again.json()["status"] == "running"
    assert server.table(table_id) == version, "starting again changes nothing"


@pytest.mark.parametrize("body, fragment", [
    ({"game": "chess", "seats": [{"kind": "open"}]}, "unknown game"),
    ({"game": "razzle", "seats": [{"kind": "open"}]}, "players"),
    ({"game": "dizzle", "seats": [{"kind": "open"}, {"kind": "bot", "level": "godlike"}]}, "bot level"),
    ({"game": "dizzle", "seats": [{"kind": "bot", "level": "easy"}] * 2}, "open seat"),
    ({"game": "dizzle", "options": {"sheet": "levels/level1.toml"}, "seats": [{"kind": "open"}]}, "inline"),
])
def test_create_refusals_name_the_problem(server, body, fragment):
    response = server.client.post("/api/tables", json=body)
    assert response.status_code == 400 and fragment in response.json()["detail"]


def test_create_validates_the_body(server):
    response = server.client.post("/api/tables", json={"game": "dizzle", "seats": [{"kind": "sofa"}]})
    assert response.status_code == 422


def test_private_table_needs_its_invite(server):
    table = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}], public=False)
    table_id, invite = table["id"], table["invite"]
    assert server.client.get("/api/tables").json() == []
    assert server.client.get(f"/api/tables/{table_id}").status_code == 403
    assert server.client.get(f"/api/tables/{table_id}?invite=wrong").status_code == 403
    assert server.client.get(f"/api/tables/{table_id}?invite={invite}").status_code == 200
    join = {"seat": 0, "nickname": "ann"}
    assert server.client.post(f"/api/tables/{table_id}/join", json=join).status_code == 403
    server.join(table_id, 0, "ann", invite=invite)
    with pytest.raises(Exception):
        with server.player(table_id):
            pass
    with server.player(table_id, invite=invite) as spectator:
        assert spectator.state["seat"] is None


@pytest.mark.parametrize("nickname", ["", " ", "x" * 25, "tab\there", "bell\x07", "rtl\u202e"])
def test_bad_nicknames_are_refused(server, nickname):
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    response = server.client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "nickname": nickname})
    assert response.status_code == 422


def test_markup_in_a_nickname_stays_plain_json_text(server):
    nickname = "<script>alert(1)</script>"
    table_id = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    server.join(table_id, 0, nickname[:24])
    response = server.client.get(f"/api/tables/{table_id}")
    assert response.headers["content-type"] == "application/json"
    assert response.json()["seats"][0]["nickname"] == nickname[:24]


@pytest.mark.parametrize("table_id", ["a\x00b", "no table", "x" * 33])
def test_an_id_no_table_can_have_is_not_found_without_asking_storage(server, table_id):
    answer = server.client.get(f"/api/tables/{quote(table_id, safe='')}")
    assert answer.status_code == 404 and answer.json()["code"] == "no-table"
