"""A token bucket: how many messages one connection may send, and how fast."""

from __future__ import annotations

from .clock import Clock


class TokenBucket:
    """Holds up to ``burst`` tokens, refilled at ``rate`` per second; each message takes one."""

    def __init__(self, clock: Clock, burst: int, rate: float):
        self.clock = clock
        self.burst = burst
        self.rate = rate
        self.tokens = float(burst)
        self.last = clock.now()

    def take(self) -> bool:
        now = self.clock.now()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
