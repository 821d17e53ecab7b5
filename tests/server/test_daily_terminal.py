"""A daily game played in the terminal and entered on a real server's
leaderboard (``dicehall daily --submit``): the server replays and scores it."""

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
