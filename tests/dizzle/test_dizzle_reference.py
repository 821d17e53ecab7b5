"""Lockstep random games: the engine against an independent plain model of
dizzle.md (``dizzle_reference``). At every step the phase, the deciders, every
decider's exact legal actions, the sheets, flags, middle and scores must agree."""

import random

import pytest
from dizzle_helpers import sheet_data
from dizzle_reference import RefGame

from dicehall.engine import CHANCE, SIMULTANEOUS, TERMINAL, make_game

# A dense sheet so that every special field comes up often.
DENSE = sheet_data(
    ["X 1 2 3 4 P",
     "5 6 1 2 3 4",
     "4 3 X 6 5 1",
     "2 1 6 5 4 3",
     "P 4 5 . 2 6"],
    bombs=[{"at": "b2", "points": 2}, {"at": "e4", "points": 3}],
    keys=[{"at": "c1", "colour": "red"}, {"at": "f3", "colour": "blue"}],
    locks=[{"at": ["a2", "d4"], "colour": "red"}, {"at": "b4", "colour": "blue"}],
    rockets=[{"at": "d1"}, {"at": "c4"}],
    flags=[{"at": "f2", "colour": "blue", "track": [5, 3, 1]},
           {"at": "a4", "colour": "red", "track": [4, 2]}],
    gems=[{"at": "e2", "points": 3, "colour": "green"}],
    poops=[{"at": "b3", "points": 2}],
    puzzles=[{"at": ["c2", "e3"], "colour": "green", "points": 4}],
    areas=[{"at": ["d2", "e2", "d3", "e3"], "points": 10}],
    arrows=[{"from": "a2", "to": "f2", "points": 5}],
)


def snapshot_engine(state):
    data = state.to_json()
    return {
        "phase": data["phase"], "draft": data["draft"],
        "middle": sorted(data["middle"]),
        "crossed": [sorted(p["crossed"]) for p in data["players"]],
        "scribbled": [sorted(p["scribbled"]) for p in data["players"]],
        "dice": [sorted(p["dice"]) for p in data["players"]],
        "flags": [list(p["flags"]) for p in data["players"]],
        "flag_next": list(data["flag_next"]),
        "scores": state.scores(),
    }


def snapshot_ref(ref):
    return {
        "phase": ref.phase, "draft": ref.draft,
        "middle": sorted(ref.middle.elements()),
        "crossed": [sorted(c) for c in ref.crossed],
        "scribbled": [sorted(c) for c in ref.scribbled],
        "dice": [sorted(c) for c in ref.dice],
        "flags": [list(v) for v in ref.flag_values],
        "flag_next": list(ref.flag_next),
        "scores": [ref.score(p) for p in range(ref.n)],
    }


def choose(rng, options):
    places = sorted(o for o in options if "@" in o)
    if places:
        return rng.choice(places)
    if "reroll" in options:
        return "reroll" if rng.random() < 0.6 else "pass"
    return rng.choice(sorted(options))


def run_lockstep(game, data, seed, max_steps=6000):
    rng = random.Random(seed)
    state = game.new_initial_state()
    ref = RefGame(data, game.num_players)
    seen = set()
    for step in range(max_steps):
        assert snapshot_engine(state) == snapshot_ref(ref), f"step {step}"
        assert tuple(state.deciders()) == ref.deciders(), f"step {step}"
        current = state.current_player()
        if ref.phase == "over":
            assert current == TERMINAL
            break
        if current == CHANCE:
            assert ref.deciders() == ()
            kind, count = ref.pending_dice()
            outcome = state.sample_chance(rng)
            assert (outcome.kind, len(outcome.values)) == (kind, count)
            state.apply(outcome)
            ref.apply_chance(outcome.values)
            seen.add(kind + ("-" + ref.phase if kind == "roll" else ""))
            continue
        deciders = ref.deciders()
        if ref.phase == "planet":
            assert current == SIMULTANEOUS
        else:
            assert current == deciders[0]
        for seat in deciders:
            assert set(map(str, state.legal_actions(seat))) == ref.legal(seat), \
                f"step {step}, seat {seat}, phase {ref.phase}"
        seat = rng.choice(deciders)
        action = choose(rng, ref.legal(seat))
        seen.add(action.split()[0] if " " in action else ("place" if "@" in action else action))
        state.apply(action, seat)
        ref.apply(seat, action)
        state.check()
    else:
        pytest.fail("the game did not end")
    assert state.is_terminal()
    assert state.places() == ref.places_of_seats()
    return seen


LEVEL_CASES = [(level, players, seed)
               for level in (1, 2, 3, 4) for players in (1, 2, 3, 4) for seed in (1, 2)]


@pytest.mark.parametrize("level, players, seed", LEVEL_CASES)
def test_engine_matches_the_reference_on_the_shipped_levels(level, players, seed):
    game = make_game("dizzle", players=players, level=level)
    run_lockstep(game, game.sheet.data, seed * 1000 + level * 10 + players)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_engine_matches_the_reference_on_a_dense_sheet(players):
    game = make_game("dizzle", players=players, sheet=DENSE)
    seen = set()
    for seed in range(12):
        seen |= run_lockstep(game, DENSE, 7919 * seed + players)
    # the random games did reach the interesting decisions
    assert {"place", "reroll", "pass", "return"} <= seen
    if players > 1:
        assert "planet" in seen
    else:
        assert "solo" in seen
