"""Playing a game to its end with one bot per seat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bots.base import Bot
from ..engine.record import RecordEntry
from ..engine.state import CHANCE, TERMINAL, GameState


def play_out(state: GameState, bots: Sequence[Bot], rng: random.Random,
             entries: list[RecordEntry] | None = None) -> GameState:
    """Play ``state`` to the end: chance events sampled with ``rng``, every
    decision by ``bots[seat]``. Steps are appended to ``entries`` if given."""
    game = state.game
    while True:
        current = state.current_player()
        if current == TERMINAL:
            return state
        if current == CHANCE:
            outcome = state.sample_chance(rng)
            state.apply_outcome(outcome)
            if entries is not None:
                entries.append(RecordEntry(None, str(outcome)))
            continue
        for seat in state.deciders():
            action = bots[seat].choose(state, seat, rng)
            state.apply_id(action, seat)
            if entries is not None:
                entries.append(RecordEntry(seat, str(game.action_from_id(action))))
