"""Razzle-Dazzle states as JSON, views and the consistency check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import DicehallError, InconsistentState
from .state import OVER, PHASES, SLOT, WHEEL, RazzleState

if TYPE_CHECKING:
    from .game import RazzleGame


def state_to_json(state: RazzleState) -> dict:
    return {
        "game": state.game.name, "options": state.game.record_options(),
        "phase": PHASES[state.phase], "turn": state.turn, "number": state.number,
        "spins": state.spins,
        "players": [{"colour": state.board.colours[seat], "progress": state.progress[seat][:],
                     "wheel": state.wheel_numbers(seat), "goals": state.goals[seat]}
                    for seat in range(state.game.num_players)],
    }


def state_from_json(game: RazzleGame, data: Mapping[str, Any]) -> RazzleState:
    try:
        state = game.new_initial_state()
        state.phase = PHASES.index(data["phase"])
        state.turn, state.number, state.spins = int(data["turn"]), int(data["number"]), int(data["spins"])
        players = data["players"]
        if len(players) != game.num_players:
            raise ValueError("the number of players does not match the options")
        state.progress = [[int(v) for v in p["progress"]] for p in players]
        state.wheels = [sum(1 << int(v) for v in p["wheel"]) for p in players]
        state.goals = [int(p["goals"]) for p in players]
        state.occupant = [-1] * state.board.track_length
        for seat, pieces in enumerate(state.progress):
            for piece, progress in enumerate(pieces):
                if 0 < progress <= state.board.track_length:
                    state.occupant[state.board.field_of(seat, progress)] = seat * SLOT + piece
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise DicehallError(f"not a Razzle-Dazzle state: {error!r}") from None
    state.check()
    return state


def check_state(state: RazzleState) -> None:
    problem = _first_problem(state)
    if problem:
        raise InconsistentState(f"phase {PHASES[state.phase]}: {problem}")


def _first_problem(state: RazzleState) -> str | None:
    board, game = state.board, state.game
    seen = [-1] * board.track_length
    for seat, pieces in enumerate(state.progress):
        if len(pieces) != game.pieces:
            return f"seat {seat} has {len(pieces)} pieces, not {game.pieces}"
        in_goal = sum(progress == state.goal_progress for progress in pieces)
        if in_goal != state.goals[seat]:
            return f"seat {seat}: {in_goal} pieces in the goal, {state.goals[seat]} counted"
        for piece, progress in enumerate(pieces):
            if not 0 <= progress <= state.goal_progress:
                return f"seat {seat} piece {piece}: progress {progress}"
            if 0 < progress <= board.track_length:
                field = board.field_of(seat, progress)
                if seen[field] >= 0:
                    return f"two pieces on field {field}"
                seen[field] = seat * SLOT + piece
    if seen != state.occupant:
        return "the field map is out of step with the pieces"
    if any(not 0 < wheel <= WHEEL or wheel & ~WHEEL for wheel in state.wheels):
        return "a wheel holds numbers outside 1-6 or none"
    winners = [seat for seat, goals in enumerate(state.goals) if goals >= game.goal_count]
    if (state.phase == OVER) != bool(winners) or len(winners) > 1:
        return f"the end and the goal counts disagree: {state.goals}"
    return None
