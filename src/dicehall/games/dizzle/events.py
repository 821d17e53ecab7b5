"""Dizzle's steps in words (keys ``dizzle.*`` in ``words.toml``).

What a step set off (the crossing at a draft's end, bombs, keys, rockets,
flags, gems, completed arrows, puzzles and areas, the early end) is found by
comparing the sheets before and after it, so every path through the rules
that leads there is told the same way.
"""

from __future__ import annotations

from typing import Any

from ...engine.chance import Roll
from ...engine.events import Event, Narrator, event, roll_event
from .actions import Lava, Place, Planet, Reroll, Return, Track
from .sheet import Scored, Sheet
from .state import LAVA, LAVA_ROLL, OVER, REROLL, REROLLED, ROLL, SOLO, STEPS, TURN, DizzleState

IN_DRAFT = (TURN, REROLL, REROLLED, SOLO)
#: track pieces drawn as the box-drawing character of their shape
TRACK_SYMBOLS = {"ns": "│", "ew": "─", "ne": "└", "es": "┌", "sw": "┐", "wn": "┘"}


class DizzleNarrator(Narrator):
    timeout_plays = "pass"

    def chance(self, before: DizzleState, outcome: Roll, after: DizzleState) -> list[Event]:
        phase = before.phase
        events = _draft_start(before) if phase == LAVA_ROLL or (
            phase == ROLL and not before.sheet.volcanoes) else []
        if phase == LAVA_ROLL:
            value = outcome.values[0]
            events.append(event("dizzle.lava_roll", value=value))
            if after.phase != LAVA:
                events.append(event("dizzle.lava_still", value=value))
        elif phase == ROLL:
            events.append(roll_event(outcome))
        elif phase == REROLL:
            events += _rerolled(before, outcome, after)
        else:
            events += _solo_dice(before, outcome)
        return events + _aftermath(before, after)

    def action(self, before: DizzleState, seat: int, action: Any, after: DizzleState) -> list[Event]:
        if before.phase in STEPS:
            events = _picks(before, seat, action)
        elif isinstance(action, Place):
            events = [_placed(before, seat, action)]
        elif isinstance(action, Return):
            events = [event("dizzle.return", seat, [(seat, action.field)], field=action.field,
                            value=before.game.numbers[before.sheet.field_index(action.field)])]
        elif isinstance(action, Reroll):
            events = [event("dizzle.reroll", seat, count=before.left)]
        else:   # pass, or a timeout, which passes
            events = [event("common.pass", seat)]
        return events + _aftermath(before, after)

    def tie_break(self, state: DizzleState, ahead: int, behind: int) -> Event:
        return event("dizzle.tie_break", ahead, other=behind, score=state.scores()[ahead],
                     crossed=state.crossed[ahead].bit_count(),
                     other_crossed=state.crossed[behind].bit_count())


def _draft_start(state: DizzleState) -> list[Event]:
    """A new round (every player rolls once in it), and who rolls this draft."""
    game, draft = state.game, state.draft
    players = game.num_players
    events = []
    if draft % players == 0:
        events.append(event("dizzle.round", round=draft // players + 1, rounds=game.drafts // players))
    if players > 1:
        events.append(event("dizzle.draft", state.start_player, draft=draft + 1, drafts=game.drafts))
    return events


def _rerolled(before: DizzleState, outcome: Roll, after: DizzleState) -> list[Event]:
    seat = before.turn
    events = [event("dizzle.rerolled", seat, dice=list(outcome.values))]
    if after.phase == REROLLED and not after.targets(seat):
        events.append(event("dizzle.must_return", seat))
    elif after.phase != REROLLED:
        events.append(event("dizzle.no_penalty", seat))
    return events


def _solo_dice(before: DizzleState, outcome: Roll) -> list[Event]:
    """The two solo dice: which values they take out of the middle."""
    middle, removed = before.middle[:], []
    for value in outcome.values:
        if middle[value]:
            middle[value] -= 1
            removed.append(value)
    dice = list(outcome.values)
    if removed:
        return [event("dizzle.solo_removed", dice=dice, removed=removed)]
    return [event("dizzle.solo_kept", dice=dice)]


def _placed(before: DizzleState, seat: int, place: Place) -> Event:
    """A die placed: next to the player's dice of this draft (or, first, next to
    a cross), or a jump next to a cross because the dice are enclosed."""
    sheet, dice = before.sheet, before.dice[seat]
    index = sheet.field_index(place.field)
    jumped = dice and not sheet.neighbours(dice) >> index & 1
    return event("dizzle.jump" if jumped else "dizzle.place", seat, [(seat, place.field)],
                 value=place.value, field=place.field)


def _picks(before: DizzleState, seat: int, action: Planet | Lava | Track) -> list[Event]:
    """A simultaneous step resolved: every player's planet, lava or track, revealed."""
    game = before.game
    picks = before.pick[:]
    picks[seat] = game.action_id(action)
    events = []
    for player, pick in enumerate(picks):
        if pick < 0:
            continue
        chosen = game.action_from_id(pick)
        marks = [(player, chosen.field)]
        if isinstance(chosen, Planet):
            events.append(event("dizzle.planet", player, marks, field=chosen.field))
        elif isinstance(chosen, Lava):
            events.append(event("dizzle.lava_flow", player, marks, field=chosen.field))
        else:
            events.append(event("dizzle.track", player, marks, field=chosen.field,
                                piece=TRACK_SYMBOLS[chosen.piece]))
    return events


def _aftermath(before: DizzleState, after: DizzleState) -> list[Event]:
    """What a step set off: the last active player's turn, the crossing at the end
    of a draft, and on each sheet what the new crosses and scribbles did."""
    events = []
    if after.last_turn and not before.last_turn and after.phase == TURN:
        events.append(event("dizzle.last_turn", after.turn))
    ended = before.phase in IN_DRAFT and after.phase not in IN_DRAFT
    if ended:
        events.append(event("dizzle.draft_end"))
    for seat in range(before.game.num_players):
        events += _sheet_events(before, after, seat, ended)
    if after.phase == OVER and after.draft < after.game.drafts:
        sheet = after.sheet
        full = [seat for seat in range(after.game.num_players) if not sheet.numbered
                & ~(after.crossed[seat] | after.scribbled[seat] | after.lava[seat])]
        events.append(event("dizzle.early_end", players=full))
    return events


def _sheet_events(before: DizzleState, after: DizzleState, seat: int, ended: bool) -> list[Event]:
    sheet = before.sheet
    crossed = after.crossed[seat]
    new = crossed & ~before.crossed[seat]
    events = []
    if ended and new:
        names = sheet.names(new)
        events.append(event("dizzle.tracks_due" if sheet.railway else "dizzle.cross", seat,
                            [(seat, name) for name in names], fields=names))
    scribbled = after.scribbled[seat] & ~before.scribbled[seat]
    for bomb in sheet.bombs:
        if bomb.mask & scribbled:
            holder = next(other for other in range(after.game.num_players)
                          if (after.crossed[other] & ~before.crossed[other]) & bomb.mask)
            names = sheet.names(bomb.mask)
            events.append(event("dizzle.scribble", seat, [(seat, name) for name in names],
                                other=holder, fields=names, points=bomb.points))
    events += _specials(sheet, sheet.gems, new, "dizzle.gem", seat)
    events += _specials(sheet, sheet.poops, new, "dizzle.poop", seat)
    for index in sheet.rocket_fields:
        if new >> index & 1:
            key = "dizzle.rocket" if after.planets_due[seat] else "dizzle.rocket_idle"
            events.append(event(key, seat, field=sheet.field_name(index)))
    opened = before.locked[seat] & ~after.locked[seat]
    if opened:
        keys = sum(key.mask for key in sheet.keys) & new
        events.append(event("dizzle.key", seat, fields=sheet.names(keys), locks=sheet.names(opened)))
    for number, flag in enumerate(sheet.flags):
        points = after.flag_values[seat][number]
        if before.flag_values[seat][number] is None and points is not None:
            events.append(event("dizzle.flag", seat, field=sheet.field_name(flag.index), points=points))
    for key, groups in (("dizzle.arrow_complete", sheet.arrows), ("dizzle.puzzle_complete", sheet.puzzles),
                        ("dizzle.area_complete", sheet.areas)):
        for group in groups:
            if group.mask & crossed == group.mask and group.mask & new:
                events.append(event(key, seat, fields=sheet.names(group.mask), points=group.points))
    return events


def _specials(sheet: Sheet, groups: tuple[Scored, ...], new: int, key: str, seat: int) -> list[Event]:
    """One event per newly crossed field of ``groups`` (gems, poop) with its points."""
    return [event(key, seat, field=sheet.field_name(group.mask.bit_length() - 1), points=group.points)
            for group in groups if group.mask & new]
