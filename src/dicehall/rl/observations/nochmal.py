"""Noch mal observations: every sheet, the dice the seat may choose from, what
has been taken first.

The others' choices of this roll are hidden until applied (``chosen`` only);
the active player's choice is public once the others choose, and shows in the
dice left to them (``colour_dice``, ``number_dice``, ``special_die``).
"""

from __future__ import annotations

import numpy as np

from ...games.nochmal.actions import SPECIAL_FACES
from ...games.nochmal.game import NochmalGame
from ...games.nochmal.sheet import COLOURS
from ...games.nochmal.state import PHASES, NochmalState
from . import Encoder, Field, planes, seat_order


class NochmalEncoder(Encoder):
    game: NochmalGame

    def layout(self) -> list[Field]:
        game, sheet = self.game, self.game.sheet
        n, grid, width = game.num_players, (sheet.height, sheet.width), sheet.width
        colours, numbers, _ = game.dice
        # a multiplayer game has no last roll: the bound is the game's length, if stated
        rolls = sheet.solo_rolls if n == 1 else game.max_game_length or np.inf
        return [
            Field("printed", (len(COLOURS) + 2, *grid)),
            Field("column_values", (2, width), high=max(sheet.column_first)),
            Field("crossed", (n, *grid)),
            Field("rows_done", (n, sheet.height)),
            Field("columns_done", (n, width)),
            Field("colours_done", (n, len(COLOURS))),
            Field("jokers_left", (n,), high=sheet.jokers),
            Field("special_dice", (n,), high=sheet.special_dice),
            Field("specials_used", (n,), high=sheet.special_dice),
            Field("hearts", (n,), high=sheet.hearts),
            Field("bombs_due", (n,), high=sheet.row_items.count("bomb")),
            Field("chosen", (n,)),
            Field("active", (n,)),
            Field("colour_dice", (6,), high=colours),
            Field("number_dice", (6,), high=numbers),
            Field("special_die", (len(SPECIAL_FACES),)),
            Field("taken_columns", (width,)),
            Field("taken_rows", (sheet.height,)),
            Field("taken_colours", (len(COLOURS),)),
            Field("phase", (len(PHASES),)),
            Field("rolls", (1,), high=rolls),
        ]

    def fill_constant(self, out: dict[str, np.ndarray], seat: int) -> None:
        sheet = self.game.sheet
        width = sheet.width
        #: where the taken columns, rows and colours lie in their unpacked masks
        self.taken = np.r_[0:width, width:width + sheet.height, 2 * width:2 * width + len(COLOURS)]
        masks = [*(sheet.colour_masks[c] for c in COLOURS), sheet.stars, sheet.special_fields]
        out["printed"][:] = planes(masks, sheet.size).reshape(out["printed"].shape)
        out["column_values"][:] = (sheet.column_first, sheet.column_later)

    def fill(self, vector: np.ndarray, state: NochmalState, seat: int) -> None:
        sheet, n, at = self.game.sheet, self.game.num_players, self.offset
        order = seat_order(seat, n)
        vector[self.slices["crossed"]] = planes([state.crossed[p] for p in order], sheet.size)
        vector[self.slices["rows_done"]] = planes([state.rows_done[p] for p in order], sheet.height)
        done = []
        for p in order:
            done += [points is not None for points in state.column_points[p]]
        for p in order:
            done += [points is not None for points in state.colour_points[p]]
        jokers = sheet.jokers
        vector[self.span("columns_done", "chosen")] = (
            done + [jokers - state.jokers_used[p] for p in order] + [state.specials[p] for p in order]
            + [state.specials_used[p] for p in order] + [state.hearts[p] for p in order]
            + [state.bombs_due[p] for p in order] + [state.pending[p] >= 0 for p in order])
        vector[at["active"] + order.index(state.active)] = 1.0
        colours, numbers, special = state.dice_for(seat)
        vector[self.span("colour_dice", "number_dice")] = colours + numbers
        if special is not None:
            vector[at["special_die"] + SPECIAL_FACES.index(special)] = 1.0
        vector[self.span("taken_columns", "taken_colours")] = planes(
            [state.columns_taken, state.rows_taken, state.colours_taken], sheet.width)[self.taken]
        vector[at["phase"] + state.phase] = 1.0
        vector[at["rolls"]] = state.rolls
