"""Level 8 railway scoring ("Level 8 — railway" in ``dizzle.md``).

Two orthogonal neighbours are connected when each one's piece has an end
pointing at the other. A network is a connected set of track fields; it is
closed when every end of every piece in it is connected. Open networks score
1 per field, closed ones 2, the longest closed network 3 instead of 2 (only one
of two equally long ones), and stations score only inside closed networks.
"""

from __future__ import annotations

from collections.abc import Mapping

from .sheet import EAST, NORTH, SOUTH, WEST, Sheet

OPPOSITE = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}
OPEN_POINTS, CLOSED_POINTS, LONGEST_POINTS = 1, 2, 3


def step(sheet: Sheet, index: int, direction: int) -> int | None:
    """The field next to ``index`` in ``direction``, or ``None`` off the grid."""
    row, column = divmod(index, sheet.width)
    row += (direction == SOUTH) - (direction == NORTH)
    column += (direction == EAST) - (direction == WEST)
    if 0 <= row < sheet.height and 0 <= column < sheet.width:
        return row * sheet.width + column
    return None


def networks(sheet: Sheet, pieces: Mapping[int, int]) -> list[tuple[set[int], bool]]:
    """Every network as (its fields, closed?)."""
    seen: set[int] = set()
    found = []
    for start in sorted(pieces):
        if start in seen:
            continue
        fields, closed, todo = {start}, True, [start]
        while todo:
            index = todo.pop()
            for direction in (NORTH, EAST, SOUTH, WEST):
                if not pieces[index] & direction:
                    continue
                other = step(sheet, index, direction)
                if other is None or not pieces.get(other, 0) & OPPOSITE[direction]:
                    closed = False
                elif other not in fields:
                    fields.add(other)
                    todo.append(other)
        seen |= fields
        found.append((fields, closed))
    return found


def railway_points(sheet: Sheet, drawn: Mapping[int, int]) -> int:
    """The railway score of a sheet with these drawn pieces (printed ones added)."""
    pieces = {**dict(sheet.printed_tracks), **drawn}
    found = networks(sheet, pieces)
    closed = [fields for fields, is_closed in found if is_closed]
    longest = max(closed, key=len, default=set())
    points = sum(OPEN_POINTS * len(fields) for fields, is_closed in found if not is_closed)
    points += sum(CLOSED_POINTS * len(fields) for fields in closed)
    points += (LONGEST_POINTS - CLOSED_POINTS) * len(longest)
    in_closed = set().union(*closed) if closed else set()
    points += sum(station.points for station in sheet.stations
                  if (station.mask.bit_length() - 1) in in_closed)
    return points
