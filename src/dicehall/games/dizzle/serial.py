"""Dizzle states as JSON, per-player views and the consistency check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.bits import mask_of
from ...engine.errors import DicehallError, InconsistentState
from .railway import piece_masks_of
from .sheet import TRACK_PIECES
from .state import LAVA, LAVA_ROLL, OVER, PHASES, PLANET, ROLL, TRACK, DizzleState

PIECE_NAMES = {bits: name for name, bits in TRACK_PIECES.items()}

if TYPE_CHECKING:
    from .game import DizzleGame


def state_to_json(state: DizzleState) -> dict:
    sheet = state.sheet
    players = [{
        "crossed": sheet.names(state.crossed[p]),
        "scribbled": sheet.names(state.scribbled[p]),
        "dice": sheet.names(state.dice[p]),
        "flags": state.flag_values[p][:],
        "planets_due": state.planets_due[p],
        "pick": str(state.game.action_from_id(state.pick[p])) if state.pick[p] >= 0 else None,
        "lava": sheet.names(state.lava[p]),
        "tracks": {sheet.field_name(i): PIECE_NAMES[bits] for i, bits in sorted(state.tracks[p].items())},
        "track_due": sheet.names(state.track_due[p]),
    } for p in range(state.game.num_players)]
    return {
        "game": state.game.name,
        "options": state.game.record_options(),
        "phase": PHASES[state.phase],
        "draft": state.draft,
        "turn": state.turn,
        "middle": [value for value in range(1, 7) for _ in range(state.middle[value])],
        "set_aside": state.set_aside,
        "active": [p for p in range(state.game.num_players) if state.active >> p & 1],
        "last_turn": state.last_turn,
        "lava_die": state.lava_die,
        "flag_next": state.flag_next[:],
        "players": players,
    }


def state_from_json(game: DizzleGame, data: Mapping[str, Any]) -> DizzleState:
    try:
        return _read(game, data)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise DicehallError(f"not a Dizzle state: {error!r}") from None


def _read(game: DizzleGame, data: Mapping[str, Any]) -> DizzleState:
    sheet = game.sheet
    state = game.new_initial_state()

    def mask(names: list[str]) -> int:
        indices = [sheet.field_index(name) for name in names]
        if None in indices:
            raise ValueError(f"unknown field in {names}")
        return mask_of(indices)

    state.phase = PHASES.index(data["phase"])
    state.draft = int(data["draft"])
    state.turn = int(data["turn"])
    state.middle = [0] * 7
    for value in data["middle"]:
        state.middle[int(value)] += 1
    state.left = len(data["middle"])
    state.set_aside = int(data["set_aside"])
    state.active = mask_of(data["active"])
    state.last_turn = bool(data["last_turn"])
    state.flag_next = [int(v) for v in data["flag_next"]]
    players = data["players"]
    if len(players) != game.num_players or len(state.flag_next) != len(sheet.flags):
        raise ValueError("player or flag count does not match the options")
    state.crossed = [mask(p["crossed"]) for p in players]
    state.scribbled = [mask(p["scribbled"]) for p in players]
    state.dice = [mask(p["dice"]) for p in players]
    state.flag_values = [list(p["flags"]) for p in players]
    state.planets_due = [int(p["planets_due"]) for p in players]
    state.pick = [game.to_action_id(p["pick"]) if p["pick"] else -1 for p in players]
    state.lava = [mask(p["lava"]) for p in players]
    state.lava_die = int(data["lava_die"])
    state.tracks = [{sheet.field_index(name): TRACK_PIECES[piece] for name, piece in p["tracks"].items()}
                    for p in players]
    state.track_due = [mask(p["track_due"]) for p in players]
    state.piece_masks = [piece_masks_of(tracks) for tracks in state.tracks]
    state.locked = [sheet.locked(crossed) for crossed in state.crossed]
    state.check()
    return state


def check_state(state: DizzleState) -> None:
    """Raise :class:`InconsistentState` naming the first broken invariant."""
    problem = _first_problem(state)
    if problem:
        raise InconsistentState(f"draft {state.draft}, phase {PHASES[state.phase]}: {problem}")


def _first_problem(state: DizzleState) -> str | None:
    game = state.game
    n = game.num_players
    if not 0 <= state.draft <= game.drafts or (state.draft == game.drafts and state.phase != OVER):
        return f"draft {state.draft} out of range"
    if any(count < 0 for count in state.middle) or sum(state.middle) != state.left:
        return f"middle {state.middle} does not hold {state.left} dice"
    on_sheets = sum(d.bit_count() for d in state.dice)
    between = state.phase in (ROLL, PLANET, OVER, LAVA_ROLL, LAVA, TRACK)
    expected = 0 if between else game.dice_count
    if state.left + on_sheets + state.set_aside != expected:
        return (f"{state.left} in the middle + {on_sheets} on sheets + {state.set_aside} set "
                f"aside != {expected} dice")
    if state.active >> n or (not between and state.turn not in range(n)):
        return "active seats or turn out of range"
    for p in range(n):
        problem = _sheet_problem(state, p)
        if problem:
            return f"seat {p}: {problem}"
    for number, step in enumerate(state.flag_next):
        claims = sum(values[number] is not None for values in state.flag_values)
        if claims != step:
            return f"flag {number}: {claims} claims but {step} values struck"
    return None


def _sheet_problem(state: DizzleState, p: int) -> str | None:
    sheet = state.sheet
    crossed, scribbled, dice = state.crossed[p], state.scribbled[p], state.dice[p]
    if crossed & ~(sheet.numbered | sheet.start | sheet.planets):
        return "a crossed field is not a field"
    if crossed & sheet.start != sheet.start:
        return "a start cross is missing"
    if crossed & scribbled:
        return f"crossed and scribbled: {sheet.names(crossed & scribbled)}"
    if scribbled & ~sheet.bomb_mask or (scribbled and state.game.solo):
        return f"scribbled fields that may not be: {sheet.names(scribbled)}"
    if dice & ~sheet.numbered or dice & (crossed | scribbled):
        return f"dice on fields that are not free: {sheet.names(dice)}"
    lava = state.lava[p]
    if lava & ~sheet.numbered or lava & (crossed | scribbled | dice):
        return f"lava on fields that are not free numbered fields: {sheet.names(lava)}"
    drawn = sum(1 << i for i in state.tracks[p])
    if drawn & ~crossed or (sheet.railway and (crossed & sheet.numbered) & ~(drawn | state.track_due[p])):
        return "track pieces out of step with the crossed fields"
    if state.piece_masks[p] != piece_masks_of(state.tracks[p]):
        return "piece masks out of step with the track pieces"
    if dice & state.locked[p] or state.locked[p] != sheet.locked(crossed):
        return "locks out of step with the crossed keys"
    if (crossed & sheet.planets).bit_count() > (crossed & sheet.rockets).bit_count():
        return "more planets crossed than rockets"
    return None
