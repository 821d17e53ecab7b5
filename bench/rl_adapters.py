"""Benchmarks: steps per second through the RL adapters beside the engine's playouts.

    .venv/bin/python bench/rl_adapters.py [--seconds S] [--strict] [GAME ...]

Every adapter plays random legal actions; a step is what the engine counts in
its random playouts (``dicehall.engine.playout``: one seat's decision or one
chance event), so the columns compare. Times are CPU time of this process;
each column is timed in five turns taken in turn with the others, so a
machine that runs faster or slower for a while shifts every column alike.
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

#: turns each column is timed in (:func:`interleaved`)
SLICES = 5
CONFIGURATIONS = [
    ("dizzle", {"players": 1, "level": 1}), ("dizzle", {"players": 2, "level": 1}),
    ("dizzle", {"players": 2, "level": 8}), ("nochmal", {"players": 1, "edition": "so-gut"}),
    ("nochmal", {"players": 2, "edition": "so-gut"}), ("nochmal", {"players": 2, "edition": "classic"}),
    ("razzle", {"players": 2}), ("razzle", {"players": 3}),
]


def played(seconds: float, play: Callable[[], int]) -> tuple[int, float]:
    """The steps ``play`` (one game or part of one, returning its steps) made in
    about ``seconds`` of the process's CPU time, which a busy machine disturbs
    less than the clock, and that time."""
    steps, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        steps += play()
    return steps, time.process_time() - started


def interleaved(seconds: float, plays: list[Callable[[], int]], slices: int = SLICES) -> list[float]:
    """Steps per second of each of ``plays``, each timed in ``slices`` turns taken
    one after another, so a machine that runs faster or slower for a while
    (another process, the clock of the CPU) shifts every column alike and the
    ratios the targets compare hold."""
    steps, spent = [0] * len(plays), [0.0] * len(plays)
    for _ in range(slices):
        for column, play in enumerate(plays):
            made, took = played(seconds / slices, play)
            steps[column] += made
            spent[column] += took
    return [made / took for made, took in zip(steps, spent)]


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


def columns(name: str, options: dict, reward: str) -> list[Callable[[], int]]:
    """The table's columns for one configuration, each a game (or part of one)
    that returns its steps: the engine's playout, then PettingZoo, Gymnasium and
    OpenSpiel, each without and with observations."""
    game, rng, seed = make_game(name, **options), random.Random(0), [0]
    zoo_env = DicehallAEC(name, reward=reward, **options)
    gym_envs = [DicehallEnv(name, opponents="random", reward=reward, **options) for _ in range(2)]
    gym_envs[0]._observe = lambda: None     # the environment without its observation: stepping alone
    spiel_game = dicehall.rl.openspiel_game(name, **options)
    return [lambda: play_randomly(game.new_initial_state(), rng),
            *(lambda o=o: pettingzoo(zoo_env, o, seed) for o in (False, True)),
            *(lambda env=env: gymnasium(env, seed) for env in gym_envs),
            *(lambda o=o: openspiel(spiel_game, o, seed) for o in (False, True))]


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
        engine, *adapters = interleaved(seconds, columns(name, options, args.reward))
        zoo, gym, spiel = adapters[0:2], adapters[2:4], adapters[4:6]
        shown = " ".join(f"{key}={value}" for key, value in options.items())
        encode = encode_cost(name, options, seconds)
        print(f"| {name} | {shown} | {engine:,.0f} | " + " | ".join(
            f"{value:,.0f}" for value in adapters) + f" | {encode:.0f} |", flush=True)
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
