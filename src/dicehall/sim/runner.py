"""Playing numbered games, on one core or spread over a process pool.

Game *i* of a run with seed *s* is played with its own generator
``random.Random(f"{s}:{i}")`` and freshly made bots, so its dice, its moves and
its record depend only on *s*, *i* and who sits where — never on how many games
ran before it or in which process. The indices are split into contiguous
batches, each batch is played by :func:`play_games` in a worker process of a
multiprocessing pool (a top-level function that rebuilds the game by name with
:func:`dicehall.engine.make_game`, as the "spawn" start method needs), and the
batches come back in index order.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..bots.base import make_bot
from ..engine.errors import OptionError
from ..engine.game import Game
from ..engine.record import GameRecord, RecordEntry
from ..engine.registry import make_game
from .playout import play_out
from .rotation import seating

#: the start method of the worker processes: "spawn" starts clean interpreters
#: (no inherited threads or locks) and behaves the same on every platform
START_METHOD = "spawn"

#: at most this many games in one batch sent to a worker
MAX_BATCH = 25


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: its index, the bot in each seat, scores and places."""

    index: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (several when the win is shared)."""
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def to_json(self) -> dict:
        return {"index": self.index, "bots": list(self.bots), "scores": list(self.scores),
                "places": list(self.places)}


Played = list[tuple[GameResult, "GameRecord | None"]]


def lineup(bot_names: Sequence[str], players: int, index: int, rotate: bool) -> tuple[str, ...]:
    """Who sits where in game ``index``: the names cycled over the seats, or
    (``rotate``) the tournament rotation of :func:`dicehall.sim.rotation.seating`."""
    if rotate:
        return seating(bot_names, players, index)
    return tuple(bot_names[seat % len(bot_names)] for seat in range(players))


def _play(game: Game, bot_names: Sequence[str], indices: Sequence[int], seed: int | str,
          rotate: bool, records: bool) -> Played:
    played: Played = []
    for index in indices:
        names = lineup(bot_names, game.num_players, index, rotate)
        bots = [make_bot(name) for name in names]
        rng = random.Random(f"{seed}:{index}")
        entries: list[RecordEntry] | None = [] if records else None
        state = play_out(game.new_initial_state(), bots, rng, entries)
        result = GameResult(index, names, tuple(state.scores()), tuple(state.places()))
        record = None
        if entries is not None:
            record = GameRecord.of(game, state, entries, seats=list(names), seed=f"{seed}:{index}")
        played.append((result, record))
    return played


def play_games(game_name: str, options: dict, bot_names: Sequence[str], indices: Sequence[int],
               seed: int | str, rotate: bool = False, records: bool = False) -> Played:
    """Play the games numbered ``indices`` of a run (the worker function).

    The game is rebuilt from its name and options (``Game.record_options()``,
    which carry a custom sheet inline). Returns each game's
    :class:`GameResult` with its record (``None`` unless ``records``)."""
    return _play(make_game(game_name, options), bot_names, indices, seed, rotate, records)


def _play_task(task: tuple) -> Played:
    return play_games(*task)


def default_workers() -> int:
    return os.cpu_count() or 1


def check_run(bot_names: Sequence[str], games: int, workers: int | None) -> int:
    """Check a run's arguments before any process starts; the worker count."""
    if not bot_names:
        raise OptionError("no bot named")
    for name in dict.fromkeys(bot_names):
        make_bot(name)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionError(f"the number of games must be at least 1, not {games!r}")
    if workers is None:
        return default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"the number of workers must be at least 1, not {workers!r}")
    return workers


def run_games(game: Game, bot_names: Sequence[str], games: int, seed: int | str, *,
              rotate: bool = False, workers: int | None = 1,
              on_record: Callable[[int, GameRecord], None] | None = None,
              progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play games ``0..games-1`` and return their results in index order.

    ``workers`` processes share the work (``None``: one per CPU; 1: in this
    process). ``on_record(index, record)`` receives every game's record, in
    index order; ``progress(n)`` is told each time ``n`` more games finished."""
    workers = check_run(bot_names, games, workers)
    records = on_record is not None
    results: list[GameResult] = []

    def take(played: Played) -> None:
        for result, record in played:
            results.append(result)
            if on_record is not None and record is not None:
                on_record(result.index, record)
        if progress is not None:
            progress(len(played))

    if workers == 1:
        size = min(MAX_BATCH, games)
        for start in range(0, games, size):
            take(_play(game, bot_names, range(start, min(start + size, games)), seed, rotate, records))
        return results
    size = max(1, min(MAX_BATCH, math.ceil(games / (4 * workers))))
    options = game.record_options()
    names = list(bot_names)
    tasks = [(game.name, options, names, range(start, min(start + size, games)), seed, rotate, records)
             for start in range(0, games, size)]
    pool = ProcessPoolExecutor(min(workers, len(tasks)), mp_context=multiprocessing.get_context(START_METHOD))
    try:
        for played in pool.map(_play_task, tasks):
            take(played)
    except BrokenProcessPool as error:
        raise RuntimeError(
            "a worker process died before finishing its games; in a script, start the run "
            "under `if __name__ == \"__main__\":` (worker processes import the main module), "
            "or pass workers=1") from error
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return results
