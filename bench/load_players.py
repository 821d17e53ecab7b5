"""The load generator of ``server_load.py``: table slots played bot against bot.

Each slot creates a 2-player table over HTTP, joins both seats, connects one
WebSocket per seat, starts the game and plays it: a seat that has a decision
waits a think time, then sends a random legal action with the state's version.
The latency of an action is the time from sending it to receiving the
``state`` broadcast with a newer version. A finished game is replaced by a new
table while the run lasts. Every wait is bounded, so a slot ends by itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

#: seconds without any message before a seat gives its table up
RECEIVE_TIMEOUT = 15.0
#: seconds a slot waits after a failed setup before it tries again
RETRY_DELAY = 1.0


@dataclass
class Run:
    """The run's clock and its measurements. The window opens once every slot
    plays (or the ramp-up time is over) and lasts ``seconds``."""

    seconds: float
    window_start: float | None = None
    #: (time sent, latency) of every acknowledged action
    latencies: list[tuple[float, float]] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    playing: int = 0
    games_finished: int = 0
    tables_created: int = 0

    def open_window(self) -> None:
        self.window_start = time.perf_counter()

    def stopping(self) -> bool:
        return self.left() <= 0

    def left(self) -> float:
        """Seconds until the run stops (infinite before the window opens)."""
        if self.window_start is None:
            return math.inf
        return self.window_start + self.seconds - time.perf_counter()

    def in_window(self, sent: float) -> bool:
        return self.window_start is not None and self.window_start <= sent < self.window_start + self.seconds


async def setup_table(http: httpx.AsyncClient, game: str, slot: int) -> tuple[str, list[str]]:
    """A new table with both seats joined: its id and the two seat tokens."""
    body = {"game": game, "seats": [{"kind": "open"}, {"kind": "open"}],
            "timer": {"kind": "move", "seconds": 60}}
    response = await http.post("/api/tables", json=body)
    response.raise_for_status()
    table_id = response.json()["id"]
    tokens = []
    for seat in (0, 1):
        response = await http.post(f"/api/tables/{table_id}/join",
                                   json={"seat": seat, "nickname": f"load{slot}-{seat}"})
        response.raise_for_status()
        tokens.append(response.json()["token"])
    return table_id, tokens


async def receive(socket: ClientConnection, run: Run, waiting: bool) -> dict | None:
    """The next message; ``None`` when the run stops first and this seat
    waits for no broadcast of its own action."""
    timeout = RECEIVE_TIMEOUT if waiting else max(0.0, min(RECEIVE_TIMEOUT, run.left()))
    try:
        return json.loads(await asyncio.wait_for(socket.recv(), timeout))
    except TimeoutError:
        if waiting or not run.stopping():
            raise
        return None


async def play_seat(socket: ClientConnection, run: Run, think: float, rng: random.Random) -> bool:
    """Play one seat until the game is over (``True``), or until the run stops
    and no action of this seat is waiting for its broadcast (``False``)."""
    latest = await receive(socket, run, waiting=True)  # the first state comes at once
    acted, sent_at = -1, None
    while True:
        if latest["table"]["status"] == "over":
            return True
        if run.stopping() and sent_at is None:
            return False
        if latest["legal"] and latest["version"] > acted and not run.stopping():
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if run.stopping():
                return False
            action = rng.choice(latest["legal"])["id"]
            await socket.send(json.dumps({"type": "action", "version": latest["version"], "action": action}))
            acted, sent_at = latest["version"], time.perf_counter()
        message = await receive(socket, run, waiting=sent_at is not None)
        if message is None:
            return False
        if message["type"] == "error":
            run.errors[message["code"]] += 1
            if message["version"] == latest["version"]:
                acted, sent_at = -1, None  # refused: decide again on the same state
        elif message["type"] == "state":
            if sent_at is not None and message["version"] > acted:
                run.latencies.append((sent_at, time.perf_counter() - sent_at))
                sent_at = None
            latest = message


async def play_table(slot: int, base: str, http: httpx.AsyncClient, gate: asyncio.Semaphore,
                     game: str, run: Run, think: float, rng: random.Random) -> bool:
    """Set a table up (at most ``gate`` slots at once) and play it; ``True`` if the game ended."""
    async with contextlib.AsyncExitStack() as stack:
        async with gate:
            table_id, tokens = await setup_table(http, game, slot)
            run.tables_created += 1
            url = f"ws://{base}/ws/tables/{table_id}?token="
            sockets = [await stack.enter_async_context(connect(url + token, proxy=None, ping_interval=None))
                       for token in tokens]
            seats = [asyncio.create_task(play_seat(socket, run, think, rng)) for socket in sockets]
            for seat in seats:
                stack.callback(seat.cancel)
            response = await http.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
            response.raise_for_status()
        run.playing += 1
        try:
            return all(await asyncio.gather(*seats))
        finally:
            run.playing -= 1


async def run_slot(slot: int, base: str, http: httpx.AsyncClient, gate: asyncio.Semaphore,
                   game: str, run: Run, think: float) -> None:
    """Keep one table in play until the run stops."""
    rng = random.Random(slot)
    while not run.stopping():
        try:
            run.games_finished += await play_table(slot, base, http, gate, game, run, think, rng)
        except (OSError, TimeoutError, httpx.HTTPError, WebSocketException, KeyError, ValueError) as error:
            run.errors[type(error).__name__] += 1
            await asyncio.sleep(RETRY_DELAY)
