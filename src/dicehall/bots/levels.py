"""Difficulty levels a table can offer, and hints for human players.

| level | bot | budget per move |
|---|---|---|
| ``easy`` | greedy: the best action by a one-step evaluation | instant |
| ``medium`` | MCTS | 300 iterations or 0.25 s, whichever comes first |
| ``hard`` | MCTS | 3,000 iterations or 2 s, whichever comes first |
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine.state import GameState
from .base import register_level
from .greedy import GreedyBot
from .mcts import MCTSBot

LEVELS = {
    "easy": GreedyBot,
    "medium": lambda: MCTSBot(iterations=300, seconds=0.25),
    "hard": lambda: MCTSBot(iterations=3000, seconds=2.0),
}
for _name, _factory in LEVELS.items():
    register_level(_name, _factory)


@dataclass
class Hint:
    """The action a search recommends, its estimated value (the mean reward,
    about 0-1: a share of the win and the place; in solo, the score / 100), and
    the other actions it weighed, best first."""

    action: Any
    value: float
    visits: int
    alternatives: list[tuple[Any, float, int]]


def hint(state: GameState, seat: int | None = None, *, seconds: float = 2.0,
         iterations: int | None = 3000, seed: int | str = 0) -> Hint:
    """The best action for ``seat`` (default: the only decider) by the hard bot's search."""
    seat = state.deciding_seat(seat)
    found = MCTSBot(iterations=iterations, seconds=seconds).analyse(state, seat, random.Random(seed))
    decode = state.game.action_from_id
    if not found:
        action = decode(state.legal_action_ids(seat)[0])
        return Hint(action, float("nan"), 0, [])
    best = found[0]
    return Hint(decode(best.action_id), best.value, best.visits,
                [(decode(a.action_id), a.value, a.visits) for a in found[1:]])
