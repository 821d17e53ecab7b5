"""How far could a solo Dizzle player get who knew every roll in advance?

The dice are drawn first: the k-th roll of each kind (the draft's roll, a
reroll, the solo dice, the lava die) shows the first n of a fixed row of
dice, however many the line of play rolls. Then a beam search plays every
line at once: each decision is extended by every legal action, chance is
resolved by the drawn rows, and the ``--width`` distinct positions the game's
evaluation likes best are kept. The best final score is an estimate, from
below, of what foresight earns, and so a bound, from above, that no honest
player is likely to pass on average (docs/strength.md).

    python scripts/dizzle_clairvoyant.py --level 1 --width 100 --games 20
"""

from __future__ import annotations

import json
import random

from clairvoyance import beam_arguments, keep_best, play_games, report

from dicehall.engine.chance import Roll
from dicehall.engine.registry import make_game
from dicehall.engine.state import GameState

#: rows drawn per kind of roll, and dice per row: more than any game uses
ROWS, DICE = 400, 16

Line = tuple[GameState, dict[str, int]]


def best_score(level: int, width: int, seed: int) -> int:
    game = make_game("dizzle", players=1, level=level)
    rng = random.Random(seed)
    rows = {kind: [[rng.randint(1, 6) for _ in range(DICE)] for _ in range(ROWS)]
            for kind in ("roll", "solo", "lava")}
    lines: list[Line] = [_rolled(game.new_initial_state(), {}, rows)]
    best = None
    while lines:
        grown = [line for state, counts in lines for line in _extend(state, counts, rows)]
        ended = [state.scores()[0] for state, _ in grown if state.is_terminal()]
        if ended:
            best = max(ended) if best is None else max(best, *ended)
        lines = _best([line for line in grown if not line[0].is_terminal()], width)
    assert best is not None
    return best


def _rolled(state: GameState, counts: dict[str, int], rows: dict) -> Line:
    """The line after the rolls due now, each as its drawn row says."""
    counts = dict(counts)
    while state.is_chance():
        kind, dice = state.chance_key()
        row = counts.get(kind, 0)
        counts[kind] = row + 1
        state.apply_outcome(Roll(kind, tuple(sorted(rows[kind][row][:dice]))))
    return state, counts


def _extend(state: GameState, counts: dict[str, int], rows: dict) -> list[Line]:
    grown = []
    for action in state.legal_action_ids(0):
        after = state.clone()
        after.apply_id(action, 0)
        grown.append(_rolled(after, counts, rows))
    return grown


def _best(lines: list[Line], width: int) -> list[Line]:
    if not lines:
        return []
    evaluate = lines[0][0].game.evaluate
    return keep_best(lines, width, lambda line: evaluate(line[0], 0),
                     lambda line: json.dumps([line[0].to_json(), line[1]], sort_keys=True))


def main() -> None:
    parser = beam_arguments(__doc__, width=100)
    parser.add_argument("--level", type=int, default=1, choices=range(1, 9))
    args = parser.parse_args()
    scores = play_games(best_score, args.games, args.workers, args.level, args.width)
    print(report(f"level {args.level}, beam {args.width}", scores))


if __name__ == "__main__":
    main()
