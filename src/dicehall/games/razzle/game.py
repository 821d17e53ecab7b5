"""The Razzle-Dazzle game definition: table options and the action codec."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.errors import NotationError, OptionError
from ...engine.game import Game
from ...engine.options import Option
from ...engine.registry import register
from ..datafile import check_data_option, load_data_option
from .actions import Draw, EndTurn, Enter, Move, RazzleAction, Spin, Timeout
from .board import PIECES, Board, board_from_data, load_board, standard_board
from .events import RazzleNarrator
from .state import WHEEL, RazzleState

#: the truncation length's steps per seat and piece to bring home (docs/engine.md,
#: "Game length"): the longest random and greedy games take a quarter of it
STEPS_PER_PIECE_AND_SEAT = 500
MAX_MOVE_TIME = 3600  # seconds: an hour for a move is the most a table's timer allows


@dataclass(frozen=True, slots=True)
class ActionCodes:
    """Ids: ``enter`` 0, ``move f`` 1+f for each track field, then spin, end, timeout."""

    track_length: int
    enter: int = 0
    move: int = 1

    @property
    def spin(self) -> int:
        return self.track_length + 1

    @property
    def end(self) -> int:
        return self.track_length + 2

    @property
    def timeout(self) -> int:
        return self.track_length + 3


@register
class RazzleGame(Game):
    name = "razzle"
    title = "Razzle-Dazzle"
    roll_requests = (Spin,)
    option_specs = (
        Option("players", int, 2, "number of players", choices=(2, 3)),
        Option("pieces", int, None, "pieces per player, 2-6 (default: the board's, 4)",
               choices=tuple(PIECES)),
        Option("goal", int, None, "pieces in the goal to win, 1..pieces (default pieces-1)",
               bounds=(1, PIECES.stop - 1)),
        Option("move_time", int, 20, "seconds a player has for a move (the server's timer)",
               bounds=(1, MAX_MOVE_TIME)),
        Option("board", object, None, "a board file (TOML) or inline board (JSON)",
               check=check_data_option("board", "board")),
    )
    data_option = "board"
    narrator = RazzleNarrator()
    # the tree search gains little past a few hundred iterations here (the
    # spins decide most races), so ``medium`` searches a thirtieth of ``hard``
    # to sit between it and ``easy`` (docs/strength.md, "The ladder")
    levels = {**Game.levels, "medium": "mcts:iterations=30:seconds=0.25"}

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        given = self.options["board"]
        self.board: Board = (standard_board() if given is None else
                             load_data_option("board", given, board_from_data, load_board))
        self.data = self.board.data
        self.pieces = self.board.pieces if self.options["pieces"] is None else self.options["pieces"]
        self.goal_count = self.pieces - 1 if self.options["goal"] is None else self.options["goal"]
        if not 1 <= self.goal_count <= self.pieces:
            raise OptionError(f"option 'goal' must be 1-{self.pieces} (the pieces), "
                              f"not {self.goal_count}")
        self.options.update(pieces=self.pieces, goal=self.goal_count)
        self.codes = ActionCodes(self.board.track_length)

    @property
    def num_distinct_actions(self) -> int:
        return self.codes.timeout + 1

    @property
    def max_game_length(self) -> int:
        """A truncation length: the rules do not bound a game (a piece knocked out
        starts again, a turn may move nothing), so ``STEPS_PER_PIECE_AND_SEAT``
        steps per seat and piece to bring home, far beyond any game seen."""
        return STEPS_PER_PIECE_AND_SEAT * self.num_players * self.goal_count

    @property
    def max_chance_outcomes(self) -> int:
        """A spin of a full wheel, or the draw of who starts."""
        return max(WHEEL.bit_count(), self.num_players)

    def variant(self) -> str | None:
        """Pieces and the goal count: a race to 3 of 4 is not a race to 1 of 2."""
        if self.options["board"] is not None:
            return None
        return f"pieces={self.pieces},goal={self.goal_count}"

    @classmethod
    def variants(cls) -> list[str]:
        """The standard board's default (4 pieces, 3 home) first, then the others."""
        default = "pieces=4,goal=3"
        others = [f"pieces={pieces},goal={goal}" for pieces in PIECES for goal in range(1, pieces + 1)]
        return [default, *(v for v in others if v != default)]

    def score_bounds(self) -> tuple[int, int]:
        """Pieces in the goal: the game ends when one seat has ``goal`` of them."""
        return 0, self.goal_count

    def new_initial_state(self) -> RazzleState:
        return RazzleState(self)

    def action_from_id(self, action_id: int) -> RazzleAction:
        codes = self.codes
        if not 0 <= action_id <= codes.timeout:
            raise NotationError(f"{action_id} is not an action id of this board")
        if action_id == codes.enter:
            return Enter()
        if action_id < codes.spin:
            return Move(action_id - codes.move)
        return {codes.spin: Spin(), codes.end: EndTurn()}.get(action_id, Timeout())

    def action_id(self, action: Any) -> int:
        codes = self.codes
        if isinstance(action, Move):
            if not 0 <= action.field < self.board.track_length:
                raise NotationError(f"field {action.field} is not on the track "
                                    f"(0-{self.board.track_length - 1})")
            return codes.move + action.field
        kinds = {Enter: codes.enter, Spin: codes.spin, EndTurn: codes.end, Timeout: codes.timeout}
        if type(action) not in kinds:
            raise NotationError(f"{action!r} is not a Razzle-Dazzle action")
        return kinds[type(action)]

    def parse_action(self, text: str) -> RazzleAction:
        words = text.strip().lower().split()
        simple = {"enter": Enter(), "spin": Spin(), "end": EndTurn(), "timeout": Timeout()}
        if len(words) == 1 and words[0] in simple:
            return simple[words[0]]
        if len(words) == 2 and words[0] == "move" and words[1].isdigit():
            action = Move(int(words[1]))
            self.action_id(action)
            return action
        raise NotationError(f"{text!r} is not a Razzle-Dazzle action "
                            "(try enter, move 12, spin, end, timeout)")

    def parse_chance(self, text: str) -> Draw:
        return Draw.parse(text)

    def state_from_json(self, data: Mapping[str, Any]) -> RazzleState:
        from .serial import state_from_json
        return state_from_json(self, data)

    def describe(self) -> str:
        return (f"Razzle-Dazzle, {self.num_players} players, {self.pieces} pieces, "
                f"{self.goal_count} to the goal")

    def layout(self) -> dict:
        from .layout import board_layout
        return board_layout(self)

    def evaluate(self, state: RazzleState, seat: int) -> float:
        from .heuristic import evaluate
        return evaluate(state, seat)
