"""How many steps games take: random and bot games of every configuration.

The steps are the engine's (one per deciding seat's decision, one per chance
event); the longest games seen back each game's ``max_game_length``
(docs/engine.md, "Game length").

    .venv/bin/python bench/game_lengths.py [--games 1000] [--bot-games 30] [GAME ...]
"""

from __future__ import annotations

import argparse
import random

from dicehall.bots import make_bot
from dicehall.engine import make_game
from dicehall.engine.playout import play_randomly
from dicehall.engine.state import CHANCE, TERMINAL

CONFIGURATIONS = (
    [("dizzle", {"players": n, "level": level}) for n in (1, 2, 3, 4) for level in (1, 7, 8)]
    + [("nochmal", {"players": n, "edition": edition}) for n in (1, 2, 4, 6)
       for edition in ("so-gut", "classic")]
    + [("razzle", {"players": n}) for n in (2, 3)])


def bot_game_steps(game, bot, rng: random.Random) -> int:
    state, steps = game.new_initial_state(), 0
    while (current := state.current_player()) != TERMINAL:
        if current == CHANCE:
            state.apply_outcome(state.sample_chance(rng))
            steps += 1
            continue
        for seat in state.deciders():
            state.apply_id(bot.choose(state.redacted(seat), seat, rng), seat)
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per configuration")
    parser.add_argument("--bot-games", type=int, default=30, help="greedy games per configuration")
    parser.add_argument("names", nargs="*", metavar="GAME", help="only these games")
    args = parser.parse_args()
    print("| game | options | random: mean | max | greedy: mean | max | max_game_length |")
    print("|---|---|---|---|---|---|---|")
    for name, options in CONFIGURATIONS:
        if args.names and name not in args.names:
            continue
        game, rng, bot = make_game(name, **options), random.Random(1), make_bot("greedy")
        lengths = [play_randomly(game.new_initial_state(), rng) for _ in range(args.games)] or [0]
        greedy = [bot_game_steps(game, bot, rng) for _ in range(args.bot_games)] or [0]
        shown = " ".join(f"{key}={value}" for key, value in options.items())
        print(f"| {name} | {shown} | {sum(lengths) / len(lengths):,.0f} | {max(lengths):,} | "
              f"{sum(greedy) / len(greedy):,.0f} | {max(greedy):,} | {game.max_game_length} |",
              flush=True)


if __name__ == "__main__":
    main()
