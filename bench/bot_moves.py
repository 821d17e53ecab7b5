"""How long a bot level thinks per move, in positions of every game.

Positions come from greedy games (every ``--every``-th decision); the level's
bot chooses in each, timed on one core. The issue's limit for ``hard`` is 2 s
a move in any position of any game.

    .venv/bin/python bench/bot_moves.py [--level hard] [--positions 12] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from dicehall.bots import make_bot
from dicehall.engine import make_game
from dicehall.engine.state import GameState

CONFIGURATIONS = [
    ("dizzle", {"players": 2, "level": 1}), ("dizzle", {"players": 4, "level": 8}),
    ("dizzle", {"players": 1, "level": 7}), ("nochmal", {"players": 2}),
    ("nochmal", {"players": 6}), ("nochmal", {"players": 1}),
    ("nochmal", {"players": 1, "edition": "classic"}),
    ("razzle", {"players": 3}),
]


def positions(name: str, options: dict, count: int, every: int, seed: int) -> list[tuple[GameState, int]]:
    """Decisions (state, seat) met in greedy games, every ``every``-th one."""
    game, greedy, rng = make_game(name, options), make_bot("greedy"), random.Random(seed)
    found: list[tuple[GameState, int]] = []
    met = 0
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance():
                state.apply_outcome(state.sample_chance(rng))
                continue
            seat = state.deciders()[0]
            met += 1
            if met % every == 0 and len(state.legal_action_ids(seat)) > 1:
                found.append((state.clone(), seat))
            state.apply_id(greedy.choose(state, seat, rng), seat)
    return found


def time_moves(level: str, name: str, options: dict, count: int, every: int) -> list[float]:
    bot, times = make_bot(level), []
    for state, seat in positions(name, options, count, every, seed=1):
        start = time.perf_counter()
        bot.choose(state, seat, random.Random(0))
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = []
    for name, options in CONFIGURATIONS:
        times = time_moves(args.level, name, options, args.positions, args.every)
        report.append({"game": name, "options": options, "moves": len(times),
                       "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)})
        if not args.json:
            row = report[-1]
            print(f"{name:8} {json.dumps(options):40} "
                  f"median {row['median_s']:.3f} s  max {row['max_s']:.3f} s")
    if args.json:
        print(json.dumps({"level": args.level, "configurations": report}))


if __name__ == "__main__":
    main()
