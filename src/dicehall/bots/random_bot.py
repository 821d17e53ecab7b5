"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from ..engine.state import GameState
from .base import register_bot


@register_bot
class RandomBot:
    name = "random"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        return rng.choice(state.legal_action_ids(seat))
