"""Simulation statistics as an API: exact tallies that add up, runs that merge,
and progress reported per game."""

import sys
import textwrap
from fractions import Fraction

import pytest

from dicehall.engine import OptionError, make_game
from dicehall.sim import GameResult, Tally, simulate, tally_bots, tally_seats, tournament
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
