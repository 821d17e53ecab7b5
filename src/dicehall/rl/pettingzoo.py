"""The games as PettingZoo AEC environments: every seat an agent.

Agents are ``player_0 .. player_{n-1}`` (the seats). The agent to act is the
seat deciding now; in a simultaneous step of the rules the deciders act one
after another, each seeing only that the others have chosen. Chance events are
rolled inside ``step`` with the generator seeded by ``reset(seed=...)``.
Observations are ``{"observation", "action_mask"}`` (:mod:`.spaces`); rewards
as :mod:`.rewards` describes. An action the seat may not take counts as its
move timer running out (the game's documented timeout action, see
``docs/engine.md``) and sets ``infos[agent]["illegal"]``. After ``max_steps``
steps (:func:`dicehall.rl.step_limit`) every agent is truncated.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.game import Game
from ..engine.registry import make_game
from ..engine.state import CHANCE, GameState
from . import DEFAULT_MAX_STEPS, step_limit
from .observations import encoder
from .rewards import Rewards, check_kind
from .spaces import Legal, observation_space, observe


class DicehallAEC(AECEnv):
    metadata = {"render_modes": [], "name": "dicehall_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game = "dizzle", *, observation: str = "flat", reward: str = "score",
                 max_steps: int = DEFAULT_MAX_STEPS, render_mode: None = None, **options: Any) -> None:
        super().__init__()
        self.game = make_game(game, **options) if isinstance(game, str) else game
        self.metadata = {**self.metadata, "name": f"dicehall_{self.game.name}_v0"}
        self.encoder = encoder(self.game)
        self.form, self.reward_kind = observation, check_kind(reward)
        self.limit = step_limit(self.game, max_steps)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.legal = Legal()
        space = observation_space(self.encoder, observation)
        actions = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, actions)
        self.state: GameState = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.legal.forget()
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.scoring = Rewards(self.reward_kind, self.state)
        self.rewarded = self.scoring.none
        self.agent_selection = self.agents[0]
        self._roll()
        self._next()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seats[agent]
        deciding = agent == self.agent_selection and not self._over()
        return observe(self.encoder, self.form, self.state, seat,
                       self.legal.of(self.state, seat) if deciding else None)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat, state = self.seats[agent], self.state
        self._cumulative_rewards[agent] = 0.0
        action = None if action is None else int(action)
        legal = action in self.legal.of(state, seat)
        self.infos[agent] = {} if legal else {"illegal": True}
        state.apply_id(action if legal else state.timeout_action_id(seat), seat)
        self.legal.forget()
        self.steps += 1
        self._roll()
        self._reward(self.scoring.step(state))
        self._next()

    def _reward(self, step_rewards: list[float]) -> None:
        """The step's rewards, added to the cumulative ones; a step that scores
        nothing after one that scored nothing (most steps) changes neither."""
        if step_rewards is self.scoring.none and self.rewarded is self.scoring.none:
            return
        self.rewarded = step_rewards
        rewards, cumulative = self.rewards, self._cumulative_rewards
        for other, reward in zip(self.agents, step_rewards):
            rewards[other] = reward
            cumulative[other] += reward

    def _roll(self) -> None:
        """Roll every chance event due (each counts as a step)."""
        state, rng = self.state, self.rng
        while state.current_player() == CHANCE and self.steps < self.limit:
            state.apply_outcome(state.sample_chance(rng))
            self.steps += 1

    def _over(self) -> bool:
        return self.state.is_terminal() or self.steps >= self.limit

    def _next(self) -> None:
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= self.limit:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state.deciders()[0]]

    def render(self) -> None:
        """No rendering: the terminal and the web client show games (``dicehall play``)."""

    def close(self) -> None:
        pass
