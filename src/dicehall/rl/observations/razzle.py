"""Razzle-Dazzle observations: the pieces on the ring, the wheels, the spin.

Everything is public. Track fields keep the board's numbering (0 .. length-1);
``entries`` tells where each seat's pieces come onto the ring.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from ...games.razzle.game import RazzleGame
from ...games.razzle.state import PHASES, SLOT, RazzleState
from . import Encoder, Field


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

    def fill_constant(self, out: dict[str, np.ndarray], seat: int) -> None:
        board = self.game.board
        out["safe"][sorted(board.safe)] = 1.0
        out["jumps"][list(board.jumps)] = 1.0
        out["jump_targets"][list(board.jumps.values())] = 1.0
        for row, p in enumerate(self.orders[seat]):
            out["entries"][row, board.entries[p]] = 1.0

    def fill(self, vector: np.ndarray, state: RazzleState, seat: int) -> None:
        at, order = self.offset, self.orders[seat]
        row_at = self.piece_rows[seat]
        for field, there in enumerate(state.occupant):
            if there >= 0:
                vector[row_at[there // SLOT] + field] = 1.0
        wheels = []
        for p in order:
            wheel = state.wheels[p]
            wheels += (wheel >> 1 & 1, wheel >> 2 & 1, wheel >> 3 & 1, wheel >> 4 & 1,
                       wheel >> 5 & 1, wheel >> 6 & 1)
        vector[self.counters] = (
            [state.progress[p].count(0) for p in order] + [state.goals[p] for p in order] + wheels)
        vector[at["turn"] + order.index(state.turn)] = 1.0
        if state.number:
            vector[at["number"] + state.number - 1] = 1.0
        vector[at["spins"]] = state.spins
        vector[at["phase"] + state.phase] = 1.0

    @cached_property
    def counters(self) -> slice:
        """``start`` to ``wheels``, written in one assignment."""
        return self.span("start", "wheels")

    @cached_property
    def piece_rows(self) -> list[list[int]]:
        """Per observing seat, per seat: where that seat's row of ``pieces`` starts."""
        length, start = self.game.board.track_length, self.offset["pieces"]
        return [[start + order.index(p) * length for p in range(len(order))] for order in self.orders]
