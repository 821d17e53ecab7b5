"""Keep the garbage collector's pauses short as the live heap grows.

A full collection walks every tracked object, so its pause grows with the live
tables (measured before this module: 92 ms at 500 tables, 222 ms at 1,000,
588 ms at 1,500), and under load it came every few seconds. Yet what a
server holds for long (imports, loaded tables, their games' tables) needs no
scan: it is freed by reference counting when a table ends. So every
``freeze_seconds`` (5 s) the server collects the young generations and
freezes what survived (``gc.freeze``: moved to the permanent generation, which
no collection scans); the first freeze, once the tables have loaded, follows
a full collection. The young generation's threshold is raised too (700 to
10,000 allocations): a young collection costs what is alive in it, not what
was allocated, so fewer of them cost less in all.

A frozen object that becomes garbage is still freed by its reference count;
only garbage in reference cycles waits (a server under load makes little:
its collections found a few hundred objects). That is bounded: once the
frozen objects have grown ``growth`` times since the last full collection, and
``full_seconds`` (10 min) have passed, one full collection runs (unfreeze,
collect, freeze). Its pause (about 370 ms at 500 Dizzle tables) is thus rare,
and never comes while a busy server is still growing.
"""

from __future__ import annotations

import gc
import logging
import math
import time

log = logging.getLogger(__name__)
#: allocations (less deallocations) between young collections (CPython's default: 700)
YOUNG_THRESHOLD = 10_000


class Heap:
    """The server's freezing of long-lived objects (``freeze()`` now and then)."""

    def __init__(self, growth: float = 2.0, full_seconds: float = 600.0) -> None:
        self.growth = growth
        self.full_seconds = full_seconds
        #: objects frozen right after the last full collection (``None``: none yet), and when
        self.settled: int | None = None
        self.settled_at = -math.inf
        self.full_collections = 0
        gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])

    def freeze(self) -> None:
        """Freeze what survives a young collection; collect in full first when
        the frozen objects have grown ``growth`` times since the last full one
        and that was at least ``full_seconds`` ago."""
        gc.collect(1)
        gc.freeze()
        grown = self.settled is not None and gc.get_freeze_count() > self.growth * max(self.settled, 10_000)
        if self.settled is None or (grown and time.monotonic() - self.settled_at >= self.full_seconds):
            started = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.settled, self.settled_at = gc.get_freeze_count(), time.monotonic()
            self.full_collections += 1
            log.info("full collection: %d objects stay, %.0f ms", self.settled,
                     (time.perf_counter() - started) * 1000)
