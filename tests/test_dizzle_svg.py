"""Dizzle sheets and game states as SVG (dicehall.games.dizzle.svg)."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import dicehall.games.dizzle as dizzle
from dicehall.engine import CHANCE, TERMINAL, make_game
from dicehall.games.dizzle.sheet import EAST, NORTH, SOUTH, WEST
from dicehall.games.dizzle.sheetfile import load_sheet, sheet_from_data
from dicehall.games.dizzle.svg import sheet_svg, state_svg, svg_colour

SVG = "{http://www.w3.org/2000/svg}"
LEVEL_FILES = sorted((Path(dizzle.__file__).parent / "levels").glob("level*.toml"))

SMALL = {"name": "t", "grid": ["X 1 2", "3 4 5"]}

EVERYTHING = {
    "name": "All <the> specials & more", "level": 4,
    "grid": ["X 1 2 3 4 5",
             "2 3 4 5 6 1",
             "4 5 6 . 2 3",
             "P 1 2 3 V 4"],
    "gems": [{"at": "b1", "points": 3, "colour": "red"}],
    "bombs": [{"at": "c2", "points": 2}],
    "keys": [{"at": "d1", "colour": "blue"}],
    "locks": [{"at": "f2", "colour": "blue"}],
    "rockets": [{"at": "e2"}],
    "flags": [{"at": "e3", "colour": "green", "track": [10, 6, 3, 1]}],
    "puzzles": [{"at": ["a3", "f4"], "colour": "purple", "points": 8}],
    "poops": [{"at": "b4", "points": 2}],
    "arrows": [{"from": "a2", "to": "f2", "points": 9}, {"from": "f1", "to": "f4", "points": 7}],
    "areas": [{"at": ["b3", "c3", "b4", "c4"], "points": 10}],
}

RAILWAY = {
    "name": "Rails", "railway": True,
    "grid": ["X 1 2", "3 4 5", "6 1 X"],
    "tracks": [{"at": "a1", "piece": "es"}, {"at": "c3", "piece": "ns"}],
    "stations": [{"at": "b2", "points": 4}],
}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def fields(root: ET.Element) -> dict[str, ET.Element]:
    """The field groups by field name."""
    found = [el for el in root.iter() if el.get("data-field") is not None]
    assert all(el.get("class") == "field" for el in found)
    named = {el.get("data-field"): el for el in found}
    assert len(named) == len(found), "a field is drawn twice"
    return named


def classes(element: ET.Element) -> set[str]:
    return {word for el in element.iter() for word in (el.get("class") or "").split()}


def play_random(state, rng: random.Random, steps: int) -> None:
    """Random legal steps through the fast API."""
    for _ in range(steps):
        current = state.current_player()
        if current == TERMINAL:
            return
        if current == CHANCE:
            state.apply_outcome(state.sample_chance(rng))
            continue
        seat = state.deciders()[0]
        state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)


class WithExtras:
    """A state seen with the level 7/8 extras (lava masks, drawn tracks per seat)."""

    def __init__(self, state, *, tracks=None, lava=None):
        self._state = state
        self.tracks = tracks
        self.lava = lava

    def __getattr__(self, name):
        return getattr(self._state, name)


# --- every shipped level ------------------------------------------------------------------------
@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda path: path.stem)
def test_every_level_is_one_element_per_field(path):
    sheet = load_sheet(path)
    svg = sheet_svg(sheet)
    assert svg.startswith("<?xml")
    root = parse(svg)
    assert root.get("viewBox") and int(root.get("width")) > 0
    drawn = fields(root)
    assert len(drawn) == sheet.fields.bit_count()
    assert set(drawn) == set(sheet.names(sheet.fields))
    for name, element in drawn.items():
        assert element.get("data-number") == sheet.tokens[sheet.field_index(name)]
    assert len([el for el in root.iter() if el.get("class") == "arrow"]) == len(sheet.arrows)
    assert len([el for el in root.iter() if el.get("class") == "area"]) == len(sheet.areas)


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda path: path.stem)
def test_every_level_after_a_random_game(path):
    rng = random.Random(path.stem)
    game = make_game("dizzle", players=2, sheet=str(path))
    state = game.new_initial_state()
    play_random(state, rng, 60)
    for seat in range(2):
        root = parse(state_svg(state, seat))
        assert len(fields(root)) == game.sheet.fields.bit_count()


# --- what a field shows ----------------------------------------------------------------------------
def test_specials_have_their_symbols_and_colours():
    sheet = sheet_from_data(EVERYTHING)
    root = parse(sheet_svg(sheet))
    drawn = fields(root)
    assert "d3" not in drawn      # a hole
    kinds = {name: el.get("data-kind") for name, el in drawn.items() if el.get("data-kind")}
    assert kinds == {"b1": "gem", "c2": "bomb", "d1": "key", "f2": "lock", "e2": "rocket",
                     "e3": "flag", "a3": "puzzle", "f4": "puzzle", "b4": "poop"}
    assert drawn["a4"].get("data-number") == "P" and drawn["e4"].get("data-number") == "V"
    assert drawn["a1"].get("data-state") == "start crossed"
    # numbers are printed, planets and volcanoes have none
    numbers = {name: [t.text for t in el.iter(f"{SVG}text") if t.get("class") == "number"]
               for name, el in drawn.items()}
    assert numbers["c1"] == ["2"] and numbers["a4"] == [] and numbers["a1"] == []
    # colours and labels
    gem = ET.tostring(drawn["b1"], encoding="unicode")
    assert svg_colour("red")[0] in gem and "+3" in gem
    assert "\u22122" in ET.tostring(drawn["c2"], encoding="unicode")
    assert svg_colour("blue")[1] in ET.tostring(drawn["d1"], encoding="unicode")
    assert svg_colour("purple")[0] in ET.tostring(drawn["f4"], encoding="unicode")
    track = [t.text for t in drawn["e3"].iter(f"{SVG}text") if t.get("class") == "flag-track"]
    assert track == ["10\u00b76\u00b73\u00b71"]
    # arrows and areas with their points
    arrows = {el.get("data-fields"): el.get("data-points") for el in root.iter()
              if el.get("class") == "arrow"}
    assert arrows == {"a2 b2 c2 d2 e2 f2": "9", "f1 f2 f3 f4": "7"}
    areas = [el for el in root.iter() if el.get("class") == "area"]
    assert [(el.get("data-fields"), el.get("data-points")) for el in areas] == [("b3 c3 b4 c4", "10")]
    assert "10" in [t.text for t in areas[0].iter(f"{SVG}text")]


def test_titles_and_names_are_escaped():
    sheet = sheet_from_data(EVERYTHING)
    svg = sheet_svg(sheet, title='Seat <0> & "friends"')
    root = parse(svg)
    assert root.find(f"{SVG}title").text == 'Seat <0> & "friends"'
    assert parse(sheet_svg(sheet)).find(f"{SVG}title").text == "All <the> specials & more"
    odd = sheet_from_data(dict(SMALL, gems=[{"at": "b1", "points": 2, "colour": "<evil>&"}]))
    parse(sheet_svg(odd))


def test_marks_of_a_player():
    sheet = sheet_from_data(EVERYTHING)
    mask = lambda *names: sum(1 << sheet.field_index(name) for name in names)  # noqa: E731
    root = parse(sheet_svg(sheet, crossed=mask("b1", "a4"), scribbled=mask("c2"), lava=mask("d4"),
                           dice=mask("c1", "d1")))
    drawn = fields(root)
    assert drawn["b1"].get("data-state") == "crossed" and "cross" in classes(drawn["b1"])
    assert "cross" in classes(drawn["a4"])            # a planet crossed through a rocket
    assert "cross" in classes(drawn["a1"])            # the printed start cross
    assert drawn["c2"].get("data-state") == "scribbled" and "scribble" in classes(drawn["c2"])
    assert drawn["d4"].get("data-state") == "lava" and "lava" in classes(drawn["d4"])
    assert drawn["c1"].get("data-state") == "die" and "die" in classes(drawn["c1"])
    assert "cross" not in classes(drawn["c1"]) and "die" not in classes(drawn["b1"])


def test_locks_open_once_their_key_is_crossed():
    sheet = sheet_from_data(EVERYTHING)
    closed = ET.tostring(fields(parse(sheet_svg(sheet)))["f2"], encoding="unicode")
    key = 1 << sheet.field_index("d1")
    opened = ET.tostring(fields(parse(sheet_svg(sheet, crossed=key)))["f2"], encoding="unicode")
    assert closed != opened


# --- tracks ------------------------------------------------------------------------------------------
def track_ends(element: ET.Element) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    """(command, start, end) of each track path in a field group."""
    out = []
    for path in element.iter(f"{SVG}path"):
        if "track" not in (path.get("class") or ""):
            continue
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
        command = "A" if "A" in path.get("d") else "L"
        out.append((command, (numbers[0], numbers[1]), (numbers[-2], numbers[-1])))
    return out


def edge_midpoints(element: ET.Element) -> dict[int, tuple[float, float]]:
    rect = element.find(f"{SVG}rect")
    x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
    return {NORTH: (x + w / 2, y), EAST: (x + w, y + h / 2), SOUTH: (x + w / 2, y + h),
            WEST: (x, y + h / 2)}


@pytest.mark.parametrize("bits, command", [
    (NORTH | SOUTH, "L"), (EAST | WEST, "L"), (NORTH | EAST, "A"), (EAST | SOUTH, "A"),
    (SOUTH | WEST, "A"), (WEST | NORTH, "A")])
def test_track_pieces_join_the_edge_midpoints(bits, command):
    sheet = sheet_from_data(SMALL)
    index = sheet.field_index("b2")
    root = parse(sheet_svg(sheet, crossed=1 << index, tracks={index: bits}))
    field = fields(root)["b2"]
    assert "track" in field.get("data-state").split()
    [(drawn_command, start, end)] = track_ends(field)
    mids = edge_midpoints(field)
    wanted = {mids[edge] for edge in (NORTH, EAST, SOUTH, WEST) if bits & edge}
    assert drawn_command == command
    assert {start, end} == wanted


def test_printed_tracks_replace_the_start_crosses():
    sheet = sheet_from_data(RAILWAY)
    root = parse(sheet_svg(sheet))
    drawn = fields(root)
    for name in ("a1", "c3"):
        assert "track" in classes(drawn[name]) and "printed" in classes(drawn[name])
        assert "cross" not in classes(drawn[name])
    assert drawn["b2"].get("data-kind") == "station" and "+4" in ET.tostring(drawn["b2"], encoding="unicode")


# --- a played state ---------------------------------------------------------------------------------
def test_state_svg_of_a_played_draft():
    game = make_game("dizzle", players=2, sheet=SMALL)
    state = game.new_initial_state()
    state.apply("roll 1 1 2 4 6 6 6")
    state.apply("1@b1")                 # seat 0
    state.apply("1@b1")                 # seat 1
    during = fields(parse(state_svg(state, 0)))
    assert during["b1"].get("data-state") == "die" and "die" in classes(during["b1"])
    state.apply("4@b2")                 # seat 0
    state.apply("2@c1")                 # seat 1
    state.apply("pass")                 # seat 0: only 6s are left
    state.apply("pass")                 # seat 1, the last active player: the draft ends
    svg = state_svg(state, 0)
    drawn = fields(parse(svg))
    for name in ("b1", "b2"):
        assert drawn[name].get("data-state") == "crossed" and "cross" in classes(drawn[name])
    assert "die" not in classes(drawn["b1"])
    assert drawn["c1"].get("data-state") is None and "cross" not in classes(drawn["c1"])
    title = parse(svg).find(f"{SVG}title").text
    assert title.startswith("t") and "seat 0" in title and f"{state.scores()[0]} point" in title
    theirs = fields(parse(state_svg(state, 1)))
    assert "cross" not in classes(theirs["b2"]) and "cross" in classes(theirs["c1"])


def test_state_svg_with_drawn_tracks_and_lava():
    game = make_game("dizzle", players=2, sheet=RAILWAY)
    state = game.new_initial_state()
    play_random(state, random.Random(3), 40)
    sheet = game.sheet
    b1, c2 = sheet.field_index("b1"), sheet.field_index("c2")
    seen = WithExtras(state, tracks=[{b1: EAST | WEST}, {}], lava=[0, 1 << c2])
    mine = fields(parse(state_svg(seen, 0)))
    assert "track" in mine["b1"].get("data-state").split()
    assert "drawn" in classes(mine["b1"]) and "cross" not in classes(mine["b1"])
    theirs = fields(parse(state_svg(seen, 1)))
    assert "track" not in (theirs["b1"].get("data-state") or "")
    assert "lava" in theirs["c2"].get("data-state").split()
    # without the extras (older states) nothing breaks
    assert len(fields(parse(state_svg(state, 0)))) == sheet.fields.bit_count()


def test_state_svg_shows_the_engine_tracks_and_lava():
    rail = make_game("dizzle", players=2, sheet=RAILWAY).new_initial_state()
    ridge = make_game("dizzle", players=2, sheet={"name": "ridge", "grid": ["X 1 2 3", "4 V 5 6"]})
    ridge = ridge.new_initial_state()
    if not (hasattr(rail, "tracks") and hasattr(ridge, "lava")):
        pytest.skip("the engine keeps no tracks or lava yet")
    rng = random.Random(8)
    for _ in range(200):
        if rail.tracks[0] or rail.current_player() == TERMINAL:
            break
        play_random(rail, rng, 1)
    assert rail.tracks[0]
    drawn = fields(parse(state_svg(rail, 0)))
    for index, bits in rail.tracks[0].items():
        field = drawn[rail.sheet.field_name(index)]
        assert "track" in field.get("data-state").split()
        assert [p.get("data-bits") for p in field.iter(f"{SVG}path")
                if "drawn" in (p.get("class") or "")] == [str(bits)]
    for _ in range(200):
        if ridge.lava[0] or ridge.current_player() == TERMINAL:
            break
        play_random(ridge, rng, 1)
    assert ridge.lava[0]
    drawn = fields(parse(state_svg(ridge, 0)))
    for name in ridge.sheet.names(ridge.lava[0]):
        assert "lava" in drawn[name].get("data-state").split()


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert not installed")
def test_converts_to_png(tmp_path):
    source = tmp_path / "sheet.svg"
    source.write_text(sheet_svg(sheet_from_data(EVERYTHING), title="Everything"), encoding="utf-8")
    target = tmp_path / "sheet.png"
    subprocess.run(["rsvg-convert", str(source), "-o", str(target)], check=True, timeout=60)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
