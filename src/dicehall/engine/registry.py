"""The registry of games: names to game classes, and typed construction."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from .errors import OptionError
from .game import Game
from .state import GameState

_GAMES: dict[str, type[Game]] = {}
_BUILTIN = ("dicehall.games.dizzle", "dicehall.games.nochmal", "dicehall.games.razzle")


def register(game_class: type[Game]) -> type[Game]:
    """Register a game class under its ``name`` (usable as a decorator)."""
    _GAMES[game_class.name] = game_class
    return game_class


def _load_builtin() -> None:
    for module in _BUILTIN:
        import_module(module)


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; games are: {', '.join(sorted(_GAMES))}") from None


def make_game(name: str, options: Mapping[str, Any] | None = None, **more: Any) -> Game:
    """A configured game, e.g. ``make_game("dizzle", players=2, level=3)``."""
    return game_class(name)({**(options or {}), **more})


def state_from_json(data: Mapping[str, Any]) -> GameState:
    """Rebuild any game's state from ``GameState.to_json`` output."""
    return make_game(data["game"], data["options"]).state_from_json(data)
