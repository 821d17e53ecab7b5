"""A learned evaluation: a linear value of the observation encoding
(:mod:`dicehall.rl.observations`), trained by self-play.

The value of a position for a seat is ``encode(state, seat) · w + b``: the
seat's expected final score. It is trained by fitted value iteration: play
games with the current policy (at first the hand-written evaluation's greedy
choice, then the learned one), with a little exploration; after each game,
every position a seat's decision led to is a sample whose target is that
seat's final score; fit ``w`` by ridge regression on the samples of the last
iterations; repeat. The samples are never kept, only the sums the
regression needs (``XᵀX`` and ``Xᵀy``, older iterations weighed down), so an
iteration of thousands of games needs no more memory than one.

The ``learned`` bot plays the action whose position it values highest (one
step ahead, the dice after it left to the value). One model per shipped
configuration (game, players, level or edition): a model is a small ``.npz``
file, numpy only, in ``dicehall/bots/models`` (or ``$DICEHALL_MODELS``), made
by ``dicehall train`` (docs/bots.md, "Learned evaluation").
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

import numpy as np

from ..engine.errors import OptionError
from ..engine.game import Game
from ..engine.playout import Policy, play_on
from ..engine.state import CHANCE, TERMINAL, GameState
from ..rl.observations import Encoder, encoder
from .base import SearchBot, register_bot
from .greedy import greedy_choice
from .mcts import Analysis

#: the model files' format; a file of another version is refused
FORMAT = 1
MODELS = Path(__file__).parent / "models"



def model_key(game: Game) -> str | None:
    """The file name (without ``.npz``) of a configuration's model, or ``None``
    for a sheet or board of one's own (models are made for the shipped ones)."""
    options = game.record_options()
    if any(isinstance(value, (dict, list)) for value in options.values()):
        return None
    shown = "-".join(f"{key}={value}" for key, value in sorted(options.items()) if value is not None)
    return f"{game.name}-{shown}"


@dataclass
class ValueModel:
    """Weights (one per observation number, then the bias) and how they were made."""

    game: str
    options: dict
    weights: np.ndarray
    trained: dict = field(default_factory=dict)

    @cached_property
    def encoder(self) -> Encoder:
        return _encoder(self.game, json.dumps(self.options, sort_keys=True))

    def value(self, state: GameState, seat: int) -> float:
        """The seat's expected final score from ``state``."""
        weights = self.weights
        return float(self.encoder.encode(state, seat) @ weights[:-1] + weights[-1])

    def save(self, path: str | Path) -> None:
        meta = {"format": FORMAT, "game": self.game, "options": self.options, "trained": self.trained}
        with open(path, "wb") as out:
            np.savez_compressed(out, weights=self.weights.astype(np.float32), meta=json.dumps(meta))

    @classmethod
    def load(cls, path: str | Path) -> ValueModel:
        """A model file; a file of another format or for another encoding is a
        :class:`ValueError` naming the file."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta, weights = json.loads(str(data["meta"])), data["weights"].astype(np.float64)
        except (OSError, KeyError, ValueError) as error:
            raise ValueError(f"{path}: not a dicehall model file ({error})") from None
        if meta.get("format") != FORMAT:
            raise ValueError(f"{path}: model format {meta.get('format')!r}, this dicehall reads {FORMAT}")
        model = cls(meta["game"], meta["options"], weights, meta.get("trained", {}))
        if weights.shape != (model.encoder.size + 1,):
            raise ValueError(f"{path}: {weights.size} weights, the encoding has {model.encoder.size} numbers")
        return model


@cache
def _encoder(name: str, options: str) -> Encoder:
    from ..engine.registry import make_game
    return encoder(make_game(name, **json.loads(options)))


def model_folders() -> list[Path]:
    extra = os.environ.get("DICEHALL_MODELS")
    return [Path(extra), MODELS] if extra else [MODELS]


@cache
def _shipped(key: str) -> ValueModel | None:
    for folder in model_folders():
        path = folder / f"{key}.npz"
        if path.is_file():
            return ValueModel.load(path)
    return None


def shipped_model(game: Game) -> ValueModel | None:
    """The model of ``game``'s configuration, if one is shipped (or in ``$DICEHALL_MODELS``)."""
    key = model_key(game)
    return None if key is None else _shipped(key)


def value_choice(model: ValueModel, state: GameState, seat: int, rng: random.Random) -> int:
    """The legal action whose position ``model`` values highest for ``seat``
    (a finished game by its score); ties broken at random."""
    legal = state.legal_action_ids(seat)
    if len(legal) == 1:
        return legal[0]
    best, top = legal[0], -np.inf
    for action in legal:
        after = state.clone()
        after.apply_id(action, seat)
        value = after.scores()[seat] if after.is_terminal() else model.value(after, seat)
        value += rng.random() * 1e-9
        if value > top:
            best, top = action, value
    return best


@register_bot
class LearnedBot:
    """One step ahead with the configuration's learned value; the greedy bot
    where no model is shipped for it (a sheet of one's own)."""

    name = "learned"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> int:
        model = shipped_model(state.game)
        if model is None:
            return greedy_choice(state, seat, rng)
        return value_choice(model, state.redacted(seat), seat, rng)


@register_bot
class LookaheadBot(SearchBot):
    """Own decisions ``depth`` + 1 deep with the learned value: each of the
    ``width`` candidates the value likes best is played on, ``samples`` times,
    to the seat's ``depth``-th next decision (the dice drawn from one seed per
    sample, for every candidate; the seat's decisions between and the other
    seats' by the value), where the best value of that decision's actions
    counts. The candidate with the best mean is played. Without a shipped
    model, the greedy bot. As a search (hints) each candidate's value is its
    mean expected final score / 100, the scale of a solo game's rewards.

    The decisions between draw their tie-breaks, one number per legal action,
    from the dice's stream, so two candidates' rolls part once their paths
    have offered different numbers of actions. Rolls kept the
    same throughout (``base.Future``, as the rollout search has them) were
    tried and scored 0.5 less on level 1 (docs/strength.md), so the solo
    levels' rating tables, derived from this search, stand."""

    name = "lookahead"

    def __init__(self, samples: int = 16, width: int = 6, depth: int = 1) -> None:
        if samples < 1 or width < 1 or depth < 1:
            raise OptionError("lookahead needs at least one sample, one candidate and a depth of one")
        self.samples, self.width, self.depth = samples, width, depth

    def analyse(self, state: GameState, seat: int, rng: random.Random) -> list[Analysis]:
        """The candidates, best mean first."""
        model = shipped_model(state.game)
        if model is None:
            return [Analysis(greedy_choice(state, seat, rng), 1, float("nan"))]
        root = state.redacted(seat)
        candidates = ranked_by_value(model, root, seat, root.legal_action_ids(seat))[:self.width]
        seeds = [rng.random() for _ in range(self.samples)]
        found = [Analysis(action, len(seeds),
                          sum(self._sample(model, after, seat, seed) for seed in seeds) / len(seeds) / 100)
                 for action, after in candidates]
        return sorted(found, key=lambda analysis: -analysis.value)

    def _sample(self, model: ValueModel, after: GameState, seat: int, seed: float) -> float:
        state, rng, decisions = after.clone(), random.Random(seed), 0
        while (current := state.current_player()) != TERMINAL:
            if current == CHANCE:
                state.apply_outcome(state.sample_chance(rng))
                continue
            decider = state.deciders()[0]
            if decider == seat and (decisions := decisions + 1) == self.depth:
                best = ranked_by_value(model, state, seat, state.legal_action_ids(seat))[0][1]
                return best.scores()[seat] if best.is_terminal() else model.value(best, seat)
            state.apply_id(value_choice(model, state.redacted(decider), decider, rng), decider)
        return state.scores()[seat]


def ranked_by_value(model: ValueModel, state: GameState, seat: int,
                    legal: list[int]) -> list[tuple[int, GameState]]:
    """Each action with the position after it, the one ``model`` values highest first."""
    scored = []
    for action in legal:
        after = state.clone()
        after.apply_id(action, seat)
        value = after.scores()[seat] if after.is_terminal() else model.value(after, seat)
        scored.append((value, action, after))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(action, after) for _, action, after in scored]


@dataclass
class Training:
    """What :func:`train` made: the model and, per iteration, the mean score of
    the evaluation games played with it."""

    model: ValueModel
    curve: list[float]


def train(game: Game, *, iterations: int = 4, games: int = 300, evaluation: int = 100,
          explore: float = 0.1, ridge: float = 10.0, memory: float = 0.5, seed: int = 0,
          progress: Callable[[int, int, float | None], None] | None = None) -> Training:
    """Fitted value iteration (see the module's docstring). ``games`` self-play
    games an iteration with exploration ``explore`` (the share of random
    actions); ``memory`` weighs the earlier iterations' sums down each time;
    ``evaluation`` games (seeds 0 ..) with the model alone after each
    iteration give the curve. ``progress(iteration, game, mean)`` after every
    game (``mean`` once an iteration is evaluated)."""
    if iterations < 1 or games < 1 or evaluation < 1:
        raise OptionError("training needs at least one iteration, one game and one evaluation game")
    coder = encoder(game)
    size = coder.size + 1
    gram, target = np.zeros((size, size)), np.zeros(size)
    model, curve = None, []
    for iteration in range(iterations):
        policy = exploring(model, explore)
        gram *= memory
        target *= memory
        for number in range(games):
            rng = random.Random(f"{seed}:{iteration}:{number}")
            features, scores = self_play(game, coder, policy, rng)
            gram += features.T @ features
            target += features.T @ scores
            if progress is not None:
                progress(iteration, number + 1, None)
        weights = np.linalg.solve(gram + ridge * np.eye(size), target)
        model = ValueModel(game.name, game.record_options(), weights)
        curve.append(evaluate(game, model, evaluation))
        if progress is not None:
            progress(iteration, games, curve[-1])
    assert model is not None
    model.trained = {"iterations": iterations, "games": games, "explore": explore, "ridge": ridge,
                     "memory": memory, "seed": seed, "curve": curve}
    return Training(model, curve)


def exploring(model: ValueModel | None, explore: float) -> Policy:
    """The training policy: greedy (no model yet) or the model's choice, and a
    random legal action ``explore`` of the time."""
    def choose(state: GameState, seat: int, rng: random.Random) -> int:
        if rng.random() < explore:
            return rng.choice(state.legal_action_ids(seat))
        if model is None:
            return greedy_choice(state, seat, rng)
        return value_choice(model, state.redacted(seat), seat, rng)
    return choose


def play_game(game: Game, policy: Policy, rng: random.Random,
              decided: Callable[[GameState, int], None] = lambda state, seat: None) -> list[int]:
    """A new game played with ``policy`` in every seat (:func:`~dicehall.engine.playout.play_on`)."""
    return play_on(game.new_initial_state(), policy, rng, decided)


def self_play(game: Game, coder: Encoder, policy: Policy,
              rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    """One game: the encoded position after each decision, for the seat that
    made it (with a 1 for the bias), and that seat's final score."""
    rows, seats = [], []

    def decided(state: GameState, seat: int) -> None:
        rows.append(np.append(coder.encode(state, seat), 1.0))
        seats.append(seat)
    final = play_game(game, policy, rng, decided)
    return np.array(rows).reshape(len(rows), coder.size + 1), np.array([final[s] for s in seats], float)


def evaluate(game: Game, model: ValueModel, games: int) -> float:
    """The mean score of every seat in ``games`` games (seeds 0 ..) with the model in every seat."""
    policy = exploring(model, 0.0)
    return sum(sum(play_game(game, policy, random.Random(f"evaluate:{number}"))) / game.num_players
               for number in range(games)) / games
