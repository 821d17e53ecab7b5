"""A one-step evaluation of a Razzle-Dazzle position, used by the greedy bot.

Progress of one's own pieces against the best opponent's (so a knock-out pays
as much as it costs its owner), a bonus for pieces in the goal and for pieces
standing safe, and a penalty for a piece parked on a jump field (reachable from
two fields) or just before the last jump before its goal, which would carry it
past the goal for another lap.
"""

from __future__ import annotations

from .state import RazzleState

GOAL_BONUS = 10.0
SAFE = 3.0
EXPOSED = 4.0
LAST_JUMP_ZONE = 6


def evaluate(state: RazzleState, seat: int) -> float:
    others = [_side(state, other) for other in range(len(state.goals)) if other != seat]
    return _side(state, seat) - max(others)


def _side(state: RazzleState, seat: int) -> float:
    board = state.board
    length = board.track_length
    entry = board.entries[seat]
    jumps = [(field - entry) % length + 1 for field in board.jumps]
    last_jump = max(jumps, default=0)
    value = (length + 1 + GOAL_BONUS) * state.goals[seat]
    for progress in state.progress[seat]:
        if not 0 < progress <= length:
            continue
        field = board.field_of(seat, progress)
        value += progress + (SAFE if field in board.safe else 0.0)
        if progress in jumps or 0 < last_jump - progress <= LAST_JUMP_ZONE:
            value -= EXPOSED
    return value
