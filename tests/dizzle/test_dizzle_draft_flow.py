"""Drafts and the game's end (dizzle.md "Setup", "A draft" 2-8, "End and score")."""

from math import comb

import pytest
from dizzle_helpers import (
    DICE,
    active,
    assert_legal,
    crossed,
    dice,
    empty_draft,
    expect_illegal,
    middle,
    new_state,
    pass_out_draft,
    play,
    roll,
)

from dicehall.engine import CHANCE, TERMINAL

TWO_ROWS = ["X 1 2 3 2", ". . . . .", "X 4 4 4 4"]
NOTHING_FITS = ["X 6", "6 6"]   # rolls of 1s never fit


# --- setup ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_first_roll_has_the_setup_number_of_dice(players):
    state = new_state(NOTHING_FITS, players=players)
    count = DICE[players]
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == comb(count + 5, 5)
    assert sum(p for _, p in outcomes) == 1
    expect_illegal(state, roll(*[1] * (count - 1)), f"{count} dice")
    expect_illegal(state, roll(*[1] * (count + 1)), f"{count} dice")
    expect_illegal(state, roll(*[1] * 2, kind="solo"), "expected 'roll'")
    play(state, roll(*[1] * count))
    assert middle(state) == [1] * count
    assert state.current_player() == 0


@pytest.mark.parametrize("players, drafts", [(1, 10), (2, 12), (3, 12), (4, 12)])
def test_the_game_ends_after_the_last_draft(players, drafts):
    state = new_state(NOTHING_FITS, players=players)
    for draft in range(drafts):
        assert state.draft == draft and not state.is_terminal()
        empty_draft(state, value=1)
    assert state.current_player() == TERMINAL
    assert state.draft == drafts
    expect_illegal(state, "pass", "game is over")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_player_moves_clockwise_every_draft(players):
    state = new_state(NOTHING_FITS, players=players)
    for draft in range(2 * players + 1):
        play(state, roll(*[1] * DICE[players]))
        start = draft % players
        assert state.current_player() == start
        # turns go clockwise from the start player
        for step in range(players - 1):
            assert state.current_player() == (start + step) % players
            play(state, "pass")
        # the last one is the last active player with one turn
        assert state.current_player() == (start + players - 1) % players
        play(state, "pass")
        assert state.draft == draft + 1


# --- the end of a draft ------------------------------------------------------------------
def test_the_last_active_player_has_exactly_one_turn_even_with_dice_left():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 2 6 6 6 6 6", "1@b1")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    assert active(state) == [0] and state.current_player() == 0
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    # five dice were left in the middle, yet the draft is over
    assert state.draft == 1 and state.current_player() == CHANCE
    assert crossed(state, 0) == ["a1", "a3", "b1", "c1"]
    assert crossed(state, 1) == ["a1", "a3"]
    assert dice(state, 0) == [] and middle(state) == []


def test_the_last_active_player_may_reroll_and_must_return_when_it_fails():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass")
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll", "roll 6 6 6 6 6 6")
    assert_legal(state, ["return b1"])
    play(state, "return b1")
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "a3"]


def test_the_last_active_player_may_reroll_and_place():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "reroll", "roll 2 6 6 6 6 6")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "a3", "b1", "c1"]


def test_a_failed_reroll_without_dice_ends_the_last_turn():
    state = new_state(TWO_ROWS)
    play(state, "roll 6 6 6 6 6 6 6", "pass")
    assert state.current_player() == 1
    play(state, "reroll", "roll 5 5 5 5 5 5 5")
    assert state.draft == 1 and state.current_player() == CHANCE


def test_last_active_player_with_three_players():
    state = new_state(TWO_ROWS, players=3)
    play(state, "roll 1 1 6 6 6 6 6 6 6 6", "1@b1", "1@b1")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")           # seat 2
    assert active(state) == [0, 1] and state.current_player() == 0
    play(state, "pass")           # seat 0: seat 1 is the last active player
    assert active(state) == [1] and state.current_player() == 1
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll", "roll 2 2 2 2 2 2 2 2")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "a3", "b1"]
    assert crossed(state, 1) == ["a1", "a3", "b1", "c1"]
    assert crossed(state, 2) == ["a1", "a3"]


def test_the_draft_ends_when_the_middle_is_empty():
    state = new_state(["X 1 1 1 1 1"])
    play(state, "roll 1 1 1 1 1 1 1")
    for field in ("b1", "b1", "c1", "c1", "d1", "d1", "e1"):
        assert state.draft == 0
        play(state, f"1@{field}")
    assert state.draft == 1 and state.current_player() == CHANCE
    assert crossed(state, 0) == ["a1", "b1", "c1", "d1", "e1"]
    assert crossed(state, 1) == ["a1", "b1", "c1", "d1"]
    # the next draft is started by seat 1
    play(state, "roll 1 1 1 1 1 1 1")
    assert state.current_player() == 1
    assert_legal(state, ["1@e1"])


def test_crossing_turns_every_die_into_a_cross_and_empties_the_middle():
    state = new_state(TWO_ROWS)
    play(state, "roll 1 2 3 4 4 4 6", "1@b1", "4@b3", "2@c1", "4@c3", "3@d1", "4@d3")
    assert crossed(state, 0) == ["a1", "a3"]
    play(state, "pass")  # seat 0
    play(state, "pass")  # seat 1, the last active player
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "a3", "b1", "c1", "d1"]
    assert crossed(state, 1) == ["a1", "a3", "b3", "c3", "d3"]
    assert dice(state, 0) == dice(state, 1) == []
    assert middle(state) == []
    assert active(state) == [0, 1]
    # crossed fields take no die, and the next draft builds on them
    play(state, "roll 2 2 3 4 4 6 6")
    assert state.current_player() == 1
    assert_legal(state, ["4@e3"])
    expect_illegal(state, "4@b3", "already crossed")


# --- early end -------------------------------------------------------------------------
def test_a_player_without_free_numbered_fields_ends_the_game_after_the_draft():
    state = new_state(["X 1"])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    # seat 1 still has b1 free, but seat 0 has nothing left: the game is over
    assert state.current_player() == TERMINAL
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "b1"] and crossed(state, 1) == ["a1"]


def test_unreachable_free_fields_do_not_end_the_game():
    state = new_state(["X 1 . 2"])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.current_player() == CHANCE and state.draft == 1
    play(state, "roll 2 2 2 2 2 2 2")
    assert_legal(state, ["pass", "reroll"])  # seat 1
    play(state, "pass")
    assert_legal(state, ["pass", "reroll"])  # seat 0 cannot reach d1


def test_scribbled_fields_count_as_used_for_the_early_end():
    state = new_state(["1 X 2"], bombs=[{"at": "c1", "points": 2}])
    play(state, "roll 1 2 3 3 3 3 3", "1@a1")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1", "pass", "pass")
    assert state.sheet.names(state.scribbled[0]) == ["c1"]
    assert state.current_player() == TERMINAL
    assert state.scores() == [-2, 0]


def test_the_early_end_waits_for_the_rocket_planets():
    # seat 0 crosses its last numbered field, a rocket: the planet is still chosen
    state = new_state(["X 1 P"], rockets=[{"at": "b1"}])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.deciders() == (0,)
    assert_legal(state, ["planet c1"], seat=0)
    play(state, "planet c1")
    assert state.current_player() == TERMINAL
    assert crossed(state, 0) == ["a1", "b1", "c1"]


# --- results -------------------------------------------------------------------------------
def test_fewer_crossed_fields_wins_a_tie_on_points():
    state = new_state(["X 1 2"], gems=[{"at": "b1", "points": 3, "colour": "red"}])
    play(state, "roll 1 1 2 3 3 3 3", "1@b1", "1@b1")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1", "pass", "pass")
    assert state.current_player() == TERMINAL
    assert state.scores() == [3, 3]
    assert crossed(state, 0) == ["a1", "b1", "c1"] and crossed(state, 1) == ["a1", "b1"]
    assert state.ranking() == [1, 0]
    assert state.places() == [2, 1]
    assert state.winners() == [1]


def test_more_points_win_whatever_the_crosses():
    state = new_state(["X 1 2"], gems=[{"at": "b1", "points": 3, "colour": "red"},
                                       {"at": "c1", "points": 1, "colour": "blue"}])
    play(state, "roll 1 1 2 3 3 3 3", "1@b1", "1@b1", "2@c1", "pass", "pass")
    assert state.current_player() == TERMINAL
    assert state.scores() == [4, 3]
    assert state.ranking() == [0, 1] and state.places() == [1, 2] and state.winners() == [0]


def test_still_tied_is_a_shared_win():
    state = new_state(["X 1"], gems=[{"at": "b1", "points": 3, "colour": "red"}])
    play(state, "roll 1 1 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass")
    assert state.current_player() == TERMINAL
    assert state.scores() == [3, 3]
    assert state.places() == [1, 1]
    assert state.winners() == [0, 1]


def test_places_with_three_players_and_a_shared_second_place():
    state = new_state(["X 1 2"], players=3,
                      gems=[{"at": "b1", "points": 3, "colour": "red"},
                            {"at": "c1", "points": 2, "colour": "blue"}])
    play(state, "roll 1 1 1 2 6 6 6 6 6 6", "1@b1", "1@b1", "1@b1", "2@c1")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass", "pass", "pass")
    assert state.current_player() == TERMINAL
    assert state.scores() == [5, 3, 3]
    assert state.places() == [1, 2, 2]
    assert state.winners() == [0]
    assert state.ranking() == [0, 1, 2]


def test_pass_out_helper_sanity():
    # guards the helper used above: a draft where nobody can place ends by passes
    state = new_state(NOTHING_FITS, players=3)
    play(state, roll(*[1] * 10))
    pass_out_draft(state)
    assert state.draft == 1 and active(state) == [0, 1, 2]
