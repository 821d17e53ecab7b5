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
    sheet, solo = state.sheet, state.solo
    free = sheet.all_boxes & ~state.crossed[seat]
    value = JOKER * (sheet.jokers - state.jokers_used[seat])
    taken, column_points = state.columns_taken, state.column_points[seat]
    for number, column in enumerate(sheet.columns):
        if column_points[number] is None:
            first = solo or not taken >> number & 1
            points = (sheet.column_first if first else sheet.column_later)[number]
            value += points * _COLUMN_CHANCES[(column & free).bit_count()]
    taken, colour_points = state.colours_taken, state.colour_points[seat]
    for number, colour in enumerate(COLOURS):
        if colour_points[number] is None:
            first = solo or not taken >> number & 1
            points = sheet.colour_bonus[0 if first else 1]
            value += points * _COLOUR_CHANCES[(sheet.colour_masks[colour] & free).bit_count()]
    return value


# a sheet has at most 26 x 30 boxes
_COLUMN_CHANCES = [COLUMN_CHANCE ** missing for missing in range(26 * 30 + 1)]
_COLOUR_CHANCES = [COLOUR_CHANCE ** missing for missing in range(26 * 30 + 1)]
