"""Noch mal's steps in words (keys ``nochmal.*`` in ``words.toml``).

Choices are told when they count: the active player's pick of dice (from roll
4 on) as soon as it is made, because the others see which dice are left;
every crossing once all choices of the roll are in, followed by what they
completed (rows and their items, columns, colours) as the state shows it.
Colour dice faces are shown as coloured squares (the joker as ✖), words that
need no translation; box colours are in the keys (``nochmal.cross.green``).
"""

from __future__ import annotations

from typing import Any

from ...engine.events import Event, Narrator, event
from ...engine.grid import LETTERS
from .actions import Cross, NochmalRoll, Pass, Special
from .sheet import COLOUR_NAMES, COLOURS
from .state import ACTIVE, ALL, ITEM, OTHERS, OVER, NochmalState

FACES = {"g": "🟩", "y": "🟨", "b": "🟦", "r": "🟥", "o": "🟧", "x": "✖"}


class NochmalNarrator(Narrator):
    def chance(self, before: NochmalState, outcome: NochmalRoll, after: NochmalState) -> list[Event]:
        key = "nochmal.roll" if outcome.special is None else f"nochmal.roll_{outcome.special}"
        events = [event(key, before.active, colours=[FACES[face] for face in outcome.colours],
                        numbers=list(outcome.numbers))]
        if after.phase == ALL:
            events.append(event("nochmal.all_choose"))
        return events

    def action(self, before: NochmalState, seat: int, action: Any, after: NochmalState) -> list[Event]:
        if before.phase == ACTIVE and after.phase == OTHERS:
            return [_taken(seat, action)]
        game = before.game
        choices = before.pending[:]
        choices[seat] = game.action_id(action)
        players = len(choices)
        events = []
        for player in ((before.active + step) % players for step in range(players)):
            if choices[player] >= 0:
                events += _choice(before, after, player, game.action_from_id(choices[player]))
        return events + _settled(before, after)

    def tie_break(self, state: NochmalState, ahead: int, behind: int) -> Event:
        left = [state.sheet.jokers - used for used in state.jokers_used]
        return event("nochmal.tie_break", ahead, other=behind, score=state.scores()[ahead],
                     jokers=left[ahead], other_jokers=left[behind])


def _taken(seat: int, action: Any) -> Event:
    """The active player's dice, public while the others choose from the rest."""
    if isinstance(action, Cross):
        return event("nochmal.take", seat, colour=FACES[action.colour_die], number=action.number_die)
    if isinstance(action, Special):
        return event("nochmal.take_special", seat)
    return event("nochmal.take_none", seat)


def _choice(before: NochmalState, after: NochmalState, seat: int, action: Any) -> list[Event]:
    """One revealed choice: the boxes it crossed (its marks), jokers, hearts."""
    sheet = before.sheet
    boxes = sheet.names(after.crossed[seat] & ~before.crossed[seat])
    marks = [(seat, box) for box in boxes]
    if isinstance(action, Pass):
        return [event("common.pass", seat)]
    if before.phase == ITEM:
        return [event("nochmal.item_bomb", seat, marks, boxes=boxes)]
    if isinstance(action, Cross):
        colour = COLOUR_NAMES[sheet.colours[sheet.box_index(action.boxes[0])]]
        events = [event(f"nochmal.cross.{colour}", seat, marks, count=len(boxes), boxes=boxes)]
        jokers = (action.colour_die == "x") + (action.number_die == "?")
        if jokers:
            events.append(event("nochmal.jokers", seat, count=jokers,
                                left=sheet.jokers - after.jokers_used[seat]))
        return events
    if action.face != "heart":
        return [event(f"nochmal.use_{action.face}", seat, marks, boxes=boxes)]
    if before.hearts[seat] < sheet.hearts:
        return [event("nochmal.use_heart", seat, hearts=before.hearts[seat] + 1, total=sheet.hearts)]
    return [event("nochmal.use_heart_full", seat)]


def _settled(before: NochmalState, after: NochmalState) -> list[Event]:
    """What the roll's crosses completed on each sheet, and the end of the game."""
    events = []
    for seat in range(before.game.num_players):
        events += _completed(before, after, seat)
    if after.phase == OVER:
        done = [seat for seat in range(after.game.num_players) if after.colours_complete(seat) >= 2]
        events.append(event("nochmal.two_colours", players=done) if done else
                      event("nochmal.rolls_used", rolls=after.rolls))
    return events


def _completed(before: NochmalState, after: NochmalState, seat: int) -> list[Event]:
    sheet, solo = before.sheet, before.solo
    events = []
    items = 0
    new_rows = after.rows_done[seat] & ~before.rows_done[seat]
    for row in range(sheet.height):
        if not new_rows >> row & 1:
            continue
        label = sheet.row_labels[row]
        first = solo or not before.rows_taken >> row & 1
        if sheet.row_items and first:
            item = sheet.row_items[row]
            items += item == "special"
            events.append(event(f"nochmal.row_{item}", seat, row=label, points=sheet.row_points))
        elif sheet.row_points:
            events.append(event("nochmal.row_done", seat, row=label, points=sheet.row_points))
    for column in range(sheet.width):
        points = after.column_points[seat][column]
        if before.column_points[seat][column] is not None or points is None:
            continue
        first = solo or not before.columns_taken >> column & 1
        letter = LETTERS[column].upper()
        events.append(event("nochmal.column_first" if first else "nochmal.column_later", seat,
                            column=letter, points=points))
        hearts = after.heart_bonus[seat][column]
        if hearts:
            events.append(event("nochmal.heart_bonus", seat, column=letter, hearts=hearts))
    for number, colour in enumerate(COLOURS):
        points = after.colour_points[seat][number]
        if before.colour_points[seat][number] is None and points is not None:
            events.append(event(f"nochmal.colour_done.{COLOUR_NAMES[colour]}", seat, points=points))
    circled = after.specials[seat] - before.specials[seat] - items
    if circled > 0:
        events.append(event("nochmal.special_circled", seat, count=circled))
    return events
