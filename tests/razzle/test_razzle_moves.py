"""Moving (razzle-dazzle.md "Moving"): entering from start, passing over, landing
on own pieces, safe fields, knock-outs and the goal. Standard board, red to move:
red progress p stands on field p-1, blue progress p on field (p+15) % 48."""

import pytest
from razzle_helpers import (
    BLUE,
    RED,
    YELLOW,
    assert_legal,
    expect_illegal,
    fields,
    in_start,
    make,
    play,
    position,
    who,
)


def red_spins(number, red=(), blue=(), **options):
    state = position(make(**options), list(red), list(blue))
    play(state, f"spin {number}")
    return state


# --- from start ------------------------------------------------------------------------------------
@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_entering_lands_on_progress_n(number):
    state = red_spins(number)
    assert_legal(state, ["enter"])
    play(state, "enter")
    assert state.progress[RED] == [number, 0, 0, 0]
    assert fields(state, RED) == [number - 1]


def test_a_one_puts_the_piece_on_its_entry_field_for_every_colour():
    state = position(make(3), [], [], [])
    for seat, entry in ((RED, 0), (BLUE, 16), (YELLOW, 32)):
        assert state.turn == seat
        play(state, "spin 1", "enter")
        assert fields(state, seat) == [entry]
        assert state.progress[seat] == [1, 0, 0, 0]


def test_pieces_in_start_are_one_action_and_the_next_one_enters():
    state = red_spins(2, red=[5])
    assert_legal(state, ["enter", "move 4"])
    play(state, "enter")
    assert state.progress[RED] == [5, 2, 0, 0] and in_start(state, RED) == 2
    state = position(make(), [5, 2], [])
    play(state, "spin 4")
    assert_legal(state, ["enter", "move 1", "move 4"])
    play(state, "enter")
    assert state.progress[RED] == [5, 2, 4, 0]


def test_entering_onto_an_own_piece_is_not_allowed():
    state = red_spins(3, red=[3])
    assert_legal(state, ["move 2"])
    expect_illegal(state, "enter", "field 2", "own")


def test_entering_onto_an_opponent_on_the_safe_entry_field_is_not_allowed():
    state = red_spins(1, blue=[33])       # blue on field 0
    assert who(state, 0) == BLUE
    assert_legal(state, ["end", "spin"])


def test_entering_onto_an_opponent_knocks_it_out():
    state = red_spins(3, blue=[35])       # blue on field 2
    assert_legal(state, ["enter"])
    play(state, "enter")
    assert state.progress == [[3, 0, 0, 0], [0, 0, 0, 0]]
    assert who(state, 2) == RED


# --- on the track -------------------------------------------------------------------------------------
def test_pieces_on_the_way_are_passed_over():
    # red on field 1; blue on 2 and 3, red on 4; red moves 5 to field 6
    state = red_spins(5, red=[2, 5], blue=[35, 36])
    assert_legal(state, ["move 1", "move 4"])       # entering would land on red's own field 4
    play(state, "move 1")
    assert state.progress == [[7, 5, 0, 0], [35, 36, 0, 0]]
    assert fields(state, RED) == [4, 6] and fields(state, BLUE) == [2, 3]


def test_landing_on_an_own_piece_is_not_allowed():
    state = red_spins(3, red=[2, 5])      # fields 1 and 4
    assert_legal(state, ["enter", "move 4"])
    message = expect_illegal(state, "move 1", "field 4", "own")
    assert "move 1 is illegal" in message


def test_landing_on_an_opponent_on_a_safe_field_is_not_allowed():
    # red on field 4; blue on field 8 (safe) and on field 24 (safe); red on 20
    state = red_spins(4, red=[5, 21], blue=[41, 9])
    assert_legal(state, ["enter"])
    expect_illegal(state, "move 4", "field 8", "safe")
    expect_illegal(state, "move 20", "field 24", "safe")


def test_landing_on_an_opponent_elsewhere_knocks_it_out():
    state = red_spins(3, red=[5], blue=[40, 45])     # blue on fields 7 and 12
    assert who(state, 7) == BLUE
    play(state, "move 4")
    assert state.progress == [[8, 0, 0, 0], [0, 45, 0, 0]]
    assert who(state, 7) == RED and who(state, 4) is None
    assert in_start(state, BLUE) == 3


def test_a_knocked_out_piece_enters_again():
    state = red_spins(3, red=[5], blue=[40])
    play(state, "move 4", "spin 2")
    assert state.turn == BLUE
    assert_legal(state, ["enter"])
    play(state, "enter")
    assert state.progress[BLUE] == [2, 0, 0, 0] and fields(state, BLUE) == [17]


def test_a_piece_on_its_own_safe_field_is_safe_from_others_but_not_once_it_leaves():
    # blue stands on field 8 (safe): red cannot land there; blue moves on to field 9
    state = position(make(), [5], [41], turn=BLUE)
    play(state, "spin 1", "move 8")
    assert fields(state, BLUE) == [9]
    play(state, "spin 5", "move 4")
    assert state.progress[BLUE] == [0, 0, 0, 0] and fields(state, RED) == [9]


def test_blue_moves_across_the_end_of_the_numbering():
    # blue progress 32 is field 47; 3 more is field 2, progress 35
    state = position(make(), [], [32], turn=BLUE)
    play(state, "spin 3", "move 47")
    assert state.progress[BLUE] == [35, 0, 0, 0] and fields(state, BLUE) == [2]


# --- the goal ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("progress, number", [(47, 2), (47, 6), (43, 6), (48, 1), (46, 3)])
def test_any_number_beyond_progress_48_enters_the_goal(progress, number):
    state = red_spins(number, red=[progress])
    field = progress - 1
    assert f"move {field}" in map(str, state.legal_actions())
    play(state, f"move {field}")
    assert state.progress[RED] == [49, 0, 0, 0]
    assert state.goals[RED] == 1 and state.scores() == [1, 0]
    assert fields(state, RED) == [] and who(state, field) is None
    # a 6 into the goal (game not over) gives another turn like any used 6
    assert state.turn == (RED if number == 6 else BLUE)


@pytest.mark.parametrize("progress, number", [(42, 6), (47, 1), (44, 4)])
def test_reaching_exactly_progress_48_stays_on_the_ring(progress, number):
    state = red_spins(number, red=[progress])
    play(state, f"move {progress - 1}")
    assert state.progress[RED] == [48, 0, 0, 0] and fields(state, RED) == [47]
    assert state.goals[RED] == 0


def test_entering_the_goal_ignores_the_fields_beyond():
    # red on field 46 (progress 47) moves 5: fields 47, 0.. hold a red and a blue piece
    state = red_spins(5, red=[47, 48, 4], blue=[33, 35])
    assert_legal(state, ["enter", "move 3", "move 46", "move 47"])
    play(state, "move 46")
    assert state.progress == [[49, 48, 4, 0], [33, 35, 0, 0]]


def test_goal_pieces_never_move_again():
    state = red_spins(3, red=[49])
    assert_legal(state, ["enter"])
    state = red_spins(2, red=[49, 49, 5, 1], goal=4)
    assert_legal(state, ["move 0", "move 4"])
    expect_illegal(state, "enter", "start area")


def test_goal_pieces_cannot_be_knocked_out_or_block():
    # blue (progress 49) is in the goal; its entry field 16 is red's progress 17
    state = red_spins(4, red=[13], blue=[49])
    play(state, "move 12")            # field 12 is a jump: 12 -> 28
    assert state.progress[BLUE] == [49, 0, 0, 0] and state.goals == [0, 1]


def test_no_move_at_all_when_every_piece_is_in_the_goal_or_blocked():
    state = red_spins(1, red=[49, 49, 49, 1], goal=4, blue=[2])    # blue on field 17
    assert_legal(state, ["move 0"])
    state = red_spins(2, red=[49, 49, 49, 15], goal=4, blue=[1])   # blue safe on field 16
    assert_legal(state, ["end", "spin"])
