"""Layouts (``game.layout()``): JSON-ready, complete, and naming every field or
box that the legal actions and the views name."""

from __future__ import annotations

import json

import pytest

from dicehall.engine import make_game
from dicehall.engine.bits import bit_list
from dicehall.games.dizzle.layout import field_specials
from dicehall.games.dizzle.sheetfile import LEVELS
from dicehall.games.nochmal.sheetfile import EDITIONS
from scenario import random_game


def round_trip(layout: dict) -> dict:
    data = json.loads(json.dumps(layout, allow_nan=False))
    assert data == json.loads(json.dumps(data))
    return data


def action_names(game, seed: int) -> tuple[set[str], set[str]]:
    """The field or box names of every legal action and every view in a random game."""
    in_actions: set[str] = set()
    in_views: set[str] = set()

    def inspect(state) -> None:
        for seat in state.deciders():
            for action_id in state.legal_action_ids(seat):
                data = game.action_json(action_id)
                in_actions.update(data.get("boxes", ()))
                if isinstance(data.get("field"), str):
                    in_actions.add(data["field"])
        for player in state.view(None)["players"]:
            in_views.update(player.get("crossed", ()))
            in_views.update(player.get("dice", ()))

    random_game(game, seed, inspect)
    return in_actions, in_views


# --- Dizzle ---------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_dizzle_layout_has_every_field_of_the_sheet(level):
    game = make_game("dizzle", players=2, level=level)
    sheet, layout = game.sheet, round_trip(game.layout())
    assert (layout["width"], layout["height"], layout["name"]) == (sheet.width, sheet.height, sheet.name)
    fields = {field["name"]: field for field in layout["fields"]}
    assert set(fields) == set(sheet.names(sheet.fields))
    assert set(layout["holes"]) == set(sheet.names(((1 << sheet.size) - 1) & ~sheet.fields))
    specials = field_specials(sheet)
    for index in bit_list(sheet.fields):
        field = fields[sheet.field_name(index)]
        assert field["number"] == sheet.number(index)
        assert (field["row"], field["column"]) == divmod(index, sheet.width)
        assert field["specials"] == specials.get(index, [])
        kind = {"X": "start", "P": "planet", "V": "volcano"}.get(sheet.tokens[index], "number")
        assert field["kind"] == kind


@pytest.mark.parametrize("level", LEVELS)
def test_dizzle_layout_groups_match_the_model(level):
    game = make_game("dizzle", players=3, level=level)
    sheet, layout = game.sheet, game.layout()
    kinds = [s["kind"] for field in layout["fields"] for s in field["specials"]]
    assert kinds.count("gem") == len(sheet.gems) and kinds.count("bomb") == len(sheet.bombs)
    assert kinds.count("rocket") == len(sheet.rocket_fields)
    assert kinds.count("station") == len(sheet.stations)
    assert [a["points"] for a in layout["arrows"]] == [a.points for a in sheet.arrows]
    assert [a["fields"] for a in layout["areas"]] == [sheet.names(a.mask) for a in sheet.areas]
    assert [(p["colour"], p["points"]) for p in layout["puzzles"]] == [
        (p.colour, p.points) for p in sheet.puzzles]
    assert [lock["colour"] for lock in layout["locks"]] == [lock.colour for lock in sheet.locks]
    assert [f["track"] for f in layout["flags"]] == [list(f.track) for f in sheet.flags]
    assert len(layout["tracks"]) == len(sheet.printed_tracks)
    assert layout["railway"] == sheet.railway and layout["dice"] == game.dice_count
    used = {s["colour"] for field in layout["fields"] for s in field["specials"] if s["colour"]}
    assert used <= set(layout["colours"])


def test_dizzle_layout_special_points_carry_their_sign():
    layout = make_game("dizzle", players=2, level=6).layout()
    specials = [s for field in layout["fields"] for s in field["specials"]]
    assert all(s["points"] < 0 for s in specials if s["kind"] in ("bomb", "poop"))
    assert all(s["points"] > 0 for s in specials if s["kind"] == "gem")
    assert all(s["points"] is None for s in specials if s["kind"] in ("key", "lock", "rocket"))


@pytest.mark.parametrize("level", LEVELS)
def test_dizzle_actions_and_views_name_layout_fields(level):
    game = make_game("dizzle", players=2, level=level)
    names = {field["name"] for field in game.layout()["fields"]}
    in_actions, in_views = action_names(game, seed=level)
    assert in_actions and in_actions <= names
    assert in_views <= names


# --- Noch mal ---------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_nochmal_layout_has_every_box_of_the_sheet(edition):
    game = make_game("nochmal", players=2, edition=edition)
    sheet, layout = game.sheet, round_trip(game.layout())
    assert layout["edition"] == edition and len(layout["boxes"]) == sheet.size
    for index, box in enumerate(layout["boxes"]):
        assert box["name"] == sheet.box_name(index)
        assert box["colour"] == sheet.colours[index]
        assert box["star"] == bool(sheet.stars >> index & 1)
        assert box["special"] == bool(sheet.special_fields >> index & 1)
        assert layout["blocks"][box["block"]]["colour"] == box["colour"]
        assert box["name"] in layout["blocks"][box["block"]]["boxes"]
    assert layout["column_first"] == list(sheet.column_first)
    assert layout["column_later"] == list(sheet.column_later)
    assert layout["row_items"] == list(sheet.row_items)
    assert (layout["jokers"], layout["hearts"], layout["special_dice"]) == (
        sheet.jokers, sheet.hearts, sheet.special_dice)
    assert layout["columns"][layout["start_column"]] == "H"
    assert set(layout["colours"]) == set(layout["colour_order"]) == set("gybro")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [1, 3])
def test_nochmal_actions_and_views_name_layout_boxes(edition, players):
    game = make_game("nochmal", players=players, edition=edition)
    layout = game.layout()
    names = {box["name"] for box in layout["boxes"]}
    assert layout["dice"] == {"colours": game.dice[0], "numbers": game.dice[1],
                              "special": edition == "so-gut"}
    in_actions, in_views = action_names(game, seed=players)
    assert in_actions and in_actions <= names
    assert in_views <= names


# --- Razzle-Dazzle --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_razzle_layout_has_the_ring_and_every_seat(players):
    game = make_game("razzle", players=players, pieces=5, goal=3)
    board, layout = game.board, round_trip(game.layout())
    assert [field["index"] for field in layout["fields"]] == list(range(board.track_length))
    for field in layout["fields"]:
        assert ("safe" in field["kinds"]) == (field["index"] in board.safe)
        assert field.get("jump_to") == board.jumps.get(field["index"])
        assert 0 <= field["x"] <= layout["size"] and 0 <= field["y"] <= layout["size"]
    points = {(f["x"], f["y"]) for f in layout["fields"]}
    assert len(points) == board.track_length
    assert len(layout["seats"]) == players
    for seat in layout["seats"]:
        assert seat["colour"] == board.colours[seat["seat"]]
        assert seat["entry"] == board.entries[seat["seat"]]
        assert len(seat["start"]) == len(seat["goal"]) == 5
        assert seat["colour"] in layout["colours"]
    entries = [f["entry_of"] for f in layout["fields"] if "entry" in f["kinds"]]
    assert sorted(entries) == list(range(players))
    assert (layout["pieces"], layout["goal"], layout["goal_progress"]) == (5, 3, board.track_length + 1)


@pytest.mark.parametrize("players", [2, 3])
def test_razzle_moves_name_ring_fields(players):
    game = make_game("razzle", players=players)
    indices = {field["index"] for field in game.layout()["fields"]}
    moved: set[int] = set()

    def inspect(state) -> None:
        for seat in state.deciders():
            moved.update(game.action_json(i).get("field", -1) for i in state.legal_action_ids(seat))

    random_game(game, players, inspect)
    assert moved - {-1} and moved - {-1} <= indices
