"""Runs split into shards, resumed after a stop, and played on Ray: always
the same games as one local run of the same seed (docs/simulation.md)."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import make_game
from dicehall.engine.errors import OptionError
from dicehall.sim import simulate, tournament
from dicehall.sim.rows import read_rows, write_rows
from dicehall.sim.runner import check_resumed, play_games, shard_range

runner = CliRunner()


def run(*args) -> dict:
    result = runner.invoke(app, [str(arg) for arg in args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@given(first=st.integers(0, 50), games=st.integers(1, 300), parts=st.integers(1, 20))
def test_the_shards_of_a_run_are_its_games_once_each(first, games, parts):
    parts = min(parts, games)
    played = []
    for k in range(1, parts + 1):
        start, count = shard_range(first, games, f"{k}/{parts}")
        played.extend(range(start, start + count))
    assert played == list(range(first, first + games))


@pytest.mark.parametrize("shard", ["0/3", "4/3", "x", "1/2/3", "5/100"])
def test_a_bad_shard_is_refused(shard):
    with pytest.raises(OptionError):
        shard_range(0, 10, shard)


def test_shards_merge_to_the_whole_run(tmp_path):
    whole = run("simulate", "razzle", "--bots", "greedy,random", "-n", 30, "--seed", 5, "-w", 1,
                "--out-json", tmp_path / "whole.json", "--json")
    for k in (1, 2, 3):
        run("simulate", "razzle", "--bots", "greedy,random", "-n", 30, "--seed", 5, "-w", 1,
            "--shard", f"{k}/3", "--out-json", tmp_path / f"part{k}.json", "--json")
    merged = run("merge", *(tmp_path / f"part{k}.json" for k in (1, 2, 3)), "--json")
    assert merged["seats"] == whole["seats"] and merged["games"] == 30
    parts = [json.loads((tmp_path / f"part{k}.json").read_text())["results"] for k in (1, 2, 3)]
    assert [r["index"] for part in parts for r in part] == list(range(30))


def test_a_stopped_run_resumes_where_it_stopped(tmp_path):
    rows = tmp_path / "games.csv"
    whole = run("tournament", "dizzle", "--bots", "greedy,random,easy", "-n", 12, "--seed", 2, "-w", 1,
                "--per-game-csv", rows, "--json")
    complete = rows.read_text()
    lines = complete.splitlines(keepends=True)
    rows.write_text("".join(lines[:6]) + lines[6][:9])      # stopped while writing game 5's row
    resumed = run("tournament", "dizzle", "--bots", "greedy,random,easy", "-n", 12, "--seed", 2, "-w", 2,
                  "--per-game-csv", rows, "--resume", "--json")
    assert rows.read_text() == complete
    timing = ("seconds", "games_per_second")
    assert {key: value for key, value in resumed.items() if key not in timing} == \
        {key: value for key, value in whole.items() if key not in timing}


def test_resuming_refuses_games_of_another_run(tmp_path):
    game = make_game("razzle", {})
    results = simulate(game, ["greedy", "random"], 4, seed=1).results
    with pytest.raises(OptionError, match="other bots"):
        check_resumed(results, ["random", "greedy"], 2, 0, 4, rotate=False)
    with pytest.raises(OptionError, match="outside"):
        check_resumed(results, ["greedy", "random"], 2, 2, 4, rotate=False)
    path = tmp_path / "games.csv"
    write_rows(path, 2, results)
    assert read_rows(path, 2) == results
    with pytest.raises(ValueError, match="3-player"):
        read_rows(path, 3)
    result = runner.invoke(app, ["simulate", "razzle", "--bots", "greedy", "-n", 4, "--resume"])
    assert result.exit_code == 2 and "--per-game-csv" in result.output


ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'dicehall[ray]')")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield "local"
    ray.shutdown()


def test_ray_plays_the_same_games_as_a_local_run(local_ray):
    game = make_game("nochmal", {"players": 2, "edition": "classic"})
    here = simulate(game, ["greedy", "random"], 16, seed=9)
    there = simulate(game, ["greedy", "random"], 16, seed=9, ray=local_ray, workers=2)
    assert there.results == here.results and there.seats == here.seats
    rotated = tournament(make_game("razzle", {}), ["greedy", "random", "easy"], 12, seed=4, first=3)
    on_ray = tournament(make_game("razzle", {}), ["greedy", "random", "easy"], 12, seed=4, first=3,
                        ray=local_ray, workers=2)
    assert on_ray.results == rotated.results and on_ray.bots == rotated.bots


def test_ray_shows_progress_as_batches_finish(local_ray):
    told = []
    simulate(make_game("razzle", {}), ["greedy"], 20, seed=1, ray=local_ray, workers=2, progress=told.append)
    assert sum(told) == 20 and len(told) > 1


def test_a_task_whose_worker_died_is_retried_with_the_same_games(local_ray, tmp_path):
    from dicehall.sim.on_ray import run_batches

    marks = str(tmp_path)

    def dies_once(*task):
        mark = Path(marks) / f"batch-{task[3][0]}"
        if not mark.exists():
            mark.write_text("died")
            os._exit(1)                                   # the worker process dies mid-task
        return play_games(*task)

    options = make_game("razzle", {}).record_options()
    tasks = [("razzle", options, ["greedy", "random"], range(start, start + 4), 3, False, False)
             for start in (0, 4, 8)]
    retried = [result for played in run_batches(tasks, local_ray, 2, play=dies_once) for result, _ in played]
    assert len(list(tmp_path.iterdir())) == 3               # every batch's first try died
    expected = [result for task in tasks for result, _ in play_games(*task)]
    assert retried == expected
