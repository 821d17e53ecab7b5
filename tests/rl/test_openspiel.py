"""OpenSpiel: both variants of every game pass pyspiel's random_sim_test (with
serialization), OpenSpiel's Python MCTS and IS-MCTS play a few moves, and
Noch mal's rolls come as three small chance nodes (``state.chance_parts()``).
"""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from rl_configs import CONFIGURATIONS, each_configuration

import dicehall.rl
from dicehall.engine import make_game


def roll(state, pick=lambda outcomes: outcomes[0][0]) -> int:
    """Apply chance nodes until someone decides; how many there were."""
    nodes = 0
    while state.is_chance_node():
        state.apply_action(pick(state.chance_outcomes()))
        nodes += 1
    return nodes


@each_configuration(CONFIGURATIONS)
def test_random_sim_test_sequential(name, options):
    game = dicehall.rl.openspiel_game(name, **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name, options", [
    ("dizzle", {"players": 2, "level": 8}), ("dizzle", {"players": 3, "level": 7}),
    ("nochmal", {"players": 3, "edition": "classic"}), ("razzle", {"players": 3})])
def test_random_sim_test_simultaneous(name, options):
    game = dicehall.rl.openspiel_game(name, simultaneous=True, **options)
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
    assert roll(state) == 2                     # colour and number dice; then both players choose
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
    ("nochmal", {"players": 2, "edition": "so-gut"}), ("razzle", {"players": 3})])
def test_openspiel_mcts_plays(name, options):
    game = dicehall.rl.openspiel_game(name, **options)
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


def test_a_noch_mal_roll_is_three_small_chance_nodes_and_one_engine_step():
    game = dicehall.rl.openspiel_game("nochmal", players=2, edition="so-gut")
    assert game.max_chance_outcomes() == 56 < make_game("nochmal", players=2).max_chance_outcomes
    state = game.new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        sizes.append(len(outcomes))
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        state.apply_action(outcomes[-1][0])
    assert sizes == [56, 56, 5] and state.steps == 1
    engine = make_game("nochmal", players=2).new_initial_state()
    engine.apply("roll x x x / ? ? ? / " + str(engine.chance_parts()[2][-1][0]))
    assert state.engine.to_json() == engine.to_json()
    assert len(state.history()) == 3 and game.max_game_length() == 3 * engine.game.max_game_length


def hidden_choice_state(game):
    """Noch mal classic for two after the first roll, the first decider's choice made."""
    state = game.new_initial_state()
    roll(state, lambda outcomes: outcomes[len(outcomes) // 3][0])
    state.apply_action(state.legal_actions()[-1])
    return state


def test_resampling_from_an_information_state_remakes_only_the_hidden_choices():
    game = dicehall.rl.openspiel_game("nochmal", players=2, edition="classic")
    state = hidden_choice_state(game)
    me = state.current_player()
    other = 1 - me
    known = state.engine.redacted(me)
    legal = set(known.legal_action_ids(other))
    draws = iter(np.random.default_rng(0).random(200))
    choices = set()
    for _ in range(40):
        sample = state.resample_from_infostate(me, lambda: next(draws))
        assert sample.observation_tensor(me) == state.observation_tensor(me)
        assert sample.current_player() == me and sample.history() == state.history()
        choices.add(sample.engine.pending[other])
    assert choices == legal and len(legal) >= 2     # the other's choice is drawn anew
    # the one who chose knows their own choice: resampled for them, nothing changes
    assert state.resample_from_infostate(other, lambda: 0.5).engine.to_json() == state.engine.to_json()


def test_openspiel_information_set_mcts_plays():
    game = dicehall.rl.openspiel_game("nochmal", players=2, edition="classic")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=8,
                           random_state=rng, use_observation_string=True)
    state = hidden_choice_state(game)
    action = bot.step(state)
    assert action in state.legal_actions()
