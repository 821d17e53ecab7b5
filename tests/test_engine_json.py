"""Actions as JSON for clients: every legal action of every game round-trips
through its JSON notation and names its kind and fields."""

import json
import random

import pytest

from dicehall.engine.registry import make_game


@pytest.mark.parametrize("name", ["dizzle", "nochmal", "razzle"])
def test_action_json_carries_id_notation_and_fields(name):
    game = make_game(name)
    state, rng = game.new_initial_state(), random.Random(3)
    for _ in range(40):
        while state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        if state.is_terminal():
            break
        seat = state.deciders()[0]
        for action_id in state.legal_action_ids(seat):
            data = json.loads(json.dumps(game.action_json(action_id)))
            action = game.action_from_id(action_id)
            assert data["id"] == action_id
            assert game.action_id(game.parse_action(data["notation"])) == action_id
            assert data["kind"] == type(action).__name__.lower()
        state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)


def test_place_action_json_names_field_and_value():
    game = make_game("dizzle")
    place = next(i for i in range(game.num_distinct_actions) if str(game.action_from_id(i)) == "6@c3")
    assert game.action_json(place) == {"id": place, "notation": "6@c3", "kind": "place",
                                       "field": "c3", "value": 6}
