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


def final_score(state: NochmalState, seat: int) -> int:
    return sum(score_parts(state, seat).values())
