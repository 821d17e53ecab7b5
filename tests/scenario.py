"""Helpers every game's tests share: legal-action listings, playing forced steps,
expecting an illegal action, and random playouts for property tests."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from dicehall.bots import make_bot
from dicehall.engine import CHANCE, TERMINAL, IllegalAction
from dicehall.engine.state import GameState

MAX_STEPS = 50_000


def legal(state, seat=None) -> list[str]:
    """The legal actions of ``seat`` as sorted notations."""
    return sorted(map(str, state.legal_actions(seat)))


def assert_legal(state, expected, seat=None) -> None:
    assert legal(state, seat) == sorted(expected)


def play(state, *steps) -> None:
    """Apply steps in order: a notation (for the only decider or a chance
    event), or a ``(seat, notation)`` pair; ``check`` after each."""
    for step in steps:
        if isinstance(step, tuple):
            seat, action = step
            state.apply(action, seat)
        else:
            state.apply(step)
        state.check()


def expect_illegal(state, action, *words, seat=None, error=IllegalAction) -> str:
    """``action`` must raise ``error`` whose message contains every word and leave
    the state unchanged. Returns the message."""
    before = state.to_json()
    with pytest.raises(error) as info:
        state.apply(action, seat)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    if error is IllegalAction:
        assert info.value.reason, "an illegal action names its reason"
    assert state.to_json() == before
    return message


def random_game(game, seed: int, inspect: Callable[[GameState], None] = lambda state: None,
                on_chance: Callable[[GameState, object], None] = lambda state, outcome: None):
    """Play ``game`` to its end with random choices, calling ``inspect`` on every
    state (and ``on_chance`` with each sampled outcome); fails if it never ends."""
    state, rng, bot = game.new_initial_state(), random.Random(seed), make_bot("random")
    for _ in range(MAX_STEPS):
        inspect(state)
        current = state.current_player()
        if current == TERMINAL:
            return state
        if current == CHANCE:
            outcome = state.sample_chance(rng)
            on_chance(state, outcome)
            state.apply_outcome(outcome)
        else:
            seat = state.deciders()[0]
            state.apply_id(bot.choose(state, seat, rng), seat)
    raise AssertionError(f"the game did not end within {MAX_STEPS} steps")


def check_round_trips(state: GameState) -> None:
    """JSON reads back to the same state, and a clone shares nothing mutable."""
    from dicehall.engine import state_from_json

    data = state.to_json()
    assert state_from_json(data).to_json() == data
    copy = state.clone()
    assert copy.to_json() == data
    for seat in copy.deciders()[:1]:
        copy.apply_id(copy.legal_action_ids(seat)[0], seat)
        assert state.to_json() == data, "clone shares mutable parts with its original"


def check_legal_actions(state: GameState) -> None:
    """Every decider has distinct legal actions whose notation, id and mask agree."""
    for seat in state.deciders():
        ids = state.legal_action_ids(seat)
        assert ids and len(set(ids)) == len(ids), "a deciding seat has distinct legal actions"
        actions = state.legal_actions(seat)
        assert [state.game.parse_action(str(a)) for a in actions] == actions
        assert [state.game.action_id(a) for a in actions] == ids
        assert [i for i, legal in enumerate(state.action_mask(seat)) if legal] == sorted(ids)


def fresh_action_json(game, action_id: int) -> dict:
    """``game.action_json(action_id)`` decoded anew, as it was before it was cached."""
    action = game.action_from_id(action_id)
    data = {"id": action_id, "notation": str(action), "kind": type(action).__name__.lower()}
    if dataclasses.is_dataclass(action):
        data.update(dataclasses.asdict(action))
    return data


def fresh_view(state: GameState, seat: int | None) -> dict:
    """``state.view(seat)`` built for that seat alone, as it was before ``state.views``."""
    data = state.to_json()
    state.conceal(data, seat)
    deciders = state.deciders()
    data.update(seat=seat, scores=state.scores(), deciders=list(deciders))
    if seat is not None and seat in deciders:
        data["legal"] = [str(action) for action in state.legal_actions(seat)]
    return data
