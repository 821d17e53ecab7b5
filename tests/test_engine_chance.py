"""Dice as multisets: exact outcomes and probabilities, and the sampler."""

import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from dicehall.engine import NotationError, Roll, dice_outcomes, multiset_probability, roll_dice


@pytest.mark.parametrize("count", [1, 2, 7, 13])
def test_outcomes_are_multisets_with_probabilities_summing_to_one(count):
    outcomes = dice_outcomes("roll", count)
    assert len(outcomes) == comb(count + 5, 5)
    assert sum(p for _, p in outcomes) == 1
    assert len({roll.values for roll, _ in outcomes}) == len(outcomes)


def test_multiset_probability_is_multinomial():
    assert multiset_probability((1, 1)) == Fraction(1, 36)
    assert multiset_probability((1, 2)) == Fraction(2, 36)
    assert multiset_probability((1, 2, 3)) == Fraction(6, 216)


def test_roll_notation_round_trips_and_sorts():
    roll = Roll.parse("roll 6 1 3 3")
    assert roll == Roll("roll", (1, 3, 3, 6))
    assert Roll.parse(str(roll)) == roll
    assert roll.counts() == [0, 1, 0, 2, 0, 0, 1]


@pytest.mark.parametrize("text", ["roll 1 7", "roll x", "solo 0 2"])
def test_bad_roll_notation_is_refused(text):
    with pytest.raises(NotationError):
        Roll.parse(text)


def test_sampler_matches_the_exact_distribution():
    rng = random.Random(5)
    samples = Counter(roll_dice("solo", 2, rng).values for _ in range(36_000))
    for roll, probability in dice_outcomes("solo", 2):
        assert abs(samples[roll.values] / 36_000 - probability) < 0.01
