"""Helpers for the Dizzle scenario tests (rules: /work/shared/rules/dizzle.md).

Scenarios use tiny inline sheets. Field names: column letter + row number,
row 1 at the top (``a1`` is the top-left field).
"""

from __future__ import annotations

import pytest

from dicehall.engine import CHANCE, IllegalAction, make_game

DICE = {1: 8, 2: 7, 3: 10, 4: 13}


def sheet_data(grid, **specials) -> dict:
    """An inline sheet table: ``grid`` rows plus special-field tables."""
    return {"name": "test sheet", "grid": list(grid), **specials}


def make(grid, players: int = 2, **specials):
    """A Dizzle game on an inline sheet."""
    return make_game("dizzle", players=players, sheet=sheet_data(grid, **specials))


def new_state(grid, players: int = 2, **specials):
    """The initial state of a Dizzle game on an inline sheet."""
    return make(grid, players, **specials).new_initial_state()


def legal(state, seat=None) -> list[str]:
    """The legal actions of ``seat`` as sorted notations."""
    return sorted(map(str, state.legal_actions(seat)))


def assert_legal(state, expected, seat=None) -> None:
    assert legal(state, seat) == sorted(expected)


def play(state, *steps) -> None:
    """Apply steps in order: a notation (for the only decider or a chance
    event), or a ``(seat, notation)`` pair."""
    for step in steps:
        if isinstance(step, tuple):
            seat, action = step
            state.apply(action, seat)
        else:
            state.apply(step)
        state.check()


def roll(*values, kind: str = "roll") -> str:
    return " ".join((kind, *map(str, values)))


def crossed(state, seat) -> list[str]:
    return sorted(state.sheet.names(state.crossed[seat]))


def scribbled(state, seat) -> list[str]:
    return sorted(state.sheet.names(state.scribbled[seat]))


def dice(state, seat) -> list[str]:
    return sorted(state.sheet.names(state.dice[seat]))


def middle(state) -> list[int]:
    """The dice in the middle as a sorted list of values."""
    return [value for value in range(1, 7) for _ in range(state.middle[value])]


def active(state) -> list[int]:
    return [seat for seat in range(state.game.num_players) if state.active >> seat & 1]


def expect_illegal(state, action, *words, seat=None) -> str:
    """``action`` must raise IllegalAction whose message contains every word,
    and leave the state unchanged. Returns the message."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action, seat)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert state.to_json() == before
    return message


def pass_out_draft(state) -> None:
    """Every remaining turn of the draft passes (only valid when nobody can place)."""
    draft = state.draft
    while state.draft == draft and state.current_player() >= 0:
        assert "pass" in legal(state), legal(state)
        state.apply("pass")


def empty_draft(state, value: int = 6) -> None:
    """Roll dice that nobody can use (all ``value``) and pass the draft out."""
    assert state.current_player() == CHANCE
    state.apply(roll(*[value] * DICE[state.game.num_players]))
    pass_out_draft(state)
