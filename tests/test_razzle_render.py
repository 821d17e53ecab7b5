"""The Rich rendering of the Razzle-Dazzle board, table and scores (rendered as plain text)."""

from __future__ import annotations

import io
import re

import pytest

pytest.importorskip("rich")

from rich.console import Console  # noqa: E402

from dicehall.engine import make_game, state_from_json  # noqa: E402
from dicehall.games.razzle.render import (  # noqa: E402
    colour_style,
    piece_letters,
    render_board,
    render_scores,
    render_state,
    ring_cells,
    ring_shape,
)

CELL = 7  # characters per field on the standard board


def show(renderable, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, no_color=True, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


def board_lines(text: str) -> list[str]:
    """The ring's lines: from the top row (field 0 first) to the bottom row."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(" 0 "))
    return lines[top:top + 13]


def cell(lines: list[str], field: int) -> str:
    """The text of ``field`` on the standard 13 x 13 ring, trailing blanks removed."""
    row, column = ring_cells(13, 13)[field]
    return lines[row][column * CELL:(column + 1) * CELL].rstrip()


def started(players: int = 3):
    """Red starts, spins a 6 and enters a piece: progress 6, field 5."""
    game = make_game("razzle", players=players)
    state = game.new_initial_state()
    state.apply("first 0")
    state.apply("spin 6")
    state.apply("enter")
    return game, state


def edited(state, progress: dict[int, list[int]], **fields):
    """A copy of ``state`` with the progress of some seats set (``{1: [5, 0, 0, 49]}``;
    the goal counts follow) and other JSON fields replaced (``phase="spin"``)."""
    data = state.to_json()
    for seat, pieces in progress.items():
        player = data["players"][seat]
        player["progress"] = pieces
        player["goals"] = pieces.count(state.board.track_length + 1)
    data.update(fields)
    return state_from_json(data)


# --- the ring ----------------------------------------------------------------------------
def test_ring_shape_and_cells():
    assert ring_shape(48) == (13, 13)
    assert ring_shape(48, 11) == (11, 15)  # narrow: a taller rectangle, same perimeter
    assert ring_shape(25) == (8, 7)        # odd: one spare cell
    assert ring_shape(8) == (3, 3)
    cells = ring_cells(13, 13)
    assert len(cells) == 48 and len(set(cells)) == 48
    assert cells[0] == (0, 0) and cells[12] == (0, 12) and cells[24] == (12, 12)
    assert cells[36] == (12, 0) and cells[47] == (1, 0)


def test_standard_board_fields_and_markers():
    _, state = started()
    lines = board_lines(show(render_board(state)))
    assert len(lines) == 13
    assert cell(lines, 0) == " 0 ◆R"    # red's entry, a safe field
    assert cell(lines, 16) == "16 ◆B"
    assert cell(lines, 32) == "32 ◆Y"
    for safe in (8, 24, 40):
        assert cell(lines, safe) == f"{safe:>2} ◆"
    assert cell(lines, 12) == "12 ↷28"  # jump fields show their arrow's target
    assert cell(lines, 28) == "28 ↷44"
    assert cell(lines, 44) == "44 ↷12"
    assert cell(lines, 1) == " 1"
    assert cell(lines, 47) == "47" and lines[1].startswith("47 ")
    assert cell(lines, 5) == " 5 R1"    # the piece red entered with a 6
    assert lines[0].startswith(" 0 ◆R   1      2      3      4      5 R1   6")
    assert lines[-1].startswith("36     35     34     33     32 ◆Y")


def test_every_field_is_a_fixed_width_cell():
    _, state = started()
    state = edited(state, {1: [5, 9, 0, 0], 2: [13, 9, 0, 0]})
    lines = board_lines(show(render_board(state)))
    shape = re.compile(r"[ \d]\d( |( ◆|( [RBY]\d[◆↷ ]?)|( ↷\d\d)|( ◆[RBY])) *)?")
    for field in range(48):
        assert shape.fullmatch(cell(lines, field)), (field, cell(lines, field))
    for row in range(1, 12):
        assert lines[row][CELL * 12:].split()[0] == str(12 + row)  # the right side lines up


def test_pieces_of_every_colour_on_safe_and_jump_fields():
    _, state = started()
    # blue: piece 1 on field 20, piece 2 on the safe 24, piece 4 in the goal;
    # yellow: piece 1 on the jump field 44, piece 2 on 40 (safe)
    state = edited(state, {1: [5, 9, 0, 49], 2: [13, 9, 0, 0]})
    lines = board_lines(show(render_board(state)))
    assert cell(lines, 5) == " 5 R1"
    assert cell(lines, 20) == "20 B1"
    assert cell(lines, 24) == "24 B2◆"
    assert cell(lines, 44) == "44 Y1↷"
    assert cell(lines, 40) == "40 Y2◆"
    assert lines[8].startswith("40 Y2◆ ") and lines[8].rstrip().endswith("20 B1")


def test_players_start_goal_and_wheels_inside_the_ring():
    _, state = started()
    state = edited(state, {1: [5, 0, 0, 49]})
    state.apply("spin 2")  # red again after its 6: the 2 and the 6 are gone
    text = show(render_board(state, names=["Ann", "Bob", "Cid"], seat=2))
    lines = board_lines(text)
    inside = [line[CELL:CELL * 12] for line in lines[1:12]]
    assert any(re.search(r"player\s+start\s+goal\s+wheel", line) for line in inside)
    red = next(line for line in inside if "Ann" in line).split()
    blue = next(line for line in inside if "Bob" in line).split()
    yellow = next(line for line in inside if "Cid" in line).split()
    assert red == ["▸", "R", "red", "Ann", "●●●○", "○○○○", "0/3", "1", "·", "3", "4", "5", "·"]
    assert blue == ["B", "blue", "Bob", "●●○○", "○○○●", "1/3", "1", "2", "3", "4", "5", "6"]
    assert yellow == ["Y", "yellow", "Cid", "(you)", "●●●●", "○○○○", "0/3",
                      "1", "2", "3", "4", "5", "6"]
    key = next(line for line in inside if "safe" in line)
    assert "◆ safe" in key and "↷ jump 12↷28 28↷44 44↷12" in key
    assert "entry R 0 B 16 Y 32" in key


def test_goal_hollows_fill_from_the_back_and_the_goal_count():
    game = make_game("razzle", players=2, pieces=5, goal=4)
    state = edited(game.new_initial_state(), {0: [49, 49, 3, 0, 0], 1: [0, 0, 0, 0, 0]},
                   phase="spin")
    text = show(render_board(state))
    assert re.search(r"R red\s+Seat 0\s+●●○○○\s+○○○●● 2/4", text)
    assert re.search(r"B blue\s+Seat 1\s+●●●●●\s+○○○○○ 0/4", text)
    assert "Y yellow" not in text and "Y 32" not in text
    assert cell(board_lines(text), 32) == "32 ◆"  # no yellow seat: just a safe field


def test_narrow_console_draws_a_rectangle():
    _, state = started()
    text = show(render_state(state), width=80)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(" 0 "))
    ring = lines[top:top + 15]
    assert [ring[0][c * CELL:c * CELL + 2].strip() for c in range(11)] == [
        str(field) for field in range(11)]
    assert [ring[row][CELL * 10:CELL * 10 + 2] for row in range(15)] == [
        str(field) for field in range(10, 25)]
    assert ring[-1].startswith("34     33     32 ◆Y")
    assert re.search(r"R red\s+Seat 0\s+●●●○", text)  # the table still fits inside
    for field in range(48):
        assert re.search(rf"(^|\s){field}(\s|$)", text), field


def test_small_custom_board_puts_the_players_below():
    board = {"name": "Tiny", "track_length": 9, "colours": ["red", "blue", "yellow"],
             "entries": [0, 3, 6], "safe": [0, 6], "jumps": [[2, 5]], "pieces": 2}
    game = make_game("razzle", players=3, board=board)
    state = game.new_initial_state()
    text = show(render_state(state), width=100)
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("0 "))
    ring = lines[top:top + 3]  # 4 x 3 for 9 fields, one cell spare
    assert ring[0].rstrip() == "0 ◆R 1    2 ↷5 3 ▸B"
    assert ring[1].rstrip() == "               4"  # the spare cell on the left
    assert ring[2].rstrip() == "8    7    6 ◆Y 5"
    assert re.match(r"\s*R red\s+Seat 0\s+●●\s+○○ 0/1", lines[top + 4])
    assert "Tiny · 3 players · 2 pieces, 1 in the goal wins" in text


def test_clashing_initials_and_colour_words():
    board = {"name": "Dark", "track_length": 12, "colours": ["blue", "black", "Yellow"],
             "entries": [0, 4, 8], "safe": [], "jumps": [], "pieces": 2}
    game = make_game("razzle", players=3, board=board)
    assert piece_letters(game.board) == ("A", "B", "C")
    assert piece_letters(make_game("razzle").board) == ("R", "B", "Y")
    assert colour_style("red") == "bright_red"
    assert colour_style(" Blue ") == "dodger_blue1"
    assert colour_style("#8b4513") == "#8b4513"
    assert colour_style("no such colour") == "magenta"


def test_pieces_are_drawn_in_their_colour_and_movable_ones_underlined():
    _, state = started()
    state.apply("spin 3")  # red again after the 6: the piece on 5 can move
    console = Console(file=io.StringIO(), width=120, force_terminal=True, color_system="standard")
    console.print(render_board(state))
    out = console.file.getvalue()
    token = re.search(r"\x1b\[([0-9;]*)mR1", out)
    codes = token.group(1).split(";")
    assert "7" in codes and "4" in codes and "91" in codes  # reverse, underline, bright red
    assert "\x1b" not in show(render_board(state))


# --- the header ---------------------------------------------------------------------------
def test_header_phases():
    game = make_game("razzle", players=3)
    state = game.new_initial_state()
    text = show(render_state(state, names=["Ann", "Bob", "Cid"]))
    assert text.startswith("Razzle-Dazzle · Standard board · 3 players · 4 pieces, "
                           "3 in the goal wins\n")
    assert "Players: red Ann, blue Bob, yellow Cid" in text
    assert "▸ drawing who starts" in text
    state.apply("first 1")
    text = show(render_state(state, seat=1, names=["Ann", "Bob", "Cid"]))
    assert "blue Bob (you)" in text
    assert "▸ blue Bob to spin · no spin yet" in text
    state.apply("spin 4")
    assert "▸ blue Seat 1 spun 4: choose a piece to move 4" in show(render_state(state))
    state.apply("enter")
    assert "▸ yellow Seat 2 to spin · last spin 4" in show(render_state(state))


def test_header_no_move_and_spin_again():
    # goal 4 of 4: red has three pieces home, its last stands on field 7 before the
    # safe field 8, where a blue piece sits; a 1 allows no move
    game = make_game("razzle", players=2, goal=4)
    state = edited(game.new_initial_state(), {0: [8, 49, 49, 49], 1: [41, 0, 0, 0]},
                   phase="spin", turn=0)
    state.apply("spin 1")
    text = show(render_state(state))
    assert "▸ red Seat 0 spun 1: no move: spin again or end the turn" in text
    assert cell(board_lines(text), 8) == " 8 B1◆"
    assert cell(board_lines(text), 7) == " 7 R1"
    state.apply("spin")
    assert "▸ red Seat 0 spins again · last spin 1" in show(render_state(state))


def test_game_over_header_and_final_scores():
    game = make_game("razzle", players=3)
    state = edited(game.new_initial_state(),
                   {0: [49, 49, 49, 0], 1: [10, 49, 0, 0], 2: [30, 20, 0, 0]},
                   phase="over", number=5)
    text = show(render_state(state, names=["Ann", "Bob", "Cid"]))
    assert "★ Game over: red Ann wins with 3 pieces in the goal · last spin 5" in text
    assert "▸" not in text.split("Game over")[1]  # nobody's turn any more
    scores = show(render_scores(state, names=["Ann", "Bob", "Cid"]))
    assert "Final scores" in scores
    header = next(line for line in scores.splitlines() if "Place" in line)
    assert header.split() == ["Place", "Seat", "Colour", "Name", "In", "goal", "Progress"]
    rows = [line.split() for line in scores.splitlines() if re.match(r"\s*\d+\s+\d", line)]
    assert rows == [["1", "0", "red", "Ann", "★", "winner", "3/3", "147"],
                    ["2", "1", "blue", "Bob", "1/3", "59"],
                    ["3", "2", "yellow", "Cid", "0/3", "50"]]


def test_scores_so_far_shared_places_and_default_names():
    _, state = started(players=2)
    state = edited(state, {0: [6, 0, 0, 0], 1: [6, 0, 0, 0]})
    text = show(render_scores(state))
    assert "Standings so far" in text and "winner" not in text
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d+\s+\d", line)]
    assert rows == [["1", "0", "red", "Seat", "0", "0/3", "6"],
                    ["1", "1", "blue", "Seat", "1", "0/3", "6"]]


def test_render_state_widths_stay_inside_the_console():
    _, state = started()
    state = edited(state, {1: [5, 9, 0, 49], 2: [13, 9, 0, 0]})
    names = ["a rather long player name", "Bob", "Cid"]
    for width in (80, 100, 120):
        text = show(render_state(state, seat=0, names=names), width=width)
        assert max(len(line.rstrip()) for line in text.splitlines()) <= width
        assert "B1" in text and "Y1↷" in text and "R1" in text
