"""Scoring a sheet; see "End and score" in ``dizzle.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from .railway import LONGEST_POINTS, railway_points, railway_score
from .sheet import Scored, Sheet

SOLO_BOMB_POINTS = 2
#: sheet scores remembered (a step rarely changes one: per-step rewards ask again)
SCORES_KEPT = 1 << 14
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
    railway = railway_points(sheet, tracks or {}) if sheet.railway else 0
    return {**marks_parts(sheet, crossed, scribbled, flag_values, solo), "railway": railway}


def marks_parts(sheet: Sheet, crossed: int, scribbled: int, flag_values: Sequence[int | None],
                solo: bool) -> dict[str, int]:
    """:func:`score_parts` but the railway: what crosses, scribbles and flags make."""
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
    }


def sheet_score(sheet: Sheet, crossed: int, scribbled: int, flag_values: Sequence[int | None],
                solo: bool, tracks: Mapping[int, int] | None = None) -> int:
    """The total of :func:`score_parts`."""
    return sum(score_parts(sheet, crossed, scribbled, flag_values, solo, tracks).values())


def remembered_score(sheet: Sheet, crossed: int, scribbled: int, flag_values: tuple[int | None, ...],
                     solo: bool, pieces: tuple[int, ...]) -> int:
    """:func:`sheet_score` of hashable inputs (the drawn track ``pieces`` as
    :func:`.railway.piece_masks_of` gives them), remembered in two parts: a
    crossing changes the marks, a track piece only the railway."""
    marks = remembered_marks(sheet, crossed, scribbled, flag_values, solo)
    return marks + railway_score(sheet, pieces) if sheet.railway else marks


@lru_cache(maxsize=SCORES_KEPT)
def remembered_marks(sheet: Sheet, crossed: int, scribbled: int, flag_values: tuple[int | None, ...],
                     solo: bool) -> int:
    """The total of :func:`marks_parts`, remembered."""
    return sum(marks_parts(sheet, crossed, scribbled, flag_values, solo).values())


def _span(points: Sequence[int]) -> tuple[int, int]:
    """The least and the most a set of optional points can add: its negative and
    its positive values."""
    return sum(p for p in points if p < 0), sum(p for p in points if p > 0)


def score_bounds(sheet: Sheet, solo: bool) -> tuple[int, int]:
    """A lower and an upper bound of a sheet's score (not always reachable):
    every part at its least and at its most, each on its own."""
    flags = [(min(0, *flag.track), max(0, *flag.track)) for flag in sheet.flags]
    bombs = ([SOLO_BOMB_POINTS] * sheet.bomb_mask.bit_count() if solo else
             [-bomb.points for bomb in sheet.bombs])
    spans = [_span([part.points for part in parts])
             for parts in (sheet.gems, sheet.arrows, sheet.puzzles, sheet.areas)]
    spans += [*flags, _span(bombs), _span([-poop.points for poop in sheet.poops])]
    if sheet.railway:
        # at most every field with a track in the longest closed network
        fields = sheet.numbered.bit_count() + len(sheet.printed_tracks)
        low, high = _span([station.points for station in sheet.stations])
        spans.append((low, high + LONGEST_POINTS * fields))
    return sum(low for low, _ in spans), sum(high for _, high in spans)
