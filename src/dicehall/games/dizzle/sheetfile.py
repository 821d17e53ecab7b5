"""Reading and validating Dizzle sheet files (schema and limits: ``docs/sheets.md``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ...engine.bits import mask_of
from ...engine.grid import LETTERS, cell_index
from ...engine.schema import Flag as Bool
from ...engine.schema import Int, Items, OneOrList, Table, Text
from ..datafile import INLINE_SHEET, NAME, RATING, TableReader, read_packaged, read_toml
from .sheet import TRACK_PIECES, Flag, Scored, Sheet

MAX_WIDTH = 26
MAX_HEIGHT = 30
MAX_ROW = 200          # characters of one grid row
MAX_POINTS = 100       # points of a special, a value of a flag track
MAX_TABLES = 100       # tables of one kind ([[gems]], [[areas]], ...)
MAX_FLAG_TRACK = 20    # values of one flag track
MAX_SPECIALS = 2       # specials on one field (a gem and a puzzle piece, ...)
TOKENS = frozenset("123456XPV.")
LEVELS = (1, 2, 3, 4, 5, 6, 7, 8)

FIELD = Text(8, r"[A-Za-z][0-9]{1,2}", "a field name like c4")
AT = OneOrList(FIELD, MAX_WIDTH * MAX_HEIGHT)
POINTS = Int(1, MAX_POINTS)
COLOUR = Text(20, what="a colour name")


def _kind(**fields: Any) -> Items:
    """An array of tables of one kind, every key required."""
    return Items(Table(fields, frozenset(fields)), MAX_TABLES)


SCHEMA = Table({
    "name": NAME, "level": Int(1, 99), "description": Text(1000),
    "grid": Items(Text(MAX_ROW), MAX_HEIGHT, 1, "rows"), "railway": Bool(),
    "gems": _kind(at=AT, points=POINTS, colour=COLOUR), "bombs": _kind(at=AT, points=POINTS),
    "keys": _kind(at=AT, colour=COLOUR), "locks": _kind(at=AT, colour=COLOUR), "rockets": _kind(at=AT),
    "flags": _kind(at=AT, colour=COLOUR, track=Items(POINTS, MAX_FLAG_TRACK, 1)),
    "arrows": _kind(**{"from": FIELD, "to": FIELD, "points": POINTS}),
    "puzzles": _kind(at=AT, colour=COLOUR, points=POINTS), "areas": _kind(at=AT, points=POINTS),
    "poops": _kind(at=AT, points=POINTS), "stations": _kind(at=AT, points=POINTS),
    "tracks": _kind(at=AT, piece=Text(2, what="a track piece")), "solo_rating": RATING,
}, frozenset({"name", "grid"}))


def load_sheet(path: str | Path) -> Sheet:
    """Read and validate a sheet file."""
    return sheet_from_data(read_toml(path), str(path))


@cache
def level_sheet(level: int) -> Sheet:
    """One of the shipped level sheets."""
    return sheet_from_data(read_packaged(__package__, f"levels/level{level}.toml"), f"level{level}.toml")


def sheet_from_data(data: Any, source: str = INLINE_SHEET) -> Sheet:
    """Validate a sheet table (parsed TOML or JSON) and build the sheet."""
    return _Reader(data, source).sheet()


class _Reader(TableReader):
    def __init__(self, data: Any, source: str):
        super().__init__(data, source, SCHEMA)
        self.claimed: dict[int, list[str]] = {}

    def colour(self, table: dict, where: str) -> str:
        colour = table["colour"]
        if not colour.strip():
            self.fail(f"{where}.colour", "must not be empty")
        return colour.strip().lower()

    # --- the grid ---------------------------------------------------------
    def sheet(self) -> Sheet:
        self.read_grid()
        keys = self.coloured("keys")
        tracks = self.tracks()
        return Sheet(
            name=self.data["name"], level=self.data.get("level"),
            description=self.data.get("description", ""),
            width=self.width, height=self.height, tokens=self.tokens, data=self.data,
            gems=self.scored("gems", colour=True), bombs=self.scored("bombs"),
            keys=keys, locks=self.locks(keys), rocket_fields=self.rockets(),
            flags=self.flags(), arrows=self.arrows(), puzzles=self.puzzles(),
            areas=self.areas(), poops=self.scored("poops"), stations=self.stations(tracks),
            printed_tracks=tracks, railway=self.railway(tracks), solo_rating=self.rating())

    def read_grid(self) -> None:
        cells = [row.split() for row in self.data["grid"]]
        width = len(cells[0])
        if not 1 <= width <= MAX_WIDTH:
            self.fail("grid", f"must be 1 to {MAX_WIDTH} columns by 1 to {MAX_HEIGHT} rows")
        for r, row in enumerate(cells):
            if len(row) != width:
                self.fail(f"grid[{r}]", f"row {r + 1} has {len(row)} fields, row 1 has {width}")
            for c, token in enumerate(row):
                if token not in TOKENS:
                    self.fail(f"grid[{r}]", f"{LETTERS[c]}{r + 1}: unknown token {token!r} "
                              "(use 1-6, X, P, V or .)")
        self.width, self.height = width, len(cells)
        self.tokens = tuple(token for row in cells for token in row)
        if "X" not in self.tokens:
            self.fail("grid", "needs at least one start cross X")
        if not any(token.isdigit() for token in self.tokens):
            self.fail("grid", "needs numbered fields")

    def name(self, index: int) -> str:
        return f"{LETTERS[index % self.width]}{index // self.width + 1}"

    def fields(self, value: str | list[str], where: str, allowed: str = "123456X") -> list[int]:
        names = [value] if isinstance(value, str) else value
        indices: list[int] = []
        for i, name in enumerate(names):
            here = f"{where}[{i}]" if isinstance(value, list) else where
            index = cell_index(name, self.width, self.height)
            if index is None:
                self.fail(here, f"{name!r} is outside the {self.width}x{self.height} grid")
            if self.tokens[index] not in allowed:
                kind = {"X": "a start cross", "P": "a planet", "V": "a volcano", ".": "a hole"}.get(
                    self.tokens[index], "a numbered field")
                self.fail(here, f"{self.name(index)} is {kind}, which cannot be used here")
            if index in indices:
                self.fail(here, f"{self.name(index)} is listed twice")
            indices.append(index)
        return indices

    def specials(self, table: dict, what: str, where: str, allowed: str = "123456") -> list[int]:
        """The ``at`` fields of a special: numbered, at most :data:`MAX_SPECIALS`
        specials per field and never two of one kind (each applies on its own)."""
        indices = self.fields(table["at"], f"{where}.at", allowed)
        for index in indices:
            there = self.claimed.setdefault(index, [])
            if what in there:
                self.fail(f"{where}.at", f"{self.name(index)} already carries a {what}")
            if len(there) == MAX_SPECIALS:
                self.fail(f"{where}.at", f"{self.name(index)} already carries a {' and a '.join(there)}"
                          f" (at most {MAX_SPECIALS} specials a field)")
            there.append(what)
        return indices

    # --- the special fields --------------------------------------------------
    def scored(self, kind: str, colour: bool = False) -> tuple[Scored, ...]:
        """One entry per field, each scoring its table's points."""
        out = []
        for table, where in self.items(kind):
            points = table["points"]
            tint = self.colour(table, where) if colour else ""
            out += [Scored(1 << i, points, tint) for i in self.specials(table, kind[:-1], where)]
        return tuple(out)

    def stations(self, tracks: tuple[tuple[int, int], ...]) -> tuple[Scored, ...]:
        """Stations on numbered fields or printed tracks (a bare start cross is
        never part of a network, so a station there could never score)."""
        out = []
        for table, where in self.items("stations"):
            for i in self.specials(table, "station", where, "123456X"):
                if self.tokens[i] == "X" and i not in dict(tracks):
                    self.fail(f"{where}.at", f"{self.name(i)} is a start cross without a printed track")
                out.append(Scored(1 << i, table["points"]))
        return tuple(out)

    def tracks(self) -> tuple[tuple[int, int], ...]:
        out = []
        for table, where in self.items("tracks"):
            piece = table["piece"]
            if piece not in TRACK_PIECES:
                self.fail(f"{where}.piece", f"must be one of {', '.join(TRACK_PIECES)}, not {piece!r}")
            out += [(i, TRACK_PIECES[piece])
                    for i in self.fields(table["at"], f"{where}.at", "X")]
        if len({index for index, _ in out}) != len(out):
            self.fail("tracks", "a field has two printed track pieces")
        return tuple(out)

    def railway(self, tracks: tuple[tuple[int, int], ...]) -> bool:
        """Level 8: printed tracks lie on start crosses (a start cross may also be
        a plain printed X); other sheets have neither tracks nor stations."""
        railway = self.data.get("railway", False)
        if not railway and (tracks or "stations" in self.data):
            self.fail("railway", "tracks and stations need railway = true")
        return railway

    def coloured(self, kind: str) -> tuple[Scored, ...]:
        return tuple(Scored(mask_of(self.specials(table, kind[:-1], where)), 0,
                            self.colour(table, where))
                     for table, where in self.items(kind))

    def locks(self, keys: tuple[Scored, ...]) -> tuple[Scored, ...]:
        locks = self.coloured("locks")
        key_colours = {key.colour for key in keys}
        for i, lock in enumerate(locks):
            if lock.colour not in key_colours:
                self.fail(f"locks[{i}].colour", f"no key of colour {lock.colour!r} on the sheet")
        return locks

    def rockets(self) -> tuple[int, ...]:
        fields = [i for table, where in self.items("rockets")
                  for i in self.specials(table, "rocket", where)]
        if fields and "P" not in self.tokens:
            self.fail("rockets", "the sheet has rockets but no planet P")
        return tuple(fields)

    def flags(self) -> tuple[Flag, ...]:
        out = []
        for table, where in self.items("flags"):
            at = self.specials(table, "flag", where)
            if len(at) != 1:
                self.fail(f"{where}.at", "a flag is one field")
            track = table["track"]
            if track != sorted(track, reverse=True):
                self.fail(f"{where}.track", "must be highest first")
            out.append(Flag(at[0], self.colour(table, where), tuple(track)))
        return tuple(out)

    def arrows(self) -> tuple[Scored, ...]:
        out = []
        for table, where in self.items("arrows"):
            ends = [self.fields(table[key], f"{where}.{key}")[0]
                    for key in ("from", "to")]
            (r0, c0), (r1, c1) = (divmod(end, self.width) for end in ends)
            if r0 != r1 and c0 != c1:
                self.fail(where, f"{self.name(ends[0])}-{self.name(ends[1])} is not a row or column")
            rows, cols = range(min(r0, r1), max(r0, r1) + 1), range(min(c0, c1), max(c0, c1) + 1)
            segment = [r * self.width + c for r in rows for c in cols]
            self.fields([self.name(i) for i in segment], where)
            out.append(Scored(mask_of(segment), table["points"]))
        return tuple(out)

    def puzzles(self) -> tuple[Scored, ...]:
        out = []
        for table, where in self.items("puzzles"):
            colour = self.colour(table, where)
            if any(p.colour == colour for p in out):
                self.fail(f"{where}.colour", f"puzzle colour {colour!r} is given twice")
            out.append(Scored(mask_of(self.specials(table, "puzzle piece", where)),
                              table["points"], colour))
        return tuple(out)

    def areas(self) -> tuple[Scored, ...]:
        return tuple(Scored(mask_of(self.fields(table["at"], f"{where}.at")), table["points"])
                     for table, where in self.items("areas"))
