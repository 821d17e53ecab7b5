"""A turn (razzle-dazzle.md "A turn"): spin, move, the optional second spin, the bonus
turn after a used 6, and the move timer's forfeit."""

from razzle_helpers import (
    BLUE,
    RED,
    assert_legal,
    board,
    expect_illegal,
    make,
    phase_name,
    play,
    position,
)

from dicehall.engine import CHANCE, Timeout


def red_cannot_enter_with_a_one(**wheels):
    """Red has every piece in start; blue stands on red's entry field 0 (safe)."""
    return position(make(), [], [33], **wheels)


# --- moving is compulsory when possible -----------------------------------------------------------
def test_spin_then_move_then_the_next_player():
    state = position(make(), [], [])
    assert state.current_player() == CHANCE and state.spins == 0
    play(state, "spin 3")
    assert state.current_player() == RED and phase_name(state) == "move"
    assert state.number == 3 and state.spins == 1
    assert_legal(state, ["enter"])
    expect_illegal(state, "spin", "must move")
    expect_illegal(state, "end", "must move")
    play(state, "enter")
    assert state.turn == BLUE and phase_name(state) == "spin" and state.spins == 0


# --- the second spin ---------------------------------------------------------------------------
def test_no_move_offers_a_second_spin_or_the_end_of_the_turn():
    state = red_cannot_enter_with_a_one()
    play(state, "spin 1")
    assert phase_name(state) == "again" and state.current_player() == RED
    assert_legal(state, ["end", "spin"])
    assert state.view(RED)["legal"] == ["spin", "end"]
    expect_illegal(state, "enter", "no piece can move 1")
    expect_illegal(state, "move 0", "spin again or end")
    # the first number stays used
    assert state.wheel_numbers(RED) == [2, 3, 4, 5, 6]


def test_ending_the_turn_instead_of_spinning_again():
    state = red_cannot_enter_with_a_one()
    play(state, "spin 1", "end")
    assert state.turn == BLUE and phase_name(state) == "spin"
    assert state.progress == [[0, 0, 0, 0], [33, 0, 0, 0]]
    assert state.wheel_numbers(RED) == [2, 3, 4, 5, 6]


def test_the_second_spin_draws_from_the_rest_of_the_wheel_and_may_move():
    state = red_cannot_enter_with_a_one()
    play(state, "spin 1", "spin")
    assert state.current_player() == CHANCE and state.turn == RED
    assert sorted(o.value for o, _ in state.chance_outcomes()) == [2, 3, 4, 5, 6]
    expect_illegal(state, "spin 1", "2 3 4 5 6")
    play(state, "spin 4")
    assert state.spins == 2 and phase_name(state) == "move"
    assert_legal(state, ["enter"])
    expect_illegal(state, "spin", "must move")
    play(state, "enter")
    assert state.progress[RED] == [4, 0, 0, 0] and state.occupant[3] == 0
    assert state.turn == BLUE
    assert state.wheel_numbers(RED) == [2, 3, 5, 6]


BLOCKED = board(safe=[0, 1, 2, 3, 4, 5, 6, 7, 8], pieces=6)
# blue's six pieces stand on the safe fields 0-5: red can never enter


def test_a_second_number_without_a_move_ends_the_turn_by_itself():
    game = make(board=BLOCKED)
    state = position(game, [], [9, 10, 11, 12, 1, 2])
    assert sorted(f for f in range(12) if state.occupant[f] >= 0) == [0, 1, 2, 3, 4, 5]
    play(state, "spin 3")
    assert_legal(state, ["end", "spin"])
    play(state, "spin", "spin 5")
    assert state.turn == BLUE and state.current_player() == CHANCE and phase_name(state) == "spin"
    assert state.wheel_numbers(RED) == [1, 2, 4, 6]
    assert state.progress[RED] == [0] * 6


def test_only_one_second_spin_per_turn_even_if_both_numbers_are_sixes():
    game = make(board=BLOCKED)
    state = position(game, [], [9, 10, 11, 12, 1, 2], wheels=[[6], None])
    play(state, "spin 6", "spin", "spin 6")
    assert state.turn == BLUE


# --- sixes ----------------------------------------------------------------------------------------
def test_a_used_six_gives_another_turn():
    state = position(make(), [], [])
    play(state, "spin 6", "enter")
    assert state.progress[RED] == [6, 0, 0, 0]
    assert state.turn == RED and phase_name(state) == "spin" and state.spins == 0
    assert state.wheel_numbers(RED) == [1, 2, 3, 4, 5]
    play(state, "spin 2")
    assert_legal(state, ["enter", "move 5"])
    play(state, "move 5")
    assert state.progress[RED] == [8, 0, 0, 0]
    assert state.turn == BLUE


def test_a_six_from_the_second_spin_used_to_move_gives_another_turn():
    state = red_cannot_enter_with_a_one(wheels=[[1, 6], None])
    play(state, "spin 1", "spin", "spin 6", "enter")
    assert state.progress[RED] == [6, 0, 0, 0]
    assert state.turn == RED and phase_name(state) == "spin" and state.spins == 0
    # the bonus turn may use a second spin of its own
    assert state.wheel_numbers(RED) == [1, 2, 3, 4, 5, 6]
    play(state, "spin 1")
    assert_legal(state, ["move 5"])


def six_blocked():
    """Red (2 pieces, both to reach the goal) on progress 5 and 11; blue on field 16
    (safe). A 6 moves neither: 5 -> 11 is red's own, 11 -> 17 is field 16."""
    return position(make(pieces=2, goal=2), [5, 11], [1])


def test_a_six_that_could_not_be_used_gives_no_other_turn():
    state = six_blocked()
    play(state, "spin 6")
    assert_legal(state, ["end", "spin"])
    play(state, "end")
    assert state.turn == BLUE


def test_a_six_that_could_not_be_used_then_a_second_number_used_gives_no_other_turn():
    state = six_blocked()
    play(state, "spin 6", "spin", "spin 3")
    assert_legal(state, ["move 10", "move 4"])
    play(state, "move 4")
    assert state.progress[RED] == [8, 11]
    assert state.turn == BLUE


# --- the move timer -------------------------------------------------------------------------------
def test_timeout_forfeits_the_move_and_the_number_stays_used():
    state = position(make(), [3], [])
    play(state, "spin 4")
    assert_legal(state, ["enter", "move 2"])
    assert state.timeout_action_id(RED) == make().codes.timeout
    play(state, "timeout")
    assert state.progress == [[3, 0, 0, 0], [0, 0, 0, 0]]
    assert state.turn == BLUE and phase_name(state) == "spin"
    assert state.wheel_numbers(RED) == [1, 2, 3, 5, 6]


def test_timeout_on_a_six_passes_the_turn():
    state = position(make(), [], [])
    play(state, "spin 6")
    assert state.apply_timeout() == Timeout()
    state.check()
    assert state.progress[RED] == [0, 0, 0, 0]
    assert state.turn == BLUE
    assert state.wheel_numbers(RED) == [1, 2, 3, 4, 5]


def test_timeout_after_a_second_spin_with_a_six_passes_the_turn():
    state = red_cannot_enter_with_a_one()
    play(state, "spin 1", "spin", "spin 6", "timeout")
    assert state.turn == BLUE and state.progress[RED] == [0, 0, 0, 0]


def test_timeout_while_offered_a_second_spin_ends_the_turn():
    state = red_cannot_enter_with_a_one()
    play(state, "spin 1")
    assert state.apply_timeout() == Timeout()
    state.check()
    assert state.turn == BLUE and state.wheel_numbers(RED) == [2, 3, 4, 5, 6]
    again = red_cannot_enter_with_a_one()
    play(again, "spin 1", "timeout")            # typed (or replayed) as well
    assert again.to_json() == state.to_json()


def test_only_the_player_to_move_can_act():
    state = position(make(), [], [])
    play(state, "spin 2")
    expect_illegal(state, "enter", "seat 0's turn", seat=BLUE)
    expect_illegal(state, "timeout", "seat 0's turn", seat=BLUE)
    assert state.legal_actions(BLUE) == []
