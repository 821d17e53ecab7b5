"""A daily game played in the terminal and entered on a real server's
leaderboard (``dicehall daily --submit``): the server replays and scores it;
with ``--user`` as the account's verified entry, logged in and out through the API."""

import sqlite3

from live_server import LiveServer
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import GameRecord


def test_a_terminal_game_goes_on_the_servers_leaderboard_once(tmp_path):
    config = tmp_path / "settings.toml"
    config.write_text('daily_bot = "greedy"\n')
    with LiveServer(tmp_path / "data", None, "--config", str(config)) as server:
        day = server.get("/api/daily")[0]["day"]
        path = tmp_path / "game.json"
        args = ["daily", "nochmal", "--day", day, "--against", "none", "--record", str(path),
                "--submit", server.url, "--name", "Gus"]
        result = CliRunner().invoke(app, args, input="1\n" * 200)
        assert result.exit_code == 0, result.output
        score = GameRecord.load(path).result["scores"][0]
        assert f"entered: place 1 of 1 today (score {score};" in result.output
        listed = next(item for item in server.get("/api/daily") if item["game"] == "nochmal")
        assert listed["leaderboard"] == [{"rank": 1, "nickname": "Gus", "score": score, "verified": False,
                                          "table": None, "source": "terminal"}]
        again = CliRunner().invoke(app, args, input="1\n" * 200)
        assert again.exit_code == 2 and "has played today's nochmal challenge already" in again.output


SETTINGS = 'daily_bot = "greedy"\nargon2_time_cost = 1\nargon2_memory_kib = 8\n'


def logins(data) -> int:
    with sqlite3.connect(data / "dicehall.sqlite3") as database:
        return database.execute("SELECT count(*) FROM logins").fetchone()[0]


def test_an_accounts_terminal_game_is_entered_verified_once_a_day(tmp_path):
    config = tmp_path / "settings.toml"
    config.write_text(SETTINGS)
    with LiveServer(tmp_path / "data", None, "--config", str(config)) as server:
        server.post("/api/accounts", {"name": "Ivy", "password": "long enough"})
        day = server.get("/api/daily")[0]["day"]
        path = tmp_path / "game.json"
        args = ["daily", "nochmal", "--day", day, "--against", "none", "--record", str(path),
                "--submit", server.url, "--user", "Ivy"]
        result = CliRunner(env={"DICEHALL_PASSWORD": "long enough"}).invoke(app, args, input="1\n" * 200)
        assert result.exit_code == 0, result.output
        score = GameRecord.load(path).result["scores"][0]
        assert f"logged in to {server.url} as Ivy" in result.output
        assert f"entered: place 1 of 1 today (score {score}; your account's entry, verified)" in result.output
        listed = next(item for item in server.get("/api/daily") if item["game"] == "nochmal")
        assert listed["leaderboard"] == [{"rank": 1, "nickname": "Ivy", "score": score, "verified": True,
                                          "table": None, "source": "terminal"}]
        assert logins(tmp_path / "data") == 1           # the registration's: the terminal logged out
        # the password asked for (no variable): a second game of the day is refused
        again = CliRunner(env={"DICEHALL_PASSWORD": None}).invoke(
            app, args, input="long enough\n" + "1\n" * 200)
        assert again.exit_code == 2 and "'Ivy' has played today's nochmal challenge already" in again.output
        assert "Ivy's password on" in again.output and logins(tmp_path / "data") == 1
        # a wrong password: refused before the game is played
        wrong = CliRunner(env={"DICEHALL_PASSWORD": "not the password"}).invoke(
            app, ["daily", "dizzle", "--day", day, "--against", "none", "--submit", server.url,
                  "--user", "Ivy"], input="1\n" * 200)
        assert wrong.exit_code == 2 and "did not log Ivy in: wrong user name or password" in wrong.output
        assert "Your score" not in wrong.output
        assert next(item for item in server.get("/api/daily") if item["game"] == "dizzle")["entries"] == 0


def test_the_account_or_nickname_options_go_with_submit():
    runner = CliRunner()
    for args, message in ((["--user", "Ivy"], "give its --submit URL"),
                          (["--name", "Ivy"], "give its --submit URL"),
                          (["--submit", "http://127.0.0.1:9", "--user", "Ivy", "--name", "Ivy"],
                           "--name is a guest's nickname"),
                          (["--submit", "http://127.0.0.1:9"], "needs your account (--user) or a nickname")):
        result = runner.invoke(app, ["daily", "nochmal", "--against", "none", *args])
        assert result.exit_code == 2 and message in result.output, (args, result.output)
