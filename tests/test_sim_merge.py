"""Simulation statistics as an API: exact tallies that add up, runs that merge,
and progress reported per game."""

import json
import sys
import textwrap
from fractions import Fraction

import pytest

from dicehall.engine import OptionError, make_game
from dicehall.sim import (
    GameResult,
    SimulationResult,
    Tally,
    TournamentResult,
    simulate,
    tally_bots,
    tally_seats,
    tournament,
)
from dicehall.sim import runner as runner_module


def without_time(result):
    data = result.to_json()
    data.pop("seconds"), data.pop("games_per_second")
    return data


@pytest.mark.parametrize("name, options, bots", [
    ("dizzle", {"players": 2}, ["greedy", "random"]),
    ("razzle", {"players": 3}, ["random", "greedy"]),
])
def test_two_simulations_of_n_games_merge_into_one_of_2n(name, options, bots):
    game = make_game(name, options)
    whole = simulate(game, bots, games=12, seed=5)
    halves = simulate(game, bots, games=6, seed=5) + simulate(game, bots, games=6, seed=5, first=6)
    assert without_time(halves) == without_time(whole)
    assert halves.scores == whole.scores and halves.results == whole.results
    assert halves.tallies() == whole.tallies()


def test_two_tournaments_merge_into_one_and_keep_the_rotation():
    game = make_game("dizzle", players=2)
    bots = ["greedy", "random", "easy"]
    whole = tournament(game, bots, games=12, seed=2)
    halves = tournament(game, bots, games=5, seed=2).merge(tournament(game, bots, games=7, seed=2, first=5))
    assert without_time(halves) == without_time(whole)
    assert halves.head_to_head == whole.head_to_head and halves.balanced


def test_runs_of_other_seeds_merge_and_overlapping_or_different_runs_do_not():
    game = make_game("dizzle", players=1)
    a, b = simulate(game, ["greedy"], games=3, seed=1), simulate(game, ["greedy"], games=3, seed=2)
    both = a + b
    assert both.games == 6 and both.seed == "1+2"
    assert both.tallies()[0] == a.tallies()[0] + b.tallies()[0]
    with pytest.raises(ValueError, match="same numbers"):
        a + simulate(game, ["greedy"], games=2, seed=1, first=2)
    with pytest.raises(ValueError, match="different bots"):
        a + simulate(game, ["random"], games=3, seed=9)
    with pytest.raises(ValueError, match="different games"):
        a + simulate(make_game("dizzle", players=1, level=2), ["greedy"], games=3, seed=9)
    with pytest.raises(OptionError, match="first game's number"):
        simulate(game, ["greedy"], games=3, first=-1)


def test_tallies_from_raw_results_are_exact():
    results = [GameResult(0, ("a", "b", "c"), (5, 5, 1), (1, 1, 3)),
               GameResult(1, ("b", "a", "c"), (2, 4, 4), (3, 1, 1))]
    seats = tally_seats(results, 3)
    assert seats[0] == Tally(2, Fraction(1, 2), {5: 1, 2: 1}, [2])
    assert seats[2].wins == Fraction(1, 2) and seats[2].seats == [0, 0, 2]
    bots = tally_bots(results, ["c", "x"])
    assert list(bots) == ["c", "x", "a", "b"] and bots["x"].games == 0
    assert bots["a"].wins == 1 and bots["a"].seats == [1, 1] and bots["a"].score_list() == [4, 5]
    assert bots["a"].mean_and_stdev() == (4.5, 0.5)
    assert bots["a"].win_rate == 0.5 and bots["x"].win_rate == 0.0
    assert bots["a"].win_interval() == pytest.approx((0.0945, 0.9055), abs=1e-4)
    merged = bots["a"] + bots["b"]
    assert merged.games == 4 and merged.wins == Fraction(3, 2) and merged.seats == [2, 2]
    assert merged.scores == {5: 2, 4: 1, 2: 1}


def test_progress_is_told_of_every_game_in_this_process():
    calls = []
    simulate(make_game("dizzle", players=1), ["random"], games=30, seed=1, progress=calls.append)
    assert calls == [1] * 30, "one call per game, not one per batch of 25"


SLOW_BOT = '''
import time


class Slow:
    def choose(self, state, seat, rng):
        time.sleep(0.01)
        return state.legal_action_ids(seat)[0]
'''


def test_progress_from_worker_processes_comes_per_game(tmp_path, monkeypatch):
    (tmp_path / "slowbot.py").write_text(textwrap.dedent(SLOW_BOT))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(runner_module, "POLL_SECONDS", 0.05)
    calls = []
    try:
        result = simulate(make_game("dizzle", players=1), ["slowbot:Slow"], games=20, seed=1, workers=2,
                          progress=calls.append)
    finally:
        sys.modules.pop("slowbot", None)
    assert result.games == sum(calls) == 20
    batches = -(-20 // max(1, min(runner_module.MAX_BATCH, -(-20 // 8))))
    assert len(calls) > batches, f"progress came in {len(calls)} calls, as often as the {batches} batches"


def test_saved_runs_read_back_and_merge_from_files(tmp_path):
    game = make_game("dizzle", players=2)
    bots = ["greedy", "random"]
    whole = simulate(game, bots, games=8, seed=3)
    simulate(game, bots, games=3, seed=3).write_json(tmp_path / "a.json")
    simulate(game, bots, games=5, seed=3, first=3).write_json(tmp_path / "b.json")
    a, b = (SimulationResult.read_json(tmp_path / name) for name in ("a.json", "b.json"))
    assert (a + b).results == whole.results and without_time(a + b) == without_time(whole)
    league = tournament(game, bots + ["easy"], games=6, seed=4)
    league.write_json(tmp_path / "league.json")
    again = TournamentResult.read_json(tmp_path / "league.json")
    assert without_time(again) == without_time(league) and again.results == league.results


def test_a_summary_without_the_games_is_refused_with_a_reason():
    summary = simulate(make_game("razzle", players=2), ["random"], games=2).to_json()
    with pytest.raises(ValueError, match="no per-game results"):
        SimulationResult.from_json(summary)


def test_the_merge_command_joins_runs_split_by_first(tmp_path):
    from typer.testing import CliRunner

    from dicehall.cli import app
    run = CliRunner()
    common = ["dizzle", "-p", "2", "--bots", "greedy,random", "--seed", "9", "-w", "1"]
    for name, games, first in (("one", "4", "0"), ("two", "3", "4")):
        made = run.invoke(app, ["simulate", *common, "-n", games, "--first", first,
                                "--out-json", str(tmp_path / f"{name}.json")])
        assert made.exit_code == 0, made.output
    merged = run.invoke(app, ["merge", str(tmp_path / "one.json"), str(tmp_path / "two.json"), "--json"])
    assert merged.exit_code == 0, merged.output
    whole = run.invoke(app, ["simulate", *common, "-n", "7", "--json"])
    drop = ("seconds", "games_per_second")
    assert ({k: v for k, v in json.loads(merged.output).items() if k not in drop}
            == {k: v for k, v in json.loads(whole.output).items() if k not in drop})
    again = run.invoke(app, ["merge", str(tmp_path / "one.json"), str(tmp_path / "one.json")])
    assert again.exit_code == 2 and "same numbers" in again.output
    (tmp_path / "bad.json").write_text("[1, 2]")
    bad = run.invoke(app, ["merge", str(tmp_path / "one.json"), str(tmp_path / "bad.json")])
    assert bad.exit_code == 2 and "not a saved run" in bad.output and "Traceback" not in bad.output
