"""How far could a solo Noch mal player get who knew every roll in advance?

A clairvoyant beam search: the solo game's rolls are drawn first, then every
sheet in the beam is extended by every legal action for the next roll, and
the ``--width`` distinct sheets the game's evaluation likes best are kept. The
best final score is an estimate, from below, of what perfect foresight earns,
and so a bound, from above, that no honest player is likely to pass on
average. docs/strength.md uses it for both editions' targets. A so-gut game
may end early (two colours complete): such a line's score counts, and the
others play on.

    python scripts/nochmal_clairvoyant.py --edition classic --width 400 --games 20
"""

from __future__ import annotations

import random

from clairvoyance import beam_arguments, keep_best, play_games, report

from dicehall.engine.registry import make_game
from dicehall.engine.state import GameState


def best_score(edition: str, width: int, seed: int) -> int:
    game = make_game("nochmal", players=1, edition=edition)
    start, rng = game.new_initial_state(), random.Random(seed)
    rolls = [start.sample_chance(rng) for _ in range(game.sheet.solo_rolls)]
    beam, best = [start], None
    for roll in rolls:
        beam = _extend(beam, roll)
        # a so-gut game may end early (two colours complete): keep its score, play the rest on
        ended = [state.scores()[0] for state in beam if state.is_terminal()]
        if ended:
            best = max(ended) if best is None else max(best, *ended)
        beam = [state for state in beam if not state.is_terminal()]
        if not beam:
            break
        beam = _best(beam, width)
    assert best is not None, "a solo game ends after its rolls"
    return best


def _extend(beam: list[GameState], roll: object) -> list[GameState]:
    """Every way to play ``roll`` from every state of the beam: the roll's
    choice, then any decisions it leads to before the next roll (so-gut's bomb
    items), each way to the next roll or the end."""
    grown = []
    for state in beam:
        rolled = state.clone()
        rolled.apply_outcome(roll)
        todo = [rolled]
        while todo:
            deciding = todo.pop()
            for action in deciding.legal_action_ids(0):
                after = deciding.clone()
                after.apply_id(action, 0)
                (grown if after.is_chance() or after.is_terminal() else todo).append(after)
    return grown


def _best(states: list[GameState], width: int) -> list[GameState]:
    evaluate = states[0].game.evaluate
    return keep_best(states, width, lambda state: evaluate(state, 0),
                     lambda state: (state.crossed[0], state.jokers_used[0], state.specials[0],
                                    state.specials_used[0], state.hearts[0]))


def main() -> None:
    parser = beam_arguments(__doc__, width=400)
    parser.add_argument("--edition", default="classic", choices=("classic", "so-gut"))
    args = parser.parse_args()
    scores = play_games(best_score, args.games, args.workers, args.edition, args.width)
    print(report(f"{args.edition}, beam {args.width}", scores))


if __name__ == "__main__":
    main()
