"""The bot interface and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..engine.errors import OptionError
from ..engine.state import GameState

_BOTS: dict[str, Callable[[], Bot]] = {}


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        """The id of a legal action for ``seat``, which must be deciding now."""


def register_bot(cls: type) -> type:
    """Register a bot class under its ``name`` (usable as a decorator)."""
    _BOTS[cls.name] = cls
    return cls


def register_level(name: str, factory: Callable[[], Bot]) -> None:
    """Register a configured bot, such as a difficulty level, under ``name``."""
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(name: str) -> Bot:
    try:
        return _BOTS[name]()
    except KeyError:
        raise OptionError(f"unknown bot {name!r}; bots are: {', '.join(bot_names())}") from None
