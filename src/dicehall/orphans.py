"""Worker processes that end with the process that started them.

A spawned worker of a ``ProcessPoolExecutor`` waits on a queue whose pipe it
holds both ends of, so it never sees its parent go: a server killed with
``kill -9``, a simulation stopped with Ctrl-C or ``kill``, or a test run that
ends without closing a pool left its workers running (or blocked on a full
pipe) for good. Each worker therefore watches its parent and exits once the
parent is gone (the server's pools, ``server/processes.py``; the bot workers,
``server/bot_queue.py``; a simulation's workers, ``sim/runner.py``). And a
process that stops its pool itself ends the workers at once
(:func:`stop_pool`)."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: seconds between a worker's looks at its parent
WATCH_SECONDS = 1.0


def watch_parent(parent: int) -> None:
    """In a worker: exit at once when ``parent`` is no longer its parent."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(0)
    threading.Thread(target=watch, name="dicehall-parent-watch", daemon=True).start()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now, not after the tasks they are running (which
    ``shutdown`` waits for, however long they take), and release its queues:
    a pool left to finish on its own as its process exits leaves its
    semaphores to the resource tracker, which warns of them as leaked."""
    for process in list((pool._processes or {}).values()):     # no public way before Python 3.14
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
