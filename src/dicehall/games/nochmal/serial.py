"""Noch mal states as JSON, per-player views and the consistency check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.bits import mask_of
from ...engine.errors import DicehallError, InconsistentState
from .actions import COLOUR_FACES, NUMBER_FACES
from .sheet import COLOURS
from .state import ACTIVE, ALL, ITEM, OTHERS, OVER, PHASES, ROLL, NochmalState

if TYPE_CHECKING:
    from .game import NochmalGame

PER_SEAT = ("jokers_used", "specials", "specials_used", "hearts", "bombs_due")


def state_to_json(state: NochmalState) -> dict:
    game, sheet = state.game, state.sheet
    players = []
    for seat in range(game.num_players):
        player = {key: getattr(state, key)[seat] for key in PER_SEAT}
        player["crossed"] = sheet.names(state.crossed[seat])
        player["column_points"] = state.column_points[seat][:]
        player["heart_bonus"] = state.heart_bonus[seat][:]
        player["rows_done"] = [r for r in range(sheet.height) if state.rows_done[seat] >> r & 1]
        player["colour_points"] = state.colour_points[seat][:]
        pending = state.pending[seat]
        player["pending"] = str(game.action_from_id(pending)) if pending >= 0 else None
        players.append(player)
    return {
        "game": game.name, "options": game.record_options(), "phase": PHASES[state.phase],
        "rolls": state.rolls, "active": state.active,
        "dice": {"colours": [f for f, n in zip(COLOUR_FACES, state.colour_dice) for _ in range(n)],
                 "numbers": [f for f, n in zip(NUMBER_FACES, state.number_dice) for _ in range(n)],
                 "special": state.special_face},
        "taken": {"columns": _bits(state.columns_taken), "rows": _bits(state.rows_taken),
                  "colours": _bits(state.colours_taken), "rows_now": _bits(state.rows_now)},
        "players": players,
    }


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def state_from_json(game: NochmalGame, data: Mapping[str, Any]) -> NochmalState:
    try:
        return _read(game, data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise DicehallError(f"not a Noch mal state: {error!r}") from None


def _read(game: NochmalGame, data: Mapping[str, Any]) -> NochmalState:
    sheet, state = game.sheet, game.new_initial_state()
    players = data["players"]
    if len(players) != game.num_players:
        raise ValueError("the number of players does not match the options")
    state.phase = PHASES.index(data["phase"])
    state.rolls, state.active = int(data["rolls"]), int(data["active"])
    dice = data["dice"]
    state.colour_dice = [list(dice["colours"]).count(face) for face in COLOUR_FACES]
    state.number_dice = [list(dice["numbers"]).count(face) for face in NUMBER_FACES]
    state.special_face = dice["special"]
    taken = data["taken"]
    state.columns_taken, state.rows_taken = mask_of(taken["columns"]), mask_of(taken["rows"])
    state.colours_taken, state.rows_now = mask_of(taken["colours"]), mask_of(taken["rows_now"])
    for key in PER_SEAT:
        setattr(state, key, [int(player[key]) for player in players])
    state.crossed = [mask_of(sheet.box_index(name) for name in p["crossed"]) for p in players]
    state.column_points = [list(p["column_points"]) for p in players]
    state.heart_bonus = [list(p["heart_bonus"]) for p in players]
    state.rows_done = [mask_of(p["rows_done"]) for p in players]
    state.colour_points = [list(p["colour_points"]) for p in players]
    state.pending = [game.action_id(game.parse_action(p["pending"])) if p["pending"] else -1
                     for p in players]
    state.check()
    return state


def check_state(state: NochmalState) -> None:
    problem = _first_problem(state)
    if problem:
        raise InconsistentState(f"roll {state.rolls + 1}, phase {PHASES[state.phase]}: {problem}")


def _first_problem(state: NochmalState) -> str | None:
    game = state.game
    colours, numbers, special = game.dice
    if state.phase != ROLL and state.phase != OVER:
        if sum(state.colour_dice) != colours or sum(state.number_dice) != numbers:
            return "the dice do not match the edition"
        if (state.special_face is not None) != special:
            return "the special die does not match the edition"
    if state.active != state.rolls % game.num_players and state.phase != OVER:
        return f"seat {state.active} is active in roll {state.rolls + 1}"
    deciding = state.phase in (ACTIVE, OTHERS, ALL, ITEM)
    if not deciding and any(choice >= 0 for choice in state.pending):
        return "choices pending outside a decision"
    if state.phase == OTHERS and state.pending[state.active] < 0:
        return "others choose before the active player"
    for seat in range(game.num_players):
        problem = _seat_problem(state, seat)
        if problem:
            return f"seat {seat}: {problem}"
    if state.phase != ITEM and any(state.bombs_due):
        return "bomb items due outside the item phase"
    return None


def _seat_problem(state: NochmalState, seat: int) -> str | None:
    sheet, crossed = state.sheet, state.crossed[seat]
    if not 0 <= state.jokers_used[seat] <= sheet.jokers:
        return f"{state.jokers_used[seat]} jokers used of {sheet.jokers}"
    if not 0 <= state.specials_used[seat] <= state.specials[seat] <= max(sheet.special_dice,
                                                                        sheet.special_dice_at_start):
        return "special dice used beyond those circled"
    if not 0 <= state.hearts[seat] <= sheet.hearts:
        return f"{state.hearts[seat]} hearts circled of {sheet.hearts}"
    for number, row in enumerate(sheet.rows):
        if bool(state.rows_done[seat] >> number & 1) != (row & crossed == row):
            return f"row {number + 1} out of step with its crosses"
    if state.phase == ITEM:
        return None   # columns and colours are scored once the bomb items are crossed
    for number, column in enumerate(sheet.columns):
        if (state.column_points[seat][number] is not None) != (column & crossed == column):
            return f"column {number} scored out of step with its crosses"
    for number, colour in enumerate(COLOURS):
        mask = sheet.colour_masks[colour]
        if (state.colour_points[seat][number] is not None) != (mask & crossed == mask):
            return f"colour {colour} scored out of step with its crosses"
    return None
