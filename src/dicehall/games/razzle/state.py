"""The Razzle-Dazzle state machine: wheels, moves, jumps and knock-outs.

A turn (see "A turn" in ``razzle-dazzle.md``)::

    SPIN (chance: the wheel) -> MOVE (choose a piece) -> next turn (a used 6: same player)
                             -> AGAIN (no move: spin once more, or end) -> SPIN / next turn

A piece's position is its *progress*: 0 in the start area, 1..length on the
track (1 = its entry field), ``length + 1`` in the goal. ``occupant`` maps each
track field to the piece on it (``seat * 8 + piece``) or -1.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...engine.state import CHANCE, TERMINAL, GameState
from .actions import Draw

if TYPE_CHECKING:
    from .game import RazzleGame

FIRST, SPIN, MOVE, AGAIN, OVER = range(5)
PHASES = ("first", "spin", "move", "again", "over")
WHEEL = 0b1111110           # bits 1..6: the numbers on a full wheel
BONUS_NUMBER = 6            # a 6 used to move gives another turn
SLOT = 8                    # occupant code = seat * SLOT + piece


class RazzleState(GameState):
    __slots__ = ("board", "phase", "turn", "number", "spins", "progress", "occupant",
                 "wheels", "goals")

    game: RazzleGame

    def __init__(self, game: RazzleGame) -> None:
        super().__init__(game)
        self.board = game.board
        n, pieces = game.num_players, game.pieces
        self.phase = FIRST
        self.turn = 0
        self.number = 0
        self.spins = 0
        self.progress = [[0] * pieces for _ in range(n)]
        self.occupant = [-1] * self.board.track_length
        self.wheels = [WHEEL] * n
        self.goals = [0] * n

    @property
    def goal_progress(self) -> int:
        return self.board.track_length + 1

    # --- whose decision -------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == MOVE or phase == AGAIN:
            return self.turn
        return TERMINAL if phase == OVER else CHANCE

    def deciders(self) -> tuple[int, ...]:
        return (self.turn,) if self.phase == MOVE or self.phase == AGAIN else ()

    # --- moves --------------------------------------------------------------------------
    def landing(self, seat: int, piece: int, number: int) -> tuple[int, int, int] | None:
        """Where ``piece`` ends moving ``number``: (progress, field, jump take-off or -1),
        with field -1 for the goal; ``None`` if the move is not allowed."""
        board, occupant = self.board, self.occupant
        start = self.progress[seat][piece]
        reached = start + number
        if reached > board.track_length:
            return (self.goal_progress, -1, -1) if start else None
        field = board.field_of(seat, reached)
        me = seat * SLOT + piece
        there = occupant[field]
        if there >= 0 and (there // SLOT == seat or field in board.safe):
            return None
        target = board.jumps.get(field)
        if target is None:
            return reached, field, -1
        held = occupant[target]
        if held >= 0 and held != me and held // SLOT == seat:
            return reached, field, -1
        after = reached + board.jump_distance(field)
        if after > board.track_length:
            after -= board.track_length
        return after, target, field

    def movable(self, seat: int, number: int) -> list[int]:
        """Action ids of the pieces ``seat`` can move ``number`` (one id for the start area)."""
        codes = self.game.codes
        ids = []
        entered = False
        goal = self.goal_progress
        for piece, progress in enumerate(self.progress[seat]):
            if progress == goal or (progress == 0 and entered):
                continue
            if self.landing(seat, piece, number) is not None:
                if progress == 0:
                    entered = True
                    ids.append(codes.enter)
                else:
                    ids.append(codes.move + self.board.field_of(seat, progress))
        return ids

    def legal_action_ids(self, seat: int) -> list[int]:
        if seat != self.turn:
            return []
        if self.phase == MOVE:
            return sorted(self.movable(seat, self.number))
        if self.phase == AGAIN:
            return [self.game.codes.spin, self.game.codes.end]
        return []

    def timeout_action_id(self, seat: int) -> int:
        """Time ran out: the turn passes on. In a move no piece moves and the
        number stays used (a 6 gives no other turn); offered a second spin, the
        player does not spin."""
        return self.game.codes.timeout

    def apply_id(self, action_id: int, seat: int) -> None:
        codes = self.game.codes
        if action_id == codes.spin:
            self.phase = SPIN
        elif action_id in (codes.end, codes.timeout):
            self._next_turn()
        else:
            self._move(seat, self._piece(seat, action_id))

    def _piece(self, seat: int, action_id: int) -> int:
        codes = self.game.codes
        if action_id == codes.enter:
            return self.progress[seat].index(0)
        return self.occupant[action_id - codes.move] % SLOT

    def _move(self, seat: int, piece: int) -> None:
        progress, field, takeoff = self.landing(seat, piece, self.number)
        old = self.progress[seat][piece]
        if old:
            self.occupant[self.board.field_of(seat, old)] = -1
        for knocked in (takeoff, field):
            if knocked >= 0:
                self._knock_out(knocked)
        self.progress[seat][piece] = progress
        if field < 0:
            self.goals[seat] += 1
            if self.goals[seat] >= self.game.goal_count:
                self.phase = OVER
                return
        else:
            self.occupant[field] = seat * SLOT + piece
        if self.number == BONUS_NUMBER:
            self._start_turn(seat)
        else:
            self._next_turn()

    def _knock_out(self, field: int) -> None:
        there = self.occupant[field]
        if there >= 0:
            self.progress[there // SLOT][there % SLOT] = 0
            self.occupant[field] = -1

    def _next_turn(self) -> None:
        self._start_turn((self.turn + 1) % self.game.num_players)

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.spins = 0
        self.phase = SPIN

    # --- chance ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Draw, Fraction]]:
        if self.phase == FIRST:
            n = self.game.num_players
            return [(Draw("first", seat), Fraction(1, n)) for seat in range(n)]
        if self.phase != SPIN:
            return []
        numbers = self.wheel_numbers(self.turn)
        return [(Draw("spin", number), Fraction(1, len(numbers))) for number in numbers]

    def chance_key(self) -> tuple[str, int] | None:
        """Who starts (by the number of players), or a spin (by the wheel's numbers)."""
        if self.phase == FIRST:
            return "first", self.game.num_players
        return ("spin", self.wheels[self.turn]) if self.phase == SPIN else None

    def sample_chance(self, rng: random.Random) -> Draw:
        if self.phase == FIRST:
            return Draw("first", rng.randrange(self.game.num_players))
        return Draw("spin", rng.choice(self.wheel_numbers(self.turn)))

    def wheel_numbers(self, seat: int) -> list[int]:
        """The numbers still on ``seat``'s wheel."""
        wheel = self.wheels[seat]
        return [number for number in range(1, 7) if wheel >> number & 1]

    def chance_error(self, outcome: Any) -> str | None:
        if self.phase == FIRST:
            if isinstance(outcome, Draw) and outcome.kind == "first" and \
                    0 <= outcome.value < self.game.num_players:
                return None
            return f"expected 'first SEAT' with a seat 0-{self.game.num_players - 1}"
        if self.phase != SPIN:
            return "no spin is due"
        numbers = self.wheel_numbers(self.turn)
        if isinstance(outcome, Draw) and outcome.kind == "spin" and outcome.value in numbers:
            return None
        return f"expected 'spin N' with N on the wheel: {' '.join(map(str, numbers))}"

    def apply_outcome(self, outcome: Draw) -> None:
        if self.phase == FIRST:
            self._start_turn(outcome.value)
            return
        seat, number = self.turn, outcome.value
        wheel = self.wheels[seat] & ~(1 << number)
        self.wheels[seat] = wheel or WHEEL
        self.number = number
        self.spins += 1
        if self.movable(seat, number):
            self.phase = MOVE
        elif self.spins == 1:
            self.phase = AGAIN
        else:
            self._next_turn()

    # --- results --------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Pieces in the goal."""
        return self.goals[:]

    def tie_break(self, seat: int) -> tuple:
        """More total progress ranks higher (pieces in the goal count in full)."""
        return (-sum(self.progress[seat]),)

    def score_parts(self, seat: int) -> dict[str, int]:
        """Pieces in the goal (the score) and the total progress (the tie-break)."""
        return {"goal": self.goals[seat], "progress": sum(self.progress[seat])}

    def clone(self) -> RazzleState:
        other = object.__new__(RazzleState)
        other.game, other.board = self.game, self.board
        other.phase, other.turn, other.number, other.spins = (
            self.phase, self.turn, self.number, self.spins)
        other.progress = [pieces[:] for pieces in self.progress]
        other.occupant = self.occupant[:]
        other.wheels = self.wheels[:]
        other.goals = self.goals[:]
        return other

    def to_json(self) -> dict:
        from .serial import state_to_json
        return state_to_json(self)

    def check(self) -> None:
        from .serial import check_state
        check_state(self)

    def why_illegal(self, action_id: int, seat: int) -> str:
        from .explain import why_illegal
        return why_illegal(self, action_id, seat)
