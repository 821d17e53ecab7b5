"""A one-step evaluation of a Noch mal sheet, used by the greedy bot and as the
search bots' leaf value.

The points as they stand (with a column or colour completed by the choice
being weighed counted at once), plus what is still to come: an open column or
colour is worth its points times a chance that shrinks geometrically with the
boxes it still misses, and an unused joker keeps a value beyond its end point.
In solo the game's length is known, so that outlook fades over the last rolls.
The weights were tuned by greedy solo games on the classic sheet (mean score
from 11 to 15.5 over 300 games; see docs/strength.md).

Solo on a printed sheet the outlook knows more of the sheet's future
(:class:`SoloWeights`, one set per edition, tuned by greedy solo games with
:mod:`.tune`): an open column also carries the heart bonus it would bring
with the hearts circled now (so a heart is worth the open columns' chances),
a column with no free box in reach may count less (the tuning kept it at 1),
an open row (so-gut) is worth its points and item times a chance of its own,
and the last colour to complete for an early end counts the rolls it would
save. Classic keeps the hand-written weights (its tuned ones did not hold on
other dice); with them this is the hand-written outlook, and a finished game
is worth exactly its score.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scoring import EARLY_END_POINTS, final_score
from .sheet import COLOURS
from .state import OVER, NochmalState

COLUMN_CHANCE = 0.75     # an open column's points x this ** boxes missing
COLOUR_CHANCE = 0.425    # the same for a colour's bonus
JOKER = 1.0              # an unused "!" beyond the point it scores at the end
HORIZON = 7.5            # solo: the outlook counts fully until this many rolls are left


@dataclass(frozen=True)
class SoloWeights:
    """The solo outlook's weights (see the module)."""

    column: float = COLUMN_CHANCE   # an open column's points (and heart bonus) x this ** boxes missing
    colour: float = COLOUR_CHANCE   # the same for a colour's bonus
    hearts: float = 0.0             # x the heart bonus an open column would bring now
    reach: float = 1.0              # x the outlook of a column with no free box in reach
    row: float = 0.0                # an open row's points and item x this ** boxes missing
    item: float = 3.0               # a row's item (special die, bomb, heart), in points
    early: float = 0.0              # x the rolls saved if the second colour were complete now
    joker: float = JOKER
    horizon: float = HORIZON


#: the tuned weights of the printed sheets (see docs/strength.md, "Noch mal")
SOLO_WEIGHTS = {
    "so-gut": SoloWeights(colour=0.45, hearts=0.75, row=0.6, item=5.0, early=0.125, horizon=10.0),
    "classic": SoloWeights(),
}


def solo_weights(state: NochmalState) -> SoloWeights | None:
    """The weights of a solo game on a printed sheet; None otherwise."""
    game = state.game
    if game.num_players != 1 or game.options["sheet"] is not None:
        return None
    return SOLO_WEIGHTS.get(game.sheet.edition)


def evaluate(state: NochmalState, seat: int) -> float:
    weights = solo_weights(state)
    if weights is None:
        return hand_evaluate(state, seat)
    return solo_evaluate(state, seat, weights)


def solo_evaluate(state: NochmalState, seat: int, weights: SoloWeights) -> float:
    """A solo sheet's score plus its outlook by ``weights``; a finished game its score."""
    if state.phase == OVER:
        return float(final_score(state, seat))
    sheet = state.sheet
    crossed = state.crossed[seat]
    free = sheet.all_boxes & ~crossed
    reach = (sheet.neighbours(crossed) | sheet.start) & free
    hearts = weights.hearts * state.hearts[seat]
    value = weights.joker * (sheet.jokers - state.jokers_used[seat])
    column, far = weights.column, weights.reach
    for number, mask in enumerate(sheet.columns):
        points = state.column_points[seat][number]
        if points is None:
            missing = (mask & free).bit_count()
            chance = column ** missing * (1.0 if not missing or mask & reach else far)
            value += (sheet.column_first[number] + hearts) * chance
    colour, opened = weights.colour, []
    for number, name in enumerate(COLOURS):
        if state.colour_points[seat][number] is None:
            missing = (sheet.colour_masks[name] & free).bit_count()
            value += sheet.colour_bonus[0] * colour ** missing
            opened.append(missing)
    if weights.row and sheet.row_points:
        for number, mask in enumerate(sheet.rows):
            if not state.rows_done[seat] >> number & 1:
                value += (sheet.row_points + weights.item) * weights.row ** (mask & free).bit_count()
    left = max(0, sheet.solo_rolls - state.rolls - 1)
    if weights.early and sheet.edition == "so-gut" and opened and len(opened) > 3:
        opened.sort()
        second = opened[1] if len(opened) == 5 else opened[0]
        value += weights.early * EARLY_END_POINTS * left * colour ** second
    value *= min(1.0, left / weights.horizon)
    return final_score(state, seat) + value


def hand_evaluate(state: NochmalState, seat: int) -> float:
    """The outlook of games for several and of sheets of one's own (see the module)."""
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
