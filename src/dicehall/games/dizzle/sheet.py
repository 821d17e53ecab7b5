"""The Dizzle sheet: a grid of fields with their numbers and special fields.

A sheet is immutable and shared by every player's state. Sets of fields are
bitmasks over Python ints (bit ``row * width + column``), so the rules work on
whole sets at once: the neighbours of a set are four shifts. Sheets are data
(TOML files, schema in ``docs/sheets.md``) read by :mod:`.sheetfile`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.bits import mask_of
from ...engine.grid import Grid
from ..datafile import RatingBand, rating_label

# Track pieces (level 8) as the edges they join: north 1, east 2, south 4, west 8.
NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8
TRACK_PIECES = {"ns": NORTH | SOUTH, "ew": EAST | WEST, "ne": NORTH | EAST,
                "es": EAST | SOUTH, "sw": SOUTH | WEST, "wn": WEST | NORTH}


@dataclass(frozen=True, slots=True)
class Scored:
    """Fields that score (or cost) ``points`` together; ``colour`` where it matters."""

    mask: int
    points: int
    colour: str = ""


@dataclass(frozen=True, slots=True)
class Flag:
    """A flag field and its score track, highest value first."""

    index: int
    colour: str
    track: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class Sheet(Grid):
    name: str
    level: int | None
    description: str
    width: int
    height: int
    tokens: tuple[str, ...]
    data: dict
    gems: tuple[Scored, ...] = ()
    bombs: tuple[Scored, ...] = ()
    keys: tuple[Scored, ...] = ()
    locks: tuple[Scored, ...] = ()
    rocket_fields: tuple[int, ...] = ()
    flags: tuple[Flag, ...] = ()
    arrows: tuple[Scored, ...] = ()
    puzzles: tuple[Scored, ...] = ()
    areas: tuple[Scored, ...] = ()
    poops: tuple[Scored, ...] = ()
    stations: tuple[Scored, ...] = ()
    printed_tracks: tuple[tuple[int, int], ...] = ()
    railway: bool = False
    solo_rating: tuple[RatingBand, ...] = ()

    def __post_init__(self) -> None:
        size = self.width * self.height
        kinds = {token: mask_of(i for i in range(size) if self.tokens[i] == token)
                 for token in "123456XPV."}
        setter = object.__setattr__
        setter(self, "number_masks", (0, *(kinds[str(v)] for v in range(1, 7))))
        setter(self, "numbered", sum(self.number_masks))
        setter(self, "start", kinds["X"])
        setter(self, "planets", kinds["P"])
        setter(self, "volcanoes", kinds["V"])
        self.set_cells((1 << size) - 1 & ~kinds["."])
        setter(self, "fields", self.cells)
        setter(self, "rockets", mask_of(self.rocket_fields))
        setter(self, "bomb_mask", sum(b.mask for b in self.bombs))

    field_name = Grid.cell_name
    field_index = Grid.cell_index

    def number(self, index: int) -> int:
        """The number printed on a field (0 for a start cross, planet, volcano or hole)."""
        token = self.tokens[index]
        return int(token) if token.isdigit() else 0

    def locked(self, crossed: int) -> int:
        """The lock fields still closed for a sheet with these crossed fields."""
        closed = 0
        for colour_locks in self.locks:
            if not any(key.colour == colour_locks.colour and key.mask & crossed
                       for key in self.keys):
                closed |= colour_locks.mask
        return closed

    def rating(self, score: int) -> str | None:
        """The solo rating band of a score, if the sheet has a rating table."""
        return rating_label(self.solo_rating, score)
