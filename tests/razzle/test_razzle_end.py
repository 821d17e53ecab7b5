"""The end of the game and the ranking (razzle-dazzle.md "End"), three players."""

import pytest
from razzle_helpers import (
    BLUE,
    RED,
    YELLOW,
    assert_legal,
    board,
    expect_illegal,
    fields,
    make,
    phase_name,
    play,
    position,
)

from dicehall.engine import CHANCE, TERMINAL, IllegalAction


# --- winning ---------------------------------------------------------------------------------------
def test_the_goal_count_wins_and_the_game_ends_at_once():
    state = position(make(), [49, 49, 47, 3], [20, 49, 5])
    play(state, "spin 2", "move 46")
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert phase_name(state) == "over" and state.phase == 4
    assert state.goals == [3, 1] and state.scores() == [3, 1]
    assert state.winners() == [RED] and state.ranking() == [RED, BLUE]
    assert state.places() == [1, 2]
    assert state.legal_actions(RED) == state.legal_actions(BLUE) == []
    assert state.deciders() == () and state.chance_outcomes() == []
    expect_illegal(state, "move 2", "game is over")
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply_timeout()


def test_a_winning_six_gives_no_further_turn():
    state = position(make(), [49, 49, 45], [])
    play(state, "spin 6", "move 44")
    assert state.is_terminal() and state.winners() == [RED]


@pytest.mark.parametrize("goal", [1, 2, 3, 4])
def test_the_game_goes_on_until_the_chosen_goal_count(goal):
    game = make(goal=goal)
    state = position(game, [49] * (goal - 1) + [48], [])
    play(state, "spin 1", "move 47")
    assert state.goals[RED] == goal and state.is_terminal()


def test_one_short_of_the_goal_count_plays_on():
    state = position(make(goal=4), [49, 49, 48, 10], [])
    play(state, "spin 1", "move 47")
    assert state.goals[RED] == 3 and not state.is_terminal()
    assert state.turn == BLUE and state.current_player() == CHANCE


def test_a_win_by_the_second_spin():
    # 12 fields, safe 9-11 held by blue: red (progress 8, field 7) cannot move 2
    game = make(pieces=3, goal=3, board=board(safe=[0, 4, 8, 9, 10, 11]))
    state = position(game, [13, 13, 8], [6, 7, 8], wheels=[[2, 5], None])
    play(state, "spin 2")
    assert_legal(state, ["end", "spin"])
    play(state, "spin", "spin 5")
    assert_legal(state, ["move 7"])
    play(state, "move 7")
    assert state.is_terminal() and state.winners() == [RED]


def test_the_blue_player_can_win_too():
    state = position(make(), [10], [49, 49, 46], turn=BLUE)
    play(state, "spin 4")
    play(state, "move 13")                             # blue progress 46 = field 13
    assert state.winners() == [BLUE] and state.ranking() == [BLUE, RED]


# --- ranking of the others ---------------------------------------------------------------------------
def test_the_others_rank_by_pieces_in_goal_before_progress():
    state = position(make(3), [49, 49, 47], [49, 2], [40, 41, 42, 30])
    play(state, "spin 2", "move 46")
    assert state.is_terminal()
    assert state.scores() == [3, 1, 0]
    assert state.ranking() == [RED, BLUE, YELLOW]
    assert state.places() == [1, 2, 3]


def test_the_others_with_equal_goals_rank_by_total_progress():
    state = position(make(3), [49, 49, 47], [49, 10, 20], [49, 30, 1])
    play(state, "spin 2", "move 46")
    assert state.scores() == [3, 1, 1]
    assert state.ranking() == [RED, YELLOW, BLUE]
    assert state.places() == [1, 3, 2]


def test_the_others_with_equal_goals_and_progress_share_a_place():
    state = position(make(3), [49, 49, 47], [10, 20], [25, 5])
    play(state, "spin 2", "move 46")
    assert state.places() == [1, 2, 2]
    assert state.ranking()[0] == RED


def test_ranking_while_playing():
    state = position(make(3), [5], [49, 3], [30])
    assert state.scores() == [0, 1, 0]
    assert state.ranking() == [BLUE, YELLOW, RED]


# --- three players ---------------------------------------------------------------------------------------
def test_three_players_play_in_seat_order_from_the_drawn_start():
    state = make(3).new_initial_state()
    play(state, "first 2")
    order = []
    for number in (1, 2, 3, 4, 5, 4):
        order.append(state.turn)
        play(state, f"spin {number}", "enter")
    assert order == [YELLOW, RED, BLUE, YELLOW, RED, BLUE]
    assert fields(state, YELLOW) == [32, 35]
    assert fields(state, RED) == [1, 4]
    assert fields(state, BLUE) == [18, 19]


def test_yellow_knocks_out_red_and_red_knocks_out_yellow():
    # yellow progress 20 is field 3; red progress 1 on field 0
    state = position(make(3), [1], [], [20], turn=RED)
    play(state, "spin 3", "move 0")
    assert state.progress[YELLOW] == [0, 0, 0, 0] and fields(state, RED) == [3]
    state = position(make(3), [5], [], [18], turn=YELLOW)       # red field 4, yellow field 1
    play(state, "spin 3", "move 1")
    assert state.progress[RED] == [0, 0, 0, 0] and fields(state, YELLOW) == [4]


def test_yellow_reaches_its_goal_past_field_31():
    # yellow progress 48 is field 31, the field before its entry
    state = position(make(3), [], [], [44], turn=YELLOW)
    play(state, "spin 4", "move 27")
    assert fields(state, YELLOW) == [31] and state.progress[YELLOW] == [48, 0, 0, 0]
    state = position(make(3), [], [], [44], turn=YELLOW)
    play(state, "spin 5", "move 27")
    assert state.goals[YELLOW] == 1
