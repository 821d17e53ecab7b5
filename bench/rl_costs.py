"""Where the PettingZoo adapter's time goes: the same random games with parts of
the observation left out, each column timed in turns with the others.

    .venv/bin/python bench/rl_costs.py [--seconds S] [GAME [KEY=VALUE ...]]

Columns, in µs of CPU time per step (a step as bench/rl_adapters.py counts it):
the engine's playout; the adapter without observations; with them; with them
but the encoding left out (a fixed vector instead); with them but the
encoder's Python left out (zero bytes instead of ``raw``, so numpy's
conversion stays); with them but the action mask left out. The differences
are what each part costs inside a running game, where it costs more than on
one state encoded again and again (``encode µs`` in bench/rl_adapters.py):
the rules step before it has moved its code and data out of the CPU's caches.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import numpy as np
from rl_adapters import interleaved, pettingzoo

import dicehall.rl.spaces
from dicehall.engine import make_game
from dicehall.engine.playout import play_randomly
from dicehall.rl.pettingzoo import DicehallAEC

LABELS = ("engine", "adapter", "+ obs", "no encoding", "no Python encoding", "no mask")


def stubbed(play: Callable[[], int], stub: Callable[[], None], undo: Callable[[], None]) -> Callable[[], int]:
    """``play`` with a part left out while it runs."""
    def run() -> int:
        stub()
        try:
            return play()
        finally:
            undo()
    return run


def columns(name: str, options: dict) -> list[Callable[[], int]]:
    game, rng, seed = make_game(name, **options), random.Random(0), [0]
    envs = [DicehallAEC(name, **options) for _ in LABELS[1:]]
    plain, observed, fixed, zero_bytes, no_mask = (
        lambda env=env, observe=observe: pettingzoo(env, observe, seed)
        for env, observe in zip(envs, (False, True, True, True, True)))
    vector = envs[2].encoder.encode(envs[2].state, 0)
    envs[2].encoder.encode = lambda state, seat, out=None: vector
    zeros = bytes(len(vector))
    envs[3].encoder.raw = lambda state, seat: zeros
    real_mask, mask = dicehall.rl.spaces.action_mask, np.zeros(game.num_distinct_actions, np.int8)

    def stub() -> None:
        dicehall.rl.spaces.action_mask = lambda state, seat, legal=None: mask

    def undo() -> None:
        dicehall.rl.spaces.action_mask = real_mask

    return [lambda: play_randomly(game.new_initial_state(), rng), plain, observed, fixed, zero_bytes,
            stubbed(no_mask, stub, undo)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per column")
    parser.add_argument("game", nargs="?", default="dizzle")
    parser.add_argument("options", nargs="*", help="KEY=VALUE, for example players=1 level=1")
    args = parser.parse_args()
    options = {key: int(value) if value.isdigit() else value
               for key, value in (option.split("=", 1) for option in args.options)}
    rates = interleaved(args.seconds, columns(args.game, options))
    micros = [1e6 / rate for rate in rates]
    print(f"{args.game} {' '.join(args.options)}: µs per step")
    for label, value in zip(LABELS, micros):
        print(f"  {label:20s} {value:6.2f}")
    print(f"  the observation costs {micros[2] - micros[1]:.2f}: the encoding {micros[2] - micros[3]:.2f} "
          f"(its Python {micros[2] - micros[4]:.2f}), the mask {micros[2] - micros[5]:.2f}")


if __name__ == "__main__":
    main()
