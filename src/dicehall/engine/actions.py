"""Actions shared by every game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Timeout:
    """The player's move timer ran out; the game applies its documented default
    (for example: Dizzle passes, Razzle-Dazzle forfeits the move)."""

    def __str__(self) -> str:
        return "timeout"
