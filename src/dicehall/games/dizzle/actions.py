"""Dizzle's actions as value objects with a round-trip notation.

| action | notation | meaning |
|---|---|---|
| :class:`Place` | ``4@c3`` | take a 4 from the middle and place it on field c3 |
| :class:`Reroll` | ``reroll`` | no die fits: roll the middle again |
| :class:`Pass` | ``pass`` | no die fits: leave this draft |
| :class:`Return` | ``return c3`` | failed reroll: give the die on c3 back to the middle |
| :class:`Planet` | ``planet h1`` | a crossed rocket: cross planet h1 |
| :class:`Lava` | ``lava c3`` | level 7: the lava flows onto c3 |
| :class:`Track` | ``track c3 ns`` | level 8: draw a north-south track on c3 |
| ``Timeout`` | ``timeout`` | the move timer ran out: the player passes |
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    field: str
    value: int

    def __str__(self) -> str:
        return f"{self.value}@{self.field}"


@dataclass(frozen=True, slots=True)
class Return:
    field: str

    def __str__(self) -> str:
        return f"return {self.field}"


@dataclass(frozen=True, slots=True)
class Planet:
    field: str

    def __str__(self) -> str:
        return f"planet {self.field}"


@dataclass(frozen=True, slots=True)
class Reroll:
    def __str__(self) -> str:
        return "reroll"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Lava:
    field: str

    def __str__(self) -> str:
        return f"lava {self.field}"


@dataclass(frozen=True, slots=True)
class Track:
    field: str
    piece: str

    def __str__(self) -> str:
        return f"track {self.field} {self.piece}"


DizzleAction = Place | Return | Planet | Reroll | Pass | Lava | Track
