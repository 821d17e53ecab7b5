"""Razzle-Dazzle observations: the pieces on the ring, the wheels, the spin.

Everything is public. Track fields keep the board's numbering (0 .. length-1);
``entries`` tells where each seat's pieces come onto the ring.
"""

from __future__ import annotations

import numpy as np

from ...games.razzle.game import RazzleGame
from ...games.razzle.state import PHASES, SLOT, RazzleState
from . import Encoder, Field, seat_order


class RazzleEncoder(Encoder):
    game: RazzleGame

    def layout(self) -> list[Field]:
        game = self.game
        n, length, pieces = game.num_players, game.board.track_length, game.pieces
        return [
            Field("safe", (length,)),
            Field("jumps", (length,)),
            Field("jump_targets", (length,)),
            Field("entries", (n, length)),
            Field("pieces", (n, length)),
            Field("start", (n,), high=pieces),
            Field("goal", (n,), high=pieces),
            Field("wheels", (n, 6)),
            Field("turn", (n,)),
            Field("number", (6,)),
            Field("spins", (1,), high=2),
            Field("phase", (len(PHASES),)),
        ]

    def fill_constant(self, out: dict[str, np.ndarray]) -> None:
        board = self.game.board
        out["safe"][sorted(board.safe)] = 1.0
        out["jumps"][list(board.jumps)] = 1.0
        out["jump_targets"][list(board.jumps.values())] = 1.0

    def fill(self, vector: np.ndarray, state: RazzleState, seat: int) -> None:
        board, n, at = self.game.board, self.game.num_players, self.offset
        length = board.track_length
        order = seat_order(seat, n)
        rows = {p: row for row, p in enumerate(order)}
        for row, p in enumerate(order):
            vector[at["entries"] + row * length + board.entries[p]] = 1.0
        for field, there in enumerate(state.occupant):
            if there >= 0:
                vector[at["pieces"] + rows[there // SLOT] * length + field] = 1.0
        wheels = []
        for p in order:
            wheel = state.wheels[p]
            wheels += [wheel >> number & 1 for number in range(1, 7)]
        vector[self.span("start", "wheels")] = (
            [state.progress[p].count(0) for p in order] + [state.goals[p] for p in order] + wheels)
        vector[at["turn"] + rows[state.turn]] = 1.0
        if state.number:
            vector[at["number"] + state.number - 1] = 1.0
        vector[at["spins"]] = state.spins
        vector[at["phase"] + state.phase] = 1.0
