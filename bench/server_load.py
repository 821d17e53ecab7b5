"""Server load benchmark: concurrent 2-player tables played over WebSocket against ``dicehall serve``.

    .venv/bin/python bench/server_load.py [--tables 500] [--seconds 60] [--think 1.0]
        [--game dizzle|nochmal|razzle] [--bots easy|medium|hard] [--bot-workers 1]
        [--processes 1|2] [--store sqlite|postgres] [--ramp 16] [--json]

Starts ``--processes`` servers on 127.0.0.1 and plays ``--tables`` tables at
once against them from one asyncio process (``load_players.py``); every
action is a random legal one. Without ``--bots`` both seats of each table are
this process's WebSocket clients, so every action is the server's own work;
with ``--bots LEVEL`` one seat of each table is the server's bot of that level
(thinking in ``--bot-workers`` worker processes of each server, paced 0) and
the other a client.

One process keeps its state in a SQLite file of a fresh temporary folder
(``--store postgres``: on PostgreSQL, ``--database-url``). Two or more
processes are a cluster (docs/deploy.md) on PostgreSQL and Redis
(``--redis``, a db of the bench's own): the database is emptied and the
Redis db flushed first; every slot creates its table at one process,
round-robin, and plays it there.

CPU: one process without bots is pinned to core 0 and the clients to core 1
(with two or more cores); two servers, or a server and its bot workers, have
no core each beside the clients' on a small machine, so nothing is pinned
then (``--pin`` forces it for one process: its bot workers share its core)
and every party's CPU is reported: the servers' own, their worker processes',
PostgreSQL's and Redis's (every such process on the machine), the clients'
and the machine's in all.

Once every table plays (or ``--ramp-timeout`` has passed) a window of
``--seconds`` opens: it counts the tables in play, the clients' actions, their
latency (from sending an action to the ``state`` that acknowledges it: never a
bot's later move) and the bots' moves. The clients run without Python's
cyclic garbage collector: its pauses in this process would count as the
servers' latency. Everything stops by itself. The targets
(from the issue): at least 500 tables held concurrently with a p99 latency
below 100 ms (the run exits with status 1 when a run of 500 or more tables
misses it); and 2 processes hold at least 1.6 times the tables of one at the
same p99 (compare runs: docs/deploy.md, "Load: one process and two").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import platform
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
from load_players import MAX_VERSION, Run, run_slot

from dicehall.engine.registry import game_names
from dicehall.server.connections import raise_file_limit

TARGET_TABLES = 500
TARGET_P99_MS = 100.0
TARGET_SCALING = "2 processes hold at least 1.6 times the tables of one at the same p99"
#: seconds a server may take to answer its first request
READY_TIMEOUT = 30.0
#: seconds the slots may take to finish after the window closes
SHUTDOWN_TIMEOUT = 30.0
SAMPLE_INTERVAL = 0.25
DATABASE_URL = "postgresql+psycopg://dicehall:dicehall@127.0.0.1:5432/dicehall"
REDIS_URL = "redis://127.0.0.1:6379/15"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


#: every simulated player comes from 127.0.0.1: the per-address quotas are
#: lifted (the rest of the server's limits stay as they are); a table given up
#: (cut, or after an error) is never taken over by a bot while the run lasts
ONE_ADDRESS = """\
waiting_tables_per_address = 100000
tables_burst = 100000
connections_per_address = 100000
http_per_address = 100000
grace_seconds = 86400.0
"""


def prepare_store(args: argparse.Namespace) -> dict[str, str]:
    """Empty the database (and flush the Redis db) the servers share; their environment."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DICEHALL_REDIS_URL", "DICEHALL_BOT_QUEUE")}
    if args.store == "sqlite":
        return env
    if args.processes > 1:
        import redis
        try:
            redis.Redis.from_url(args.redis, socket_connect_timeout=3).flushdb()
        except redis.RedisError as error:
            raise SystemExit(f"Redis at {args.redis} does not answer ({error}): start one, e.g. "
                             "redis-server --port 6379 --save '' & (docs/deploy.md)") from None
        if len(env.get("DICEHALL_CLUSTER_SECRET", "")) < 16:
            env["DICEHALL_CLUSTER_SECRET"] = secrets.token_hex(16)
    from sqlalchemy.exc import OperationalError

    from dicehall.server.db import emptied
    try:
        emptied(args.database_url)
    except OperationalError as error:
        raise SystemExit(f"PostgreSQL at {args.database_url} does not answer ({error.orig}): "
                         "bash scripts/postgres_for_tests.sh starts it") from None
    env["DATABASE_URL"] = args.database_url
    return env


def wait_ready(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.perf_counter() + READY_TIMEOUT
    while time.perf_counter() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server on port {port} exited with status {process.returncode}:\n"
                             + log.read_text()[-2000:])
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2, trust_env=False).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"the server on port {port} did not answer within {READY_TIMEOUT:.0f} s")


@contextmanager
def servers(args: argparse.Namespace, folder: Path) -> Iterator[list[tuple[subprocess.Popen, int]]]:
    """``args.processes`` servers on 127.0.0.1, each with a folder of its own in
    ``folder``: (process, port) each. They start one after the other (the
    first makes the schema) and are all stopped at the end."""
    env = prepare_store(args)
    settings = ONE_ADDRESS + f"bot_workers = {args.bot_workers}\n"
    started: list[tuple[subprocess.Popen, int]] = []
    with ExitStack() as stack:
        stack.callback(stop, started)   # the list as it is at the end
        for k in range(args.processes):
            port, data = free_port(), folder / f"server{k}"
            data.mkdir()
            (data / "settings.toml").write_text(settings)
            command = [sys.executable, "-m", "dicehall.cli", "serve", "--host", "127.0.0.1",
                       "--port", str(port), "--data", str(data), "--bot-pace", "0",
                       "--config", str(data / "settings.toml")]
            if args.processes > 1:
                command += ["--redis", args.redis]
            log = stack.enter_context(open(data / "server.log", "w"))
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
            started.append((process, port))
            if args.pin:
                os.sched_setaffinity(process.pid, {0})
                os.sched_setaffinity(0, {1})
            wait_ready(port, process, data / "server.log")
        yield started


def stop(started: list[tuple[subprocess.Popen, int]]) -> None:
    """Stop the servers, then any of their worker processes still left (a
    worker busy when its server stopped may outlive it)."""
    processes = [process for process, _ in started]
    workers = descendants(processes_now(), {process.pid for process in processes})
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for pid in workers:
        with contextlib.suppress(OSError):
            if "multiprocessing" in Path(f"/proc/{pid}/cmdline").read_text():
                os.kill(pid, signal.SIGTERM)


def processes_now() -> dict[int, tuple[int, str, float]]:
    """Every process readable in /proc: its parent, its name and its CPU time (user and system)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        found[int(entry.name)] = (int(fields[1]), name, (int(fields[11]) + int(fields[12])) / CLOCK_TICKS)
    return found


def machine_ticks() -> tuple[int, int]:
    """The machine's busy and total CPU ticks so far (every core), from /proc/stat."""
    values = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]                        # idle and iowait
    return sum(values[:8]) - idle, sum(values[:8])      # guest time is counted in user already


def descendants(table: dict[int, tuple[int, str, float]], roots: set[int]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found, todo = set(), list(roots)
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class CpuClock:
    """CPU seconds each party spent between ``start`` and ``stop``: the servers,
    their worker processes (bots), the database and Redis, the clients (this
    process), and the machine's busy cores in all."""

    def __init__(self, servers: set[int], store: tuple[str, ...]):
        self.servers, self.store = servers, store   # store: the names of its processes

    def read(self) -> tuple:
        return processes_now(), time.process_time(), machine_ticks()

    def start(self) -> None:
        self.before = self.read()

    def stop(self) -> dict[str, float | None]:
        (then, client_then, (busy_then, total_then)), now = self.before, self.read()
        table, client_now, (busy_now, total_now) = now

        def spent(pids: set[int]) -> float:
            return sum(table[pid][2] - then.get(pid, (0, "", 0.0))[2] for pid in pids if pid in table)
        store = {pid for pid, (_, name, _) in table.items() if name in self.store}
        cores = os.cpu_count() or 1
        return {"server": spent(self.servers), "workers": spent(descendants(table, self.servers)),
                "store": spent(store) if self.store else None, "client": client_now - client_then,
                "machine": (busy_now - busy_then) / max(1, total_now - total_then) * cores}


async def offered(http: httpx.AsyncClient, game: str, bot: str | None) -> None:
    """Exit unless the server offers ``game`` (with bots of level ``bot``)."""
    games = {entry["name"]: entry for entry in (await http.get("/api/games")).json()}
    if game not in games:
        raise SystemExit(f"the server offers no game {game!r}: {', '.join(games)}")
    if bot is not None and bot not in games[game]["bots"]:
        raise SystemExit(f"the server's {game} bots are {', '.join(games[game]['bots'])}, not {bot!r}")


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of a sorted, non-empty list."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


async def measure(args: argparse.Namespace, started: list[tuple[subprocess.Popen, int]]) -> dict:
    run = Run(args.seconds)
    limits = httpx.Limits(max_connections=args.ramp)
    clients = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10, limits=limits,
                                 trust_env=False) for _, port in started]
    try:
        await offered(clients[0], args.game, args.bots)
        gate = asyncio.Semaphore(args.ramp)
        slots = [asyncio.create_task(run_slot(slot, f"127.0.0.1:{started[slot % len(started)][1]}",
                                              clients[slot % len(started)], gate, args.game, run,
                                              args.think, args.bots)) for slot in range(args.tables)]
        ramp_start = time.perf_counter()
        while run.playing < args.tables and time.perf_counter() - ramp_start < args.ramp_timeout:
            await asyncio.sleep(SAMPLE_INTERVAL)
        ramp = time.perf_counter() - ramp_start
        store = () if args.store == "sqlite" else ("postgres", "redis-server")[:min(2, args.processes)]
        clock = CpuClock({process.pid for process, _ in started}, store)
        clock.start()
        run.open_window()
        samples = []
        while (left := run.left()) > 0:
            samples.append(run.playing)
            await asyncio.sleep(min(SAMPLE_INTERVAL, left))
        cpu = clock.stop()
        done, pending = await asyncio.wait(slots, timeout=SHUTDOWN_TIMEOUT)
        for slot in pending:
            slot.cancel()
    finally:
        for client in clients:
            await client.aclose()
    latencies = sorted(latency * 1000 for sent, latency in run.latencies if run.in_window(sent))
    bot_moves = sum(run.in_window(at) for at in run.bot_moves)
    applied = len(latencies) + bot_moves
    seconds = args.seconds
    return {
        "game": args.game, "tables": args.tables, "seconds": seconds, "think": args.think,
        "processes": args.processes, "store": args.store, "bots": args.bots,
        "bot_workers": args.bot_workers if args.bots else None,
        "ramp_seconds": round(ramp, 1),
        "concurrent": {"min": min(samples), "mean": round(sum(samples) / len(samples), 1)},
        "actions": len(latencies), "actions_per_second": round(len(latencies) / seconds, 1),
        "bot_moves": bot_moves if args.bots else None,
        "bot_moves_per_second": round(bot_moves / seconds, 1) if args.bots else None,
        "latency_ms": {name: round(percentile(latencies, q), 1) if latencies else None
                       for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "errors": dict(run.errors), "tables_created": run.tables_created,
        "games_finished": run.games_finished, "games_cut": run.games_cut,
        "cpu": {"server": round(cpu["server"] / seconds, 2),
                "server_ms_per_action": round(1000 * cpu["server"] / max(1, applied), 2),
                "workers": round(cpu["workers"] / seconds, 2),
                "workers_ms_per_bot_move": round(1000 * cpu["workers"] / bot_moves, 1) if bot_moves else None,
                "store": round(cpu["store"] / seconds, 2) if cpu["store"] is not None else None,
                "client": round(cpu["client"] / seconds, 2), "machine": round(cpu["machine"], 2),
                "pinned": args.pin},
        "python": platform.python_version(), "cores": os.cpu_count()}


def met(result: dict) -> bool:
    p99 = result["latency_ms"]["p99"]
    return result["concurrent"]["min"] >= TARGET_TABLES and p99 is not None and p99 < TARGET_P99_MS


def text(result: dict) -> str:
    latency, cpu = result["latency_ms"], result["cpu"]
    processes = result["processes"]
    if cpu["pinned"]:
        split = f"server{' and its bot workers' if result['bots'] else ''} on core 0, clients on core 1"
    else:
        split = "not pinned"
    errors = ", ".join(f"{code} {count}" for code, count in result["errors"].items()) or "none"
    store = {"sqlite": "SQLite", "postgres": "PostgreSQL"}[result["store"]]
    store += " and Redis" if processes > 1 else ""
    workers = result["bot_workers"]
    thinking = (f"{workers} bot worker{'s' if workers > 1 else ''} a server" if workers
                else "thinking in a thread of the server")
    seats = (f"1 WebSocket client and 1 {result['bots']} bot ({thinking})" if result["bots"]
             else "2 WebSocket clients")
    lines = [
        f"Server load: {result['game']}, {result['tables']} tables of {seats}, "
        f"{processes} server process{'es' if processes > 1 else ''} on {store}, think "
        f"{result['think']:g} s (each wait 0.5-1.5x), {result['seconds']:g} s window "
        f"after a {result['ramp_seconds']:g} s ramp-up; Python {result['python']}, {result['cores']} cores",
        f"tables in play: min {result['concurrent']['min']}, mean {result['concurrent']['mean']:g}",
        f"actions: {result['actions']:,} = {result['actions_per_second']:,.1f}/s"
        + (f"; bot moves: {result['bot_moves']:,} = {result['bot_moves_per_second']:,.1f}/s"
           if result["bots"] else ""),
        "latency action -> state: " + ", ".join(
            f"{name} {value:g} ms" for name, value in latency.items() if value is not None),
        f"tables created {result['tables_created']}, games finished {result['games_finished']}, "
        f"cut at version {MAX_VERSION} {result['games_cut']}, refusals and errors: {errors}",
        f"CPU in cores ({split}): server{'s' if processes > 1 else ''} {cpu['server']:.2f} = "
        f"{cpu['server_ms_per_action']:g} ms per action applied"
        + (" (the clients' and the bots')" if result["bots"] else "")
        + (f"; bot workers {cpu['workers']:.2f}" if result["bots"] or cpu["workers"] >= 0.01 else "")
        + (f" = {cpu['workers_ms_per_bot_move']:g} ms per bot move" if cpu["workers_ms_per_bot_move"] else "")
        + (f"; {store} {cpu['store']:.2f} (every such process here)"
           if cpu["store"] is not None else "")
        + f"; clients {cpu['client']:.2f}; the machine {cpu['machine']:.2f} of {result['cores']} busy",
        f"target (>= {TARGET_TABLES} tables, p99 < {TARGET_P99_MS:g} ms): "
        + ("met" if met(result) else "missed"),
        f"target ({TARGET_SCALING}): compare this run with one of the other process count "
        "(docs/deploy.md, \"Load: one process and two\")",
    ]
    return "\n".join(lines)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the measured window")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a seat waits before it acts (each wait is 0.5-1.5 times it)")
    parser.add_argument("--game", choices=game_names(), default="dizzle")
    parser.add_argument("--bots", metavar="LEVEL",
                        help="one seat of each table is the server's bot of this level")
    parser.add_argument("--bot-workers", type=int, default=1,
                        help="worker processes the bots of each server think in (its bot_workers; "
                             "0: a thread)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes; two or more are a cluster on PostgreSQL and Redis")
    parser.add_argument("--store", choices=("sqlite", "postgres"),
                        help="the database: SQLite for one process (the default), PostgreSQL for more")
    parser.add_argument("--database-url", default=DATABASE_URL,
                        help="the PostgreSQL database (emptied first!)")
    parser.add_argument("--redis", default=REDIS_URL, help="the Redis db of a cluster (flushed first!)")
    parser.add_argument("--ramp", type=int, default=16, help="tables set up at once during the ramp-up")
    parser.add_argument("--ramp-timeout", type=float, default=120.0,
                        help="seconds to wait for every table to play before the window opens anyway")
    parser.add_argument("--pin", action=argparse.BooleanOptionalAction, default=None,
                        help="pin the server to core 0 and the clients to core 1 (default: with one "
                             "server process, no bots and two or more cores)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep each server's folder (its log; its SQLite file) in DIR, a new folder")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.processes < 1 or args.tables < 1 or args.ramp < 1 or args.bot_workers < 0:
        parser.error("--processes, --tables and --ramp are at least 1, --bot-workers at least 0")
    args.store = args.store or ("sqlite" if args.processes == 1 else "postgres")
    if args.processes > 1 and args.store == "sqlite":
        parser.error("several processes share PostgreSQL, not SQLite (--store postgres)")
    cores = os.cpu_count() or 1
    if args.pin is None:
        args.pin = cores >= 2 and args.processes == 1 and args.bots is None
    elif args.pin and (cores < 2 or args.processes > 1):
        parser.error("--pin is for one server process on two or more cores")
    return args


def main() -> None:
    args = parse()
    raise_file_limit()
    with ExitStack() as stack:
        if args.keep:
            args.keep.mkdir(parents=True)
        folder = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dicehall-load-")))
        started = stack.enter_context(servers(args, folder))
        # the clients' own collector paused them for up to 100 ms at 500 Noch mal
        # tables, and those pauses counted as the servers' latency; what they
        # make (decoded states) holds no cycles and is freed by reference counts
        gc.disable()
        result = asyncio.run(measure(args, started))
    print(json.dumps(result, indent=2) if args.json else text(result))
    if args.tables >= TARGET_TABLES and not met(result):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
