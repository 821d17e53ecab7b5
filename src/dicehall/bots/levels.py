"""Difficulty levels a table can offer, and hints for human players.

``easy`` is the greedy bot in every game. ``medium`` and ``hard`` are each
game's own search with a budget per move, named by the game in
``Game.levels`` (game knowledge stays in the game's package):

| level | Dizzle, Razzle-Dazzle | Noch mal |
|---|---|---|
| ``easy`` | greedy | greedy |
| ``medium`` | MCTS, 100 iterations (Razzle 30) or 0.25 s | rollouts, 2 rounds per candidate or 0.25 s |
| ``hard`` | MCTS, 1,000 iterations or 2 s | rollouts, 8 rounds per candidate or 1.8 s |
| ``expert`` | MCTS, 5,000 iterations or 9 s | rollouts, 32 rounds per candidate or 9 s |

Solo games on a shipped sheet replace ``hard`` and ``expert`` (each game's
``SOLO_LEVELS``): in solo Dizzle (levels 1-8) the learned value's
``lookahead`` eight decisions deep (32 samples of 10 candidates; ``expert``
64 of 12), in solo *Noch mal so gut!* rollouts two own decisions deep
from 16 candidates (8 rounds or 1.8 s; ``expert`` 32 rounds or 9 s). docs/strength.md has
their numbers.

``expert`` is for analysis (the daily challenge's score to beat, hints on
request): up to 10 s a move, so tables do not offer it by default
(``Settings.bot_levels``). Whichever budget runs out first ends the search. A rollout already begun
when the time is up still finishes, so Noch mal's ``hard`` stops at 1.8 s and
stays within 2 s even with six players (``bench/bot_moves.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine.errors import OptionError
from ..engine.state import GameState
from .base import Bot, SearchBot, make_bot, register_level
from .greedy import GreedyBot


class LevelBot:
    """A difficulty level: the search the game names for it (``Game.levels``)."""

    def __init__(self, level: str) -> None:
        self.name = level
        self._bots: dict[str, Bot] = {}

    def search(self, state: GameState) -> Bot:
        game = state.game
        key = game.levels[self.name]
        if key not in self._bots:
            self._bots[key] = make_bot(key)
        return self._bots[key]

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        return self.search(state).choose(state, seat, rng)


LEVELS = {
    "easy": GreedyBot,
    "medium": lambda: LevelBot("medium"),
    "hard": lambda: LevelBot("hard"),
    "expert": lambda: LevelBot("expert"),
}
for _name, _factory in LEVELS.items():
    register_level(_name, _factory)


@dataclass
class Hint:
    """The action a search recommends, its estimated value (the mean reward,
    about 0-1: a share of the win and the place; in solo, the score / 100), and
    the other actions it weighed, best first."""

    action: Any
    value: float
    visits: int
    alternatives: list[tuple[Any, float, int]]


def hint(state: GameState, seat: int | None = None, *, bot: str | None = None,
         seed: int | str = 0) -> Hint:
    """The best action for ``seat`` (default: the only decider) by the hard
    level's search, or by ``bot`` (a search bot's name with parameters, e.g.
    ``mcts:iterations=5000``)."""
    seat = state.deciding_seat(seat)
    search = make_bot(bot) if bot else LevelBot("hard").search(state)
    if not isinstance(search, SearchBot):
        raise OptionError(f"bot {bot!r} does not search, so it cannot give hints")
    found = search.analyse(state, seat, random.Random(seed))
    decode = state.game.action_from_id
    if not found:
        action = decode(state.legal_action_ids(seat)[0])
        return Hint(action, float("nan"), 0, [])
    best = found[0]
    return Hint(decode(best.action_id), best.value, best.visits,
                [(decode(a.action_id), a.value, a.visits) for a in found[1:]])
