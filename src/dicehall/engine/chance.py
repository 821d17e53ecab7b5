"""Chance events: dice rolled as multisets, with exact probabilities.

A roll of *n* six-sided dice is one outcome per multiset of values, not 6**n
ordered results: 7 dice have 792 outcomes, 13 dice 8,568. The probability of a
multiset is the multinomial coefficient over 6**n.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial

from .errors import NotationError

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of rolling dice: ``kind`` names which dice (e.g. ``roll``,
    ``solo``), ``values`` are the faces shown, sorted ascending."""

    kind: str
    values: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join((self.kind, *map(str, self.values)))

    @classmethod
    def parse(cls, text: str) -> Roll:
        words = text.split()
        if not words:
            raise NotationError("an empty text is not a chance outcome")
        kind, *faces = words
        try:
            values = tuple(sorted(int(face) for face in faces))
        except ValueError:
            raise NotationError(f"{text!r}: dice faces must be numbers 1-6") from None
        if any(value not in FACES for value in values):
            raise NotationError(f"{text!r}: dice faces must be numbers 1-6")
        return cls(kind, values)

    def counts(self) -> list[int]:
        """How many dice show each value, indexed by value (index 0 unused)."""
        counts = [0] * 7
        for value in self.values:
            counts[value] += 1
        return counts


def multiset_probability(values: tuple[int, ...]) -> Fraction:
    """The probability that a roll of ``len(values)`` dice shows this multiset."""
    ways = factorial(len(values))
    for face in FACES:
        ways //= factorial(values.count(face))
    return Fraction(ways, 6 ** len(values))


@cache
def _dice_outcomes(kind: str, count: int) -> tuple[tuple[Roll, Fraction], ...]:
    return tuple((Roll(kind, values), multiset_probability(values))
                 for values in combinations_with_replacement(FACES, count))


def dice_outcomes(kind: str, count: int) -> list[tuple[Roll, Fraction]]:
    """Every outcome of rolling ``count`` dice, with its probability (a list
    made from a table built once per kind and count)."""
    return list(_dice_outcomes(kind, count))


def dice_outcome_count(count: int) -> int:
    """How many outcomes (multisets) a roll of ``count`` dice has."""
    return comb(count + len(FACES) - 1, count)


def roll_dice(kind: str, count: int, rng: random.Random) -> Roll:
    """Sample a roll of ``count`` dice (same distribution as ``dice_outcomes``)."""
    return Roll(kind, tuple(sorted(rng.choices(FACES, k=count))))
