"""Why a Razzle-Dazzle action is illegal, in words a player understands."""

from __future__ import annotations

from .state import AGAIN, MOVE, SLOT, RazzleState


def why_illegal(state: RazzleState, action_id: int, seat: int) -> str:
    codes = state.game.codes
    if action_id in (codes.spin, codes.end):
        if state.phase == MOVE:
            return f"a piece can move {state.number}, so you must move one"
        return "you may spin again only once, after a first number that allows no move"
    if state.phase == AGAIN:
        return f"no piece can move {state.number}: spin again or end the turn"
    if action_id == codes.enter:
        if 0 not in state.progress[seat]:
            return "you have no piece in the start area"
        return _blocked(state, seat, state.number)
    field = action_id - codes.move
    there = state.occupant[field]
    if there < 0 or there // SLOT != seat:
        return f"you have no piece on field {field}"
    return _blocked(state, seat, state.number, there % SLOT)


def _blocked(state: RazzleState, seat: int, number: int, piece: int | None = None) -> str:
    board = state.board
    progress = 0 if piece is None else state.progress[seat][piece]
    field = board.field_of(seat, progress + number)
    there = state.occupant[field]
    if there >= 0 and there // SLOT == seat:
        return f"field {field} holds one of your own pieces"
    return f"field {field} is a safe field with an opponent's piece on it"
