"""A Noch mal sheet as JSON-ready data for a client to draw (``Game.layout``).

Every box carries its name as in notations, its row and column (0-based, row 0
at the top), its colour letter, whether it has a star or a special-die field,
and its block. Around the grid: the start column, the column values (first and
later), the row labels, bonuses and items, the colour bonuses in the order of
the state's ``colour_points``, jokers, hearts and the dice. Format:
``docs/web.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.grid import LETTERS
from .render import PALETTES
from .scoring import SPECIAL_DIE_POINTS, STAR_PENALTY
from .sheet import COLOUR_NAMES, COLOURS, NochmalSheet

if TYPE_CHECKING:
    from .game import NochmalGame


def sheet_layout(game: NochmalGame) -> dict:
    """The layout of a configured Noch mal game's sheet."""
    sheet = game.sheet
    colours, numbers, special = game.dice
    return {
        "game": game.name, "options": game.record_options(),
        "name": sheet.name, "edition": sheet.edition,
        "width": sheet.width, "height": sheet.height,
        "columns": [letter.upper() for letter in LETTERS[:sheet.width]],
        "row_labels": list(sheet.row_labels),
        "boxes": [_box(sheet, index) for index in range(sheet.size)],
        "blocks": [{"number": block.number, "colour": block.colour,
                    "boxes": sheet.names(block.mask)} for block in sheet.blocks],
        "start_column": sheet.start_column,
        "column_first": list(sheet.column_first), "column_later": list(sheet.column_later),
        "colour_order": list(COLOURS),
        "colours": {c: {"name": COLOUR_NAMES[c], "fill": PALETTES["full"][c][0],
                        "ink": PALETTES["full"][c][1]} for c in COLOURS},
        "colour_bonus": list(sheet.colour_bonus),
        "row_points": sheet.row_points, "row_items": list(sheet.row_items),
        "jokers": sheet.jokers, "hearts": sheet.hearts,
        "special_dice": sheet.special_dice, "special_dice_at_start": sheet.special_dice_at_start,
        "start_column_special": sheet.start_column_special,
        "special_die_points": SPECIAL_DIE_POINTS, "star_penalty": STAR_PENALTY,
        "dice": {"colours": colours, "numbers": numbers, "special": special},
        "solo_rolls": sheet.solo_rolls,
        "solo_rating": [{"min": band.min, "label": band.label} for band in sheet.solo_rating],
    }


def _box(sheet: NochmalSheet, index: int) -> dict:
    row, column = divmod(index, sheet.width)
    return {"name": sheet.box_name(index), "index": index, "row": row, "column": column,
            "colour": sheet.colours[index], "star": bool(sheet.stars >> index & 1),
            "special": bool(sheet.special_fields >> index & 1), "block": sheet.block_of[index]}
