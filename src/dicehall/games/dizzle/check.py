"""Design checks for Dizzle sheets, beyond the schema that :mod:`.sheetfile` enforces.

A sheet can be valid TOML that follows ``docs/sheets.md`` and still be a poor
level: a gem walled off behind holes, a lock whose key sits behind that lock,
six 4s in one corner. :func:`check_sheet` lists such problems, each naming the
field where it is (``c4: unreachable from the start crosses``); a good sheet
has none. The checks:

- **reach**: every numbered field, planet and special can be reached from a
  start cross (printed tracks on railway sheets) by orthogonal steps through
  numbered fields; a reachable rocket leads to every planet, and play goes on
  from the planets; locks of colour *c* are passable once a key of colour *c*
  is reachable without passing the locks of colour *c*; volcanoes and holes block.
- **numbers**: each number 1-6 appears within 25% of the mean count (at least
  within one, for small sheets), and at most 10% of the orthogonally
  neighbouring numbered pairs share their number.
- **groups**: arrows are straight runs of at least two real fields, areas are
  connected, have at least two fields and do not overlap, and neither is
  complete from the start.
- **values**: flag tracks have at least two values, all positive, highest first;
  points are sane (gems, bombs, poop 1-10; arrows, areas, puzzles, stations 1-20).
- **pairs**: rockets need planets and planets a rocket; each lock colour needs
  its key and each key a lock; every volcano needs a numbered field next to it
  (level 7 lava starts there); a railway sheet needs a station.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ...engine.bits import bit_list
from ..datafile import SheetError
from .sheet import Scored, Sheet
from .sheetfile import level_sheet, load_sheet

__all__ = ["POINT_RANGES", "Problem", "check_level_file", "check_sheet", "reachable"]

# Sane printed points per kind (inclusive).
POINT_RANGES = {"gems": (1, 10), "bombs": (1, 10), "arrows": (1, 20), "areas": (1, 20),
                "puzzles": (1, 20), "poops": (1, 10), "stations": (1, 20)}
SPREAD = 0.25            # each number's count within 25% of the mean
SAME_NEIGHBOURS = 0.10   # at most 10% of neighbouring pairs share a number
LISTED = 8               # how many fields a long message lists


@dataclass(frozen=True, slots=True)
class Problem:
    """A design problem of a sheet; ``field`` names where it is (``None``: the whole sheet)."""

    field: str | None
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


def _listing(names: list[str]) -> str:
    shown = ", ".join(names[:LISTED])
    return shown + (f" and {len(names) - LISTED} more" if len(names) > LISTED else "")


def _span(sheet: Sheet, mask: int) -> str:
    names = sheet.names(mask)
    return f"{names[0]}-{names[-1]}" if len(names) > 1 else names[0]


def _first(sheet: Sheet, mask: int) -> str | None:
    return sheet.field_name(bit_list(mask)[0]) if mask else None


def _kinds(sheet: Sheet) -> dict[int, str]:
    """Field index -> what is special about it, e.g. ``red gem``."""
    kinds: dict[int, str] = {}

    def add(mask: int, what: str) -> None:   # a field may carry two specials
        for index in bit_list(mask):
            kinds[index] = f"{kinds[index]} and {what}" if index in kinds else what

    for gem in sheet.gems:
        add(gem.mask, f"{gem.colour} gem")
    add(sheet.bomb_mask, "bomb")
    for key in sheet.keys:
        add(key.mask, f"{key.colour} key")
    for lock in sheet.locks:
        add(lock.mask, f"{lock.colour} lock")
    add(sheet.rockets, "rocket")
    for flag in sheet.flags:
        add(1 << flag.index, f"{flag.colour} flag")
    for puzzle in sheet.puzzles:
        add(puzzle.mask, f"{puzzle.colour} puzzle piece")
    for poop in sheet.poops:
        add(poop.mask, "poop")
    for station in sheet.stations:
        add(station.mask, "station")
    add(sheet.planets, "planet")
    return kinds


# --- reach ---------------------------------------------------------------------------
def reachable(sheet: Sheet) -> tuple[int, set[str]]:
    """The fields a player can ever reach, and the lock colours they can ever open.

    Play spreads from the start crosses (and printed tracks) by orthogonal steps
    through numbered fields; locks of a colour are walls until a key of that colour
    is reached; a reached rocket reaches every planet, and play spreads on from there.
    """
    start = sheet.start
    for index, _ in sheet.printed_tracks:
        start |= 1 << index
    opened: set[str] = set()
    while True:
        walls = 0
        for lock in sheet.locks:
            if lock.colour not in opened:
                walls |= lock.mask
        passable = sheet.numbered & ~walls
        reached = start
        while True:
            grow = sheet.neighbours(reached) & passable & ~reached
            if reached & sheet.rockets:
                grow |= sheet.planets & ~reached
            if not grow:
                break
            reached |= grow
        keys = {key.colour for key in sheet.keys if key.mask & reached} - opened
        if not keys:
            return reached, opened
        opened |= keys


def _reach(sheet: Sheet) -> list[Problem]:
    reached, opened = reachable(sheet)
    kinds = _kinds(sheet)
    problems = []
    for index in bit_list((sheet.numbered | sheet.planets) & ~reached):
        what = kinds.get(index)
        closed = [lock.colour for lock in sheet.locks
                  if lock.mask >> index & 1 and lock.colour not in opened]
        if closed:
            what = f"{what}; no {closed[0]} key can be reached to open it"
        if what == "planet" and not sheet.rockets & reached:
            what += "; no rocket can be reached"
        message = "unreachable from the start crosses" + (f" ({what})" if what else "")
        problems.append(Problem(sheet.field_name(index), message))
    return problems


# --- numbers -------------------------------------------------------------------------
def _spread(sheet: Sheet) -> list[Problem]:
    counts = {value: sheet.number_masks[value].bit_count() for value in range(1, 7)}
    mean = sum(counts.values()) / 6
    tolerance = max(SPREAD * mean, 1.0)
    off = [value for value, count in counts.items() if abs(count - mean) > tolerance]
    if not off:
        return []
    details = ", ".join(f"{value} appears {counts[value]} times" for value in off)
    table = " ".join(f"{value}:{count}" for value, count in counts.items())
    return [Problem(None, f"numbers are not spread evenly: {details}; the mean is {mean:.1f} "
                          f"(counts {table})")]


def _neighbour_pairs(sheet: Sheet) -> list[tuple[int, int]]:
    """Orthogonally neighbouring numbered fields, each pair once."""
    pairs = []
    width = sheet.width
    for index in bit_list(sheet.numbered):
        if index % width < width - 1 and sheet.numbered >> (index + 1) & 1:
            pairs.append((index, index + 1))
        if sheet.numbered >> (index + width) & 1:
            pairs.append((index, index + width))
    return pairs


def _same_neighbours(sheet: Sheet) -> list[Problem]:
    pairs = _neighbour_pairs(sheet)
    same = [(a, b) for a, b in pairs if sheet.tokens[a] == sheet.tokens[b]]
    if not pairs or len(same) <= SAME_NEIGHBOURS * len(pairs):
        return []
    names = [f"{sheet.field_name(a)}-{sheet.field_name(b)} ({sheet.tokens[a]})" for a, b in same]
    return [Problem(None, f"{len(same)} of {len(pairs)} neighbouring pairs share their number "
                          f"(more than {SAME_NEIGHBOURS:.0%}): {_listing(names)}")]


# --- arrows and areas ---------------------------------------------------------------
def _odd_fields(sheet: Sheet, mask: int, what: str) -> list[Problem]:
    problems = []
    for index in bit_list(mask):
        token = sheet.tokens[index] if index < sheet.size else "."
        if token in ".PV":
            kind = {".": "a hole", "P": "a planet", "V": "a volcano"}[token]
            problems.append(Problem(sheet.field_name(index), f"{what} includes {kind}"))
    return problems


def _connected(sheet: Sheet, mask: int) -> bool:
    if not mask:
        return True
    seen = mask & -mask
    while True:
        grow = sheet.neighbours(seen) & mask & ~seen
        if not grow:
            return seen == mask
        seen |= grow


def _arrows(sheet: Sheet) -> list[Problem]:
    problems = []
    seen: dict[int, str] = {}
    for arrow in sheet.arrows:
        what = f"arrow {_span(sheet, arrow.mask)}"
        where = _first(sheet, arrow.mask)
        fields = bit_list(arrow.mask)
        problems += _odd_fields(sheet, arrow.mask, what)
        rows = {index // sheet.width for index in fields}
        columns = {index % sheet.width for index in fields}
        step = 1 if len(rows) == 1 else sheet.width
        if len(fields) < 2:
            problems.append(Problem(where, f"{what} is a single field"))
        elif (len(rows) > 1 and len(columns) > 1) or fields != list(
                range(fields[0], fields[-1] + 1, step)):
            problems.append(Problem(where, f"{what} is not a straight unbroken row or column"))
        if arrow.mask & sheet.start == arrow.mask:
            problems.append(Problem(where, f"{what} is complete from the start"))
        if arrow.mask in seen:
            problems.append(Problem(where, f"{what} is given twice"))
        seen[arrow.mask] = what
    return problems


def _areas(sheet: Sheet) -> list[Problem]:
    problems = []
    covered: dict[int, str] = {}
    for area in sheet.areas:
        what = f"area {' '.join(sheet.names(area.mask))}"
        where = _first(sheet, area.mask)
        problems += _odd_fields(sheet, area.mask, what)
        if area.mask.bit_count() < 2:
            problems.append(Problem(where, f"{what} is a single field"))
        elif not _connected(sheet, area.mask & sheet.fields):
            problems.append(Problem(where, f"{what} is not connected"))
        if area.mask & sheet.start == area.mask:
            problems.append(Problem(where, f"{what} is complete from the start"))
        for index in bit_list(area.mask):
            if index in covered:
                problems.append(Problem(sheet.field_name(index), f"{what} overlaps {covered[index]}"))
            covered[index] = what
    return problems


# --- values -------------------------------------------------------------------------
def _flags(sheet: Sheet) -> list[Problem]:
    problems = []
    for flag in sheet.flags:
        where = sheet.field_name(flag.index)
        what = f"{flag.colour} flag track {list(flag.track)}"
        if len(flag.track) < 2:
            problems.append(Problem(where, f"{what} needs at least 2 values"))
        if any(value <= 0 for value in flag.track):
            problems.append(Problem(where, f"{what} must be strictly positive"))
        if any(a < b for a, b in zip(flag.track, flag.track[1:])):
            problems.append(Problem(where, f"{what} must not increase"))
    return problems


def _points(sheet: Sheet) -> list[Problem]:
    problems = []
    for kind, (low, high) in POINT_RANGES.items():
        group: tuple[Scored, ...] = getattr(sheet, kind)
        for element in group:
            if not low <= element.points <= high:
                name = kind[:-1] if kind != "puzzles" else "puzzle colour"
                what = f"{element.colour} {name}".strip()
                if kind == "arrows":
                    what += f" {_span(sheet, element.mask)}"
                elif kind == "areas":
                    what += f" {' '.join(sheet.names(element.mask))}"
                problems.append(Problem(_first(sheet, element.mask),
                                        f"{what} is worth {element.points} points; "
                                        f"expected {low}-{high}"))
    return problems


# --- elements that need each other ---------------------------------------------------------
def _pairs(sheet: Sheet) -> list[Problem]:
    problems = []
    if sheet.rockets and not sheet.planets:
        problems += [Problem(sheet.field_name(i), "rocket, but the sheet has no planet")
                     for i in bit_list(sheet.rockets)]
    if sheet.planets and not sheet.rockets:
        problems += [Problem(sheet.field_name(i), "planet, but the sheet has no rocket")
                     for i in bit_list(sheet.planets)]
    key_colours = {key.colour for key in sheet.keys}
    lock_colours = {lock.colour for lock in sheet.locks}
    for lock in sheet.locks:
        if lock.colour not in key_colours:
            problems.append(Problem(_first(sheet, lock.mask),
                                    f"{lock.colour} lock, but no {lock.colour} key on the sheet"))
    for key in sheet.keys:
        if key.colour not in lock_colours:
            problems.append(Problem(_first(sheet, key.mask),
                                    f"{key.colour} key, but no {key.colour} lock on the sheet"))
    for index in bit_list(sheet.volcanoes):
        if not sheet.neighbours(1 << index) & sheet.numbered:
            problems.append(Problem(sheet.field_name(index),
                                    "volcano without a numbered field next to it (lava cannot start)"))
    if sheet.railway and not sheet.stations:
        problems.append(Problem(None, "railway sheet without a station"))
    if not sheet.railway and (sheet.stations or sheet.printed_tracks):
        where = _first(sheet, sum(s.mask for s in sheet.stations)) or sheet.field_name(
            sheet.printed_tracks[0][0])
        problems.append(Problem(where, "stations and tracks need a railway sheet"))
    placed = (sheet.numbered, "a numbered field")
    for what, mask, (allowed, kind) in (
            ("gem", sum(g.mask for g in sheet.gems), placed), ("bomb", sheet.bomb_mask, placed),
            ("key", sum(k.mask for k in sheet.keys), placed),
            ("lock", sum(lock.mask for lock in sheet.locks), placed), ("rocket", sheet.rockets, placed),
            ("flag", sum(1 << f.index for f in sheet.flags), placed),
            ("puzzle piece", sum(p.mask for p in sheet.puzzles), placed),
            ("poop", sum(p.mask for p in sheet.poops), placed),
            ("station", sum(s.mask for s in sheet.stations),
             (sheet.numbered | sheet.start, "a numbered field or start cross"))):
        for index in bit_list(mask & ~allowed):
            problems.append(Problem(sheet.field_name(index), f"{what} is not on {kind}"))
    return problems


def check_sheet(sheet: Sheet) -> list[Problem]:
    """The design problems of a sheet (see the module docstring); ``[]`` for a good sheet."""
    return (_reach(sheet) + _spread(sheet) + _same_neighbours(sheet) + _arrows(sheet)
            + _areas(sheet) + _flags(sheet) + _points(sheet) + _pairs(sheet))


def check_level_file(source: str | int | Path) -> tuple[Sheet, list[Problem]]:
    """Load and check a sheet: ``source`` is a shipped level number (``3`` or ``"3"``)
    or the path of a sheet file. Schema errors raise :class:`SheetError`."""
    if isinstance(source, int) or (isinstance(source, str) and source.strip().isdigit()):
        level = int(source)
        if not resources.files(__package__).joinpath(f"levels/level{level}.toml").is_file():
            raise SheetError(f"no shipped level {level}")
        sheet = level_sheet(level)
    else:
        sheet = load_sheet(source)
    return sheet, check_sheet(sheet)
