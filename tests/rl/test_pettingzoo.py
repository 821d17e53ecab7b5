"""PettingZoo: every configuration passes pettingzoo's api_test and seed_test."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_configs import each_configuration

import dicehall.rl
from dicehall.rl.pettingzoo import DicehallAEC

# api_test's advice for plain observations; a dict with "action_mask" is PettingZoo's own pattern
pytestmark = pytest.mark.filterwarnings("ignore:Observation space for each agent probably",
                                        "ignore:Observation is not a NumPy array")


@each_configuration()
def test_api_and_seed_tests(name, options):
    api_test(DicehallAEC(name, **options), num_cycles=200)
    seed_test(lambda: DicehallAEC(name, **options), num_cycles=60)


def test_dict_observations_pass_the_api_test():
    api_test(dicehall.rl.pettingzoo_env("dizzle", players=2, level=4, observation="dict"), num_cycles=100)


def test_an_illegal_action_times_out_and_says_so():
    env = DicehallAEC("razzle", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert env.infos[agent] == {"illegal": True}
    assert env.agent_selection != agent        # the turn passed on, as on a timeout


def test_a_game_is_truncated_at_max_steps():
    env = DicehallAEC("nochmal", players=2, edition="classic", max_steps=25)
    env.reset(seed=3)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))      # always "pass"
    assert env.steps == 25 and not env.state.is_terminal()


@pytest.mark.parametrize("reward", ["score", "win"])
def test_rewards_add_up_to_the_final_scores_or_the_wins(reward):
    env = DicehallAEC("dizzle", players=2, level=3, reward=reward)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward_now, termination, truncation, info = env.last()
        totals[agent] += reward_now
        env.step(None if termination or truncation
                 else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = env.state
    expected = state.scores() if reward == "score" else [seat in state.winners() for seat in range(2)]
    assert list(totals.values()) == [float(value) for value in expected]


def test_each_step_leaves_its_own_rewards():
    """``env.rewards`` holds the last step's rewards only: a step that scores
    nothing after one that scored sets them back to 0, so adding them up after
    every step gives the final scores."""
    env = DicehallAEC("dizzle", players=2, level=3)
    env.reset(seed=5)
    totals, rng, scored = dict.fromkeys(env.possible_agents, 0.0), random.Random(0), 0
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        env.step(rng.choice(env.legal.of(env.state, env.seats[agent])))
        scored += any(env.rewards.values())
        for other, reward in env.rewards.items():
            totals[other] += reward
    assert scored > 5
    assert list(totals.values()) == [float(value) for value in env.state.scores()]
