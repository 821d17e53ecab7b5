"""The clairvoyant bounds of docs/strength.md (``scripts/*_clairvoyant.py``):
whole games with every roll known, scores within the sheet's bounds, the same
for the same seed, and (Dizzle) at least what greedy play makes of those dice."""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import dizzle_clairvoyant  # noqa: E402
import nochmal_clairvoyant  # noqa: E402

from dicehall.bots.greedy import greedy_choice  # noqa: E402
from dicehall.engine import make_game  # noqa: E402


@pytest.mark.parametrize("edition", ["classic", "so-gut"])
def test_a_clairvoyant_noch_mal_game_ends_within_the_bounds(edition):
    low, high = make_game("nochmal", players=1, edition=edition).score_bounds()
    score = nochmal_clairvoyant.best_score(edition, 3, 1)
    assert low <= score <= high and score == nochmal_clairvoyant.best_score(edition, 3, 1)


def test_a_clairvoyant_dizzle_game_beats_greedy_play_of_the_same_dice():
    game = make_game("dizzle", players=1, level=1)
    rng = random.Random(2)
    rows = {kind: [[rng.randint(1, 6) for _ in range(dizzle_clairvoyant.DICE)]
                   for _ in range(dizzle_clairvoyant.ROWS)] for kind in ("roll", "solo", "lava")}
    state, counts = dizzle_clairvoyant._rolled(game.new_initial_state(), {}, rows)
    choices = random.Random(0)
    while not state.is_terminal():        # greedy play on the dice the search knows
        state.apply_id(greedy_choice(state, 0, choices), 0)
        state, counts = dizzle_clairvoyant._rolled(state, counts, rows)
    greedy = state.scores()[0]
    foresight = dizzle_clairvoyant.best_score(1, 30, 2)
    assert foresight >= greedy and foresight <= game.score_bounds()[1]
