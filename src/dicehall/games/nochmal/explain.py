"""Why a Noch mal action is illegal, in words a player understands."""

from __future__ import annotations

from .state import ITEM, NochmalState
from .tables import HEART, PASS


def why_illegal(state: NochmalState, action_id: int, seat: int) -> str:
    table = state.table
    if state.phase == ITEM:
        if action_id == PASS and state.bombs_due[seat]:
            return "a row's bomb cannot be declined while a free box exists"
        return "only the row's bomb can be played now: up to 4 free boxes in one 2x2 square"
    colours, numbers, special = state.dice_for(seat)
    crossed = state.crossed[seat]
    if action_id == HEART or action_id >= table.bomb_base:
        if special is None:
            return "the special die is not yours to use this roll"
        if state.specials[seat] <= state.specials_used[seat]:
            return "you have no circled special die left"
        face = state.game.action_from_id(action_id).face
        if face != special:
            return f"the special die shows {special}, not {face}"
        mask = table.special_mask(action_id) if action_id != HEART else 0
        if mask & crossed and face != "block":
            return "a box is already crossed"
        return {"bomb": "the boxes must lie in one 2x2 square",
                "stars": "each star must touch a crossed box (or the other star) or lie in column H",
                "row": "each box must touch a crossed box (or one crossed before it) or lie in column H",
                "block": "the block must touch a crossed box or lie in column H, with a box left"}[face]
    return _why_not_cross(state, action_id, seat, colours, numbers)


def _why_not_cross(state, action_id, seat, colours, numbers) -> str:
    table, sheet = state.table, state.sheet
    k, variant = divmod(action_id - table.cross_base, 4)
    mask = table.crosses[k]
    colour = sheet.colours[mask.bit_length() - 1]
    jokers = sheet.jokers - state.jokers_used[seat]
    if variant & 1 and not colours[5]:
        return "there is no colour joker among your dice"
    if not variant & 1 and not colours["gybro".index(colour)]:
        return f"there is no {colour} colour die among your dice"
    if variant & 2 and not numbers[5]:
        return "there is no number joker among your dice"
    if not variant & 2 and not numbers[mask.bit_count() - 1]:
        return f"there is no {mask.bit_count()} among your number dice"
    if (variant & 1) + (variant >> 1) > jokers:
        return f"you have {jokers} '!' left"
    if mask & state.crossed[seat]:
        return "a box is already crossed"
    return ("the crosses must touch a crossed box or lie in column H"
            + (" (your first crosses must include column H)" if not state.crossed[seat] else ""))
