"""Benchmarks: steps per second through the RL adapters beside the engine's playouts.

    .venv/bin/python bench/rl_adapters.py [--seconds S] [--strict] [GAME ...]

Every adapter plays random legal actions; a step is what the engine counts in
its random playouts (``dicehall.engine.playout``: one seat's decision or one
chance event), so the columns compare. Times are CPU time of this process.
"+ obs" encodes the acting seat's observation (and its action mask) at every
decision; without, the adapter steps alone (for Gymnasium the environment's
observation is skipped). The random player picks from the seat's legal ids as
the adapter lists them once a decision (``env.legal``, what the action mask is
made of), so one listing a step, as in the engine's playouts. Rewards are ``score`` (a
score per step, the default) or, with ``--reward win``, only at the end, which
shows the adapters without the cost of scoring. ``encode`` is the cost of one
observation.
Targets (issue 14): PettingZoo and Gymnasium with observations at least a third
of the engine's speed, Noch mal so-gut through OpenSpiel at least a tenth;
``--strict`` fails the run if one is missed.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import dicehall.rl
from dicehall.engine import make_game
from dicehall.engine.playout import play_randomly
from dicehall.rl.gymnasium import DicehallEnv
from dicehall.rl.observations import encoder
from dicehall.rl.pettingzoo import DicehallAEC

CONFIGURATIONS = [
    ("dizzle", {"players": 1, "level": 1}), ("dizzle", {"players": 2, "level": 1}),
    ("dizzle", {"players": 2, "level": 8}), ("nochmal", {"players": 1, "edition": "so-gut"}),
    ("nochmal", {"players": 2, "edition": "so-gut"}), ("nochmal", {"players": 2, "edition": "classic"}),
    ("razzle", {"players": 2}), ("razzle", {"players": 3}),
]


def timed(seconds: float, play: Callable[[], int]) -> float:
    """Steps per second of ``play`` (one game or part of one, returning its steps),
    in the process's CPU time, which a busy machine disturbs less than the clock."""
    steps, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        steps += play()
    return steps / (time.process_time() - started)


def pettingzoo(env: DicehallAEC, observe: bool, seed: list[int]) -> int:
    seed[0] += 1
    env.reset(seed=seed[0])
    rng = random.Random(seed[0])
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        if observe:
            env.observe(agent)
        env.step(rng.choice(env.legal.of(env.state, env.seats[agent])))
    return env.steps


def gymnasium(env: DicehallEnv, seed: list[int]) -> int:
    seed[0] += 1
    env.reset(seed=seed[0])
    rng, done = random.Random(seed[0]), False
    while not done:
        action = rng.choice(env.legal.of(env.state, env.seat))
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return env.steps


def openspiel(game: pyspiel.Game, observe: bool, seed: list[int]) -> int:
    """A game's engine steps (a roll served as several chance nodes is one)."""
    seed[0] += 1
    rng = np.random.default_rng(seed[0])
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(outcomes[rng.choice(len(outcomes), p=probabilities)])
        else:
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.steps


def encode_cost(name: str, options: dict, seconds: float) -> float:
    """Microseconds per observation, over the states of random games."""
    game = make_game(name, **options)
    coder, rng, states = encoder(game), random.Random(0), []
    state = game.new_initial_state()
    while not state.is_terminal() and len(states) < 300:
        states.append(state.clone())
        if state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = state.deciders()[0]
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)
    count, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        for state in states:
            coder.encode(state, 0)
        count += len(states)
    return (time.process_time() - started) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--strict", action="store_true", help="fail if a target is missed")
    parser.add_argument("--reward", choices=("score", "win"), default="score")
    parser.add_argument("games", nargs="*", help="only these games")
    args = parser.parse_args()
    seconds = args.seconds
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; steps per CPU second, "
          f"rewards {args.reward}\n")
    print("| game | options | engine | PettingZoo | + obs | Gymnasium | + obs | OpenSpiel | + obs "
          "| encode µs |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    missed = []
    for name, options in CONFIGURATIONS:
        if args.games and name not in args.games:
            continue
        game, rng = make_game(name, **options), random.Random(0)
        engine = timed(seconds, lambda: play_randomly(game.new_initial_state(), rng))
        seed, reward = [0], args.reward
        zoo_env = DicehallAEC(name, reward=reward, **options)
        zoo = [timed(seconds, lambda o=o: pettingzoo(zoo_env, o, seed)) for o in (False, True)]
        gym = []
        for observe in (False, True):
            gym_env = DicehallEnv(name, opponents="random", reward=reward, **options)
            if not observe:     # the environment without its observation: what stepping costs alone
                gym_env._observe = lambda: None
            gym.append(timed(seconds, lambda env=gym_env: gymnasium(env, seed)))
        shown = " ".join(f"{key}={value}" for key, value in options.items())
        spiel_game = dicehall.rl.openspiel_game(name, **options)
        spiel = [timed(seconds, lambda o=o: openspiel(spiel_game, o, seed)) for o in (False, True)]
        encode = encode_cost(name, options, seconds)
        print(f"| {name} | {shown} | {engine:,.0f} | " + " | ".join(
            f"{value:,.0f}" for value in (*zoo, *gym, *spiel)) + f" | {encode:.0f} |", flush=True)
        if min(zoo[1], gym[1]) < engine / 3:
            missed.append(f"{name} {shown}: PettingZoo/Gymnasium with observations below a third")
        if options.get("edition") == "so-gut" and spiel[0] < engine / 10:
            missed.append(f"{name} {shown}: OpenSpiel below a tenth")
    if missed:
        print("\nbelow target:\n" + "\n".join(f"- {line}" for line in missed))
        if args.strict:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
