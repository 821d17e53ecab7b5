"""Observation tensors: layout, bounds, the dict form, and hidden choices kept hidden."""

import random

import numpy as np
import pytest
from rl_configs import CONFIGURATIONS, each_configuration

from dicehall.engine import SIMULTANEOUS, make_game
from dicehall.engine.state import CHANCE, TERMINAL
from dicehall.rl.observations import bits, encoder, one_hot, planes, seat_order


def random_states(game, seed: int, limit: int = 400):
    """The states of a random game (at most ``limit`` of them)."""
    state, rng = game.new_initial_state(), random.Random(seed)
    for _ in range(limit):
        yield state
        current = state.current_player()
        if current == TERMINAL:
            return
        if current == CHANCE:
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = state.deciders()[0]
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)


@each_configuration()
def test_every_encoding_is_within_its_bounds_and_the_dict_views_the_vector(name, options):
    game = make_game(name, **options)
    coder = encoder(game)
    assert coder.size == sum(field.size for field in coder.fields)
    for state in random_states(game, seed=3):
        for seat in range(game.num_players):
            vector = coder.encode(state, seat)
            assert vector.dtype == np.float32 and vector.shape == (coder.size,)
            low, high = vector < coder.low, vector > coder.high
            outside = [field.name for field in coder.fields
                       if low[coder.slices[field.name]].any() or high[coder.slices[field.name]].any()]
            assert not outside, f"{outside} out of bounds in phase {state.to_json()['phase']}"
    views = coder.encode_dict(state, 0)
    assert list(views) == [field.name for field in coder.fields]
    assert all(views[field.name].shape == field.shape for field in coder.fields)
    assert np.array_equal(np.concatenate([view.ravel() for view in views.values()]), coder.encode(state, 0))


def test_encode_into_a_buffer_matches_a_fresh_encoding():
    game = make_game("nochmal", players=3)
    coder = encoder(game)
    buffer = np.full(coder.size, 7, np.float32)
    for state in random_states(game, seed=1, limit=60):
        assert np.array_equal(coder.encode(state, 1, out=buffer), coder.encode(state, 1))


def test_planes_unpack_bitmasks_in_cell_order():
    assert planes([0b101, 0b011], 3) == bytes([1, 0, 1, 1, 1, 0])
    assert planes([1 << 62], 63) == bytes([0] * 62 + [1])
    assert one_hot(4, 2) == bytes([0, 0, 1, 0]) and one_hot(3, -1) == bytes(3)
    assert seat_order(2, 3) == [2, 0, 1]


@pytest.mark.parametrize("count", [1, 7, 63, 511, 512, 513, 2000])
def test_bits_are_the_same_below_and_above_the_numpy_threshold(count):
    """Short runs go through ``format``, long ones through numpy: the same bytes."""
    rng = random.Random(count)
    for joined in (0, (1 << count) - 1, rng.getrandbits(count)):
        assert bits(joined, count) == bytes(joined >> k & 1 for k in range(count))


@each_configuration()
def test_the_bytes_of_an_encoding_are_its_layout(name, options):
    """``raw`` gives one byte a field value and the constant fields lead."""
    game = make_game(name, **options)
    coder = encoder(game)
    leading = sum(field.size for field in coder.fields if field.constant)
    assert leading and all(len(prefix) == leading for prefix in coder.prefixes)
    for state in random_states(game, seed=7, limit=60):
        for seat in range(game.num_players):
            raw = coder.raw(state, seat)
            assert len(raw) == coder.size and raw.startswith(coder.prefixes[seat])


def test_the_observing_seat_comes_first():
    game = make_game("dizzle", players=3, level=1)
    state = game.new_initial_state()
    state.crossed[1] |= 1 << 10
    views = encoder(game).encode_dict(state, 1)
    crossed = views["sheets"][:, 0].reshape(3, -1)
    assert crossed[0, 10] == 1 and crossed[1, 10] == 0 and crossed[2, 10] == 0


def simultaneous_step(game, seed: int):
    """A state of a random game where at least two seats still choose at once,
    the second of them between several actions."""
    for attempt in range(50):
        for state in random_states(game, seed + attempt, limit=3000):
            deciders = state.deciders()
            if (state.current_player() == SIMULTANEOUS and len(deciders) >= 2
                    and len(state.legal_action_ids(deciders[1])) >= 2):
                return state
    raise AssertionError("no simultaneous step with two deciders met")


@pytest.mark.parametrize("name, options", [
    ("dizzle", {"players": 3, "level": 7}),      # the lava choice
    ("dizzle", {"players": 2, "level": 8}),      # track pieces
    ("nochmal", {"players": 3}),                 # choices from the same roll
    ("nochmal", {"players": 2, "edition": "classic"}),
])
def test_another_seats_pending_choice_does_not_show(name, options):
    game = make_game(name, **options)
    coder = encoder(game)
    state = simultaneous_step(game, seed=5)
    first, second = state.deciders()[:2]
    legal = state.legal_action_ids(second)
    one, other = state.clone(), state.clone()
    one.apply_id(legal[0], second)
    other.apply_id(legal[-1], second)
    assert one.current_player() == SIMULTANEOUS and first in one.deciders()
    assert np.array_equal(coder.encode(one, first), coder.encode(other, first))
    # ... but that the seat has chosen does show
    assert not np.array_equal(coder.encode(state, first), coder.encode(one, first))


def test_every_configuration_of_the_checkers_has_an_encoder():
    assert {name for name, _ in CONFIGURATIONS} == {"dizzle", "nochmal", "razzle"}


def test_kept_planes_are_the_planes_of_their_masks_and_stay_bounded(monkeypatch):
    import dicehall.rl.observations as observations

    monkeypatch.setattr(observations, "PLANES_KEPT", 8)
    kept, rng = observations.Planes(63), random.Random(3)
    masks = [rng.getrandbits(63) for _ in range(40)] + [0, 1 << 62]
    assert b"".join(map(kept.__getitem__, masks)) == planes(masks, 63)
    assert b"".join(map(kept.__getitem__, masks)) == planes(masks, 63)
    assert 0 < len(kept) <= 8


@pytest.mark.parametrize("options", [{"players": 1, "level": 3}, {"players": 2, "level": 8},
                                     {"players": 3, "level": 5}, {"players": 4, "level": 7}])
def test_dizzle_counters_are_the_states_for_every_seat(options):
    """The fields after the planes say what the state holds, the observer's row first."""
    game = make_game("dizzle", **options)
    coder, n = encoder(game), game.num_players
    for seed in range(6):
        for state in random_states(game, seed=seed, limit=300):
            for seat in range(n):
                view, order = coder.encode_dict(state, seat), seat_order(seat, n)
                rows = {"in_draft": [state.active >> p & 1 for p in order],
                        "planets_due": [state.planets_due[p] for p in order],
                        "chosen": [state.pick[p] >= 0 for p in order],
                        "turn": one_hot(n, order.index(state.turn)),
                        "start_player": one_hot(n, order.index(state.start_player)),
                        "middle": state.middle[1:], "lava_die": one_hot(6, state.lava_die - 1),
                        "phase": one_hot(len(view["phase"]), state.phase),
                        "draft": [state.draft], "left": [state.left], "set_aside": [state.set_aside],
                        "last_turn": [state.last_turn]}
                if game.sheet.flags:
                    values = [state.flag_values[p] for p in order]
                    rows |= {"flag_next": state.flag_next,
                             "flag_values": [[v or 0 for v in row] for row in values],
                             "flags_held": [[v is not None for v in row] for row in values]}
                for name, expected in rows.items():
                    expected = np.array(list(expected), np.float32).reshape(view[name].shape)
                    assert np.array_equal(view[name], expected), name


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "pieces": 6}])
def test_razzle_pieces_stand_on_their_fields_for_every_seat(monkeypatch, options):
    """Each row of ``pieces`` (the observer's first) marks the fields of that
    seat's pieces on the track, also once the kept rows have been cleared."""
    import dicehall.rl.observations as observations

    monkeypatch.setattr(observations, "PLANES_KEPT", 4)
    game = make_game("razzle", **options)
    coder, board = encoder(game), game.board
    for state in random_states(game, seed=5, limit=600):
        for seat in range(game.num_players):
            rows = coder.encode_dict(state, seat)["pieces"]
            for row, p in enumerate(seat_order(seat, game.num_players)):
                fields = {board.field_of(p, progress) for progress in state.progress[p]
                          if 0 < progress <= board.track_length}
                assert set(np.flatnonzero(rows[row])) == fields
    assert all(len(rows) <= 4 for rows in coder.rows)
