"""Rewards for the PettingZoo and Gymnasium adapters.

``score``: after every step each seat gets the change of its score, so a seat's
rewards add up to its final score (dense, also for solo games). ``win``: 1 to
each winner (a shared win counts) when the game ends, 0 otherwise; a game
truncated before its end gives no win reward.
"""

from __future__ import annotations

from ..engine.state import GameState

KINDS = ("score", "win")


def check_kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"reward must be one of {', '.join(KINDS)}, not {kind!r}")
    return kind


class Rewards:
    def __init__(self, kind: str, state: GameState) -> None:
        self.kind = check_kind(kind)
        self.scores = state.scores() if kind == "score" else []
        #: the rewards of most steps (no score changed), one list shared by them: read, never change it
        self.none = [0.0] * state.game.num_players

    def step(self, state: GameState) -> list[float]:
        """Every seat's reward for the steps since the last call."""
        if self.kind == "score":
            scores, last = state.scores(), self.scores
            if scores == last:
                return self.none
            self.scores = scores
            return [float(now - before) for now, before in zip(scores, last)]
        if not state.is_terminal():
            return self.none
        winners = state.winners()
        return [float(seat in winners) for seat in range(state.game.num_players)]
