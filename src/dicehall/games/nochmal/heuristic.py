"""A one-step evaluation of a Noch mal sheet, used by the greedy bot and as the
search bots' leaf value.

The points as they stand (with a column or colour completed by the choice
being weighed counted at once), plus what is still to come: an open column or
colour is worth its points times a chance that shrinks geometrically with the
boxes it still misses, and an unused joker keeps a value beyond its end point.
In solo the game's length is known, so that outlook fades over the last rolls.
The weights were tuned by greedy solo games on the classic sheet (mean score
from 11 to 15.5 over 300 games; see docs/strength.md).
"""

from __future__ import annotations

from .scoring import final_score
from .sheet import COLOURS
from .state import NochmalState

COLUMN_CHANCE = 0.75     # an open column's points x this ** boxes missing
COLOUR_CHANCE = 0.425    # the same for a colour's bonus
JOKER = 1.0              # an unused "!" beyond the point it scores at the end
HORIZON = 7.5            # solo: the outlook counts fully until this many rolls are left


def evaluate(state: NochmalState, seat: int) -> float:
    if state.pending[seat] >= 0:
        state = state.clone()
        state.use_choice(seat, state.pending[seat])
    outlook = _outlook(state, seat)
    if state.solo:
        left = max(0, state.sheet.solo_rolls - state.rolls - 1)
        outlook *= min(1.0, left / HORIZON)
    return final_score(state, seat) + outlook


def _outlook(state: NochmalState, seat: int) -> float:
    """Points completed but not yet settled, plus the weighted open ones."""
    sheet, crossed, solo = state.sheet, state.crossed[seat], state.solo
    value = JOKER * (sheet.jokers - state.jokers_used[seat])
    for number, column in enumerate(sheet.columns):
        if state.column_points[seat][number] is None:
            first = solo or not state.columns_taken >> number & 1
            points = (sheet.column_first if first else sheet.column_later)[number]
            value += points * COLUMN_CHANCE ** (column & ~crossed).bit_count()
    for number, colour in enumerate(COLOURS):
        if state.colour_points[seat][number] is None:
            first = solo or not state.colours_taken >> number & 1
            points = sheet.colour_bonus[0 if first else 1]
            value += points * COLOUR_CHANCE ** (sheet.colour_masks[colour] & ~crossed).bit_count()
    return value
