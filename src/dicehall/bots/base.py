"""The bot interface and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..engine.errors import OptionError
from ..engine.state import GameState
from .loading import is_import_spec, load_bot, split_spec

_BOTS: dict[str, Callable[[], Bot]] = {}


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        """The id of a legal action for ``seat``, which must be deciding now."""


class SearchBot:
    """A bot that ranks the actions by a search (``analyse``, best first) and
    takes the best; a forced move needs no search."""

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        actions = state.legal_action_ids(seat)
        if len(actions) == 1:
            return actions[0]
        return self.analyse(state, seat, rng)[0].action_id

    def analyse(self, state: GameState, seat: int, rng: random.Random) -> list:
        raise NotImplementedError


class Future:
    """One sampled future of a game, to compare candidate actions on the same
    luck ("common random numbers"). The k-th chance event after a candidate
    draws from a generator of its own, seeded by the future's k-th number, so
    every candidate meets the same k-th roll however many dice the rolls before
    it took; ties are broken from a stream of their own, so a tie broken on one
    candidate's path moves no die on another's."""

    def __init__(self, seed: float) -> None:
        self._rolls = random.Random(seed)
        self.ties = random.Random(-seed)

    def roll(self, state: GameState) -> object:
        """Apply the next chance event's outcome in this future; that outcome."""
        outcome = state.sample_chance(random.Random(self._rolls.random()))
        state.apply_outcome(outcome)
        return outcome


def check_budget(count: int | None, seconds: float | None, unit: str) -> None:
    if count is None and seconds is None:
        raise ValueError(f"give the search a budget: {unit}, seconds or both")


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
    """A bot by name; ``mcts:iterations=500:seconds=0.5`` sets a bot's
    parameters (numbers, ``none``, ``true`` or ``false``); ``mypkg.mybot:MyBot``
    imports a bot from outside the project (see :mod:`.loading`)."""
    if name.split(":")[0] not in _BOTS and is_import_spec(name):
        _, _, settings = split_spec(name)
        return load_bot(name, dict(_parameter(name, setting) for setting in settings))
    base, *settings = name.split(":")
    try:
        factory = _BOTS[base]
    except KeyError:
        raise OptionError(f"unknown bot {base!r}; bots are: {', '.join(bot_names())}, "
                          "or module:Class for a bot of your own") from None
    parameters = dict(_parameter(name, setting) for setting in settings)
    try:
        return factory(**parameters)
    except TypeError as error:
        raise OptionError(f"bot {name!r}: {error}") from None


def _parameter(name: str, setting: str) -> tuple[str, object]:
    key, equals, text = setting.partition("=")
    if not equals or not key:
        raise OptionError(f"bot {name!r}: {setting!r} is not key=value")
    words = {"none": None, "true": True, "false": False}
    if text.lower() in words:
        return key, words[text.lower()]
    try:
        return key, int(text)
    except ValueError:
        pass
    try:
        return key, float(text)
    except ValueError:
        raise OptionError(f"bot {name!r}: {key}={text!r} is not a number, none, true or false") from None
