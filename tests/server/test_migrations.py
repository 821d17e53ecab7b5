"""The schema's upgrade from the one before accounts (0004) to the newest, on
the test database (SQLite, or PostgreSQL with ``DICEHALL_TEST_DATABASE_URL``):
existing tables, seats and nickname ratings are kept, and the server plays on."""

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
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0005"
    engine.dispose()
    settings = Settings(data_dir=tmp_path, database_url=url, timer_interval=None, bot_pace=0.0,
                        argon2_time_cost=1, argon2_memory_kib=8)
    with Server(settings, clock) as server:
        assert server.table("old")["status"] == "over" and server.table("old")["rated"] is False
        assert server.client.post("/api/accounts", json={"name": "Ann", "password": "long enough"}
                                  ).status_code == 201
