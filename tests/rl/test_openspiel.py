"""OpenSpiel: both variants of every game pass pyspiel's random_sim_test (with
serialization), and OpenSpiel's Python MCTS plays a few moves of each.

Noch mal's chance nodes list every roll (15,680 for a so-gut roll for two) and
OpenSpiel copies them at each one, so its configurations stop early through
``max_steps``, which also tests truncation.
"""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from rl_configs import CONFIGURATIONS, each_configuration

import dicehall.rl
from dicehall.engine import make_game

#: steps for a Noch mal game through OpenSpiel in the tests (see above)
NOCHMAL_STEPS = {"so-gut": 12, "classic": 40}


def small(name: str, options: dict) -> dict:
    if name == "nochmal":
        return {**options, "max_steps": NOCHMAL_STEPS[options["edition"]] * (1 + (options["players"] == 1))}
    return options


@each_configuration(CONFIGURATIONS)
def test_random_sim_test_sequential(name, options):
    game = dicehall.rl.openspiel_game(name, **small(name, options))
    pyspiel.random_sim_test(game, num_sims=2 if name != "nochmal" else 1, serialize=True, verbose=False)


@pytest.mark.parametrize("name, options", [
    ("dizzle", {"players": 2, "level": 8}), ("dizzle", {"players": 3, "level": 7}),
    ("nochmal", {"players": 3, "edition": "classic"}), ("razzle", {"players": 3})])
def test_random_sim_test_simultaneous(name, options):
    game = dicehall.rl.openspiel_game(name, simultaneous=True, **small(name, options))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_loading_by_name_with_parameters():
    game = pyspiel.load_game("dicehall_dizzle(players=1,level=8)")
    assert game.num_players() == 1
    assert game.num_distinct_actions() == dicehall.rl.openspiel_game("dizzle", players=1, level=8) \
        .num_distinct_actions()
    engine = make_game("dizzle", players=1, level=8)
    assert game.max_chance_outcomes() == engine.max_chance_outcomes == 1287
    assert game.max_game_length() == engine.max_game_length < dicehall.rl.DEFAULT_MAX_STEPS
    assert (game.min_utility(), game.max_utility()) == engine.score_bounds()
    simultaneous = pyspiel.load_game("dicehall_razzle_simultaneous(players=3)")
    assert simultaneous.num_distinct_actions() == game_actions("razzle", players=3) + 1


def game_actions(name, **options):
    return make_game(name, **options).num_distinct_actions


def test_a_simultaneous_step_is_served_one_decider_at_a_time_and_hidden():
    game = dicehall.rl.openspiel_game("nochmal", players=2, edition="classic")
    state = game.new_initial_state()
    state.apply_action(0)                       # the first roll: both players choose
    first = state.current_player()
    legal = state.legal_actions()
    assert legal == sorted(legal) and len(legal) >= 2
    one, other = state.clone(), state.clone()
    one.apply_action(legal[0])
    other.apply_action(legal[-1])
    assert one.current_player() == other.current_player() == 1 - first
    assert one.observation_tensor(1 - first) == other.observation_tensor(1 - first)
    assert one.observation_string(1 - first) == other.observation_string(1 - first)
    assert one.observation_tensor(1 - first) != state.observation_tensor(1 - first)   # "chosen"


def test_truncation_ends_the_game_with_the_scores_as_they_stand():
    game = dicehall.rl.openspiel_game("razzle", players=2, max_steps=7)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node()
                           else state.chance_outcomes()[0][0])
    assert len(state.history()) == 7 == game.max_game_length()
    assert state.returns() == [float(score) for score in state.engine.scores()]


@pytest.mark.parametrize("name, options", [
    ("dizzle", {"players": 2, "level": 1}), ("dizzle", {"players": 1, "level": 8}),
    # solo: 441 outcomes a roll, where two players' rolls have 3,136 (see above)
    ("nochmal", {"players": 1, "edition": "classic"}), ("razzle", {"players": 3})])
def test_openspiel_mcts_plays(name, options):
    game = dicehall.rl.openspiel_game(name, **small(name, options))
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, random_state=rng,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng))
    state, moves = game.new_initial_state(), 0
    while moves < 3 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 3 or state.is_terminal()
