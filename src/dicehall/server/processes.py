"""The server's worker processes (bots, reviews), which must end with it
(:mod:`dicehall.orphans`)."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from ..orphans import watch_parent


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` spawned processes (clean: nothing of the server's state),
    each ending within a second of the server."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=watch_parent, initargs=(os.getpid(),))
