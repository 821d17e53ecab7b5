"""Benchmarks: random-playout throughput of every game configuration we report.

    make bench                      # or: .venv/bin/python bench/run.py [--seconds S] [GAME ...]

Prints a Markdown table (the one in the README). Speed targets live here, never
in the unit tests; the run fails if a target is missed.
"""

import argparse
import platform

from dicehall.engine import make_game
from dicehall.sim import bench

# (game, options, target actions per second or None)
CONFIGURATIONS = [
    *[("dizzle", {"players": p, "level": level}, 100_000 if (p, level) == (2, 1) else None)
      for level in range(1, 9) for p in (1, 2, 3, 4)],
    *[("nochmal", {"players": p, "edition": edition}, 20_000 if p == 2 else None)
      for edition in ("so-gut", "classic") for p in (1, 2, 4, 6)],
    *[("razzle", {"players": p}, 100_000 if p == 3 else None) for p in (2, 3)],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("games", nargs="*", help="only these games")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    print("| game | options | games/s | actions/s | target |")
    print("|---|---|---|---|---|")
    missed = []
    for name, options, target in CONFIGURATIONS:
        if args.games and name not in args.games:
            continue
        result = bench(make_game(name, options), args.seconds)
        shown = " ".join(f"{key}={value}" for key, value in options.items())
        if target and result.actions_per_second < target:
            missed.append(f"{name} {shown}")
        print(f"| {name} | {shown} | {result.games_per_second:,.0f} "
              f"| {result.actions_per_second:,.0f} | {f'≥ {target:,}' if target else ''} |")
    if missed:
        raise SystemExit(f"below target: {', '.join(missed)}")


if __name__ == "__main__":
    main()
