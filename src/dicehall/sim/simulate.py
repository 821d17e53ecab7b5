"""Batch simulation: many games with fixed bots per seat, and their statistics.

Game *i* of a run with seed *s* uses its own generator seeded ``"s:i"``, so a
game's dice do not depend on how many games ran before it — nor on how many
worker processes share the run: the results are the same for any ``workers``.
"""

from __future__ import annotations

import csv
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Self

from ..engine.game import Game
from ..engine.record import GameRecord
from .rows import write_rows
from .runner import GameResult, run_games
from .stats import Tally, tally_seats


@dataclass
class SeatStats:
    """One seat's results, rounded for reports (exact counts: :class:`Tally`)."""

    seat: int
    bot: str
    mean_score: float
    stdev_score: float
    wins: float
    win_rate: float

    @classmethod
    def of(cls, seat: int, bot: str, tally: Tally) -> SeatStats:
        mean, stdev = tally.mean_and_stdev()
        return cls(seat, bot, round(mean, 3), round(stdev, 3), round(float(tally.wins), 3),
                   round(tally.win_rate, 4))


#: the columns of :meth:`SimulationResult.write_csv`, one row per seat
SEAT_FIELDS = ("seat", "bot", "mean_score", "stdev_score", "wins", "win_rate")


class SavedRun(ABC):
    """A run saved with its games' results and read back, so saved runs merge."""

    results: list[GameResult]

    @abstractmethod
    def to_json(self) -> dict:
        """The run's summary as one JSON-ready object."""

    def write_json(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``, with every game's result, so that
        :meth:`read_json` gives the run back and saved runs merge (``+``)."""
        data = {**self.to_json(), "results": [result.to_json() for result in self.results]}
        Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    @classmethod
    def read_json(cls, path: str | Path) -> Self:
        """A run written by :meth:`write_json`."""
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict) -> Self:
        """The run of :meth:`write_json`'s object."""


@dataclass
class SimulationResult(SavedRun):
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

    @classmethod
    def of(cls, game: str, options: dict, seed: int | str, seconds: float, bots: Sequence[str],
           results: Sequence[GameResult]) -> SimulationResult:
        """The result of the games ``results``, ``bots[seat]`` in each seat."""
        results = sorted(results, key=lambda result: result.index)
        seats = [SeatStats.of(seat, bot, tally)
                 for seat, (bot, tally) in enumerate(zip(bots, tally_seats(results, len(bots))))]
        scores = [[result.scores[seat] for result in results] for seat in range(len(bots))]
        return cls(game, options, len(results), seed, seconds, seats, scores, list(results))

    def __add__(self, other: SimulationResult) -> SimulationResult:
        """Both runs as one: the same game and bots, other games (another seed,
        or other indices of the same seed by ``simulate(..., first=)``)."""
        bots = [stats.bot for stats in self.seats]
        check_mergeable(self, other, bots, [stats.bot for stats in other.seats])
        return SimulationResult.of(self.game, self.options, merged_seed(self.seed, other.seed),
                                   self.seconds + other.seconds, bots, self.results + other.results)

    merge = __add__

    def tallies(self) -> list[Tally]:
        """The exact counts behind :attr:`seats`, one :class:`Tally` per seat."""
        return tally_seats(self.results, len(self.seats))

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

    @classmethod
    def from_json(cls, data: dict) -> SimulationResult:
        """A run from :meth:`write_json`'s object (its statistics made again from the games)."""
        bots = [seat["bot"] for seat in data["seats"]]
        return cls.of(data["game"], data["options"], data["seed"], data["seconds"], bots,
                      saved_results(data))

    def write_csv(self, path: str | Path) -> None:
        """Write one row per seat: ``seat,bot,mean_score,stdev_score,wins,win_rate``."""
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, SEAT_FIELDS)
            writer.writeheader()
            for stats in self.seats:
                writer.writerow(asdict(stats))

    def write_game_csv(self, path: str | Path) -> None:
        """Write one row per game (:mod:`dicehall.sim.rows`: its number, every
        seat's bot, score and place, and the winning seats)."""
        write_rows(path, len(self.seats), self.results)


def saved_results(data: dict) -> list[GameResult]:
    """The per-game results of a saved run; a summary without them cannot merge."""
    if "results" not in data:
        raise ValueError("this summary has no per-game results (write it with write_json "
                         "or --out-json to merge it later)")
    return [GameResult.from_json(result) for result in data["results"]]


def merged_seed(a: int | str, b: int | str) -> int | str:
    """The seed of two merged runs: theirs, or both joined by ``+``."""
    return a if a == b else f"{a}+{b}"


def check_mergeable(a, b, bots_a: Sequence[str], bots_b: Sequence[str]) -> None:
    """Refuse to merge runs of different games or bots, or runs sharing a game."""
    if (a.game, a.options) != (b.game, b.options):
        raise ValueError(f"cannot merge runs of different games: {a.game} {a.options} "
                         f"and {b.game} {b.options}")
    if list(bots_a) != list(bots_b):
        raise ValueError(f"cannot merge runs of different bots: {list(bots_a)} and {list(bots_b)}")
    if a.seed == b.seed and {r.index for r in a.results} & {r.index for r in b.results}:
        raise ValueError(f"both runs played games of seed {a.seed!r} with the same numbers; "
                         "give the second run another seed or first=")


def simulate(game: Game, bot_names: Sequence[str], games: int, seed: int | str = 0,
             on_record: Callable[[int, GameRecord], None] | None = None, *,
             workers: int | None = 1, first: int = 0,
             progress: Callable[[int], None] | None = None, resumed: Sequence[GameResult] = (),
             on_result: Callable[[GameResult], None] | None = None,
             ray: str | None = None) -> SimulationResult:
    """Play ``games`` games with ``bot_names[seat]`` in each seat (the list is
    cycled if shorter than the number of seats).

    * ``seed`` — game *i* uses ``random.Random(f"{seed}:{i}")``; the same seed
      gives the same games, whatever ``workers`` is.
    * ``on_record(index, record)`` — called with every game's
      :class:`~dicehall.engine.GameRecord`, in index order.
    * ``workers`` — processes to spread the games over (``None``: one per CPU;
      1, the default: play in this process). Bots are made by name in each
      worker, so they must be registered by an importable module.
    * ``first`` — the games are numbered ``first`` to ``first + games - 1``, so
      runs of the same seed with ``first=0`` and ``first=n`` add up (``+``) to
      one run of ``2n`` games.
    * ``progress(n)`` — called each time ``n`` more games have finished.
    * ``resumed`` — games of this run played before (a resumed run): they
      are not played again, and count in the result.
    * ``on_result(result)`` — every game played, in index order, as it is done
      (to stream it to a file).
    * ``ray`` — play on Ray instead (an address, or ``local``: see
      :mod:`dicehall.sim.on_ray`); the same games as without.

    Raises :class:`~dicehall.engine.OptionError` for an unknown bot or fewer
    than one game.
    """
    started = time.perf_counter()
    results = run_games(game, bot_names, games, seed, workers=workers, first=first, on_record=on_record,
                        progress=progress, skip={r.index for r in resumed}, on_result=on_result, ray=ray)
    seconds = time.perf_counter() - started
    names = [bot_names[seat % len(bot_names)] for seat in range(game.num_players)]
    return SimulationResult.of(game.name, game.record_options(), seed, seconds, names,
                               [*resumed, *results])
