"""Playing numbered games, on one core or spread over a process pool.

Game *i* of a run with seed *s* is played with its own generator
``random.Random(f"{s}:{i}")`` and freshly made bots, so its dice, its moves and
its record depend only on *s*, *i* and who sits where — never on how many games
ran before it or in which process. The indices are split into contiguous
batches, each batch is played by :func:`play_games` in a worker process of a
multiprocessing pool (a top-level function that rebuilds the game by name with
:func:`dicehall.engine.make_game`, as the "spawn" start method needs). Games
come back one by one, not per batch: a worker sends every finished game on a
queue that the parent reads while it waits, and the parent hands them on in
index order as soon as the games before them are in. So a bar moves even when
one game of a search bot takes seconds, and a run stopped at any moment has
handed on (to ``--per-game-csv``, say) every game up to the first one still
being played; on one core, every finished game. A run stopped by Ctrl-C
ends its workers at once rather than wait for their batches; a worker whose
run's process was killed exits within a second (:mod:`dicehall.orphans`).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..bots.base import make_bot
from ..engine.errors import OptionError
from ..engine.game import Game
from ..engine.record import GameRecord, RecordEntry
from ..engine.registry import make_game
from ..orphans import stop_pool, watch_parent
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

    @classmethod
    def from_json(cls, data: dict) -> GameResult:
        return cls(int(data["index"]), tuple(data["bots"]), tuple(data["scores"]), tuple(data["places"]))


Played = list[tuple[GameResult, "GameRecord | None"]]


def lineup(bot_names: Sequence[str], players: int, index: int, rotate: bool) -> tuple[str, ...]:
    """Who sits where in game ``index``: the names cycled over the seats, or
    (``rotate``) the tournament rotation of :func:`dicehall.sim.rotation.seating`."""
    if rotate:
        return seating(bot_names, players, index)
    return tuple(bot_names[seat % len(bot_names)] for seat in range(players))


#: how often (seconds) the parent looks for finished games while it waits for a batch
POLL_SECONDS = 0.2

#: in a worker process: the queue on which every finished game is sent
_finished: multiprocessing.SimpleQueue | None = None


#: told of each game as it finishes: its result and its record (or ``None``)
Done = Callable[[GameResult, "GameRecord | None"], None]


def _play(game: Game, bot_names: Sequence[str], indices: Sequence[int], seed: int | str,
          rotate: bool, records: bool, done: Done | None = None) -> Played:
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
        if done is not None:
            done(result, record)
    return played


def play_games(game_name: str, options: dict, bot_names: Sequence[str], indices: Sequence[int],
               seed: int | str, rotate: bool = False, records: bool = False,
               done: Done | None = None) -> Played:
    """Play the games numbered ``indices`` of a run (the worker function).

    The game is rebuilt from its name and options (``Game.record_options()``,
    which carry a custom sheet inline). Returns each game's
    :class:`GameResult` with its record (``None`` unless ``records``);
    ``done(result, record)`` is called after each game."""
    return _play(make_game(game_name, options), bot_names, indices, seed, rotate, records, done)


def _start_worker(queue: multiprocessing.SimpleQueue, parent: int) -> None:
    """The worker initialiser: send finished games on ``queue``, and exit once
    the run's process ``parent`` is gone (stopped or killed), rather than play
    on, or wait on a pipe no one reads, for good (:mod:`dicehall.orphans`)."""
    global _finished
    _finished = queue
    watch_parent(parent)


def _play_task(task: tuple) -> None:
    """Play a batch, sending each game on the queue as it finishes (``put``
    writes to the pipe before it returns, so the batch's games are all sent
    when the task is done)."""
    queue = _finished
    assert queue is not None, "a worker process sends its games on the queue _start_worker gave it"
    play_games(*task, done=lambda result, record: queue.put((result, record)))


def shard_range(first: int, games: int, shard: str) -> tuple[int, int]:
    """The first game and the number of games of shard ``K/N`` of a run of
    ``games`` games from ``first``: the N shards split it into contiguous
    parts that together are the whole run (merge their outputs)."""
    try:
        k, n = (int(part) for part in shard.split("/"))
    except ValueError:
        raise OptionError(f"a shard is K/N, such as 2/4, not {shard!r}") from None
    if not 1 <= k <= n:
        raise OptionError(f"shard {shard}: K is 1 to N")
    if n > games:
        raise OptionError(f"shard {shard}: more shards than the {games} games")
    start, end = first + (k - 1) * games // n, first + k * games // n
    return start, end - start


def check_resumed(results: Sequence[GameResult], bot_names: Sequence[str], players: int, first: int,
                  games: int, rotate: bool) -> None:
    """Refuse resumed games that are not games of this run (other numbers or seats)."""
    for result in results:
        if not first <= result.index < first + games:
            raise OptionError(f"the resumed file has game {result.index}, outside this run's games "
                              f"{first} to {first + games - 1}")
        if result.bots != lineup(bot_names, players, result.index, rotate):
            raise OptionError(f"the resumed file's game {result.index} was played by other bots "
                              f"({', '.join(result.bots)})")


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


def chunks(indices: Sequence[int], size: int) -> list[Sequence[int]]:
    return [indices[start:start + size] for start in range(0, len(indices), size)]


def run_games(game: Game, bot_names: Sequence[str], games: int, seed: int | str, *,
              rotate: bool = False, workers: int | None = 1, first: int = 0,
              on_record: Callable[[int, GameRecord], None] | None = None,
              progress: Callable[[int], None] | None = None, skip: Collection[int] = (),
              on_result: Callable[[GameResult], None] | None = None,
              ray: str | None = None) -> list[GameResult]:
    """Play games ``first..first+games-1`` and return their results in index order.

    ``workers`` processes share the work (``None``: one per CPU; 1: in this
    process); with ``ray`` (an address, or ``local``) Ray tasks play it
    instead (:mod:`dicehall.sim.on_ray`). ``skip`` names games not to play
    (a resumed run has them). ``on_result(result)`` and ``on_record(index,
    record)`` receive every game, in index order, as soon as it and the games
    before it are done; ``progress(n)`` is told each time ``n`` more games
    finished (``n`` is 1 but for several games finishing between two looks,
    or a whole batch on Ray)."""
    workers = check_run(bot_names, games, workers)
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise OptionError(f"the first game's number must be at least 0, not {first!r}")
    records = on_record is not None
    results: list[GameResult] = []
    skipped = set(skip)
    indices = [index for index in range(first, first + games) if index not in skipped]

    def take(played: Played) -> None:
        for result, record in played:
            results.append(result)
            if on_result is not None:
                on_result(result)
            if on_record is not None and record is not None:
                on_record(result.index, record)

    size = max(1, min(MAX_BATCH, math.ceil(len(indices) / (4 * workers))))
    options = game.record_options()
    names = list(bot_names)
    tasks = [(game.name, options, names, chunk, seed, rotate, records) for chunk in chunks(indices, size)]
    if ray is not None:
        from .on_ray import run_batches
        for played in run_batches(tasks, ray, workers, progress):
            take(played)
        return results
    if workers == 1:
        def done(result: GameResult, record: GameRecord | None) -> None:
            take([(result, record)])
            if progress is not None:
                progress(1)
        for chunk in chunks(indices, MAX_BATCH):
            _play(game, bot_names, chunk, seed, rotate, records, done)
        return results
    if tasks:
        _run_on_pool(tasks, workers, InOrder(indices), take, progress)
    return results


class InOrder:
    """Games that come back in any order, handed on in the order of ``indices``."""

    def __init__(self, indices: Sequence[int]) -> None:
        self.indices = indices
        self.position = 0
        self.waiting: dict[int, tuple[GameResult, GameRecord | None]] = {}

    def add(self, result: GameResult, record: GameRecord | None) -> None:
        self.waiting[result.index] = (result, record)

    def ready(self) -> Played:
        """The games next in order that are in (none until the next one is)."""
        ready: Played = []
        while self.position < len(self.indices) and self.indices[self.position] in self.waiting:
            ready.append(self.waiting.pop(self.indices[self.position]))
            self.position += 1
        return ready


def _run_on_pool(tasks: list[tuple], workers: int, arrived: InOrder, take: Callable[[Played], None],
                 progress: Callable[[int], None] | None) -> None:
    """Play the batches on a pool of ``workers`` processes; ``take`` each game
    in index order as soon as it and the games before it are in."""
    context = multiprocessing.get_context(START_METHOD)
    finished = context.SimpleQueue()
    pool = ProcessPoolExecutor(min(workers, len(tasks)), mp_context=context, initializer=_start_worker,
                               initargs=(finished, os.getpid()))

    def report() -> None:
        count = 0
        while not finished.empty():
            arrived.add(*finished.get())
            count += 1
        if count and progress is not None:
            progress(count)
        take(arrived.ready())

    try:
        for future in [pool.submit(_play_task, task) for task in tasks]:
            while True:
                try:
                    future.result(timeout=POLL_SECONDS)
                    break
                except FutureTimeout:
                    report()
            report()
    except BrokenProcessPool as error:
        raise RuntimeError(
            "a worker process died before finishing its games; in a script, start the run "
            "under `if __name__ == \"__main__\":` (worker processes import the main module), "
            "or pass workers=1") from error
    except BaseException:       # Ctrl-C, or an error in ``take``: keep what came in, then stop at once
        try:
            report()
        finally:
            stop_pool(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        finished.close()
