"""Benchmark: simulation games per second on local processes and on Ray.

    .venv/bin/python bench/sim_backends.py [--games 2000] [--tasks 200] [GAME ...]

Greedy against greedy, two players, each game of ``dicehall simulate``'s
defaults, played by ``dicehall.sim.runner.run_games`` (what ``simulate`` and
``tournament`` call) in this process, on 2 local worker processes, and as Ray
tasks on a local Ray of 1 and of 2 CPUs. Times are wall-clock from the first
game to the last result, after one warm-up game on the same backend (the
imports and the games' tables) and with Ray already started (its start, a few
seconds, is reported apart). Every backend must give the same games (checked). The
overhead per task is the wall-clock time of ``--tasks`` empty tasks divided by
their number, on one worker: what a batch of games costs besides its games.
Ray is the optional extra ``[ray]``.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from dicehall.engine import make_game
from dicehall.sim import on_ray
from dicehall.sim.runner import run_games

GAMES = {"dizzle": 2000, "nochmal": 300, "razzle": 2000}
BOTS = ["greedy", "greedy"]


def nothing(*task: object) -> list:
    """An empty task: what a batch costs besides its games."""
    return []


def timed(run: Callable[[], object]) -> tuple[float, object]:
    started = time.perf_counter()
    result = run()
    return time.perf_counter() - started, result


def process_overhead(tasks: int) -> float:
    """Microseconds per empty task on a started pool of one worker process."""
    with ProcessPoolExecutor(1) as pool:
        pool.submit(nothing).result()
        seconds, _ = timed(lambda: list(pool.map(nothing, range(tasks))))
    return seconds / tasks * 1e6


def ray_overhead(tasks: int) -> float:
    """Microseconds per empty task on a started local Ray of one CPU."""
    ray = on_ray.connect(on_ray.LOCAL, 1)
    empty = [("", {}, [], [0])]
    list(on_ray.run_batches(empty * 5, on_ray.LOCAL, 1, play=nothing))
    seconds, _ = timed(lambda: list(on_ray.run_batches(empty * tasks, on_ray.LOCAL, 1, play=nothing)))
    ray.shutdown()
    return seconds / tasks * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per game (default: 2,000; Noch mal 300)")
    parser.add_argument("--tasks", type=int, default=200, help="empty tasks for the overhead")
    parser.add_argument("names", nargs="*", help="only these games")
    args = parser.parse_args()
    ray = on_ray.ray_module()
    print(f"Python {platform.python_version()}, Ray {ray.__version__}; games per second, "
          f"greedy vs greedy, 2 players\n")
    print("| game | games | in process | 2 processes | Ray, 1 CPU | Ray, 2 CPUs |")
    print("|---|---|---|---|---|---|")
    starts = []
    for name in args.names or list(GAMES):
        game, games = make_game(name, players=2), args.games or GAMES[name]
        play = lambda **backend: run_games(game, BOTS, games, 7, **backend)   # noqa: E731
        rates, results = [], []
        for backend in ({"workers": 1}, {"workers": 2}, {"ray": "local", "workers": 1},
                        {"ray": "local", "workers": 2}):
            if "ray" in backend:
                seconds, _ = timed(lambda: on_ray.connect(on_ray.LOCAL, backend["workers"]))
                starts.append(seconds)
            run_games(game, BOTS, 1, 7, **backend)            # warm-up: imports and the games' tables
            seconds, result = timed(lambda: play(**backend))
            if "ray" in backend:
                ray.shutdown()
            rates.append(games / seconds)
            results.append(result)
        if any(result != results[0] for result in results):
            raise SystemExit(f"{name}: the backends gave different games")
        print(f"| {name} | {games:,} | " + " | ".join(f"{rate:,.0f}" for rate in rates) + " |", flush=True)
    print(f"\nRay's start: {min(starts):.1f}-{max(starts):.1f} s; an empty task: "
          f"Ray {ray_overhead(args.tasks):,.0f} µs, a process pool {process_overhead(args.tasks):,.0f} µs")


if __name__ == "__main__":
    main()
