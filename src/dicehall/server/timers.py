"""Move timers: a fixed time per decision, a bank for the whole game, or a
turn-based table's long limit per decision (hours to days).

Deadlines are unix times kept per seat. A bank is charged when its seat's
decision ends; while it decides, the deadline says how long the bank lasts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: a turn-based table: players come and go, and each decision has a long limit
TURN = "turn"


@dataclass(frozen=True)
class Timer:
    kind: str  # "move", "bank" or "turn"
    seconds: float
    #: turn-based: a bot takes the seat over after its second missed limit
    takeover: bool = False

    @property
    def turn_based(self) -> bool:
        return self.kind == TURN

    def to_json(self) -> dict:
        if self.turn_based:
            return {"kind": self.kind, "seconds": self.seconds, "takeover": self.takeover}
        return {"kind": self.kind, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: Any) -> Timer | None:
        return None if data is None else cls(data["kind"], data["seconds"], data.get("takeover", False))


class Clocks:
    """Every seat's deadline and, with a bank timer, the seconds left."""

    def __init__(self, timer: Timer | None, seats: int, floor: float,
                 deadlines: dict[int, float] | None = None, banks: dict[int, float] | None = None):
        self.timer = timer
        self.floor = floor
        self.deadlines = dict(deadlines or {})
        if banks is None:
            banks = {seat: timer.seconds for seat in range(seats)} if timer and timer.kind == "bank" else {}
        self.banks = dict(banks)

    def allotted(self, seat: int) -> float:
        """How long ``seat`` gets for a decision starting now."""
        if self.timer.kind != "bank":
            return self.timer.seconds
        return max(self.banks[seat], self.floor)

    def sync(self, deciding: set[int], now: float) -> None:
        """Stop the clocks of seats that no longer decide; start new deciders'."""
        for seat in set(self.deadlines) - deciding:
            self.stop(seat, now)
        if self.timer is None:
            return
        for seat in deciding - set(self.deadlines):
            self.deadlines[seat] = now + self.allotted(seat)

    def stop(self, seat: int, now: float) -> None:
        """End ``seat``'s decision: drop its deadline and charge its bank."""
        deadline = self.deadlines.pop(seat, None)
        if deadline is None or seat not in self.banks:
            return
        started = deadline - self.allotted(seat)
        self.banks[seat] = max(0.0, self.banks[seat] - (now - started))

    def shift(self, seconds: float) -> None:
        """Move every deadline on by ``seconds``: the time the server was away
        is given back (a bank is charged from the shifted start too)."""
        self.deadlines = {seat: at + seconds for seat, at in self.deadlines.items()}

    def due(self, now: float) -> list[int]:
        """Seats whose deadline has passed, earliest first."""
        return sorted((seat for seat, at in self.deadlines.items() if at <= now),
                      key=self.deadlines.__getitem__)
