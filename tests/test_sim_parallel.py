"""Simulations spread over worker processes give the same numbers as one process."""

import csv
import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import OptionError, make_game
from dicehall.sim import play_games, run_games, simulate, tournament
from dicehall.sim.playout import play_out

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(arg) for arg in args])


def without_timing(data):
    return {key: value for key, value in data.items() if key not in ("seconds", "games_per_second")}


def collect(into):
    def on_record(index, record):
        into.append((index, record.to_json()))
    return on_record


def test_one_and_two_workers_give_identical_summaries_scores_and_records():
    game = make_game("dizzle", players=2, level=3)
    records_one, records_two, done = [], [], []
    one = simulate(game, ["greedy", "random"], games=12, seed=9, workers=1,
                   on_record=collect(records_one))
    two = simulate(game, ["greedy", "random"], games=12, seed=9, workers=2,
                   on_record=collect(records_two), progress=done.append)
    assert without_timing(one.to_json()) == without_timing(two.to_json())
    assert one.seats == two.seats
    assert one.scores == two.scores
    assert one.results == two.results
    assert [result.index for result in two.results] == list(range(12))
    assert records_one == records_two
    assert [index for index, _ in records_two] == list(range(12)), "records come in game order"
    assert sum(done) == 12


def test_tournaments_are_identical_for_any_number_of_workers():
    game = make_game("razzle", players=2)
    one = tournament(game, ["greedy", "random"], games=6, seed=4, workers=1)
    two = tournament(game, ["greedy", "random"], games=6, seed=4, workers=2)
    assert without_timing(one.to_json()) == without_timing(two.to_json())
    assert one.results == two.results


def test_game_i_depends_only_on_the_seed_and_its_number():
    game = make_game("dizzle", players=2)
    whole = run_games(game, ["random", "greedy"], 5, seed="x")
    alone = play_games("dizzle", game.record_options(), ["random", "greedy"], [3], "x")
    assert alone[0][0] == whole[3]
    from dicehall.bots import make_bot
    state = play_out(game.new_initial_state(), [make_bot("random"), make_bot("greedy")],
                     random.Random("x:3"))
    assert tuple(state.scores()) == whole[3].scores


def test_a_custom_sheet_travels_to_the_workers(tmp_path):
    example = (Path(__file__).parent.parent / "docs" / "levels.md").read_text()
    sheet = tmp_path / "harbour.toml"
    sheet.write_text(re.search(r"```toml\n(.*?)```", example, re.S).group(1))
    game = make_game("dizzle", players=2, sheet=str(sheet))
    one = simulate(game, ["greedy", "random"], games=4, seed=1, workers=1)
    sheet.unlink()                             # the workers rebuild the game from the inline table
    two = simulate(game, ["greedy", "random"], games=4, seed=1, workers=2)
    assert one.results == two.results


def test_bad_arguments_are_refused_before_any_game():
    game = make_game("dizzle")
    with pytest.raises(OptionError, match="unknown bot 'wizard'"):
        simulate(game, ["greedy", "wizard"], games=3, workers=2)
    with pytest.raises(OptionError, match="at least 1, not 0"):
        simulate(game, ["greedy"], games=0)
    with pytest.raises(OptionError, match="workers must be at least 1"):
        simulate(game, ["greedy"], games=1, workers=0)


def test_cli_results_and_records_do_not_depend_on_workers(tmp_path):
    outputs = []
    for workers in (1, 2):
        folder = tmp_path / f"w{workers}"
        result = run("simulate", "nochmal", "-p", 3, "--bots", "random", "-n", 4, "--seed", 2,
                     "--workers", workers, "--records", folder, "--json")
        assert result.exit_code == 0, result.output
        files = sorted(folder.iterdir())
        outputs.append((without_timing(json.loads(result.output)),
                        [(path.name, path.read_text()) for path in files]))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][1]) == 4


def test_cli_writes_json_and_csv_summaries(tmp_path):
    out_json, out_csv, per_game = tmp_path / "s.json", tmp_path / "s.csv", tmp_path / "g.csv"
    result = run("simulate", "dizzle", "-p", 3, "--bots", "greedy,random", "-n", 5, "--seed", 1,
                 "-w", 1, "--json", "--out-json", out_json, "--out-csv", out_csv,
                 "--per-game-csv", per_game)
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)        # --json prints the object and nothing else
    saved = json.loads(out_json.read_text())
    assert {key: value for key, value in saved.items() if key != "results"} == printed
    assert [game["index"] for game in saved["results"]] == [0, 1, 2, 3, 4]   # the file keeps the games
    with open(out_csv, newline="") as handle:
        seats = list(csv.DictReader(handle))
    assert list(seats[0]) == ["seat", "bot", "mean_score", "stdev_score", "wins", "win_rate"]
    assert [row["bot"] for row in seats] == ["greedy", "random", "greedy"]
    for row, stats in zip(seats, printed["seats"]):
        assert {key: float(value) if key != "bot" else value for key, value in row.items()} == \
            {key: float(value) if key != "bot" else value for key, value in stats.items()}
    with open(per_game, newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["game", "bot_0", "bot_1", "bot_2", "score_0", "score_1", "score_2",
                       "place_0", "place_1", "place_2", "winners"]
    assert [row[0] for row in rows[1:]] == ["0", "1", "2", "3", "4"]
    assert all(row[1:4] == ["greedy", "random", "greedy"] for row in rows[1:])
    for seat in range(3):
        mean = sum(int(row[4 + seat]) for row in rows[1:]) / 5
        assert mean == pytest.approx(printed["seats"][seat]["mean_score"], abs=1e-3)
    wins = [0.0] * 3
    for row in rows[1:]:
        winners = [int(seat) for seat in row[-1].split()]
        for seat in winners:
            wins[seat] += 1 / len(winners)
    assert wins == pytest.approx([stats["wins"] for stats in printed["seats"]], abs=1e-3)


def test_text_mode_names_the_files_it_wrote_and_shows_no_progress_bar_off_a_terminal(tmp_path):
    result = run("simulate", "razzle", "--bots", "greedy,random", "-n", 3, "-w", 1,
                 "--out-csv", tmp_path / "seats.csv")
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / 'seats.csv'}" in result.output
    assert "seat 0   greedy" in result.output
    assert "━" not in result.output and "games/s" in result.output


@pytest.mark.parametrize("args, message", [
    (("simulate", "dizzle", "--bots", "greedy,wizard"), "unknown bot 'wizard'"),
    (("simulate", "dizzle", "--bots", "greedy", "--games", "0"), "--games"),
    (("simulate", "dizzle", "--bots", "greedy", "--workers", "0"), "--workers"),
    (("simulate", "dizzle", "--bots", " , "), "--bots names no bot"),
    (("simulate", "dizzle", "--bots", "greedy", "--out-csv", "no/such/folder/x.csv"),
     "cannot write no/such/folder/x.csv"),
])
def test_simulate_refuses_bad_input_with_status_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
