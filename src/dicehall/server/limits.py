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

    def full(self) -> bool:
        """Refilled to the brim: the bucket can be forgotten."""
        now = self.clock.now()
        return self.tokens + (now - self.last) * self.rate >= self.burst


class AddressBuckets:
    """One :class:`TokenBucket` per client address; the full ones are
    forgotten now and then, so the map stays as small as the active addresses."""

    def __init__(self, clock: Clock, burst: int, seconds_each: float):
        self.clock = clock
        self.burst = burst
        self.rate = 1 / seconds_each
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str | None) -> bool:
        """Take one token of ``address`` (``None``, an unknown address: always granted)."""
        if address is None:
            return True
        if len(self.buckets) >= 4096:
            self.buckets = {key: bucket for key, bucket in self.buckets.items() if not bucket.full()}
        bucket = self.buckets.setdefault(address, TokenBucket(self.clock, self.burst, self.rate))
        return bucket.take()
