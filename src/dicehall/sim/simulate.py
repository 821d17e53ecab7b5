"""Batch simulation: many games with fixed bots per seat, and their statistics.

Game *i* of a run with seed *s* uses its own generator seeded ``"s:i"``, so a
game's dice do not depend on how many games ran before it — nor on how many
worker processes share the run: the results are the same for any ``workers``.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..engine.game import Game
from ..engine.record import GameRecord
from .runner import GameResult, run_games
from .stats import mean_and_stdev


@dataclass
class SeatStats:
    seat: int
    bot: str
    mean_score: float
    stdev_score: float
    wins: float
    win_rate: float


#: the columns of :meth:`SimulationResult.write_csv`, one row per seat
SEAT_FIELDS = ("seat", "bot", "mean_score", "stdev_score", "wins", "win_rate")


@dataclass
class SimulationResult:
    """A simulation run: per-seat statistics and every game's scores.

    ``scores[seat][i]`` is the seat's score in game *i*; ``results[i]`` is game
    *i* as a :class:`GameResult` (bots, scores and places)."""

    game: str
    options: dict
    games: int
    seed: int | str
    seconds: float
    seats: list[SeatStats]
    scores: list[list[int]]
    results: list[GameResult] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict:
        """The summary as one JSON-ready object (without the per-game scores)."""
        return {"game": self.game, "options": self.options, "games": self.games,
                "seed": self.seed, "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 2),
                "seats": [asdict(seat) for seat in self.seats]}

    def scores_by_bot(self) -> dict[str, list[int]]:
        """Every score a bot made, over all the seats it held, by bot name."""
        by_bot: dict[str, list[int]] = {}
        for stats in self.seats:
            by_bot.setdefault(stats.bot, []).extend(self.scores[stats.seat])
        return by_bot

    def write_json(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    def write_csv(self, path: str | Path) -> None:
        """Write one row per seat: ``seat,bot,mean_score,stdev_score,wins,win_rate``."""
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, SEAT_FIELDS)
            writer.writeheader()
            for stats in self.seats:
                writer.writerow(asdict(stats))

    def game_columns(self) -> list[str]:
        """The columns of :meth:`write_game_csv`."""
        return ["game", *(f"score_{seat}" for seat in range(len(self.seats))), "winners"]

    def write_game_csv(self, path: str | Path) -> None:
        """Write one row per game: its index, every seat's score (``score_0``,
        ``score_1``, ...) and the winning seats (space-separated when shared)."""
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(self.game_columns())
            for result in self.results:
                writer.writerow([result.index, *result.scores,
                                 " ".join(str(seat) for seat in result.winners)])


def simulate(game: Game, bot_names: Sequence[str], games: int, seed: int | str = 0,
             on_record: Callable[[int, GameRecord], None] | None = None, *,
             workers: int | None = 1,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Play ``games`` games with ``bot_names[seat]`` in each seat (the list is
    cycled if shorter than the number of seats).

    * ``seed`` — game *i* uses ``random.Random(f"{seed}:{i}")``; the same seed
      gives the same games, whatever ``workers`` is.
    * ``on_record(index, record)`` — called with every game's
      :class:`~dicehall.engine.GameRecord`, in index order.
    * ``workers`` — processes to spread the games over (``None``: one per CPU;
      1, the default: play in this process). Bots are made by name in each
      worker, so they must be registered by an importable module.
    * ``progress(n)`` — called each time ``n`` more games have finished.

    Raises :class:`~dicehall.engine.OptionError` for an unknown bot or fewer
    than one game.
    """
    started = time.perf_counter()
    results = run_games(game, bot_names, games, seed, workers=workers, on_record=on_record,
                        progress=progress)
    seconds = time.perf_counter() - started
    seats = game.num_players
    names = [bot_names[seat % len(bot_names)] for seat in range(seats)]
    scores: list[list[int]] = [[result.scores[seat] for result in results] for seat in range(seats)]
    wins = [0.0] * seats
    for result in results:
        winners = result.winners
        for seat in winners:
            wins[seat] += 1 / len(winners)
    stats = []
    for seat in range(seats):
        mean, stdev = mean_and_stdev(scores[seat])
        stats.append(SeatStats(seat, names[seat], round(mean, 3), round(stdev, 3), round(wins[seat], 3),
                               round(wins[seat] / games, 4)))
    return SimulationResult(game.name, game.record_options(), games, seed, seconds, stats, scores,
                            results)
