"""Action notation and ids, chance-outcome notation, and illegal actions (which
raise IllegalAction with a reason and leave the state unchanged)."""

import pytest
from razzle_helpers import BLUE, RED, board, expect_illegal, make, play, position, started

from dicehall.engine import DicehallError, IllegalAction, NotationError, Timeout
from dicehall.games.razzle import Draw, EndTurn, Enter, Move, Spin


def games():
    yield make()
    yield make(3, pieces=6)
    yield make(board=board(jumps=[[2, 6], [6, 10], [10, 2]]))
    yield make(board=board(track_length=8, entries=[0, 3, 6], safe=[0, 3, 6]))


@pytest.mark.parametrize("game", list(games()), ids=lambda g: f"{g.board.track_length}-{g.num_players}")
def test_every_action_id_round_trips_through_its_notation(game):
    length = game.board.track_length
    assert game.num_distinct_actions == length + 4
    seen = set()
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        text = str(action)
        assert game.parse_action(text) == action
        assert game.action_id(action) == action_id
        assert game.to_action_id(text) == action_id
        assert game.to_action_id(action) == action_id
        assert game.to_action_id(action_id) == action_id
        seen.add(text)
    assert seen == {"enter", "spin", "end", "timeout"} | {f"move {f}" for f in range(length)}


def test_action_ids_and_value_objects():
    game = make()
    assert game.action_from_id(0) == Enter()
    assert game.action_from_id(13) == Move(12)
    assert game.action_from_id(49) == Spin()
    assert game.action_from_id(50) == EndTurn()
    assert game.action_from_id(51) == Timeout()
    assert (str(Enter()), str(Move(12)), str(Spin()), str(EndTurn()), str(Timeout())) == (
        "enter", "move 12", "spin", "end", "timeout")


def test_notation_is_forgiving_about_case_and_spaces():
    game = make()
    assert game.parse_action("  MOVE   12 ") == Move(12)
    assert game.parse_action("Enter") == Enter()
    assert game.parse_action("END") == EndTurn()


@pytest.mark.parametrize("text", ["move 48", "move -1", "move", "move x", "jump", "", "enter 3",
                                  "spin 4", "move 1 2"])
def test_bad_notation_is_refused(text):
    with pytest.raises(NotationError):
        make().parse_action(text)


def test_bad_action_ids_are_refused():
    game = make()
    for bad in (-1, 52, 1000, True):
        with pytest.raises(NotationError):
            game.to_action_id(bad)


@pytest.mark.parametrize("text", ["first 0", "first 2", "spin 1", "spin 6"])
def test_chance_outcomes_round_trip(text):
    game = make(3)
    outcome = game.parse_chance(text)
    assert isinstance(outcome, Draw) and str(outcome) == text
    assert Draw.parse(text) == outcome


def test_every_offered_chance_outcome_round_trips():
    state = started(3)
    for outcome, _ in state.chance_outcomes():
        assert state.game.parse_chance(str(outcome)) == outcome


@pytest.mark.parametrize("text", ["roll 3", "spin", "spin x", "first", "spin 1 2"])
def test_bad_chance_notation_is_refused(text):
    with pytest.raises(NotationError):
        make().parse_chance(text)


# --- illegal actions ----------------------------------------------------------------------------------
def test_illegal_actions_carry_a_reason_and_leave_the_state_unchanged():
    state = position(make(), [5, 13], [3])             # red on 4 and 12; blue on 18
    play(state, "spin 3")
    assert [str(a) for a in state.legal_actions()] == ["enter", "move 4", "move 12"]
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply("move 5")
    assert info.value.action == "move 5"
    assert info.value.reason == "you have no piece on field 5"
    assert state.to_json() == before
    expect_illegal(state, "move 18", "no piece on field 18")      # blue's piece
    expect_illegal(state, Move(7), "no piece on field 7")
    expect_illegal(state, 51 - 2, "must move")                     # spin by id
    expect_illegal(state, "end", "must move")


def test_entering_without_a_piece_in_start_is_illegal():
    state = position(make(pieces=2, goal=2), [5, 13], [])
    play(state, "spin 3")
    expect_illegal(state, "enter", "start area")


def test_the_reason_names_the_blocking_field():
    state = position(make(), [5, 8], [41])             # red on 4 and 7; blue on 8 (safe)
    play(state, "spin 4")
    assert "field 8 is a safe field" in expect_illegal(state, "move 4")
    state = position(make(), [5, 8], [])
    play(state, "spin 3")
    assert "field 7 holds one of your own pieces" in expect_illegal(state, "move 4")


def test_player_actions_at_a_chance_event_are_refused():
    state = started(2)
    before = state.to_json()
    for action in ("enter", "move 0", "spin", "end"):
        with pytest.raises(DicehallError):
            state.apply(action)
        assert state.to_json() == before
    with pytest.raises(IllegalAction, match="chance event"):
        state.apply_timeout()


def test_a_chance_outcome_is_not_a_players_action():
    state = started(2)
    play(state, "spin 3")
    with pytest.raises(NotationError):
        state.apply("spin 4")
    assert state.turn == RED and state.legal_actions(BLUE) == []


def test_chance_outcomes_are_refused_when_no_spin_is_due():
    state = started(2)
    play(state, "spin 3", "enter")
    expect_illegal(state, "first 1", "spin N")
    state = make().new_initial_state()
    expect_illegal(state, "spin 1", "first SEAT")
