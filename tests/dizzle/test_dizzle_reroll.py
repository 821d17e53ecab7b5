"""Reroll, the penalty return and passing (dizzle.md "A draft" 3)."""

from dizzle_helpers import active, assert_legal, crossed, dice, expect_illegal, middle, new_state, play

from dicehall.engine import CHANCE

# a1 X  b1 1  c1 2  d1 3  e1 2
# a2 .  b2 .  c2 .  d2 .  e2 .
# a3 X  b3 4  c3 4  d3 4  e3 4
TWO_ROWS = ["X 1 2 3 2", ". . . . .", "X 4 4 4 4"]


def test_reroll_that_succeeds_must_place_in_the_same_turn():
    state = new_state(TWO_ROWS)
    play(state, "roll 5 5 5 5 6 6 6")
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll")
    assert state.current_player() == CHANCE
    assert state.to_json()["phase"] == "reroll"
    # all seven dice are still in the middle and are rolled again
    expect_illegal(state, "roll 1 4", "7 dice")
    play(state, "roll 1 4 6 6 6 6 6")
    assert state.current_player() == 0
    assert middle(state) == [1, 4, 6, 6, 6, 6, 6]
    assert_legal(state, ["1@b1", "4@b3"])
    expect_illegal(state, "pass", "after a reroll")
    expect_illegal(state, "reroll", "after a reroll")
    expect_illegal(state, "return b1", "a die fits")
    play(state, "4@b3")
    assert dice(state, 0) == ["b3"]
    assert state.current_player() == 1
    assert active(state) == [0, 1]


def test_failed_reroll_returns_one_own_die_and_the_group_may_fall_apart():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 2 3 4 4 4 6",
         "1@b1", "4@b3", "2@c1", "4@c3", "3@d1", "4@d3")
    assert middle(state) == [6]
    # seat 0's dice b1 c1 d1: the only open neighbour e1 needs a 2
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll")
    expect_illegal(state, "roll 5 5", "1 dice")
    play(state, "roll 5")
    # still nothing fits: the return options are exactly seat 0's dice of this draft
    assert state.current_player() == 0
    assert_legal(state, ["return b1", "return c1", "return d1"])
    expect_illegal(state, "pass", "after a reroll")
    expect_illegal(state, "return e1", "no die of this draft on e1")
    play(state, "return c1")
    # the die goes back to the middle with its value (2); seat 0 stays active
    assert middle(state) == [2, 5]
    assert dice(state, 0) == ["b1", "d1"]
    assert active(state) == [0, 1]
    assert state.current_player() == 1
    assert dice(state, 1) == ["b3", "c3", "d3"]
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    # seat 0 (the last active player) may build on either remaining die:
    # c1 touches both, e1 only d1
    assert state.current_player() == 0
    assert_legal(state, ["2@c1", "2@e1"])
    play(state, "2@e1")
    # the returned die was not crossed
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "a3", "b1", "d1", "e1"]
    assert crossed(state, 1) == ["a1", "a3", "b3", "c3", "d3"]


def test_return_is_only_possible_after_a_failed_reroll():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 1 6 6 6 6 6", "1@b1", "1@b1")
    assert_legal(state, ["pass", "reroll"])
    expect_illegal(state, "return b1", "only after a reroll")


def test_failed_reroll_without_a_die_costs_nothing_and_the_player_stays_active():
    state = new_state(TWO_ROWS)
    play(state, "roll 5 5 5 5 5 5 6", "reroll", "roll 2 3 5 5 5 6 6")
    # nothing fits and seat 0 has no die: no penalty, the turn passes on
    assert state.current_player() == 1
    assert state.to_json()["phase"] == "turn"
    assert dice(state, 0) == []
    assert middle(state) == [2, 3, 5, 5, 5, 6, 6]
    assert active(state) == [0, 1]
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll", "roll 1 5 5 5 5 5 5")
    assert_legal(state, ["1@b1"])
    play(state, "1@b1")
    # seat 0 is still in the draft and takes its next turn
    assert state.current_player() == 0
    assert_legal(state, ["pass", "reroll"])


def test_reroll_rolls_only_the_dice_left_in_the_middle():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 1 2 2 6 6 6", "1@b1", "1@b1", "2@c1", "2@c1")
    assert middle(state) == [6, 6, 6]
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll")
    expect_illegal(state, "roll 1 2 3 4 5 6 6", "3 dice")
    expect_illegal(state, "solo 1 2 3", "expected 'roll'")
    play(state, "roll 2 2 3")
    assert middle(state) == [2, 2, 3]
    assert state.current_player() == 0
    assert_legal(state, ["3@d1"])


def test_pass_leaves_the_draft():
    state = new_state(TWO_ROWS, players=3)
    play(state, "roll 1 6 6 6 6 6 6 6 6 6", "1@b1")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    assert active(state) == [0, 2]
    assert state.current_player() == 2
    play(state, "pass")
    assert active(state) == [0]
    assert state.current_player() == 0


def test_reroll_then_place_a_die_that_fits_only_by_a_jump():
    # enclosure also applies to the placement right after a reroll
    state = new_state(["X 1 X 5", "2 . 6 3"])
    play(state, "roll 1 4 4 4 4 4 4", "1@b1")
    assert_legal(state, ["pass", "reroll"], seat=1)
    play(state, "pass")
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll", "roll 4 4 4 4 6 6")
    assert_legal(state, ["6@c2"])
    play(state, "6@c2")
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "b1", "c1", "c2"]
