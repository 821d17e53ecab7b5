"""Helpers for the Dizzle scenario tests (rules: /work/shared/rules/dizzle.md).

Scenarios use tiny inline sheets. Field names: column letter + row number,
row 1 at the top (``a1`` is the top-left field).
"""

from __future__ import annotations

from dicehall.engine import CHANCE, make_game
from scenario import assert_legal, expect_illegal, legal, play  # noqa: F401

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
