"""Reading the games' data files (sheets, boards): TOML tables checked field by
field, with errors that name the file and the field, e.g.
``my.toml: gems[1].at[0]: 'k3' is outside the 7x9 grid``."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.errors import DicehallError, OptionError


class SheetError(DicehallError):
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


def read_toml(path: str | Path) -> dict:
    """A TOML file as a table, or a :class:`SheetError` naming the file."""
    path = Path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SheetError(f"{path}: cannot read: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SheetError(f"{path}: not valid TOML: {error}") from None


def read_packaged(package: str, relative: str) -> dict:
    """A TOML file shipped inside a package (a level sheet, a printed board)."""
    return tomllib.loads(resources.files(package).joinpath(relative).read_text("utf-8"))


class TableReader:
    """Reads one data table; every ``fail`` names the source and the field."""

    def __init__(self, data: Any, source: str):
        self.source = source
        if not isinstance(data, dict):
            self.fail("", "must be a table")
        self.data = data

    def fail(self, where: str, message: str):
        raise SheetError(f"{self.source}: {where}: {message}" if where else f"{self.source}: {message}")

    def check_keys(self, known: set[str]) -> None:
        unknown = sorted(set(self.data) - known)
        if unknown:
            self.fail(unknown[0], f"unknown key (known: {', '.join(sorted(known))})")

    def value(self, table: dict, key: str, kind: type, where: str = "", default: Any = ...) -> Any:
        here = f"{where}.{key}" if where else key
        if key not in table:
            if default is ...:
                self.fail(where or key, f"missing key {key!r}" if where else "missing")
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(here, f"expected {kind.__name__}, got {value!r}")
        return value

    def positive(self, table: dict, key: str, where: str = "") -> int:
        value = self.value(table, key, int, where)
        if value <= 0:
            self.fail(f"{where}.{key}" if where else key, f"must be a positive whole number, got {value}")
        return value

    def int_list(self, key: str, length: int | None = None, minimum: int = 0) -> tuple[int, ...]:
        values = self.value(self.data, key, list)
        if (not all(isinstance(v, int) and not isinstance(v, bool) and v >= minimum for v in values)
                or (length is not None and len(values) != length)):
            size = f"{length} " if length is not None else ""
            self.fail(key, f"must be a list of {size}whole numbers >= {minimum}")
        return tuple(values)

    def tables(self, kind: str) -> list[tuple[dict, str]]:
        items = self.value(self.data, kind, list, "", [])
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                self.fail(f"{kind}[{i}]", "must be a table")
        return [(item, f"{kind}[{i}]") for i, item in enumerate(items)]

    def rating(self) -> tuple[RatingBand, ...]:
        """The ``[[solo_rating]]`` bands: decreasing ``min``, the last without one."""
        bands: list[RatingBand] = []
        tables = self.tables("solo_rating")
        for i, (table, where) in enumerate(tables):
            label = self.value(table, "label", str, where)
            low = self.value(table, "min", int, where, None)
            if (low is None) != (i == len(tables) - 1):
                self.fail(where, "every band but the last needs a 'min'; the last has none")
            if low is not None and bands and bands[-1].min <= low:
                self.fail(f"{where}.min", "bands must be ordered by decreasing 'min'")
            bands.append(RatingBand(low, label))
        return tuple(bands)


def check_data_option(name: str, what: str) -> Callable[[Any], None]:
    """An option check: the value is a file path or an inline table."""
    def check(value: Any) -> None:
        if value is not None and not isinstance(value, (str, dict)):
            raise OptionError(f"option {name!r} must be a file path or an inline {what} table")
    return check


def load_data_option(name: str, given: str | dict, from_table: Callable[[Any], Any],
                     from_file: Callable[[str], Any]) -> Any:
    """Load an option that names a data file, holds an inline table, or holds a
    table as JSON text (as ``-o sheet={...}`` gives it)."""
    if isinstance(given, dict):
        return from_table(given)
    if given.lstrip().startswith("{"):
        try:
            return from_table(json.loads(given))
        except json.JSONDecodeError as error:
            raise OptionError(f"option {name!r}: not a valid JSON table: {error}") from None
    return from_file(given)
