"""Views collected step by step (as the server's replay keeps ``state.view(None)``
after each step) must show each step's position, not the final one: ``view`` and
``to_json`` hand out copies, never the state's own lists."""

import copy
import random

import pytest

from dicehall.bots import make_bot
from dicehall.engine import Match, make_game

GAMES = [
    ("dizzle", {"players": 2, "level": 1}),
    ("dizzle", {"players": 3, "level": 7}),
    ("dizzle", {"players": 2, "level": 8}),
    ("nochmal", {"players": 2, "edition": "so-gut"}),
    ("nochmal", {"players": 3, "edition": "classic"}),
    ("razzle", {"players": 2}),
    ("razzle", {"players": 3}),
]
IDS = [f"{name}-{'-'.join(map(str, options.values()))}" for name, options in GAMES]


def played(name: str, options: dict, seed: int) -> Match:
    """A seeded game between random bots, to the end."""
    match, rng, bot = Match(make_game(name, options), seed), random.Random(seed), make_bot("random")
    while not match.is_over():
        seat = match.state.deciders()[0]
        match.play(bot.choose(match.state, seat, rng), seat)
    return match


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_views_kept_at_every_step_match_a_fresh_replay(name, options):
    match = played(name, options, seed=11)
    state, views, frozen = match.game.new_initial_state(), [], []
    for entry in match.entries:
        state.apply(entry.notation, entry.seat)
        views.append(state.view(None))
        frozen.append(copy.deepcopy(views[-1]))
    assert views == frozen, "a view kept earlier changed as the game went on"
    record = match.record()
    count = len(match.entries)
    for step in sorted({1, 2, count // 4, count // 2, 3 * count // 4, count}):
        assert views[step - 1] == record.replay(step).view(None), f"step {step} of {count}"
    assert views[0] != views[-1]


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_to_json_and_views_share_nothing_with_the_state(name, options):
    match = played(name, options, seed=5)
    state = match.record().replay(len(match.entries) // 2)
    for data in (state.to_json(), state.view(None), state.view(0)):
        before = copy.deepcopy(state.to_json())
        _scramble(data)
        assert state.to_json() == before


def _scramble(data) -> None:
    """Change every list and dict inside ``data`` in place."""
    if isinstance(data, dict):
        for value in data.values():
            _scramble(value)
        data["scrambled"] = True
    elif isinstance(data, list):
        for value in data:
            _scramble(value)
        data.append("scrambled")
