"""Razzle-Dazzle's steps in words (keys ``razzle.*`` in ``words.toml``).

A move names the fields it passes (``path``: ring indices, the jump target
last when the piece lands on a jump field) so a client can walk the piece
along them; marks are ring indices as strings on the owners' side.
"""

from __future__ import annotations

from typing import Any

from ...engine.events import Event, Narrator, event
from .actions import Draw, EndTurn, Enter, Spin, Timeout
from .state import AGAIN, BONUS_NUMBER, MOVE, OVER, SLOT, RazzleState


class RazzleNarrator(Narrator):
    winner = "razzle.winner"

    def chance(self, before: RazzleState, outcome: Draw, after: RazzleState) -> list[Event]:
        if outcome.kind == "first":
            return [event("razzle.first", outcome.value)]
        seat, number = before.turn, outcome.value
        events = [event("razzle.spin", seat, number=number)]
        if before.wheels[seat] == 1 << number:
            events.append(event("razzle.refill", seat))
        if after.phase == AGAIN:
            events.append(event("razzle.no_move", seat, number=number))
        elif after.phase != MOVE:
            events.append(event("razzle.no_move_again", seat, number=number))
        return events

    def action(self, before: RazzleState, seat: int, action: Any, after: RazzleState) -> list[Event]:
        if isinstance(action, Spin):
            return [event("razzle.spin_again", seat)]
        if isinstance(action, Timeout) and before.phase == MOVE:
            return [event("razzle.forfeit", seat, number=before.number)]
        if isinstance(action, (EndTurn, Timeout)):
            return [event("razzle.end", seat)]
        piece = before.progress[seat].index(0) if isinstance(action, Enter) else \
            before.occupant[action.field] % SLOT
        return _move_events(before, seat, piece, after)

    def tie_break(self, state: RazzleState, ahead: int, behind: int) -> Event:
        return event("razzle.tie_break", ahead, other=behind, score=state.goals[ahead],
                     progress=sum(state.progress[ahead]), other_progress=sum(state.progress[behind]))


def _move_events(before: RazzleState, seat: int, piece: int, after: RazzleState) -> list[Event]:
    """The move of ``piece`` by the spun number: where it went and along which
    fields, its jump, the pieces it hit, the goal, and a used 6's extra turn."""
    board, number = before.board, before.number
    start = before.progress[seat][piece]
    progress, field, takeoff = before.landing(seat, piece, number)
    last = min(start + number, board.track_length)
    path = [board.field_of(seat, step) for step in range(start + 1, last + 1)]
    if takeoff >= 0:
        path.append(field)
    flags = {"path": path, "start": start == 0, "goal": field < 0}
    if start == 0:
        events = [event("razzle.enter", seat, [(seat, str(field))], to=field, **flags)]
    elif field < 0:
        origin = board.field_of(seat, start)
        events = [event("razzle.goal", seat, [(seat, str(origin))], **{"from": origin},
                        goals=after.goals[seat], needed=before.game.goal_count, **flags)]
    else:
        origin = board.field_of(seat, start)
        events = [event("razzle.move", seat, [(seat, str(origin)), (seat, str(field))],
                        **{"from": origin}, to=field, **flags)]
    if takeoff >= 0:
        events.append(event("razzle.jump", seat, **{"from": takeoff}, to=field))
    elif field in board.jumps:
        events.append(event("razzle.jump_blocked", seat, **{"from": field}, to=board.jumps[field]))
    for hit in dict.fromkeys(f for f in (takeoff, field) if f >= 0):
        there = before.occupant[hit]
        if there >= 0 and there // SLOT != seat:
            other = there // SLOT
            events.append(event("razzle.hit", seat, [(other, str(hit))], other=other, field=hit))
    if number == BONUS_NUMBER and after.phase != OVER:
        events.append(event("razzle.bonus", seat))
    return events

