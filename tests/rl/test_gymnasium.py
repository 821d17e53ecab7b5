"""Gymnasium: solo games and games against the bots pass check_env, and vectorise."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_configs import CONFIGURATIONS, each_configuration

import dicehall.rl
from dicehall.rl.gymnasium import DicehallEnv


@each_configuration()
def test_check_env(name, options):
    # the seats beside the agent's are played by the random bot (fast); the
    # test below plays against the project's greedy bot
    check_env(DicehallEnv(name, opponents="random", **options), skip_render_check=True)


@pytest.mark.parametrize("name, options", [("dizzle", {"players": 3, "level": 2}),
                                           ("nochmal", {"players": 2, "edition": "classic"}),
                                           ("razzle", {"players": 2})])
def test_check_env_against_greedy_bots_in_a_later_seat(name, options):
    check_env(DicehallEnv(name, seat=1, opponents="greedy", **options), skip_render_check=True)


def test_dict_observations_pass_check_env():
    check_env(dicehall.rl.gymnasium_env("dizzle", players=1, level=7, observation="dict"),
              skip_render_check=True)


def play(env, seed, rng):
    observation, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return total, terminated


def test_solo_rewards_add_up_to_the_final_score():
    env = DicehallEnv("dizzle", players=1, level=2)
    total, terminated = play(env, 5, np.random.default_rng(1))
    assert terminated and total == env.state.scores()[0]


def test_the_same_seed_plays_the_same_game():
    first, second = (play(DicehallEnv("nochmal", players=2, edition="classic", opponents="greedy"),
                          11, np.random.default_rng(2)) for _ in range(2))
    assert first == second


def test_truncation():
    env = DicehallEnv("razzle", players=3, max_steps=30)
    total, terminated = play(env, 1, np.random.default_rng(0))
    assert not terminated and env.steps >= 30


def test_registered_ids_load_with_make_and_vectorise():
    assert {f"dicehall/{name}-v0" for name, _ in CONFIGURATIONS} <= set(gymnasium.registry)
    env = gymnasium.make("dicehall/dizzle-v0", players=1, level=8)
    assert env.unwrapped.game.sheet.railway
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: DicehallEnv("dizzle", players=1, level=1) for _ in range(3)])
    observations, _ = vector.reset(seed=7)
    assert observations["observation"].shape == (3, vector.single_observation_space["observation"].shape[0])
    rng, finished = np.random.default_rng(0), 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
                   for mask in observations["action_mask"]]
        observations, rewards, terminated, truncated, _ = vector.step(actions)
        finished += int(terminated.sum())
    assert finished >= 3
    vector.close()


def test_options_are_checked():
    with pytest.raises(ValueError, match="2 other seats, but 1 opponents"):
        DicehallEnv("razzle", players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="observation must be one of"):
        DicehallEnv("razzle", observation="image")
    with pytest.raises(ValueError, match="reward must be one of"):
        DicehallEnv("razzle", reward="points")
