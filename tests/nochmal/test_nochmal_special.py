"""The special die (nochmal.md "Special die (so-gut)"): its five faces, the circled
special dice it needs, and where more special dice come from."""

from itertools import combinations

import pytest
from nochmal_helpers import (
    assert_legal,
    box_sets,
    crossed,
    expect_illegal,
    legal_crosses,
    legal_specials,
    make,
    new_state,
    play,
    prepare,
    roll,
)

from dicehall.engine import NotationError
from dicehall.games.nochmal import Special


def squares(state):
    """Every 2x2 square of the sheet as a list of box names."""
    sheet = state.sheet
    return [[sheet.box_name(r * sheet.width + c) for r, c in
             ((row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1))]
            for row in range(sheet.height - 1) for col in range(sheet.width - 1)]


def bombs(state, seat=None):
    return [a for a in state.legal_actions(seat) if isinstance(a, Special) and a.face == "bomb"]


def every_bomb(state, free):
    return {frozenset(chosen) for square in squares(state) for size in (1, 2, 3, 4)
            for chosen in combinations([box for box in square if box in free], size)}


# --- bomb ---------------------------------------------------------------------------------
#      a  b  c  d       start column: a
#   1  g  g  y  y       green a1 b1 and d3, yellow c1 d1 d2,
#   2  r  b  b  y       red a2 a3, blue b2 c2, orange b3 c3
#   3  r  o  o  g
BOMB = ["g g y y", "r b b y", "r o o g"]


def test_bomb_up_to_four_free_boxes_of_one_square_any_colours_no_column_h_needed():
    state = new_state(BOMB, players=1, special_dice_at_start=2)
    play(state, roll("g y", "1 2", "bomb"))
    everything = {box for square in squares(state) for box in square}
    found = bombs(state)
    assert box_sets(found) == every_bomb(state, everything)
    assert len(found) == len(set(map(str, found)))          # every bomb offered once
    assert "bomb b2 c2 b3 c3" in map(str, found)            # blue and orange at once
    expect_illegal(state, "bomb a1 c1", "not a bomb action", error=NotationError)
    expect_illegal(state, "bomb a1 b1 c1", "not a bomb action", error=NotationError)
    play(state, "bomb c1 d1")
    assert crossed(state, 0) == ["c1", "d1"] and state.specials_used == [1]
    # later crosses build on the bomb's crosses
    play(state, roll("y b", "1 1", "heart"))
    assert_legal(state, ["b1 c2", "heart", "pass", "y1 d2"])
    play(state, "y1 d2", roll("g y", "1 2", "bomb"))
    free = everything - {"c1", "d1", "d2"}
    assert box_sets(bombs(state)) == every_bomb(state, free)
    expect_illegal(state, "bomb c1 c2", "already crossed")
    expect_illegal(state, "bomb c2 d2", "already crossed")
    play(state, "bomb c2 d3")
    assert crossed(state, 0) == ["c1", "c2", "d1", "d2", "d3"]


def test_a_single_box_bomb_is_enough_and_first_crosses_may_be_bombs():
    state = new_state(BOMB, players=2)
    play(state, roll("g y b", "1 2 3", "bomb"), (0, "bomb d3"), (1, "bomb a1 b1 a2 b2"))
    assert crossed(state, 0) == ["d3"]
    assert crossed(state, 1) == ["a1", "a2", "b1", "b2"]


# --- heart ------------------------------------------------------------------------------------
def test_heart_circles_the_next_heart_and_stays_allowed_when_all_are_circled():
    state = new_state(BOMB, players=1, hearts=2, special_dice_at_start=4)
    for hearts in (1, 2, 2, 2):
        play(state, roll("g y", "1 2", "heart"))
        assert "heart" in legal_specials(state)
        play(state, "heart")
        assert state.hearts == [hearts]
    assert state.specials_used == [4]
    play(state, roll("g y", "1 2", "heart"))
    assert legal_specials(state) == []
    expect_illegal(state, "heart", "no circled special die left")


def test_on_the_printed_sheet_a_sixth_heart_only_uses_up_the_special_die():
    game = make(players=2)
    state = prepare(game, {0: {"hearts": 5, "specials": 2}})
    play(state, roll("g y b", "1 2 3", "heart"))
    assert "heart" in legal_specials(state, 0)
    play(state, (0, "heart"), (1, "heart"))
    assert state.hearts == [5, 1] and state.specials_used == [1, 1]
    assert state.scores()[0] == 6 + 2 * (2 - 1) - 30


def test_heart_is_the_only_special_action_of_the_heart_face():
    state = new_state(BOMB, players=1)
    play(state, roll("g y", "1 2", "heart"))
    assert legal_specials(state) == ["heart"]
    expect_illegal(state, "bomb a1", "shows heart, not bomb")


# --- stars ---------------------------------------------------------------------------------------
#      a  b  c  d       start column: a;  stars (upper case): a1 b1 d1 c2 a3
#   1  G  Y  o  B
#   2  r  y  R  g
#   3  O  b  b  g
STARS = ["G Y o B", "r y R g", "O b b g"]


def test_stars_up_to_two_each_touching_a_cross_the_other_star_or_in_column_h():
    state = new_state(STARS, players=1, special_dice_at_start=3)
    play(state, roll("r y", "1 2", "stars"))
    # a1 and a3 lie in column H; b1 touches a1 once a1 is crossed in the same action
    assert legal_specials(state) == ["stars a1", "stars a1 a3", "stars a1 b1", "stars a3"]
    expect_illegal(state, "stars b1", "each star must touch")
    expect_illegal(state, "stars c2 d1", "each star must touch")
    expect_illegal(state, "stars a1 b1 a3", "not a stars action", error=NotationError)
    expect_illegal(state, "stars a2", "not a stars action", error=NotationError)
    play(state, "r1 a2", roll("y y", "2 2", "stars"))
    assert legal_crosses(state) == ["y2 b1 b2"]
    play(state, "y2 b1 b2", roll("g g", "5 5", "stars"))
    # c2 touches b2; d1 touches c2 only at a corner; b1 is crossed already
    # (boxes are written row by row: c2 before a3)
    assert_legal(state, ["pass", "stars a1", "stars a1 a3", "stars a1 c2", "stars a3",
                         "stars c2 a3", "stars c2"])
    expect_illegal(state, "stars b1", "already crossed")
    play(state, "stars a1 a3")
    assert crossed(state, 0) == ["a1", "a2", "a3", "b1", "b2"]
    assert state.specials_used == [1]


# --- three in a row --------------------------------------------------------------------------------
#      a  b  c  d  e       start column: a; every box is its own block
#   1  g  y  b  r  o
#   2  y  b  r  o  g
ROW = ["g y b r o", "y b r o g"]


def test_three_in_a_row_in_one_row_chained_from_crosses_or_column_h():
    state = new_state(ROW, players=1, special_dice_at_start=3)
    play(state, roll("g g", "5 5", "row"))
    # [decision] column H counts as a start; the boxes chain along the row
    assert legal_specials(state) == ["row a1", "row a1 b1", "row a1 b1 c1",
                                     "row a2", "row a2 b2", "row a2 b2 c2"]
    expect_illegal(state, "row a1 a2", "not a row action", error=NotationError)   # a column
    expect_illegal(state, "row a1 b1 c1 d1", "not a row action", error=NotationError)
    expect_illegal(state, "row b1", "each box must touch")
    expect_illegal(state, "row a1 c1", "each box must touch")
    play(state, "pass", roll("g g", "5 5", "bomb"), "bomb d2", roll("g g", "5 5", "row"))
    # they need not be next to each other, but each touches a cross (d2), column H
    # or one crossed before it in the same action
    assert legal_specials(state) == sorted([
        "row a1", "row d1",
        "row a1 b1", "row a1 d1", "row c1 d1", "row d1 e1",
        "row a1 b1 c1", "row a1 b1 d1", "row a1 c1 d1", "row a1 d1 e1", "row b1 c1 d1",
        "row c1 d1 e1",
        "row a2", "row c2", "row e2",
        "row a2 b2", "row a2 c2", "row a2 e2", "row b2 c2", "row c2 e2",
        "row a2 b2 c2", "row a2 b2 e2", "row a2 c2 e2", "row b2 c2 e2",
    ])
    expect_illegal(state, "row b1 d1", "each box must touch")
    expect_illegal(state, "row d2 e2", "already crossed")
    play(state, "row a1 d1 e1")
    assert crossed(state, 0) == ["a1", "d1", "d2", "e1"]
    assert state.specials_used == [2]


# --- colour block ----------------------------------------------------------------------------------
#      a  b  c  d       start column: a
#   1  y  y  y  g       a yellow block of 6: a1 b1 c1 a2 b2 c2
#   2  y  y  y  b
#   3  r  o  r  o
SIX = ["y y y g", "y y y b", "r o r o"]


def test_colour_block_crosses_a_whole_block_even_of_six():
    state = new_state(SIX, players=1, special_dice_at_start=2)
    play(state, roll("g g", "5 5", "block"))
    # blocks with a box in column H (nothing is crossed yet)
    assert legal_specials(state) == ["block a1", "block a3"]
    expect_illegal(state, "block d1", "the block must touch a crossed box or lie in column H")
    play(state, "block b2")           # any box names its block
    assert crossed(state, 0) == ["a1", "a2", "b1", "b2", "c1", "c2"]
    assert state.colour_points[0][1] == 5
    play(state, roll("g g", "5 5", "block"))
    # blocks touching a cross (or in column H), not the full one, not d3 (corner only)
    assert legal_specials(state) == ["block a3", "block b3", "block c3", "block d1", "block d2"]
    expect_illegal(state, "block a1", "with a box left")
    expect_illegal(state, "block d3", "must touch a crossed box")


def test_colour_block_finishes_a_begun_block():
    state = new_state(SIX, players=1, special_dice_at_start=2)
    play(state, roll("y g", "1 5", "heart"), "y1 a1")
    play(state, roll("g g", "5 5", "block"))
    assert legal_specials(state) == ["block a1", "block a3"]
    assert str(state.game.parse_action("block c2")) == "block a1"
    play(state, "block c2")
    assert crossed(state, 0) == ["a1", "a2", "b1", "b2", "c1", "c2"]


# --- the circled special dice ------------------------------------------------------------------------
#      a  b  c  d       start column: a; b1 and c2 are special-die fields
#   1  G  g$ g  b       (a1 is a star)
#   2  r  r  y$ o
FIELDS = ["G g$ g b", "r r y$ o"]


@pytest.mark.parametrize("face", ["heart", "bomb", "stars", "row", "block"])
def test_without_a_circled_special_die_the_special_die_cannot_be_chosen(face):
    state = new_state(FIELDS, players=2, special_dice_at_start=0)
    assert state.specials == [0, 0]
    play(state, roll("g r b", "1 2 5", face))
    assert legal_specials(state, 0) == legal_specials(state, 1) == []
    action = {"heart": "heart", "bomb": "bomb a1", "stars": "stars a1", "row": "row a1",
              "block": "block a1"}[face]
    expect_illegal(state, action, "no circled special die", seat=0)


def test_special_die_fields_circle_more_special_dice():
    state = new_state(FIELDS, players=2, special_dice_at_start=0)
    play(state, roll("g r b", "1 2 5", "heart"), (0, "g2 a1 b1"), (1, "g1 a1"))
    assert state.specials == [1, 0]
    play(state, roll("g r b", "1 2 5", "heart"))
    assert legal_specials(state, 0) == ["heart"] and legal_specials(state, 1) == []
    play(state, (0, "heart"), (1, "pass"))
    assert state.specials == [1, 0] and state.specials_used == [1, 0] and state.hearts == [1, 0]
    # a bomb on two fields circles two; both are usable at once
    state = new_state(FIELDS, players=1, special_dice_at_start=1)
    play(state, roll("g r", "1 2", "bomb"), "bomb b1 c2")
    assert state.specials == [3] and state.specials_used == [1]


def test_special_dice_are_capped_at_the_icons_on_the_sheet():
    state = new_state(FIELDS, players=1, special_dice=2, special_dice_at_start=1)
    play(state, roll("g r", "1 2", "heart"), "heart", roll("g r", "1 2", "bomb"))
    assert state.specials == [1] and state.specials_used == [1]
    assert legal_specials(state) == []
    play(state, "g2 a1 b1")
    assert state.specials == [2]
    play(state, roll("g r", "1 2", "bomb"), "bomb c2")
    assert state.specials == [2] and state.specials_used == [2]


def test_the_printed_sheets_start_with_one_circled_special_die_classic_with_none():
    assert new_state().specials == [1, 1]
    assert new_state(players=1).specials == [1]
    assert new_state(edition="classic").specials == [0, 0]


#      a  b  c  d       start column: a (completing it circles a special die)
#   1  g  g  g  b
#   2  r  r  y  o
FLOW = ["g g g b", "r r y o"]


def test_completing_the_start_column_circles_a_special_die_for_everyone_who_does():
    game = make(FLOW, players=2, start_column_special=True, special_dice_at_start=0,
                column_first=[2, 3, 3, 3], column_later=[0, 1, 1, 1])
    state = prepare(game, {0: {"crossed": "a2"}, 1: {"crossed": "a2"}})
    play(state, roll("g r b", "1 2 5", "heart"), (0, "g1 a1"), (1, "pass"))
    assert state.specials == [1, 0]
    assert state.column_points[0][0] == 2
    play(state, roll("g r b", "1 2 5", "heart"), (0, "pass"), (1, "g1 a1"))
    # the later completer gets the lower value but still the special die
    assert state.specials == [1, 1]
    assert state.column_points[1][0] == 0
