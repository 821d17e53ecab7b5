"""The final score of a Noch mal sheet ("Final score" in ``nochmal.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .sheet import NochmalSheet
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


def score_bounds(sheet: NochmalSheet, solo: bool) -> tuple[int, int]:
    """A lower and an upper bound of a sheet's score (not reachable together):
    the least is every star left open; the most every colour and column first,
    every column with all hearts, every row, every joker and special die unused
    and (so-gut solo) the game over after one roll."""
    colours = sum(1 for mask in sheet.colour_masks.values() if mask)
    columns = [max(first, later) for first, later in zip(sheet.column_first, sheet.column_later)]
    high = (colours * max(sheet.colour_bonus) + sum(columns) + sheet.hearts * sheet.width
            + sheet.row_points * sheet.height + sheet.jokers
            + SPECIAL_DIE_POINTS * max(sheet.special_dice, sheet.special_dice_at_start))
    if solo and sheet.edition == "so-gut":
        high += EARLY_END_POINTS * (sheet.solo_rolls - 1)
    return -STAR_PENALTY * sheet.stars.bit_count(), high
