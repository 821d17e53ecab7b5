"""Dizzle observations: every sheet on the table, the middle, the draft's counters.

Everything in Dizzle is public except a planet, lava or track choice another
player has made while the others still choose: that shows only as ``chosen``.
"""

from __future__ import annotations

from functools import cached_property, reduce
from operator import or_

import numpy as np

from ...engine.bits import mask_of
from ...games.dizzle.game import DizzleGame
from ...games.dizzle.sheet import TRACK_PIECES, Scored
from ...games.dizzle.state import PHASES, DizzleState
from . import Encoder, Field, planes

#: the printed sheet, one 0/1 plane each: numbers 1-6, then the kinds of fields
PRINTED = ("1", "2", "3", "4", "5", "6", "field", "start", "planets", "volcanoes", "rockets",
           "flags", "gems", "bombs", "keys", "locks", "arrows", "puzzles", "areas", "poops",
           "stations")
#: each player's sheet, one 0/1 plane each
MARKS = ("crossed", "scribbled", "placed", "locked", "lava", "track_due")
PIECES = tuple(TRACK_PIECES.values())
PIECE_PLANE = {bits: plane for plane, bits in enumerate(PIECES)}


def union(groups: tuple[Scored, ...]) -> int:
    """The fields of all the groups of one kind (groups may overlap)."""
    return reduce(or_, (group.mask for group in groups), 0)


class DizzleEncoder(Encoder):
    game: DizzleGame

    def layout(self) -> list[Field]:
        game, sheet = self.game, self.game.sheet
        n, grid, flags = game.num_players, (sheet.height, sheet.width), len(sheet.flags)
        most = max((max(flag.track) for flag in sheet.flags), default=0)
        longest = max((len(flag.track) for flag in sheet.flags), default=0)
        dice = game.dice_count
        return [
            Field("printed", (len(PRINTED), *grid)),
            Field("sheets", (n, len(MARKS), *grid)),
            Field("tracks", (n, len(PIECES), *grid)),
            Field("flags_held", (n, flags)),
            Field("flag_values", (n, flags), high=most),
            Field("in_draft", (n,)),
            Field("planets_due", (n,), high=sheet.rockets.bit_count()),
            Field("chosen", (n,)),
            Field("turn", (n,)),
            Field("start_player", (n,)),
            Field("middle", (6,), high=dice),
            Field("lava_die", (6,)),
            Field("flag_next", (flags,), high=longest + n),
            Field("phase", (len(PHASES),)),
            Field("draft", (1,), high=game.drafts),
            Field("left", (1,), high=dice),
            Field("set_aside", (1,), high=dice),
            Field("last_turn", (1,)),
        ]

    def fill_constant(self, out: dict[str, np.ndarray], seat: int) -> None:
        sheet = self.game.sheet
        masks = [*sheet.number_masks[1:], sheet.fields, sheet.start, sheet.planets, sheet.volcanoes,
                 sheet.rockets, mask_of(flag.index for flag in sheet.flags), union(sheet.gems),
                 sheet.bomb_mask, union(sheet.keys), union(sheet.locks), union(sheet.arrows),
                 union(sheet.puzzles), union(sheet.areas), union(sheet.poops), union(sheet.stations)]
        out["printed"][:] = planes(masks, sheet.size).reshape(out["printed"].shape)

    def fill(self, vector: np.ndarray, state: DizzleState, seat: int) -> None:
        at, n = self.offset, self.game.num_players
        order = self.orders[seat]
        masks = []
        for p in order:
            masks += (state.crossed[p], state.scribbled[p], state.dice[p], state.locked[p],
                      state.lava[p], state.track_due[p])
        vector[self.slices["sheets"]] = planes(masks, self.game.sheet.size)
        if self.game.sheet.stations:
            self.fill_tracks(vector, state, order)
        if self.flags:
            self.fill_flags(vector, state, order)
        if n == 1:
            vector[self.counters] = (state.active & 1, state.planets_due[0], state.pick[0] >= 0)
        else:
            vector[self.counters] = ([state.active >> p & 1 for p in order]
                                     + [state.planets_due[p] for p in order]
                                     + [state.pick[p] >= 0 for p in order])
        vector[at["turn"] + order.index(state.turn)] = 1.0
        vector[at["start_player"] + order.index(state.start_player)] = 1.0
        vector[self.slices["middle"]] = state.middle[1:]
        if state.lava_die:
            vector[at["lava_die"] + state.lava_die - 1] = 1.0
        if self.flags:
            vector[self.slices["flag_next"]] = state.flag_next
        vector[at["phase"] + state.phase] = 1.0
        vector[self.round] = (state.draft, state.left, state.set_aside, state.last_turn)

    @cached_property
    def flags(self) -> int:
        return len(self.game.sheet.flags)

    @cached_property
    def counters(self) -> slice:
        """``in_draft`` to ``chosen``, written in one assignment."""
        return self.span("in_draft", "chosen")

    @cached_property
    def round(self) -> slice:
        """``draft`` to ``last_turn``, written in one assignment."""
        return self.span("draft", "last_turn")

    def fill_tracks(self, vector: np.ndarray, state: DizzleState, order: list[int]) -> None:
        size = self.game.sheet.size
        for row, p in enumerate(order):
            base = self.offset["tracks"] + row * len(PIECES) * size
            for field, bits in state.tracks[p].items():
                vector[base + PIECE_PLANE[bits] * size + field] = 1.0

    def fill_flags(self, vector: np.ndarray, state: DizzleState, order: list[int]) -> None:
        held, values, flags = self.offset["flags_held"], self.offset["flag_values"], self.flags
        for row, p in enumerate(order):
            for number, value in enumerate(state.flag_values[p]):
                if value is not None:
                    vector[held + row * flags + number] = 1.0
                    vector[values + row * flags + number] = value
