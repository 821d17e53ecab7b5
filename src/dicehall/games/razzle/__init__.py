"""Razzle-Dazzle: a race with number wheels, jumps and safe fields
(rules: ``shared/rules/razzle-dazzle.md``)."""

from .actions import Draw, EndTurn, Enter, Move, Spin, Timeout
from .board import Board, board_from_data, load_board, standard_board
from .game import RazzleGame
from .state import RazzleState

__all__ = ["Board", "Draw", "EndTurn", "Enter", "Move", "RazzleGame", "RazzleState", "Spin",
           "Timeout", "board_from_data", "load_board", "standard_board"]
