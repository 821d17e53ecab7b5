"""The schema's upgrade from the one before accounts (0004) to the newest, on
the test database (SQLite, or PostgreSQL with ``DICEHALL_TEST_DATABASE_URL``):
existing tables, seats and nickname ratings are kept, and the server plays on;
from 0005, the daily challenge's nickname entries are kept as guests' entries."""

from datetime import UTC, datetime

from alembic import command
from alembic.config import Config
from server_helpers import Server, database_url
from sqlalchemy import MetaData, insert, text

from dicehall.server import Settings
from dicehall.server.db import MIGRATIONS, connect, upgrade


def migrate(engine, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def test_an_old_database_keeps_its_games_and_ratings(tmp_path, clock):
    url = database_url(tmp_path)
    engine = connect(url)
    migrate(engine, "0004")
    with engine.begin() as connection:
        old = MetaData()
        old.reflect(connection)
        connection.execute(insert(old.tables["tables"]), {
            "id": "old", "game": "razzle", "options": {"players": 2}, "seed": "seed", "public": True,
            "invite": "inv", "status": "over", "version": 3, "created": 1.0, "deadlines": {}, "banks": {},
            "result": {"terminal": True}})
        connection.execute(insert(old.tables["seats"]), [
            {"table_id": "old", "seat": 0, "kind": "human", "level": None, "nickname": "Ann", "away": False},
            {"table_id": "old", "seat": 1, "kind": "bot", "level": "easy", "nickname": None, "away": False}])
        connection.execute(insert(old.tables["ratings"]), {"game": "razzle", "nickname": "Ann",
                                                           "rating": 1234.5, "games": 7})
    upgrade(engine)
    with engine.begin() as connection:
        rated = connection.execute(text("SELECT rated FROM tables WHERE id = 'old'")).scalar_one()
        assert rated in (False, 0)
        seats = connection.execute(text("SELECT nickname, account_id, address FROM seats "
                                        "WHERE table_id = 'old' ORDER BY seat")).all()
        assert [tuple(seat) for seat in seats] == [("Ann", None, None), (None, None, None)]
        assert connection.execute(text("SELECT rating, games FROM ratings")).one() == (1234.5, 7)
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0006"
    engine.dispose()
    settings = Settings(data_dir=tmp_path, database_url=url, timer_interval=None, bot_pace=0.0,
                        argon2_time_cost=1, argon2_memory_kib=8)
    with Server(settings, clock) as server:
        assert server.table("old")["status"] == "over" and server.table("old")["rated"] is False
        assert server.client.post("/api/accounts", json={"name": "Ann", "password": "long enough"}
                                  ).status_code == 201


def test_daily_entries_from_before_accounts_stay_guests_entries(tmp_path, clock):
    """0006: the daily challenge's entries get their account (none: a guest's,
    unverified); an old nickname's entry still counts once a day, and an
    account's new entry beside it is verified."""
    url = database_url(tmp_path)
    engine = connect(url)
    migrate(engine, "0005")
    day = datetime.fromtimestamp(clock.now(), UTC).date().isoformat()
    with engine.begin() as connection:
        old = MetaData()
        old.reflect(connection)
        connection.execute(insert(old.tables["daily_scores"]), [
            {"day": day, "game": "nochmal", "name_key": "old", "nickname": "Old", "status": "done",
             "score": 12, "table_id": None, "moves": ["x"], "at": 1.0},
            {"day": "2020-01-01", "game": "dizzle", "name_key": "older", "nickname": "Older",
             "status": "done", "score": 30, "table_id": "t1", "moves": None, "at": 2.0}])
    upgrade(engine)
    with engine.begin() as connection:
        rows = connection.execute(text("SELECT nickname, score, account_id FROM daily_scores "
                                       "ORDER BY nickname")).all()
        assert [tuple(row) for row in rows] == [("Old", 12, None), ("Older", 30, None)]
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0006"
    engine.dispose()
    settings = Settings(data_dir=tmp_path, database_url=url, timer_interval=None, bot_pace=0.0,
                        daily_bot="greedy", bot_workers=0, argon2_time_cost=1, argon2_memory_kib=8)
    with Server(settings, clock) as server:
        older = server.client.get("/api/daily", params={"day": "2020-01-01"}).json()
        assert older[0]["leaderboard"] == [{"rank": 1, "nickname": "Older", "score": 30, "verified": False,
                                            "table": "t1", "source": "browser"}]
        again = server.client.post("/api/daily/nochmal/play", json={"nickname": "OLD"})
        assert (again.status_code, again.json()["code"]) == (409, "daily-played")
        account = server.account("Newer")
        assert account.post("/api/daily/nochmal/play", json={}).status_code == 201
        twice = account.post("/api/daily/nochmal/play", json={})
        assert (twice.status_code, twice.json()["code"]) == (409, "daily-played")
        today = next(item for item in server.client.get("/api/daily").json() if item["game"] == "nochmal")
        assert [(row["nickname"], row["verified"]) for row in today["leaderboard"]] == [("Old", False)]
        accounts_only = server.client.get("/api/daily", params={"verified": "true"}).json()
        assert next(item for item in accounts_only if item["game"] == "nochmal")["leaderboard"] == []
