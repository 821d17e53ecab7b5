"""Keep the garbage collector's pauses short as the live heap grows.

A full collection walks every tracked object, so its pause grows with the live
tables (measured before this module: 92 ms at 500 tables, 222 ms at 1,000,
588 ms at 1,500), and under load it came every few seconds. Yet what a
server holds for long (imports, loaded tables, their games' tables) needs no
scan: it is freed by reference counting when a table ends. So:

- every ``freeze_seconds`` (5 s) the server freezes every tracked object
  (``gc.freeze``: moved to the permanent generation, which no collection
  scans; the move itself costs nothing, whatever the heap's size);
- between freezes only young collections run: one every 10,000 allocations
  (CPython's default is 700), each costing what is alive among them, a few
  milliseconds. The middle generation's threshold is out of reach, so what
  survives a young collection waits there, never scanned, for the next
  freeze; the oldest generation is never collected on its own either.

Two cheaper-looking steps are left out on purpose, measured at 500 Noch mal
tables: a young collection of both young generations before each freeze
paused the server about 40 ms, and asking for the number of frozen objects
(``gc.get_freeze_count``, which walks the frozen list) about 90 ms, every
5 s: together they made the p99 of the whole load.

A frozen object that becomes garbage is still freed by its reference count;
only garbage in reference cycles waits (a server under load makes little:
its collections found a few hundred objects). That is bounded: once the
memory blocks the interpreter has allocated (``sys.getallocatedblocks``,
counted per arena, not per object) have grown ``growth`` times since the last
full collection, and ``full_seconds`` (10 min) have passed, one full
collection runs (unfreeze, collect, freeze). Its pause (about 370 ms at 500
Dizzle tables) is thus rare, and never comes while a busy server is still
growing. The first freeze, once the tables have loaded, follows a full
collection too.
"""

from __future__ import annotations

import gc
import logging
import math
import sys
import time

log = logging.getLogger(__name__)
#: allocations (less deallocations) between young collections (CPython's default: 700)
YOUNG_THRESHOLD = 10_000
#: young collections between collections of the middle generation: never, in practice
NEVER = 1 << 30
#: the least heap (allocated blocks) growth is measured against
SMALLEST_HEAP = 100_000


class Heap:
    """The server's freezing of long-lived objects (``freeze()`` now and then)."""

    def __init__(self, growth: float = 2.0, full_seconds: float = 600.0) -> None:
        self.growth = growth
        self.full_seconds = full_seconds
        #: allocated blocks right after the last full collection (``None``: none yet), and when
        self.settled: int | None = None
        self.settled_at = -math.inf
        self.full_collections = 0
        gc.set_threshold(YOUNG_THRESHOLD, NEVER, NEVER)

    def freeze(self) -> None:
        """Freeze every tracked object; collect in full first when the heap has
        grown ``growth`` times since the last full collection and that was at
        least ``full_seconds`` ago (or there was none)."""
        grown = (self.settled is not None
                 and sys.getallocatedblocks() > self.growth * max(self.settled, SMALLEST_HEAP))
        if self.settled is None or (grown and time.monotonic() - self.settled_at >= self.full_seconds):
            started = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            self.settled, self.settled_at = sys.getallocatedblocks(), time.monotonic()
            self.full_collections += 1
            log.info("full collection: %d blocks stay, %.0f ms", self.settled,
                     (time.perf_counter() - started) * 1000)
        gc.freeze()
