"""A rollout search bot: flat Monte-Carlo over the best few actions, each
played on by the greedy policy for a few decisions and then evaluated.

Every round samples one future (the dice, and the tie-breaks of the greedy
players) and plays it after every candidate action alike, so candidates are
compared on the same dice ("common random numbers") and few rounds tell them
apart. Rounds are spent by successive halving: after each batch the weaker
half of the candidates is dropped, so the budget goes to the close calls.
The search starts from ``state.redacted(seat)``, so the other players' hidden
simultaneous choices are chosen again by their greedy policy, never peeked at.
"""

from __future__ import annotations

import random
import time

from ..engine.state import CHANCE, TERMINAL, GameState
from .base import Future, SearchBot, check_budget, register_bot
from .greedy import greedy_choice, ranked
from .mcts import Analysis, estimate


@register_bot
class RolloutBot(SearchBot):
    """Search with a budget of ``rounds`` per candidate and/or ``seconds`` per move."""

    name = "rollout"

    def __init__(self, rounds: int | None = 64, seconds: float | None = None, width: int = 8,
                 depth: int = 3) -> None:
        check_budget(rounds, seconds, "rounds")
        self.rounds = rounds
        self.seconds = seconds
        self.width = width
        self.depth = depth

    def analyse(self, state: GameState, seat: int, rng: random.Random) -> list[Analysis]:
        """The candidates, best mean first, with the rounds each was played."""
        root = state.redacted(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        best = ranked(root, seat, root.legal_action_ids(seat), rng)[:self.width]
        alive = [(action, after) for _, _, action, after in best]
        totals = {action: 0.0 for action, _ in alive}
        played = dict.fromkeys(totals, 0)
        batch = 2
        while len(alive) > 1 and self._play(alive, batch, seat, rng, totals, played, deadline):
            alive.sort(key=lambda pair: -totals[pair[0]] / played[pair[0]])
            alive = alive[:max(2, len(alive) // 2)]
            batch *= 2
        kept = {action for action, _ in alive}
        found = [Analysis(action, played[action], totals[action] / played[action])
                 for action in totals if played[action]]
        return sorted(found, key=lambda a: (a.action_id not in kept, -a.value))

    def _play(self, alive: list[tuple[int, GameState]], batch: int, seat: int, rng: random.Random,
              totals: dict[int, float], played: dict[int, int], deadline: float | None) -> bool:
        """Play ``batch`` rounds of the candidates alive; False once the budget
        is spent. The best candidate by evaluation plays at least once, so a
        search out of time keeps to the candidates it played (that one at least)."""
        leader = alive[0][0]
        for _ in range(batch):
            seed = rng.random()
            for action, after in alive:
                if played[leader] and deadline is not None and time.perf_counter() >= deadline:
                    return False
                totals[action] += self._rollout(after, seat, seed)
                played[action] += 1
        return self.rounds is None or played[leader] < self.rounds

    def _rollout(self, after: GameState, seat: int, seed: float) -> float:
        """Play on greedily for ``depth`` decisions of ours; our reward then."""
        state, future = after.clone(), Future(seed)
        decisions = 0
        while True:
            current = state.current_player()
            if current == TERMINAL:
                break
            if current == CHANCE:
                future.roll(state)
                continue
            decider = state.deciders()[0]
            if decider == seat:
                if decisions == self.depth:
                    break
                decisions += 1
            state.apply_id(greedy_choice(state, decider, future.ties), decider)
        return estimate(state)[seat]

