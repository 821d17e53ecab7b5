"""Rated tables: accounts only, ratings per game and variant, and the abuse
limits of docs/accounts.md (each of these passed on the nickname ratings
before accounts, and must fail now)."""

import pytest
from server_helpers import join_as

from dicehall.engine.registry import make_game
from dicehall.server import ratings
from dicehall.server.db import AccountRow, RatedResultRow, SeatRow, TableRow


def rated_table(server, game="razzle", seats=None, **body) -> str:
    seats = seats or [{"kind": "open"}, {"kind": "open"}]
    return server.create(game, seats, rated=True, **body)["id"]


def test_a_guest_cannot_sit_at_a_rated_table(server):
    table_id = rated_table(server)
    response = server.client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "nickname": "Guest"})
    assert (response.status_code, response.json()["code"]) == (403, "account-needed")
    assert server.table(table_id)["seats"][0]["kind"] == "open"


def test_a_guest_needs_a_nickname_that_is_no_accounts(server):
    server.account("Champion")
    table_id = server.create("razzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    missing = server.client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert (missing.status_code, missing.json()["code"]) == (400, "nickname-needed")
    for lookalike in ("Champion", "champion", "Сhampion", "Ｃｈａｍｐｉｏｎ", "Champ ion", "Cha\u0301mpion"):
        response = server.client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "nickname": lookalike})
        assert (response.status_code, response.json()["code"]) == (409, "nickname-account"), lookalike
    assert server.join(table_id, 0, "Challenger")
    seat = server.table(table_id)["seats"][0]
    assert seat["nickname"] == "Challenger" and seat["account"] is False


def test_an_account_sits_under_its_own_name_once(server):
    champion = server.account("Champion")
    table_id = rated_table(server)
    join_as(champion, table_id, 0, nickname="SomeoneElse")
    seat = server.table(table_id)["seats"][0]
    assert seat["nickname"] == "Champion" and seat["account"] is True
    again = champion.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert (again.status_code, again.json()["code"]) == (409, "seated")


def test_one_account_cannot_act_for_another(server):
    table_id = rated_table(server)
    tokens = [join_as(server.account(name), table_id, seat) for seat, name in enumerate(("Ann", "Bob"))]
    server.start(table_id, tokens[0])
    with server.player(table_id) as bobs_browser:       # Bob's cookie holds no seat's token
        bobs_browser.act(0)
        assert bobs_browser.refused()["code"] == "spectator"
    leave = server.account("Bob").post(f"/api/tables/{table_id}/leave", json={"token": "not Ann's"})
    assert leave.status_code == 403
    assert not server.table(table_id)["seats"][0]["away"]


def test_solo_and_custom_games_are_not_rated(server):
    solo = server.client.post("/api/tables", json={"game": "dizzle", "rated": True,
                                                   "seats": [{"kind": "open"}]})
    assert (solo.status_code, solo.json()["code"]) == (400, "rated-solo")
    for game, option in (("razzle", "board"), ("dizzle", "sheet"), ("nochmal", "sheet")):
        data = make_game(game, {}).data                 # the shipped sheet or board, sent inline
        body = {"game": game, "rated": True, "seats": [{"kind": "open"}] * 2, "options": {option: data}}
        custom = server.client.post("/api/tables", json=body)
        assert (custom.status_code, custom.json()["code"]) == (400, "rated-variant"), custom.text
        assert server.client.post("/api/tables", json={**body, "rated": False}).status_code == 201


def test_ratings_are_kept_per_variant(server):
    table_id = rated_table(server, "razzle", [{"kind": "open"}, {"kind": "bot", "level": "easy"}],
                           options={"pieces": 2, "goal": 1})
    assert server.table(table_id)["variant"] == "pieces=2,goal=1"
    token = join_as(server.account("Ann"), table_id, 0)
    server.start(table_id, token)
    with server.player(table_id, token) as ann:
        ann.play_to_end(server.clock)
    board = server.client.get("/api/leaderboard/razzle", params={"variant": "pieces=2,goal=1"}).json()
    assert [row["name"] for row in board] == ["Ann"]
    assert server.client.get("/api/leaderboard/razzle").json() == []        # the default: 4 pieces, 3 home
    unknown = server.client.get("/api/leaderboard/razzle", params={"variant": "pieces=9"})
    assert (unknown.status_code, unknown.json()["code"]) == (400, "variant")


def test_a_player_who_leaves_loses_whatever_the_takeover_bot_does(server):
    table_id = rated_table(server, "razzle", [{"kind": "open"}, {"kind": "bot", "level": "random"}])
    token = join_as(server.account("Ann"), table_id, 0)
    server.start(table_id, token)
    server.client.post(f"/api/tables/{table_id}/leave", json={"token": token})
    server.run(server.manager.settle)
    table = server.table(table_id)
    assert table["status"] == "over"
    change = table["result"]["ratings"]["0"]
    assert change["after"] < change["before"]          # last, even when the bot won for her
    with server.manager.sessions() as session:
        result = session.query(RatedResultRow).one()
    assert result.abandoned and result.place == 2


def test_a_seat_left_to_a_bot_is_last_even_when_it_won(server):
    with server.manager.sessions() as session:
        session.add(AccountRow(id=1, name="Ann", name_key="ann", skeleton="ann", password_hash="-",
                               recovery_hash="-", created=0.0, failures=0))
        session.add(TableRow(id="t", game="razzle", options={}, seed="s", public=True, invite="i",
                             status="over", version=1, created=0.0, deadlines={}, banks={}))
        players = [ratings.Player(account_id=1, abandoned=True), ratings.Player(level="easy")]
        change = ratings.rate_game(session, "t", "razzle", "pieces=4,goal=3", players, [1, 2], 0.0)["0"]
        assert change["after"] < change["before"]
        assert ratings.abandoned_last([1, 2, 2], [ratings.Player(abandoned=True), ratings.Player(),
                                                  ratings.Player()]) == [3, 1, 1]


def test_a_repeated_opponent_counts_less_within_a_day(server):
    """The farming of the issue: the same two accounts over and over. Each
    game's change is its undamped Elo change for the result it had (a win or
    a loss: the dice decide) times 1, 1/2, 1/3."""
    tables = []
    for _ in range(3):
        table_id = rated_table(server, "razzle", [{"kind": "open"}, {"kind": "bot", "level": "easy"}],
                               options={"pieces": 2, "goal": 1})
        token = join_as(server.account("Ann"), table_id, 0)
        server.start(table_id, token)
        with server.player(table_id, token) as ann:
            ann.play_to_end(server.clock)
        tables.append(table_id)
        server.clock.advance(60)
    with server.manager.sessions() as session:
        rows = {row.table_id: row for row in session.query(RatedResultRow)}
    assert sorted(rows) == sorted(tables)
    for games_before, table_id in enumerate(tables):
        row = rows[table_id]
        places = [row.place, 3 - row.place]          # goal 1: the first piece home wins, never a tie
        full = ratings.elo_changes([row.before, ratings.BOT_RATINGS["easy"]], places)[0]
        assert abs(full) > 1
        assert row.after - row.before == pytest.approx(full / (1 + games_before)), (games_before, row.place)


def test_the_damping_counts_one_day_and_one_opponent(server):
    with server.manager.sessions() as session:
        session.add_all([AccountRow(id=n, name=f"a{n}", name_key=f"a{n}", skeleton=f"a{n}", password_hash="-",
                                    recovery_hash="-", created=0.0, failures=0) for n in (1, 2, 3)])
        for n, (at, other) in enumerate([(0.0, 2), (50_000.0, 2), (80_000.0, 3)]):
            session.add(TableRow(id=f"t{n}", game="razzle", options={}, seed="s", public=True, invite="i",
                                 status="over", version=1, created=at, deadlines={}, banks={}))
            session.flush()                            # the table before the rows that name it
            session.add(SeatRow(table_id=f"t{n}", seat=0, kind="bot", level="easy"))
            for account in (1, other):
                session.add(RatedResultRow(table_id=f"t{n}", account_id=account, game="razzle",
                                           variant="standard", place=1, before=1200, after=1200, at=at))
        session.commit()
        now = 90_000.0                                 # t0 is more than a day ago
        assert ratings.games_together(session, 1, ratings.Player(account_id=2), now) == 1
        assert ratings.games_together(session, 1, ratings.Player(account_id=3), now) == 1
        assert ratings.games_together(session, 1, ratings.Player(level="easy"), now) == 2
        assert ratings.games_together(session, 1, ratings.Player(level="hard"), now) == 0
        assert ratings.games_together(session, 3, ratings.Player(account_id=2), now) == 0


def test_results_between_accounts_on_one_address_are_flagged(server):
    table_id = rated_table(server)
    tokens = [join_as(server.account(name), table_id, seat) for seat, name in enumerate(("Ann", "AnnToo"))]
    server.start(table_id, tokens[0])
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as too:
        while ann.state["table"]["status"] != "over":
            mover = next((p for p in (ann, too) if p.state["legal"]), None)
            if mover is None:
                ann.state = ann.receive()
                continue
            server.clock.advance(0.5)
            version = mover.state["version"]
            mover.act(mover.state["legal"][0]["id"])
            for player in (ann, too):
                player.until(version + 1)
    result = server.table(table_id)["result"]["ratings"]
    assert result["0"]["flag"] == result["1"]["flag"] == "same-address"
    with server.manager.sessions() as session:
        assert {row.flag for row in session.query(RatedResultRow)} == {"same-address"}


def test_a_rematch_stays_rated_and_keeps_the_accounts(server):
    table_id = rated_table(server, "razzle", [{"kind": "open"}, {"kind": "bot", "level": "easy"}],
                           options={"pieces": 2, "goal": 1})
    ann = server.account("Ann")
    token = join_as(ann, table_id, 0)
    server.start(table_id, token)
    with server.player(table_id, token) as player:
        player.play_to_end(server.clock)
    again = ann.post(f"/api/tables/{table_id}/rematch", json={"token": token}).json()
    from_elsewhere = ann.post(f"/api/tables/{table_id}/rematch", json={}).json()   # the account holds it
    assert from_elsewhere == {"table": again["table"], "seat": 0, "token": None}
    table = server.table(again["table"])
    assert table["rated"] and table["seats"][0]["nickname"] == "Ann" and table["seats"][0]["account"]
