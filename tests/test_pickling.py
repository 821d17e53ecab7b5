"""Games and states pickle (multiprocessing, ``ray.put``, OpenSpiel's
serialization): a round trip of the game and of a mid-game state gives the same
legal ids, views and play from there on, for every game."""

import pickle
import random

import pytest

from dicehall.engine import make_game
from dicehall.engine.playout import play_randomly
from dicehall.games.nochmal import tables
from dicehall.games.nochmal.sheetfile import edition_sheet
from dicehall.games.nochmal.tables import TABLES_KEPT, action_table

CONFIGURATIONS = [
    ("dizzle", {"players": 1, "level": 1}), ("dizzle", {"players": 2, "level": 8}),
    ("dizzle", {"players": 3, "level": 7}),
    ("nochmal", {"players": 1, "edition": "so-gut"}), ("nochmal", {"players": 3, "edition": "classic"}),
    ("razzle", {"players": 3}),
]


def mid_game(game, seed: int, steps: int):
    state, rng = game.new_initial_state(), random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        else:
            seat = state.deciders()[0]
            state.apply_id(rng.choice(state.legal_action_ids(seat)), seat)
    return state


def same_position(one, other) -> None:
    assert one.to_json() == other.to_json() and one.scores() == other.scores()
    for seat in range(one.game.num_players):
        assert one.legal_action_ids(seat) == other.legal_action_ids(seat)
        assert one.view(seat) == other.view(seat)


@pytest.mark.parametrize("name, options", CONFIGURATIONS, ids=lambda v: str(v))
def test_games_and_mid_game_states_round_trip_through_pickle(name, options):
    game = make_game(name, **options)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.options == game.options and copy.num_distinct_actions == game.num_distinct_actions
    same_position(copy.new_initial_state(), game.new_initial_state())
    for steps in (0, 7, 40, 150):
        state = mid_game(game, steps, steps)
        read = pickle.loads(pickle.dumps(state))
        same_position(read, state)
        if not state.is_terminal():   # and both play on alike
            play_randomly(state, random.Random(9))
            play_randomly(read, random.Random(9))
            same_position(read, state)


def test_a_noch_mal_table_pickles_as_its_sheet_and_is_made_again_from_it():
    table = action_table(edition_sheet("so-gut"))
    state = mid_game(make_game("nochmal", players=2), 3, 5)
    state.legal_action_ids(state.deciders()[0])        # fills the memos
    assert table.candidates.cache_info().currsize
    data = pickle.dumps(table)
    contents = sum(len(pickle.dumps(value)) for value in vars(table).values() if not callable(value))
    assert len(data) < 10_000 < contents                # the sheet, not the lists made from it
    assert pickle.loads(data) is table                  # a table of that sheet is made already
    tables._tables.clear()                              # as in a fresh process
    read = pickle.loads(data)
    assert read is not table and read.candidates.cache_info().currsize == 0
    assert (read.size, read.crosses, read.rows) == (table.size, table.crosses, table.rows)
    assert len(pickle.dumps(state)) < 10_000


def test_the_tables_of_custom_sheets_are_shared_by_their_data_and_not_kept_forever():
    data = edition_sheet("classic").data
    same = [make_game("nochmal", sheet=dict(data)) for _ in range(3)]
    assert len({id(game.table) for game in same}) == 1
    games = [make_game("nochmal", sheet={**data, "name": f"custom {k}"}) for k in range(TABLES_KEPT + 2)]
    assert len(tables._tables) <= TABLES_KEPT
    assert len({id(game.table) for game in games}) == len(games)
