"""The statistics of simulations and tournaments: Wilson intervals, head to head."""

import math

import pytest

from dicehall.sim import GameResult, head_to_head, mean_and_stdev, wilson_interval
from dicehall.sim.stats import z_value


def test_the_95_percent_quantile():
    assert z_value() == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.99) == pytest.approx(2.575829, abs=1e-6)


@pytest.mark.parametrize("wins, games, low, high", [
    (8, 10, 0.4902, 0.9433),
    (50, 100, 0.4038, 0.5962),
    (1, 10, 0.0179, 0.4042),
    (81, 263, 0.2553, 0.3662),
    (2.5, 5, 0.1704, 0.8296),     # shared wins are fractions
])
def test_known_wilson_intervals(wins, games, low, high):
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_the_wilson_formula_as_documented():
    wins, games, z = 37, 90, 1.959963984540054
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    assert wilson_interval(wins, games) == pytest.approx((centre - half, centre + half), rel=1e-12)


def test_no_wins_and_all_wins_end_exactly_at_0_and_1():
    z2 = 1.959963984540054 ** 2
    assert wilson_interval(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    assert wilson_interval(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert wilson_interval(0, 1) == (0.0, pytest.approx(0.7935, abs=1e-4))
    assert wilson_interval(1, 1) == (pytest.approx(0.2065, abs=1e-4), 1.0)


def test_no_games_know_nothing_and_impossible_counts_are_refused():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for wins, games in ((11, 10), (-1, 10)):
        with pytest.raises(ValueError):
            wilson_interval(wins, games)
    with pytest.raises(ValueError):
        wilson_interval(1, 2, confidence=1.0)


def test_more_games_and_less_confidence_narrow_the_interval():
    def width(interval):
        return interval[1] - interval[0]
    assert width(wilson_interval(60, 100)) < width(wilson_interval(6, 10))
    assert width(wilson_interval(6, 10, 0.9)) < width(wilson_interval(6, 10)) < \
        width(wilson_interval(6, 10, 0.99))


def test_mean_and_population_standard_deviation():
    assert mean_and_stdev([2, 4, 4, 4, 5, 5, 7, 9]) == (5.0, 2.0)
    assert mean_and_stdev([3]) == (3.0, 0.0)
    assert mean_and_stdev([]) == (0.0, 0.0)


def test_head_to_head_on_a_hand_made_set_of_games():
    games = [
        GameResult(0, ("a", "b"), (30, 20), (1, 2)),          # a ahead of b
        GameResult(1, ("b", "a"), (25, 25), (1, 1)),          # a tie: a half each
        GameResult(2, ("b", "c", "a"), (9, 7, 9), (1, 3, 1)),  # a = b, both ahead of c
        GameResult(3, ("c", "a", "b"), (40, 10, 5), (1, 2, 3)),
        GameResult(4, ("c", "d"), (3, 4), (2, 1)),            # d meets only c
    ]
    table = head_to_head(games)
    assert table["a"]["b"] == {"games": 4, "ahead": 1 + 0.5 + 0.5 + 1}
    assert table["b"]["a"] == {"games": 4, "ahead": 0 + 0.5 + 0.5 + 0}
    assert table["a"]["c"] == {"games": 2, "ahead": 1}
    assert table["c"]["a"] == {"games": 2, "ahead": 1}
    assert table["b"]["c"] == {"games": 2, "ahead": 1}
    assert table["c"]["b"] == {"games": 2, "ahead": 1}
    assert table["d"] == {"c": {"games": 1, "ahead": 1}}
    assert table["c"]["d"] == {"games": 1, "ahead": 0}
    assert "d" not in table["a"] and "a" not in table["d"]
    for a in table:
        for b, cell in table[a].items():
            assert cell["ahead"] + table[b][a]["ahead"] == cell["games"] == table[b][a]["games"]


def test_winners_are_the_seats_in_first_place():
    assert GameResult(0, ("a", "b", "c"), (5, 5, 1), (1, 1, 3)).winners == (0, 1)
    assert GameResult(0, ("a", "b"), (5, 5), (2, 1)).winners == (1,)   # a tie-break decided it
