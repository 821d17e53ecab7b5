"""Tune the solo outlook's weights (:class:`.heuristic.SoloWeights`) by greedy
solo games: a coordinate search, each weight in turn multiplied or shifted by
a step, kept where the mean score over the same dice (games ``0 .. games-1``)
rises; the steps halve after a pass without gain.

    python -m dicehall.games.nochmal.tune --edition so-gut [--games 200] [--passes 2]

Greedy play is the search bots' inner policy and their candidates' order, so
a better greedy bot makes better searches (docs/strength.md, "Noch mal").
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import fields, replace

from ...engine.registry import make_game
from .heuristic import SOLO_WEIGHTS, SoloWeights, solo_evaluate
from .state import NochmalState

#: the weights searched and their first steps (added; chances kept inside 0-1)
STEPS = {"column": 0.05, "colour": 0.05, "hearts": 0.25, "reach": 0.2, "row": 0.1, "item": 2.0,
         "early": 0.25, "joker": 0.5, "horizon": 2.5}


def greedy(state: NochmalState, weights: SoloWeights, rng: random.Random) -> int:
    best, top = 0, float("-inf")
    for action in state.legal_action_ids(0):
        after = state.clone()
        after.apply_id(action, 0)
        value = solo_evaluate(after, 0, weights) + rng.random() * 1e-9
        if value > top:
            best, top = action, value
    return best


def mean_score(edition: str, weights: SoloWeights, games: int, first: int = 0) -> float:
    """Greedy play with ``weights``: the mean score of games ``first ..`` (the same dice for every weight)."""
    game = make_game("nochmal", players=1, edition=edition)
    total = 0
    for number in range(first, first + games):
        rng = random.Random(f"tune:{number}")
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_outcome(state.sample_chance(rng))
            else:
                state.apply_id(greedy(state, weights, rng), 0)
        total += state.scores()[0]
    return total / games


def tune(edition: str, *, games: int = 200, passes: int = 2, start: SoloWeights | None = None,
         report: Callable[[str], None] = print) -> SoloWeights:
    weights = start or SOLO_WEIGHTS.get(edition, SoloWeights())
    best = mean_score(edition, weights, games)
    report(f"start {best:.2f}: {weights}")
    steps = dict(STEPS)
    names = [f.name for f in fields(SoloWeights) if f.name in steps]
    if edition == "classic":
        names = [name for name in names if name not in ("hearts", "row", "item", "early")]
    for number in range(passes):
        for name in names:
            for sign in (1, -1):
                tried = getattr(weights, name) + sign * steps[name]
                if name in ("column", "colour", "row") and not 0 <= tried < 1:
                    continue
                if tried < 0:
                    continue
                candidate = replace(weights, **{name: round(tried, 4)})
                score = mean_score(edition, candidate, games)
                report(f"pass {number + 1} {name}={tried:.3f}: {score:.2f}")
                if score > best:
                    weights, best = candidate, score
                    break
        steps = {name: step / 2 for name, step in steps.items()}
        report(f"after pass {number + 1}: {best:.2f}: {weights}")
    return weights


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="so-gut", choices=("so-gut", "classic"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args(argv)
    tune(args.edition, games=args.games, passes=args.passes)


if __name__ == "__main__":
    main()
