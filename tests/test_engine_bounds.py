"""The engine's bounds and keys for learning and search (docs/engine.md,
"Bounds"), checked against random games of every game: sorted legal ids, the
most chance outcomes, score bounds, game lengths, chance keys, factored chance
events (``chance_parts``) that join to the outcomes, and the cached
Noch mal rolls and Dizzle scores equal to a computation from scratch."""

import random
from fractions import Fraction
from itertools import product

import pytest

from dicehall.engine import make_game
from dicehall.engine.state import CHANCE, TERMINAL
from dicehall.games.dizzle.scoring import sheet_score
from dicehall.games.nochmal.actions import COLOUR_FACES, NUMBER_FACES, SPECIAL_FACES, SPECIAL_WEIGHTS
from dicehall.games.nochmal.state import _multisets

CONFIGURATIONS = (
    [("dizzle", {"players": n, "level": level}) for n in (1, 2, 3, 4) for level in (1, 5, 7, 8)]
    + [("nochmal", {"players": n, "edition": edition})
       for n in (1, 2, 4) for edition in ("so-gut", "classic")]
    + [("razzle", {"players": n}) for n in (2, 3)] + [("razzle", {"players": 2, "pieces": 6, "goal": 6})])
GAMES = {"dizzle": 6, "nochmal": 3, "razzle": 6}


def ids(configuration) -> str:
    name, options = configuration
    return "-".join([name, *map(str, options.values())])


def random_states(game, seed: int):
    """Every state of a random game (the same object, mutated: copy what you keep)."""
    state, rng = game.new_initial_state(), random.Random(seed)
    yield state
    while (current := state.current_player()) != TERMINAL:
        if current == CHANCE:
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = rng.choice(state.deciders())
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)
        yield state


def each_configuration():
    return pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=ids)


@each_configuration()
def test_random_games_keep_within_the_stated_bounds(configuration):
    name, options = configuration
    game = make_game(name, **options)
    low, high = game.score_bounds()
    most_outcomes = 0
    for seed in range(GAMES[name]):
        steps = -1
        for state in random_states(game, seed):
            steps += 1
            for seat in state.deciders():
                legal = state.legal_action_ids(seat)
                assert legal == sorted(set(legal)), "legal ids sorted, each once"
                assert state.action_mask(seat) == [i in legal for i in range(game.num_distinct_actions)]
            if state.is_chance():
                most_outcomes = max(most_outcomes, len(state.chance_outcomes()))
        assert all(low <= score <= high for score in state.scores())
        assert steps <= game.max_game_length
    assert most_outcomes == game.max_chance_outcomes


@pytest.mark.parametrize("configuration", [c for c in CONFIGURATIONS if c[0] != "nochmal"], ids=ids)
def test_equal_chance_keys_have_equal_chance_outcomes(configuration):
    game = make_game(*configuration[:1], **configuration[1])
    seen: dict = {}
    for seed in range(3):
        for state in random_states(game, seed):
            key = state.chance_key()
            assert (key is None) == (not state.is_chance())
            if key is not None:
                assert seen.setdefault(key, state.chance_outcomes()) == state.chance_outcomes()
    assert seen


def joined_parts(state) -> dict:
    """Every outcome made by joining one value of each part, with its probability."""
    joined: dict = {}
    for values in product(*state.chance_parts()):
        outcome = state.join_chance([value for value, _ in values])
        probability = Fraction(1)
        for _, p in values:
            probability *= p
        joined[outcome] = joined.get(outcome, 0) + probability
    return joined


@each_configuration()
def test_chance_parts_join_to_exactly_the_chance_outcomes(configuration):
    name, options = configuration
    game = make_game(name, **options)
    checked, largest = 0, 0
    for state in random_states(game, 0):
        if state.is_chance() and checked < 4:
            parts = state.chance_parts()
            assert 1 <= len(parts) <= game.max_chance_parts
            largest = max(largest, *map(len, parts))
            assert joined_parts(state) == dict(state.chance_outcomes())
            checked += 1
    assert checked and largest <= game.max_chance_part_outcomes
    assert game.max_chance_parts == (1 if name != "nochmal" else 2 + game.dice[2])


@pytest.mark.parametrize("edition, players", [("so-gut", 1), ("so-gut", 2), ("classic", 3)])
def test_a_noch_mal_roll_lists_the_same_outcomes_as_built_from_scratch(edition, players):
    game = make_game("nochmal", edition=edition, players=players)
    state = game.new_initial_state()
    colours, numbers, special = game.dice
    faces = list(zip(SPECIAL_FACES, (Fraction(w, 6) for w in SPECIAL_WEIGHTS))) if special else [(None, 1)]
    expected = [((c, n, s), pc * pn * ps) for (c, pc), (n, pn), (s, ps)
                in product(_multisets(COLOUR_FACES, colours), _multisets(NUMBER_FACES, numbers), faces)]
    outcomes = state.chance_outcomes()
    assert [((r.colours, r.numbers, r.special), p) for r, p in outcomes] == expected
    assert len(outcomes) == game.max_chance_outcomes and sum(p for _, p in outcomes) == 1
    outcomes.clear()                                   # a copy: the table stays whole
    assert len(state.clone().chance_outcomes()) == game.max_chance_outcomes
    assert state.chance_key() == game.dice and state.clone().chance_key() == state.chance_key()


@pytest.mark.parametrize("level, players", [(1, 2), (5, 3), (8, 1), (8, 2), (8, 4)])
def test_dizzle_scores_remembered_equal_scores_from_scratch(level, players):
    game = make_game("dizzle", level=level, players=players)
    rng = random.Random(level)
    for seed in range(4):
        for state in random_states(game, seed):
            fork = state.clone()              # clones that diverge must not share a score
            if fork.deciders():
                seat = fork.deciders()[-1]
                fork.apply_id(rng.choice(fork.legal_action_ids(seat)), seat)
            for one in (state, fork):
                assert one.scores() == [
                    sheet_score(one.sheet, one.crossed[s], one.scribbled[s], one.flag_values[s],
                                game.solo, one.tracks[s]) for s in range(players)]
