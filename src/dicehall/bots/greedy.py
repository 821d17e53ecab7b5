"""The greedy bot: the action whose result the game's evaluation likes best.

Each legal action is tried on a clone and the result scored with the game's
own ``evaluate`` (game knowledge lives in the game's package; where an action
leads to a chance event, such as a Dizzle reroll, that evaluation weighs the
outcomes). Ties are broken at random. The search bots use the same policy
inside their rollouts.
"""

from __future__ import annotations

import random

from ..engine.state import GameState
from .base import register_bot


def ranked(state: GameState, seat: int, legal: list[int],
           rng: random.Random) -> list[tuple[float, float, int, GameState]]:
    """Each of ``legal`` with its value, a random tie-break and the state after
    it, best by the game's evaluation first."""
    evaluate = state.game.evaluate
    scored = []
    for action in legal:
        after = state.clone()
        after.apply_id(action, seat)
        scored.append((evaluate(after, seat), rng.random(), action, after))
    scored.sort(key=lambda item: item[:2], reverse=True)
    return scored


def greedy_choice(state: GameState, seat: int, rng: random.Random) -> int:
    """The action the game's evaluation likes best; ties broken at random."""
    legal = state.legal_action_ids(seat)
    if len(legal) == 1:
        return legal[0]
    return ranked(state, seat, legal, rng)[0][2]


@register_bot
class GreedyBot:
    name = "greedy"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        return greedy_choice(state, seat, rng)
