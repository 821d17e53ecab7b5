"""The Razzle-Dazzle board as JSON-ready data for a client to draw (``Game.layout``).

The ring is laid out on a square of ``SIZE`` units: field 0 at the top, the
others clockwise. Each field has its index, centre ``x``/``y`` and kinds
(``safe``, ``jump`` with the field its arrow points to, ``entry`` with the
seat). Each seat has its colour, entry field, start hollows (outside the ring,
after the entry) and goal hollows (inside the ring, inward from the field
before the entry, the entrance first). A piece with progress ``p`` stands on
field ``(entry + p - 1) % track_length``; ``goal_progress`` means the goal.
Format: ``docs/web.md``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..palette import colour_table
from .board import Board

if TYPE_CHECKING:
    from .game import RazzleGame

SIZE = 560
RING = 210          # radius of the ring of fields
HOLLOW = 9          # radius of a start or goal hollow
HOLLOW_GAP = 24     # distance between neighbouring hollows
WHEEL = 42          # radius of a number wheel
WHEEL_INSET = 52    # distance of a wheel's centre from the square's edges


def board_layout(game: RazzleGame) -> dict:
    """The layout of a configured Razzle-Dazzle game's board."""
    board = game.board
    length = board.track_length
    seats = range(game.num_players)
    return {
        "game": game.name, "options": game.record_options(), "name": board.name,
        "size": SIZE, "centre": SIZE / 2, "ring_radius": RING,
        "field_radius": round(min(13.0, 0.42 * 2 * math.pi * RING / length), 2),
        "hollow_radius": HOLLOW, "track_length": length, "goal_progress": length + 1,
        "pieces": game.pieces, "goal": game.goal_count, "move_time": game.options["move_time"],
        "fields": [_field(board, index, game.num_players) for index in range(length)],
        "seats": [{**_seat(board, seat, game.pieces), "wheel": wheel}
                  for seat, wheel in zip(seats, _wheels(board, game.num_players, game.pieces))],
        "colours": colour_table(board.colours[seat] for seat in seats),
    }


def _angle(board: Board, position: float) -> float:
    """The angle (radians, clockwise from the top) of a place on the ring."""
    return 2 * math.pi * position / board.track_length


def _point(angle: float, radius: float) -> dict:
    centre = SIZE / 2
    return {"x": round(centre + radius * math.sin(angle), 2),
            "y": round(centre - radius * math.cos(angle), 2)}


def _field(board: Board, index: int, players: int) -> dict:
    kinds = []
    data = {"index": index, **_point(_angle(board, index), RING)}
    if index in board.safe:
        kinds.append("safe")
    if index in board.jumps:
        kinds.append("jump")
        data["jump_to"] = board.jumps[index]
    if index in board.entries[:players]:
        kinds.append("entry")
        data["entry_of"] = board.entries.index(index)
    data["kinds"] = kinds
    return data


def _seat(board: Board, seat: int, pieces: int) -> dict:
    entry = board.entries[seat]
    step = HOLLOW_GAP / (RING + 2 * HOLLOW_GAP)
    start = [_point(_angle(board, entry) + step * (k + 1), RING + 2 * HOLLOW_GAP)
             for k in range(pieces)]
    before = _angle(board, entry - 1)
    goal = [_point(before, RING - HOLLOW_GAP * (k + 1.5)) for k in range(pieces)]
    return {"seat": seat, "colour": board.colours[seat], "entry": entry,
            "start": start, "goal": goal}


def _corners() -> list[tuple[float, dict]]:
    """The four corners of the square a wheel may stand in: (angle, centre)."""
    far = SIZE - WHEEL_INSET
    corners = [(WHEEL_INSET, WHEEL_INSET), (far, WHEEL_INSET), (far, far), (WHEEL_INSET, far)]
    centre = SIZE / 2
    return [(math.atan2(x - centre, centre - y) % (2 * math.pi), {"x": x, "y": y, "r": WHEEL})
            for x, y in corners]


def _wheels(board: Board, players: int, pieces: int) -> list[dict]:
    """Each seat's wheel in the free corner nearest the middle of its start
    hollows (outside the ring and the hollows, so nothing overlaps)."""
    free = _corners()
    wheels = []
    for seat in range(players):
        middle = _angle(board, board.entries[seat]) + HOLLOW_GAP / (RING + 2 * HOLLOW_GAP) * (pieces + 1) / 2
        corner = min(free, key=lambda c: abs((c[0] - middle + math.pi) % (2 * math.pi) - math.pi))
        free.remove(corner)
        wheels.append(corner[1])
    return wheels
