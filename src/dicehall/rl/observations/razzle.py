"""Razzle-Dazzle observations: the pieces on the ring, the wheels, the spin.

Everything is public. Track fields keep the board's numbering (0 .. length-1);
``entries`` tells where each seat's pieces come onto the ring.
"""

from __future__ import annotations

from ...engine.bits import mask_of
from ...games.razzle.game import RazzleGame
from ...games.razzle.state import PHASES, RazzleState
from . import Encoder, Field, bits, one_hot, planes


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
        n, order, board = self.game.num_players, self.orders[seat], self.game.board
        length, entries = board.track_length, board.entries
        pieces = wheels = 0
        for row, p in enumerate(order):
            entry, base = entries[p] - 1, row * length
            for progress in state.progress[p]:
                if 0 < progress <= length:          # on the track, not in the start area or the goal
                    pieces |= 1 << (base + (entry + progress) % length)
            wheels |= (state.wheels[p] >> 1 & 0b111111) << (6 * row)
        return b"".join((
            self.prefixes[seat], bits(pieces, n * length),
            bytes([state.progress[p].count(0) for p in order] + [state.goals[p] for p in order]),
            bits(wheels, 6 * n), one_hot(n, (state.turn - seat) % n), one_hot(6, state.number - 1),
            bytes((state.spins,)), one_hot(len(PHASES), state.phase)))
