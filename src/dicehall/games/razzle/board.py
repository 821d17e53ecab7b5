"""The Razzle-Dazzle board: a ring track with entry, safe and jump fields.

Boards are data (TOML, schema in ``docs/razzle.md``), validated on load.
Track fields are numbered 0..length-1 clockwise; a piece's *progress* is how
far it has come from its start: its entry field is progress 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.schema import Int, Items, Table, Text
from ..datafile import INLINE_BOARD, NAME, TableReader, read_packaged, read_toml

MAX_PLAYERS = 3
PIECES = range(2, 7)
MIN_TRACK = 8
MAX_TRACK = 200        # fields on the ring (the standard board has 48)

FIELD = Int(0, MAX_TRACK - 1)
SCHEMA = Table({
    "name": NAME, "track_length": Int(MIN_TRACK, MAX_TRACK),
    "colours": Items(Text(20, r".*\S.*", "a colour name"), MAX_PLAYERS, MAX_PLAYERS),
    "entries": Items(FIELD, MAX_PLAYERS, MAX_PLAYERS), "safe": Items(FIELD, MAX_TRACK),
    "jumps": Items(Items(FIELD, 2, 2), MAX_TRACK), "pieces": Int(PIECES.start, PIECES.stop - 1),
}, frozenset({"name", "track_length", "colours", "entries", "safe", "pieces"}))


@dataclass(frozen=True, eq=False)
class Board:
    name: str
    track_length: int
    colours: tuple[str, ...]
    entries: tuple[int, ...]
    safe: frozenset[int]
    jumps: dict[int, int]
    pieces: int
    data: dict

    def field_of(self, seat: int, progress: int) -> int:
        """The track field of a piece of ``seat`` with this progress (1..length)."""
        return (self.entries[seat] + progress - 1) % self.track_length

    def jump_distance(self, field: int) -> int:
        """How many fields a jump from ``field`` carries a piece forward."""
        return (self.jumps[field] - field) % self.track_length


def load_board(path: str | Path) -> Board:
    return board_from_data(read_toml(path), str(path))


@cache
def standard_board() -> Board:
    return board_from_data(read_packaged(__package__, "boards/standard.toml"), "standard.toml")


def board_from_data(data: Any, source: str = INLINE_BOARD) -> Board:
    """Validate a board table (parsed TOML or JSON) and build the board."""
    return _Reader(data, source, SCHEMA).board()


class _Reader(TableReader):
    def board(self) -> Board:
        data = self.data
        length = data["track_length"]
        entries = self.fields("entries")
        if len(set(entries)) != MAX_PLAYERS:
            self.fail("entries", f"must be {MAX_PLAYERS} different fields")
        safe = self.fields("safe")
        jumps = self.jumps(length, set(safe))
        return Board(data["name"], length, tuple(data["colours"]), tuple(entries),
                     frozenset(safe), jumps, data["pieces"], data)

    def fields(self, key: str) -> list[int]:
        values = self.data[key]
        length = self.data["track_length"]
        for i, value in enumerate(values):
            if value >= length:
                self.fail(f"{key}[{i}]", f"field {value} is not on a track of {length} fields")
        return list(values)

    def jumps(self, length: int, safe: set[int]) -> dict[int, int]:
        jumps: dict[int, int] = {}
        for i, pair in enumerate(self.data.get("jumps", [])):
            if max(pair) >= length or pair[0] == pair[1]:
                self.fail(f"jumps[{i}]", f"must be [from, to]: two different fields 0-{length - 1}")
            if pair[0] in jumps:
                self.fail(f"jumps[{i}]", f"field {pair[0]} already has an arrow")
            if pair[0] in safe:
                self.fail(f"jumps[{i}]", f"field {pair[0]} is safe; a jump field cannot be")
            jumps[pair[0]] = pair[1]
        for origin, target in jumps.items():
            if target in safe:
                self.fail("jumps", f"the arrow from {origin} lands on safe field {target}")
        return jumps
