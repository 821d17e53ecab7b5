"""Random playouts on the fast path, for benchmarks and search bots."""

from __future__ import annotations

import random
from collections.abc import Callable

from .state import CHANCE, TERMINAL, GameState

#: a policy: the action id a seat takes in a state
Policy = Callable[[GameState, int, random.Random], int]


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


def play_on(state: GameState, policy: Policy, rng: random.Random,
            decided: Callable[[GameState, int], None] = lambda state, seat: None) -> list[int]:
    """Play ``state`` on with ``policy`` in every seat (deciders one at a time)
    to its end, or to the game's stated length; ``decided(state, seat)`` after
    each decision. The final scores."""
    limit, steps = state.game.max_game_length, 0
    while (current := state.current_player()) != TERMINAL and (limit is None or steps < limit):
        steps += 1
        if current == CHANCE:
            state.apply_outcome(state.sample_chance(rng))
            continue
        seat = state.deciders()[0]
        state.apply_id(policy(state, seat, rng), seat)
        decided(state, seat)
    return state.scores()
