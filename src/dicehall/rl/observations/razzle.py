"""Razzle-Dazzle observations: the pieces on the ring, the wheels, the spin.

Everything is public. Track fields keep the board's numbering (0 .. length-1);
``entries`` tells where each seat's pieces come onto the ring.
"""

from __future__ import annotations

from functools import cached_property

from ...engine.bits import mask_of
from ...games.razzle.game import RazzleGame
from ...games.razzle.state import PHASES, WHEEL, RazzleState
from . import Encoder, Field, Kept, bits, one_hot, planes

#: a wheel's ``wheels`` row (numbers 1-6 still on it) by the wheel's bits
WHEEL_BYTES = tuple(bits(wheel >> 1 & 0b111111, 6) for wheel in range(WHEEL + 1))


class RazzleEncoder(Encoder):
    game: RazzleGame

    def layout(self) -> list[Field]:
        game = self.game
        n, length, pieces = game.num_players, game.board.track_length, game.pieces
        return [
            Field("safe", (length,), constant=True),
            Field("jumps", (length,), constant=True),
            Field("jump_targets", (length,), constant=True),
            Field("entries", (n, length), constant=True),
            Field("pieces", (n, length)),
            Field("start", (n,), high=pieces),
            Field("goal", (n,), high=pieces),
            Field("wheels", (n, 6)),
            Field("turn", (n,)),
            Field("number", (6,)),
            Field("spins", (1,), high=2),
            Field("phase", (len(PHASES),)),
        ]

    def constant(self, seat: int) -> bytes:
        board = self.game.board
        masks = [mask_of(board.safe), mask_of(board.jumps), mask_of(board.jumps.values()),
                 *(1 << board.entries[p] for p in self.orders[seat])]
        return planes(masks, board.track_length)

    def raw(self, state: RazzleState, seat: int) -> bytes:
        n, order, rows = self.game.num_players, self.orders[seat], self.rows
        progress = state.progress
        return b"".join((
            self.prefixes[seat], *[rows[p][tuple(progress[p])] for p in order],
            bytes([progress[p].count(0) for p in order] + [state.goals[p] for p in order]),
            *[WHEEL_BYTES[state.wheels[p]] for p in order],
            one_hot(n, (state.turn - seat) % n), one_hot(6, state.number - 1),
            bytes((state.spins,)), one_hot(len(PHASES), state.phase)))

    @cached_property
    def rows(self) -> list[Rows]:
        """Per seat, its ``pieces`` row by its pieces' progress, remembered (a step moves one piece)."""
        board = self.game.board
        return [Rows(board.track_length, board.entries[p] - 1) for p in range(self.game.num_players)]


class Rows(Kept):
    """One seat's row of ``pieces`` (0/1 bytes over the track fields) by its
    pieces' progress, remembered (a step moves one piece)."""

    def __init__(self, length: int, before: int) -> None:
        super().__init__()
        self.length, self.before = length, before

    def make(self, progress: tuple[int, ...]) -> bytes:
        """Most steps move a piece to a progress not seen before (a miss), so the
        row is set field by field: a few pieces cost less than :func:`bits`."""
        length, before, row = self.length, self.before, bytearray(self.length)
        for reached in progress:
            if 0 < reached <= length:      # on the track, not in the start area or the goal
                row[(before + reached) % length] = 1
        return bytes(row)
