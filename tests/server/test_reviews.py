"""Post-game reviews through the HTTP API: made in a worker process once the
game is over, stored with the game (a restarted server still has them), and
refused clearly before the end, for a seat not at the table, or while the
server makes as many as it allows."""

import dataclasses
import time

import pytest
from server_helpers import Server
from test_play import play_out

#: a review in the tests plays few games on (the default is 16 rounds, 4 candidates)
QUICK = {"review_rounds": 4, "review_width": 1}
#: seconds a review may take in a loaded test run (it takes one or two)
REVIEW_SECONDS = 120


@pytest.fixture
def quick(settings):
    return dataclasses.replace(settings, **QUICK)


def finished_game(server) -> str:
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob:
        play_out([ann, bob], server.clock)
    return table_id


def reviewed(server, table_id: str, seat: int) -> dict:
    """Ask until the review is made (it starts on the first request)."""
    deadline = time.monotonic() + REVIEW_SECONDS
    while True:
        response = server.client.get(f"/api/tables/{table_id}/review", params={"seat": seat})
        if response.status_code == 200:
            return response.json()
        assert response.status_code == 202 and response.json() == {"status": "pending"}, response.text
        assert time.monotonic() < deadline, "the review was not made in time"
        time.sleep(0.1)


def test_a_finished_game_is_reviewed_once_and_the_review_kept(quick, clock):
    with Server(quick, clock) as server:
        table_id = finished_game(server)
        first = server.client.get(f"/api/tables/{table_id}/review", params={"seat": 1})
        assert first.status_code == 202
        found = reviewed(server, table_id, 1)
        assert found["status"] == "done"
        review = found["review"]
        record = server.client.get(f"/api/tables/{table_id}/record").json()
        assert review["seat"] == 1 and review["score"] == record["result"]["scores"][1]
        assert review["rounds"] == QUICK["review_rounds"]
        assert len(review["decisions"]) == sum(step.get("seat") == 1 for step in record["actions"])
        assert review["summary"].startswith(f"You scored {review['score']} ")
        assert server.client.get(f"/api/tables/{table_id}/review", params={"seat": 1}).json() == found
    with Server(quick, clock) as again:                       # stored with the game
        response = again.client.get(f"/api/tables/{table_id}/review", params={"seat": 1})
        assert response.status_code == 200 and response.json() == found


def test_reviews_are_refused_before_the_end_and_for_seats_not_at_the_table(quick, clock):
    with Server(quick, clock) as server:
        waiting, _ = server.seated("dizzle")
        early = server.client.get(f"/api/tables/{waiting}/review")
        assert early.status_code == 409 and early.json()["code"] == "not-over"
        table_id = finished_game(server)
        far = server.client.get(f"/api/tables/{table_id}/review", params={"seat": 2})
        assert far.status_code == 400 and far.json()["code"] == "seat"
        assert server.client.get(f"/api/tables/{table_id}/review", params={"seat": -1}).status_code == 422
        assert server.client.get("/api/tables/nosuchtable/review").status_code == 404


def test_a_server_making_its_most_reviews_refuses_more(settings, clock):
    with Server(dataclasses.replace(settings, **QUICK, review_queue=0), clock) as server:
        table_id = finished_game(server)
        busy = server.client.get(f"/api/tables/{table_id}/review", params={"seat": 0})
        assert busy.status_code == 503 and busy.json()["code"] == "busy"
        assert "reviews" in busy.json()["detail"]
