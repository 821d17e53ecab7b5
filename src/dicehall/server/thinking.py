"""Bots think in worker processes, never in the server's own process.

A bot's search is pure Python: in a thread of the server it would hold the
interpreter lock against the event loop at every table. So each move is
asked of a pool of ``bot_workers`` processes (spawned clean). A request
carries the table's game (name and options), its steps so far and who is to
move; the worker keeps the position of each table it saw last and applies
only the steps that are new, so a request costs a few steps, not a replay.
The worker redacts the position for the bot's seat (the bot never sees
another seat's hidden choice) and answers the action id; the server applies
it only if the table is still at the version the bot thought about.

``bot_workers = 0`` thinks in a thread of the server instead (the tests and
benchmarks that measure the rest). With ``bot_queue_url`` the questions go
to ``dicehall bot-worker`` processes on any host instead (:mod:`.bot_queue`),
which answer them with the same functions."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots.base import make_bot
from ..bots.levels import hint as search_hint
from ..engine.registry import make_game
from ..orphans import stop_pool
from .config import Settings
from .processes import worker_pool
from .tables import LiveTable, step_rng

if TYPE_CHECKING:
    from .bot_queue import QueuedBots

#: positions a worker keeps (the tables it thought for last)
KEPT = 256


@dataclass(frozen=True)
class Question:
    """What a worker needs to choose one bot move."""

    table: str
    game: str
    options: dict
    steps: tuple[tuple[int | None, str], ...]
    seat: int
    bot: str
    seed: str

    @classmethod
    def of(cls, table: LiveTable, seat: int, bot: str) -> Question:
        steps = tuple((entry.seat, entry.notation) for entry in table.match.entries)
        return cls(table.id, table.game.name, table.game.record_options(), steps, seat, bot, table.seed)


#: in a worker: table id -> (its game's name and options, the position, the steps it has)
_positions: OrderedDict[str, tuple[tuple[str, dict], Any, tuple]] = OrderedDict()


def position(question: Question) -> Any:
    """The table's position after its steps, from the kept one when it is a prefix."""
    which = (question.game, question.options)
    kept = _positions.pop(question.table, None)
    if kept is None or kept[0] != which or kept[2] != question.steps[:len(kept[2])]:
        kept = (which, make_game(question.game, question.options).new_initial_state(), ())
    _, state, done = kept
    for seat, notation in question.steps[len(done):]:
        state.apply(notation, seat)
    _positions[question.table] = (which, state, question.steps)
    while len(_positions) > KEPT:
        _positions.popitem(last=False)
    return state


def decide(question: Question, state: Any) -> int:
    """The bot's action id on ``state`` (already redacted for its seat)."""
    rng = step_rng(question.seed, len(question.steps), f"bot{question.seat}")
    return make_bot(question.bot).choose(state, question.seat, rng)


def think(question: Question) -> int:
    """The bot's action id (run in a worker process)."""
    return decide(question, position(question).redacted(question.seat))


def advise(question: Question, state: Any = None) -> tuple[int, list[int]]:
    """A hint: the hard level's action id for the seat's decision, and up to
    three others it weighed (in a worker, from the position it keeps)."""
    if state is None:
        state = position(question).redacted(question.seat)
    found = search_hint(state, question.seat, seed=f"{question.seed}:{len(question.steps)}")
    game = state.game
    return game.action_id(found.action), [game.action_id(action) for action, _, _ in found.alternatives[:3]]


def warm_up() -> None:
    """Nothing: a worker that ran it has started and imported the bots."""


class BotsUnavailable(Exception):
    """No bot could think: no worker answered in time, or their queue is
    full or cannot be reached (:mod:`.bot_queue`)."""


def bots_for(settings: Settings) -> BotPool | QueuedBots:
    """Where the server's bots think: this host's pool, or the queue of
    ``dicehall bot-worker`` processes when ``bot_queue_url`` names one."""
    if settings.bot_queue_url:
        from .bot_queue import QueuedBots

        return QueuedBots(settings.bot_queue_url, settings.bot_seconds)
    return BotPool(settings.bot_workers)


class BotPool:
    """The worker processes bots think in (none with ``workers = 0``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def choose(self, table: LiveTable, seat: int, bot: str) -> Awaitable[int]:
        """The bot's action id for the seat's decision at the table now (the
        question is taken at once; await the answer)."""
        return self.ask(think, decide, Question.of(table, seat, bot), table)

    def hint(self, table: LiveTable, seat: int) -> Awaitable[tuple[int, list[int]]]:
        """The hint's action id and its alternatives' for the seat's decision now."""
        return self.ask(advise, advise, Question.of(table, seat, "hint"), table)

    def ask(self, there: Callable[..., Any], here: Callable[..., Any], question: Question,
            table: LiveTable) -> Awaitable[Any]:
        """``there(question)`` in a worker, or ``here(question, redacted
        state)`` in a thread with ``bot_workers = 0``."""
        if self.workers == 0:
            return asyncio.to_thread(here, question, table.match.state.redacted(question.seat))
        return asyncio.get_running_loop().run_in_executor(self.start(), there, question)

    def start(self) -> ProcessPoolExecutor:
        """The pool, its workers started now (the server calls it at start, so
        that the first bot move does not wait for a process to start)."""
        if self.pool is None:
            self.pool = worker_pool(self.workers)
            for _ in range(self.workers):
                self.pool.submit(warm_up)
        return self.pool

    async def close(self) -> None:
        if self.pool is not None:
            stop_pool(self.pool)

