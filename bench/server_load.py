"""Server load benchmark: concurrent 2-player tables played bot against bot over WebSocket.

    .venv/bin/python bench/server_load.py [--tables 500] [--seconds 60] [--think 1.0] [--game dizzle] [--json]

Starts ``dicehall serve`` on 127.0.0.1 with a fresh temporary data folder (a
SQLite file) and plays ``--tables`` tables at once against it from one asyncio
process (``load_players.py``): both seats of each table are this process's
WebSocket clients, so every action is the server's own work (no server-side
bots). With two or more cores the server is pinned to core 0 and the clients
to core 1. Once every table plays (or ``--ramp-timeout`` has passed) a window
of ``--seconds`` opens: it counts the tables in play, the actions sent and
their latency — from sending an action to receiving the ``state`` with the new
version. Everything stops by itself. The target (from the issue): at least
500 tables held concurrently with a p99 latency below 100 ms; the run exits
with status 1 when a run of 500 or more tables misses it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from load_players import Run, run_slot

TARGET_TABLES = 500
TARGET_P99_MS = 100.0
#: seconds the server may take to answer its first request
READY_TIMEOUT = 30.0
#: seconds the slots may take to finish after the window closes
SHUTDOWN_TIMEOUT = 30.0
SAMPLE_INTERVAL = 0.25


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


#: every simulated player comes from 127.0.0.1: the per-address quotas are
#: lifted (the rest of the server's limits stay as they are)
ONE_ADDRESS = """\
waiting_tables_per_address = 100000
tables_burst = 100000
connections_per_address = 100000
http_per_address = 100000
"""


@contextmanager
def server(port: int, data: Path, pin: bool) -> Iterator[subprocess.Popen]:
    """``dicehall serve`` on 127.0.0.1 with ``data`` as its folder (never ``DATABASE_URL``)."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    config = data / "settings.toml"
    config.write_text(ONE_ADDRESS)
    command = [sys.executable, "-m", "dicehall.cli", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--data", str(data), "--bot-pace", "0", "--config", str(config)]
    with open(data / "server.log", "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            if pin:
                os.sched_setaffinity(process.pid, {0})
                os.sched_setaffinity(0, {1})
            yield process
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def wait_ready(http: httpx.AsyncClient, process: subprocess.Popen) -> None:
    deadline = time.perf_counter() + READY_TIMEOUT
    while time.perf_counter() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with status {process.returncode}")
        try:
            if (await http.get("/api/games")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.2)
    raise SystemExit(f"the server did not answer within {READY_TIMEOUT:.0f} s")


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of a sorted, non-empty list."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


async def measure(args: argparse.Namespace, process: subprocess.Popen, port: int) -> dict:
    run = Run(args.seconds)
    limits = httpx.Limits(max_connections=args.ramp)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10, limits=limits,
                                 trust_env=False) as http:
        await wait_ready(http, process)
        gate = asyncio.Semaphore(args.ramp)
        slots = [asyncio.create_task(run_slot(slot, f"127.0.0.1:{port}", http, gate, args.game, run,
                                              args.think)) for slot in range(args.tables)]
        ramp_start = time.perf_counter()
        while run.playing < args.tables and time.perf_counter() - ramp_start < args.ramp_timeout:
            await asyncio.sleep(SAMPLE_INTERVAL)
        ramp = time.perf_counter() - ramp_start
        server_cpu, client_cpu = cpu_seconds(process.pid), time.process_time()
        run.open_window()
        samples = []
        while (left := run.left()) > 0:
            samples.append(run.playing)
            await asyncio.sleep(min(SAMPLE_INTERVAL, left))
        server_cpu, client_cpu = cpu_seconds(process.pid) - server_cpu, time.process_time() - client_cpu
        done, pending = await asyncio.wait(slots, timeout=SHUTDOWN_TIMEOUT)
        for slot in pending:
            slot.cancel()
    latencies = sorted(latency * 1000 for sent, latency in run.latencies if run.in_window(sent))
    return {
        "game": args.game, "tables": args.tables, "seconds": args.seconds, "think": args.think,
        "ramp_seconds": round(ramp, 1),
        "concurrent": {"min": min(samples), "mean": round(sum(samples) / len(samples), 1)},
        "actions": len(latencies), "actions_per_second": round(len(latencies) / args.seconds, 1),
        "latency_ms": {name: round(percentile(latencies, q), 1) if latencies else None
                       for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "errors": dict(run.errors), "tables_created": run.tables_created,
        "games_finished": run.games_finished,
        "cpu": {"server": round(server_cpu / args.seconds, 2), "client": round(client_cpu / args.seconds, 2),
                "server_ms_per_action": round(1000 * server_cpu / max(1, len(latencies)), 2),
                "pinned": args.pin},
        "python": platform.python_version(), "cores": os.cpu_count()}


def met(result: dict) -> bool:
    p99 = result["latency_ms"]["p99"]
    return result["concurrent"]["min"] >= TARGET_TABLES and p99 is not None and p99 < TARGET_P99_MS


def text(result: dict) -> str:
    latency, cpu = result["latency_ms"], result["cpu"]
    split = "server on core 0, clients on core 1" if cpu["pinned"] else "not pinned"
    errors = ", ".join(f"{code} {count}" for code, count in result["errors"].items()) or "none"
    return "\n".join([
        f"Server load: {result['game']}, {result['tables']} tables of 2 WebSocket clients, think "
        f"{result['think']:g} s (each wait 0.5-1.5x), {result['seconds']:g} s window "
        f"after a {result['ramp_seconds']:g} s ramp-up; Python {result['python']}, {result['cores']} cores",
        f"tables in play: min {result['concurrent']['min']}, mean {result['concurrent']['mean']:g}",
        f"actions: {result['actions']:,} = {result['actions_per_second']:,.1f}/s",
        "latency action -> state: " + ", ".join(
            f"{name} {value:g} ms" for name, value in latency.items() if value is not None),
        f"tables created {result['tables_created']}, games finished {result['games_finished']}, "
        f"refusals and errors: {errors}",
        f"CPU ({split}): server {cpu['server']:.0%} of a core "
        f"({cpu['server_ms_per_action']:g} ms per action), clients {cpu['client']:.0%}",
        f"target (>= {TARGET_TABLES} tables, p99 < {TARGET_P99_MS:g} ms): "
        + ("met" if met(result) else "missed"),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the measured window")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a seat waits before it acts (each wait is 0.5-1.5 times it)")
    parser.add_argument("--game", choices=("dizzle", "razzle"), default="dizzle")
    parser.add_argument("--ramp", type=int, default=16, help="tables set up at once during the ramp-up")
    parser.add_argument("--ramp-timeout", type=float, default=120.0,
                        help="seconds to wait for every table to play before the window opens anyway")
    parser.add_argument("--pin", action=argparse.BooleanOptionalAction, default=(os.cpu_count() or 1) >= 2,
                        help="pin the server to core 0 and the clients to core 1")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dicehall-load-") as folder:
        port = free_port()
        with server(port, Path(folder), args.pin) as process:
            result = asyncio.run(measure(args, process, port))
    print(json.dumps(result, indent=2) if args.json else text(result))
    if args.tables >= TARGET_TABLES and not met(result):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
