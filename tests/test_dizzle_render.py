"""The Rich rendering of Dizzle sheets, tables and scores (rendered as plain text)."""

from __future__ import annotations

import io
import random
import re

import pytest

pytest.importorskip("rich")

from rich.console import Console  # noqa: E402

from dicehall.engine import make_game  # noqa: E402
from dicehall.games.dizzle.render import colour_style, render_scores, render_sheet, render_state, sheet_text  # noqa: E402

TINY = {"name": "t", "grid": ["X 1 2 3", "4 5 6 P"],
        "gems": [{"at": "b1", "points": 2, "colour": "red"}],
        "rockets": [{"at": "c2"}],
        "bombs": [{"at": "d1", "points": 3}]}

RICH = {"name": "Rich", "level": 3, "description": "All the specials.",
        "grid": ["X 1 2 3 4",
                 "5 6 . 1 2",
                 "3 4 5 6 P"],
        "gems": [{"at": "b1", "points": 2, "colour": "blue"}],
        "keys": [{"at": "c1", "colour": "yellow"}],
        "locks": [{"at": "e2", "colour": "yellow"}],
        "flags": [{"at": "a2", "colour": "green", "track": [10, 6, 3, 1]}],
        "puzzles": [{"at": ["d1", "b3"], "colour": "purple", "points": 8}],
        "poops": [{"at": "c3", "points": 2}],
        "rockets": [{"at": "d3"}],
        "arrows": [{"from": "a1", "to": "e1", "points": 8}],
        "areas": [{"at": ["a2", "b2", "a3", "b3"], "points": 10}]}

SOLO = dict(TINY, solo_rating=[{"min": 5, "label": "superstar"},
                               {"label": "were those dice made of stock cubes?"}])


def show(renderable, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, no_color=True, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


def lines_of(text: str) -> list[str]:
    """The lines with the panel borders and trailing blanks removed."""
    return [line.strip("│ ").rstrip() for line in text.splitlines()]


def tiny(players: int = 2, sheet: dict = TINY):
    game = make_game("dizzle", players=players, sheet=sheet)
    return game, game.new_initial_state()


def played_draft():
    """Both seats fill the tiny sheet in one draft; seat 0 takes the bomb d1 and both
    the rocket c2, so seat 1's d1 is scribbled and both must cross the planet."""
    game, state = tiny()
    state.apply("roll 1 2 3 4 5 6 6")
    for move in ("1@b1", "4@a2", "2@c1", "5@b2", "3@d1", "6@c2", "6@c2"):
        state.apply(move)
    return game, state


# --- the sheet ---------------------------------------------------------------------------
def test_empty_sheet_grid_letters_numbers_and_markers():
    game, _ = tiny()
    text = sheet_text(game.sheet)
    rows = text.splitlines()
    assert rows[:2] == ["t", ""]  # the title, no description
    grid = rows[2:]
    assert grid[0] == "  a   b   c   d"
    assert grid[1] == "1 X   1◆  2   3✹"
    assert grid[2] == "2 4   5   6▲  ◯"
    assert "◆ red gem +2" in text
    assert "✹ bomb -3 scribbled" in text
    assert "▲ rocket → ◯ planet" in text
    assert "\x1b" not in text


def test_grid_cells_have_a_fixed_width():
    game, state = tiny(sheet=RICH)
    sheet = game.sheet
    state.apply("roll 1 2 3 4 5 6 6")
    state.apply("1@b1")
    grid = show(render_sheet(sheet, state.crossed[0], dice=state.dice[0], legend=False))
    header, *rows = grid.splitlines()
    assert len(rows) == sheet.height
    marks = "◆✹⚷▣▲⚑✚●◯"
    cell = re.compile(rf" [1-6X#][{marks} ] | ◯  |\[[1-6][{marks}]\]|\[[1-6]\] | {{4}}")
    for column, letter in enumerate("abcde"):
        start = 1 + 4 * column  # one character of row numbers, then 4 per field
        assert header[start:start + 4].rstrip() == f" {letter}"
        for row in rows:
            assert cell.fullmatch(row[start:start + 4].ljust(4)), (letter, row)


def test_rich_sheet_specials_and_legend():
    game = make_game("dizzle", players=2, sheet=RICH)
    text = show(render_sheet(game.sheet))
    assert "1 X   1◆  2⚷  3✚  4" in text
    assert "2 5⚑  6       1   2▣" in text
    assert "3 3   4✚  5●  6▲  ◯" in text
    assert "arrow a1-e1: 8 points" in text
    assert "area a2 b2 a3 b3: 10 points" in text
    assert "puzzle ✚ purple: 8 points" in text
    assert "flag ⚑ green a2: 10 6 3 1" in text
    assert "⚷ yellow key ▣ lock" in text
    assert "● poop -2" in text
    assert "crossed" not in text  # the empty sheet shows no progress


def test_progress_counts_and_flag_track():
    game = make_game("dizzle", players=2, sheet=RICH)
    sheet = game.sheet
    crossed = sheet.start | 1 << sheet.field_index("b1") | 1 << sheet.field_index("c1")
    text = show(render_sheet(sheet, crossed, flag_next=[1], flag_values=[10]))
    assert "1 X   X◆  X⚷  3✚  4" in text
    assert "arrow a1-e1: 8 points [3/5 crossed]" in text
    assert "area a2 b2 a3 b3: 10 points [0/4 crossed]" in text
    assert "[left 6 3 1] +10 ✓" in text
    assert "▣ lock open" in text  # the key c1 is crossed
    assert "▣ lock closed" in show(render_sheet(sheet, sheet.start))


def test_die_in_play_is_bracketed_and_highlighted():
    game, state = tiny()
    state.apply("roll 1 2 3 4 5 6 6")
    state.apply("1@b1")
    text = show(render_sheet(game.sheet, state.crossed[0], state.scribbled[0], state.dice[0]))
    assert "1 X  [1◆] 2   3✹" in text
    console = Console(file=io.StringIO(), width=120, force_terminal=True,
                      color_system="standard")
    console.print(render_sheet(game.sheet, state.crossed[0], dice=state.dice[0]))
    assert re.search(r"\x1b\[[0-9;]*\b7\b[0-9;]*m\[1◆\]", console.file.getvalue())


def test_crossed_scribbled_and_planet_after_a_draft():
    game, state = played_draft()
    for seat in (0, 1):
        state.apply("planet d2", seat)
    text0 = show(render_sheet(game.sheet, state.crossed[0], state.scribbled[0]))
    text1 = show(render_sheet(game.sheet, state.crossed[1], state.scribbled[1]))
    assert "1 X   X◆  X   X✹" in text0
    assert "2 4   5   X▲  X◯" in text0
    assert "1 X   1◆  2   #✹" in text1
    assert "2 X   X   X▲  X◯" in text1


def test_colour_words():
    assert colour_style("red") == "bright_red"
    assert colour_style(" Blue ") == "dodger_blue1"
    assert colour_style("#8b4513") == "#8b4513"
    assert colour_style("no such colour") == "magenta"


# --- the table ----------------------------------------------------------------------------
def test_state_header_dice_and_side_by_side_sheets():
    _, state = tiny()
    state.apply("roll 1 2 3 4 5 6 6")
    state.apply("1@b1")
    text = show(render_state(state, seat=0, names=["Ann", "Bob"]), width=100)
    assert "draft 1 of 12 (round 1 of 6) · start player Ann" in text
    assert "▸ Bob to move" in text
    assert "Middle: [2] [3] [4] [5] [6] [6]" in text
    assert "[1◆]" in text
    title = next(line for line in text.splitlines() if "Ann (you) · 0 points" in line)
    assert "Bob · 0 points" in title  # two sheets side by side at width 100
    assert "1 die placed" in text


def test_state_stacks_sheets_when_narrow():
    _, state = tiny()
    text = show(render_state(state), width=40)
    assert "▸ Seat 0 rolls the dice" in text
    seat0 = next(line for line in text.splitlines() if "Seat 0 · 0 points" in line)
    assert "Seat 1" not in seat0
    assert "Seat 1 · 0 points" in text


def test_passed_player_and_last_turn():
    _, state = played_draft()
    for seat in (0, 1):
        state.apply("planet d2", seat)
    state.apply("roll 3 3 4 4 5 5 6")  # seat 1 starts and cannot place a 1 or a 2
    state.apply("pass")
    text = show(render_state(state), width=120)
    assert "draft 2 of 12" in text and "start player Seat 1" in text
    assert "▸ Seat 0 to move (last turn)" in text
    assert "passed" in text
    bottom = next(line for line in text.splitlines() if "passed" in line)
    assert "to move" in bottom  # seat 0's panel to the left, seat 1 passed on the right
    assert bottom.index("to move") < bottom.index("passed")


def test_planet_phase_names_who_must_choose():
    _, state = played_draft()
    state.apply("planet d2", 0)
    text = show(render_state(state))
    assert "Seat 1 to cross a planet" in text
    assert "picked a planet" in text and "must cross a planet" in text


# --- the scores ------------------------------------------------------------------------------
def test_score_table_values_and_places():
    _, state = played_draft()
    for seat in (0, 1):
        state.apply("planet d2", seat)
    assert state.scores() == [2, -3]
    text = show(render_scores(state, names=["Ann", "Bob"]))
    assert "Scores so far" in text
    header = next(line for line in text.splitlines() if "Place" in line)
    assert header.split() == ["Place", "Seat", "Name", "Score", "Gems", "Bombs", "Crossed"]
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d+\s+\d+\s+\w", line)]
    assert rows == [["1", "0", "Ann", "2", "2", "0", "6"],
                    ["2", "1", "Bob", "-3", "0", "-3", "5"]]
    assert "Rating" not in text


def test_final_score_table_and_game_over_header():
    game, state = tiny()
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = state.deciders()[0]
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)
    text = show(render_scores(state))
    assert "Final scores" in text
    for seat, score in enumerate(state.scores()):
        assert re.search(rf"\b{state.places()[seat]}\s+{seat}\s+Seat {seat}\s+{score}\b", text)
    over = show(render_state(state))
    assert "game over after draft" in over and "Middle" not in over


def test_solo_rating_label():
    game, state = tiny(players=1, sheet=SOLO)
    assert "Rating: were those dice made of stock cubes? (so far)" in show(render_scores(state))
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = state.deciders()[0]
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)
    score = state.scores()[0]
    text = show(render_scores(state))
    assert f"Rating: {game.rating(score)}" in text
    assert "(so far)" not in text
    assert "✹ bomb +2 crossed" in show(render_state(state))  # solo bombs score


def test_solo_without_rating_table_has_no_rating():
    _, state = tiny(players=1)
    assert "Rating" not in show(render_scores(state))


# --- level 7: volcano and lava -----------------------------------------------------------------
VOLCANO = {"name": "v", "grid": ["X 1 2 3", "4 V 1 6", "5 6 2 1"]}


def test_volcano_sheet_cells_and_legend():
    game, _ = tiny(sheet=VOLCANO)
    text = sheet_text(game.sheet)
    assert "1 X   1   2   3" in text
    assert "2 4   Ѧ   1   6" in text
    assert "Ѧ volcano → ≈≈ lava" in text
    assert "▲" not in text  # the volcano is not the rocket


def test_lava_roll_choice_and_lava_cells():
    _, state = tiny(sheet=VOLCANO)
    text = show(render_state(state))
    assert "▸ the volcano erupts: Seat 0 rolls the lava die" in text
    assert "Lava die" not in text
    state.apply("lava 1")
    text = show(render_state(state))
    assert "▸ the volcano erupts: lava die 1 · choose where the lava flows: Seat 0, Seat 1" in text
    assert "Lava die: [1]" in text
    assert text.count("must choose a lava field") == 2
    state.apply("lava b1", 0)
    text = show(render_state(state, seat=1))
    assert "choose where the lava flows: Seat 1" in text
    assert "lava chosen" in text and "must choose a lava field" in text
    assert text.count("1 X   1   2   3") == 2  # seat 0's choice stays hidden
    state.apply("lava c2", 1)
    text = show(render_state(state))
    assert "▸ Seat 0 rolls the dice" in text
    assert "Lava die: [1]" in text
    row1 = next(line for line in lines_of(text) if line.startswith("1 X"))  # side by side
    assert row1.startswith("1 X   ≈≈  2   3") and "1 X   1   2   3" in row1
    row2 = next(line for line in lines_of(text) if line.startswith("2 4"))
    assert row2.startswith("2 4   Ѧ   1   6") and "2 4   Ѧ   ≈≈  6" in row2
    assert text.count("≈≈ lava (1 field)") == 2
    assert "chosen" not in text


def test_lava_cells_keep_the_cell_width():
    game, state = tiny(sheet=VOLCANO)
    state.apply("lava 1")
    state.apply("lava b1", 0)
    state.apply("lava c2", 1)
    grid = show(render_sheet(game.sheet, state.crossed[0], lava=state.lava[0], legend=False))
    rows = grid.splitlines()[1:]
    assert [row[1:5] for row in rows] == [" X  ", " 4  ", " 5  "]
    assert [row[5:9] for row in rows] == [" ≈≈ ", " Ѧ  ", " 6  "]
    assert [row[9:13] for row in rows] == [" 2  ", " 1  ", " 2  "]


def test_player_without_a_lava_field():
    game, state = tiny(sheet=VOLCANO)
    sheet = game.sheet
    state.crossed[1] |= 1 << sheet.field_index("b1") | 1 << sheet.field_index("c2")
    state.apply("lava 1")
    text = show(render_state(state))
    assert "choose where the lava flows: Seat 0" in text
    assert "must choose a lava field" in text and "no field for the lava" in text


# --- level 8: railway ------------------------------------------------------------------------------
RAILWAY = {"name": "r", "railway": True, "grid": ["X 1 2", "3 4 5"],
           "tracks": [{"at": "a1", "piece": "es"}], "stations": [{"at": "b2", "points": 5}]}


def railway_draft():
    """Seat 0 places on b1 c1 c2, seat 1 on a2 b2; both must then draw their tracks."""
    game, state = tiny(sheet=RAILWAY)
    for move in ("roll 1 2 3 4 5 6 6", "1@b1", "3@a2", "2@c1", "4@b2", "5@c2", "pass", "pass"):
        state.apply(move)
    return game, state


def test_railway_sheet_printed_track_and_station():
    game, _ = tiny(sheet=RAILWAY)
    text = sheet_text(game.sheet)
    assert "1 ┌── 1   2" in text  # the printed track a1 instead of an X
    assert "2 3   4Ⓢ  5" in text
    assert "│─└┌┐┘ track" in text
    assert "station Ⓢ b2: 5 points" in text
    assert "railway: open 1, closed 2, longest closed 3" in text
    assert "network]" not in text and "tracks:" not in text  # no progress on the empty sheet


def test_track_step_header_notes_and_due_fields():
    _, state = railway_draft()
    assert [str(a) for a in state.legal_actions(0)][:2] == ["track b1 ns", "track b1 ew"]
    text = show(render_state(state, seat=0))
    assert "▸ draw track pieces: Seat 0, Seat 1" in text
    assert "must draw 3 tracks" in text and "must draw 2 tracks" in text
    row2 = next(line for line in lines_of(text) if line.startswith("2 3"))  # side by side
    assert row2.startswith("2 3   4Ⓢ  5?") and "2 3?  4Ⓢ? 5" in row2
    assert "1 ┌── 1?  2?" in text
    assert "4? track to draw" in text
    state.apply("track b1 ew", 0)
    text = show(render_state(state, seat=1))
    assert "▸ draw track pieces: Seat 1" in text
    assert "track chosen, 2 more to draw" in text
    assert "1 ┌── 1?  2?" in text  # seat 0's piece stays hidden until seat 1 has drawn
    state.apply("track a2 ne", 1)
    text = show(render_state(state))
    assert "1 ┌────── 2?" in text
    assert "2 └── 4Ⓢ? 5" in text
    assert "must draw 2 tracks" in text and "must draw 1 track" in text


def test_drawn_tracks_join_up_and_score():
    _, state = railway_draft()
    for move, seat in (("track b1 ew", 0), ("track a2 ne", 1), ("track c1 sw", 0),
                       ("track b2 wn", 1), ("track c2 wn", 0)):
        state.apply(move, seat)
    text = show(render_state(state))
    assert "▸ Seat 1 rolls the dice" in text
    seat0_top = next(line for line in lines_of(text) if line.startswith("1 ┌"))
    assert seat0_top.startswith("1 ┌───────┐")
    rows = next(line for line in lines_of(text) if line.startswith("2 "))
    assert rows.startswith("2 3   4Ⓢ ─┘") and "2 └───┘Ⓢ  5" in rows
    assert "X" not in "".join(line for line in lines_of(text) if line[:1] in "12")
    assert "tracks: 4 open, 0 closed → 4 points" in text
    assert "tracks: 3 open, 0 closed → 3 points" in text
    assert text.count("[no closed network]") == 2
    assert state.scores() == [4, 3]
    scores = show(render_scores(state))
    header = next(line for line in scores.splitlines() if "Place" in line)
    assert header.split() == ["Place", "Seat", "Name", "Score", "Railway", "Crossed"]
    rows = [line.split() for line in scores.splitlines() if re.match(r"\s*\d+\s+\d+\s+\w", line)]
    assert rows == [["1", "0", "Seat", "0", "4", "4", "4"], ["2", "1", "Seat", "1", "3", "3", "3"]]


def test_closed_network_with_station():
    game, _ = tiny(sheet=RAILWAY)
    sheet = game.sheet
    at = sheet.field_index
    tracks = {at("b1"): 12, at("a2"): 3, at("b2"): 9}  # sw, ne, wn: a loop with a1 es
    crossed = sheet.start | sum(1 << index for index in tracks)
    text = show(render_sheet(sheet, crossed, tracks=tracks))
    assert "1 ┌───┐   2" in text
    assert "2 └───┘Ⓢ  5" in text
    assert "station Ⓢ b2: 5 points [closed network] ✓" in text
    assert "tracks: 0 open, 4 closed → 17 points" in text  # 4 × 3 longest + station 5
    console = Console(file=io.StringIO(), width=120, force_terminal=True, color_system="standard")
    console.print(render_sheet(sheet, crossed, tracks=tracks, legend=False))
    coloured = console.file.getvalue()
    assert re.search(r"\x1b\[(?:\d+;)*(?:32|92)m[─┌┐└┘]", coloured)  # closed: green


def test_shipped_volcano_and_railway_levels():
    from dicehall.games.dizzle.sheetfile import level_sheet

    volcano = sheet_text(level_sheet(7))
    assert "Ѧ" in volcano and "Ѧ volcano → ≈≈ lava" in volcano
    railway = sheet_text(level_sheet(8))
    grid = [line for line in railway.splitlines() if re.match(r"\d+ ", line)]
    assert grid and not any("X" in line for line in grid)
    assert any(glyph in "".join(grid) for glyph in "│─└┌┐┘")
    assert "Ⓢ" in "".join(grid) and "railway: open 1, closed 2, longest closed 3" in railway
