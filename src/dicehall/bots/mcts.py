"""A Monte-Carlo tree search bot for every game, through the engine API only.

Open-loop UCT: the tree is keyed by the decisions taken, chance events are
sampled afresh on every iteration (so one tree averages over the dice), and
each seat picks by its own reward (max^n). Every iteration starts from
``state.redacted(seat)``: other players' hidden simultaneous choices are
withdrawn and sampled inside the search, never peeked at.

Where a node offers many actions (a Noch mal roll has hundreds), only
``width`` of them are searched: at the root the best by the game's one-step
evaluation, below it a random choice (no weaker: ranked at every node, the
search won 53.5% of 100 Dizzle games against this one, docs/strength.md).
A leaf is valued by the game's evaluation (each seat's lead over the best
other seat, through a logistic), or with ``playout=True`` by random play to
the end; a finished game is valued by a share of the win blended with the
place, solo games by the score scaled down. In short matches against the
greedy bot the evaluated leaves won more often than random playouts in all
three games.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.errors import OptionError
from ..engine.playout import play_randomly
from ..engine.state import CHANCE, TERMINAL, GameState
from .base import SearchBot, check_budget, register_bot
from .greedy import ranked

WIN_WEIGHT = 0.75          # the rest of a reward is the place
SOLO_SCALE = 100.0         # a solo score of 100 is a reward of 1
EXPLORATION = 0.7
LEAD_SCALE = 10.0          # evaluation points for a lead worth a reward of 0.73


@dataclass
class Analysis:
    """What a search found for one action at the root."""

    action_id: int
    visits: int
    value: float


class Node:
    __slots__ = ("visits", "value", "children", "candidates")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.children: dict[int, Node] = {}
        self.candidates: list[int] | None = None


@register_bot
class MCTSBot(SearchBot):
    """Search with a budget of ``iterations`` and/or ``seconds`` per move."""

    name = "mcts"

    def __init__(self, iterations: int | None = 1000, seconds: float | None = None,
                 width: int = 12, playout: bool = False, exploration: float = EXPLORATION,
                 lead: float = LEAD_SCALE) -> None:
        check_budget(iterations, seconds, "iterations")
        if exploration < 0:
            raise OptionError(f"mcts: exploration must be 0 or more, not {exploration}")
        if lead <= 0:
            raise OptionError(f"mcts: lead must be more than 0, not {lead}")
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.playout = playout
        self.exploration = exploration
        self.lead = lead

    def analyse(self, state: GameState, seat: int, rng: random.Random) -> list[Analysis]:
        """The root actions searched, most visited first, with their mean reward."""
        root = Node()
        root_state = state.redacted(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(root, root_state, seat, rng)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        found = [Analysis(action, child.visits, child.value / child.visits)
                 for action, child in root.children.items() if child.visits]
        return sorted(found, key=lambda a: (-a.visits, -a.value))

    def _iterate(self, root: Node, root_state: GameState, me: int, rng: random.Random) -> None:
        state = root_state.clone()
        node, path = root, []
        while node is not None:
            current = state.current_player()
            if current == TERMINAL:
                break
            if current == CHANCE:
                state.apply_outcome(state.sample_chance(rng))
                continue
            # at the root the searching seat decides first (in a simultaneous
            # step the order does not matter); forced moves below need no node
            seat = me if node is root else state.deciders()[0]
            legal = state.legal_action_ids(seat)
            if len(legal) == 1 and node is not root:
                state.apply_id(legal[0], seat)
                continue
            action, child = self._select(node, state, seat, legal, rng, first=node is root)
            state.apply_id(action, seat)
            path.append((child, seat))
            node = child if child.visits else None
        rewards = _playout(state, rng) if self.playout else estimate(state, self.lead)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.value += rewards[seat]

    def _select(self, node: Node, state: GameState, seat: int, legal: list[int],
                rng: random.Random, first: bool) -> tuple[int, Node]:
        if node.candidates is None:
            node.candidates = self._candidates(state, seat, legal, rng) if first or \
                len(legal) <= self.width else rng.sample(legal, self.width)
        allowed = set(legal)
        options = [action for action in node.candidates if action in allowed] or legal
        untried = [action for action in options if action not in node.children]
        if untried:
            action = untried[0]
            node.children[action] = Node()
            return action, node.children[action]
        log_total = math.log(max(node.visits, 1))
        exploration = self.exploration

        def ucb(action: int) -> float:
            child = node.children[action]
            return child.value / child.visits + exploration * math.sqrt(log_total / child.visits)

        action = max(options, key=ucb)
        return action, node.children[action]

    def _candidates(self, state: GameState, seat: int, legal: list[int],
                    rng: random.Random) -> list[int]:
        """The ``width`` actions the game's one-step evaluation likes best."""
        if len(legal) <= self.width:
            return rng.sample(legal, len(legal))
        return [action for _, _, action, _ in ranked(state, seat, legal, rng)[:self.width]]

def _playout(state: GameState, rng: random.Random) -> list[float]:
    """Play on at random to the end; every seat's reward in [0, 1] (about)."""
    play_randomly(state, rng)
    return rewards(state)


def estimate(state: GameState, lead: float = LEAD_SCALE) -> list[float]:
    """Rewards without playing on: the game's evaluation of every seat, as the
    chance to lead (a logistic of the lead over the best other seat, ``lead``
    evaluation points worth a reward of 0.73)."""
    if state.current_player() == TERMINAL:
        return rewards(state)
    values = [state.game.evaluate(state, seat) for seat in range(len(state.scores()))]
    if len(values) == 1:
        return [values[0] / SOLO_SCALE]
    return [1 / (1 + math.exp(-(value - max(v for o, v in enumerate(values) if o != seat)) / lead))
            for seat, value in enumerate(values)]


def rewards(state: GameState) -> list[float]:
    """Every seat's reward at the end: a share of the win and the place."""
    scores = state.scores()
    seats = len(scores)
    if seats == 1:
        return [scores[0] / SOLO_SCALE]
    winners = state.winners()
    places = state.places()
    return [WIN_WEIGHT * (seat in winners) / len(winners)
            + (1 - WIN_WEIGHT) * (seats - places[seat]) / (seats - 1)
            for seat in range(seats)]
