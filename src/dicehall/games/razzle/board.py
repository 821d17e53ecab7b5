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

from ..datafile import TableReader, read_packaged, read_toml

MAX_PLAYERS = 3
PIECES = range(2, 7)


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
    return board_from_data(read_toml(path), Path(path).name)


@cache
def standard_board() -> Board:
    return board_from_data(read_packaged(__package__, "boards/standard.toml"), "standard.toml")


def board_from_data(data: Any, source: str = "<inline board>") -> Board:
    """Validate a board table (parsed TOML or JSON) and build the board."""
    return _Reader(data, source).board()


class _Reader(TableReader):
    def board(self) -> Board:
        self.check_keys({"name", "track_length", "colours", "entries", "safe", "jumps", "pieces"})
        length = self.positive(self.data, "track_length")
        if length < 8:
            self.fail("track_length", "must be at least 8")
        colours = self.value(self.data, "colours", list)
        if len(colours) != MAX_PLAYERS or not all(isinstance(c, str) and c for c in colours):
            self.fail("colours", f"must be {MAX_PLAYERS} colour names")
        entries = self.fields("entries")
        if len(entries) != MAX_PLAYERS or len(set(entries)) != MAX_PLAYERS:
            self.fail("entries", f"must be {MAX_PLAYERS} different fields")
        safe = self.fields("safe")
        jumps = self.jumps(length, set(safe))
        pieces = self.positive(self.data, "pieces")
        if pieces not in PIECES:
            self.fail("pieces", f"must be {PIECES.start}-{PIECES.stop - 1}")
        return Board(self.value(self.data, "name", str), length, tuple(colours), tuple(entries),
                     frozenset(safe), jumps, pieces, self.data)

    def fields(self, key: str) -> list[int]:
        values = self.int_list(key)
        length = self.data["track_length"]
        for i, value in enumerate(values):
            if value >= length:
                self.fail(f"{key}[{i}]", f"field {value} is not on a track of {length} fields")
        return list(values)

    def jumps(self, length: int, safe: set[int]) -> dict[int, int]:
        pairs = self.value(self.data, "jumps", list, "", [])
        jumps: dict[int, int] = {}
        for i, pair in enumerate(pairs):
            if (not isinstance(pair, list) or len(pair) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < length
                               for v in pair)
                    or pair[0] == pair[1]):
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
