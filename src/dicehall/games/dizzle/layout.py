"""A Dizzle sheet as JSON-ready data for a client to draw (``Game.layout``).

Every real field (holes are listed apart) carries its name as in notations,
its row and column (0-based, row 0 at the top), the printed number (0 for a
start cross, planet or volcano), its ``kind`` and the specials on it (up to
two, each applying on its own), the same
that :mod:`.svg` draws. Groups that span fields (keys and locks by colour,
arrows, puzzles, areas, flags, printed tracks) are listed with their field
names too. Format: ``docs/web.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.bits import bit_list
from ...engine.grid import LETTERS
from ..palette import colour_table
from .railway import CLOSED_POINTS, LONGEST_POINTS, OPEN_POINTS
from .scoring import score_parts
from .sheet import TRACK_PIECES, Scored, Sheet

if TYPE_CHECKING:
    from .game import DizzleGame

KINDS = {"X": "start", "P": "planet", "V": "volcano"}
PIECE_NAMES = {bits: name for name, bits in TRACK_PIECES.items()}
EDGES = "nesw"   # TRACK_PIECES bits 1, 2, 4, 8


def sheet_layout(game: DizzleGame) -> dict:
    """The layout of a configured Dizzle game's sheet."""
    sheet = game.sheet
    specials = field_specials(sheet)
    return {
        "game": game.name, "options": game.record_options(),
        "name": sheet.name, "level": sheet.level, "description": sheet.description,
        "width": sheet.width, "height": sheet.height,
        "columns": list(LETTERS[:sheet.width]), "rows": [str(r + 1) for r in range(sheet.height)],
        "fields": [_field(sheet, index, specials.get(index, [])) for index in bit_list(sheet.fields)],
        "holes": sheet.names(((1 << sheet.size) - 1) & ~sheet.fields),
        "keys": _coloured(sheet, sheet.keys), "locks": _coloured(sheet, sheet.locks),
        "flags": [{"field": sheet.field_name(flag.index), "colour": flag.colour,
                   "track": list(flag.track)} for flag in sheet.flags],
        "arrows": [_group(sheet, arrow) for arrow in sheet.arrows],
        "puzzles": [_group(sheet, puzzle) for puzzle in sheet.puzzles],
        "areas": [_group(sheet, area) for area in sheet.areas],
        "railway": sheet.railway,
        "tracks": [{"field": sheet.field_name(index), "piece": PIECE_NAMES[bits]}
                   for index, bits in sheet.printed_tracks],
        "track_pieces": {name: [EDGES[i] for i in range(4) if bits >> i & 1]
                         for name, bits in TRACK_PIECES.items()},
        "railway_points": {"open": OPEN_POINTS, "closed": CLOSED_POINTS, "longest": LONGEST_POINTS},
        "score_parts": list(score_parts(sheet, 0, 0, [None] * len(sheet.flags), game.solo)),
        "colours": colour_table(_colour_words(sheet)),
        "dice": game.dice_count, "drafts": game.drafts, "solo": game.solo,
        "solo_rating": [{"min": band.min, "label": band.label} for band in sheet.solo_rating],
    }


def field_specials(sheet: Sheet) -> dict[int, list[dict]]:
    """Field index -> the specials on it: ``{"kind", "colour", "points"}``;
    points are negative where they cost (bombs, poop)."""
    marks: dict[int, list[dict]] = {}

    def add(groups: tuple[Scored, ...], kind: str, sign: int = 1, points: bool = True) -> None:
        for group in groups:
            for index in bit_list(group.mask):
                marks.setdefault(index, []).append(
                    {"kind": kind, "colour": group.colour,
                     "points": sign * group.points if points else None})

    add(sheet.gems, "gem")
    add(sheet.bombs, "bomb", -1)
    add(sheet.keys, "key", points=False)
    add(sheet.locks, "lock", points=False)
    add(tuple(Scored(1 << i, 0) for i in sheet.rocket_fields), "rocket", points=False)
    add(tuple(Scored(1 << f.index, 0, f.colour) for f in sheet.flags), "flag", points=False)
    add(sheet.puzzles, "puzzle")
    add(sheet.poops, "poop", -1)
    add(sheet.stations, "station")
    return marks


def _field(sheet: Sheet, index: int, specials: list[dict]) -> dict:
    row, column = divmod(index, sheet.width)
    token = sheet.tokens[index]
    return {"name": sheet.field_name(index), "index": index, "row": row, "column": column,
            "number": sheet.number(index), "kind": KINDS.get(token, "number"),
            "specials": specials}


def _group(sheet: Sheet, group: Scored) -> dict:
    data = {"fields": sheet.names(group.mask), "points": group.points}
    if group.colour:
        data["colour"] = group.colour
    return data


def _coloured(sheet: Sheet, groups: tuple[Scored, ...]) -> list[dict]:
    return [{"fields": sheet.names(group.mask), "colour": group.colour} for group in groups]


def _colour_words(sheet: Sheet) -> list[str]:
    groups = (*sheet.gems, *sheet.keys, *sheet.locks, *sheet.puzzles)
    return [group.colour for group in groups] + [flag.colour for flag in sheet.flags]
