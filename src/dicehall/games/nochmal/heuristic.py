"""A one-step evaluation of a Noch mal sheet, used by the greedy bot.

The points as they stand, plus credit for progress towards what scores later:
each crossed box is worth a little, more when it sits in a column or colour
that is nearly complete; unused jokers and special dice keep their value.
"""

from __future__ import annotations

from .scoring import final_score
from .sheet import COLOURS
from .state import NochmalState

BOX = 0.25
NEAR_COMPLETE = 1.5


def evaluate(state: NochmalState, seat: int) -> float:
    sheet, crossed = state.sheet, state.crossed[seat]
    if state.pending[seat] >= 0:
        state = state.clone()
        state.use_choice(seat, state.pending[seat])
        crossed = state.crossed[seat]
    value = final_score(state, seat) + BOX * crossed.bit_count()
    for column in sheet.columns:
        value += NEAR_COMPLETE * (column & crossed).bit_count() ** 2 / column.bit_count() ** 2
    for colour in COLOURS:
        mask = sheet.colour_masks[colour]
        value += NEAR_COMPLETE * 2 * (mask & crossed).bit_count() ** 2 / mask.bit_count() ** 2
    return value
