"""Level 8 railway scoring ("Level 8 — railway" in ``dizzle.md``).

Two orthogonal neighbours are connected when each one's piece has an end
pointing at the other. A network is a connected set of track fields; it is
closed when every end of every piece in it is connected. Open networks score
1 per field, closed ones 2, the longest closed network 3 instead of 2 (only one
of two equally long ones), and stations score only inside closed networks.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache, reduce
from operator import or_

from .sheet import EAST, NORTH, SOUTH, TRACK_PIECES, WEST, Sheet

OPPOSITE = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}
#: the kinds of track piece, as their ends' bits; per-kind masks follow this order
TRACK_BITS = tuple(TRACK_PIECES.values())
NO_PIECES = (0,) * len(TRACK_BITS)
#: each kind's ends
DIRECTIONS = {bits: tuple(d for d in OPPOSITE if bits & d) for bits in TRACK_BITS}
OPEN_POINTS, CLOSED_POINTS, LONGEST_POINTS = 1, 2, 3
#: railway scores remembered: a sheet's other parts change at most steps, its
#: pieces only when one is drawn, and finding the networks costs most
RAILWAYS_KEPT = 1 << 12


@lru_cache(maxsize=64)
def column_masks(sheet: Sheet) -> tuple[int, int]:
    """The fields not in the first column and those not in the last: where a
    shift by one field west or east stays in the row."""
    width, height = sheet.width, sheet.height
    row = (1 << width) - 1
    every = sum(row << (r * width) for r in range(height))
    first = sum(1 << (r * width) for r in range(height))
    return every & ~first, every & ~(first << (width - 1))


def with_piece(masks: tuple[int, ...], piece: int, field: int) -> tuple[int, ...]:
    """``masks`` (one per kind of piece, in :data:`TRACK_BITS` order) with piece
    number ``piece`` on ``field``."""
    return masks[:piece] + (masks[piece] | 1 << field,) + masks[piece + 1:]


def piece_masks_of(pieces: Mapping[int, int]) -> tuple[int, ...]:
    """Track pieces (field -> piece bits) as one mask per kind of piece."""
    masks = [0] * len(TRACK_BITS)
    for field, bits in pieces.items():
        masks[TRACK_BITS.index(bits)] |= 1 << field
    return tuple(masks)


@lru_cache(maxsize=64)
def printed_masks(sheet: Sheet) -> tuple[int, ...]:
    """The sheet's printed track pieces, one mask per kind of piece."""
    return piece_masks_of(dict(sheet.printed_tracks))


class Joins:
    """The pieces of a sheet as bitmasks: ``north`` holds the fields joined to
    the field above them (an end up there, and one back down), and so on for
    the other directions; ``loose`` the fields with an end that joins nothing."""

    __slots__ = ("east", "fields", "loose", "north", "south", "west", "width")

    def __init__(self, sheet: Sheet, masks: tuple[int, ...]) -> None:
        """``masks``: the fields of each kind of piece, in :data:`TRACK_BITS` order."""
        ends = dict.fromkeys(OPPOSITE, 0)
        for bits, fields in zip(TRACK_BITS, masks):
            for direction in DIRECTIONS[bits]:
                ends[direction] |= fields
        width = self.width = sheet.width
        not_first, not_last = column_masks(sheet)
        self.north = ends[NORTH] & ends[SOUTH] << width
        self.south = ends[SOUTH] & ends[NORTH] >> width
        self.east = ends[EAST] & not_last & ends[WEST] >> 1
        self.west = ends[WEST] & not_first & ends[EAST] << 1
        self.loose = ((ends[NORTH] & ~self.north) | (ends[SOUTH] & ~self.south)
                      | (ends[EAST] & ~self.east) | (ends[WEST] & ~self.west))
        self.fields = reduce(or_, masks)

    def grow(self, fields: int) -> int:
        """``fields`` and every field connected to one of them (a flood fill, one
        step in every direction at once)."""
        grown = fields
        while grown:
            reached = ((grown & self.north) >> self.width | (grown & self.south) << self.width
                       | (grown & self.east) << 1 | (grown & self.west) >> 1)
            grown = reached & ~fields
            fields |= grown
        return fields

    def split(self, fields: int) -> list[int]:
        """The networks among ``fields`` (a union of whole networks), as masks."""
        found = []
        while fields:
            network = self.grow(fields & -fields)
            fields &= ~network
            found.append(network)
        return found


def networks(sheet: Sheet, pieces: Mapping[int, int]) -> list[tuple[int, bool]]:
    """Every network of these pieces (field -> piece bits) as (the mask of its fields, closed?)."""
    joins = Joins(sheet, piece_masks_of(pieces))
    return [(network, not network & joins.loose) for network in joins.split(joins.fields)]


def railway_points(sheet: Sheet, drawn: Mapping[int, int]) -> int:
    """The railway score of a sheet with these drawn pieces (field -> piece bits;
    printed ones added)."""
    return railway_score(sheet, piece_masks_of(drawn))


@lru_cache(maxsize=RAILWAYS_KEPT)
def railway_score(sheet: Sheet, drawn: tuple[int, ...]) -> int:
    """The railway score of a sheet with the drawn pieces as masks (as
    :func:`piece_masks_of` gives them; printed ones added), remembered. Only the
    closed networks need telling apart (for the longest): the open fields are
    those a loose end reaches, found in one flood fill from them all."""
    joins = Joins(sheet, tuple(map(or_, drawn, printed_masks(sheet))))
    closed = joins.fields & ~joins.grow(joins.loose)
    longest = max((network.bit_count() for network in joins.split(closed)), default=0)
    points = (OPEN_POINTS * (joins.fields & ~closed).bit_count() + CLOSED_POINTS * closed.bit_count()
              + (LONGEST_POINTS - CLOSED_POINTS) * longest)
    return points + sum(station.points for station in sheet.stations if station.mask & closed)
