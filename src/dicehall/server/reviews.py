"""Post-game reviews of finished tables (``GET /api/tables/{id}/review``).

A review plays thousands of games on from the positions of one (see
:mod:`dicehall.bots.review`), so it is made in a worker process, never on the
server's event loop nor in its threads, and only once the game is over (a
rated game is never reviewed while it is played). A review is made once per
seat and stored with the game; while it is being made, asking again answers
"pending". At most ``review_queue`` reviews wait or are made at once; more
are refused until one is done, so no client can fill the server with them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import sessionmaker
from starlette.concurrency import run_in_threadpool

from ..bots.review import review_json
from ..orphans import stop_pool
from .config import Settings
from .db import ReviewRow
from .lobby import LobbyError
from .processes import worker_pool

log = logging.getLogger(__name__)


class Reviews:
    def __init__(self, sessions: sessionmaker, settings: Settings) -> None:
        self.sessions = sessions
        self.settings = settings
        self.pool: ProcessPoolExecutor | None = None
        #: (table, seat) -> the task making that review
        self.making: dict[tuple[str, int], asyncio.Task] = {}

    async def review(self, table_id: str, seat: int, record: Callable[[], dict]) -> dict | None:
        """The stored review of ``seat`` at the finished table, or ``None`` while
        it is being made (asking starts it, from ``record()``, the game's record
        as JSON). Raises :class:`LobbyError` (503) when too many are being made,
        or storage cannot be read."""
        stored = await run_in_threadpool(self._read, table_id, seat)
        if stored is not None:
            return stored
        key = (table_id, seat)
        if key not in self.making:
            if len(self.making) >= self.settings.review_queue:
                raise LobbyError(503, "the server is making other reviews now; ask again in a minute",
                                 code="busy")
            self.making[key] = asyncio.create_task(self._make(key, record()))
        return None

    async def _make(self, key: tuple[str, int], record: dict) -> None:
        settings = self.settings
        try:
            data = await self.run(review_json, record, key[1], settings.review_rounds, settings.review_width)
            await run_in_threadpool(self._write, key, data)
        except Exception:   # a failed review is made again when asked again
            log.exception("could not make the review of table %s, seat %d", *key)
        finally:
            del self.making[key]

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` in the worker processes (the daily challenge's bot
        games are made there too)."""
        return await asyncio.get_running_loop().run_in_executor(self._pool(), work, *args)

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = worker_pool(max(1, self.settings.review_workers))
        return self.pool

    def _read(self, table_id: str, seat: int) -> dict | None:
        try:
            with self.sessions() as session:
                row = session.get(ReviewRow, (table_id, seat))
                return None if row is None else row.data
        except SQLAlchemyError:
            log.exception("could not read the review of table %s, seat %d", table_id, seat)
            raise LobbyError(503, "the review cannot be read from storage now; try again",
                             code="storage") from None

    def _write(self, key: tuple[str, int], data: dict) -> None:
        with self.sessions() as session:
            session.merge(ReviewRow(table_id=key[0], seat=key[1], data=data, created=time.time()))
            session.commit()

    async def close(self) -> None:
        """Stop making reviews (those unfinished are made again when asked)."""
        for task in list(self.making.values()):
            task.cancel()
        if self.pool is not None:
            stop_pool(self.pool)
