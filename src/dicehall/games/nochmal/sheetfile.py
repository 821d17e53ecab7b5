"""Reading and validating Noch mal sheet files (schema: ``docs/nochmal-sheets.md``)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.bits import mask_of
from ...engine.grid import LETTERS
from ..datafile import TableReader, read_packaged, read_toml
from .sheet import COLOUR_NAMES, COLOURS, ITEMS, NochmalSheet

EDITIONS = ("so-gut", "classic")
KEYS = {"name", "edition", "grid", "row_labels", "start_column", "column_first",
        "column_later", "colour_bonus", "jokers", "hearts", "special_dice",
        "special_dice_at_start", "start_column_special", "row_points", "row_items",
        "solo_rolls", "solo_rating", "invariants"}
PRINTED_SIZE = (15, 7)


def load_sheet(path: str | Path) -> NochmalSheet:
    return sheet_from_data(read_toml(path), Path(path).name)


@cache
def edition_sheet(edition: str) -> NochmalSheet:
    """The printed sheet of an edition."""
    return sheet_from_data(read_packaged(__package__, f"sheets/{edition}.toml"), f"{edition}.toml")


def sheet_from_data(data: Any, source: str = "<inline sheet>") -> NochmalSheet:
    """Validate a sheet table (parsed TOML or JSON) and build the sheet."""
    return _Reader(data, source).sheet()


class _Reader(TableReader):
    def sheet(self) -> NochmalSheet:
        self.check_keys(KEYS)
        edition = self.value(self.data, "edition", str)
        if edition not in EDITIONS:
            self.fail("edition", f"must be one of {', '.join(EDITIONS)}, not {edition!r}")
        width, height, colours, stars, specials = self.grid()
        start = self.start_column(width)
        special_dice = self.number("special_dice", 0)
        if edition == "classic" and special_dice:
            self.fail("special_dice", "the classic edition has no special die")
        at_start = self.number("special_dice_at_start", 0)
        if at_start > special_dice:
            self.fail("special_dice_at_start", f"more than the {special_dice} special dice")
        sheet = NochmalSheet(
            name=self.value(self.data, "name", str), edition=edition, width=width,
            height=height, colours=colours, stars=stars, special_fields=specials,
            start_column=start,
            column_first=self.int_list("column_first", width),
            column_later=self.int_list("column_later", width),
            colour_bonus=self.int_list("colour_bonus", 2),
            jokers=self.number("jokers"), hearts=self.number("hearts", 0),
            special_dice=special_dice, special_dice_at_start=at_start,
            start_column_special=self.value(self.data, "start_column_special", bool, "", False),
            row_points=self.number("row_points", 0), row_items=self.row_items(height),
            solo_rolls=self.number("solo_rolls", 30), row_labels=self.row_labels(height),
            solo_rating=self.rating(), data=self.data)
        if self.value(self.data, "invariants", bool, "", True):
            self.check_invariants(sheet)
        missing = [COLOUR_NAMES[c] for c in COLOURS if not sheet.colour_masks[c]]
        if missing:
            self.fail("grid", f"every colour needs boxes; missing: {', '.join(missing)}")
        return sheet

    def number(self, key: str, default: Any = ...) -> int:
        value = self.value(self.data, key, int, "", default)
        if value < 0:
            self.fail(key, f"must not be negative, got {value}")
        return value

    def grid(self) -> tuple[int, int, tuple[str, ...], int, int]:
        rows = self.value(self.data, "grid", list)
        if not rows or not all(isinstance(row, str) for row in rows):
            self.fail("grid", "must be a non-empty list of strings, one per row")
        cells = [row.split() for row in rows]
        width = len(cells[0])
        if not 1 <= width <= len(LETTERS) or len(cells) > 30:
            self.fail("grid", "must be at most 26 columns by 30 rows")
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
        letter = self.value(self.data, "start_column", str).strip().lower()
        if len(letter) != 1 or letter not in LETTERS[:width]:
            self.fail("start_column", f"must be a column letter a-{LETTERS[width - 1]}, not {letter!r}")
        return LETTERS.index(letter)

    def row_items(self, height: int) -> tuple[str, ...]:
        items = self.value(self.data, "row_items", list, "", [])
        if items and (len(items) != height or not all(item in ITEMS for item in items)):
            self.fail("row_items", f"must be empty or {height} of {', '.join(ITEMS)}")
        return tuple(items)

    def row_labels(self, height: int) -> tuple[str, ...]:
        labels = self.value(self.data, "row_labels", list, "", [str(r) for r in range(1, height + 1)])
        if len(labels) != height or not all(isinstance(label, str) for label in labels):
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
