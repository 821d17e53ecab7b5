"""Reinforcement-learning adapters for the optional ``[rl]`` extra (docs/rl.md).

One line loads a game in each library::

    dicehall.rl.openspiel_game("dizzle", players=1, level=8)     # a pyspiel.Game
    dicehall.rl.pettingzoo_env("nochmal", players=3)             # a PettingZoo AEC env
    dicehall.rl.gymnasium_env("dizzle", players=2, opponents="greedy")   # a Gymnasium env

The adapters import their library only when used, so ``dicehall`` itself does
not need it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.game import Game

if TYPE_CHECKING:
    import pyspiel

    from .gymnasium import DicehallEnv
    from .pettingzoo import DicehallAEC

#: the adapters' cap on a game's steps (decisions and chance events) where a
#: game states no ``max_game_length`` (the shipped games all state one, smaller)
DEFAULT_MAX_STEPS = 5_000


def step_limit(game: Game, max_steps: int = DEFAULT_MAX_STEPS) -> int:
    """Where an adapter truncates a game: ``max_steps``, or the engine's
    ``max_game_length`` where that is smaller."""
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, not {max_steps}")
    bound = game.max_game_length
    return max_steps if bound is None else min(bound, max_steps)


def openspiel_game(name: str, **options: Any) -> pyspiel.Game:
    """The game as OpenSpiel loads it (``simultaneous=True``: the simultaneous-moves variant)."""
    from .openspiel import load
    return load(name, **options)


def pettingzoo_env(name: str, **options: Any) -> DicehallAEC:
    from .pettingzoo import DicehallAEC
    return DicehallAEC(name, **options)


def gymnasium_env(name: str, **options: Any) -> DicehallEnv:
    from .gymnasium import DicehallEnv
    return DicehallEnv(name, **options)


__all__ = ["DEFAULT_MAX_STEPS", "gymnasium_env", "openspiel_game", "pettingzoo_env", "step_limit"]
