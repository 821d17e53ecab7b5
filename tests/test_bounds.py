"""Bounded input: caps on every sheet and board a user supplies, validation of
nested data, the normalised tables games keep, and bounds on every numeric
option. The limits are documented in docs/sheets.md, docs/nochmal-sheets.md,
docs/razzle.md and docs/records.md."""

import copy
import json
import time

import pytest

from dicehall.engine import DicehallError, Option, OptionError, game_class, game_names, make_game
from dicehall.games.datafile import SheetError
from dicehall.games.dizzle.sheetfile import sheet_from_data as dizzle_sheet
from dicehall.games.nochmal.sheetfile import sheet_from_data as nochmal_sheet
from dicehall.games.razzle.board import board_from_data
from dicehall.server.lobby import LobbyError, configure

DIZZLE = {"name": "Tiny", "grid": ["X 1 2 3", "4 5 6 1", "2 3 . P"],
          "gems": [{"at": ["b2", "d2"], "colour": "blue", "points": 3}],
          "rockets": [{"at": "a2"}], "flags": [{"at": "c1", "colour": "red", "track": [5, 2]}],
          "solo_rating": [{"min": 10, "label": "good"}, {"label": "keep trying"}]}
NOCHMAL = {"name": "Small", "edition": "so-gut", "grid": ["g y b r o", "G Y B R O"], "start_column": "c",
           "column_first": [1] * 5, "column_later": [0] * 5, "colour_bonus": [5, 3], "jokers": 6,
           "invariants": False}
RAZZLE = {"name": "Ring", "track_length": 12, "colours": ["red", "blue", "yellow"], "entries": [0, 4, 8],
          "safe": [0, 4, 8], "jumps": [[2, 6]], "pieces": 2}


def changed(base: dict, **changes) -> dict:
    return {**copy.deepcopy(base), **changes}


def refusal(load, data) -> str:
    with pytest.raises(SheetError) as caught:
        load(data, "mine.toml")
    message = str(caught.value)
    assert message.startswith("mine.toml: ") and len(message) < 300, message
    return message


def noch_mal_grid(width: int, height: int, tile: tuple[int, int], stars: int = 0) -> list[str]:
    """A grid of one-colour rectangular blocks of ``tile`` boxes (rows, columns),
    neighbours in different colours, with ``stars`` stars spread over it."""
    rows, step = [], max(1, width * height // stars) if stars else 0
    for r in range(height):
        row = []
        for c in range(width):
            colour = "gybro"[(r // tile[0] * 2 + c // tile[1]) % 5]
            row.append(colour.upper() if step and (r * width + c) % step == 0 and
                       (r * width + c) // step < stars else colour)
        rows.append(" ".join(row))
    return rows


def noch_mal(grid: list[str]) -> dict:
    width = len(grid[0].split())
    return changed(NOCHMAL, grid=grid, start_column="a", column_first=[1] * width, column_later=[0] * width)


# --- Dizzle sheets ------------------------------------------------------------------------------
@pytest.mark.parametrize("changes, words", [
    ({"grid": [" ".join(["X"] + ["1"] * 26)]}, "grid: must be 1 to 26 columns by 1 to 30 rows"),
    ({"grid": ["X 1 2 3"] * 31}, "grid: must have 1-30 rows, got 31"),
    ({"grid": ["X 1" + " " * 300 + "2"]}, "grid[0]: must have at most 200 characters, got 304"),
    ({"name": "n" * 81}, "name: must have at most 80 characters"),
    ({"description": "d" * 1001}, "description: must have at most 1000 characters"),
    ({"level": 100}, "level: must be 1-99, got 100"),
    ({"gems": [{"at": "b2", "colour": "blue", "points": 101}]}, "gems[0].points: must be 1-100, got 101"),
    ({"gems": [{"at": "b2", "colour": "c" * 21, "points": 1}]}, "gems[0].colour: must have at most 20"),
    ({"gems": [{"at": "b2", "colour": "blue", "points": 10**30}]},
     "gems[0].points: must be 1-100, got a number of 31 digits"),
    ({"bombs": [{"at": "b2", "points": 1}] * 101}, "bombs: must have at most 100 items, got 101"),
    ({"areas": [{"at": ["b2"] * 781, "points": 1}]}, "areas[0].at: must have 1-780 items, got 781"),
    ({"flags": [{"at": "c1", "colour": "red", "track": list(range(21, 0, -1))}]},
     "flags[0].track: must have 1-20 items, got 21"),
    ({"solo_rating": [{"min": 10**6, "label": "x"}, {"label": "y"}]},
     "solo_rating[0].min: must be -10000-10000"),
    ({"solo_rating": [{"min": n, "label": "x"} for n in range(21, 0, -1)]},
     "solo_rating: must have at most 20"),
    ({"rockets": [{"at": "a1000"}]}, "rockets[0].at: expected a field name like c4, got 'a1000'"),
    ({"rockets": [{"at": "a²"}]}, "rockets[0].at: expected a field name like c4, got 'a²'"),
])
def test_dizzle_sheet_limits(changes, words):
    dizzle_sheet(DIZZLE)
    assert words in refusal(dizzle_sheet, changed(DIZZLE, **changes))


def test_the_largest_dizzle_sheet_loads():
    grid = [" ".join("X" if r == c == 0 else "P" if (r, c) == (29, 25) else str(1 + (r + c) % 6)
                     for c in range(26)) for r in range(30)]
    sheet = dizzle_sheet(changed(DIZZLE, grid=grid, areas=[{"at": ["b1", "c1"], "points": 100}] * 100))
    assert (sheet.width, sheet.height, len(sheet.areas)) == (26, 30, 100)


# --- Noch mal sheets ------------------------------------------------------------------------------
@pytest.mark.parametrize("changes, words", [
    ({"column_first": [101] * 5}, "column_first[0]: must be 0-100, got 101"),
    ({"column_first": [1] * 21}, "column_first: must have at most 20 items, got 21"),
    ({"colour_bonus": [5, 10**400]}, "colour_bonus[1]: must be 0-100, got a number of 401 digits"),
    ({"jokers": 51}, "jokers: must be 0-50, got 51"),
    ({"hearts": -1}, "hearts: must be 0-50, got -1"),
    ({"solo_rolls": 101}, "solo_rolls: must be 1-100, got 101"),
    ({"row_points": 10**19}, "row_points: must be 0-100"),
    ({"row_labels": ["x" * 21, "y"]}, "row_labels[0]: must have at most 20 characters"),
    ({"grid": ["g y b r o"] * 13}, "grid: must have 1-12 rows, got 13"),
    ({"grid": [" ".join("gybro" * 5)[:41]]}, "grid: must be 1 to 20 columns by 1 to 12 rows"),
])
def test_noch_mal_sheet_limits(changes, words):
    nochmal_sheet(NOCHMAL)
    assert words in refusal(nochmal_sheet, changed(NOCHMAL, **changes))


def test_noch_mal_limits_on_what_building_costs():
    assert "the green block at a1 has 13 boxes; a block has at most 12" in refusal(
        nochmal_sheet, noch_mal([" ".join("g" * 13), " ".join("ybro" * 3 + "y")]))
    assert "41 stars; a sheet has at most 40" in refusal(
        nochmal_sheet, noch_mal(noch_mal_grid(20, 5, (1, 1), 41)))
    assert "the sheet has 38,713 actions; at most 30,000" in refusal(
        nochmal_sheet, noch_mal(noch_mal_grid(20, 12, (3, 4), 40)))


def test_the_drills_21_by_18_sheet_of_stars_is_refused_at_once():
    # 1.1 KB, 105,096 actions: 4 s to build here before the limits, 78 s in the drill
    data = noch_mal([row.upper() for row in noch_mal_grid(21, 18, (1, 1))])
    assert len(json.dumps(data)) < 1200
    start = time.process_time()
    assert "grid: must have 1-12 rows, got 18" in refusal(nochmal_sheet, data)
    assert time.process_time() - start < 0.1


@pytest.mark.parametrize("grid", [
    noch_mal_grid(20, 12, (3, 4), 40), noch_mal_grid(20, 12, (2, 6), 40),   # refused by their actions
    noch_mal_grid(20, 12, (1, 12), 40), noch_mal_grid(20, 12, (12, 1), 40),  # accepted
    noch_mal_grid(20, 12, (1, 1), 40), noch_mal_grid(20, 12, (2, 2), 40),
], ids=["3x4-blocks", "2x6-blocks", "1x12-blocks", "12x1-blocks", "1x1-blocks", "2x2-blocks"])
def test_any_noch_mal_sheet_builds_or_is_refused_within_a_second(grid):
    start = time.process_time()  # not the wall clock: the tests may share the machine
    try:
        game = make_game("nochmal", players=6, sheet=noch_mal(grid))
        game.new_initial_state().legal_actions(0)
    except SheetError as error:
        assert "grid" in str(error)
    assert time.process_time() - start < 1.0


# --- Razzle-Dazzle boards ---------------------------------------------------------------------------
@pytest.mark.parametrize("changes, words", [
    ({"track_length": 10**6}, "track_length: must be 8-200, got 1000000"),
    ({"track_length": 10**11}, "track_length: must be 8-200, got 100000000000"),
    ({"track_length": 10**19}, "track_length: must be 8-200, got a number of 20 digits"),
    ({"track_length": 201}, "track_length: must be 8-200, got 201"),
    ({"track_length": 7}, "track_length: must be 8-200, got 7"),
    ({"track_length": "48"}, "track_length: expected a whole number, got '48'"),
    ({"track_length": 48.0}, "track_length: expected a whole number, got 48.0"),
    ({"pieces": 7}, "pieces: must be 2-6, got 7"),
    ({"pieces": True}, "pieces: expected a whole number, got True"),
    ({"safe": [0] * 201}, "safe: must have at most 200 items, got 201"),
    ({"jumps": [[1, 2]] * 201}, "jumps: must have at most 200 items, got 201"),
    ({"jumps": [[1, 2, 3]]}, "jumps[0]: must have 2 items, got 3"),
    ({"colours": ["red", "blue", "y" * 21]}, "colours[2]: must have at most 20 characters"),
    ({"colours": ["red", "blue", " "]}, "colours[2]: expected a colour name, got ' '"),
    ({"entries": [0, 4]}, "entries: must have 3 items, got 2"),
])
def test_razzle_board_limits(changes, words):
    board_from_data(RAZZLE)
    assert words in refusal(board_from_data, changed(RAZZLE, **changes))


def test_the_longest_razzle_board_plays():
    game = make_game("razzle", board=changed(RAZZLE, track_length=200, entries=[0, 66, 133]))
    assert game.num_distinct_actions == 204 and game.layout()


# --- nested data -----------------------------------------------------------------------------------
@pytest.mark.parametrize("load, data, words", [
    (dizzle_sheet, changed(DIZZLE, gems=[{"at": "b2", "colour": "blue", "points": 3, "extra": 1}]),
     "gems[0].extra: unknown key (known: at, colour, points)"),
    (dizzle_sheet, changed(DIZZLE, flags=[{"at": "c1", "colour": "red", "track": [5], "x": {}}]),
     "flags[0].x: unknown key"),
    (nochmal_sheet, changed(NOCHMAL, solo_rating=[{"label": "x", "max": 3}]),
     "solo_rating[0].max: unknown key"),
    (dizzle_sheet, changed(DIZZLE, **{"gems": [{"at": "b2", "colour": "blue", "points": 3, "x\ny" * 30: 1}]}),
     "gems[0].'x\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx\\nyx'...: unknown key"),
    (dizzle_sheet, changed(DIZZLE, gems=[{"at": "b2", "colour": ["blue"], "points": 3}]),
     "gems[0].colour: expected a colour name, got a list of 1 item"),
    (dizzle_sheet, changed(DIZZLE, railway="yes"), "railway: expected true or false, got 'yes'"),
    (nochmal_sheet, changed(NOCHMAL, jokers=6.0), "jokers: expected a whole number, got 6.0"),
    (nochmal_sheet, changed(NOCHMAL, row_items="bomb"), "row_items: expected a list, got 'bomb'"),
    (board_from_data, changed(RAZZLE, jumps=[{"from": 2, "to": 6}]),
     "jumps[0]: expected a list, got a table"),
])
def test_nested_keys_and_types_are_checked_at_every_level(load, data, words):
    assert words in refusal(load, data)


def deep(levels: int, inner=None):
    for _ in range(levels):
        inner = [inner]
    return inner


@pytest.mark.parametrize("levels", [254, 300, 5000, 100_000])
def test_deep_nesting_is_a_short_clean_error(levels):
    message = refusal(dizzle_sheet, changed(DIZZLE, gems=[{"at": deep(levels), "colour": "b", "points": 1}]))
    assert "gems[0].at[0]: expected a field name like c4, got a list of 1 item" in message
    message = refusal(board_from_data, changed(RAZZLE, jumps=deep(levels)))
    assert "jumps[0]: must have 2 items, got 1" in message
    text = json.dumps(changed(RAZZLE, jumps="here")).replace('"here"', "[" * levels + "]" * levels)
    with pytest.raises(DicehallError, match="nested too deeply|jumps.0.: must have 2 items, got 1"):
        make_game("razzle", board=text)


def test_json_text_refuses_nan_and_infinity():
    for text in ('{"pieces": NaN}', '{"pieces": Infinity}', '{"pieces": -Infinity}', '{"pieces": 1e999}'):
        with pytest.raises(OptionError, match="option 'board': not valid JSON"):
            make_game("razzle", board=text)
    from dicehall.engine.inputs import parse_json

    with pytest.raises(DicehallError, match="not valid JSON"):
        parse_json("[" * 100_000, "deep.json")


# --- the normalised form ---------------------------------------------------------------------------
@pytest.mark.parametrize("game, option, table", [
    ("dizzle", "sheet", DIZZLE), ("nochmal", "sheet", NOCHMAL), ("razzle", "board", RAZZLE)])
def test_games_keep_and_record_the_normalised_table_not_the_callers(game, option, table):
    given = copy.deepcopy(table)
    made = make_game(game, {option: given})
    stored = made.record_options()[option]
    assert stored == table and stored is not given
    given["name"] = "changed afterwards"
    assert made.record_options()[option]["name"] == table["name"]
    assert json.loads(json.dumps(made.record_options(), allow_nan=False)) == made.record_options()


def test_the_server_stores_the_normalised_table_and_refuses_a_bad_one():
    given = copy.deepcopy(RAZZLE)
    game = configure("razzle", {"board": given})
    assert game.record_options()["board"] == RAZZLE and game.record_options()["board"] is not given
    for bad in (changed(RAZZLE, track_length=10**19), changed(RAZZLE, safe=deep(300)),
                changed(RAZZLE, extra=1)):
        with pytest.raises(LobbyError) as caught:
            configure("razzle", {"board": bad})
        assert caught.value.status == 400 and caught.value.detail.startswith("inline board: ")


# --- options --------------------------------------------------------------------------------------
def test_every_numeric_option_has_bounds_or_choices():
    with pytest.raises(TypeError, match="needs choices or bounds"):
        Option("speed", int, 1, "unbounded")
    for name in game_names():
        for option in game_class(name).option_specs:
            if option.kind is int:
                assert option.choices or option.bounds, (name, option.name)


@pytest.mark.parametrize("name, option", [
    (name, option.name) for name in game_names() for option in game_class(name).option_specs
    if option.kind is int])
@pytest.mark.parametrize("value", [10**309, -(10**309), float("inf"), float("nan"), 1e309, "inf", "nan",
                                   "1e309", "9" * 5000, 2**63, -1, 0.5, True])
def test_numeric_options_refuse_out_of_range_values(name, option, value):
    with pytest.raises(OptionError, match=f"option '{option}'") as caught:
        make_game(name, {option: value})
    assert len(str(caught.value)) < 200


def test_move_time_is_one_second_to_an_hour():
    assert make_game("razzle", move_time=3600).options["move_time"] == 3600
    assert make_game("razzle", move_time="1").options["move_time"] == 1
    for value in (0, 3601, 10**309):
        with pytest.raises(OptionError, match="option 'move_time' must be 1-3600"):
            make_game("razzle", move_time=value)
