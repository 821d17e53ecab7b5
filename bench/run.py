"""Benchmarks: random-playout throughput of every game configuration we report.

    make bench                      # or: .venv/bin/python bench/run.py [--seconds S]

Prints a Markdown table (the one in the README). Speed targets live here, never
in the unit tests: Dizzle 2-player level 1 must reach 100,000 actions/s on one core.
"""

import argparse
import platform

from dicehall.engine import make_game
from dicehall.sim import bench

TARGETS = {("dizzle", 2, 1): 100_000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    print("| game | players | level | games/s | actions/s | target |")
    print("|---|---|---|---|---|---|")
    missed = []
    for level in (1, 2, 3, 4):
        for players in (1, 2, 3, 4):
            result = bench(make_game("dizzle", players=players, level=level), args.seconds)
            target = TARGETS.get(("dizzle", players, level))
            mark = "" if target is None else f"≥ {target:,}"
            if target and result.actions_per_second < target:
                missed.append((players, level))
            print(f"| dizzle | {players} | {level} | {result.games_per_second:,.0f} "
                  f"| {result.actions_per_second:,.0f} | {mark} |")
    if missed:
        raise SystemExit(f"below target: {missed}")


if __name__ == "__main__":
    main()
