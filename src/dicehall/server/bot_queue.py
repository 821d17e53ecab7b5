"""Bots that think on other hosts: questions queued on Redis for ``dicehall bot-worker``.

With ``bot_queue_url`` set, a server does not think in a pool of its own
processes (:class:`.thinking.BotPool`) but puts each :class:`.thinking.Question`
on the Redis list ``dicehall:bots``, as JSON (never pickle: a worker trusts
nothing it reads), with an id, the list its answer goes to
(``dicehall:answers:P``, one per server process) and when it expires. Any
number of ``dicehall bot-worker`` processes, on any hosts, pop questions
first come first served, think exactly as a local worker does (the same
kept positions, the same seeds, so the same moves) and push the answer; one
task per server process reads its answers and wakes whoever asked.

Every part is bounded: the queue takes at most ``MAX_QUEUED`` questions (more
are refused at once), a question unanswered after ``bot_seconds`` is given up
(:class:`BotsUnavailable`), and a worker drops a question that expired while
it waited, so a backlog left by an outage costs nothing. A worker that dies
mid-question loses only that question: it times out and the bot asks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable
from typing import Any

from ..orphans import watch_parent
from .tables import LiveTable
from .thinking import BotsUnavailable, Question, advise, think

log = logging.getLogger(__name__)
QUEUE = "dicehall:bots"
ANSWERS = "dicehall:answers:"
#: questions the queue holds at most (all servers together)
MAX_QUEUED = 10_000
#: seconds a worker waits on an empty queue before it looks again (and a reader on its answers)
POLL_SECONDS = 1.0

# push ARGV[1] unless the queue is full: 1 when pushed
PUSH = f"""
if redis.call('LLEN', KEYS[1]) >= {MAX_QUEUED} then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[1])
return 1
"""


def question_json(question: Question, kind: str, ident: str, reply: str, expires: float) -> str:
    return json.dumps({"id": ident, "kind": kind, "reply": reply, "expires": expires,
                       "table": question.table, "game": question.game, "options": question.options,
                       "steps": question.steps, "seat": question.seat, "bot": question.bot,
                       "seed": question.seed})


def question_from(data: dict) -> Question:
    """The question of a queued request; ``ValueError`` when it is malformed."""
    steps = data["steps"]
    if not isinstance(steps, list) or not all(
            isinstance(step, list) and len(step) == 2 and isinstance(step[1], str)
            and (step[0] is None or type(step[0]) is int) for step in steps):
        raise ValueError("steps: a list of [seat, notation]")
    fields = {name: data[name] for name in ("table", "game", "seat", "bot", "seed")}
    if not all(isinstance(fields[name], str) for name in ("table", "game", "bot", "seed")) \
            or type(fields["seat"]) is not int or not isinstance(data["options"], dict):
        raise ValueError("table, game, bot and seed are strings, seat an integer, options an object")
    return Question(options=data["options"], steps=tuple((seat, notation) for seat, notation in steps),
                    **fields)


def answer(request: dict) -> dict:
    """What a worker answers a request: the action id (``choose``), the hint's
    id and alternatives (``hint``), or the error that made it fail."""
    try:
        question = question_from(request)
        if request["kind"] == "choose":
            return {"id": request["id"], "action": think(question)}
        if request["kind"] == "hint":
            action, alternatives = advise(question)
            return {"id": request["id"], "action": action, "alternatives": alternatives}
        return {"id": request["id"], "error": f"unknown kind {request['kind']!r}"}
    except Exception as error:      # a bad question must not stop the worker
        return {"id": request.get("id"), "error": f"{type(error).__name__}: {error}"}


class QueuedBots:
    """The server's side: the same calls as :class:`.thinking.BotPool`."""

    def __init__(self, url: str, seconds: float) -> None:
        import redis.asyncio as redis

        self.redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=POLL_SECONDS + 2,
                                          socket_connect_timeout=2.0, health_check_interval=5)
        self.push = self.redis.register_script(PUSH)
        self.seconds = seconds
        self.reply = ANSWERS + secrets.token_hex(6)
        self.waiting: dict[str, asyncio.Future] = {}
        self.reader: asyncio.Task | None = None

    def choose(self, table: LiveTable, seat: int, bot: str) -> Awaitable[int]:
        return self.ask("choose", Question.of(table, seat, bot))

    def hint(self, table: LiveTable, seat: int) -> Awaitable[tuple[int, list[int]]]:
        return self.ask("hint", Question.of(table, seat, "hint"))

    async def ask(self, kind: str, question: Question) -> Any:
        """Queue the question and wait for its answer (at most ``seconds``)."""
        from redis.exceptions import RedisError

        self.start()
        ident = secrets.token_hex(8)
        answered = self.waiting[ident] = asyncio.get_running_loop().create_future()
        try:
            text = question_json(question, kind, ident, self.reply, time.time() + self.seconds)
            try:
                if not await self.push(keys=[QUEUE], args=[text]):
                    raise BotsUnavailable("the bots' queue is full")
            except (RedisError, OSError) as error:
                raise BotsUnavailable(f"the bots' queue cannot be reached: {error}") from None
            try:
                found = await asyncio.wait_for(answered, self.seconds)
            except TimeoutError:
                raise BotsUnavailable(f"no bot worker answered within {self.seconds:g} s") from None
        finally:
            self.waiting.pop(ident, None)
        if "error" in found:
            raise BotsUnavailable(f"the bot worker failed: {found['error']}")
        return found["action"] if kind == "choose" else (found["action"], found["alternatives"])

    async def read(self) -> None:
        """Hand each answer to whoever waits for it (answers nobody waits for any
        more are dropped)."""
        from redis.exceptions import RedisError

        while True:
            try:
                popped = await self.redis.blpop([self.reply], timeout=POLL_SECONDS)
            except (RedisError, OSError) as error:
                log.warning("bot answers: %s; trying again", error)
                await asyncio.sleep(POLL_SECONDS)
                continue
            if popped is None:
                continue
            with contextlib.suppress(ValueError, KeyError, TypeError):
                found = json.loads(popped[1])
                waiter = self.waiting.get(found["id"])
                if waiter is not None and not waiter.done():
                    waiter.set_result(found)

    def start(self) -> None:
        if self.reader is None:
            self.reader = asyncio.get_running_loop().create_task(self.read())

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
        await self.redis.aclose()


def work(url: str, stop: Any) -> None:
    """A bot worker's loop: pop a question, think, push the answer; until
    ``stop`` (a threading or multiprocessing Event) is set."""
    import redis
    from redis.exceptions import RedisError

    client = redis.Redis.from_url(url, decode_responses=True, socket_timeout=POLL_SECONDS + 2,
                                  socket_connect_timeout=2.0, health_check_interval=5)
    while not stop.is_set():
        try:
            popped = client.blpop([QUEUE], timeout=POLL_SECONDS)
        except (RedisError, OSError) as error:
            log.warning("bot worker: %s; trying again", error)
            time.sleep(POLL_SECONDS)
            continue
        if popped is not None:
            handle(client, popped[1])


def work_in_process(url: str, stop: Any) -> None:
    """:func:`work` as one of ``dicehall bot-worker``'s processes: Ctrl-C
    reaches the whole process group, but only the parent stops the workers;
    a worker whose parent died (kill -9) stops within a second too."""
    import os
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent(os.getppid())
    work(url, stop)


def handle(client: Any, text: str) -> None:
    """Answer one queued request, unless it is malformed or expired."""
    try:
        request = json.loads(text)
        reply, expires = request["reply"], float(request["expires"])
    except (ValueError, KeyError, TypeError):
        log.warning("bot worker: dropped a malformed request")
        return
    if not (isinstance(reply, str) and reply.startswith(ANSWERS)) or time.time() > expires:
        return
    client.rpush(reply, json.dumps(answer(request)))
    client.expire(reply, 60)
