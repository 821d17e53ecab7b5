"""CPU per action of a live table's broadcasts, in process (no sockets, no database).

    .venv/bin/python bench/broadcast_cost.py [--games dizzle razzle nochmal] [--actions 3000]
                                             [--players 2] [--spectators 1] [--profile 20] [--json]

For each game, ``--players`` humans sit at a table held by a real
:class:`~dicehall.server.manager.TableManager` (its writer is never used: no
change is stored) with one connection per seat and ``--spectators`` more.
Random legal actions are played; after each one ``manager.broadcast(table)``
runs exactly as after a stored action: the lobby summary (``note``), then
each seat's ``state`` message built and JSON-encoded once and queued. Only
``broadcast`` is timed (process CPU time); the action itself (``table.act``:
the engine, the log) and compressing the messages as per-message deflate
would (the WebSocket layer's work, after ``broadcast``) are timed apart for
scale. ``--profile N`` prints the N
costliest functions of the broadcasts under cProfile (a second run, since
profiling slows everything)."""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import sys
import tempfile
import time
import zlib
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

from dicehall.server import FakeClock, Settings
from dicehall.server.lobby import configure, new_table, table_options
from dicehall.server.manager import Connection, TableManager
from dicehall.server.protocol import CreateTable
from dicehall.server.tables import OVER

GAMES = ("dizzle", "razzle", "nochmal")


def manager_for(folder: Path) -> TableManager:
    settings = Settings(data_dir=folder, database_url=f"sqlite:///{folder / 'unused.sqlite3'}",
                        timer_interval=None, bot_workers=0)
    manager = TableManager(sessionmaker(create_engine(settings.database_url)), settings, FakeClock())
    writer = manager.writer                  # nothing is stored: its thread stops at once
    writer.beaten = manager.clock.now()      # (and writes no heartbeat)
    writer.queue.put(None)
    writer.thread.join()
    return manager


def seated_table(manager: TableManager, game: str, players: int, spectators: int, seed: int):
    """A started table of ``players`` humans, every seat and the spectators connected."""
    spec = CreateTable(game=game, seats=[{"kind": "open"}] * players)
    table = new_table(spec, configure(game, table_options(spec)), manager.settings, manager.clock.now())
    table.seed = f"bench-{seed}"
    table.__post_init__()        # the match again, with that seed
    for index, seat in enumerate(table.seats):
        seat.kind, seat.nickname = "human", f"p{index}"
    manager.tables[table.id] = table
    for seat in [*range(players), *[None] * spectators]:
        connection = Connection(seat, 0)       # an unbounded queue: nothing is dropped
        connection.ready = True
        manager.connections[table.id].append(connection)
    table.start(manager.clock.now())
    manager.broadcast(table)
    return table


def drain(manager: TableManager, table, deflate: dict) -> tuple[int, int, float]:
    """Take the queued messages: their characters, and the bytes and CPU
    seconds of compressing them as per-message deflate does (one stream per
    connection, kept across messages, as the websockets library sets it up)."""
    sent = compressed = 0
    start = time.process_time()
    for connection in manager.connections[table.id]:
        stream = deflate.get(connection)
        if stream is None:
            stream = deflate[connection] = zlib.compressobj(6, zlib.DEFLATED, -15, 5)
        while not connection.queue.empty():
            text = connection.queue.get_nowait()
            sent += len(text)
            compressed += len(stream.compress(text.encode()) + stream.flush(zlib.Z_SYNC_FLUSH))
    return sent, compressed, time.process_time() - start


def play(game: str, actions: int, players: int, spectators: int, seed: int = 1) -> dict:
    """Play random games until ``actions`` actions were broadcast: CPU seconds and bytes."""
    rng = random.Random(seed)
    broadcast = acting = deflating = 0.0
    done = games = sent = compressed = 0
    deflate: dict = {}
    with tempfile.TemporaryDirectory() as folder:
        manager = manager_for(Path(folder))
        while done < actions:
            table = seated_table(manager, game, players, spectators, seed + games)
            games += 1
            drain(manager, table, deflate)
            while table.status != OVER and done < actions:
                seat = rng.choice(table.deciders())
                action = rng.choice(table.decisions[seat][1])
                manager.clock.advance(0.5)
                start = time.process_time()
                table.act(seat, action, manager.clock.now())
                middle = time.process_time()
                manager.broadcast(table)
                end = time.process_time()
                acting += middle - start
                broadcast += end - middle
                done += 1
                chars, size, seconds = drain(manager, table, deflate)
                sent, compressed, deflating = sent + chars, compressed + size, deflating + seconds
            manager.tables.pop(table.id)
            manager.connections.pop(table.id)
            manager.summaries.pop(table.id, None)
            deflate.clear()
    return {"game": game, "actions": done, "games": games,
            "broadcast_ms_per_action": 1000 * broadcast / done, "act_ms_per_action": 1000 * acting / done,
            "deflate_ms_per_action": 1000 * deflating / done, "bytes_per_action": sent / done,
            "deflated_bytes_per_action": compressed / done}


def profile(game: str, actions: int, players: int, spectators: int, top: int) -> None:
    """The costliest functions under ``broadcast`` (only it is profiled)."""
    profiler = cProfile.Profile()
    original = TableManager.broadcast

    def profiled(self, table):
        profiler.enable()
        try:
            original(self, table)
        finally:
            profiler.disable()
    TableManager.broadcast = profiled
    try:
        play(game, actions, players, spectators)
    finally:
        TableManager.broadcast = original
    print(f"\n--- {game}: the {top} costliest functions of broadcast (cumulative) ---")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = [play(game, args.actions, args.players, args.spectators) for game in args.games]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'game':10} {'actions':>8} {'broadcast ms/action':>20} {'act ms/action':>14} "
              f"{'deflate ms/action':>18} {'bytes/action':>13} {'deflated':>9}")
        for row in results:
            print(f"{row['game']:10} {row['actions']:8} {row['broadcast_ms_per_action']:20.3f} "
                  f"{row['act_ms_per_action']:14.3f} {row['deflate_ms_per_action']:18.3f} "
                  f"{row['bytes_per_action']:13.0f} {row['deflated_bytes_per_action']:9.0f}")
    for game in args.games if args.profile else ():
        profile(game, min(args.actions, 1000), args.players, args.spectators, args.profile)


if __name__ == "__main__":
    main()
