"""What several server processes share through Redis (docs/deploy.md).

Each live table has one owner: the only process that holds it in memory,
applies its actions, runs its timers and bots and writes it to the database
(PostgreSQL). A request for a table that reaches another process is forwarded
to the owner (:mod:`.forward`). Redis holds, under the prefix ``dicehall:``:

``alive:P``
    process P's heartbeat, expiring ``lease_seconds`` after its last beat;
``beat:P`` and ``address:P``
    when P last beat (wall clock: a table taken over from P gets back the time
    it was away) and where its peers reach it;
``owner:T`` and ``owned:P``
    table T's owner, and the tables P owns. The lease of T holds as long as
    its owner's heartbeat does; once that has expired, any process may claim
    T (atomically, in a Lua script) and load it from the database;
``epoch``
    when this Redis first heard a beat. A table that nobody owns (after
    Redis lost its data, say) may be claimed only a lease after that, so every
    live owner has re-asserted its tables first;
``tables`` and the channel ``tables``
    every live table's summary (the lobby, the friends list, "your games"),
    each change published, so every process keeps a current copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass

log = logging.getLogger(__name__)
PREFIX = "dicehall:"
CHANNEL = PREFIX + "tables"

BEAT = """
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('SET', 'dicehall:epoch', ms, 'NX')
redis.call('SET', 'dicehall:alive:' .. ARGV[1], ms, 'PX', ARGV[2])
redis.call('SET', 'dicehall:beat:' .. ARGV[1], ARGV[3])
redis.call('SET', 'dicehall:address:' .. ARGV[1], ARGV[4])
redis.call('SADD', 'dicehall:processes', ARGV[1])
return tonumber(redis.call('GET', 'dicehall:epoch'))
"""

# {1, previous owner or ''}: claimed; {0, owner}: a live process owns it;
# {-1, ''}: nobody owns it, but Redis is too new to be sure
CLAIM = """
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
local key = 'dicehall:owner:' .. ARGV[2]
local owner = redis.call('GET', key)
if owner == ARGV[1] then return {1, ''} end
if owner then
  if redis.call('EXISTS', 'dicehall:alive:' .. owner) == 1 then return {0, owner} end
else
  local epoch = tonumber(redis.call('GET', 'dicehall:epoch') or ms)
  if ms - epoch < tonumber(ARGV[3]) then return {-1, ''} end
end
redis.call('SET', key, ARGV[1])
redis.call('SADD', 'dicehall:owned:' .. ARGV[1], ARGV[2])
if owner then redis.call('SREM', 'dicehall:owned:' .. owner, ARGV[2]) end
return {1, owner or ''}
"""

# the tables of ARGV[2..] that another process owns now (the others are
# re-asserted as ARGV[1]'s: after a Redis restart they were nobody's)
RECONCILE = """
local lost = {}
for i = 2, #ARGV do
  local key = 'dicehall:owner:' .. ARGV[i]
  local owner = redis.call('GET', key)
  if not owner then
    redis.call('SET', key, ARGV[1])
    redis.call('SADD', 'dicehall:owned:' .. ARGV[1], ARGV[i])
  elseif owner ~= ARGV[1] then
    table.insert(lost, ARGV[i])
  end
end
return lost
"""

# release ARGV[2] if ARGV[1] owns it (a claimed id that names no table)
RELEASE = """
local key = 'dicehall:owner:' .. ARGV[2]
if redis.call('GET', key) == ARGV[1] then
  redis.call('DEL', key)
  redis.call('SREM', 'dicehall:owned:' .. ARGV[1], ARGV[2])
end
"""


class ClusterUnavailable(Exception):
    """Redis cannot be reached, or cannot yet tell who owns a table."""


@dataclass
class Claim:
    """The outcome of claiming a table: ``owner`` is who owns it now; when this
    process just took it over from a dead one, ``away`` is how long that one
    had been silent (seconds)."""

    owner: str
    away: float = 0.0


class Cluster:
    """One server process's view of the cluster: its heartbeat, its leases, and
    the summaries of every process's tables (:attr:`directory`)."""

    def __init__(self, url: str, address: str, lease_seconds: float, now: Callable[[], float]):
        import redis.asyncio as redis

        self.redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=2.0,
                                          socket_connect_timeout=2.0, health_check_interval=5)
        self.id = secrets.token_hex(6)
        self.address = address
        self.lease_ms = int(lease_seconds * 1000)
        self.now = now
        self.scripts = {name: self.redis.register_script(text) for name, text in
                        (("beat", BEAT), ("claim", CLAIM), ("reconcile", RECONCILE), ("release", RELEASE))}
        #: every live table's summary, this process's own kept current at once
        self.directory: dict[str, dict] = {}
        #: this process's summaries not yet in Redis (the newest of each table)
        self.unpublished: dict[str, dict | None] = {}
        #: the tables whose summaries this process writes
        self.own: set[str] = set()
        #: the Redis epoch last seen: a new one means Redis lost its data
        self.epoch: int | None = None
        self.flushing = asyncio.Event()
        #: whether the last beat reached Redis (a lost beat resynchronises on return)
        self.healthy = False
        self.tasks: list[asyncio.Task] = []

    # --- heartbeat and leases -------------------------------------------------------
    async def beat(self) -> bool:
        """Renew the heartbeat; ``True`` when Redis is new (or was restarted
        empty) since the last beat, so what it held must be written again."""
        epoch = int(await self.scripts["beat"](args=[self.id, self.lease_ms, self.now(), self.address]))
        renewed, self.epoch = epoch != self.epoch, epoch
        return renewed

    async def claim(self, table_id: str) -> Claim:
        """Take the table if nobody alive owns it; raise :class:`ClusterUnavailable`
        when Redis is down or too new to know."""
        try:
            done, owner = await self.scripts["claim"](args=[self.id, table_id, self.lease_ms])
            if done == -1:
                raise ClusterUnavailable("the servers are resynchronising")
            if done == 0:
                return Claim(owner)
            away = 0.0
            if owner:
                last = await self.redis.get(PREFIX + f"beat:{owner}")
                away = max(0.0, self.now() - float(last)) if last else 0.0
            return Claim(self.id, away)
        except Exception as error:
            if is_redis_error(error):
                raise ClusterUnavailable(str(error)) from None
            raise

    async def take(self, table_id: str) -> None:
        """Own a new table (its id is fresh: nobody else can)."""
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.set(PREFIX + f"owner:{table_id}", self.id, nx=True)
                pipe.sadd(PREFIX + f"owned:{self.id}", table_id)
                await pipe.execute()
        except Exception as error:
            if is_redis_error(error):
                raise ClusterUnavailable(str(error)) from None
            raise

    async def release(self, table_id: str) -> None:
        with contextlib.suppress(Exception):
            await self.scripts["release"](args=[self.id, table_id])

    async def reconcile(self, table_ids: Iterable[str]) -> list[str]:
        """Re-assert this process's tables; the ones another process owns now."""
        ids = list(table_ids)
        lost: list[str] = []
        for start in range(0, len(ids), 500):
            lost += await self.scripts["reconcile"](args=[self.id, *ids[start:start + 500]])
        return lost

    async def owner_address(self, table_id: str) -> str | None:
        """Where the table's owner is reached, if a live process other than
        this one owns it; ``None``: nobody alive, or this process."""
        try:
            owner = await self.redis.get(PREFIX + f"owner:{table_id}")
            if owner is None or owner == self.id:
                return None
            alive, address = await self.redis.mget(PREFIX + f"alive:{owner}", PREFIX + f"address:{owner}")
        except Exception as error:
            if is_redis_error(error):
                raise ClusterUnavailable(str(error)) from None
            raise
        return address if alive is not None else None

    async def orphans(self, candidates: Iterable[str]) -> list[str]:
        """Those of ``candidates`` no live process owns."""
        ids = list(candidates)
        if not ids:
            return []
        owners = await self.redis.mget([PREFIX + f"owner:{t}" for t in ids])
        named = sorted({o for o in owners if o is not None and o != self.id})
        beats = await self.redis.mget([PREFIX + f"alive:{o}" for o in named]) if named else []
        dead = {o for o, beat in zip(named, beats, strict=True) if beat is None}
        return [t for t, o in zip(ids, owners, strict=True) if o is None or o in dead]

    async def forget_dead(self) -> None:
        """Drop the processes whose heartbeat ended and whose tables are all taken."""
        for process in await self.redis.smembers(PREFIX + "processes"):
            if process != self.id and not await self.redis.exists(PREFIX + f"alive:{process}") \
                    and not await self.redis.scard(PREFIX + f"owned:{process}"):
                await self.redis.srem(PREFIX + "processes", process)
                await self.redis.delete(PREFIX + f"beat:{process}", PREFIX + f"address:{process}")

    # --- the directory -------------------------------------------------------------
    def note(self, table_id: str, summary: dict | None) -> None:
        """This process's table changed (``None``: it left the lobby's view)."""
        if summary is None:
            self.directory.pop(table_id, None)
            self.own.discard(table_id)
        else:
            self.directory[table_id] = summary
            self.own.add(table_id)
        self.unpublished[table_id] = summary
        self.flushing.set()

    async def publish(self) -> None:
        """Write and announce the unpublished summaries (kept if Redis fails)."""
        pending, self.unpublished = self.unpublished, {}
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id, summary in pending.items():
                    text = json.dumps({"id": table_id, "by": self.id, "summary": summary},
                                      separators=(",", ":"))
                    if summary is None:
                        pipe.hdel(CHANNEL, table_id)
                    else:
                        pipe.hset(CHANNEL, table_id, text)
                    pipe.publish(CHANNEL, text)
                await pipe.execute()
        except Exception:
            self.unpublished = {**pending, **self.unpublished}
            raise

    def heard(self, text: str) -> None:
        """A summary from Redis (another process's, or an echo of our own)."""
        item = json.loads(text)
        if item["by"] == self.id or item["id"] in self.own:
            return
        if item["summary"] is None:
            self.directory.pop(item["id"], None)
        else:
            self.directory[item["id"]] = item["summary"]

    async def listen(self) -> None:
        """Follow the channel; after each (re)connection, read the whole hash anew."""
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    self.directory = {t: s for t, s in self.directory.items() if t in self.own}
                    for text in (await self.redis.hgetall(CHANNEL)).values():
                        self.heard(text)
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            self.heard(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("lost Redis's table channel (%s); reconnecting", error)
                await asyncio.sleep(0.5)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.redis.delete(PREFIX + f"alive:{self.id}")
        with contextlib.suppress(Exception):
            await self.redis.aclose()


def is_redis_error(error: BaseException) -> bool:
    """Whether Redis failed us (down, gone, too slow), not our own code."""
    from redis.exceptions import RedisError

    return isinstance(error, RedisError | OSError)
