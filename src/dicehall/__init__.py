"""Dicehall: rules engines, bots and simulation for Dizzle, Noch mal so gut! and Razzle-Dazzle."""

from .engine import (
                     CHANCE,
                     SIMULTANEOUS,
                     TERMINAL,
                     GameRecord,
                     IllegalAction,
                     Match,
                     game_names,
                     make_game,
                     new_game,
)

__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "GameRecord", "IllegalAction", "Match",
           "game_names", "make_game", "new_game"]
__version__ = "0.1.0"
