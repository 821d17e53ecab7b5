"""The server's worker processes (bots, reviews), which must end with it.

A spawned worker of a ``ProcessPoolExecutor`` waits on a queue whose pipe it
holds both ends of, so it never sees its server go: a server killed with
``kill -9`` (or a test run that ends without closing a pool) left them
running for good. Each worker therefore watches its parent and exits once
the parent is gone."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: seconds between a worker's looks at its parent
WATCH_SECONDS = 1.0


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` spawned processes (clean: nothing of the server's state),
    each ending within a second of the server."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=watch_parent, initargs=(os.getpid(),))


def watch_parent(parent: int) -> None:
    """In a worker: exit at once when ``parent`` is no longer its parent."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(0)
    threading.Thread(target=watch, name="dicehall-parent-watch", daemon=True).start()
