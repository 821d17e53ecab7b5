"""The daily challenge through the HTTP API and the table: once a day per
nickname, the day's dice at the table, scores on the day's leaderboard, games
from the terminal replayed and scored by the server, and the bot's score to beat."""

import time
from datetime import UTC, datetime

import pytest
from server_helpers import Server

from dicehall.bots.daily import played_by
from dicehall.engine.daily import challenge, replayed

#: seconds the bot's game may take in a loaded run (greedy takes a fraction of one)
BOT_SECONDS = 120


def today(server):
    return datetime.fromtimestamp(server.clock.now(), UTC).date()


def play(server, game: str, nickname: str):
    return server.client.post(f"/api/daily/{game}/play", json={"nickname": nickname})


def listed(server, game: str) -> dict:
    return next(item for item in server.client.get("/api/daily").json() if item["game"] == game)


def bot_score(server, game: str) -> dict:
    """Ask until the bot has played the challenge (asking starts it)."""
    deadline = time.monotonic() + BOT_SECONDS
    while (found := listed(server, game)["bot"]) is None:
        assert time.monotonic() < deadline, "the bot did not play the challenge in time"
        time.sleep(0.1)
    return found


def test_the_days_challenges_are_listed_with_empty_leaderboards(server):
    items = server.client.get("/api/daily").json()
    assert [(item["game"], item["day"]) for item in items] == [
        ("dizzle", today(server).isoformat()), ("nochmal", today(server).isoformat())]
    for item in items:
        found = challenge(item["game"], today(server))
        assert item["options"] == found.options and item["title"] == found.new_game().title
        assert item["leaderboard"] == [] and item["entries"] == 0 and item["verified"] is False
    other = server.client.get("/api/daily", params={"day": "2026-12-24"}).json()
    assert other[0]["day"] == "2026-12-24"
    bad = server.client.get("/api/daily", params={"day": "tomorrow"})
    assert bad.status_code == 400 and bad.json()["code"] == "day"


def test_a_daily_table_rolls_the_days_dice_and_its_score_goes_on_the_leaderboard(server):
    answer = play(server, "dizzle", "Ann")
    assert answer.status_code == 201, answer.text
    started = answer.json()
    with server.player(started["table"], started["token"], started["invite"]) as ann:
        assert ann.state["table"]["daily"] == today(server).isoformat()
        assert ann.state["table"]["hints_allowed"] is False and ann.state["table"]["public"] is False
        ann.play_to_end(server.clock)
        final = ann.state
    record = server.client.get(f"/api/tables/{started['table']}/record",
                               params={"invite": started["invite"]}).json()
    moves = [step["action"] for step in record["actions"] if step.get("seat") == 0]
    found = challenge("dizzle", today(server))
    assert replayed(found, moves).scores() == final["table"]["result"]["scores"]
    item = listed(server, "dizzle")
    assert item["entries"] == 1
    score = final["table"]["result"]["scores"][0]
    assert item["leaderboard"] == [{"rank": 1, "nickname": "Ann", "score": score,
                                    "table": started["table"], "source": "browser"}]


@pytest.mark.parametrize("again", ["Ann", "ANN", " ann", "Ａｎｎ"])
def test_one_game_a_day_per_nickname_counted_from_the_start(server, again):
    assert play(server, "nochmal", "Ann").status_code == 201
    refused = play(server, "nochmal", again)
    assert refused.status_code == 409 and refused.json()["code"] == "daily-played"
    assert play(server, "dizzle", again).status_code == 201          # another game's challenge
    assert play(server, "nochmal", "Bob").status_code == 201
    assert listed(server, "nochmal")["entries"] == 0                  # started, not finished


def test_a_terminal_game_is_replayed_and_scored_by_the_server(server):
    found = challenge("nochmal", today(server))
    match = played_by(found, "greedy")
    moves = [entry.notation for entry in match.entries if entry.seat == 0]
    body = {"nickname": "Cid", "day": found.day.isoformat(), "moves": moves}
    answer = server.client.post("/api/daily/nochmal/scores", json=body)
    assert answer.status_code == 201, answer.text
    assert answer.json()["score"] == match.scores()[0] and answer.json()["rank"] == 1
    assert answer.json()["entries"] == 1
    again = server.client.post("/api/daily/nochmal/scores", json=body)
    assert again.status_code == 409 and again.json()["code"] == "daily-played"
    assert listed(server, "nochmal")["leaderboard"][0]["source"] == "terminal"


@pytest.mark.parametrize("change, code", [
    ({"moves": ["not a move"]}, "daily-moves"),
    ({"day": "2020-01-01"}, "daily-day"),
])
def test_a_terminal_game_that_is_not_todays_is_refused(server, change, code):
    found = challenge("dizzle", today(server))
    moves = [entry.notation for entry in played_by(found, "greedy").entries if entry.seat == 0]
    body = {"nickname": "Dan", "day": found.day.isoformat(), "moves": moves[:-1], **change}
    answer = server.client.post("/api/daily/dizzle/scores", json=body)
    assert answer.status_code in (400, 409) and answer.json()["code"] == code, answer.text
    short = server.client.post("/api/daily/dizzle/scores", json={**body, "day": found.day.isoformat(),
                                                                 "moves": moves[:-1]})
    assert short.status_code == 400 and "not over" in short.json()["detail"]
    assert listed(server, "dizzle")["entries"] == 0


def test_razzle_dazzle_has_no_daily_challenge(server):
    answer = play(server, "razzle", "Eve")
    assert answer.status_code == 400 and answer.json()["code"] == "no-daily"


def test_the_bots_score_to_beat_is_its_game_on_the_same_dice(server):
    found = challenge("dizzle", today(server))
    assert bot_score(server, "dizzle") == {"bot": "greedy", "score": played_by(found, "greedy").scores()[0]}
    other = server.client.get("/api/daily", params={"day": "2031-01-01"}).json()
    assert [item["bot"] for item in other] == [None, None]      # another day's: never played on request
    assert all(day != "2031-01-01" for day, _ in server.app.state.daily.making)


def test_a_daily_game_resumes_after_a_restart_on_the_days_dice(settings, clock):
    with Server(settings, clock) as server:
        started = play(server, "dizzle", "Fay").json()
        with server.player(started["table"], started["token"]) as fay:
            for _ in range(5):
                clock.advance(0.5)
                fay.act(fay.state["legal"][0]["id"])
                fay.until(fay.state["version"] + 1)
    with Server(settings, clock) as again:
        with again.player(started["table"], started["token"]) as fay:
            assert fay.state["table"]["daily"] is not None
            fay.play_to_end(clock)
            final = fay.state
    record = again_record(settings, clock, started)
    moves = [step["action"] for step in record["actions"] if step.get("seat") == 0]
    expected = replayed(challenge("dizzle", datetime.fromtimestamp(clock.now(), UTC).date()), moves)
    assert record["actions"] == [entry.to_json() for entry in expected.entries]
    assert final["table"]["result"]["scores"] == expected.scores()


def again_record(settings, clock, started) -> dict:
    with Server(settings, clock) as server:
        return server.client.get(f"/api/tables/{started['table']}/record",
                                 params={"invite": started["invite"]}).json()


def test_a_daily_game_has_no_rematch(server):
    started = play(server, "nochmal", "Hal").json()
    with server.player(started["table"], started["token"], started["invite"]) as hal:
        hal.play_to_end(server.clock)
    answer = server.client.post(f"/api/tables/{started['table']}/rematch", json={"token": started["token"]})
    assert answer.status_code == 409 and answer.json()["code"] == "daily-rematch"
