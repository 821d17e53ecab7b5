"""The games as OpenSpiel Python games (``pyspiel``), registered on import.

Two variants of every game, loaded by name with the game's options as
parameters (``pyspiel.load_game("dicehall_dizzle(players=1,level=8)")``):

* ``dicehall_<game>``: sequential. A simultaneous step of the rules (a Dizzle
  planet choice, Noch mal's choices from the same roll) is served one decider
  at a time; a choice made stays hidden from the others until all have chosen
  (imperfect information: observations show only that a seat has chosen).
* ``dicehall_<game>_simultaneous``: simultaneous moves. A simultaneous step is
  one joint move; the seats not deciding in it take ``wait``, an extra action id
  (``num_distinct_actions - 1``).

Actions are the engine's ids (legal lists sorted). A chance event is served
as the engine factors it (``state.chance_parts()``): one chance node per part,
its outcomes the indices into that part (kept per ``state.chance_key()``), so a
Noch mal so-gut roll is three nodes of at most 56 outcomes, not one of 15,680.
Returns are the scores once the game is over. A game stops (is terminal, with
the scores as they stand) after ``max_steps`` engine steps, a chance event one
step however many parts it has (:func:`dicehall.rl.step_limit`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from ..engine.game import Game
from ..engine.registry import game_class, game_names, make_game
from ..engine.state import CHANCE, TERMINAL, GameState
from . import DEFAULT_MAX_STEPS, step_limit
from .observations import Encoder, encoder

PREFIX = "dicehall_"
PARAMETER_KINDS = (bool, int, float, str)
#: chance events whose outcome lists a game keeps (by ``state.chance_key()``):
#: far more than the shipped games have (a Razzle-Dazzle game has at most 65)
CHANCE_TABLES_KEPT = 256

#: one part of a chance event: its values and OpenSpiel's (index, probability) pairs
ChancePart = tuple[list, list[tuple[int, float]]]


def parameters(name: str) -> dict[str, Any]:
    """The pyspiel parameters of a game: its options that have a default of a
    simple kind (a sheet or board file is not one), and ``max_steps``."""
    found = {spec.name: spec.default for spec in game_class(name).option_specs
             if isinstance(spec.default, PARAMETER_KINDS)}
    return {**found, "max_steps": DEFAULT_MAX_STEPS}


def game_type(name: str, simultaneous: bool) -> pyspiel.GameType:
    players = next(spec for spec in game_class(name).option_specs if spec.name == "players").choices
    dynamics, information = ((pyspiel.GameType.Dynamics.SIMULTANEOUS,
                              pyspiel.GameType.Information.PERFECT_INFORMATION) if simultaneous else
                             (pyspiel.GameType.Dynamics.SEQUENTIAL,
                              pyspiel.GameType.Information.IMPERFECT_INFORMATION))
    return pyspiel.GameType(
        short_name=PREFIX + name + ("_simultaneous" if simultaneous else ""),
        long_name=f"Dicehall {game_class(name).title}" + (" (simultaneous)" if simultaneous else ""),
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(name))


class DicehallGame(pyspiel.Game):
    """One configuration of a game; ``engine`` is the dicehall :class:`Game`."""

    kind: pyspiel.GameType
    game_name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind, name = self.kind, self.game_name
        params = {**parameters(name), **(params or {})}
        options = {key: value for key, value in params.items() if key != "max_steps"}
        self.engine: Game = make_game(name, **options)
        self.simultaneous = kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        self.limit = step_limit(self.engine, params["max_steps"])
        self.wait = self.engine.num_distinct_actions
        bounds = self.engine.score_bounds() or (-math.inf, math.inf)
        self.chance_tables: dict[Any, list[ChancePart]] = {}
        super().__init__(kind, pyspiel.GameInfo(
            num_distinct_actions=self.wait + self.simultaneous,
            max_chance_outcomes=self.engine.max_chance_part_outcomes,
            num_players=self.engine.num_players,
            min_utility=float(bounds[0]), max_utility=float(bounds[1]),
            utility_sum=None,
            max_game_length=self.limit * self.engine.max_chance_parts), params)
        self.encoder = encoder(self.engine)

    def new_initial_state(self) -> DicehallState:
        return DicehallState(self)

    def chance(self, state: GameState) -> list[ChancePart]:
        """The pending chance event's parts, made once per ``state.chance_key()``
        (a few tables kept)."""
        key = state.chance_key()
        found = self.chance_tables.get(key)
        if found is None:
            found = [([value for value, _ in part],
                      [(i, p.numerator / p.denominator) for i, (_, p) in enumerate(part)])
                     for part in state.chance_parts()]
            if len(self.chance_tables) >= CHANCE_TABLES_KEPT:
                self.chance_tables.clear()
            self.chance_tables[key] = found
        return found

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return Observer(self.encoder)


class Position:
    """The engine state inside a pyspiel state, copied by ``clone()`` (not
    ``deepcopy``, which would copy the game too)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict) -> Position:
        return Position(self.state.clone())

    def __getstate__(self) -> GameState:
        return self.state

    def __setstate__(self, state: GameState) -> None:
        self.state = state


class DicehallState(pyspiel.State):
    def __init__(self, game: DicehallGame) -> None:
        super().__init__(game)
        self.position = Position(game.engine.new_initial_state())
        self.steps = 0
        #: the values drawn so far for the pending chance event's parts
        self.drawn: list = []

    @property
    def engine(self) -> GameState:
        return self.position.state

    def _truncated(self) -> bool:
        return self.steps >= self.get_game().limit

    def current_player(self) -> int:
        if self._truncated():
            return pyspiel.PlayerId.TERMINAL
        current = self.engine.current_player()
        if current >= 0:
            return current
        if current == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if current == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if self.get_game().simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return self.engine.deciders()[0]

    def _legal_actions(self, player: int) -> list[int]:
        current = self.current_player()
        if current == pyspiel.PlayerId.SIMULTANEOUS:
            if player in self.engine.deciders():
                return self.engine.legal_action_ids(player)
            return [self.get_game().wait]
        return self.engine.legal_action_ids(player) if player == current else []

    def _chance_part(self) -> ChancePart:
        return self.get_game().chance(self.engine)[len(self.drawn)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._chance_part()[1]

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        if engine.current_player() == CHANCE:
            parts = self.get_game().chance(engine)
            self.drawn.append(parts[len(self.drawn)][0][action])
            if len(self.drawn) < len(parts):
                return
            engine.apply_outcome(engine.join_chance(self.drawn))
            self.drawn = []
        else:
            engine.apply_id(action, self.current_player())
        self.steps += 1

    def _apply_actions(self, actions: list[int]) -> None:
        engine = self.engine
        for seat in engine.deciders():
            engine.apply_id(actions[seat], seat)
        self.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.engine.current_player() == CHANCE:
                return chance_words(self._chance_part()[0][action])
            return f"outcome {action}"
        if action == self.get_game().wait:
            return "wait"
        return str(self.get_game().engine.action_from_id(action))

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> DicehallState:
        """A state ``player_id`` cannot tell from this one: the other seats'
        hidden simultaneous choices are withdrawn and made again, each uniformly
        among that seat's legal actions (``probability_sampler()`` draws in
        [0, 1), as OpenSpiel's samplers do). Everything else is public."""
        copy = self.clone()
        engine = copy.engine
        waiting = set(engine.deciders())
        engine.withdraw_hidden(player_id)
        for seat in sorted(set(engine.deciders()) - waiting):
            ids = engine.legal_action_ids(seat)
            engine.apply_id(ids[min(int(probability_sampler() * len(ids)), len(ids) - 1)], seat)
        return copy

    def is_terminal(self) -> bool:
        return self._truncated() or self.engine.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().engine.num_players
        return [float(score) for score in self.engine.scores()]

    def __str__(self) -> str:
        return json.dumps(self.engine.to_json(), sort_keys=True)


def chance_words(value: Any) -> str:
    """A chance part's value as text: an engine outcome by its notation, a part
    of one (a tuple of faces) by its faces."""
    return " ".join(map(str, value)) if isinstance(value, tuple) else str(value)


class Observer:
    """OpenSpiel's observer protocol over :mod:`dicehall.rl.observations`: the
    tensor and its dict of named views; the string is the seat's ``view`` as JSON."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = encoder.views(self.tensor)

    def set_from(self, state: DicehallState, player: int) -> None:
        self.encoder.encode(state.engine, player, out=self.tensor)

    def string_from(self, state: DicehallState, player: int) -> str:
        return json.dumps(state.engine.view(player), sort_keys=True)


def load(name: str, simultaneous: bool = False, **options: Any) -> DicehallGame:
    """A registered game by the engine's name, e.g. ``load("dizzle", players=1, level=8)``."""
    short = PREFIX + name + ("_simultaneous" if simultaneous else "")
    return pyspiel.load_game(short, options)


def _register() -> None:
    """One ``DicehallGame`` subclass per registered game type (pyspiel keeps the
    classes; closures kept instead crash the interpreter at exit)."""
    for name in game_names():
        for simultaneous in (False, True):
            kind = game_type(name, simultaneous)
            cls = type(f"Dicehall{name.title()}{'Simultaneous' if simultaneous else ''}Game",
                       (DicehallGame,), {"kind": kind, "game_name": name})
            pyspiel.register_game(kind, cls)


_register()
