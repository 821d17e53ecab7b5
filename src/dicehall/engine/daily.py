"""The daily challenge: one solo game per game and day, the same dice for everyone.

A day's challenge of a game is a solo game of one of its variants (the choices
of ``Game.daily_option``, taken in turn day by day: Dizzle's levels, Noch mal's
editions) with a seed that follows from the date. Its match rolls with
``same_dice`` (:class:`.match.Match`): every player meets the same roll at
the same place of the game (Dizzle: each draft starts with the same dice),
whatever they chose before. Days are UTC dates.

    >>> from datetime import date
    >>> found = challenge("dizzle", date(2026, 12, 2))
    >>> found.options, found.seed
    ({'level': 1}, 'daily:2026-12-02:dizzle:level=1')
    >>> match = found.match()      # the day's game, dice rolled as they come
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from .errors import OptionError
from .game import Game
from .match import Match
from .registry import game_class, game_names, make_game


@dataclass(frozen=True)
class Challenge:
    """One game's challenge of one day."""

    day: date
    game: str
    options: dict[str, Any]

    @property
    def seed(self) -> str:
        variant = ",".join(f"{key}={value}" for key, value in self.options.items())
        return f"daily:{self.day.isoformat()}:{self.game}:{variant}"

    def new_game(self) -> Game:
        return make_game(self.game, players=1, **self.options)

    def match(self) -> Match:
        """The day's game from its start, rolling the day's dice."""
        return Match(self.new_game(), self.seed, same_dice=True)

    def to_json(self) -> dict:
        return {"day": self.day.isoformat(), "game": self.game, "options": self.options,
                "title": self.new_game().title}


def today() -> date:
    """The current day of the challenges (UTC)."""
    return datetime.now(UTC).date()


def parse_day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise OptionError(f"{text!r} is not a day: write it as YYYY-MM-DD") from None


def challenge(game: str, day: date) -> Challenge:
    """``game``'s challenge of ``day``."""
    option = game_class(game).daily_option
    if option is None:
        raise OptionError(f"{game} has no solo game, so no daily challenge; "
                          f"challenges: {', '.join(daily_games())}")
    choices = next(spec.choices for spec in game_class(game).option_specs if spec.name == option)
    return Challenge(day, game, {option: choices[day.toordinal() % len(choices)]})


def daily_games() -> list[str]:
    """The games with a daily challenge."""
    return [name for name in game_names() if game_class(name).daily_option is not None]


def challenges(day: date) -> list[Challenge]:
    """Every game's challenge of ``day``."""
    return [challenge(name, day) for name in daily_games()]


def replayed(found: Challenge, moves: Sequence[str]) -> Match:
    """The challenge played with these moves (the player's notations, in
    order) on the day's dice; raises the engine's error at the first move
    that is not legal, and :class:`OptionError` if moves are missing or left over."""
    match = found.match()
    for number, move in enumerate(moves, 1):
        if match.is_over():
            raise OptionError(f"the game was over before move {number} ({move!r})")
        match.play(move)
    if not match.is_over():
        raise OptionError(f"the game is not over after {len(moves)} moves")
    return match
