"""The games as Gymnasium environments for one seat: solo games, or any game
against the project's bots in the other seats.

``DicehallEnv("dizzle", players=1)`` is a solo Dizzle;
``DicehallEnv("nochmal", players=3, opponents="greedy")`` puts the greedy bot in
seats 1 and 2 (``opponents`` may also list one bot per other seat, by the names
of ``dicehall.bots.make_bot``). The registered ids ``dicehall/<game>-v0`` load
with ``gymnasium.make`` and ``gymnasium.make_vec``.

The agent's seat (``seat``, default 0) acts in ``step``; chance events and the
bots' decisions are played until the agent decides again. In a simultaneous
step of the rules the bots choose first, each from its own ``redacted`` view,
so no one sees another's hidden choice. Observations, rewards, the handling
of illegal actions and truncation are those of the PettingZoo adapter
(:mod:`.pettingzoo`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..engine.game import Game
from ..engine.registry import game_names, make_game
from ..engine.state import CHANCE, SIMULTANEOUS, GameState
from . import DEFAULT_MAX_STEPS, step_limit
from .observations import encoder
from .rewards import Rewards, check_kind
from .spaces import Legal, observation_space, observe


class DicehallEnv(gymnasium.Env):
    metadata = {"render_modes": []}

    def __init__(self, game: str | Game = "dizzle", *, seat: int = 0,
                 opponents: str | Sequence[str] = "greedy", observation: str = "flat",
                 reward: str = "score", max_steps: int = DEFAULT_MAX_STEPS, render_mode: None = None,
                 **options: Any) -> None:
        self.game = make_game(game, **options) if isinstance(game, str) else game
        players = self.game.num_players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1}, not {seat}")
        others = [p for p in range(players) if p != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} other seats, but {len(names)} opponents")
        self.bots = {p: make_bot(name) for p, name in zip(others, names)}
        self.seat, self.form, self.reward_kind = seat, observation, check_kind(reward)
        self.encoder = encoder(self.game)
        self.limit = step_limit(self.game, max_steps)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.encoder, observation)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: GameState = self.game.new_initial_state()
        self.legal = Legal()

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self.rng = random.Random(int(self.np_random.integers(2**63 - 1)))
        self.state = self.game.new_initial_state()
        self.legal.forget()
        self.steps = 0
        self.scoring = Rewards(self.reward_kind, self.state)
        self._play_others()
        self.scoring.step(self.state)      # the bots' points before the agent's first move
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        state, seat = self.state, self.seat
        legal = int(action) in self.legal.of(state, seat)
        state.apply_id(int(action) if legal else state.timeout_action_id(seat), seat)
        self.legal.forget()
        self.steps += 1
        self._play_others()
        reward = self.scoring.step(state)[seat]
        terminated = state.is_terminal()
        truncated = not terminated and self.steps >= self.limit
        return self._observe(), reward, terminated, truncated, {"illegal": True} if not legal else {}

    def _play_others(self) -> None:
        """Roll and let the bots decide until the agent's seat decides, the game
        ends or the step limit is reached."""
        state, seat = self.state, self.seat
        while not state.is_terminal() and self.steps < self.limit:
            current = state.current_player()
            if current == CHANCE:
                state.apply_outcome(state.sample_chance(self.rng))
            else:
                others = [p for p in state.deciders() if p != seat]
                if not others:
                    return
                bot_seat = others[0]
                seen = state.redacted(bot_seat) if current == SIMULTANEOUS else state
                state.apply_id(self.bots[bot_seat].choose(seen, bot_seat, self.rng), bot_seat)
            self.steps += 1

    def _observe(self) -> dict[str, np.ndarray]:
        state = self.state
        deciding = not state.is_terminal() and self.steps < self.limit
        return observe(self.encoder, self.form, state, self.seat,
                       self.legal.of(state, self.seat) if deciding else None)


for _name in game_names():
    gymnasium.register(f"dicehall/{_name}-v0", entry_point=DicehallEnv, kwargs={"game": _name})
