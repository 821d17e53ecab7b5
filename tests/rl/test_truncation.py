"""The engine's bounds for learning (docs/engine.md) and the adapters' step limit."""

import random

import numpy as np
import pytest

from dicehall.engine import Game, make_game
from dicehall.rl import DEFAULT_MAX_STEPS, step_limit
from dicehall.rl.observations import action_mask


def test_a_game_states_no_bounds_unless_it_overrides_them():
    game = make_game("razzle", players=2)
    assert Game.max_game_length.fget(game) is None
    assert Game.max_chance_outcomes.fget(game) is None
    assert Game.score_bounds(game) is None


def test_without_a_stated_length_the_adapters_cap_the_steps(monkeypatch):
    game = make_game("razzle", players=2)
    monkeypatch.setattr(type(game), "max_game_length", property(lambda self: None))
    assert step_limit(game) == DEFAULT_MAX_STEPS and step_limit(game, 10) == 10
    with pytest.raises(ValueError, match="at least 1"):
        step_limit(game, 0)


def test_a_stated_game_length_wins_where_it_is_shorter(monkeypatch):
    game = make_game("dizzle", players=1)
    monkeypatch.setattr(type(game), "max_game_length", property(lambda self: 300))
    assert step_limit(game) == 300 and step_limit(game, 100) == 100


def test_the_action_mask_is_built_from_the_legal_ids():
    game = make_game("dizzle", players=2)
    state = game.new_initial_state()
    assert not any(state.action_mask())           # a chance event: nobody decides
    state.apply("roll 1 2 3 4 5 6 6")
    mask = state.action_mask()
    seat = state.current_player()
    assert [i for i, legal in enumerate(mask) if legal] == sorted(state.legal_action_ids(seat))
    assert mask == state.action_mask(seat)
    assert not any(state.action_mask(1 - seat))


def test_the_numpy_action_mask_matches_the_engines():
    game = make_game("nochmal", players=2)
    state = game.new_initial_state()
    state.apply_outcome(state.sample_chance(random.Random(2)))
    for seat in range(2):
        mask = action_mask(state, seat)
        assert mask.dtype == np.int8 and mask.astype(bool).tolist() == state.action_mask(seat)
