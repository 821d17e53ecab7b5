"""Scoring a sheet; see "End and score" in ``dizzle.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .railway import railway_points
from .sheet import Scored, Sheet

SOLO_BOMB_POINTS = 2
#: the score parts in display order, each with the sheet attribute that makes it possible
PARTS = (("gems", "gems"), ("arrows", "arrows"), ("puzzles", "puzzles"), ("areas", "areas"),
         ("flags", "flags"), ("bombs", "bombs"), ("poop", "poops"), ("railway", "railway"))


def sheet_parts(sheet: Sheet) -> list[str]:
    """The score parts a sheet can make: those of the kinds of fields it has."""
    return [part for part, kind in PARTS if getattr(sheet, kind)]


def score_parts(sheet: Sheet, crossed: int, scribbled: int, flag_values: Sequence[int | None],
                solo: bool, tracks: Mapping[int, int] | None = None) -> dict[str, int]:
    """The score of one sheet split by kind: its crossed and scribbled fields,
    the flag values the player circled (``None``: flag not reached) and, on a
    railway sheet, the track pieces drawn (field -> piece)."""
    def complete(groups: tuple[Scored, ...]) -> int:
        return sum(group.points for group in groups if group.mask & crossed == group.mask)

    if solo:
        bombs = SOLO_BOMB_POINTS * (crossed & sheet.bomb_mask).bit_count()
    else:
        bombs = -sum(bomb.points for bomb in sheet.bombs if bomb.mask & scribbled)
    return {
        "gems": sum(gem.points for gem in sheet.gems if gem.mask & crossed),
        "arrows": complete(sheet.arrows),
        "puzzles": complete(sheet.puzzles),
        "areas": complete(sheet.areas),
        "flags": sum(value for value in flag_values if value is not None),
        "bombs": bombs,
        "poop": -sum(poop.points for poop in sheet.poops if poop.mask & crossed),
        "railway": railway_points(sheet, tracks or {}) if sheet.railway else 0,
    }


def sheet_score(sheet: Sheet, crossed: int, scribbled: int, flag_values: Sequence[int | None],
                solo: bool, tracks: Mapping[int, int] | None = None) -> int:
    """The total of :func:`score_parts`."""
    return sum(score_parts(sheet, crossed, scribbled, flag_values, solo, tracks).values())
