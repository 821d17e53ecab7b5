"""Helpers for the Noch mal scenario tests (rules: /work/shared/rules/nochmal.md).

Scenarios mostly use tiny inline sheets (``invariants = false``). Boxes are named
by column letter + row number, row 1 at the top (``a1`` is the top-left box).
Every tiny sheet holds all five colours: a colour without boxes would count as
complete from the first roll on.
"""

from __future__ import annotations

from dicehall.engine import make_game
from dicehall.games.nochmal import Cross, Pass, Special
from scenario import assert_legal, expect_illegal, legal, play  # noqa: F401

COLOURS = "gybro"


def sheet_data(grid, start: str = "a", **overrides) -> dict:
    """An inline so-gut sheet table for ``grid`` (rows of tokens) with small defaults:
    6 "!", 5 hearts, 9 special dice (1 circled at the start), no special die for the
    start column, 5 points per row and no row items."""
    width = len(grid[0].split())
    data = {
        "name": "test sheet", "edition": "so-gut", "grid": list(grid), "start_column": start,
        "column_first": [3] * width, "column_later": [1] * width, "colour_bonus": [5, 3],
        "jokers": 6, "hearts": 5, "special_dice": 9, "special_dice_at_start": 1,
        "start_column_special": False, "row_points": 5, "row_items": [], "solo_rolls": 30,
        "invariants": False,
    }
    data.update(overrides)
    if data["edition"] == "classic":
        data.update(special_dice=overrides.get("special_dice", 0),
                    special_dice_at_start=overrides.get("special_dice_at_start", 0))
    return data


def make(grid=None, players: int = 2, edition: str = "so-gut", **overrides):
    """A Noch mal game on an inline sheet, or (``grid=None``) on the edition's printed sheet."""
    if grid is None:
        return make_game("nochmal", players=players, edition=edition)
    return make_game("nochmal", players=players,
                     sheet=sheet_data(grid, edition=edition, **overrides))


def new_state(grid=None, players: int = 2, edition: str = "so-gut", **overrides):
    return make(grid, players, edition, **overrides).new_initial_state()


def prepare(game, seats=None, rolls: int = 0, taken=None):
    """A state before roll ``rolls + 1``, built through ``to_json``/``state_from_json``
    (which runs ``check``). ``seats`` maps a seat to fields of its sheet:
    ``crossed`` as a string of box names, any other per-seat field as in ``to_json``."""
    data = game.new_initial_state().to_json()
    data["rolls"] = rolls
    data["active"] = rolls % game.num_players
    for seat, fields in (seats or {}).items():
        player = data["players"][seat]
        for key, value in fields.items():
            player[key] = value.split() if key == "crossed" else value
    for key, value in (taken or {}).items():
        data["taken"][key] = value
    return game.state_from_json(data)


def roll(colours: str, numbers: str, special: str | None = None) -> str:
    """``roll("g y x", "1 3 ?", "heart")`` -> ``"roll g y x / 1 3 ? / heart"``."""
    text = f"roll {colours} / {numbers}"
    return text if special is None else f"{text} / {special}"




def legal_crosses(state, seat=None) -> list[str]:
    """Only the colour+number choices among the legal actions."""
    return sorted(str(a) for a in state.legal_actions(seat) if isinstance(a, Cross))


def legal_specials(state, seat=None) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat) if isinstance(a, Special))




def box_sets(actions) -> set[frozenset[str]]:
    """The box sets of special actions (order-free)."""
    return {frozenset(a.boxes) for a in actions if not isinstance(a, Pass)}




def everyone(state, action: str = "pass") -> None:
    """Every seat still deciding now takes ``action`` (until nobody decides)."""
    while state.deciders():
        state.apply(action, state.deciders()[0])
        state.check()


def skip_rolls(state, count: int, dice: str | None = None) -> None:
    """``count`` rolls in which everybody passes."""
    for _ in range(count):
        state.apply(dice or default_roll(state))
        everyone(state)


def default_roll(state) -> str:
    colours, numbers, special = state.game.dice
    return roll(" ".join("g" * colours), " ".join("1" * numbers), "heart" if special else None)


def crossed(state, seat) -> list[str]:
    return sorted(state.sheet.names(state.crossed[seat]))


def colour_points(state, seat) -> dict[str, int]:
    """The colour bonuses a seat has, by colour letter."""
    return {c: p for c, p in zip(COLOURS, state.colour_points[seat]) if p is not None}


def column_points(state, seat) -> dict[str, int]:
    """The column values a seat has, by column letter."""
    return {chr(97 + c): p for c, p in enumerate(state.column_points[seat]) if p is not None}


def heart_bonus(state, seat) -> dict[str, int]:
    return {chr(97 + c): p for c, p in enumerate(state.heart_bonus[seat]) if p is not None}


def rows_done(state, seat) -> list[int]:
    """The completed rows of a seat, numbered from 1 (top)."""
    return [r + 1 for r in range(state.sheet.height) if state.rows_done[seat] >> r & 1]

