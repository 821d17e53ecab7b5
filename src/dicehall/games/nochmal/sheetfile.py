"""Reading and validating Noch mal sheet files (schema and limits: ``docs/nochmal-sheets.md``).

Building a sheet's actions (every connected set of one to five boxes of a
block, every one or two stars, one to three boxes of a row, ...) is what a big
sheet makes expensive, so besides the grid the limits cap what that costs: the
largest block, the stars and the number of actions, so that any sheet accepted
builds in well under a second.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.bits import mask_of
from ...engine.grid import LETTERS
from ...engine.schema import Flag, Int, Items, Table, Text
from ..datafile import INLINE_SHEET, NAME, RATING, TableReader, read_packaged, read_toml
from .sheet import COLOUR_NAMES, COLOURS, ITEMS, NochmalSheet
from .tables import action_table

EDITIONS = ("so-gut", "classic")
PRINTED_SIZE = (15, 7)
MAX_WIDTH = 20
MAX_HEIGHT = 12
MAX_ROW = 200          # characters of one grid row
MAX_BLOCK = 12         # boxes of one block
MAX_STARS = 40
MAX_ACTIONS = 30_000   # the printed sheets have 6,194 (so-gut) and 6,342 (classic)
MAX_POINTS = 100       # a column value, a colour bonus, row points
MAX_COUNT = 50         # jokers, hearts, special dice
MAX_ROLLS = 100        # rolls of a solo game

VALUES = Items(Int(0, MAX_POINTS), MAX_WIDTH)
COUNT = Int(0, MAX_COUNT)
SCHEMA = Table({
    "name": NAME, "edition": Text(20), "grid": Items(Text(MAX_ROW), MAX_HEIGHT, 1, "rows"),
    "row_labels": Items(Text(20), MAX_HEIGHT), "start_column": Text(3),
    "column_first": VALUES, "column_later": VALUES, "colour_bonus": Items(Int(0, MAX_POINTS), 2, 2),
    "jokers": COUNT, "hearts": COUNT, "special_dice": COUNT, "special_dice_at_start": COUNT,
    "start_column_special": Flag(), "row_points": Int(0, MAX_POINTS),
    "row_items": Items(Text(10), MAX_HEIGHT),
    "solo_rolls": Int(1, MAX_ROLLS), "solo_rating": RATING, "invariants": Flag(),
}, frozenset({"name", "edition", "grid", "start_column", "column_first", "column_later",
              "colour_bonus", "jokers"}))


def load_sheet(path: str | Path) -> NochmalSheet:
    return sheet_from_data(read_toml(path), str(path))


@cache
def edition_sheet(edition: str) -> NochmalSheet:
    """The printed sheet of an edition."""
    return sheet_from_data(read_packaged(__package__, f"sheets/{edition}.toml"), f"{edition}.toml")


def sheet_from_data(data: Any, source: str = INLINE_SHEET) -> NochmalSheet:
    """Validate a sheet table (parsed TOML or JSON) and build the sheet."""
    return _Reader(data, source, SCHEMA).sheet()


class _Reader(TableReader):
    def sheet(self) -> NochmalSheet:
        data = self.data
        edition = data["edition"]
        if edition not in EDITIONS:
            self.fail("edition", f"must be one of {', '.join(EDITIONS)}, not {edition!r}")
        width, height, colours, stars, specials = self.grid()
        start = self.start_column(width)
        special_dice = data.get("special_dice", 0)
        if edition == "classic" and special_dice:
            self.fail("special_dice", "the classic edition has no special die")
        at_start = data.get("special_dice_at_start", 0)
        if at_start > special_dice:
            self.fail("special_dice_at_start", f"more than the {special_dice} special dice")
        sheet = NochmalSheet(
            name=data["name"], edition=edition, width=width,
            height=height, colours=colours, stars=stars, special_fields=specials,
            start_column=start,
            column_first=self.per_column("column_first", width),
            column_later=self.per_column("column_later", width),
            colour_bonus=tuple(data["colour_bonus"]),
            jokers=data["jokers"], hearts=data.get("hearts", 0),
            special_dice=special_dice, special_dice_at_start=at_start,
            start_column_special=data.get("start_column_special", False),
            row_points=data.get("row_points", 0), row_items=self.row_items(height),
            solo_rolls=data.get("solo_rolls", 30), row_labels=self.row_labels(height),
            solo_rating=self.rating(), data=data)
        if data.get("invariants", True):
            self.check_invariants(sheet)
        missing = [COLOUR_NAMES[c] for c in COLOURS if not sheet.colour_masks[c]]
        if missing:
            self.fail("grid", f"every colour needs boxes; missing: {', '.join(missing)}")
        self.check_cost(sheet)
        return sheet

    def per_column(self, key: str, width: int) -> tuple[int, ...]:
        values = self.data[key]
        if len(values) != width:
            self.fail(key, f"must have {width} values, one per column, got {len(values)}")
        return tuple(values)

    def grid(self) -> tuple[int, int, tuple[str, ...], int, int]:
        cells = [row.split() for row in self.data["grid"]]
        width = len(cells[0])
        if not 1 <= width <= MAX_WIDTH:
            self.fail("grid", f"must be 1 to {MAX_WIDTH} columns by 1 to {MAX_HEIGHT} rows")
        colours, stars, specials = [], [], []
        for r, row in enumerate(cells):
            if len(row) != width:
                self.fail(f"grid[{r}]", f"row {r + 1} has {len(row)} boxes, row 1 has {width}")
            for c, token in enumerate(row):
                colour, special = token.rstrip("$"), token.endswith("$")
                if len(colour) != 1 or colour.lower() not in COLOURS or token.count("$") > 1:
                    self.fail(f"grid[{r}]", f"{LETTERS[c]}{r + 1}: unknown box {token!r} "
                              "(a colour letter g y b r o, upper case for a star, $ for a special-die field)")
                index = r * width + c
                colours.append(colour.lower())
                stars += [index] if colour.isupper() else []
                specials += [index] if special else []
        return width, len(cells), tuple(colours), mask_of(stars), mask_of(specials)

    def start_column(self, width: int) -> int:
        letter = self.data["start_column"].strip().lower()
        if len(letter) != 1 or letter not in LETTERS[:width]:
            self.fail("start_column", f"must be a column letter a-{LETTERS[width - 1]}, not {letter!r}")
        return LETTERS.index(letter)

    def row_items(self, height: int) -> tuple[str, ...]:
        items = self.data.get("row_items", [])
        if items and (len(items) != height or not all(item in ITEMS for item in items)):
            self.fail("row_items", f"must be empty or {height} of {', '.join(ITEMS)}")
        return tuple(items)

    def row_labels(self, height: int) -> tuple[str, ...]:
        labels = self.data.get("row_labels", [str(r) for r in range(1, height + 1)])
        if len(labels) != height:
            self.fail("row_labels", f"must be {height} strings")
        return tuple(labels)

    def check_invariants(self, sheet: NochmalSheet) -> None:
        """The printed sheets' invariants (see "Sheet invariants" in nochmal.md)."""
        if (sheet.width, sheet.height) != PRINTED_SIZE:
            self.fail("grid", f"must be {PRINTED_SIZE[0]} columns by {PRINTED_SIZE[1]} rows, "
                      f"not {sheet.width}x{sheet.height} (set invariants = false for other sizes)")
        for colour in COLOURS:
            sizes = sorted(block.size for block in sheet.blocks if block.colour == colour)
            if sizes != [1, 2, 3, 4, 5, 6]:
                self.fail("grid", f"{COLOUR_NAMES[colour]} has blocks of sizes "
                          f"{', '.join(map(str, sizes))}; it needs one block each of sizes 1 to 6")
        per_column = [(sheet.stars & column).bit_count() for column in sheet.columns]
        if per_column != [1] * sheet.width:
            bad = [LETTERS[c].upper() for c, n in enumerate(per_column) if n != 1]
            self.fail("grid", f"every column needs exactly one star; columns {', '.join(bad)} do not")
        per_colour = Counter(sheet.colours[i] for i in range(sheet.size) if sheet.stars >> i & 1)
        for colour in COLOURS:
            if per_colour[colour] != 3:
                self.fail("grid", f"{COLOUR_NAMES[colour]} has {per_colour[colour]} stars, needs 3")

    def check_cost(self, sheet: NochmalSheet) -> None:
        """The limits on what building the sheet's actions costs."""
        largest = max(sheet.blocks, key=lambda block: block.size)
        if largest.size > MAX_BLOCK:
            self.fail("grid", f"the {COLOUR_NAMES[largest.colour]} block at {sheet.names(largest.mask)[0]} "
                      f"has {largest.size} boxes; a block has at most {MAX_BLOCK}")
        if sheet.stars.bit_count() > MAX_STARS:
            self.fail("grid", f"{sheet.stars.bit_count()} stars; a sheet has at most {MAX_STARS}")
        actions = action_table(sheet).size
        if actions > MAX_ACTIONS:
            self.fail("grid", f"the sheet has {actions:,} actions; at most {MAX_ACTIONS:,} "
                      "(fewer stars, shorter rows or smaller blocks)")
