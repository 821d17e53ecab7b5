"""Property tests over random Razzle-Dazzle games."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall.engine import make_game
from scenario import check_legal_actions, check_round_trips
from scenario import random_game as play_randomly

configs = st.tuples(st.integers(2, 3), st.integers(2, 6), st.integers(0, 2**32), st.data())


def random_game(players, pieces, goal, seed, inspect):
    """A random game; ``inspect`` also gets every seat's spins so far."""
    drawn = [[] for _ in range(players)]

    def note(state, outcome):
        if outcome.kind == "spin":
            drawn[state.turn].append(outcome.value)

    game = make_game("razzle", players=players, pieces=pieces, goal=goal)
    return play_randomly(game, seed, lambda state: inspect(state, drawn), note)


@settings(max_examples=40, deadline=None)
@given(configs)
def test_random_games_keep_wheels_fields_and_the_end_consistent(config):
    players, pieces, seed, data = config
    goal = data.draw(st.integers(1, pieces))

    def inspect(state, drawn):
        state.check()
        for seat in range(players):
            this_cycle = drawn[seat][len(drawn[seat]) - len(drawn[seat]) % 6:]
            assert state.wheel_numbers(seat) == [n for n in range(1, 7) if n not in this_cycle]
        fields = [f for f in state.occupant if f >= 0]
        assert len(fields) == len(set(fields))

    final = random_game(players, pieces, goal, seed, inspect)
    assert max(final.goals) == goal and final.goals.count(goal) == 1
    ranking = final.ranking()
    assert final.goals[ranking[0]] == goal
    assert [final.goals[s] for s in ranking] == sorted(final.goals, reverse=True)


@settings(max_examples=10, deadline=None)
@given(configs)
def test_serialisation_clone_and_notation_round_trip(config):
    players, pieces, seed, _ = config

    def inspect(state, drawn):
        check_round_trips(state)
        check_legal_actions(state)

    random_game(players, pieces, pieces - 1, seed, inspect)
