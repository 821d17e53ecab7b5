"""Tournaments: seat rotation, per-bot statistics, head to head, the command."""

import json
from collections import Counter
from itertools import combinations, permutations
from math import comb, factorial

import pytest
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import OptionError, make_game
from dicehall.sim import full_cycle_length, rotation_length, seating, tournament

runner = CliRunner()
BOTS = "abcdef"


def run(*args):
    return runner.invoke(app, [str(arg) for arg in args])


@pytest.mark.parametrize("bots, players", [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (5, 3),
                                           (2, 1), (3, 1), (6, 4)])
def test_every_bot_plays_every_seat_equally_often_over_the_rotation(bots, players):
    names = list(BOTS[:bots])
    length = rotation_length(bots, players)
    assert length == players * comb(bots, players)
    for cycles in (1, 2):
        seats = Counter()
        for index in range(cycles * length):
            lineup = seating(names, players, index)
            assert len(set(lineup)) == players, "a bot never holds two seats"
            seats.update((bot, seat) for seat, bot in enumerate(lineup))
        assert set(seats.values()) == {cycles * comb(bots - 1, players - 1)}
        assert len(seats) == bots * players


@pytest.mark.parametrize("bots, players", [(2, 2), (3, 3), (4, 2), (4, 3), (5, 3)])
def test_the_full_cycle_plays_every_seating_of_every_subset_once(bots, players):
    names = BOTS[:bots]
    length = full_cycle_length(bots, players)
    assert length == comb(bots, players) * factorial(players)
    played = [seating(names, players, index) for index in range(length)]
    expected = [order for subset in combinations(names, players) for order in permutations(subset)]
    assert sorted(played) == sorted(expected)
    assert [seating(names, players, length + index) for index in range(length)] == played


def test_the_rotation_starts_with_the_listed_order_and_rotates_first():
    assert [seating("ab", 2, i) for i in range(4)] == [("a", "b"), ("b", "a")] * 2
    assert [seating("abc", 2, i) for i in range(6)] == [
        ("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    assert [seating("abc", 3, i) for i in range(6)] == [
        ("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"),
        ("a", "c", "b"), ("c", "b", "a"), ("b", "a", "c")]


class FirstBot:
    """A test bot: always the first legal action."""

    name = "first"

    def choose(self, state, seat, rng):
        return state.legal_action_ids(seat)[0]


@pytest.fixture
def first_bot(monkeypatch):
    from dicehall.bots import base
    monkeypatch.setitem(base._BOTS, "first", FirstBot)
    return "first"


def test_a_tournament_balances_seats_and_counts_wins_and_meetings():
    result = tournament(make_game("dizzle", players=2), ["greedy", "random"], games=8, seed=3)
    assert result.balanced and result.rotation_length == 2
    for stats in result.stats:
        assert stats.games == 8 and stats.seats == [4, 4]
        assert stats.win_rate_low <= stats.win_rate <= stats.win_rate_high
    assert sum(stats.wins for stats in result.stats) == pytest.approx(8)
    pair = result.head_to_head
    assert pair["greedy"]["random"]["games"] == 8
    assert pair["greedy"]["random"]["ahead"] + pair["random"]["greedy"]["ahead"] == 8
    assert [r.bots for r in result.results[:2]] == [("greedy", "random"), ("random", "greedy")]
    scores = result.scores_by_bot()
    assert sum(scores["greedy"]) / 8 == pytest.approx(result.stats[0].mean_score, abs=1e-3)


def test_three_bots_in_a_two_player_game_meet_in_pairs(first_bot):
    result = tournament(make_game("razzle", players=2), ["greedy", "random", first_bot], games=6, seed=1)
    assert result.balanced and result.rotation_length == 6
    assert [stats.games for stats in result.stats] == [4, 4, 4]
    assert [stats.seats for stats in result.stats] == [[2, 2]] * 3
    for a, b in combinations(["greedy", "random", first_bot], 2):
        cell, back = result.head_to_head[a][b], result.head_to_head[b][a]
        assert cell["games"] == back["games"] == 2
        assert cell["ahead"] + back["ahead"] == 2
    for stats in result.stats:
        wins = sum(1 / len(r.winners) for r in result.results
                   for seat in r.winners if r.bots[seat] == stats.bot)
        assert stats.wins == pytest.approx(wins, abs=1e-3)
        assert stats.win_rate == pytest.approx(stats.wins / 4, abs=1e-3)


def test_a_solo_tournament_gives_each_bot_its_share_of_the_games():
    solo = tournament(make_game("dizzle", players=1), ["greedy", "random"], games=4, seed=1)
    assert [stats.games for stats in solo.stats] == [2, 2]
    assert [r.bots for r in solo.results] == [("greedy",), ("random",), ("greedy",), ("random",)]
    assert solo.head_to_head == {}


def test_a_tournament_refuses_repeated_bots_and_too_few_bots():
    game = make_game("dizzle", players=3)
    with pytest.raises(OptionError, match="named twice"):
        tournament(game, ["greedy", "random", "greedy"], games=3)
    with pytest.raises(OptionError, match="3-player tournament needs at least 3 different bots, not 2"):
        tournament(game, ["greedy", "random"], games=3)
    with pytest.raises(OptionError, match="unknown bot 'wizard'"):
        tournament(make_game("dizzle"), ["greedy", "wizard"], games=3)


def test_the_command_prints_tables_and_json(tmp_path):
    result = run("tournament", "dizzle", "--bots", "greedy,random", "--games", 4, "--seed", 5, "-w", 1)
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "Head to head" in result.output
    assert "greedy" in result.output and "random" in result.output
    result = run("tournament", "dizzle", "--bots", "greedy,random", "--games", 3, "-w", 1)
    assert "not a multiple of the rotation length 2" in result.output
    result = run("tournament", "razzle", "--bots", "greedy,random", "-n", 4, "--seed", 2, "--json",
                 "-w", 2)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "razzle" and data["games"] == 4 and data["bots"] == ["greedy", "random"]
    assert data["players"] == 2 and data["balanced"] is True
    assert set(data["stats"][0]) == {"bot", "games", "wins", "win_rate", "win_rate_low", "win_rate_high",
                                     "mean_score", "stdev_score", "seats"}
    assert data["head_to_head"]["greedy"]["random"]["games"] == 4


@pytest.mark.parametrize("args, message", [
    (("--bots", "greedy,wizard"), "unknown bot 'wizard'"),
    (("--bots", "greedy,random", "--games", "0"), "--games"),
    (("--bots", "greedy,random", "--workers", "0"), "--workers"),
    (("--bots", "greedy,greedy"), "bot 'greedy' is named twice"),
    (("--bots", "greedy,random", "-p", "3"), "3-player tournament needs at least 3 different bots"),
    (("--bots", "greedy,random", "-o", "level=12"), "option 'level' must be one of"),
    (("--bots", "greedy,random", "--plot", "no/such/folder/p.png"), "cannot write no/such/folder/p.png"),
])
def test_the_command_refuses_bad_input_with_status_2(args, message):
    result = run("tournament", "dizzle", *args)
    assert result.exit_code == 2
    assert message in result.output
