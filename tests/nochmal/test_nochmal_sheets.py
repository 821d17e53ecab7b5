"""The printed sheets, the sheet invariants (nochmal.md "Sheet invariants"), the
action notation and ids, and illegal actions."""

import copy

import pytest
from nochmal_helpers import expect_illegal, make, new_state, play, roll, sheet_data

from dicehall.engine import DicehallError, IllegalAction, NotationError, make_game
from dicehall.games.nochmal import Cross, Pass, Special, edition_sheet, sheet_from_data

# the grids of nochmal.md, as printed there
SO_GUT = """
      A  B  C  D  E  F  G  H  I  J  K  L  M  N  O
  P   r  r  O  y  y  R  r  g  g  y  Y  O  o  o  b
  Q   b  y  y  y  o  o  r  r  b  B  y  y  r  o  o
  R   b  y$ b  b  b  o  o  O  b  g  g  y  r  r  o$
  S   o  B  b  G  b$ y  y  b  o  o  g  g  G  r  r
  T   o  o  r  r  g  b  b  b  y  o  o  r$ y  y  Y
  U   g  g  r  o  g  g  G  y  y  r  r  r  b  B  g
  V   Y  g  g  o  R  g$ g  y  R  r  b  b  b  g  g
"""
CLASSIC = """
      A B C D E F G H I J K L M N O
  1   g g g y y y y G b b b O y y y
  2   o g Y g Y y o o r B b o o g g
  3   B g r g g g G r r r y y o g g
  4   b r r g o O b b g g y y o R b
  5   r o o o o r b b o o o r r r r
  6   r B b R r r r y Y o R b b b O
  7   y y b b b b r y y y g g G o o
"""


def tokens(text):
    return [token for line in text.strip().splitlines()[1:] for token in line.split()[1:]]


@pytest.mark.parametrize("edition, grid, first, jokers", [
    ("so-gut", SO_GUT, [5, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 5], 6),
    ("classic", CLASSIC, [5, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 5], 8),
])
def test_the_shipped_sheets_load_and_match_the_rules(edition, grid, first, jokers):
    sheet = make_game("nochmal", players=2, edition=edition).sheet
    assert sheet is edition_sheet(edition)
    assert (sheet.width, sheet.height, sheet.size) == (15, 7, 105)
    cells = tokens(grid)
    assert len(cells) == 105
    assert "".join(sheet.colours) == "".join(token[0].lower() for token in cells)
    assert sheet.names(sheet.stars) == [sheet.box_name(i) for i, t in enumerate(cells) if t[0].isupper()]
    assert sheet.names(sheet.special_fields) == [sheet.box_name(i) for i, t in enumerate(cells)
                                                 if t.endswith("$")]
    assert sheet.start_column == 7
    assert list(sheet.column_first) == first
    assert list(sheet.column_later) == [3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 3]
    assert list(sheet.colour_bonus) == [5, 3]
    assert sheet.jokers == jokers
    for colour in "gybro":
        assert sorted(b.size for b in sheet.blocks if b.colour == colour) == [1, 2, 3, 4, 5, 6]
        stars = [i for i in range(105) if sheet.stars >> i & 1 and sheet.colours[i] == colour]
        assert len(stars) == 3
    assert sheet.row_labels == tuple("1234567")   # the rows are named as in notations (h3)
    if edition == "so-gut":
        assert sheet.names(sheet.special_fields) == ["b3", "o3", "e4", "l5", "f7"]
        assert (sheet.hearts, sheet.special_dice, sheet.special_dice_at_start) == (5, 9, 1)
        assert sheet.start_column_special and sheet.row_points == 5
        assert sheet.row_items == ("special", "bomb", "heart", "bomb", "special", "heart", "bomb")
    else:
        assert (sheet.hearts, sheet.special_dice, sheet.special_dice_at_start) == (0, 0, 0)
        assert not sheet.start_column_special and sheet.row_points == 0
        assert sheet.row_items == () and sheet.special_fields == 0


def printed(**changes):
    data = copy.deepcopy(edition_sheet("so-gut").data)
    data.update(changes)
    return data


def with_boxes(data, **boxes):
    """Replace boxes of a sheet table's grid: ``a1="g"``."""
    rows = [row.split() for row in data["grid"]]
    for name, token in boxes.items():
        rows[int(name[1:]) - 1]["abcdefghijklmno".index(name[0])] = token
    data["grid"] = ["  ".join(row) for row in rows]
    return data


@pytest.mark.parametrize("data, words", [
    (printed(grid=[" ".join(row.split()[:14]) for row in printed()["grid"]],
             column_first=printed()["column_first"][:14], column_later=printed()["column_later"][:14]),
     ["grid", "must be 15 columns by 7 rows, not 14x7"]),
    (printed(grid=printed()["grid"][:6], row_items=printed()["row_items"][:6]),
     ["must be 15 columns by 7 rows, not 15x6"]),
    (with_boxes(printed(), a1="g"),
     ["grid", "green has blocks of sizes 1, 1, 2, 3, 4, 5, 6", "one block each of sizes 1 to 6"]),
    (with_boxes(printed(), c1="o", m1="O"),
     ["every column needs exactly one star; columns C, M do not"]),
    (with_boxes(printed(), a7="y", a1="R"), ["yellow has 2 stars, needs 3"]),
])
def test_sheets_breaking_the_invariants_are_refused_naming_the_fault(data, words):
    with pytest.raises(DicehallError) as info:
        sheet_from_data(data, "mine.toml")
    message = str(info.value)
    assert message.startswith("mine.toml: ")
    for word in words:
        assert word in message, message
    with pytest.raises(DicehallError):
        make_game("nochmal", players=2, sheet=data)
    # without the invariants the same table loads
    assert sheet_from_data({**data, "invariants": False}).size == len(" ".join(data["grid"]).split())


@pytest.mark.parametrize("change, words", [
    ({"grid": ["g y q"]}, ["unknown box 'q'"]),
    ({"grid": ["g y b", "r o"]}, ["row 2 has 2 boxes, row 1 has 3"]),
    ({"colour": "blue"}, ["colour", "unknown key"]),
    ({"start_column": "z"}, ["start_column", "must be a column letter"]),
    ({"row_items": ["heart"]}, ["row_items"]),
    ({"edition": "deluxe"}, ["edition", "must be one of so-gut, classic"]),
])
def test_sheet_schema_errors(change, words):
    data = {**sheet_data(["g y b", "r o g"]), **change}
    with pytest.raises(DicehallError) as info:
        make_game("nochmal", players=2, sheet=data)
    for word in words:
        assert word in str(info.value), str(info.value)


@pytest.mark.parametrize("game", [make(players=2), make(players=2, edition="classic"),
                                  make(["G g$ g b", "r r y$ o"], players=1)],
                         ids=["so-gut", "classic", "tiny"])
def test_every_action_id_round_trips_through_its_notation(game):
    seen = set()
    kinds = set()
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        text = str(action)
        assert game.parse_action(text) == action, text
        assert game.action_id(action) == action_id, text
        assert game.to_action_id(text) == action_id
        assert text not in seen
        seen.add(text)
        kinds.add(action.face if isinstance(action, Special) else type(action).__name__)
    assert {"Pass", "Cross", "heart", "bomb", "stars", "row", "block"} <= kinds
    with pytest.raises(NotationError):
        game.action_from_id(game.num_distinct_actions)


def test_the_so_gut_action_table_sizes():
    game = make(players=2)
    table = game.table
    assert len(table.crosses) == 284 and len(table.bombs) == 881
    assert len(table.stars) == 120 and len(table.rows) == 4025 and len(game.sheet.blocks) == 30
    assert game.num_distinct_actions == 2 + 4 * 284 + 881 + 120 + 4025 + 30


def test_notation_reads_any_box_order_and_case_and_writes_it_canonically():
    game = make(players=2)
    assert game.parse_action("Y3 I6 H6 I5") == Cross("y", "3", ("i5", "h6", "i6"))
    assert game.parse_action("x? h1") == Cross("x", "?", ("h1",))
    assert game.parse_action("pass") == Pass()
    assert game.parse_action("heart") == Special("heart")
    assert str(game.parse_action("block f5")) == "block h4"     # the blue block h4 h5 g5 f5
    assert str(game.parse_action("bomb e3 d2 d3")) == "bomb d2 d3 e3"


@pytest.mark.parametrize("text", [
    "", "y6 h1", "z3 h1", "y3", "y1 h1 h1", "y1 p1", "y1 h8", "g1 h6", "y2 h6",
    "y2 h6 h1", "heart h1", "bomb", "bomb a1 c1", "stars a1", "stars h3 k1 d4", "row a1 a2",
    "row a1 b1 c1 d1", "block", "block a1 b1", "pass now", "cross h1",
])
def test_bad_action_notations_are_refused(text):
    state = new_state(players=2)
    play(state, roll("g y b", "1 2 3", "heart"))
    expect_illegal(state, text, seat=0, error=NotationError)


def test_illegal_actions_name_the_reason_and_change_nothing():
    state = new_state(players=2)
    play(state, roll("g y b", "1 2 3", "bomb"))
    for action, words in [("y1 i6", "must touch a crossed box or lie in column H"),
                          ("r2 g2 h2", "no r colour die"), ("y4 h6 i6 h7 i5", "no 4"),
                          ("x1 h1", "no colour joker"), ("g? h1", "no number joker"),
                          ("heart", "shows bomb, not heart"), ("stars h3", "shows bomb")]:
        expect_illegal(state, action, words, seat=0)
    play(state, (0, "y2 h6 h7"))
    expect_illegal(state, "y1 i6", "nothing to decide", seat=0)
    expect_illegal(state, "pass", "seat 5", seat=5)
    play(state, (1, "bomb a1 b1"), roll("g y b", "1 2 3", "bomb"))
    expect_illegal(state, "y1 h6", "already crossed", seat=0)
    expect_illegal(state, "bomb h6 h7", "already crossed", seat=0)
    expect_illegal(state, "bomb a1", "no circled special die", seat=1)
    assert isinstance(IllegalAction("x"), DicehallError)


def test_states_survive_json_and_clones_in_every_phase():
    game = make(players=3)
    state = game.new_initial_state()
    steps = [roll("g y b", "1 2 3", "heart"), (0, "y2 h6 h7"), (1, "heart"), (2, "pass")]
    steps += [roll("g g g", "1 1 1", "heart"), (0, "pass"), (1, "pass"), (2, "pass")] * 2
    steps += [roll("g y b", "1 2 3", "bomb"), (0, "bomb a1 b1"), (2, "y1 h6"), (1, "pass")]
    for step in steps:
        play(state, step)
        again = game.state_from_json(state.to_json())
        assert again.to_json() == state.to_json()
        assert state.clone().to_json() == state.to_json()
        for seat in range(3):
            assert sorted(map(str, again.legal_actions(seat))) == \
                sorted(map(str, state.legal_actions(seat)))


def test_a_sheet_missing_a_colour_is_refused_even_without_the_invariants():
    data = sheet_data(["g g y", "y b b"])         # no red, no orange
    with pytest.raises(DicehallError, match="every colour needs boxes; missing: red, orange"):
        make_game("nochmal", players=2, sheet=data)
