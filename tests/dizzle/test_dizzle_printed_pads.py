"""Sheets that express every printed pad (issue 13): a field may carry two
specials, each of which applies, and a railway sheet may have a printed start
cross that is not a track (dizzle.md "Special fields", "Level 8 — railway")."""

import pytest
from dizzle_helpers import assert_legal, crossed, make, new_state, play, scribbled, sheet_data

from dicehall.engine import CHANCE, SIMULTANEOUS
from dicehall.games.datafile import SheetError
from dicehall.games.dizzle.layout import sheet_layout
from dicehall.games.dizzle.render import sheet_text
from dicehall.games.dizzle.scoring import score_parts
from dicehall.games.dizzle.sheet import NORTH, SOUTH
from dicehall.games.dizzle.sheetfile import sheet_from_data
from dicehall.games.dizzle.svg import sheet_svg

# a1 X  b1 1 (red gem 3 + red puzzle piece 5)  c1 2
# a2 3  b2 4                                   c2 5
GRID = ["X 1 2", "3 4 5"]
GEM_AND_PUZZLE = {"gems": [{"at": "b1", "colour": "red", "points": 3}],
                  "puzzles": [{"at": "b1", "colour": "red", "points": 5}]}


def first_draft_on_b1(state) -> None:
    """Seat 0 takes the 1 onto b1; nothing else fits; the draft is crossed."""
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.draft == 1 and state.current_player() == CHANCE


def test_a_gem_and_a_puzzle_piece_on_one_field_both_score():
    state = new_state(GRID, **GEM_AND_PUZZLE)
    first_draft_on_b1(state)
    assert crossed(state, 0) == ["a1", "b1"]
    parts = score_parts(state.sheet, state.crossed[0], 0, [], False)
    assert (parts["gems"], parts["puzzles"]) == (3, 5)
    assert state.scores() == [8, 0]


def test_a_bomb_with_a_gem_explodes_for_the_others_and_scores_the_gem_for_its_player():
    state = new_state(GRID, gems=[{"at": "b1", "colour": "blue", "points": 4}],
                      bombs=[{"at": "b1", "points": 2}])
    first_draft_on_b1(state)
    assert scribbled(state, 1) == ["b1"]
    assert state.scores() == [4, -2]


def test_a_rocket_on_a_flag_claims_the_flag_and_crosses_a_planet():
    state = new_state(["X 1 P", "3 4 5"], rockets=[{"at": "b1"}],
                      flags=[{"at": "b1", "colour": "green", "track": [7, 4]}])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.current_player() == SIMULTANEOUS and state.deciders() == (0,)
    play(state, "planet c1")
    assert crossed(state, 0) == ["a1", "b1", "c1"]
    assert state.flag_values == [[7], [None]]
    assert state.scores() == [7, 0]


def test_two_specials_are_in_the_layout_and_both_renders():
    game = make(GRID, **GEM_AND_PUZZLE)
    field = next(f for f in sheet_layout(game)["fields"] if f["name"] == "b1")
    assert [s["kind"] for s in field["specials"]] == ["gem", "puzzle"]
    assert 'data-field="b1" data-number="1" data-kind="gem puzzle"' in sheet_svg(game.sheet)
    row = sheet_text(game.sheet, header=False).splitlines()
    assert any("1◆✚" in line for line in row)


@pytest.mark.parametrize("specials, message", [
    ({"gems": [{"at": "b1", "colour": "red", "points": 3}, {"at": "b1", "colour": "blue", "points": 2}]},
     r"gems\[1\]\.at: b1 already carries a gem"),
    ({**GEM_AND_PUZZLE, "poops": [{"at": "b1", "points": 2}]},
     r"poops\[0\]\.at: b1 already carries a gem and a puzzle piece \(at most 2"),
])
def test_specials_on_one_field_are_limited(specials, message):
    with pytest.raises(SheetError, match=message):
        sheet_from_data(sheet_data(GRID, **specials))


# --- a railway sheet with a printed start cross that is not a track ----------------------
# a1 X (printed track es)  b1 1  c1 2
# a2 3                     b2 4  c2 X (a plain start cross)
RAIL_GRID = ["X 1 2", "3 4 X"]
RAIL = {"railway": True, "tracks": [{"at": "a1", "piece": "es"}]}


def test_a_railway_start_cross_without_a_track_is_crossed_but_no_track():
    state = new_state(RAIL_GRID, **RAIL)
    assert crossed(state, 0) == ["a1", "c2"]
    # a die may go next to the plain start cross: c1 (2) and b2 (4)
    play(state, "roll 2 6 6 6 6 6 6")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1", "pass", "pass", "track c1 ns")
    assert state.tracks[0] == {2: NORTH | SOUTH}
    # c1 points south at c2, which has no piece: an open network of one field;
    # the printed a1 alone is another: 1 + 1
    assert score_parts(state.sheet, state.crossed[0], 0, [], False, state.tracks[0])["railway"] == 2
    assert state.scores() == [2, 1]


def test_the_plain_start_cross_is_drawn_as_an_x_and_laid_out_without_a_track():
    game = make(RAIL_GRID, **RAIL)
    layout = sheet_layout(game)
    assert layout["tracks"] == [{"field": "a1", "piece": "es"}]
    assert next(f for f in layout["fields"] if f["name"] == "c2")["kind"] == "start"
    svg = sheet_svg(game.sheet, crossed=1 << 1, tracks={})
    c2 = svg[svg.index('data-field="c2"'):]
    assert 'class="cross"' in c2[:c2.index("</g>")]
    b1 = svg[svg.index('data-field="b1"'):]     # crossed, its piece still due: no X
    assert 'class="cross"' not in b1[:b1.index("</g>")]


def test_a_station_on_a_plain_start_cross_is_refused():
    with pytest.raises(SheetError, match=r"stations\[0\]\.at: c2 is a start cross without a printed track"):
        sheet_from_data(sheet_data(RAIL_GRID, **RAIL, stations=[{"at": "c2", "points": 3}]))
