"""Reading the games' data files (sheets, boards): TOML or JSON tables checked
against their game's schema (:mod:`dicehall.engine.schema`), then field by
field, with errors that name the file and the field, e.g.
``my.toml: gems[1].at[0]: 'k3' is outside the 7x9 grid``.

A sheet or board keeps the normalised table, never the caller's: that is what
records and the server store.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.errors import OptionError
from ..engine.inputs import MAX_FILE_BYTES, DataError, is_inline, located, parse_json, parse_toml, read_text
from ..engine.schema import Int, Items, Spec, Table, Text, validate

INLINE_SHEET = "inline sheet"
INLINE_BOARD = "inline board"
NAME = Text(80)
MAX_SCORE = 10_000
MAX_BANDS = 20
RATING = Items(Table({"min": Int(-MAX_SCORE, MAX_SCORE), "label": Text(80)}, frozenset({"label"})), MAX_BANDS)
MAX_PATH = 4096


class SheetError(DataError):
    """A sheet (or board) that breaks its schema; names the file and the field."""


@dataclass(frozen=True, slots=True)
class RatingBand:
    """A solo rating band: scores of at least ``min`` (``None``: any score)."""

    min: int | None
    label: str


def rating_label(bands: tuple[RatingBand, ...], score: int) -> str | None:
    """The label of the first band whose ``min`` the score reaches."""
    for band in bands:
        if band.min is None or score >= band.min:
            return band.label
    return None


def read_toml(path: str | Path) -> Any:
    """A TOML file's data, or a :class:`SheetError` naming the file."""
    return parse_toml(read_text(path, SheetError), str(path), SheetError)


def read_packaged(package: str, relative: str) -> dict:
    """A TOML file shipped inside a package (a level sheet, a printed board)."""
    return tomllib.loads(resources.files(package).joinpath(relative).read_text("utf-8"))


class TableReader:
    """Reads one data table: :func:`validate` against ``schema`` first, so the
    reader sees only known keys of the right types; every ``fail`` names the
    source and the field."""

    def __init__(self, data: Any, source: str, schema: Spec):
        self.source = source
        self.data: dict = validate(schema, data, source, SheetError)

    def fail(self, where: str, message: str):
        raise SheetError(located(self.source, where, message))

    def items(self, kind: str) -> list[tuple[dict, str]]:
        """The tables of an array of tables, each with its field path."""
        return [(item, f"{kind}[{i}]") for i, item in enumerate(self.data.get(kind, ()))]

    def rating(self) -> tuple[RatingBand, ...]:
        """The ``[[solo_rating]]`` bands: decreasing ``min``, the last without one."""
        bands: list[RatingBand] = []
        tables = self.items("solo_rating")
        for i, (table, where) in enumerate(tables):
            low = table.get("min")
            if (low is None) != (i == len(tables) - 1):
                self.fail(where, "every band but the last needs a 'min'; the last has none")
            if low is not None and bands and bands[-1].min <= low:
                self.fail(f"{where}.min", "bands must be ordered by decreasing 'min'")
            bands.append(RatingBand(low, table["label"]))
        return tuple(bands)


def check_data_option(name: str, what: str) -> Callable[[Any], None]:
    """An option check: the value is a file path, an inline table or its JSON text."""
    def check(value: Any) -> None:
        if value is not None and not isinstance(value, (str, dict)):
            raise OptionError(f"option {name!r} must be a file path or an inline {what} table")
        if isinstance(value, str) and len(value) > (MAX_FILE_BYTES if is_inline(value) else MAX_PATH):
            raise OptionError(f"option {name!r} is too long for a file path or an inline {what}")
    return check


def load_data_option(name: str, given: str | dict, from_table: Callable[[Any], Any],
                     from_file: Callable[[str], Any]) -> Any:
    """Load an option that names a data file, holds an inline table, or holds a
    table as JSON text (as ``-o sheet={...}`` gives it)."""
    if isinstance(given, dict):
        return from_table(given)
    if is_inline(given):
        return from_table(parse_json(given, f"option {name!r}", OptionError))
    return from_file(given)
