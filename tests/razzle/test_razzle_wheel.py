"""The number wheels (razzle-dazzle.md "Number wheel"): one per player, uniform draws
among the remaining numbers, removal, refill, visibility."""

from fractions import Fraction

import pytest
from razzle_helpers import BLUE, RED, YELLOW, expect_illegal, make, phase_name, play, position, started

from dicehall.engine import CHANCE, NotationError


def spin_odds(state) -> dict[int, Fraction]:
    return {outcome.value: p for outcome, p in state.chance_outcomes()}


def test_every_player_has_a_full_wheel_at_the_start():
    state = started(3)
    for seat in (RED, BLUE, YELLOW):
        assert state.wheel_numbers(seat) == [1, 2, 3, 4, 5, 6]
    assert spin_odds(state) == {n: Fraction(1, 6) for n in range(1, 7)}


def test_the_drawn_number_leaves_only_the_spinners_wheel():
    state = started(3)
    play(state, "spin 4", "enter")
    assert state.wheel_numbers(RED) == [1, 2, 3, 5, 6]
    assert state.wheel_numbers(BLUE) == [1, 2, 3, 4, 5, 6]
    assert state.wheel_numbers(YELLOW) == [1, 2, 3, 4, 5, 6]
    # blue spins from its own full wheel
    assert state.turn == BLUE and spin_odds(state) == {n: Fraction(1, 6) for n in range(1, 7)}
    play(state, "spin 4", "enter")
    assert state.wheel_numbers(BLUE) == [1, 2, 3, 5, 6]
    play(state, "spin 2", "enter")
    assert state.wheel_numbers(YELLOW) == [1, 3, 4, 5, 6]
    # red's turn again: a uniform draw among red's five remaining numbers
    assert state.turn == RED
    assert spin_odds(state) == {n: Fraction(1, 5) for n in (1, 2, 3, 5, 6)}


def test_draws_are_uniform_among_the_remaining_numbers():
    game = make()
    state = position(game, [], [], wheels=[[2, 5], None])
    assert spin_odds(state) == {2: Fraction(1, 2), 5: Fraction(1, 2)}
    state = position(game, [], [], wheels=[[3], None])
    assert spin_odds(state) == {3: Fraction(1)}
    state = position(game, [], [], wheels=[[1, 2, 4, 6], [5]], turn=BLUE)
    assert spin_odds(state) == {5: Fraction(1)}


def test_a_number_no_longer_on_the_wheel_is_refused():
    game = make()
    state = position(game, [], [], wheels=[[2, 5], None])
    for text in ("spin 1", "spin 3", "spin 6", "spin 0", "spin 7", "first 1"):
        message = expect_illegal(state, text)
        assert "2 5" in message or text == "first 1"
    with pytest.raises(NotationError):
        state.apply("spin")          # a player's word, not a chance outcome
    with pytest.raises(NotationError):
        state.apply("spin two")


def test_the_wheel_empties_round_by_round_and_is_refilled():
    game = make()
    state = position(game, [], [], wheels=[[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]])
    # six red turns (blue forfeits in between); red draws each number once
    drawn = []
    for number in (2, 4, 1, 5, 3):
        play(state, f"spin {number}")
        drawn.append(number)
        state.apply_timeout()                       # red forfeits: the number stays used
        assert state.wheel_numbers(RED) == [n for n in range(1, 7) if n not in drawn]
        play(state, f"spin {number}")              # blue draws the same from its own wheel
        state.apply_timeout()
    assert state.wheel_numbers(RED) == state.wheel_numbers(BLUE) == [6]
    play(state, "spin 6")
    # the last number drawn: the wheel is full again at once
    assert state.wheel_numbers(RED) == [1, 2, 3, 4, 5, 6]
    assert state.number == 6 and phase_name(state) == "move"


def test_refilled_at_once_so_the_second_spin_may_draw_the_same_number():
    game = make()
    # blue stands on red's entry field 0 (safe): red cannot enter with a 1
    state = position(game, [], [33], wheels=[[1], None])
    play(state, "spin 1")
    assert phase_name(state) == "again"
    assert state.wheel_numbers(RED) == [1, 2, 3, 4, 5, 6]
    play(state, "spin")
    assert spin_odds(state) == {n: Fraction(1, 6) for n in range(1, 7)}
    play(state, "spin 1")
    # the second 1 allows no move either: the turn ends by itself
    assert state.turn == BLUE and state.current_player() == CHANCE
    assert state.wheel_numbers(RED) == [2, 3, 4, 5, 6]
    assert state.progress[RED] == [0, 0, 0, 0]


def test_every_wheel_is_visible_to_everyone():
    game = make(3)
    state = position(game, [], [], [], wheels=[[1, 3], [2, 4, 6], [5]], turn=BLUE)
    play(state, "spin 4", "enter")
    for seat in (None, RED, BLUE, YELLOW):
        view = state.view(seat)
        assert [p["wheel"] for p in view["players"]] == [[1, 3], [2, 6], [5]]
        assert [p["colour"] for p in view["players"]] == ["red", "blue", "yellow"]


def test_the_view_lists_the_deciders_legal_actions():
    state = started(2)
    play(state, "spin 3")
    assert state.view(RED)["legal"] == ["enter"]
    assert "legal" not in state.view(BLUE)
    assert state.view(None)["deciders"] == [RED]


def test_wheels_round_trip_through_json():
    game = make(3)
    state = position(game, [], [], [], wheels=[[1, 3], [2, 4, 6], [5]])
    data = state.to_json()
    assert [p["wheel"] for p in data["players"]] == [[1, 3], [2, 4, 6], [5]]
    again = game.state_from_json(data)
    assert [again.wheel_numbers(s) for s in range(3)] == [[1, 3], [2, 4, 6], [5]]


def test_sampled_spins_come_from_the_remaining_numbers():
    import random
    state = position(make(), [], [], wheels=[[2, 5], None])
    rng = random.Random(3)
    drawn = {state.sample_chance(rng).value for _ in range(200)}
    assert drawn == {2, 5}
    first = make(3).new_initial_state()
    assert {first.sample_chance(rng).value for _ in range(200)} == {0, 1, 2}


def test_a_clone_has_its_own_wheels_and_pieces():
    state = position(make(), [3], [], wheels=[[2, 5], None])
    other = state.clone()
    play(other, "spin 5", "move 2")
    assert other.wheel_numbers(RED) == [2] and other.progress[RED] == [8, 0, 0, 0]
    assert state.wheel_numbers(RED) == [2, 5] and state.progress[RED] == [3, 0, 0, 0]
    assert state.occupant[2] == 0 and other.occupant[2] == -1
