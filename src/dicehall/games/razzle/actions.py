"""Razzle-Dazzle's actions and chance outcomes as value objects.

| action | notation | meaning |
|---|---|---|
| :class:`Enter` | ``enter`` | move a piece from the start area onto the track |
| :class:`Move` | ``move 12`` | move the piece on track field 12 |
| :class:`Spin` | ``spin`` | no piece can move: spin the wheel once more |
| :class:`EndTurn` | ``end`` | no piece can move: end the turn |
| :class:`Timeout` | ``timeout`` | the move timer ran out: no piece moves |

Chance: ``first 1`` (seat 1 starts the game), ``spin 4`` (the wheel shows 4).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Timeout
from ...engine.errors import NotationError


@dataclass(frozen=True, slots=True)
class Enter:
    def __str__(self) -> str:
        return "enter"


@dataclass(frozen=True, slots=True)
class Move:
    field: int

    def __str__(self) -> str:
        return f"move {self.field}"


@dataclass(frozen=True, slots=True)
class Spin:
    def __str__(self) -> str:
        return "spin"


@dataclass(frozen=True, slots=True)
class EndTurn:
    def __str__(self) -> str:
        return "end"


RazzleAction = Enter | Move | Spin | EndTurn | Timeout


@dataclass(frozen=True, slots=True)
class Draw:
    """A chance outcome: ``first`` (the starting seat) or ``spin`` (a wheel number)."""

    kind: str
    value: int

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"

    @classmethod
    def parse(cls, text: str) -> Draw:
        words = text.split()
        if len(words) != 2 or words[0] not in ("first", "spin") or not words[1].isdigit():
            raise NotationError(f"{text!r}: expected 'first SEAT' or 'spin NUMBER'")
        return cls(words[0], int(words[1]))
