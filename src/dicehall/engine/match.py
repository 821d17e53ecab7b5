"""A match: a game being played, with a seeded dice driver and its record.

This is the convenient entry point of the Python API::

    >>> import dicehall
    >>> match = dicehall.new_game("dizzle", players=2, level=1, seed=7)
    >>> match.legal_actions()[:3]        # the start player's choices
    >>> match.play(match.legal_actions()[0])

Chance events are sampled with the match's own random generator as soon as
they are due, so after every ``play`` a player is to move (or the game is over).
With ``same_dice`` every roll has a generator of its own, seeded by the match's
seed and the roll's place in the game (``GameState.roll_place``: Dizzle's
draft and dice left, Noch mal's roll number): every match of that seed rolls
the same dice at the same place whatever its players chose (the daily
challenge, :mod:`.daily`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .game import Game
from .record import GameRecord, RecordEntry
from .registry import make_game
from .state import CHANCE, GameState


class Match:
    """A game in progress: state, dice driver and the record of every step."""

    def __init__(self, game: Game, seed: int | str | None = None, *, auto_chance: bool = True,
                 same_dice: bool = False):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.same_dice = same_dice
        self.state: GameState = game.new_initial_state()
        self.entries: list[RecordEntry] = []
        self.auto_chance = auto_chance
        if auto_chance:
            self.roll()

    def play(self, action: Any, seat: int | None = None) -> None:
        """Check and apply a player's action (value object, notation or id)."""
        seat = self.state.deciding_seat(seat)
        action_id = self.game.to_action_id(action)
        self.state.apply(action_id, seat)
        self.entries.append(RecordEntry(seat, str(self.game.action_from_id(action_id))))
        if self.auto_chance:
            self.roll()

    def timeout(self, seat: int | None = None) -> None:
        """``seat``'s move timer ran out: apply the game's default action."""
        seat = self.state.deciding_seat(seat)
        action = self.state.apply_timeout(seat)
        self.entries.append(RecordEntry(seat, str(action)))
        if self.auto_chance:
            self.roll()

    def roll(self) -> None:
        """Sample and apply chance events until a decision is due or the game ends."""
        state = self.state
        while state.current_player() == CHANCE:
            outcome = state.sample_chance(self.roll_rng())
            state.apply_outcome(outcome)
            self.entries.append(RecordEntry(None, str(outcome)))

    def roll_rng(self) -> random.Random:
        """The generator of the roll due now."""
        if not self.same_dice:
            return self.rng
        place = self.state.roll_place()
        if place is None:
            place = str(sum(entry.seat is None for entry in self.entries))
        return random.Random(f"{self.seed}:roll:{place}")

    def force(self, outcome: Any) -> None:
        """Apply a given chance outcome (value object or notation), checked."""
        if isinstance(outcome, str):
            outcome = self.game.parse_chance(outcome)
        self.state.apply(outcome)
        self.entries.append(RecordEntry(None, str(outcome)))

    # --- conveniences over the state -----------------------------------------
    def legal_actions(self, seat: int | None = None) -> list:
        return self.state.legal_actions(seat)

    def current_player(self) -> int:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def scores(self) -> list[int]:
        return self.state.scores()

    def ranking(self) -> list[int]:
        return self.state.ranking()

    def record(self, seats: list[str] | None = None) -> GameRecord:
        """The game record so far."""
        return GameRecord.of(self.game, self.state, self.entries, seats=seats, seed=self.seed)


def new_game(name: str, *, seed: int | str | None = None, auto_chance: bool = True,
             options: Mapping[str, Any] | None = None, **more: Any) -> Match:
    """Start a match: ``new_game("dizzle", players=2, level=3, seed=7)``."""
    return Match(make_game(name, options, **more), seed, auto_chance=auto_chance)
