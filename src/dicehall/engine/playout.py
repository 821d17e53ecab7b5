"""Random playouts on the fast path, for benchmarks and search bots."""

from __future__ import annotations

import random

from .state import CHANCE, TERMINAL, GameState


def play_randomly(state: GameState, rng: random.Random) -> int:
    """Play ``state`` to its end with uniformly random legal actions and
    sampled chance events; returns the number of steps (chance events count)."""
    choice = rng.choice
    steps = 0
    while True:
        current = state.current_player()
        if current >= 0:
            state.apply_id(choice(state.legal_action_ids(current)), current)
        elif current == CHANCE:
            state.apply_outcome(state.sample_chance(rng))
        elif current == TERMINAL:
            return steps
        else:
            for seat in state.deciders():
                state.apply_id(choice(state.legal_action_ids(seat)), seat)
                steps += 1
            continue
        steps += 1
