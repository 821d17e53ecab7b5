"""Storing off the event loop: one writer thread, one transaction per batch.

The event loop hands over jobs that write values it captured when the change
happened; the thread runs them in the order given, every job waiting at that
moment (or arriving within :data:`BATCH_SECONDS` of the first) in one
transaction. So a slow commit (an fsync at a SQLite checkpoint,
a remote PostgreSQL) delays storing, never the game."""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable

from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger(__name__)

Job = Callable[[Session], None]
#: how long the writer gathers jobs after the first: one commit for all of them
BATCH_SECONDS = 0.01


class Writer:
    def __init__(self, sessions: sessionmaker):
        self.sessions = sessions
        #: jobs; an event to set once everything before it is stored; ``None`` to stop
        self.queue: queue.SimpleQueue[Job | threading.Event | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self.run, name="dicehall-writer", daemon=True)
        self.thread.start()

    def submit(self, job: Job) -> None:
        self.queue.put(job)

    async def flush(self) -> None:
        """Wait until every job submitted so far is stored."""
        done = threading.Event()
        self.queue.put(done)
        await asyncio.to_thread(done.wait)

    async def close(self) -> None:
        """Store what is left, then stop the thread."""
        self.queue.put(None)
        await asyncio.to_thread(self.thread.join)

    def run(self) -> None:
        stopping = False
        while not stopping:
            batch = [self.queue.get()]
            time.sleep(BATCH_SECONDS)
            while not self.queue.empty():
                batch.append(self.queue.get())
            stopping = None in batch
            self.store([item for item in batch if callable(item)])
            for item in batch:
                if isinstance(item, threading.Event):
                    item.set()

    def store(self, jobs: list[Job]) -> None:
        """The jobs in one transaction; if it fails, each in its own, so that
        one bad write loses only itself."""
        if not jobs:
            return
        try:
            with self.sessions.begin() as session:
                for job in jobs:
                    job(session)
            return
        except Exception:
            if len(jobs) == 1:
                log.exception("a write failed")
                return
        for job in jobs:
            self.store([job])
