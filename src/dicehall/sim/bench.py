"""Random-playout throughput: how fast the engine plays whole games.

Every step counts as an action, chance events included. The games are
played by :func:`dicehall.engine.playout.play_randomly`, on the engine's fast
path (``legal_action_ids``/``apply_id``/``sample_chance``/``apply_outcome``)
exactly as a search bot's playouts are.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.playout import play_randomly


@dataclass
class BenchResult:
    game: str
    options: dict
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    def to_json(self) -> dict:
        return {"game": self.game, "options": self.options, "games": self.games,
                "actions": self.actions, "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 1),
                "actions_per_second": round(self.actions_per_second)}


def bench(game: Game, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    """Play random games for about ``seconds`` and count games and actions."""
    rng = random.Random(seed)
    games = actions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        actions += play_randomly(game.new_initial_state(), rng)
        games += 1
    return BenchResult(game.name, game.record_options(), games, actions,
                       time.perf_counter() - started)
