"""Each edition goes by its own name (issue 13): a classic table is "Noch mal!",
the so-gut one "Noch mal so gut!", on tables, plots, descriptions and in the
terminal, while the game's class (the lobby's list of games) keeps the family's
title; and the rows are named by the notation's numbers on both sheets."""

from __future__ import annotations

import copy
import io

import pytest
from rich.console import Console

from dicehall.engine import make_game
from dicehall.games.nochmal import NochmalGame, edition_sheet
from dicehall.games.nochmal.render import render_sheet, render_state
from dicehall.server.lobby import games_json


@pytest.mark.parametrize("options, title", [
    ({}, "Noch mal so gut!"),
    ({"edition": "so-gut"}, "Noch mal so gut!"),
    ({"edition": "classic"}, "Noch mal!"),
    ({"edition": "classic", "players": 1}, "Noch mal!"),
])
def test_the_title_is_the_editions(options, title):
    game = make_game("nochmal", options)
    assert game.title == title
    assert game.describe().startswith(f"{title}, ")
    assert NochmalGame.title == "Noch mal so gut!"   # the family, as the lobby lists it


def test_a_custom_sheet_is_titled_by_its_edition_and_named_in_the_terminal():
    data = copy.deepcopy(edition_sheet("classic").data)
    data["name"] = "My black sheet"
    game = make_game("nochmal", {"sheet": data})
    assert game.title == "Noch mal!"
    state = game.new_initial_state()
    out = io.StringIO()
    Console(file=out, width=140, no_color=True).print(render_state(state))
    assert out.getvalue().splitlines()[0].startswith("Noch mal! · My black sheet · 2 players")


def test_the_terminal_header_names_the_classic_edition():
    state = make_game("nochmal", {"edition": "classic"}).new_initial_state()
    out = io.StringIO()
    Console(file=out, width=140, no_color=True).print(render_state(state))
    assert out.getvalue().splitlines()[0].startswith("Noch mal! · 2 players · roll 1")


def test_the_lobby_lists_the_family_title():
    class Settings:
        bot_levels = ("easy",)
    titles = {game["name"]: game["title"] for game in games_json(Settings())}
    assert titles["nochmal"] == "Noch mal so gut!"


@pytest.mark.parametrize("edition", ["so-gut", "classic"])
def test_the_rows_are_named_as_in_notations(edition):
    game = make_game("nochmal", {"edition": edition})
    layout = game.layout()
    assert layout["row_labels"] == ["1", "2", "3", "4", "5", "6", "7"]
    assert [box["name"] for box in layout["boxes"] if box["column"] == 7] == [f"h{r}" for r in range(1, 8)]


def test_a_custom_sheets_own_row_names_go_before_the_numbers():
    data = copy.deepcopy(edition_sheet("so-gut").data)
    data["row_labels"] = list("PQRSTUV")
    game = make_game("nochmal", {"sheet": data})
    out = io.StringIO()
    Console(file=out, width=140, no_color=True).print(render_sheet(game.sheet, status=False))
    rows = out.getvalue().splitlines()
    assert [row[:3] for row in rows[1:8]] == ["P 1", "Q 2", "R 3", "S 4", "T 5", "U 6", "V 7"]
