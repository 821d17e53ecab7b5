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
        assert item["leaderboard"] == [] and item["entries"] == 0 and item["verified_entries"] == 0
        assert item["verified"] is False                        # everyone's entries, each marked
    other = server.client.get("/api/daily", params={"day": "2026-12-24"}).json()
    assert other[0]["day"] == "2026-12-24"
    bad = server.client.get("/api/daily", params={"day": "tomorrow"})
    assert bad.status_code == 400 and bad.json()["code"] == "day"


@pytest.mark.parametrize("table_id", ["a\x00b", "no table", "x" * 33, ""])
def test_a_table_no_table_can_have_is_refused_before_storage(server, table_id):
    """PostgreSQL cannot compare a text holding NUL: such an id is 422, not a 503."""
    answer = server.client.get("/api/daily", params={"table": table_id})
    assert answer.status_code == 422, answer.text


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
    assert item["leaderboard"] == [{"rank": 1, "nickname": "Ann", "score": score, "verified": False,
                                    "table": started["table"], "source": "browser"}]
    assert item["verified_entries"] == 0


@pytest.mark.parametrize("again", ["Ann", "ANN", " ann", "Ａｎｎ"])
def test_one_game_a_day_per_nickname_counted_from_the_start(server, again):
    assert play(server, "nochmal", "Ann").status_code == 201
    refused = play(server, "nochmal", again)
    assert refused.status_code == 409 and refused.json()["code"] == "daily-played"
    assert play(server, "dizzle", again).status_code == 201          # another game's challenge
    assert play(server, "nochmal", "Bob").status_code == 201
    assert listed(server, "nochmal")["entries"] == 0                  # started, not finished


def test_a_start_sent_again_with_its_key_answers_the_table_it_started(server):
    """A browser that lost the answer sends the start again: the same key is
    answered the same table and token, which plays it; another key is refused."""
    body = {"nickname": "Ann", "key": "d" * 24}
    first = server.client.post("/api/daily/dizzle/play", json=body)
    again = server.client.post("/api/daily/dizzle/play", json=body)
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    other = server.client.post("/api/daily/dizzle/play", json={**body, "key": "e" * 24})
    assert other.status_code == 409 and other.json()["code"] == "daily-played"
    with server.player(first.json()["table"], again.json()["token"]) as ann:
        assert ann.state["seat"] == 0 and ann.state["legal"]


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


# --- accounts: verified entries ---------------------------------------------------------

def moves_of(game: str, day, bot: str) -> list[str]:
    """The moves of ``bot``'s game of ``game``'s challenge of ``day``."""
    return [entry.notation for entry in played_by(challenge(game, day), bot).entries if entry.seat == 0]


def submit(client, game: str, moves: list[str], day, **body):
    return client.post(f"/api/daily/{game}/scores", json={"day": day.isoformat(), "moves": moves, **body})


def test_a_logged_in_players_game_is_the_accounts_verified_entry(server):
    ann = server.account("Ann")
    answer = ann.post("/api/daily/dizzle/play", json={"nickname": "Zed"})     # the nickname is ignored
    assert answer.status_code == 201, answer.text
    started = answer.json()
    seat = ann.get(f"/api/tables/{started['table']}").json()["seats"][0]
    assert (seat["nickname"], seat["account"]) == ("Ann", True)
    mine = ann.get("/api/my/tables").json()                  # resumable from any of Ann's browsers
    assert [(table["id"], table["invite"]) for table in mine] == [(started["table"], started["invite"])]
    with server.player(started["table"], started["token"], started["invite"]) as player:
        player.play_to_end(server.clock)
        score = player.state["table"]["result"]["scores"][0]
    expected = [{"rank": 1, "nickname": "Ann", "score": score, "verified": True,
                 "table": started["table"], "source": "browser"}]
    item = listed(server, "dizzle")
    assert (item["leaderboard"], item["entries"], item["verified_entries"]) == (expected, 1, 1)
    answer = server.client.get("/api/daily", params={"table": started["table"], "verified": "true"}).json()
    only = next(entry for entry in answer if entry["game"] == "dizzle")
    assert only["verified"] is True and only["leaderboard"] == expected
    assert only["yours"] == {"day": today(server).isoformat(), "game": "dizzle", "status": "done",
                             "score": score, "rank": 1, "verified": True}
    profile = server.client.get("/api/profiles/Ann").json()      # a private table: only Ann sees it
    assert profile["played"] == 0
    assert ann.get("/api/profiles/Ann").json()["best_solo"][0]["table"] == started["table"]


def test_one_entry_per_account_game_and_day_from_any_browser_or_the_terminal(server):
    first, second = server.account("Ann"), server.account("Ann")   # two browsers of one account
    assert first.post("/api/daily/nochmal/play", json={}).status_code == 201
    for client, body in ((first, {}), (second, {}), (second, {"nickname": "Other"})):
        refused = client.post("/api/daily/nochmal/play", json=body)
        assert (refused.status_code, refused.json()["code"]) == (409, "daily-played"), refused.text
        assert "'Ann' has played today's nochmal challenge already" in refused.json()["detail"]
    moves = moves_of("nochmal", today(server), "greedy")
    refused = submit(second, "nochmal", moves, today(server), nickname="Other")
    assert (refused.status_code, refused.json()["code"]) == (409, "daily-played")
    assert second.post("/api/daily/dizzle/play", json={}).status_code == 201      # another game's
    bob = server.account("Bob")
    entered = submit(bob, "nochmal", moves, today(server))
    assert entered.status_code == 201, entered.text
    assert entered.json()["verified"] is True and entered.json()["rank"] == 1
    again = bob.post("/api/daily/nochmal/play", json={})
    assert (again.status_code, again.json()["code"]) == (409, "daily-played")
    board = listed(server, "nochmal")["leaderboard"]                  # Ann's game is still running
    assert [(row["nickname"], row["verified"], row["source"]) for row in board] == [("Bob", True, "terminal")]


@pytest.mark.parametrize("nickname", ["Ann", "ann", "ANN", "Аnn", "Ａｎｎ", "A nn"])
def test_a_guest_cannot_take_an_accounts_name_or_a_look_alike(server, nickname):
    server.account("Ann")
    moves = moves_of("dizzle", today(server), "greedy")
    for refused in (play(server, "dizzle", nickname), submit(server.client, "dizzle", moves, today(server),
                                                               nickname=nickname)):
        assert (refused.status_code, refused.json()["code"]) == (409, "nickname-account"), refused.text
    assert not any(table.daily for table in server.manager.tables.values())
    assert listed(server, "dizzle")["entries"] == 0
    assert play(server, "dizzle", "Annabel").status_code == 201


def test_a_guest_needs_a_nickname(server):
    for refused in (server.client.post("/api/daily/dizzle/play", json={}),
                    submit(server.client, "dizzle", ["x"], today(server))):
        assert (refused.status_code, refused.json()["code"]) == (400, "nickname-needed"), refused.text


def test_a_name_is_on_the_days_leaderboard_once_even_if_registered_after_a_guests_game(server):
    moves = moves_of("nochmal", today(server), "greedy")
    assert submit(server.client, "nochmal", moves, today(server), nickname="cid").status_code == 201
    cid = server.account("Cid")                     # registering the name is allowed ...
    refused = cid.post("/api/daily/nochmal/play", json={})
    assert (refused.status_code, refused.json()["code"]) == (409, "daily-played")   # ... its entry is taken
    assert cid.post("/api/daily/dizzle/play", json={}).status_code == 201
    board = listed(server, "nochmal")["leaderboard"]
    assert [(row["nickname"], row["verified"]) for row in board] == [("cid", False)]


def test_one_leaderboard_of_both_kinds_best_first_and_the_accounts_only(server):
    day = today(server)
    games = {bot: moves_of("dizzle", day, bot) for bot in ("greedy", "random")}
    scores = {bot: replayed(challenge("dizzle", day), moves).scores()[0] for bot, moves in games.items()}
    assert scores["greedy"] > scores["random"], scores
    entries = [(server.client, "random", {"nickname": "Guest1"}), (server.account("Low"), "random", {}),
               (server.account("High"), "greedy", {}), (server.client, "greedy", {"nickname": "Guest2"})]
    answers = []
    for client, bot, body in entries:
        server.clock.advance(1)
        answer = submit(client, "dizzle", games[bot], day, **body)
        assert answer.status_code == 201, answer.text
        answers.append(answer.json())
    assert [answer["verified"] for answer in answers] == [False, True, True, False]
    assert [answer["rank"] for answer in answers] == [1, 1, 1, 1]      # ties share the better place
    item = listed(server, "dizzle")
    assert [(row["rank"], row["nickname"], row["verified"], row["score"]) for row in item["leaderboard"]] == [
        (1, "High", True, scores["greedy"]), (2, "Guest2", False, scores["greedy"]),
        (3, "Guest1", False, scores["random"]), (4, "Low", True, scores["random"])]
    assert (item["entries"], item["verified_entries"], item["verified"]) == (4, 2, False)
    only = next(entry for entry in server.client.get("/api/daily", params={"verified": "true"}).json()
                if entry["game"] == "dizzle")
    assert [(row["rank"], row["nickname"]) for row in only["leaderboard"]] == [(1, "High"), (2, "Low")]
    assert (only["entries"], only["verified_entries"], only["verified"]) == (2, 2, True)
