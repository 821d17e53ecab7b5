"""The dicehall command line, end to end through Typer's runner."""

import json
import re
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import GameRecord, make_game

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_options_and_bots():
    result = run("games")
    assert result.exit_code == 0
    assert "dizzle" in result.output and "players=1|2|3|4" in result.output
    assert "greedy" in result.output and "random" in result.output


def test_simulate_json_is_reproducible_and_complete():
    args = ("simulate", "dizzle", "--bots", "greedy,random", "--games", "20", "--seed", "4", "--json")
    first, second = json.loads(run(*args).output), json.loads(run(*args).output)
    for data in (first, second):
        data.pop("seconds"), data.pop("games_per_second")
    assert first == second
    assert first["games"] == 20 and first["seed"] == 4 and first["game"] == "dizzle"
    seats = first["seats"]
    assert [s["bot"] for s in seats] == ["greedy", "random"]
    assert sum(s["wins"] for s in seats) == pytest.approx(20)
    assert set(seats[0]) == {"seat", "bot", "mean_score", "stdev_score", "wins", "win_rate"}


def test_simulate_writes_records_that_replay(tmp_path):
    result = run("simulate", "dizzle", "-p", "3", "--bots", "random", "--games", "2",
                 "--records", str(tmp_path))
    assert result.exit_code == 0, result.output
    paths = sorted(tmp_path.iterdir())
    assert len(paths) == 2
    replayed = json.loads(run("replay", str(paths[0]), "--json").output)
    record = GameRecord.load(paths[0])
    assert replayed == {"game": "dizzle", "options": record.options, "terminal": True,
                        "scores": record.result["scores"], "ranking": record.result["ranking"],
                        "actions": len(record.entries)}


def test_replay_of_an_illegal_action_exits_2_naming_it(tmp_path):
    path = tmp_path / "bad.json"
    result = run("simulate", "dizzle", "--bots", "random", "--games", "1", "--records", str(tmp_path))
    assert result.exit_code == 0
    good = next(tmp_path.glob("*.record.json"))
    data = json.loads(good.read_text())
    data["actions"][1] = {"seat": 0, "action": "reroll"}
    path.write_text(json.dumps(data))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "action 1 ('reroll') is illegal: a die in the middle can be placed" in result.output


def test_bench_json_reports_rates():
    data = json.loads(run("bench", "dizzle", "--seconds", "0.2", "--json").output)
    assert data["games_per_second"] > 0 and data["actions_per_second"] > data["games_per_second"]


def test_levels_show_draws_a_level_and_refuses_a_bad_file(tmp_path):
    result = run("levels", "show", "2")
    assert result.exit_code == 0 and "level 2" in result.output
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "b"\ngrid = ["X 1 9"]\n')
    result = run("levels", "show", str(broken))
    assert result.exit_code == 2
    assert "broken.toml: grid[0]: c1: unknown token '9'" in result.output


@pytest.mark.parametrize("args, message", [
    (("play", "dizzle", "-o", "level=9"), "option 'level' must be one of"),
    (("play", "dizzle", "--seat", "human", "--seat", "wizard"), "unknown bot 'wizard'"),
    (("play", "dizzle", "-p", "2", "--seat", "human", "--seat", "random", "--seat", "random"),
     "3 seats given for a 2-player game"),
    (("simulate", "chess", "--bots", "random"), "unknown game 'chess'"),
    (("bench", "dizzle", "-o", "colour"), "not of the form key=value"),
])
def test_wrong_input_is_a_clear_error_with_status_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_play_between_bots_to_the_end_writes_a_record(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "dizzle", "-p", "1", "-o", "level=3", "--seat", "greedy",
                 "--seed", "5", "--record", str(path))
    assert result.exit_code == 0, result.output
    assert "Rating" in result.output
    record = GameRecord.load(path)
    assert record.seats == ["greedy"] and record.result["terminal"]
    assert record.replay().scores() == record.result["scores"]


def test_a_human_types_notation_and_numbers_and_may_quit():
    result = run("play", "dizzle", "--seed", "2", "--seat", "human", "--seat", "random",
                 input="?\nnonsense\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Type an action's notation" in result.output
    assert "'nonsense' is not a field" in result.output
    assert "random (seat 1) plays" in result.output
    assert "Game abandoned." in result.output


def test_a_long_list_of_actions_is_filtered_by_what_the_human_types(monkeypatch):
    monkeypatch.setattr("dicehall.play.LIST_AT_MOST", 3)
    result = run("play", "nochmal", "--seed", "3", "--seat", "human", "--seat", "random",
                 input="pa\nall\n1\nquit\n")
    assert result.exit_code == 0, result.output
    lines = [line.split("> ")[-1] for line in result.output.splitlines()]
    assert re.search(r"\d+ legal actions, for example \S", result.output), "more than 3: not listed"
    assert "1 pass" in lines, "typing 'pa' lists only the pass"
    assert any(line.startswith("1 pass  2 ") for line in lines), "'all' lists every action"
    assert "Game abandoned." in result.output


def test_levels_check_passes_every_shipped_level_and_reports_problems(tmp_path):
    for level in range(1, 9):
        result = run("levels", "check", str(level))
        assert result.exit_code == 0 and "no problems found" in result.output
    lonely = tmp_path / "lonely.toml"
    lonely.write_text('name = "l"\ngrid = ["X 1 2", ". . .", "3 4 5"]\n')
    result = run("levels", "check", str(lonely))
    assert result.exit_code == 1
    assert "lonely.toml: a3: unreachable from the start crosses" in result.output


def test_levels_show_and_replay_draw_svg_pictures(tmp_path):
    import xml.etree.ElementTree as ElementTree

    assert run("levels", "show", "8", "--svg", str(tmp_path / "l8.svg")).exit_code == 0
    sheet = ElementTree.parse(tmp_path / "l8.svg").getroot()
    fields = [e for e in sheet.iter() if e.get("class") == "field"]
    assert len(fields) == len({e.get("data-field") for e in fields}) > 60
    record = Path(__file__).parent / "golden" / "dizzle-l7-p3.record.json"
    assert run("replay", str(record), "--svg", str(tmp_path / "game.svg")).exit_code == 0
    game = ElementTree.parse(tmp_path / "game.svg").getroot()
    drawn = [e.get("data-field") for e in game.iter() if e.get("class") == "field"]
    level7 = make_game("dizzle", level=7).sheet
    assert len(drawn) == 3 * level7.fields.bit_count()
    assert any("lava" in (e.get("data-state") or "") for e in game.iter())
    assert run("replay", str(record.with_name("razzle-p2.record.json")), "--svg",
               str(tmp_path / "r.svg")).exit_code == 2


def test_hot_seat_hands_over_and_bots_keep_simultaneous_choices_hidden():
    result = run("play", "nochmal", "-p", "3", "--seed", "3", "--seat", "human", "--seat", "human",
                 "--seat", "greedy", input="\npass\n\npass\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Pass the keyboard to human (seat 0)") == 2   # rolls 1 and 2
    assert result.output.count("Pass the keyboard to human (seat 1)") == 1
    assert "greedy (seat 2) has chosen" in result.output
    assert "greedy (seat 2) plays" not in result.output


def test_hint_advises_where_a_record_stops(tmp_path):
    result = run("simulate", "dizzle", "--bots", "random", "--games", "1", "-w", "1",
                 "--records", str(tmp_path))
    assert result.exit_code == 0
    record_path = next(tmp_path.glob("*.record.json"))
    record = GameRecord.load(record_path)
    steps = next(i for i, e in enumerate(record.entries) if e.seat is not None)
    data = json.loads(run("hint", str(record_path), "--upto", str(steps), "--bot", "mcts:iterations=50",
                          "--json").output)
    legal = [str(a) for a in record.replay(steps).legal_actions()]
    assert data["action"] in legal and data["visits"] > 0
    assert run("hint", str(record_path)).exit_code == 2, "a finished game has nothing to advise"


def test_daily_lists_the_days_challenges():
    result = run("daily", "--day", "2026-12-02")
    assert result.exit_code == 0, result.output
    assert "2026-12-02: Dizzle (level 1): dicehall daily dizzle" in result.output
    assert "Noch mal so gut! (edition so-gut): dicehall daily nochmal" in result.output
    refused = run("daily", "razzle")
    assert refused.exit_code == 2 and "razzle has no solo game" in refused.output


def test_daily_plays_the_days_dice_and_shows_the_bots_score_on_them(tmp_path):
    from dicehall.bots.daily import played_by
    from dicehall.engine.daily import challenge, replayed

    path = tmp_path / "daily.json"
    result = run("daily", "dizzle", "--day", "2026-12-03", "--against", "greedy", "--record", str(path),
                 input="1\n" * 400)
    assert result.exit_code == 0, result.output
    found = challenge("dizzle", found_day := date(2026, 12, 3))
    record = GameRecord.load(path)
    moves = [entry.notation for entry in record.entries if entry.seat == 0]
    again = replayed(found, moves)
    assert [e.notation for e in again.entries] == [e.notation for e in record.entries]
    assert f"Your score in the challenge of {found_day}: {again.scores()[0]}" in result.output
    assert f"greedy scored {played_by(found, 'greedy').scores()[0]} on the same dice" in result.output
    assert f"dicehall review {path}" in result.output
