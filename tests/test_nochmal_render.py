"""The Rich rendering of Noch mal sheets, tables and scores (rendered as plain text)."""

from __future__ import annotations

import io
import random
import re

import pytest

pytest.importorskip("rich")

from rich.console import Console  # noqa: E402

from dicehall.engine import make_game  # noqa: E402
from dicehall.games.nochmal.render import (  # noqa: E402
    PALETTES,
    choice_mask,
    render_scores,
    render_sheet,
    render_state,
    visible_choice,
)
from dicehall.games.nochmal.scoring import score_parts  # noqa: E402
from dicehall.games.nochmal.state import ITEM, OTHERS  # noqa: E402

HEADER = "     A  B  C  D  E  F  G [H] I  J  K  L  M  N  O"


def show(renderable, width: int = 140) -> str:
    console = Console(file=io.StringIO(), width=width, no_color=True)
    console.print(renderable)
    return console.file.getvalue()


def lines_of(text: str) -> list[str]:
    """The lines with trailing blanks removed."""
    return [line.rstrip() for line in text.splitlines()]


def cells(line: str) -> list[str]:
    """The 15 three-character box cells of a grid line (after label and space)."""
    line = line.ljust(4 + 3 * 15)
    return [line[4 + 3 * column:7 + 3 * column] for column in range(15)]


def new_state(players: int = 2, edition: str = "so-gut"):
    game = make_game("nochmal", players=players, edition=edition)
    return game, game.new_initial_state()


def played(players: int = 2):
    """Roll 1: seat 0 crosses y3 i5 h6 i6, seat 1 circles a heart; roll 2: seat 0
    uses both jokers on h1 i1; roll 3: both pass."""
    game, state = new_state(players)
    state.apply("roll g y x / 1 3 ? / heart")
    assert "y3 i5 h6 i6" in [str(a) for a in state.legal_actions(0)]
    state.apply("y3 i5 h6 i6", 0)
    state.apply("heart", 1)
    state.apply("roll g y x / 1 3 ? / stars")
    assert "x? h1 i1" in [str(a) for a in state.legal_actions(0)]
    state.apply("x? h1 i1", 0)
    state.apply("pass", 1)
    state.apply("roll g b r / 2 4 5 / bomb")
    state.apply("pass", 0)
    state.apply("pass", 1)
    return game, state


def play_out(state, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = state.deciders()[0]
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)


# --- the sheet ---------------------------------------------------------------------------
def test_empty_so_gut_sheet():
    game, _ = new_state()
    rows = lines_of(show(render_sheet(game.sheet)))
    assert rows[0] == HEADER
    assert rows[1] == "  1  r  r  o★ y  y  r★ r  g  g  y  y★ o★ o  o  b  $ 5"
    assert rows[3] == "  3  b  y$ b  b  b  o  o  o★ b  g  g  y  r  r  o$ ♥ 5"
    assert rows[4] == "  4  o  b★ b  g★ b$ y  y  b  o  o  g  g  g★ r  r  ✹ 5"
    assert [row[:3] for row in rows[1:8]] == ["  1", "  2", "  3", "  4", "  5", "  6", "  7"]  # as h1…h7
    assert rows[8] == "1st  5  3  3  3  2  2  2  2  2  2  2  3  3  3  5"
    assert rows[9] == "2nd  3  2  2  2  1  1  1  0  1  1  1  2  2  2  3"
    assert rows[10] == "  ♥"  # the heart-bonus line, nothing written yet
    assert rows[11] == "! jokers 6/6   $ special 1 free, 1/9 circled   ♥ 0/5"
    assert rows[12] == "g 0/21  y 0/21  b 0/21  r 0/21  o 0/21"
    text = "\n".join(rows)
    assert text.count("★") == 15 + 0 and text.count("$") == 5 + 2 + 1  # fields, 2 items, status


def test_classic_sheet_has_no_hearts_or_special_dice():
    game, _ = new_state(edition="classic")
    text = show(render_sheet(game.sheet))
    rows = lines_of(text)
    assert rows[0] == HEADER
    assert rows[1] == "  1  g  g  g  y  y  y  y  g★ b  b  b  o★ y  y  y"
    assert [row[:3].strip() for row in rows[1:8]] == [str(n) for n in range(1, 8)]
    assert rows[8] == "1st  5  3  3  3  2  2  2  1  2  2  2  3  3  3  5"
    assert rows[10] == "! jokers 8/8"
    assert "♥" not in text and "$" not in text and "✹" not in text and "special" not in text


def test_cells_have_a_fixed_width():
    game, state = played()
    sheet = game.sheet
    text = show(render_sheet(sheet, state.crossed[0], pending=sheet.columns[0]))
    header, *rows = lines_of(text)
    for column in range(15):
        assert header[4 + 3 * column:7 + 3 * column].strip("[] ") == "ABCDEFGHIJKLMNO"[column]
    cell = re.compile(r" [gybro][★$ ]| X[★$ ]|\[x\]")
    for row in rows[:7]:
        assert all(cell.fullmatch(c) for c in cells(row)), row


def test_crossed_boxes_in_place_and_jokers():
    game, state = played()
    rows = lines_of(show(render_sheet(game.sheet, state.crossed[0],
                                      jokers_used=state.jokers_used[0])))
    assert cells(rows[1])[7:9] == [" X ", " X "]      # h1 i1 (two jokers)
    assert cells(rows[5])[8] == " X "                 # i5
    assert cells(rows[6])[7:9] == [" X ", " X "]      # h6 i6
    assert cells(rows[6])[6] == " g★"                 # g6 still open
    assert sum(row.count("X") for row in rows[1:8]) == 5
    assert "! jokers 4/6" in rows[11]
    assert rows[12].startswith("g 2/21  y 3/21")


def test_stars_special_fields_and_pending_boxes():
    game, _ = new_state()
    sheet = game.sheet
    b3, h3, c1 = (sheet.box_index(name) for name in ("b3", "h3", "c1"))
    rows = lines_of(show(render_sheet(sheet, 1 << b3 | 1 << h3, pending=1 << c1, specials=2,
                                      specials_used=1)))
    assert cells(rows[3])[1] == " X$"   # a crossed special-die field
    assert cells(rows[3])[7] == " X★"   # a crossed star
    assert cells(rows[1])[2] == "[x]"   # a chosen box, not crossed yet
    assert "$ special 1 free, 2/9 circled" in rows[11]


def test_columns_hearts_rows_and_colours():
    game, _ = new_state()
    sheet = game.sheet
    points = [None] * 15
    points[7], points[0] = 2, 3           # H first, A later
    bonus = [None] * 15
    bonus[7], bonus[0] = 1, 0
    colours = [5, None, None, None, None]
    crossed = sheet.columns[7] | sheet.columns[0] | sheet.rows[0] | sheet.colour_masks["g"]
    rows = lines_of(show(render_sheet(
        sheet, crossed, column_points=points, heart_bonus=bonus, colour_points=colours,
        columns_taken=1 << 7 | 1 << 0 | 1 << 14, rows_taken=1 << 0 | 1 << 1, hearts=1)))
    first, later, hearts = rows[8], rows[9], rows[10]
    assert cells(first)[7] == "[2]" and cells(later)[7] == " 0 "
    assert cells(first)[0] == " – " and cells(later)[0] == "[3]"
    assert cells(first)[14] == " – " and cells(later)[14] == " 3 "   # gone, not completed
    assert hearts.startswith("  ♥  0") and cells(hearts)[7] == " 1 "
    assert rows[1].endswith("$[5]")       # row P complete: its item and 5 points
    assert rows[2].endswith("– 5")        # row Q's bomb went to someone else
    assert rows[3].endswith("♥ 5")
    assert "♥ 1/5" in rows[11]
    assert rows[12].startswith("g ✓+5  y ")


# --- the table ----------------------------------------------------------------------------
def test_state_header_dice_and_side_by_side_sheets():
    _, state = new_state()
    state.apply("roll g y x / 1 3 ? / heart")
    text = show(render_state(state, seat=0, names=["Ann", "Bob"]), width=120)
    assert "Noch mal so gut! · 2 players · roll 1 · active Ann" in text
    assert "▸ everyone chooses from all dice (rolls 1-3): Ann, Bob" in text
    assert "Dice: [g] [y] [✕]  [1] [3] [?]  [♥] heart" in text
    title = next(line for line in text.splitlines() if "Ann (you) · -22 points" in line)
    assert "Bob · -22 points" in title  # two sheets side by side at width 120
    assert text.count(HEADER.strip()) == 2
    assert "to choose" in text


def test_hidden_choice_shows_as_chosen():
    _, state = new_state()
    state.apply("roll g y x / 1 3 ? / heart")
    state.apply("y3 i5 h6 i6", 0)
    other = show(render_state(state, seat=1))
    assert "chosen" in other
    assert "y3 i5 h6 i6" not in other and "[x]" not in other.replace("[x] chosen", "")
    spectator = show(render_state(state))
    assert "chosen" in spectator and "y3" not in spectator
    own = show(render_state(state, seat=0))
    assert "chose y3 i5 h6 i6" in own
    assert own.count("[x]") == 3 + 1  # the three boxes and the legend
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert [visible_choice(state, p, seat) for p in (0, 1)] == \
            [player["pending"] for player in view["players"]]


def test_others_phase_shows_the_active_choice_and_the_dice_left():
    _, state = played()
    state.apply("roll g y b / 1 2 3 / row")
    assert state.active == 1
    state.apply("y2 h6 h7", 1)
    assert state.phase == OTHERS
    text = show(render_state(state, seat=0, names=["Ann", "Bob"]))
    assert "roll 4 · active Bob" in text
    assert "▸ others choosing from the dice Bob left: Ann" in text
    assert "Dice: [g] [y] [b]  [1] [2] [3]  [≡] three in a row" in text
    assert "Left for the others: [g] [b]  [1] [3]  [≡] three in a row" in text
    assert "active · chose y2 h6 h7" in text  # public once the others choose
    assert "to choose" in text
    assert choice_mask(state, state.pending[1]).bit_count() == 2
    assert choice_mask(state, state.pending[0]) == 0


def test_active_player_choosing_and_special_die_taken():
    _, state = new_state()
    for _ in range(3):
        state.apply("roll g b r / 2 4 5 / bomb")
        state.apply("pass", 0)
        state.apply("pass", 1)
    state.apply("roll g y b / 1 2 3 / heart")
    text = show(render_state(state, names=["Ann", "Bob"]))
    assert "▸ Bob chooses a colour and a number die, the special die or passes" in text
    state.apply("heart", 1)
    text = show(render_state(state, names=["Ann", "Bob"]))
    assert "Left for the others: [g] [y] [b]  [1] [2] [3]  special die taken" in text


def test_player_status_in_state():
    _, state = played()
    text = show(render_state(state, seat=1, names=["Ann", "Bob"]))
    assert "▸ Bob rolls the dice" in text and "Dice: to be rolled" in text
    assert "Bob (you)" in text
    status = next(line for line in text.splitlines() if "jokers" in line)
    assert "jokers 4/6" in status and "jokers 6/6" in status
    assert "$ special 1 free, 1/9 circled   ♥ 0/5" in status
    assert "$ special 0 free, 1/9 circled   ♥ 1/5" in status


def test_row_bomb_phase():
    _, state = played()
    state.phase, state.bombs_due = ITEM, [1, 0]   # as after completing a row first
    text = show(render_state(state))
    assert "▸ row bomb: Seat 0 cross up to 4 boxes in one 2×2 square" in text
    assert "✹ row bomb to cross: 1" in text


def test_state_stacks_sheets_when_narrow():
    _, state = new_state(edition="classic")
    text = show(render_state(state), width=70)
    assert "Noch mal! · 2 players · roll 1 · active Seat 0" in text
    seat0 = next(line for line in text.splitlines() if "Seat 0 · -22 points" in line)
    assert "Seat 1" not in seat0
    assert "Seat 1 · -22 points" in text
    assert "♥" not in text and "special" not in text


def test_game_over_and_first_bonuses_gone():
    _, state = new_state()
    play_out(state, 5)
    text = show(render_state(state))
    assert re.search(r"game over after roll \d+", text)
    assert "Dice" not in text and "to choose" not in text
    assert "First bonuses gone:" in text and "colours " in text


def test_colour_palettes_follow_the_terminal():
    game, _ = new_state(edition="classic")

    def paint(system: str) -> str:
        console = Console(file=io.StringIO(), width=120, force_terminal=True, color_system=system)
        console.print(render_sheet(game.sheet))
        return console.file.getvalue()

    standard, full = paint("standard"), paint("truecolor")
    assert "\x1b[" in standard and "\x1b[" in full
    assert "43" in standard and "41" in standard  # orange on dark yellow, red on red
    assert "48;2;242;140;40" in full              # orange paper in true colour
    assert set(PALETTES["standard"]) == set(PALETTES["full"]) == set("gybro")
    assert len({paper for paper, _, _ in PALETTES["standard"].values()}) == 5


# --- the scores ------------------------------------------------------------------------------
def score_rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if re.match(r"\s*\d+\s+\d+\s+\w", line)]


def test_score_table_values_and_parts():
    _, state = played()
    text = show(render_scores(state, names=["Ann", "Bob"]))
    assert "Scores so far" in text
    above, header = next((a, b) for a, b in zip(text.splitlines(), text.splitlines()[1:])
                         if "Place" in b)
    assert above.split() == ["Special"]   # two-word headers take two lines
    assert header.split() == ["Place", "Seat", "Name", "Score", "Colours", "Columns", "Hearts",
                              "Rows", "Jokers", "dice", "Stars"]
    assert state.scores() == [-24, -24]  # a tie: more jokers left wins
    assert score_rows(text) == [["1", "1", "Bob", "-24", "0", "0", "0", "0", "6", "0", "-30"],
                                ["2", "0", "Ann", "-24", "0", "0", "0", "0", "4", "2", "-30"]]
    assert "Rating" not in text


def test_classic_final_scores_hide_so_gut_parts():
    _, state = new_state(players=3, edition="classic")
    play_out(state, 2)
    text = show(render_scores(state))
    assert "Final scores" in text
    header = next(line for line in text.splitlines() if "Place" in line)
    assert header.split() == ["Place", "Seat", "Name", "Score", "Colours", "Columns", "Jokers",
                              "Stars"]
    places, scores = state.places(), state.scores()
    rows = score_rows(text)
    assert [row[1] for row in rows] == [str(seat) for seat in state.ranking()]
    for row in rows:
        seat = int(row[1])
        parts = score_parts(state, seat)
        assert row == [str(places[seat]), str(seat), "Seat", str(seat), str(scores[seat]),
                       str(parts["colours"]), str(parts["columns"]), str(parts["jokers"]),
                       str(parts["stars"])]


def test_solo_rating_and_early_end():
    game, state = new_state(players=1)
    text = show(render_scores(state))
    assert f"Rating: {game.rating(state.scores()[0])} (so far)" in text
    assert "under 10" in text
    play_out(state, 1)
    text = show(render_scores(state))
    assert f"Rating: {game.rating(state.scores()[0])}" in text and "(so far)" not in text
    header = [line.split() for line in text.splitlines()[1:3]]
    assert header[0] == ["Special", "Early"] and header[1][-3:] == ["dice", "Stars", "end"]
    over = show(render_state(state))
    assert "solo · game over" in over and "gone to others" not in over


def test_solo_classic_header_and_rating():
    game, state = new_state(players=1, edition="classic")
    state.apply("roll g x / 1 ?")
    text = show(render_state(state))
    assert "Noch mal! · solo · roll 1 of 30" in text
    assert "▸ choose a colour and a number die or pass" in text
    scores = show(render_scores(state))
    assert "Early end" not in scores and "Special" not in scores
    assert f"Rating: {game.rating(state.scores()[0])}" in scores
