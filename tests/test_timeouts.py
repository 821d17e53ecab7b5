"""The default action when a move timer runs out, for every game."""

import pytest

import dicehall
from dicehall.engine import GameRecord, IllegalAction, Timeout, make_game, state_from_json


def test_dizzle_timeout_passes_even_when_a_die_fits():
    state = make_game("dizzle", players=2, sheet={"name": "t", "grid": ["X 1 2 3"]}).new_initial_state()
    state.apply("roll 1 1 2 2 3 3 3")
    assert "pass" not in map(str, state.legal_actions(0))
    with pytest.raises(IllegalAction, match="you must take one"):
        state.apply("pass")
    assert state.apply_timeout() == Timeout()
    assert state.active == 0b10 and state.last_turn and state.turn == 1


def test_dizzle_timeout_on_a_planet_choice_takes_the_first_free_planet():
    sheet = {"name": "t", "grid": ["X 1 2 P P"], "rockets": [{"at": "b1"}]}
    state = make_game("dizzle", players=2, sheet=sheet).new_initial_state()
    for step in ("roll 1 4 4 4 4 4 4", "1@b1", "pass", "pass"):
        state.apply(step)
    assert state.deciders() == (0,)
    assert str(state.apply_timeout(0)) == "planet d1"
    assert "d1" in state.sheet.names(state.crossed[0])


def test_nochmal_timeout_passes_and_a_row_bomb_is_still_crossed():
    match = dicehall.new_game("nochmal", players=2, seed=4, auto_chance=False)
    match.force("roll g y x / 1 3 ? / heart")
    match.timeout(0)
    assert match.state.pending[0] == 0
    state = match.state
    state.phase, state.bombs_due[1], state.pending = 4, 1, [-1, -1]
    assert state.timeout_action_id(1) == state.legal_action_ids(1)[0]


def test_razzle_timeout_forfeits_the_move_and_the_number_stays_used():
    state = make_game("razzle", players=2).new_initial_state()
    state.apply("first 0")
    state.apply("spin 6")
    assert [str(a) for a in state.legal_actions(0)] == ["enter"]
    state.apply("timeout")
    assert state.turn == 1 and state.progress[0] == [0, 0, 0, 0]
    assert state.wheel_numbers(0) == [1, 2, 3, 4, 5]


def test_razzle_timeout_when_offered_a_second_spin_ends_the_turn():
    state = make_game("razzle", players=2).new_initial_state()
    state.apply("first 0")
    data = state.to_json()
    data["players"][1]["progress"][0] = 33          # blue on red's safe entry field 0
    state = state_from_json(data)
    state.apply("spin 1")                           # red cannot enter on field 0
    assert [str(a) for a in state.legal_actions(0)] == ["spin", "end"]
    assert str(state.apply_timeout()) == "timeout"
    assert state.turn == 1 and state.spins == 0


def test_timeouts_are_recorded_and_replay():
    match = dicehall.new_game("razzle", players=3, seed=2)
    for _ in range(5):
        match.timeout()
    record = GameRecord.from_json(match.record().to_json())
    assert [e.notation for e in record.entries if e.seat is not None] == ["timeout"] * 5
    assert record.replay().to_json() == match.state.to_json()

