"""The greedy bot: the action whose result the game's evaluation likes best.

Each legal action is tried on a clone and the result scored with the game's
own ``evaluate`` (game knowledge lives in the game's package; where an action
leads to a chance event, such as a Dizzle reroll, that evaluation weighs the
outcomes). Ties are broken at random.
"""

from __future__ import annotations

import random

from ..engine.state import GameState
from .base import register_bot


@register_bot
class GreedyBot:
    name = "greedy"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        actions = state.legal_action_ids(seat)
        if len(actions) == 1:
            return actions[0]
        evaluate = state.game.evaluate
        best, best_value = [], float("-inf")
        for action in actions:
            after = state.clone()
            after.apply_id(action, seat)
            value = evaluate(after, seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best)
