"""Batch simulation: many games with fixed bots per seat, and their statistics.

Game *i* of a run with seed *s* uses its own generator seeded ``"s:i"``, so a
game's dice do not depend on how many games ran before it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from ..bots.base import make_bot
from ..engine.game import Game
from ..engine.record import GameRecord, RecordEntry
from .playout import play_out


@dataclass
class SeatStats:
    seat: int
    bot: str
    mean_score: float
    stdev_score: float
    wins: float
    win_rate: float


@dataclass
class SimulationResult:
    game: str
    options: dict
    games: int
    seed: int | str
    seconds: float
    seats: list[SeatStats]
    scores: list[list[int]]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict:
        return {"game": self.game, "options": self.options, "games": self.games,
                "seed": self.seed, "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 2),
                "seats": [asdict(seat) for seat in self.seats]}


def simulate(game: Game, bot_names: Sequence[str], games: int, seed: int | str,
             on_record: Callable[[int, GameRecord], None] | None = None) -> SimulationResult:
    """Play ``games`` games with ``bot_names[seat]`` in each seat (the list is
    cycled if shorter than the number of seats)."""
    seats = game.num_players
    names = [bot_names[seat % len(bot_names)] for seat in range(seats)]
    bots = [make_bot(name) for name in names]
    scores: list[list[int]] = [[] for _ in range(seats)]
    wins = [0.0] * seats
    started = time.perf_counter()
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        entries: list[RecordEntry] | None = [] if on_record else None
        state = play_out(game.new_initial_state(), bots, rng, entries)
        for seat, score in enumerate(state.scores()):
            scores[seat].append(score)
        winners = state.winners()
        for seat in winners:
            wins[seat] += 1 / len(winners)
        if on_record:
            on_record(index, GameRecord.of(game, state, entries, seats=names, seed=f"{seed}:{index}"))
    seconds = time.perf_counter() - started
    stats = [SeatStats(seat, names[seat], round(statistics.fmean(scores[seat]), 3),
                       round(statistics.pstdev(scores[seat]), 3), round(wins[seat], 3),
                       round(wins[seat] / games, 4))
             for seat in range(seats)]
    return SimulationResult(game.name, game.record_options(), games, seed, seconds, stats, scores)
