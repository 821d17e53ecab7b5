"""The table manager: live tables in memory, their clients, timers and bots.

Every change to a table happens under the table's lock, bumps its version,
is handed to the writer (which stores it in order, in its own thread), and is
sent to each client as that client's own view. Bots think in a worker thread,
so the event loop keeps serving everyone else."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from sqlalchemy.orm import sessionmaker

from ..bots.base import make_bot
from ..engine.errors import DicehallError
from . import ratings, store
from .clock import Clock
from .config import Settings
from .lobby import LobbyError, new_table
from .protocol import CreateTable, JoinRequest, Refused
from .tables import OVER, RUNNING, WAITING, LiveTable, Seat, hash_token, step_rng
from .writer import Writer

log = logging.getLogger(__name__)


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Connection:
    """One client's WebSocket (``send`` takes text): its seat (``None`` for a
    spectator) and a send lock."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None):
        self._send = send
        self.seat = seat
        self.lock = asyncio.Lock()
        #: set once the first state (with the layout) is sent; broadcasts wait for it
        self.ready = False

    async def send(self, message: dict | str) -> None:
        """Send a message, or its text already encoded."""
        async with self.lock:
            await self._send(message if isinstance(message, str) else encode(message))


class TableManager:
    def __init__(self, sessions: sessionmaker, settings: Settings, clock: Clock):
        self.sessions = sessions
        self.settings = settings
        self.clock = clock
        self.tables: dict[str, LiveTable] = {}
        self.connections: dict[str, list[Connection]] = defaultdict(list)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.writer = Writer(sessions)

    # --- loading and storing ------------------------------------------------
    def resume(self) -> None:
        """After a (re)start: load the unfinished tables; their players are
        disconnected from now on, and bots pick up where they must."""
        now = self.clock.now()
        with self.sessions.begin() as session:
            for table_id in store.active_ids(session):
                table = store.load(session, table_id, self.settings.bank_floor_seconds)
                for seat in table.seats:
                    if seat.kind == "human" and seat.disconnected_at is None:
                        seat.disconnected_at = now
                store.save(session, table)
                self.tables[table_id] = table
        for table in self.tables.values():
            self.kick_bots(table)

    def table(self, table_id: str) -> LiveTable:
        if table_id not in self.tables:
            with self.sessions() as session:
                table = store.load(session, table_id, self.settings.bank_floor_seconds)
            if table is None:
                raise LobbyError(404, f"no table {table_id!r}")
            self.tables[table_id] = table
        return self.tables[table_id]

    def visible(self, table_id: str, invite: str | None = None, token: str | None = None) -> LiveTable:
        """The table, if the caller may see it: public, or with its invite code or a seat token."""
        table = self.table(table_id)
        if not (table.public or (invite and secrets.compare_digest(invite, table.invite))
                or table.seat_of(token) is not None):
            raise LobbyError(403, "this table is private: its invite code is needed")
        return table

    def commit(self, table: LiveTable, ended: bool = False) -> None:
        """Hand the table's changes to the writer; a game that just ended updates the ratings."""
        self.writer.submit(store.changes(table))
        if ended:
            players = [(seat.kind, seat.nickname if seat.kind == "human" else seat.level)
                       for seat in table.seats]
            self.writer.submit(partial(ratings.rate_game, game=table.game.name, players=players,
                                       places=table.match.state.places()))

    async def changed(self, table: LiveTable, was: str) -> None:
        """After a change: store, tell every client, let the bots move."""
        self.commit(table, ended=was != OVER and table.status == OVER)
        await self.broadcast(table)
        self.kick_bots(table)

    # --- the lobby ------------------------------------------------------------
    def table_json(self, table: LiveTable) -> dict:
        connected = {c.seat for c in self.connections[table.id] if c.seat is not None}
        return table.to_json(connected)

    def create(self, spec: CreateTable) -> dict:
        table = new_table(spec, self.settings, self.clock.now())
        self.tables[table.id] = table
        self.commit(table)
        return {**self.table_json(table), "invite": table.invite}

    def listing(self) -> list[dict]:
        """Public tables that are not over: waiting ones first, newest first."""
        tables = [t for t in self.tables.values() if t.public and t.status != OVER]
        tables.sort(key=lambda t: (t.status != WAITING, -t.created))
        return [self.table_json(t) for t in tables]

    async def join(self, table_id: str, request: JoinRequest) -> dict:
        table = self.visible(table_id, request.invite)
        async with self.locks[table_id]:
            if table.status != WAITING:
                raise LobbyError(409, "the game has started: seats can no longer be joined")
            if not 0 <= request.seat < len(table.seats) or table.seats[request.seat].kind != "open":
                raise LobbyError(409, f"seat {request.seat} is not an open seat of this table")
            if any(seat.nickname == request.nickname for seat in table.seats):
                raise LobbyError(409, f"the nickname {request.nickname!r} is taken at this table")
            token = secrets.token_urlsafe(24)
            table.seats[request.seat] = Seat("human", nickname=request.nickname, token_hash=hash_token(token))
            table.changed(self.clock.now())
            await self.changed(table, WAITING)
        return {"seat": request.seat, "token": token}

    async def leave(self, table_id: str, token: str) -> dict:
        """Before the start the seat opens again; during the game a bot takes it over."""
        table = self.table(table_id)
        async with self.locks[table_id]:
            seat = self.seat_for(table, token)
            if table.status == WAITING:
                table.seats[seat] = Seat()
            elif table.status == RUNNING:
                table.seats[seat].away = True
            was = table.status
            table.changed(self.clock.now())
            await self.changed(table, was)
        return self.table_json(table)

    async def start(self, table_id: str, token: str) -> dict:
        table = self.table(table_id)
        async with self.locks[table_id]:
            self.seat_for(table, token)
            if table.status != WAITING:
                raise LobbyError(409, "the game has already started")
            open_seats = [i for i, seat in enumerate(table.seats) if seat.kind == "open"]
            if open_seats:
                raise LobbyError(409, f"seats {open_seats} are still open")
            now = self.clock.now()
            connected = {c.seat for c in self.connections[table_id]}
            for index, seat in enumerate(table.seats):
                if seat.kind == "human" and index not in connected:
                    seat.disconnected_at = now
            table.start(now)
            await self.changed(table, WAITING)
        return self.table_json(table)

    @staticmethod
    def seat_for(table: LiveTable, token: str) -> int:
        seat = table.seat_of(token)
        if seat is None:
            raise LobbyError(403, "that token holds no seat at this table")
        return seat

    # --- live play ---------------------------------------------------------------
    async def act(self, table_id: str, seat: int | None, version: int, action: Any) -> None:
        """Apply a client's action, or raise :class:`Refused` changing nothing."""
        table = self.table(table_id)
        async with self.locks[table_id]:
            self.check_turn(table, seat, version)
            try:
                table.act(seat, action, self.clock.now())
            except DicehallError as error:
                raise Refused("illegal", getattr(error, "reason", None) or str(error)) from None
            await self.changed(table, RUNNING)

    @staticmethod
    def check_turn(table: LiveTable, seat: int | None, version: int) -> None:
        if seat is None:
            raise Refused("spectator", "spectators watch; only a seated player acts")
        if table.status == WAITING:
            raise Refused("not-started", "the game has not started yet")
        if table.status == OVER:
            raise Refused("over", "the game is over")
        if version != table.version:
            raise Refused("stale", f"the table is at version {table.version}, not {version}")
        if table.seats[seat].away:
            raise Refused("not-your-turn", "a bot plays this seat since you left; reconnect to take it back")
        if seat not in table.deciders():
            raise Refused("not-your-turn", f"seat {seat} has nothing to decide now")

    async def check_timers(self) -> None:
        """Apply the timeout of every decision past its deadline, and hand the
        seats of players gone longer than the grace period to a bot."""
        now = self.clock.now()
        for table in [t for t in self.tables.values() if t.status == RUNNING]:
            async with self.locks[table.id]:
                if self.expire(table, now):
                    await self.changed(table, RUNNING)

    def expire(self, table: LiveTable, now: float) -> bool:
        changed = False
        grace = self.settings.grace_seconds
        for seat in table.seats:
            gone = seat.disconnected_at is not None and now - seat.disconnected_at >= grace
            if seat.kind == "human" and not seat.away and gone:
                seat.away = changed = True
        if changed:
            table.changed(now)
        while due := [s for s in table.clocks.due(now) if s in table.human_deciders()]:
            table.timeout(due[0], now)
            changed = True
        return changed

    # --- clients -------------------------------------------------------------------
    async def connect(self, table_id: str, send: Callable[[str], Awaitable[None]],
                      token: str | None, invite: str | None) -> Connection:
        """Register a client (a seat's when the token holds one, else a
        spectator) and send it the first state; a returning player reclaims the seat."""
        table = self.visible(table_id, invite, token)
        seat = self.seat_for(table, token) if token else None
        connection = Connection(send, seat)
        async with self.locks[table_id]:
            self.connections[table_id].append(connection)
            if seat is not None:
                await self.reclaim(table, seat)
        try:
            async with self.locks[table_id]:
                await connection.send(self.message(table, seat, first=True))
                connection.ready = True
        except Exception:
            # a socket that closed at once: the seat is not held as connected
            await self.disconnect(table_id, connection)
            raise
        return connection

    async def reclaim(self, table: LiveTable, seat: int) -> None:
        held = table.seats[seat]
        held.disconnected_at = None
        if held.away and table.status == RUNNING:
            held.away = False
            table.changed(self.clock.now())
            await self.changed(table, RUNNING)
        else:
            self.commit(table)
            await self.broadcast(table)

    async def disconnect(self, table_id: str, connection: Connection) -> None:
        async with self.locks[table_id]:
            self.connections[table_id].remove(connection)
            seat = connection.seat
            table = self.tables[table_id]
            if seat is None or any(c.seat == seat for c in self.connections[table_id]):
                return
            table.seats[seat].disconnected_at = self.clock.now()
            self.commit(table)
            await self.broadcast(table)

    def message(self, table: LiveTable, seat: int | None, first: bool = False) -> dict:
        message = {"type": "state", "version": table.version, "table": self.table_json(table),
                   "seat": seat, "view": table.match.state.view(seat), "legal": table.legal(seat),
                   "deadlines": {str(s): at for s, at in table.clocks.deadlines.items()},
                   "banks": {str(s): left for s, left in table.clocks.banks.items()}}
        if first:
            message["layout"] = table.game.layout()
        return message

    async def broadcast(self, table: LiveTable) -> None:
        """Send every client its state; each seat's message (spectators share
        one) is built and encoded once."""
        texts: dict[int | None, str] = {}
        for connection in list(self.connections[table.id]):
            if connection.ready:
                seat = connection.seat
                if seat not in texts:
                    texts[seat] = encode(self.message(table, seat))
                try:
                    await connection.send(texts[seat])
                except Exception:  # a closed socket: its own handler cleans up
                    log.debug("could not send to a client of table %s", table.id)

    # --- bots -------------------------------------------------------------------------
    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot has to move and none is running."""
        task = self.bot_tasks.get(table.id)
        if table.bot_turns(self.settings.takeover_bot) and (task is None or task.done()):
            self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self.run_bots(table))

    async def run_bots(self, table: LiveTable) -> None:
        try:
            while turns := table.bot_turns(self.settings.takeover_bot):
                seat, bot = turns[0]
                state = table.match.state.redacted(seat)
                rng = step_rng(table.seed, len(table.match.entries), f"bot{seat}")
                action_id = await asyncio.to_thread(make_bot(bot).choose, state, seat, rng)
                async with self.locks[table.id]:
                    if seat in table.deciders() and action_id in table.match.state.legal_action_ids(seat):
                        table.act(seat, action_id, self.clock.now())
                        await self.changed(table, RUNNING)
        except Exception:
            log.exception("the bots of table %s stopped", table.id)

    async def settle(self) -> None:
        """Wait until no bot has a move to make (tests use this)."""
        while pending := [task for task in self.bot_tasks.values() if not task.done()]:
            await asyncio.gather(*pending)

    async def close(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self.bot_tasks.values(), return_exceptions=True)
        await self.writer.close()
