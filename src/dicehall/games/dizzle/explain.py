"""Why a Dizzle action is illegal, in words a player understands."""

from __future__ import annotations

from .state import LAVA, PHASES, PLANET, REROLLED, STEPS, TURN, DizzleState


def why_illegal(state: DizzleState, action_id: int, seat: int) -> str:
    codes = state.game.codes
    if action_id < codes.returns:
        return _why_not_place(state, action_id, seat)
    if state.phase in STEPS:
        return _why_not_step(state, action_id)
    if codes.planets <= action_id < codes.reroll:
        return "no rocket is being resolved now"
    if action_id >= codes.lava:
        return "no lava or track is being chosen now"
    if action_id >= codes.reroll:
        if state.phase == REROLLED:
            return "after a reroll you must place a die or, if none fits, return one of yours"
        return "a die in the middle can be placed, so you must take one"
    if state.phase != REROLLED:
        return "a die is returned only after a reroll in which no die fits"
    if state.targets(seat):
        return "a die fits after the reroll, so you must place it"
    return f"you have no die of this draft on {_name(state, action_id - codes.returns)}"


def _why_not_step(state: DizzleState, action_id: int) -> str:
    codes = state.game.codes
    if state.phase == PLANET:
        if codes.planets <= action_id < codes.reroll:
            return f"{_name(state, action_id - codes.planets)} is crossed"
        return "only a planet can be chosen now"
    if state.phase == LAVA:
        if codes.lava <= action_id < codes.track:
            return (f"lava flows only onto a free {state.lava_die} next to a volcano or lava; "
                    f"{_name(state, action_id - codes.lava)} is not one")
        return f"choose where the lava flows: a free {state.lava_die} next to a volcano or lava"
    return "draw a track piece on the first field of yours that held a die this draft"


def _why_not_place(state: DizzleState, index: int, seat: int) -> str:
    sheet = state.sheet
    name, value, bit = _name(state, index), state.game.numbers[index], 1 << index
    if state.phase not in (TURN, REROLLED):
        return f"no die can be placed in phase {PHASES[state.phase]}"
    if not state.middle[value]:
        return f"there is no {value} in the middle"
    if state.crossed[seat] & bit:
        return f"{name} is already crossed"
    if state.scribbled[seat] & bit:
        return f"{name} is scribbled out by a bomb"
    if state.lava[seat] & bit:
        return f"{name} is covered by lava"
    if state.dice[seat] & bit:
        return f"{name} already holds your die"
    if state.locked[seat] & bit:
        return f"{name} is a lock whose key was not crossed in an earlier draft"
    dice = state.dice[seat]
    if not dice:
        return f"the first die of a draft must go next to a crossed field; {name} is not"
    free = sheet.numbered & ~(state.crossed[seat] | state.scribbled[seat] | state.lava[seat] | dice
                              | state.locked[seat])
    if sheet.neighbours(dice) & free:
        return f"{name} is not next to one of your dice of this draft"
    return f"you are enclosed, so you may jump, but only next to a crossed field; {name} is not"


def _name(state: DizzleState, index: int) -> str:
    return state.sheet.field_name(index)
