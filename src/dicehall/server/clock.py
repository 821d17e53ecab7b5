"""Time for the server: the wall clock, and a clock tests move by hand.

Every deadline, bank, grace period and rate limit reads the injected clock, so
tests never sleep."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that stands still until :meth:`advance` moves it."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds
