"""A one-step evaluation of a Dizzle sheet, used by the greedy bot.

The value is the score as if this draft's dice were already crossed, plus a
little for every field covered (more fields mean more chances later) and for
having open fields next to this draft's dice (room to keep building).
"""

from __future__ import annotations

from .scoring import sheet_score
from .state import DizzleState

FIELD_BONUS = 0.3
ROOM_BONUS = 0.05


def evaluate(state: DizzleState, seat: int) -> float:
    sheet = state.sheet
    covered = state.crossed[seat] | state.dice[seat]
    score = sheet_score(sheet, covered, state.scribbled[seat], state.flag_values[seat],
                        state.game.solo)
    free = sheet.numbered & ~(covered | state.scribbled[seat] | state.locked[seat])
    room = (sheet.neighbours(state.dice[seat] or covered) & free).bit_count()
    return score + FIELD_BONUS * covered.bit_count() + ROOM_BONUS * room
