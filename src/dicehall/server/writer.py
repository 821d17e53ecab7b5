"""Storing off the event loop: one writer thread, group commits, and an
answer for every job only once it is on disk.

The event loop hands over jobs that write values it captured when the change
happened, and awaits each job's future before it tells anyone about the
change: a client is told only what is stored. The thread takes every job
waiting at that moment into one transaction (jobs pile up while a commit
runs, so a busy server commits many changes at once), and resolves their
futures after the commit. A job that fails fails alone: the batch is retried
job by job, and only the failed job's future carries the error.

The writer notes the time in the heartbeat row every :data:`HEARTBEAT_SECONDS`
(in the next transaction, or alone when idle), so a restarted server knows
how long it was away, to the second, and gives that time back to the
players' clocks.

When the database cannot be reached (no connection can be had, or the one in
use is lost), the whole batch fails with :class:`DatabaseUnavailable`, and so
does every job from then on, at once, without waiting on the database: one
transaction a heartbeat tries it again, and the first that commits ends the
outage. The writer logs one warning when the outage begins and one when it
ends (:attr:`Writer.available` tells the rest of the server)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Executable, select, update
from sqlalchemy.orm import Session, sessionmaker

from .clock import Clock
from .db import HeartbeatRow

log = logging.getLogger(__name__)

Job = Callable[[Session], Any]
#: an idle writer notes the time this often
HEARTBEAT_SECONDS = 1.0
#: at most this many jobs in one transaction
BATCH_JOBS = 500


class StorageError(Exception):
    """A change could not be stored."""


class DatabaseUnavailable(StorageError):
    """The database cannot be reached now; nothing is stored until it answers."""


@dataclass
class Writes:
    """A job of plain statements with their parameters. In a batch the writer
    merges every job's writes into one ``executemany`` per statement (and set
    of columns), run in the writer's ``order``: a busy server stores hundreds
    of changes in a handful of calls."""

    writes: list[tuple[Executable, dict]]

    def __call__(self, session: Session) -> None:
        for statement, parameters in self.writes:
            session.execute(statement, parameters)


class Writer:
    def __init__(self, sessions: sessionmaker, clock: Clock, order: tuple[Executable, ...] = ()):
        self.sessions = sessions
        self.clock = clock
        #: the order merged statements run in (those not named run last)
        self.order = {statement: rank for rank, statement in enumerate(order)}
        #: when the heartbeat was last written
        self.beaten = -math.inf
        #: while the database cannot be reached: since when, and when it was last
        #: tried (monotonic seconds); ``None`` while it answers
        self.unreachable: float | None = None
        self.tried = -math.inf
        #: (job, its future); ``None`` to stop
        self.queue: queue.SimpleQueue[tuple[Job, Future] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self.run, name="dicehall-writer", daemon=True)
        self.thread.start()

    def submit(self, job: Job) -> Future:
        future: Future = Future()
        self.queue.put((job, future))
        return future

    @property
    def available(self) -> bool:
        """Whether the database answered the last time it was tried."""
        return self.unreachable is None

    async def store(self, job: Job) -> Any:
        """Store a job and return its result once committed; raises
        :class:`StorageError` if it could not be (:class:`DatabaseUnavailable`
        when the database cannot be reached)."""
        try:
            return await asyncio.wrap_future(self.submit(job))
        except StorageError:
            raise
        except Exception as error:
            raise StorageError(str(error)) from error

    async def close(self) -> None:
        """Store what is left, then stop the thread."""
        self.queue.put(None)
        await asyncio.to_thread(self.thread.join)

    def run(self) -> None:
        while True:
            try:
                first = self.queue.get(timeout=HEARTBEAT_SECONDS)
            except queue.Empty:
                self.store_batch([])
                continue
            batch = [first]
            while len(batch) < BATCH_JOBS and not self.queue.empty():
                batch.append(self.queue.get())
            jobs = [item for item in batch if item is not None]
            self.store_batch(jobs)
            if len(jobs) < len(batch):
                return

    def store_batch(self, jobs: list[tuple[Job, Future]]) -> None:
        """The jobs (and the heartbeat) in one transaction; if it fails, each
        job in its own, so that one bad write fails only itself. While the
        database cannot be reached, they all fail at once (tried again once a
        heartbeat)."""
        if self.unreachable is not None and time.monotonic() - self.tried < HEARTBEAT_SECONDS:
            for _, future in jobs:
                settle(future, error=DatabaseUnavailable("the database cannot be reached"))
            return
        began = time.monotonic()
        try:
            results = self.transaction([job for job, _ in jobs])
        except Exception as error:
            if out_of_reach(error):
                self.went_away(error, began)
                refusal = DatabaseUnavailable(f"the database cannot be reached: {reason(error)}")
                for _, future in jobs:
                    settle(future, error=refusal)
                return
            if len(jobs) <= 1:
                log.exception("a write failed")
                for _, future in jobs:
                    settle(future, error=error)
                return
            for job in jobs:
                self.store_batch([job])
            return
        if self.unreachable is not None:
            log.warning("the database answers again after %.1f s: changes are stored again",
                        time.monotonic() - self.unreachable)
            self.unreachable = None
        for (_, future), result in zip(jobs, results):
            settle(future, result)

    def went_away(self, error: BaseException, began: float) -> None:
        """The database could not be reached by the attempt that ``began`` then
        (said once, when the outage begins); it is tried again a heartbeat
        after this attempt ended."""
        self.tried = time.monotonic()
        if self.unreachable is None:
            self.unreachable = began
            log.warning("the database cannot be reached (%s): every change is refused until it answers",
                        reason(error))

    def transaction(self, jobs: list[Job]) -> list[Any]:
        """The jobs in one transaction, with the heartbeat when one is due."""
        now = self.clock.now()
        due = not 0 <= now - self.beaten < HEARTBEAT_SECONDS
        with self.sessions.begin() as session:
            try:
                session.connection()
            except Exception as error:
                raise DatabaseUnavailable(str(error)) from error
            self.merged(session, [job for job in jobs if isinstance(job, Writes)])
            results = [None if isinstance(job, Writes) else job(session) for job in jobs]
            if due:
                beat(session, now)
        if due:
            self.beaten = now
        return results


    def merged(self, session: Session, jobs: list[Writes]) -> None:
        """Every job's writes, one ``executemany`` per statement and set of columns."""
        groups: dict[tuple[Executable, tuple[str, ...]], list[dict]] = {}
        for job in jobs:
            for statement, parameters in job.writes:
                groups.setdefault((statement, tuple(parameters)), []).append(parameters)
        last = len(self.order)
        for (statement, _), parameters in sorted(groups.items(), key=lambda g: self.order.get(g[0][0], last)):
            session.execute(statement, parameters)


def out_of_reach(error: BaseException) -> bool:
    """Whether the error is the database out of reach (no connection to be
    had, or the connection lost on the way), not a job's own failure."""
    return isinstance(error, DatabaseUnavailable) or bool(getattr(error, "connection_invalidated", False))


def reason(error: BaseException) -> str:
    """The driver's own words for a database error, their first line."""
    cause = getattr(error, "orig", None) or error.__cause__ or error
    return str(getattr(cause, "orig", None) or cause).splitlines()[0]


def settle(future: Future, result: Any = None, error: BaseException | None = None) -> None:
    """Resolve a job's future, unless whoever waited for it is gone (the job is stored all the same)."""
    with contextlib.suppress(InvalidStateError):
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)


def beat(session: Session, now: float) -> None:
    if not session.execute(update(HeartbeatRow).where(HeartbeatRow.id == 1).values(at=now)).rowcount:
        session.add(HeartbeatRow(id=1, at=now))


def last_beat(session: Session) -> float | None:
    """When the server last stored anything (``None``: never)."""
    return session.scalar(select(HeartbeatRow.at).where(HeartbeatRow.id == 1))
