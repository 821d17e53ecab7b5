"""The writer while its database cannot be reached (server/writer.py): every
job is refused with DatabaseUnavailable, a batch costs one connection attempt
(not one a job), and later jobs are refused without trying until the next try
a heartbeat on; once the database answers, jobs are stored again. The drill
with two servers and PostgreSQL cut is tests/cluster/test_database_outage.py."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Coroutine

import pytest
from sqlalchemy import event, text
from sqlalchemy.orm import sessionmaker

from dicehall.server import FakeClock
from dicehall.server.db import connect, open_database
from dicehall.server.writer import DatabaseUnavailable, Writer

#: nothing listens there: every connection attempt is refused at once
NOWHERE = "postgresql+psycopg://dicehall:dicehall@127.0.0.1:9/dicehall"


def run_apart(drill: Callable[[], Coroutine]) -> None:
    """``asyncio.run(drill())`` in a thread of its own: in the whole suite the
    e2e tests' Playwright keeps an event loop running in the main thread."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(drill())
        except BaseException as error:
            failed.append(error)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def test_the_writer_refuses_at_once_while_its_database_is_out_and_stores_again_after(tmp_path, caplog):
    pytest.importorskip("psycopg")
    stored = open_database(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    out = connect(NOWHERE)
    attempts = []
    event.listen(out, "do_connect", lambda *args: attempts.append(1))
    writer = Writer(stored, FakeClock())

    def job(session):
        return session.execute(text("SELECT 1")).scalar()

    async def drill() -> None:
        writer.sessions = sessionmaker(out)
        refused = await asyncio.gather(*(writer.store(job) for _ in range(5)), return_exceptions=True)
        assert all(isinstance(error, DatabaseUnavailable) for error in refused), refused
        assert not writer.available and len(attempts) == 1      # one attempt for the batch
        with pytest.raises(DatabaseUnavailable):
            await writer.store(job)
        assert len(attempts) == 1                               # refused without trying
        writer.sessions = stored                                # the database is back
        deadline = time.monotonic() + 30
        while True:
            try:
                assert await writer.store(job) == 1
                break
            except DatabaseUnavailable:
                assert time.monotonic() < deadline, "the writer never tried the database again"
                await asyncio.sleep(0.1)
        assert writer.available
        await writer.close()

    with caplog.at_level(logging.WARNING, logger="dicehall.server.writer"):
        run_apart(drill)
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 2 and "cannot be reached" in said[0] and "answers again" in said[1], said
    assert not any(record.exc_info for record in caplog.records)
    out.dispose()
