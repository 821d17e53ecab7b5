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
from . import Encoder, Field, bits, one_hot, planes


class NochmalEncoder(Encoder):
    game: NochmalGame

    def layout(self) -> list[Field]:
        game, sheet = self.game, self.game.sheet
        n, grid, width = game.num_players, (sheet.height, sheet.width), sheet.width
        colours, numbers, _ = game.dice
        # a multiplayer game has no last roll: the bound is the game's length, if stated
        rolls = sheet.solo_rolls if n == 1 else game.max_game_length or np.inf
        return [
            Field("printed", (len(COLOURS) + 2, *grid), constant=True),
            Field("column_values", (2, width), high=max(sheet.column_first), constant=True),
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

    def constant(self, seat: int) -> bytes:
        sheet = self.game.sheet
        masks = [*(sheet.colour_masks[c] for c in COLOURS), sheet.stars, sheet.special_fields]
        return planes(masks, sheet.size) + bytes((*sheet.column_first, *sheet.column_later))

    def raw(self, state: NochmalState, seat: int) -> bytes:
        sheet, n, order = self.game.sheet, self.game.num_players, self.orders[seat]
        marks, count = 0, 0
        for p in order:
            marks |= state.crossed[p] << count
            count += sheet.size
        for p in order:
            marks |= state.rows_done[p] << count
            count += sheet.height
        done = []
        for p in order:
            done += [points is not None for points in state.column_points[p]]
        for p in order:
            done += [points is not None for points in state.colour_points[p]]
        jokers = sheet.jokers
        counters = (done + [jokers - state.jokers_used[p] for p in order] + [state.specials[p] for p in order]
                    + [state.specials_used[p] for p in order] + [state.hearts[p] for p in order]
                    + [state.bombs_due[p] for p in order] + [state.pending[p] >= 0 for p in order])
        colours, numbers, special = state.dice_for(seat)
        width, height = sheet.width, sheet.height
        taken = state.columns_taken | state.rows_taken << width | state.colours_taken << (width + height)
        return b"".join((
            self.prefixes[seat], bits(marks, count), bytes(counters), one_hot(n, (state.active - seat) % n),
            bytes(colours + numbers),
            one_hot(len(SPECIAL_FACES), -1 if special is None else SPECIAL_FACES.index(special)),
            bits(taken, width + height + len(COLOURS)), one_hot(len(PHASES), state.phase),
            b"\0"))                                   # rolls: finish()

    def finish(self, vector: np.ndarray, state: NochmalState, seat: int) -> None:
        vector[self.offset["rolls"]] = state.rolls      # more than a byte holds in a long game for several
