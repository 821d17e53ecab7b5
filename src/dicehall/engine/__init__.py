"""The game-agnostic engine core: state protocol, actions, chance, records, registry."""

from .actions import Timeout
from .chance import Roll, dice_outcomes, multiset_probability, roll_dice
from .errors import DicehallError, IllegalAction, InconsistentState, NotationError, OptionError
from .events import Event
from .game import Game
from .match import Match, new_game
from .options import Option, parse_option_pairs
from .record import GameRecord, RecordEntry, RecordError, ReplayError
from .registry import game_class, game_names, make_game, register, state_from_json
from .state import CHANCE, SIMULTANEOUS, TERMINAL, GameState

__all__ = [
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "DicehallError", "Event", "Timeout", "Game", "GameRecord",
    "GameState", "IllegalAction", "InconsistentState", "Match", "NotationError", "Option",
    "OptionError", "RecordEntry", "RecordError", "ReplayError", "Roll", "dice_outcomes",
    "game_class", "game_names", "make_game", "multiset_probability", "new_game",
    "parse_option_pairs", "register", "roll_dice", "state_from_json",
]
