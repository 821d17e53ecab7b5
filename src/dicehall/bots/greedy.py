"""The greedy bot: the action whose result the game's evaluation likes best.

Each legal action is tried on a clone. Where an action leads to a chance event
(a reroll, say), the bot averages over a few sampled outcomes and, where the
same seat then has to decide again, assumes it takes its best follow-up; so a
reroll is weighed by its chance to place a die against the penalty of failing.
Ties are broken at random.
"""

from __future__ import annotations

import random

from ..engine.state import CHANCE, GameState
from .base import register_bot

CHANCE_SAMPLES = 6


@register_bot
class GreedyBot:
    name = "greedy"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        actions = state.legal_action_ids(seat)
        if len(actions) == 1:
            return actions[0]
        best, best_value = [], float("-inf")
        for action in actions:
            value = self._after_action(state, action, seat, rng)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best)

    def _after_action(self, state: GameState, action: int, seat: int, rng: random.Random) -> float:
        after = state.clone()
        after.apply_id(action, seat)
        if after.current_player() != CHANCE:
            return state.game.evaluate(after, seat)
        total = 0.0
        for _ in range(CHANCE_SAMPLES):
            sample = after.clone()
            sample.apply_outcome(sample.sample_chance(rng))
            total += self._best_follow_up(sample, seat)
        return total / CHANCE_SAMPLES

    @staticmethod
    def _best_follow_up(state: GameState, seat: int) -> float:
        """The evaluation after ``seat``'s best next action, if it is to move."""
        if state.current_player() != seat:
            return state.game.evaluate(state, seat)
        values = []
        for action in state.legal_action_ids(seat):
            after = state.clone()
            after.apply_id(action, seat)
            values.append(state.game.evaluate(after, seat))
        return max(values)
