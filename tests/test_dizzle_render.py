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
