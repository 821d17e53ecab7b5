"""Level 8 railway scoring ("Level 8 — railway" in ``dizzle.md``).

Two orthogonal neighbours are connected when each one's piece has an end
pointing at the other. A network is a connected set of track fields; it is
closed when every end of every piece in it is connected. Open networks score
1 per field, closed ones 2, the longest closed network 3 instead of 2 (only one
of two equally long ones), and stations score only inside closed networks.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from .sheet import EAST, NORTH, SOUTH, WEST, Sheet

OPPOSITE = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}
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


class Joins:
    """The pieces of a sheet as bitmasks: ``north`` holds the fields joined to
    the field above them (an end up there, and one back down), and so on for
    the other directions; ``loose`` the fields with an end that joins nothing."""

    __slots__ = ("east", "fields", "loose", "north", "south", "west", "width")

    def __init__(self, sheet: Sheet, pieces: Mapping[int, int]) -> None:
        kinds: dict[int, int] = {}
        for index, piece in pieces.items():
            kinds[piece] = kinds.get(piece, 0) | 1 << index
        ends = {direction: 0 for direction in OPPOSITE}
        for piece, fields in kinds.items():
            for direction in ends:
                if piece & direction:
                    ends[direction] |= fields
        width = self.width = sheet.width
        not_first, not_last = column_masks(sheet)
        self.north = ends[NORTH] & ends[SOUTH] << width
        self.south = ends[SOUTH] & ends[NORTH] >> width
        self.east = ends[EAST] & not_last & ends[WEST] >> 1
        self.west = ends[WEST] & not_first & ends[EAST] << 1
        self.loose = ((ends[NORTH] & ~self.north) | (ends[SOUTH] & ~self.south)
                      | (ends[EAST] & ~self.east) | (ends[WEST] & ~self.west))
        self.fields = sum(kinds.values())

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
    """Every network as (the mask of its fields, closed?)."""
    joins = Joins(sheet, pieces)
    return [(network, not network & joins.loose) for network in joins.split(joins.fields)]


def railway_points(sheet: Sheet, drawn: Mapping[int, int]) -> int:
    """The railway score of a sheet with these drawn pieces (printed ones added).
    Only the closed networks need telling apart (for the longest): the open
    fields are those a loose end reaches, found in one flood fill from them all."""
    joins = Joins(sheet, {**dict(sheet.printed_tracks), **drawn})
    closed = joins.fields & ~joins.grow(joins.loose)
    longest = max((network.bit_count() for network in joins.split(closed)), default=0)
    points = (OPEN_POINTS * (joins.fields & ~closed).bit_count() + CLOSED_POINTS * closed.bit_count()
              + (LONGEST_POINTS - CLOSED_POINTS) * longest)
    return points + sum(station.points for station in sheet.stations if station.mask & closed)


@lru_cache(maxsize=RAILWAYS_KEPT)
def remembered_railway(sheet: Sheet, drawn: tuple[tuple[int, int], ...]) -> int:
    """:func:`railway_points` of the drawn pieces as (field, piece) pairs, remembered."""
    return railway_points(sheet, dict(drawn))
