"""Jump fields (razzle-dazzle.md "Moving", Landing on a jump field, and the lap rule).
Standard board: jumps 12 -> 28 -> 44 -> 12. Red progress p stands on field p-1,
blue on (p+15) % 48, yellow on (p+31) % 48."""

import pytest
from razzle_helpers import (
    BLUE,
    RED,
    YELLOW,
    assert_legal,
    board,
    expect_illegal,
    fields,
    in_start,
    make,
    phase_name,
    play,
    position,
    who,
)


def spin(state, number):
    play(state, f"spin {number}")
    return state


# --- flying to the next jump field ---------------------------------------------------------------------
def test_landing_on_a_jump_field_flies_to_the_next_and_stays_there():
    state = spin(position(make(), [10], []), 3)         # red on field 9
    assert_legal(state, ["enter", "move 9"])
    play(state, "move 9")
    assert fields(state, RED) == [28] and state.progress[RED] == [29, 0, 0, 0]
    assert who(state, 12) is None and who(state, 9) is None
    assert state.turn == BLUE


def test_a_jump_never_chains_into_a_further_jump():
    # field 28 is itself a jump field (to 44): the piece stays on 28
    state = spin(position(make(), [10], []), 3)
    play(state, "move 9")
    assert fields(state, RED) == [28] and who(state, 44) is None


def test_each_jump_field_flies_along_its_arrow():
    state = spin(position(make(), [26], []), 3)         # progress 29 = field 28 -> 44
    play(state, "move 25")
    assert fields(state, RED) == [44] and state.progress[RED] == [45, 0, 0, 0]


def test_passing_over_a_jump_field_does_not_jump():
    state = spin(position(make(), [10], []), 5)         # field 9 over 12 to 14
    play(state, "move 9")
    assert fields(state, RED) == [14] and state.progress[RED] == [15, 0, 0, 0]


def test_moving_off_a_jump_field_is_an_ordinary_move():
    state = spin(position(make(), [29], []), 2)         # red on field 28 moves to 30
    play(state, "move 28")
    assert fields(state, RED) == [30] and state.progress[RED] == [31, 0, 0, 0]


def test_a_jump_with_a_six_still_gives_another_turn():
    state = spin(position(make(), [7], []), 6)          # field 6 + 6 = field 12 -> 28
    play(state, "move 6")
    assert fields(state, RED) == [28]
    assert state.turn == RED and phase_name(state) == "spin"


def test_entering_onto_a_jump_field_flies_on():
    game = make(board=board(jumps=[[2, 6]]))
    state = spin(position(game, [], []), 3)
    play(state, "enter")
    assert state.progress[RED] == [7, 0, 0, 0] and fields(state, RED) == [6]


# --- knock-outs on jumps ---------------------------------------------------------------------------------
def test_an_opponent_on_the_take_off_field_is_knocked_out():
    state = spin(position(make(), [10], [45]), 3)       # blue on field 12
    play(state, "move 9")
    assert state.progress == [[29, 0, 0, 0], [0, 0, 0, 0]]
    assert fields(state, RED) == [28] and who(state, 12) is None


def test_an_opponent_on_the_landing_field_is_knocked_out():
    state = spin(position(make(), [10], [13]), 3)       # blue on field 28
    play(state, "move 9")
    assert state.progress == [[29, 0, 0, 0], [0, 0, 0, 0]]
    assert who(state, 28) == RED


def test_two_opponents_knocked_out_in_one_move():
    state = spin(position(make(), [10], [45, 13, 5]), 3)    # blue on 12, 28 and 20
    play(state, "move 9")
    assert state.progress == [[29, 0, 0, 0], [0, 0, 5, 0]]
    assert in_start(state, BLUE) == 3 and fields(state, BLUE) == [20]
    assert fields(state, RED) == [28]


def test_two_opponents_of_different_colours_knocked_out_in_one_move():
    # blue on take-off 12, yellow on landing 28
    state = spin(position(make(3), [10], [45], [45]), 3)
    assert who(state, 12) == BLUE and who(state, 28) == YELLOW
    play(state, "move 9")
    assert state.progress == [[29, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert state.turn == BLUE


# --- an own piece on the landing field -------------------------------------------------------------------
def test_an_own_piece_on_the_landing_field_keeps_the_piece_on_the_take_off_field():
    state = spin(position(make(), [10, 29], []), 3)     # red on 9 and on 28
    assert_legal(state, ["enter", "move 28", "move 9"])
    play(state, "move 9")
    assert fields(state, RED) == [12, 28]
    assert state.progress[RED] == [13, 29, 0, 0]


def test_staying_on_the_take_off_field_still_knocks_out_the_opponent_there():
    state = spin(position(make(), [10, 29], [45]), 3)   # blue on 12
    play(state, "move 9")
    assert fields(state, RED) == [12, 28]
    assert state.progress[BLUE] == [0, 0, 0, 0]


def test_an_own_piece_on_the_take_off_field_blocks_the_landing():
    state = spin(position(make(), [10, 13], []), 3)     # red on 9 and on 12
    assert_legal(state, ["enter", "move 12"])
    expect_illegal(state, "move 9", "field 12", "own")


def test_an_opponents_own_piece_on_the_landing_field_does_not_stop_my_jump():
    # blue pieces on 12 and 28 are blue's own to each other, not red's
    state = spin(position(make(), [], [44, 13], turn=BLUE), 1)   # blue progress 44 = field 11
    assert_legal(state, ["enter", "move 11", "move 28"])
    play(state, "move 11")
    # blue's own piece is on 28: blue stays on 12
    assert fields(state, BLUE) == [12, 28]


# --- jumps past progress 48: another lap --------------------------------------------------------------------
def test_a_jump_past_progress_48_runs_another_lap_instead_of_the_goal():
    # red progress 41 (field 40) + 4 = progress 45 on field 44 -> field 12 = progress 13
    state = spin(position(make(), [41], []), 4)
    play(state, "move 40")
    assert fields(state, RED) == [12]
    assert state.progress[RED] == [13, 0, 0, 0]
    assert state.goals == [0, 0] and state.scores() == [0, 0]


def test_after_the_lap_the_piece_must_come_round_again():
    state = spin(position(make(), [41], []), 4)
    play(state, "move 40", "spin 2", "enter", "spin 6")
    assert state.turn == RED
    play(state, "move 12")
    assert state.progress[RED] == [19, 0, 0, 0] and state.goals[RED] == 0


def test_the_lap_jump_knocks_out_on_both_fields():
    # blue progress 29 is field 44, blue progress 45 is field 12
    state = spin(position(make(), [41], [29, 45]), 4)
    play(state, "move 40")
    assert state.progress == [[13, 0, 0, 0], [0, 0, 0, 0]]


@pytest.mark.parametrize("seat, before, number, takeoff, landing", [
    (BLUE, 44, 1, 12, 28),       # blue progress 45 on field 12 -> 28 = progress 13
    (YELLOW, 42, 3, 28, 44),     # yellow progress 45 on field 28 -> 44 = progress 13
])
def test_every_colours_last_jump_carries_it_round_again(seat, before, number, takeoff, landing):
    progress = [[], [], []]
    progress[seat] = [before]
    state = spin(position(make(3), *progress, turn=seat), number)
    start_field = (state.board.entries[seat] + before - 1) % 48
    play(state, f"move {start_field}")
    assert fields(state, seat) == [landing]
    assert state.progress[seat] == [13, 0, 0, 0] and state.goals[seat] == 0


@pytest.mark.parametrize("seat, before, number, landing, after", [
    (BLUE, 9, 4, 44, 29),        # blue field 28 (progress 13) -> 44
    (BLUE, 26, 3, 12, 45),       # blue field 44 (progress 29) -> 12, no lap for blue
    (YELLOW, 10, 3, 12, 29),     # yellow field 44 (progress 13) -> 12
])
def test_jumps_within_a_lap_keep_counting_progress(seat, before, number, landing, after):
    progress = [[], [], []]
    progress[seat] = [before]
    state = spin(position(make(3), *progress, turn=seat), number)
    start_field = (state.board.entries[seat] + before - 1) % 48
    play(state, f"move {start_field}")
    assert fields(state, seat) == [landing] and state.progress[seat] == [after, 0, 0, 0]


# --- small boards ---------------------------------------------------------------------------------
RING = board(jumps=[[2, 6], [6, 10], [10, 2]])     # 12 fields, entries/safe 0 4 8


def test_small_board_jump_and_lap():
    game = make(board=RING)
    # red progress 9 (field 8) + 2 = progress 11 on field 10 -> field 2: progress 15 - 12 = 3
    state = spin(position(game, [9], [7]), 2)          # blue progress 7 = field 10
    play(state, "move 8")
    assert fields(state, RED) == [2] and state.progress[RED] == [3, 0, 0, 0]
    assert state.progress[BLUE] == [0, 0, 0, 0] and state.goals == [0, 0]


def test_small_board_blue_jump_within_its_lap():
    game = make(board=RING)
    # blue entry 4: progress 7 = field 10 -> field 2 = progress 11
    state = spin(position(game, [], [4], turn=BLUE), 3)
    play(state, "move 7")
    assert fields(state, BLUE) == [2] and state.progress[BLUE] == [11, 0, 0, 0]


def test_a_jump_landing_exactly_on_progress_length_stays_on_the_ring():
    game = make(board=board(jumps=[[7, 11]]))
    # red progress 5 (field 4) + 3 = progress 8 on field 7 -> field 11 = progress 12
    state = spin(position(game, [5], []), 3)
    play(state, "move 4")
    assert fields(state, RED) == [11]
    assert state.progress[RED] == [12, 0, 0, 0] and state.goals[RED] == 0
    # one more field enters the goal
    play(state, "spin 1", "enter", "spin 1")
    assert_legal(state, ["enter", "move 11"])
    play(state, "move 11")
    assert state.progress[RED] == [13, 0, 0, 0] and state.goals[RED] == 1


def test_small_board_own_piece_on_landing_and_opponent_on_take_off():
    game = make(board=RING)
    # red on field 0 (progress 1) and on 10 (progress 11); blue on field 6 (progress 3)
    state = spin(position(game, [1, 11], [3]), 2)
    assert_legal(state, ["enter", "move 0", "move 10"])
    play(state, "move 0")                               # lands on 2 -> 6 (blue knocked out)
    assert fields(state, RED) == [6, 10] and state.progress[BLUE] == [0, 0, 0, 0]
    # red on 0 and 6, blue on the take-off field 2 (progress 11): red stays on 2
    state = spin(position(game, [1, 7], [11]), 2)
    play(state, "move 0")
    assert fields(state, RED) == [2, 6] and state.progress[BLUE] == [0, 0, 0, 0]
