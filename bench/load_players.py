"""The load generator of ``server_load.py``: table slots of WebSocket players.

Each slot creates a 2-player table over HTTP, joins its open seats, connects
one WebSocket per open seat, starts the game and plays it: a seat that has a
decision waits a think time, then sends a random legal action with the
state's version. With ``bot`` set, one seat of each table (seat 0 at odd
slots, seat 1 at even ones) is the server's own bot of that level, so a table
is one client seat and one bot seat.

The latency of an action is the time from sending it to receiving the
``state`` broadcast that acknowledges it. The server broadcasts every change
on its own, in order, so the acknowledgement is the first newer state that
is this seat's doing: its log tells of this seat (the choice, even a hidden
one), or this seat's decision changed (its legal actions are others, or it
has none), or the game ended. A newer state before it is another seat's step
(at a simultaneous step, as a bot choosing at the same moment): its version
is not this action's. At a table with a bot, every other version the client
sees advance while the game runs is a bot's move, and is counted as one.

A finished game is replaced by a new table while the run lasts, and so is a
game still going at ``MAX_VERSION`` (counted as cut: a game where every seat
passes might never end). Every wait is bounded: a seat waits at most
``RECEIVE_TIMEOUT`` for its own acknowledgement or for its fellow client
seat, and for a bot seat until the run stops."""

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

#: seconds without any message before a seat gives its table up (while it
#: waits for its own acknowledgement, or for the other client seat)
RECEIVE_TIMEOUT = 15.0
#: seconds a slot waits after a failed setup before it tries again
RETRY_DELAY = 1.0
#: a game still going at this version is given up and a new table set up
#: (random play ends Dizzle in about 95 actions, Razzle-Dazzle in 110 and Noch
#: mal in 180, each a version)
MAX_VERSION = 1000
#: how a seat's play ended
OVER, STOPPED, CUT = "over", "stopped", "cut"


@dataclass
class Run:
    """The run's clock and its measurements. The window opens once every slot
    plays (or the ramp-up time is over) and lasts ``seconds``."""

    seconds: float
    window_start: float | None = None
    #: (time sent, latency) of every acknowledged action
    latencies: list[tuple[float, float]] = field(default_factory=list)
    #: when each bot move (a version a bot seat advanced) was received
    bot_moves: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    playing: int = 0
    games_finished: int = 0
    games_cut: int = 0
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


def seat_kinds(slot: int, bot: str | None) -> list[dict]:
    """The seats of a slot's table: two open ones, or one open and one bot."""
    if bot is None:
        return [{"kind": "open"}, {"kind": "open"}]
    seats = [{"kind": "open"}, {"kind": "bot", "level": bot}]
    return seats[::-1] if slot % 2 else seats


async def setup_table(http: httpx.AsyncClient, game: str, slot: int,
                      seats: list[dict]) -> tuple[str, list[str]]:
    """A new table with its open seats joined: its id and their tokens."""
    body = {"game": game, "seats": seats, "timer": {"kind": "move", "seconds": 60}}
    response = await http.post("/api/tables", json=body)
    response.raise_for_status()
    table_id = response.json()["id"]
    tokens = []
    for seat, kind in enumerate(seats):
        if kind["kind"] != "open":
            continue
        response = await http.post(f"/api/tables/{table_id}/join",
                                   json={"seat": seat, "nickname": f"load{slot}-{seat}"})
        response.raise_for_status()
        tokens.append(response.json()["token"])
    return table_id, tokens


async def receive(socket: ClientConnection, run: Run, waiting: bool, patient: bool) -> dict | None:
    """The next message. ``waiting``: for this seat's own acknowledgement (at
    most ``RECEIVE_TIMEOUT``); else ``None`` once the run stops first, and
    ``patient`` (a bot may be thinking) waits for as long as the run lasts."""
    while True:
        timeout = RECEIVE_TIMEOUT if waiting else max(0.0, min(RECEIVE_TIMEOUT, run.left()))
        try:
            return json.loads(await asyncio.wait_for(socket.recv(), timeout))
        except TimeoutError:
            if waiting:
                raise
            if run.stopping():
                return None
            if not patient:
                raise


def legal_ids(state: dict) -> list:
    return [action["id"] for action in state["legal"]]


def acknowledges(message: dict, acted: int, seat: int, ids: list) -> bool:
    """Whether ``message`` (a state) tells of the action ``seat`` sent at
    version ``acted`` with the legal actions ``ids`` (see the module's words)."""
    if message["version"] <= acted:
        return False
    return (message["table"]["status"] != "running" or legal_ids(message) != ids
            or any(entry.get("seat") == seat for entry in message["log"]))


async def play_seat(socket: ClientConnection, run: Run, think: float, rng: random.Random,
                    bots: bool) -> str:
    """Play one seat until the game is over (``OVER``), it reaches
    ``MAX_VERSION`` (``CUT``), or the run stops and no action of this seat is
    waiting for its acknowledgement (``STOPPED``). ``bots``: the other seat
    is a bot, whose moves are counted."""
    latest = await receive(socket, run, waiting=True, patient=False)  # the first state comes at once
    seat = latest["seat"]
    acted, sent_at, ids = -1, None, []
    while True:
        if latest["table"]["status"] == "over":
            return OVER
        if sent_at is None:
            if run.stopping():
                return STOPPED
            if latest["version"] >= MAX_VERSION:
                return CUT
            if latest["legal"] and latest["version"] > acted:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if run.stopping():
                    return STOPPED
                action = rng.choice(latest["legal"])["id"]
                await socket.send(json.dumps({"type": "action", "version": latest["version"],
                                              "action": action}))
                acted, sent_at, ids = latest["version"], time.perf_counter(), legal_ids(latest)
        message = await receive(socket, run, waiting=sent_at is not None, patient=bots)
        if message is None:
            return STOPPED
        if message["type"] == "error":
            run.errors[message["code"]] += 1
            if sent_at is not None:          # the refusal of this seat's action
                sent_at = None
                if message["version"] == latest["version"]:
                    acted = -1               # decide again on the same state
        elif message["type"] == "state":
            if sent_at is not None and acknowledges(message, acted, seat, ids):
                run.latencies.append((sent_at, time.perf_counter() - sent_at))
                sent_at = None
            elif bots and latest["table"]["status"] == "running" and message["version"] > latest["version"]:
                run.bot_moves.extend([time.perf_counter()] * (message["version"] - latest["version"]))
            latest = message


async def play_table(slot: int, base: str, http: httpx.AsyncClient, gate: asyncio.Semaphore,
                     game: str, run: Run, think: float, rng: random.Random, bot: str | None) -> str:
    """Set a table up (at most ``gate`` slots at once) and play it to its end
    (``OVER``, ``CUT`` or ``STOPPED``); every request and socket goes to ``base``."""
    async with contextlib.AsyncExitStack() as stack:
        async with gate:
            table_id, tokens = await setup_table(http, game, slot, seat_kinds(slot, bot))
            run.tables_created += 1
            url = f"ws://{base}/ws/tables/{table_id}?token="
            sockets = [await stack.enter_async_context(connect(url + token, proxy=None, ping_interval=None))
                       for token in tokens]
            seats = [asyncio.create_task(play_seat(socket, run, think, rng, bot is not None))
                     for socket in sockets]
            for seat in seats:
                stack.callback(seat.cancel)
            response = await http.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
            response.raise_for_status()
        run.playing += 1
        try:
            ends = await asyncio.gather(*seats)
        finally:
            run.playing -= 1
    return OVER if all(end == OVER for end in ends) else CUT if CUT in ends else STOPPED


async def run_slot(slot: int, base: str, http: httpx.AsyncClient, gate: asyncio.Semaphore,
                   game: str, run: Run, think: float, bot: str | None = None) -> None:
    """Keep one table in play at ``base`` until the run stops."""
    rng = random.Random(slot)
    while not run.stopping():
        try:
            end = await play_table(slot, base, http, gate, game, run, think, rng, bot)
        except (OSError, TimeoutError, httpx.HTTPError, WebSocketException, KeyError, ValueError) as error:
            run.errors[type(error).__name__] += 1
            await asyncio.sleep(RETRY_DELAY)
        else:
            run.games_finished += end == OVER
            run.games_cut += end == CUT
