"""What a live table's broadcasts reuse is what a fresh computation gives: the
cached action descriptions (``Game.described``), the views of several seats
built from one ``to_json`` (``GameState.views``) and the grid's cell names
read from ``bin(mask)``; the cache stays out of pickles."""

import json
import pickle
import random

import pytest

from dicehall.engine import game as game_module
from dicehall.engine.grid import cell_names
from dicehall.engine.registry import make_game
from dicehall.games.nochmal.sheetfile import edition_sheet
from dicehall.games.nochmal.state import OTHERS
from scenario import fresh_action_json, fresh_view

CONFIGURATIONS = [
    ("dizzle", {"players": 2}), ("dizzle", {"players": 2, "level": 8}),
    ("dizzle", {"players": 1, "level": 8}), ("razzle", {"players": 2}),
    ("nochmal", {"players": 2}), ("nochmal", {"players": 3, "edition": "classic"}),
]


def playout(game, seed: int):
    """Every decision state of a random game (a simultaneous choice of one seat at a time)."""
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
            continue
        yield state
        seat = rng.choice(state.deciders())
        state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)
    yield state


@pytest.mark.parametrize("name, options", CONFIGURATIONS, ids=str)
def test_cached_action_json_is_the_fresh_one_for_every_legal_id(name, options):
    game, seen = make_game(name, **options), set()
    for state in playout(game, 5):
        for seat in state.deciders():
            for action_id in state.legal_action_ids(seat):
                expected = fresh_action_json(game, action_id)
                assert game.action_json(action_id) == expected
                assert json.loads(game.action_text(action_id)) == json.loads(json.dumps(expected))
                assert game.action_notation(action_id) == expected["notation"]
                seen.add(action_id)
    assert seen
    # a fresh dict each call: changing one changes nothing cached
    some = next(iter(seen))
    given = game.action_json(some)
    given["id"] = -1
    assert game.action_json(some) == fresh_action_json(game, some)


def test_games_of_one_configuration_share_descriptions_and_others_do_not():
    one, two = make_game("nochmal", players=2), make_game("nochmal", players=2)
    classic = make_game("nochmal", players=2, edition="classic")
    assert one.described(5) is two.described(5)
    assert classic.described(5) == (fresh_action_json(classic, 5), classic.action_text(5))
    assert classic.described(5) is not one.described(5)
    # a custom sheet's descriptions are its own, even with another sheet's name
    data = edition_sheet("classic").data
    custom = make_game("nochmal", players=2, sheet={**data, "name": "mine"})
    ids = range(0, custom.num_distinct_actions, 97)
    assert [custom.action_json(i) for i in ids] == [fresh_action_json(custom, i) for i in ids]


def test_the_shared_descriptions_are_bounded(monkeypatch):
    monkeypatch.setattr(game_module, "DESCRIPTIONS_KEPT", 2)
    games = [make_game("dizzle", players=2, level=level) for level in (1, 2, 3, 4)]
    for game in games:
        game.action_json(0)
    assert len(game_module._descriptions) <= 2
    assert [game.action_json(0) for game in games] == [fresh_action_json(game, 0) for game in games]


def test_a_game_pickles_without_its_descriptions_and_describes_again():
    game = make_game("nochmal", players=2)
    ids = list(range(0, game.num_distinct_actions, 3))
    before = len(pickle.dumps(game))
    texts = [game.action_text(i) for i in ids]
    assert "_described" in vars(game) and len(pickle.dumps(game)) == before
    copy = pickle.loads(pickle.dumps(game))
    assert "_described" not in vars(copy)
    assert [copy.action_text(i) for i in ids] == texts
    assert [copy.action_json(i) for i in ids] == [fresh_action_json(game, i) for i in ids]


@pytest.mark.parametrize("name, options", CONFIGURATIONS, ids=str)
def test_the_views_of_every_seat_at_once_are_each_seats_own_view(name, options):
    game = make_game(name, **options)
    seats = [*range(game.num_players), None]
    concealed = 0
    for state in playout(game, 11):
        views = state.views(seats)
        assert list(views) == seats
        for seat in seats:
            assert views[seat] == fresh_view(state, seat) == state.view(seat)
        concealed += views[None].get("players") != views[0].get("players")
    if name == "nochmal" or options.get("level", 1) >= 7 and game.num_players > 1:
        assert concealed        # a pending choice is hidden from the others


def test_a_concealed_choice_stays_hidden_in_the_other_views():
    game, hidden = make_game("nochmal", players=3), 0
    for state in playout(game, 2):
        public = state.active if state.phase == OTHERS else None
        views = state.views([0, 1, 2, None])
        for chooser, choice in enumerate(state.pending):
            if choice < 0 or chooser == public:
                continue
            hidden += 1
            for seat, view in views.items():
                shown = view["players"][chooser]["pending"]
                assert shown == (game.action_notation(choice) if seat == chooser else "chosen")
    assert hidden


def test_cell_names_from_bin_are_the_bits_named_one_by_one():
    sheet, rng = make_game("nochmal", players=2).sheet, random.Random(4)
    size = sheet.width * sheet.height
    assert cell_names(sheet.width, sheet.height)[size - 1] == sheet.cell_name(size - 1)
    for _ in range(300):
        mask = rng.getrandbits(size) & rng.getrandbits(size) & rng.getrandbits(size)
        assert sheet.names(mask) == [sheet.cell_name(i) for i in range(size) if mask >> i & 1]
    assert sheet.names(0) == []
    assert sheet.names((1 << size) - 1) == list(cell_names(sheet.width, sheet.height))
    off = 1 << (size + 3)           # past the grid: named as before, not dropped
    assert sheet.names(off | 1) == ["a1", sheet.cell_name(size + 3)]


def test_views_of_a_game_that_conceals_elsewhere_copy_the_whole_json():
    from dicehall.games.razzle.state import RazzleState

    class Hiding(RazzleState):     # conceals inside the options, not in "players"
        __slots__ = ()

        def conceal(self, data, seat):
            data["options"]["seen_by"] = seat

    state = make_game("razzle", players=2).new_initial_state()
    state.__class__ = Hiding
    views = state.views([0, 1, None])
    assert [views[seat]["options"]["seen_by"] for seat in (0, 1, None)] == [0, 1, None]
    assert "seen_by" not in state.to_json()["options"]
