"""Table options, board files and the start of a game (razzle-dazzle.md "Pieces and
players", "Standard board")."""

from fractions import Fraction

import pytest
from razzle_helpers import BLUE, RED, STANDARD, YELLOW, board, expect_illegal, make, new_state, play

from dicehall.engine import CHANCE, DicehallError, OptionError, make_game
from dicehall.games.datafile import SheetError
from dicehall.games.razzle import standard_board


# --- table options ---------------------------------------------------------------------------
def test_defaults_two_players_four_pieces_three_to_the_goal_twenty_seconds():
    game = make_game("razzle")
    assert game.num_players == 2
    assert game.pieces == 4 and game.goal_count == 3
    assert game.options["move_time"] == 20
    assert game.options["pieces"] == 4 and game.options["goal"] == 3
    state = game.new_initial_state()
    assert state.progress == [[0, 0, 0, 0], [0, 0, 0, 0]]
    assert state.goals == [0, 0]
    assert state.occupant == [-1] * 48
    assert state.to_json()["players"][0]["colour"] == "red"
    assert state.to_json()["players"][1]["colour"] == "blue"


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players(players):
    state = new_state(players)
    assert len(state.progress) == players
    assert [p["colour"] for p in state.to_json()["players"]] == ["red", "blue", "yellow"][:players]


@pytest.mark.parametrize("players", [0, 1, 4, 6, "x", True])
def test_wrong_player_counts_are_refused(players):
    with pytest.raises(OptionError, match="players"):
        make_game("razzle", players=players)


@pytest.mark.parametrize("pieces, goal", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_pieces_two_to_six_and_the_default_goal_is_one_fewer(pieces, goal):
    game = make(pieces=pieces)
    assert game.pieces == pieces and game.goal_count == goal
    assert game.new_initial_state().progress == [[0] * pieces] * 2


@pytest.mark.parametrize("pieces", [0, 1, 7, 8, -4, "many"])
def test_wrong_piece_counts_are_refused(pieces):
    with pytest.raises(OptionError, match="pieces"):
        make(pieces=pieces)


@pytest.mark.parametrize("pieces, goal", [(4, 1), (4, 4), (2, 2), (6, 6), (6, 1), (3, 3)])
def test_goal_count_may_be_anything_from_one_to_the_pieces(pieces, goal):
    game = make(pieces=pieces, goal=goal)
    assert game.goal_count == goal
    assert game.options["goal"] == goal


@pytest.mark.parametrize("pieces, goal", [(4, 5), (2, 3), (6, 7), (4, -1), (4, "lots")])
def test_goal_counts_outside_one_to_the_pieces_are_refused(pieces, goal):
    with pytest.raises(OptionError, match="goal"):
        make(pieces=pieces, goal=goal)


@pytest.mark.parametrize("goal", [0, "0"])
def test_goal_count_zero_is_refused(goal):
    with pytest.raises(OptionError, match="goal"):
        make(goal=goal)


def test_options_given_as_strings_are_converted():
    game = make_game("razzle", players="3", pieces="5", goal="2", move_time="45")
    assert (game.num_players, game.pieces, game.goal_count, game.options["move_time"]) == (3, 5, 2, 45)


@pytest.mark.parametrize("move_time", [0, -20, "soon", 2.5])
def test_wrong_move_times_are_refused(move_time):
    with pytest.raises(OptionError, match="move_time"):
        make(move_time=move_time)


def test_unknown_options_are_refused():
    with pytest.raises(OptionError, match="timer"):
        make(timer=10)


def test_board_option_must_be_a_path_or_a_table():
    with pytest.raises(OptionError, match="board"):
        make(board=48)


def test_pieces_default_to_the_boards_and_the_option_overrides_them():
    assert make(board=board(pieces=5)).pieces == 5
    assert make(board=board(pieces=5)).goal_count == 4
    assert make(board=board(pieces=5), pieces=2).pieces == 2


# --- the standard board ------------------------------------------------------------------------
def test_standard_board_layout():
    b = standard_board()
    assert b.track_length == 48
    assert b.colours == ("red", "blue", "yellow")
    assert b.entries == (0, 16, 32)
    assert b.safe == frozenset({0, 8, 16, 24, 32, 40})
    assert b.jumps == {12: 28, 28: 44, 44: 12}
    assert b.pieces == 4


def test_an_inline_copy_of_the_standard_board_plays_the_same():
    state = new_state(board=STANDARD)
    assert state.board.jumps == standard_board().jumps
    play(state, "first 0", "spin 3", "enter")
    assert state.progress[RED] == [3, 0, 0, 0] and state.occupant[2] == 0


def test_inline_board_as_json_text():
    import json
    game = make(board=json.dumps(board()))
    assert game.board.track_length == 12
    with pytest.raises(OptionError, match="JSON"):
        make(board="{not json")


# --- board validation -------------------------------------------------------------------------
def board_error(**changes) -> str:
    with pytest.raises(SheetError) as info:
        make(board=board(**changes))
    assert isinstance(info.value, DicehallError)
    return str(info.value)


def test_a_jump_onto_a_safe_field_is_refused_naming_it():
    message = board_error(safe=[0, 4, 8], jumps=[[2, 6], [6, 8]])
    assert "jumps" in message and "6" in message and "safe field 8" in message


def test_a_jump_field_that_is_safe_is_refused_naming_it():
    message = board_error(safe=[0, 4, 8], jumps=[[4, 6]])
    assert "jumps[0]" in message and "field 4 is safe" in message


def test_entries_must_be_three_different_fields():
    message = board_error(entries=[0, 4, 4])
    assert "entries" in message and "different" in message
    assert "entries" in board_error(entries=[0, 4])


@pytest.mark.parametrize("changes, where, field", [
    ({"entries": [0, 4, 12]}, "entries[2]", "12"),
    ({"safe": [0, 4, 8, 15]}, "safe[3]", "15"),
    ({"jumps": [[2, 12]]}, "jumps[0]", "0-11"),
    ({"jumps": [[2, 6], [30, 2]]}, "jumps[1]", "0-11"),
])
def test_fields_off_the_track_are_refused_naming_them(changes, where, field):
    message = board_error(**changes)
    assert where in message and field in message


def test_other_board_mistakes_name_the_key():
    assert "jumps[0]" in board_error(jumps=[[2, 2]])
    assert "jumps[1]" in board_error(jumps=[[2, 6], [2, 10]])
    assert "track_length" in board_error(track_length=4, entries=[0, 1, 2], safe=[0])
    assert "colours" in board_error(colours=["red", "blue"])
    assert "pieces" in board_error(pieces=9)
    assert "extra" in board_error(extra=1)


def test_a_valid_small_board():
    game = make(board=board(jumps=[[2, 6], [6, 10], [10, 2]]))
    assert game.board.jumps == {2: 6, 6: 10, 10: 2}
    assert game.num_distinct_actions == 12 + 4   # enter, move 0..11, spin, end, timeout


# --- the starting player --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_a_random_player_starts_each_with_equal_chance(players):
    state = new_state(players)
    assert state.current_player() == CHANCE and state.phase == 0
    assert state.deciders() == () and state.legal_actions(RED) == []
    outcomes = state.chance_outcomes()
    assert [str(o) for o, _ in outcomes] == [f"first {seat}" for seat in range(players)]
    assert [p for _, p in outcomes] == [Fraction(1, players)] * players


@pytest.mark.parametrize("first", [RED, BLUE, YELLOW])
def test_the_drawn_player_spins_first(first):
    state = new_state(3)
    play(state, f"first {first}")
    assert state.turn == first and state.phase == 1 and state.current_player() == CHANCE
    assert [str(o) for o, _ in state.chance_outcomes()] == [f"spin {n}" for n in range(1, 7)]


def test_a_start_seat_outside_the_table_is_refused():
    state = new_state(2)
    expect_illegal(state, "first 2", "seat 0-1")
    expect_illegal(state, "spin 3", "first")
    with pytest.raises(DicehallError):
        state.apply("first one")
