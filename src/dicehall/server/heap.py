"""Keep the garbage collector's full collections short as the live heap grows.

A full collection walks every tracked object, so its pause grows with the live
tables (measured before this module: 92 ms at 500 tables, 222 ms at 1,000,
588 ms at 1,500), and under load it comes every few seconds. Yet what a
server holds for long (imports, loaded tables, their games' tables) needs no
scan: it is freed by reference counting when a table ends. So every
``freeze_seconds`` the server collects the young generations (cheap) and
freezes what survived (``gc.freeze``: moved to the permanent generation, which
no collection scans); the first freeze, once the tables have loaded, follows
a full collection. A frozen object that becomes garbage is still freed by
its reference count; only garbage in reference cycles waits. That is bounded:
once the permanent generation has grown to ``growth`` times its size after
the last full collection, one full collection runs (unfreeze, collect,
freeze), so its rare pause pays for reclaiming at most as much as is live.
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


class Heap:
    """The server's freezing of long-lived objects (``freeze()`` now and then)."""

    def __init__(self, growth: float = 2.0) -> None:
        self.growth = growth
        #: objects frozen right after the last full collection (``None``: none yet)
        self.settled: int | None = None
        self.full_collections = 0

    def freeze(self) -> None:
        """Freeze what survives a young collection; collect in full first
        when the frozen objects have grown ``growth`` times since the last full one."""
        gc.collect(1)
        gc.freeze()
        if self.settled is None or gc.get_freeze_count() > self.growth * max(self.settled, 10_000):
            started = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.settled = gc.get_freeze_count()
            self.full_collections += 1
            log.info("full collection: %d objects stay, %.0f ms", self.settled,
                     (time.perf_counter() - started) * 1000)
