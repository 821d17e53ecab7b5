"""Crossing boxes with a colour die and a number die (nochmal.md "Crossing boxes
with colour + number"): exact counts in one block, connected, touching a cross
or column H; the first crosses in column H; the jokers and their "!"."""

from nochmal_helpers import (
    assert_legal,
    crossed,
    expect_illegal,
    legal_crosses,
    new_state,
    play,
    roll,
)

from dicehall.engine import NotationError
from dicehall.games.nochmal import Cross
from dicehall.games.nochmal.scoring import score_parts

#      a  b  c  d       start column: b
#   1  y  y  y  g       yellow block a1 b1 c1, green block d1 d2,
#   2  r  b  o  g       single boxes a2 (red), b2 (blue), c2 (orange)
START_B = ["y y y g", "r b o g"]


def test_the_first_crosses_must_include_a_box_of_the_start_column():
    state = new_state(START_B, players=1, start="b")
    play(state, roll("y b", "1 2", "heart"))
    assert_legal(state, ["b1 b2", "heart", "pass", "y1 b1", "y2 a1 b1", "y2 b1 c1"])
    expect_illegal(state, "y1 a1", "your first crosses must include column H")
    expect_illegal(state, "y1 c1", "touch a crossed box or lie in column H")
    play(state, "y1 b1")
    # the start column stays a starting point; the rest of the block now touches b1
    play(state, roll("y b", "1 2", "heart"))
    assert_legal(state, ["b1 b2", "heart", "pass", "y1 a1", "y1 c1"])
    # a1 and c1 are not connected to each other: no 2 in this block any more
    expect_illegal(state, "y2 a1 c1", "connected", error=NotationError)


def test_on_the_printed_sheet_every_first_cross_lies_in_column_h():
    state = new_state(players=2)
    play(state, roll("x y b", "? 2 3", "stars"))
    crosses = [a for a in state.legal_actions(0) if isinstance(a, Cross)]
    assert crosses and all(any(box[0] == "h" for box in a.boxes) for a in crosses)
    assert any(len(a.boxes) == 5 for a in crosses)
    # the only star a first special die can reach is the one in column H
    assert [str(a) for a in state.legal_actions(0) if not isinstance(a, Cross)] == ["pass", "stars h3"]


def test_after_a_bomb_crosses_may_start_from_it_and_column_h_stays_a_start():
    state = new_state(players=1)
    play(state, roll("y o", "1 2", "bomb"), "bomb c1 d1")
    assert crossed(state, 0) == ["c1", "d1"]
    play(state, roll("y o", "1 2", "heart"))
    crosses = legal_crosses(state)
    assert "y1 e1" in crosses and "y1 d2" in crosses         # next to the bomb's d1
    assert "y1 h6" in crosses and "y1 h7" in crosses         # column H
    assert "o1 e2" not in crosses                            # only diagonal to d1
    expect_illegal(state, "o1 e2", "touch a crossed box")


#      a  b  c       start column: a
#   1  g  r  y       yellow block c1 b2 c2; b2 touches a1 only at a corner
#   2  r  y  y
#   3  b  o  g
DIAG = ["g r y", "r y y", "b o g"]


def test_a_diagonal_neighbour_does_not_count_but_crosses_of_the_same_roll_do():
    state = new_state(DIAG, players=1)
    play(state, roll("g y", "1 3", "heart"))
    assert_legal(state, ["g1 a1", "heart", "pass"])
    play(state, "g1 a1", roll("y y", "1 3", "heart"))
    assert_legal(state, ["heart", "pass"])
    expect_illegal(state, "y1 b2", "must touch a crossed box or lie in column H")
    play(state, "pass", roll("r r", "1 1", "heart"))
    assert_legal(state, ["heart", "pass", "r1 a2", "r1 b1"])
    play(state, "r1 a2", roll("y y", "1 3", "heart"))
    # c1 only touches c2, which is crossed in the same roll
    assert_legal(state, ["heart", "pass", "y1 b2", "y3 c1 b2 c2"])
    expect_illegal(state, "y1 c1", "touch a crossed box", seat=0)
    play(state, "y3 c1 b2 c2")
    assert crossed(state, 0) == ["a1", "a2", "b2", "c1", "c2"]


#      a  b  c  d       start column: a
#   1  y  g  y  b       two yellow blocks a1 a2 and c1 c2, kept apart by b1/b2
#   2  y  r  y  o
SPLIT = ["y g y b", "y r y o"]


def test_a_count_is_used_up_in_one_block_and_never_split_over_two():
    state = new_state(SPLIT, players=1)
    play(state, roll("y g", "1 1", "heart"))
    assert_legal(state, ["heart", "pass", "y1 a1", "y1 a2"])
    play(state, "y1 a1", roll("g y", "1 3", "heart"))
    assert_legal(state, ["g1 b1", "heart", "pass", "y1 a2"])
    play(state, "g1 b1", roll("y y", "3 3", "heart"))
    # four free yellow boxes, both blocks reachable, but no block has three
    assert_legal(state, ["heart", "pass"])
    expect_illegal(state, "y3 a2 c1 c2", "one block", error=NotationError)
    play(state, "pass", roll("y y", "2 3", "heart"))
    assert_legal(state, ["heart", "pass", "y2 c1 c2"])
    play(state, "pass", roll("y x", "? 3", "heart"))
    # the colour joker also reaches the red b2 below the green b1
    assert legal_crosses(state) == ["x? a2", "x? b2", "x? c1", "x? c1 c2", "y? a2", "y? c1",
                                    "y? c1 c2"]


#      a  b  c  d       start column: a
#   1  y  y  y  g       a yellow block of 6: a1 b1 c1 a2 b2 c2
#   2  y  y  y  b
#   3  r  o  r  o
SIX = ["y y y g", "y y y b", "r o r o"]


def test_exactly_the_number_of_boxes_connected_in_one_block():
    state = new_state(SIX, players=1)
    play(state, roll("y y", "2 2", "heart"))
    assert_legal(state, ["heart", "pass", "y2 a1 a2", "y2 a1 b1", "y2 a2 b2"])
    expect_illegal(state, "y2 b1 c1", "touch a crossed box or lie in column H")
    expect_illegal(state, "y2 a1 b2", "connected", error=NotationError)
    expect_illegal(state, "y3 a1 b1 c1", "no 3 among your number dice")
    expect_illegal(state, "y2 a1 b1 c1", "3 boxes with a 2", error=NotationError)


def test_the_number_joker_is_1_to_5_never_6_and_a_block_need_not_be_filled_at_once():
    state = new_state(SIX, players=1)
    play(state, roll("y y", "? ?", "heart"))
    crosses = state.legal_actions(0)
    sizes = {len(a.boxes) for a in crosses if isinstance(a, Cross)}
    assert sizes == {1, 2, 3, 4, 5}
    fives = sorted(str(a) for a in crosses if isinstance(a, Cross) and len(a.boxes) == 5)
    assert fives == ["y? a1 b1 a2 b2 c2", "y? a1 b1 c1 a2 b2", "y? a1 b1 c1 a2 c2",
                     "y? a1 b1 c1 b2 c2", "y? a1 c1 a2 b2 c2", "y? b1 c1 a2 b2 c2"]
    expect_illegal(state, "y? a1 b1 c1 a2 b2 c2", "1-5 connected boxes", error=NotationError)
    play(state, "y? a1 b1 c1 a2 b2")
    assert state.jokers_used == [1]
    play(state, roll("y g", "1 5", "heart"))
    assert_legal(state, ["g1 d1", "heart", "pass", "y1 c2"])
    play(state, "y1 c2")
    assert state.colour_points[0][1] == 5


#      a  b  c  d       start column: a
#   1  g  g  g  b       green block a1 b1 c1, red block a2 b2,
#   2  r  r  y  o       single boxes: blue d1, yellow c2, orange d2
FLOW = ["g g g b", "r r y o"]


def test_each_joker_symbol_strikes_one_mark_and_without_marks_no_joker():
    state = new_state(FLOW, players=1, jokers=2)
    play(state, roll("x g", "? 2", "heart"))
    assert_legal(state, ["g2 a1 b1", "g? a1", "g? a1 b1", "g? a1 b1 c1", "heart", "pass",
                         "x2 a1 b1", "x2 a2 b2", "x? a1", "x? a1 b1", "x? a1 b1 c1", "x? a2",
                         "x? a2 b2"])
    play(state, "x2 a2 b2")
    assert state.jokers_used == [1]
    # one "!" left: one joker, but not both (b1 now touches the crossed b2)
    play(state, roll("x g", "? 2", "heart"))
    assert_legal(state, ["g2 a1 b1", "g2 b1 c1", "g? a1", "g? a1 b1", "g? a1 b1 c1", "g? b1",
                         "g? b1 c1", "heart", "pass", "x2 a1 b1", "x2 b1 c1"])
    expect_illegal(state, "x? a1", "you have 1 '!' left")
    play(state, "g? a1")
    assert state.jokers_used == [1 + 1]
    play(state, roll("x g", "? 1", "heart"))
    assert_legal(state, ["g1 b1", "heart", "pass"])
    expect_illegal(state, "x1 b1", "you have 0 '!' left")
    expect_illegal(state, "g? b1", "you have 0 '!' left")
    play(state, "g1 b1")
    assert score_parts(state, 0)["jokers"] == 0


def test_both_jokers_cost_two_marks_each_player_their_own():
    state = new_state(FLOW, players=2)
    play(state, roll("x g b", "? 2 5", "heart"), (0, "x? a1"), (1, "x2 a2 b2"))
    assert state.jokers_used == [2, 1]
    play(state, roll("g g b", "? 2 5", "heart"), (0, "g? b1"), (1, "pass"))
    assert state.jokers_used == [3, 1]
    assert [score_parts(state, seat)["jokers"] for seat in (0, 1)] == [3, 5]
