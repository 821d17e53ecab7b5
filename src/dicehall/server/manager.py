"""The table manager: live tables in memory, their clients, timers and bots.

Every change to a table happens under the table's lock, bumps its version and
is stored by the writer; only once it is committed is each client sent its own
view (a client is told only what is stored). Sending never waits on a client:
each connection has a bounded queue drained by its own task (see
:mod:`.live`), and a client that falls too far behind is disconnected. Bots
think in a worker thread, so the event loop keeps serving everyone else."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import secrets
import unicodedata
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import sessionmaker

from ..engine.daily import Challenge, challenge, replayed
from ..engine.errors import DicehallError, OptionError
from ..engine.game import Game
from ..engine.registry import make_game
from . import daily, ratings, store
from .clock import Clock
from .cluster import Cluster, ClusterUnavailable
from .config import Settings
from .limits import AddressBuckets
from .lobby import LobbyError, configure, new_table, table_options
from .protocol import CreateTable, JoinRequest, Refused
from .tables import EXPIRED, OVER, RUNNING, WAITING, LiveTable, Seat, derived_token, hash_token
from .thinking import BotsUnavailable, bots_for
from .writer import StorageError, Writer, last_beat

log = logging.getLogger(__name__)
#: what a table's id can be (``LiveTable.create``: 12 characters of base64url)
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

#: chat lines a state message carries when a client connects
CHAT_HISTORY = 200
CANNOT_READ = "the table cannot be read from storage now; try again"
#: seconds a table's bots wait before they ask again when no bot worker answered
BOTS_RETRY_SECONDS = 2.0
#: close codes: a client too far behind (queue full, or a send too slow), a table closed
TOO_SLOW = (4408, "too far behind: reconnect")
TABLE_CLOSED = (4410, "the table was closed")
MOVED = (1012, "the table moved to another server: reconnecting")


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class Connection:
    """One client at a table: its seat (``None`` for a spectator) and its
    outbound queue. ``send`` never waits: a full queue closes the connection."""

    def __init__(self, seat: int | None, limit: int, address: str | None = None,
                 blocked: frozenset[int] = frozenset()):
        self.seat = seat
        self.address = address
        #: the accounts whose chat this client's account blocked
        self.blocked = blocked
        #: its first state is queued: broadcasts go to it from now on
        self.ready = False
        #: the close code and reason once it is closed
        self.reason = TOO_SLOW
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limit)
        self.closed = False

    def send(self, message: dict | str) -> None:
        """Queue a message, or its text already encoded."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(message if isinstance(message, str) else encode(message))
        except asyncio.QueueFull:
            self.close(TOO_SLOW)

    def close(self, reason: tuple[int, str] = TOO_SLOW, flush: bool = False) -> None:
        """Stop sending (after what is queued, if ``flush``): the pump ends and
        the socket is closed with ``reason`` (the seat stays)."""
        if self.closed:
            return
        self.closed = True
        self.reason = reason
        while not flush and not self.queue.empty():
            self.queue.get_nowait()
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


class TableManager:
    def __init__(self, sessions: sessionmaker, settings: Settings, clock: Clock):
        self.sessions = sessions
        self.settings = settings
        self.clock = clock
        self.tables: dict[str, LiveTable] = {}
        self.connections: dict[str, list[Connection]] = defaultdict(list)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.bot_tasks: dict[str, asyncio.Task] = {}
        #: loop time of each table's last step, for the bots' pace
        self.stepped: dict[str, float] = {}
        #: how many of each table's log entries the broadcasts carried
        self.told: dict[str, int] = {}
        #: quotas: tables each address may still create, its open connections
        self.creating = AddressBuckets(clock, settings.tables_burst, settings.seconds_per_table)
        self.sockets: Counter[str] = Counter()
        self.thinking = asyncio.Semaphore(settings.bot_questions if settings.bot_queue_url
                                          else max(1, settings.bot_workers))
        self.bots = bots_for(settings)
        #: the tasks noting that clients left
        self.leaving: set[asyncio.Task] = set()
        self.writer = Writer(sessions, clock, store.ORDER)
        #: in a cluster: what the processes share (:mod:`.cluster`); else ``None``
        self.cluster: Cluster | None = None
        self.adopting = asyncio.Lock()
        #: one process alone: the summaries of its live tables (a cluster's are shared)
        self.summaries: dict[str, dict] = {}
        #: tables of this process dropped from memory after a failed write: reloaded
        #: (and kept, in a cluster too) at their next use, or by the sweep
        self.dropped: set[str] = set()

    # --- loading and storing ------------------------------------------------
    def resume(self) -> None:
        """After a (re)start: load the unfinished tables; their players are
        disconnected from now on, every running clock and grace period gets
        back the time the server was away, and bots pick up where they must.
        (In a cluster, a process takes the tables nobody owns instead: :meth:`sweep`.)"""
        now = self.clock.now()
        with self.sessions.begin() as session:
            beat = last_beat(session)
            away = max(0.0, now - beat) if beat is not None else 0.0
            for table_id in store.active_ids(session):
                self.tables[table_id] = self.revived(session, table_id, away, now)
        for table in self.tables.values():
            self.note(table)
            self.kick_bots(table)

    def revived(self, session: Any, table_id: str, away: float, now: float) -> LiveTable | None:
        """A table loaded to be played on after ``away`` seconds without a server."""
        table = store.load(session, table_id, self.settings.bank_floor_seconds)
        if table is None or table.status not in (WAITING, RUNNING):
            return table
        table.clocks.shift(away)
        table.touched = now
        for seat in table.seats:
            if seat.kind == "human":  # the grace period does not count the time away either
                gone = seat.disconnected_at
                seat.disconnected_at = now if gone is None else gone + away
        store.save(session, table)
        return table

    # --- in a cluster (docs/deploy.md) ------------------------------------------
    async def adopt(self, table_id: str) -> str | None:
        """Before a request for the table: ``None`` when this process serves it
        (it owns it, or took it over now), else the owner's address to forward
        to; :class:`ClusterUnavailable` when nobody can tell."""
        cluster = self.cluster
        if cluster is None or table_id in self.tables or table_id in self.dropped:
            return None
        if address := await cluster.owner_address(table_id):
            return address
        async with self.adopting:
            if table_id in self.tables:
                return None
            if not self.writer.available:
                raise LobbyError(503, CANNOT_READ, code="storage")
            claim = await cluster.claim(table_id)
            if claim.owner != cluster.id:
                if address := await cluster.owner_address(table_id):
                    return address
                raise ClusterUnavailable("the table's owner just went away")
            try:
                table = await asyncio.to_thread(self.revive, table_id, claim.away)
            except Exception as error:
                log.warning("could not take table %s over: %s", table_id, error)
                await cluster.release(table_id)
                raise LobbyError(503, CANNOT_READ, code="storage") from None
            if table is None:                      # no such table: the handler says so
                await cluster.release(table_id)
                return None
            self.tables[table_id] = table
            log.info("took over table %s (its server was away %.1f s)", table_id, claim.away)
        self.note(table)
        self.kick_bots(table)
        return None

    async def own(self, table: LiveTable) -> None:
        """A new table is this process's from before it is stored (else another
        could take it from the database as nobody's)."""
        if self.cluster is None:
            return
        try:
            await self.cluster.take(table.id)
        except ClusterUnavailable:
            raise LobbyError(503, "the servers cannot agree on who serves a new table now; try again",
                             code="cluster") from None

    def revive(self, table_id: str, away: float) -> LiveTable | None:
        with self.sessions.begin() as session:
            return self.revived(session, table_id, away, self.clock.now())

    async def drop(self, table_id: str) -> None:
        """Another process owns the table now (this one was cut off too long):
        forget it, and send its clients to reconnect (they reach the owner)."""
        async with self.locks[table_id]:
            self.tables.pop(table_id, None)
            self.dropped.discard(table_id)
            if task := self.bot_tasks.pop(table_id, None):
                task.cancel()
            for connection in self.connections.pop(table_id, []):
                connection.close(MOVED, flush=True)
        if self.cluster:
            self.cluster.own.discard(table_id)
        log.warning("table %s is served by another process now", table_id)

    async def keep_cluster(self) -> None:
        """The heartbeat: renew this process's leases and give up the tables
        another process owns now. After Redis comes back empty, its summaries
        are written again. Beside it, :meth:`sweep` takes the tables whose owner
        died, apart: waiting on the database never delays a beat."""
        cluster = self.cluster
        assert cluster is not None
        interval = self.settings.lease_seconds / 3
        sweeping = asyncio.create_task(self.keep_sweeping(interval))
        try:
            while True:
                try:
                    if await cluster.beat():
                        for table in list(self.tables.values()):
                            self.note(table)
                    for table_id in await cluster.reconcile([*self.tables, *self.dropped]):
                        await self.drop(table_id)
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    log.warning("cluster heartbeat failed: %s", error)
                await asyncio.sleep(interval)
        finally:
            sweeping.cancel()

    async def keep_sweeping(self, interval: float) -> None:
        """:meth:`sweep` every ``interval`` while the database answers."""
        while True:
            try:
                if self.writer.available:
                    await self.sweep()
            except asyncio.CancelledError:
                raise
            except OperationalError:        # the database out of reach: the writer says so
                pass
            except Exception as error:
                log.warning("could not sweep the tables: %s", str(error).splitlines()[0])
            await asyncio.sleep(interval)

    async def sweep(self) -> None:
        """Take over the unfinished tables that no live process owns (or that
        nobody owns once Redis has been up a lease), and load again this
        process's tables dropped after a failed write, so that their timers and
        bots go on even if no client comes."""
        def candidates() -> list[str]:
            with self.sessions() as session:
                return [t for t in store.active_ids(session) if t not in self.tables]
        assert self.cluster is not None
        for table_id in list(self.dropped):
            await self.reload(table_id)
        for table_id in await self.cluster.orphans(await asyncio.to_thread(candidates)):
            with contextlib.suppress(ClusterUnavailable):
                await self.adopt(table_id)
        await self.cluster.forget_dead()

    async def reload(self, table_id: str) -> None:
        """A table dropped after a failed write, loaded again off the event loop."""
        async with self.locks[table_id]:
            if table_id not in self.dropped:
                return
            table = await asyncio.to_thread(self.stored, table_id)
            self.dropped.discard(table_id)
            if table is None or table_id in self.tables:    # a client's use reloaded it meanwhile
                return
            self.tables[table_id] = table
        self.note(table)
        self.kick_bots(table)

    async def keep_publishing(self) -> None:
        """Write the changed summaries to Redis as they come (coalesced)."""
        cluster = self.cluster
        assert cluster is not None
        while True:
            await cluster.flushing.wait()
            cluster.flushing.clear()
            try:
                await cluster.publish()
            except Exception as error:
                log.warning("could not publish table summaries: %s", error)
                await asyncio.sleep(0.5)
                cluster.flushing.set()

    # --- the tables ----------------------------------------------------------------
    def table(self, table_id: str) -> LiveTable:
        """The live table (loaded from storage if need be). In a cluster, a
        table this process does not own is only read: a copy, not kept."""
        if table_id not in self.tables:
            if not TABLE_ID.fullmatch(table_id):     # no table has such an id: not even asked
                raise LobbyError(404, f"no table {table_id!r}", code="no-table")
            if not self.writer.available:    # never wait on it here, on the event loop
                raise LobbyError(503, CANNOT_READ, code="storage")
            try:
                table = self.stored(table_id)
            except Exception:
                log.exception("could not load table %s", table_id)
                raise LobbyError(503, CANNOT_READ, code="storage") from None
            if table is None:
                raise LobbyError(404, f"no table {table_id!r}", code="no-table")
            if self.cluster is not None and table_id not in self.dropped:
                return table
            self.dropped.discard(table_id)
            self.tables[table_id] = table
        return self.tables[table_id]

    def stored(self, table_id: str) -> LiveTable | None:
        with self.sessions() as session:
            return store.load(session, table_id, self.settings.bank_floor_seconds)

    def visible(self, table_id: str, invite: str | None = None, token: str | None = None,
                account_id: int | None = None) -> LiveTable:
        """The table, if the caller may see it: public, or with its invite code
        or a seat (its token, or the account seated there)."""
        table = self.table(table_id)
        if not (table.public or (invite and secrets.compare_digest(invite.encode(), table.invite.encode()))
                or table.seat_of(token, account_id) is not None):
            raise LobbyError(403, "this table is private: its invite code is needed", code="private")
        return table

    async def store(self, table: LiveTable, ended: bool = False) -> None:
        """Store the table's changes and wait for the commit; a game that just
        ended is rated in the same transaction. If storing fails, the table is
        dropped from memory (the next use reloads what is stored, so nobody
        acts on a state that is not on disk) and :class:`StorageError` raised."""
        write = store.changes(table)
        try:
            if not ended:
                await self.writer.store(write)
                return
            table.result = await self.writer.store(self.rated(table, write))
            table.stored_rows[0]["result"] = table.result
        except StorageError:
            if self.writer.available:        # an outage the writer logs once
                log.exception("could not store table %s; it is reloaded from storage", table.id)
            if self.tables.get(table.id) is table:
                del self.tables[table.id]
                self.dropped.add(table.id)
            raise

    def rated(self, table: LiveTable, write: Any) -> Any:
        """A job that writes the table and, at a rated table, rates its game; it
        returns the table's result with each rated seat's rating before and after."""
        players = [ratings.Player(seat.account_id, seat.level, abandoned=seat.away, address=seat.address)
                   for seat in table.seats]
        places, result = table.match.state.places(), dict(table.result or {})
        variant, now = table.game.variant(), self.clock.now()

        def job(session: Any) -> dict:
            write(session)
            if table.daily:
                daily.finish(session, table)
            result["ratings"] = (ratings.rate_game(session, table.id, table.game.name, variant, players,
                                                   places, now) if table.rated and variant else {})
            store.write_result(session, table.id, result)
            return result
        return job

    async def changed(self, table: LiveTable, was: str) -> None:
        """After a change: store it, then tell every client and let the bots move."""
        await self.store(table, ended=was != OVER and table.status == OVER)
        self.stepped[table.id] = asyncio.get_running_loop().time()
        self.broadcast(table)
        self.kick_bots(table)

    async def refused_storage(self, table_id: str) -> Refused:
        """After a failed write: show every client what is stored, and say why."""
        try:
            table = self.table(table_id)
        except LobbyError:
            pass
        else:
            self.broadcast(table)
            self.kick_bots(table)
        return Refused("storage", "the server could not store that; nothing changed, please try again")

    # --- the lobby ------------------------------------------------------------
    def table_json(self, table: LiveTable) -> dict:
        connected = {c.seat for c in self.connections[table.id] if c.seat is not None}
        return table.to_json(connected)

    async def create(self, spec: CreateTable, address: str | None = None) -> dict:
        """A new table, within the creating address's quotas. With a ``key``,
        the table's id is derived from it, and asking again answers that table."""
        if spec.key is None:
            return await self.make_table(spec, address)
        table_id = derived_token(spec.key, "table")[:12]
        async with self.locks[table_id]:
            try:
                made = self.table(table_id)
            except LobbyError as error:
                if error.status != 404:
                    raise
                return await self.make_table(spec, address, id=table_id)
        return {**self.table_json(made), "invite": made.invite}

    async def make_table(self, spec: CreateTable, address: str | None, **fields: Any) -> dict:
        self.take_quota(address)
        table = new_table(spec, await self.build(spec), self.settings, self.clock.now(), **fields)
        table.creator = address
        table.touched = table.created
        return await self.add(table)

    def take_quota(self, address: str | None) -> None:
        """Count a new table (or a daily game) against the address's quotas."""
        settings = self.settings
        if address is None:
            return
        waiting = sum(s["creator"] == address and s["table"]["status"] == WAITING
                      for s in self.directory.values())
        if waiting >= settings.waiting_tables_per_address:
            raise LobbyError(429, f"at most {waiting} waiting tables from one address: start or "
                                  "leave one first", code="quota-waiting")
        if not self.creating.take(address):
            raise LobbyError(429, "too many tables created from this address: wait a little",
                             code="quota-tables")

    async def build(self, spec: CreateTable) -> Game:
        """Configure the requested game off the event loop, within a time budget
        (an inline sheet is checked and its action tables built here)."""
        try:
            return await asyncio.wait_for(
                asyncio.to_thread(configure, spec.game, table_options(spec)), self.settings.build_seconds)
        except TimeoutError:
            raise LobbyError(400, f"the game took over {self.settings.build_seconds} s to set up: "
                                  "make the sheet or board smaller", code="too-slow-to-set-up") from None

    async def add(self, table: LiveTable) -> dict:
        """Store a new table; it exists (in the lobby and on disk) only once stored."""
        await self.own(table)
        try:
            await self.store(table)
        except StorageError:
            if self.cluster is not None:
                await self.cluster.release(table.id)
            raise LobbyError(503, "the table could not be stored; try again", code="storage") from None
        self.tables[table.id] = table
        self.note(table)
        return {**self.table_json(table), "invite": table.invite}

    @property
    def directory(self) -> dict[str, dict]:
        """Every live table's summary, this process's and (in a cluster) the others'."""
        return self.cluster.directory if self.cluster is not None else self.summaries

    def note(self, table: LiveTable, table_json: dict | None = None) -> None:
        """Keep the table's summary current (after every change and presence);
        ``table_json``: ``self.table_json(table)`` if the caller has it already."""
        summary = self.summary(table, table_json) if table.status in (WAITING, RUNNING) else None
        if self.cluster is not None:
            self.cluster.note(table.id, summary)
        elif summary is None:
            self.summaries.pop(table.id, None)
        else:
            self.summaries[table.id] = summary

    def summary(self, table: LiveTable, table_json: dict | None = None) -> dict:
        """What the lobby, the friends list and "your games" need of a table (as JSON)."""
        present = {table.seats[c.seat].account_id for c in self.connections[table.id] if c.seat is not None}
        present.discard(None)
        return {"table": self.table_json(table) if table_json is None else table_json,
                "invite": table.invite, "creator": table.creator,
                "accounts": [seat.account_id for seat in table.seats], "deciders": list(table.deciders()),
                "deadlines": {str(s): at for s, at in table.clocks.deadlines.items()},
                "present": sorted(present)}

    def listing(self, offset: int = 0, limit: int | None = None) -> list[dict]:
        """Public tables that are not over, a page of them: waiting ones first, newest first."""
        limit = min(limit or self.settings.listing_limit, self.settings.listing_limit)
        tables = [s["table"] for s in self.directory.values() if s["table"]["public"]]
        tables.sort(key=lambda t: (t["status"] != WAITING, -t["created"]))
        return tables[offset:offset + limit]

    def tables_of(self, account_id: int) -> list[dict]:
        """The account's tables not over (waiting or running), each with its
        seat and whether the account has a decision to make there (its turn)."""
        mine = []
        for summary in self.directory.values():
            if account_id in summary["accounts"]:
                seat = summary["accounts"].index(account_id)
                deciders = summary["deciders"]
                mine.append({**summary["table"], "seat": seat, "invite": summary["invite"],
                             "your_turn": seat in deciders, "deciders": deciders,
                             "deadline": summary["deadlines"].get(str(seat))})
        mine.sort(key=lambda item: (not item["your_turn"], item["deadline"] or math.inf, -item["created"]))
        return mine

    def public_seats(self) -> dict[int, list[str]]:
        """Each account's public tables not over (the friends list shows them)."""
        seated: dict[int, list[str]] = defaultdict(list)
        for table_id, summary in self.directory.items():
            if summary["table"]["public"]:
                for account_id in summary["accounts"]:
                    if account_id is not None:
                        seated[account_id].append(table_id)
        return seated

    def accounts_at_tables(self) -> set[int]:
        """The accounts with a browser connected to one of their seats now."""
        return {account for summary in self.directory.values() for account in summary["present"]}

    async def join(self, table_id: str, request: JoinRequest, player: Seat) -> dict:
        """Seat ``player`` (a human :class:`Seat` without a token yet: a guest's
        nickname, or an account's name and id) at the requested seat. With a
        ``key``, asking again answers the same token and changes nothing."""
        table = self.visible(table_id, request.invite)
        derived = derived_token(request.key, table_id) if request.key else None
        async with self.locks[table_id]:
            held = table.seat_of(derived)
            if held == request.seat:                                  # asked again: already seated
                return {"seat": request.seat, "token": derived}
            if held is not None:
                raise LobbyError(409, "that key holds another seat at this table", code="seated")
            if table.status != WAITING:
                raise LobbyError(409, "the game has started: seats can no longer be joined", code="started")
            if not 0 <= request.seat < len(table.seats) or table.seats[request.seat].kind != "open":
                raise LobbyError(409, f"seat {request.seat} is not an open seat of this table",
                                 code="seat-taken")
            if self.reserved(table, request.seat):
                raise LobbyError(409, f"seat {request.seat} is kept for its player's rematch for now",
                                 code="seat-kept")
            if table.rated and player.account_id is None:
                raise LobbyError(403, "a rated table is for accounts: log in (or register) to sit here",
                                 code="account-needed")
            if player.account_id is not None and any(s.account_id == player.account_id for s in table.seats):
                raise LobbyError(409, "you hold a seat at this table already", code="seated")
            if any(seat.nickname == player.nickname for seat in table.seats):
                raise LobbyError(409, f"the nickname {player.nickname!r} is taken at this table",
                                 code="nickname-taken")
            token = await self.seat_player(table, request.seat, player, derived)
        return {"seat": request.seat, "token": token}

    async def seat_player(self, table: LiveTable, seat: int, player: Seat, token: str | None = None) -> str:
        """Seat a player (under the table's lock) with ``token`` or a new one;
        the token counts once stored."""
        token = token or secrets.token_urlsafe(24)
        table.seats[seat] = replace(player, token_hash=hash_token(token))
        table.changed(self.clock.now())
        await self.checked_change(table, WAITING)
        return token

    async def checked_change(self, table: LiveTable, was: str) -> None:
        """:meth:`changed` for lobby calls: a failed write is an HTTP 503."""
        try:
            await self.changed(table, was)
        except StorageError:
            await self.refused_storage(table.id)
            raise LobbyError(503, "the server could not store that; nothing changed, try again",
                             code="storage") from None

    async def leave(self, table_id: str, token: str | None, account_id: int | None = None) -> dict:
        """Before the start the seat opens again; during the game a bot takes it
        over. Leaving again (a request sent twice) answers the table as it is."""
        table = self.table(table_id)
        async with self.locks[table_id]:
            if table.seat_of(token, account_id) is None and table.has_left(token, account_id):
                return self.table_json(table)
            seat = self.seat_for(table, token, account_id)
            if table.status == WAITING:
                table.vacate(seat)
            elif table.status == RUNNING:
                table.seats[seat].away = True
            was = table.status
            table.changed(self.clock.now())
            await self.checked_change(table, was)
        return self.table_json(table)

    async def start(self, table_id: str, token: str | None, account_id: int | None = None) -> dict:
        """Start the game; a game already running (two players clicked, or the
        request was sent again) answers the table as it is."""
        table = self.table(table_id)
        async with self.locks[table_id]:
            self.seat_for(table, token, account_id)
            if table.status == WAITING:
                await self.begin(table)
            elif table.status != RUNNING:
                raise LobbyError(409, "the game is over", code="started")
        return self.table_json(table)

    async def begin(self, table: LiveTable) -> None:
        open_seats = [i for i, seat in enumerate(table.seats) if seat.kind == "open"]
        if open_seats:
            raise LobbyError(409, f"seats {open_seats} are still open", code="seats-open")
        now = self.clock.now()
        connected = {c.seat for c in self.connections[table.id]}
        for index, seat in enumerate(table.seats):
            if seat.kind == "human" and index not in connected:
                seat.disconnected_at = now
        table.start(now)
        await self.checked_change(table, WAITING)

    @staticmethod
    def seat_for(table: LiveTable, token: str | None, account_id: int | None = None) -> int:
        seat = table.seat_of(token, account_id)
        if seat is None:
            raise LobbyError(403, "that token (or your account) holds no seat at this table", code="no-seat")
        return seat

    # --- the daily challenge -------------------------------------------------------
    def today(self) -> date:
        """The day of the challenges now (UTC, by the server's clock)."""
        return datetime.fromtimestamp(self.clock.now(), UTC).date()

    def challenge(self, game: str) -> Challenge:
        try:
            return challenge(game, self.today())
        except OptionError as error:
            raise LobbyError(400, str(error), code="no-daily") from None

    async def daily_table(self, game: str, player: Seat, address: str | None, key: str | None = None) -> dict:
        """A table of its own playing today's challenge of ``game``, started;
        refused if the player (the account, or a guest's nickname) has started
        it today already. An account holds the seat as at any table. With a
        ``key``, asking again answers the table started the first time."""
        found = self.challenge(game)
        self.take_quota(address)
        built = await asyncio.to_thread(found.new_game)
        now = self.clock.now()
        seat = replace(player, kind="human", disconnected_at=now)
        table = LiveTable.create(built, [seat], None, False, now, self.settings.bank_floor_seconds,
                                 seed=found.seed, daily=found.day.isoformat())
        token = derived_token(key, table.id) if key else secrets.token_urlsafe(24)
        table.seats[0].token_hash = hash_token(token)
        table.creator, table.touched = address, now
        table.start(now)
        write = store.changes(table)
        row = daily.entry(found, player, now, status=daily.PLAYING, table_id=table.id)

        def job(session: Any) -> bool | str | None:
            """True once added, else the table of the day's game started before."""
            if not daily.add_entry(session, row):
                return daily.blocking_table(session, row)
            write(session)
            return True
        await self.own(table)
        added = await self.daily_stored(job, found, player)
        if added is not True:
            return self.daily_again(added, key, found, player)
        self.tables[table.id] = table
        self.note(table)
        return {"table": table.id, "seat": 0, "token": token, "invite": table.invite}

    def daily_again(self, table_id: str, key: str | None, found: Challenge, player: Seat) -> dict:
        """The answer to a start of the day's game sent again: the table started
        the first time, if the same key holds its seat; else refused."""
        token = derived_token(key, table_id) if key else None
        table = self.table(table_id) if token else None
        if table is None or not table.seats[0].owns(token):
            raise daily_played(found, player)
        return {"table": table.id, "seat": 0, "token": token, "invite": table.invite}

    async def daily_submit(self, game: str, day: str, player: Seat, moves: list[str],
                           address: str | None) -> dict:
        """A game of today's challenge played elsewhere (``dicehall daily
        --submit``): replayed here on the day's dice, scored, entered once."""
        found = self.challenge(game)
        if day != found.day.isoformat():
            raise LobbyError(409, f"only today's challenge ({found.day.isoformat()}, UTC) takes scores, "
                                  f"not {day}'s", code="daily-day")
        self.take_quota(address)
        try:
            match = await asyncio.to_thread(replayed, found, moves)
        except DicehallError as error:
            raise LobbyError(400, f"these moves are not a game of today's challenge: {error}",
                             code="daily-moves") from None
        score = match.scores()[0]
        row = daily.entry(found, player, self.clock.now(), status=daily.DONE, score=score, moves=moves)
        await self.daily_stored(lambda session: daily.add_entry(session, row), found, player)
        return {"score": score, "verified": player.account_id is not None}

    async def daily_stored(self, job: Any, found: Challenge, player: Seat) -> Any:
        """Run ``job`` in the writer; what it returns, unless that is false (the
        player's entry of the day was there already: refused)."""
        try:
            added = await self.writer.store(job)
        except StorageError:
            raise LobbyError(503, "the game could not be stored; try again", code="storage") from None
        if not added:
            raise daily_played(found, player)
        return added

    # --- rematches -------------------------------------------------------------
    async def rematch(self, table_id: str, token: str | None, account_id: int | None = None) -> dict:
        """Offer or accept a rematch: the first player to ask creates the new
        table (same game, options, timer and bots); each player takes their
        old seat with one call, and the game starts once every seat is taken.
        Asking again (a double click, a browser resending the request whose
        answer it lost) answers the same seat and token and changes nothing."""
        old = self.table(table_id)
        async with self.locks[table_id]:
            seat = self.seat_for(old, token, account_id)
            if old.status != OVER:
                raise LobbyError(409, "a rematch is offered once the game is over", code="not-over")
            if old.daily:
                raise LobbyError(409, "the daily challenge is played once a day: it has no rematch",
                                 code="daily-rematch")
            if old.rematch is None:
                new = self.rematch_table(old)
                await self.add(new)
                old.rematch = new.id
                old.changed(self.clock.now())
                await self.checked_change(old, OVER)
            new = self.table(old.rematch)
        derived = derived_token(token, new.id) if token else None
        async with self.locks[new.id]:
            if new.seat_of(derived, account_id) == seat:          # asked again: already seated
                return {"table": new.id, "seat": seat, "token": derived}
            if new.seats[seat].kind != "open" or new.status != WAITING:
                raise LobbyError(409, "your seat at the rematch is no longer free", code="rematch-taken")
            player = replace(old.seats[seat], away=False, disconnected_at=None)
            new_token = await self.seat_player(new, seat, player, derived)
            if all(s.kind != "open" for s in new.seats):
                await self.begin(new)
        async with self.locks[table_id]:
            old.changed(self.clock.now())
            await self.checked_change(old, OVER)
        return {"table": new.id, "seat": seat, "token": new_token}

    def rematch_table(self, old: LiveTable) -> LiveTable:
        seats = [Seat("bot", seat.level) if seat.kind == "bot" else Seat() for seat in old.seats]
        table = LiveTable.create(make_game(old.game.name, old.game.record_options()), seats, old.clocks.timer,
                                 old.public, self.clock.now(), self.settings.bank_floor_seconds,
                                 rated=old.rated)
        table.rematch_of = old.id
        return table

    def reserved(self, table: LiveTable, seat: int) -> bool:
        """Whether an open seat is kept for the player who held it in the game
        this table is the rematch of."""
        if table.rematch_of is None or self.clock.now() - table.created > self.settings.rematch_hold_seconds:
            return False
        return self.table(table.rematch_of).seats[seat].kind == "human"

    def rematch_json(self, table: LiveTable) -> dict | None:
        new = self.tables.get(table.rematch) if table.rematch else None
        if new is None:
            return None
        return {"table": new.id, "seats": [i for i, (was, now) in enumerate(zip(table.seats, new.seats))
                                           if was.kind == "human" and now.kind == "human"]}

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
            try:
                await self.changed(table, RUNNING)
            except StorageError:
                raise await self.refused_storage(table_id) from None

    async def hint(self, table_id: str, seat: int | None, version: int) -> dict:
        """The hard level's advice for a player's decision (docs/server.md,
        "Hints"), thought where the bots think; the first hint of a seat is stored
        with the table before it is given, and the table shows it from then on."""
        table = self.table(table_id)
        async with self.locks[table_id]:
            if not table.hints_allowed:
                raise Refused("no-hints", "rated games and the daily challenge are played without hints")
            self.check_turn(table, seat, version)
            asked = self.bots.hint(table, seat)      # the question is put now, at this version
            if seat not in table.hints:
                table.hints = sorted({*table.hints, seat})
                try:
                    await self.store(table)
                except StorageError:
                    raise await self.refused_storage(table_id) from None
        async with self.thinking:
            try:
                action, alternatives = await asked
            except BotsUnavailable as error:
                raise Refused("bots-unavailable", f"no hint now: {error}") from None
        game = table.game
        return {"type": "hint", "version": version, "seat": seat, "action": game.action_json(action),
                "alternatives": [game.action_json(other) for other in alternatives]}

    @staticmethod
    def check_turn(table: LiveTable, seat: int | None, version: int) -> None:
        if seat is None:
            raise Refused("spectator", "spectators watch; only a seated player acts")
        if table.status == WAITING:
            raise Refused("not-started", "the game has not started yet")
        if table.status == OVER:
            raise Refused("over", "the game is over")
        if table.seats[seat].away:
            raise Refused("not-your-turn", "a bot plays this seat since you left; reconnect to take it back")
        if seat not in table.deciders():
            raise Refused("not-your-turn", f"seat {seat} has nothing to decide now")
        if not table.decision_since(seat) <= version <= table.version:
            raise Refused("stale", f"your decision changed at version {table.decision_since(seat)}; "
                                   f"you sent version {version}")

    async def say(self, table_id: str, seat: int | None, text: str) -> None:
        """A chat line from a seated player or a spectator, stored, then sent to everyone."""
        text = clean_chat(text)
        limit = self.settings.chat_length
        if not text:
            raise Refused("malformed", "a chat line needs some text")
        if len(text) > limit:
            raise Refused("chat-too-long", f"a chat line has at most {limit} characters")
        table = self.table(table_id)
        async with self.locks[table_id]:
            name = (table.seats[seat].nickname or "") if seat is not None else ""
            line = table.say(seat, name, text, self.clock.now())
            try:
                await self.store(table)
            except StorageError:
                raise await self.refused_storage(table_id) from None
            speaker = table.seats[seat].account_id if seat is not None else None
            for connection in list(self.connections[table_id]):
                if connection.ready and speaker not in connection.blocked:
                    connection.send({"type": "chat", **line})

    async def check_timers(self) -> None:
        """Apply the timeout of every decision past its deadline, and hand the
        seats of players gone longer than the grace period to a bot. Tables
        are handled side by side, each under its own lock only."""
        now = self.clock.now()
        due = [t for t in self.tables.values() if t.status == RUNNING and self.expiring(t, now)]
        idle = [t for t in self.tables.values() if t.status == WAITING and now - t.touched > (
            self.settings.turn_waiting_seconds if t.turn_based else self.settings.waiting_expiry_seconds)]
        await asyncio.gather(*(self.expire_table(t) for t in due), *(self.close_idle(t) for t in idle))

    async def close_idle(self, table: LiveTable) -> None:
        """Close a waiting table nobody touched for long: its clients are told, then let go."""
        async with self.locks[table.id]:
            if self.tables.get(table.id) is not table or table.status != WAITING:
                return
            table.status = EXPIRED
            table.changed(self.clock.now())
            try:
                await self.store(table)
            except StorageError:
                return
            self.broadcast(table)
            for connection in self.connections.pop(table.id, []):
                connection.close(TABLE_CLOSED, flush=True)
            del self.tables[table.id]

    def expiring(self, table: LiveTable, now: float) -> bool:
        return bool(table.clocks.due(now)) or bool(self.gone(table, now))

    def gone(self, table: LiveTable, now: float) -> list[Seat]:
        """The players away longer than the grace period, whose seats a bot
        takes over; at a turn-based table players come and go: nobody."""
        if table.turn_based:
            return []
        grace = self.settings.grace_seconds
        return [seat for seat in table.seats if seat.kind == "human" and not seat.away
                and seat.disconnected_at is not None and now - seat.disconnected_at >= grace]

    async def expire_table(self, table: LiveTable) -> None:
        async with self.locks[table.id]:
            if self.tables.get(table.id) is table and self.expire(table, self.clock.now()):
                try:
                    await self.changed(table, RUNNING)
                except StorageError:
                    await self.refused_storage(table.id)

    def expire(self, table: LiveTable, now: float) -> bool:
        changed = False
        for seat in self.gone(table, now):
            seat.away = changed = True
        if changed:
            table.changed(now)
        while due := [s for s in table.clocks.due(now) if s in table.human_deciders()]:
            table.timeout(due[0], now)
            changed = True
        return changed

    # --- clients -------------------------------------------------------------------
    async def connect(self, table_id: str, token: str | None, invite: str | None,
                      address: str | None = None, account_id: int | None = None,
                      blocked: frozenset[int] = frozenset()) -> Connection:
        """Register a client (a seat's when the token or the logged-in account
        holds one, else a spectator) and queue its first state; a returning
        player reclaims the seat."""
        table = self.visible(table_id, invite, token, account_id)
        seat = self.seat_for(table, token) if token else table.seat_of(None, account_id)
        if address is not None and self.sockets[address] >= self.settings.connections_per_address:
            raise LobbyError(429, "too many connections from this address", code="quota-connections")
        connection = Connection(seat, self.settings.outbound_messages, address, blocked)
        async with self.locks[table_id]:
            table = self.table(table_id)
            spectators = sum(c.seat is None for c in self.connections[table_id])
            if seat is None and spectators >= self.settings.max_spectators:
                raise LobbyError(429, "this table has as many spectators as it admits",
                                 code="spectators-full")
            self.connections[table_id].append(connection)  # counted as present, not yet sent to
            if address is not None:
                self.sockets[address] += 1
            try:
                if seat is not None:
                    await self.reclaim(table, seat)
                first = self.message(self.table(table_id), seat, first=True)
                first["chat"] = unblocked(table, first["chat"], connection.blocked)
                connection.send(first)
            except BaseException:  # the client left (or the server stops) while it came
                self.let_go(table_id, connection)
                raise
            connection.ready = True
        return connection

    async def reclaim(self, table: LiveTable, seat: int) -> None:
        held = table.seats[seat]
        held.disconnected_at = None
        try:
            if held.away and table.status == RUNNING:
                held.away = False
                table.changed(self.clock.now())
                await self.changed(table, RUNNING)
            else:
                await self.store(table)
                self.broadcast(table)
        except StorageError:
            await self.refused_storage(table.id)

    def let_go(self, table_id: str, connection: Connection) -> None:
        """A client's socket is done: stop sending to it at once, and note the
        seat's absence in a task of its own (the socket's handler may be
        cancelled at any moment)."""
        connection.close()
        task = asyncio.get_running_loop().create_task(self.disconnect(table_id, connection))
        self.leaving.add(task)
        task.add_done_callback(self.leaving.discard)

    async def disconnect(self, table_id: str, connection: Connection) -> None:
        connection.close()
        if connection.address is not None:
            self.sockets[connection.address] -= 1
            if self.sockets[connection.address] <= 0:
                del self.sockets[connection.address]
        async with self.locks[table_id]:
            if connection in self.connections[table_id]:
                self.connections[table_id].remove(connection)
            seat = connection.seat
            table = self.tables.get(table_id)
            if table is None or seat is None or any(c.seat == seat for c in self.connections[table_id]):
                return
            table.seats[seat].disconnected_at = self.clock.now()
            try:
                await self.store(table)
            except StorageError:
                await self.refused_storage(table_id)
                return
            self.broadcast(table)

    def message(self, table: LiveTable, seat: int | None, first: bool = False, log_from: int = 0) -> dict:
        """The ``state`` message for ``seat`` (docs/server.md): what every
        seat is told alike (:meth:`common`), and the seat's view and legal actions."""
        return {**self.common(table, first, log_from), "seat": seat, "view": table.match.state.view(seat),
                "legal": table.legal(seat)}

    def common(self, table: LiveTable, first: bool = False, log_from: int = 0,
               table_json: dict | None = None) -> dict:
        """The part of a ``state`` message that is the same for every seat
        (``table_json``: ``self.table_json(table)`` if the caller has it already)."""
        message = {"type": "state", "version": table.version,
                   "table": self.table_json(table) if table_json is None else table_json,
                   "deadlines": {str(s): at for s, at in table.clocks.deadlines.items()},
                   "banks": {str(s): left for s, left in table.clocks.banks.items()},
                   "log": table.log[0 if first else log_from:], "rematch": self.rematch_json(table)}
        if table.status == OVER:
            message["summary"] = table.summary()
        if first:
            message["layout"] = table.layout
            message["chat"] = table.chat[-CHAT_HISTORY:]
        return message

    def state_texts(self, table: LiveTable, seats: list[int | None], log_from: int,
                    table_json: dict) -> dict[int | None, str]:
        """Each seat's :meth:`message` (after the log entry ``log_from``) as
        the JSON text a broadcast sends, built with as little work as the
        seats share: :meth:`common` is encoded once for all, the views come
        from one ``state.views``, and each seat's legal actions are the text
        kept with its decision (``table.legal_text``: encoded once a decision,
        not once a broadcast). The same message as :meth:`message`, its keys
        in another order."""
        views = table.match.state.views(seats)
        common = encode(self.common(table, log_from=log_from, table_json=table_json))[:-1]
        return {seat: f'{common},"seat":{encode(seat)},"view":{encode(views[seat])},'
                      f'"legal":{table.legal_text(seat)}}}'
                for seat in seats}

    def broadcast(self, table: LiveTable) -> None:
        """Queue every client its state (never waiting on a client): each
        seat's message (spectators share one) is built and encoded once
        (:meth:`state_texts`) and carries the log entries new since the last
        broadcast; the table's JSON is built once for them and the lobby's
        summary."""
        table_json = self.table_json(table)
        self.note(table, table_json)
        connections = [c for c in self.connections[table.id] if c.ready]
        seats = list(dict.fromkeys(c.seat for c in connections))
        texts = self.state_texts(table, seats, self.told.get(table.id, 0), table_json) if seats else {}
        for connection in connections:
            connection.send(texts[connection.seat])
        self.told[table.id] = len(table.log)

    # --- bots -------------------------------------------------------------------------
    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot has to move and none is running."""
        task = self.bot_tasks.get(table.id)
        if table.bot_turns(self.settings.takeover_bot) and (task is None or task.done()):
            self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self.run_bots(table))

    def pace(self, table: LiveTable) -> float:
        """Seconds between a bot's step and the one before: people must be able to follow."""
        present = any(seat.kind == "human" and not seat.away for seat in table.seats)
        return self.settings.bot_pace if present else 0.0

    async def run_bots(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        try:
            takeover = self.settings.takeover_bot
            while self.tables.get(table.id) is table and (turns := table.bot_turns(takeover)):
                seat, bot = turns[0]
                async with self.thinking:
                    version = table.version
                    if turns != table.bot_turns(takeover):    # the table moved on while it queued
                        continue
                    try:
                        action_id = await self.bots.choose(table, seat, bot)
                    except BotsUnavailable as error:
                        log.warning("the bots of table %s wait: %s", table.id, error)
                        action_id = None
                if action_id is None:       # ask again later, not holding a place in the queue
                    await asyncio.sleep(BOTS_RETRY_SECONDS)
                    continue
                wait = self.stepped.get(table.id, 0.0) + self.pace(table) - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                async with self.locks[table.id]:
                    if table.version == version and self.tables.get(table.id) is table:
                        table.act(seat, action_id, self.clock.now())
                        await self.changed(table, RUNNING)
        except StorageError:
            await self.refused_storage(table.id)
        except Exception:
            log.exception("the bots of table %s stopped", table.id)

    async def settle(self) -> None:
        """Wait until no bot has a move to make and every client that left is
        noted as gone (tests use this)."""
        while pending := [task for task in [*self.bot_tasks.values(), *self.leaving] if not task.done()]:
            await asyncio.gather(*pending)

    async def close(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self.bot_tasks.values(), *self.leaving, return_exceptions=True)
        await self.bots.close()
        await self.writer.close()


def daily_played(found: Challenge, player: Seat) -> LobbyError:
    return LobbyError(409, f"{player.nickname!r} has played today's {found.game} challenge already: "
                           "one game a day (the dice would be the same)", code="daily-played")


def unblocked(table: LiveTable, lines: list[dict], blocked: frozenset[int]) -> list[dict]:
    """The chat lines not said by a blocked account."""
    if not blocked:
        return lines
    return [line for line in lines
            if line["seat"] is None or table.seats[line["seat"]].account_id not in blocked]


def clean_chat(text: str) -> str:
    """A chat line as plain text: control and invisible format characters go,
    white space is folded."""
    kept = "".join(" " if char.isspace() else char for char in text
                   if char.isspace() or not unicodedata.category(char).startswith("C"))
    return " ".join(kept.split())
