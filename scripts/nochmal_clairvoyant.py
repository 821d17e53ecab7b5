"""How far could a solo Noch mal player get who knew every roll in advance?

A clairvoyant beam search: the solo game's rolls are drawn first, then every
sheet in the beam is extended by every legal action for the next roll, and
the ``--width`` distinct sheets the game's evaluation likes best are kept. The
best final score is an estimate, from below, of what perfect foresight earns,
and so a bound, from above, that no honest player is likely to pass on
average. docs/strength.md uses it for the classic sheet's target.

    python scripts/nochmal_clairvoyant.py --edition classic --width 400 --games 20
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from dicehall.engine.registry import make_game
from dicehall.engine.state import GameState


def best_score(edition: str, width: int, seed: int) -> int:
    game = make_game("nochmal", players=1, edition=edition)
    start, rng = game.new_initial_state(), random.Random(seed)
    rolls = [start.sample_chance(rng) for _ in range(game.sheet.solo_rolls)]
    beam = [start]
    for roll in rolls:
        beam = _extend(beam, roll)
        finished = [state for state in beam if state.is_terminal()]
        if finished:
            return max(state.scores()[0] for state in finished)
        beam = _best(beam, width)
    raise AssertionError("a solo game ends after its rolls")


def _extend(beam: list[GameState], roll: object) -> list[GameState]:
    grown = []
    for state in beam:
        rolled = state.clone()
        rolled.apply_outcome(roll)
        for action in rolled.legal_action_ids(0):
            after = rolled.clone()
            after.apply_id(action, 0)
            grown.append(after)
    return grown


def _best(states: list[GameState], width: int) -> list[GameState]:
    evaluate = states[0].game.evaluate
    kept, seen = [], set()
    for state in sorted(states, key=lambda s: -evaluate(s, 0)):
        key = (state.crossed[0], state.jokers_used[0])
        if key not in seen:
            seen.add(key)
            kept.append(state)
            if len(kept) == width:
                break
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic", choices=("classic", "so-gut"))
    parser.add_argument("--width", type=int, default=400)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        scores = list(pool.map(best_score, [args.edition] * args.games, [args.width] * args.games,
                               range(args.games)))
    print(f"{args.edition}, beam {args.width}, {args.games} games: mean {statistics.mean(scores):.2f}"
          f" (sd {statistics.pstdev(scores):.2f}), best {max(scores)}, worst {min(scores)}")


if __name__ == "__main__":
    main()
