"""A one-step evaluation of a Dizzle sheet, used by the greedy bot.

The value is the score as if this draft's dice were already crossed, plus a
little for every field covered (more fields mean more chances later), for
open fields next to this draft's dice (room to keep building) and for partial
progress on arrows, puzzles and areas that lava or bombs have not spoilt
(growing with the square of the share crossed, so finishing one pays most).
On a railway sheet the score includes the tracks drawn so far. A pending
reroll is valued by its exact chance of letting the player place a die
against the die a failed reroll costs.
"""

from __future__ import annotations

from .scoring import sheet_score
from .state import REROLL, DizzleState

FIELD_BONUS = 0.3
ROOM_BONUS = 0.05
PROGRESS = 0.6
REROLL_COST = 0.01   # a hopeless reroll is a little worse than passing


def evaluate(state: DizzleState, seat: int) -> float:
    sheet = state.sheet
    covered = state.crossed[seat] | state.dice[seat]
    score = sheet_score(sheet, covered, state.scribbled[seat], state.flag_values[seat],
                        state.game.solo, state.tracks[seat])
    blocked = state.scribbled[seat] | state.lava[seat]
    free = sheet.numbered & ~(covered | blocked | state.locked[seat])
    room = (sheet.neighbours(state.dice[seat] or covered) & free).bit_count()
    value = score + FIELD_BONUS * covered.bit_count() + ROOM_BONUS * room
    for group in (*sheet.arrows, *sheet.puzzles, *sheet.areas):
        if group.mask & blocked:
            continue
        share = (group.mask & covered).bit_count() / group.mask.bit_count()
        value += PROGRESS * group.points * share * share * (share < 1)
    if state.phase == REROLL and state.turn == seat:
        value += _reroll_value(state, seat)
    return value


def _reroll_value(state: DizzleState, seat: int) -> float:
    """Expected gain of the pending reroll: P(some die fits) times a placed
    field, minus P(none fits) times a returned one (if there is one to return)."""
    fitting = sum(1 for value in range(1, 7) if _region(state, seat) & state.sheet.number_masks[value])
    miss = ((6 - fitting) / 6) ** state.left
    loss = FIELD_BONUS if state.dice[seat] else 0.0
    return (1 - miss) * FIELD_BONUS - miss * loss - REROLL_COST


def _region(state: DizzleState, seat: int) -> int:
    """The open fields where a die of the right number could go (any number)."""
    saved = state.middle
    state.middle = [0] + [1] * 6
    try:
        return state.targets(seat)
    finally:
        state.middle = saved
