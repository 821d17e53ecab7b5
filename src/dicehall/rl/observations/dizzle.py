"""Dizzle observations: every sheet on the table, the middle, the draft's counters.

Everything in Dizzle is public except a planet, lava or track choice another
player has made while the others still choose: that shows only as ``chosen``.
"""

from __future__ import annotations

from functools import cached_property, reduce
from operator import or_

from ...engine.bits import mask_of
from ...games.dizzle.game import DizzleGame
from ...games.dizzle.railway import TRACK_BITS
from ...games.dizzle.sheet import Scored
from ...games.dizzle.state import PHASES, DizzleState
from . import Encoder, Field, Planes, bits, one_hot, planes

#: the printed sheet, one 0/1 plane each: numbers 1-6, then the kinds of fields
PRINTED = ("1", "2", "3", "4", "5", "6", "field", "start", "planets", "volcanoes", "rockets",
           "flags", "gems", "bombs", "keys", "locks", "arrows", "puzzles", "areas", "poops",
           "stations")
#: each player's sheet, one 0/1 plane each
MARKS = ("crossed", "scribbled", "placed", "locked", "lava", "track_due")


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
            Field("printed", (len(PRINTED), *grid), constant=True),
            Field("sheets", (n, len(MARKS), *grid)),
            Field("tracks", (n, len(TRACK_BITS), *grid)),
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

    def constant(self, seat: int) -> bytes:
        sheet = self.game.sheet
        masks = [*sheet.number_masks[1:], sheet.fields, sheet.start, sheet.planets, sheet.volcanoes,
                 sheet.rockets, mask_of(flag.index for flag in sheet.flags), union(sheet.gems),
                 sheet.bomb_mask, union(sheet.keys), union(sheet.locks), union(sheet.arrows),
                 union(sheet.puzzles), union(sheet.areas), union(sheet.poops), union(sheet.stations)]
        return planes(masks, sheet.size)

    def raw(self, state: DizzleState, seat: int) -> bytes:
        n, order = self.game.num_players, self.orders[seat]
        crossed, scribbled, dice, locked = state.crossed, state.scribbled, state.dice, state.locked
        lava, due = state.lava, state.track_due
        masks = []
        for p in order:
            masks += (crossed[p], scribbled[p], dice[p], locked[p], lava[p], due[p])
        if self.stations:
            pieces = state.piece_masks
            for p in order:
                masks += pieces[p]
        parts = [self.prefixes[seat], *map(self.planes.__getitem__, masks)]
        if not self.stations:
            parts.append(self.no_tracks)
        if self.flags:
            parts += self.flag_parts(state, order)
        if n == 1:
            parts.append(bytes((state.active & 1, state.planets_due[0], state.pick[0] >= 0)))
        else:
            active, planets_due, pick = state.active, state.planets_due, state.pick
            parts.append(bytes([active >> p & 1 for p in order] + [planets_due[p] for p in order]
                               + [pick[p] >= 0 for p in order]))
        parts += (one_hot(n, (state.turn - seat) % n), one_hot(n, (state.start_player - seat) % n),
                  bytes(state.middle[1:]), one_hot(6, state.lava_die - 1))
        if self.flags:
            parts.append(bytes(state.flag_next))
        parts += (one_hot(len(PHASES), state.phase),
                  bytes((state.draft, state.left, state.set_aside, state.last_turn)))
        return b"".join(parts)

    @cached_property
    def planes(self) -> Planes:
        """The sheet's planes remembered by their masks."""
        return Planes(self.game.sheet.size)

    @cached_property
    def flags(self) -> int:
        return len(self.game.sheet.flags)

    @cached_property
    def stations(self) -> bool:
        """Whether the sheet has a railway (and so the ``tracks`` planes)."""
        return bool(self.game.sheet.stations)

    @cached_property
    def no_tracks(self) -> bytes:
        """The ``tracks`` planes of a sheet without a railway: all 0."""
        tracks = self.slices["tracks"]
        return bytes(tracks.stop - tracks.start)

    def flag_parts(self, state: DizzleState, order: list[int]) -> tuple[bytes, bytes]:
        """``flags_held`` and ``flag_values``: which flags each seat holds, at what value."""
        held, values = 0, []
        for row, p in enumerate(order):
            for number, value in enumerate(state.flag_values[p]):
                if value is not None:
                    held |= 1 << (row * self.flags + number)
                values.append(value or 0)
        return bits(held, len(values)), bytes(values)
