"""The final score of a Noch mal sheet ("Final score" in ``nochmal.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import NochmalState

SPECIAL_DIE_POINTS = 2
STAR_PENALTY = 2
EARLY_END_POINTS = 2


def score_parts(state: NochmalState, seat: int) -> dict[str, int]:
    """A seat's score split by kind; the parts add up to :func:`final_score`."""
    sheet = state.sheet
    crossed = state.crossed[seat]
    parts = {
        "colours": sum(v for v in state.colour_points[seat] if v is not None),
        "columns": sum(v for v in state.column_points[seat] if v is not None),
        "hearts": sum(v for v in state.heart_bonus[seat] if v is not None),
        "rows": sheet.row_points * state.rows_done[seat].bit_count(),
        "jokers": sheet.jokers - state.jokers_used[seat],
        "special dice": SPECIAL_DIE_POINTS * (state.specials[seat] - state.specials_used[seat]),
        "stars": -STAR_PENALTY * (sheet.stars & ~crossed).bit_count(),
        "early end": 0,
    }
    if (state.solo and sheet.edition == "so-gut" and state.colours_complete(seat) >= 2
            and state.rolls < sheet.solo_rolls):
        parts["early end"] = EARLY_END_POINTS * (sheet.solo_rolls - state.rolls)
    return parts


def shown_parts(state: NochmalState) -> list[str]:
    """The score parts this edition can make other than 0."""
    sheet = state.sheet
    shown = ["colours", "columns"]
    if sheet.hearts:
        shown.append("hearts")
    if sheet.row_points:
        shown.append("rows")
    shown.append("jokers")
    if sheet.special_dice or sheet.special_dice_at_start:
        shown.append("special dice")
    shown.append("stars")
    if state.solo and sheet.edition == "so-gut":
        shown.append("early end")
    return shown


def final_score(state: NochmalState, seat: int) -> int:
    return sum(score_parts(state, seat).values())
