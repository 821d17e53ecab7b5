"""The registry and typed options: defaults, conversion and clear errors."""

import re

import pytest

import dicehall
from dicehall.engine import DicehallError, OptionError, game_names, make_game, parse_option_pairs


def test_dizzle_is_registered_with_defaults():
    assert "dizzle" in game_names()
    game = make_game("dizzle")
    assert game.options == {"players": 2, "level": 1, "sheet": None}


def test_options_from_strings_are_converted():
    game = make_game("dizzle", parse_option_pairs(["players=3", "level=2"]))
    assert (game.num_players, game.options["level"], game.dice_count) == (3, 2, 10)


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, "option 'players' must be one of 1, 2, 3, 4, not 5"),
    ({"players": "two"}, "option 'players' must be a whole number"),
    ({"level": 9}, "option 'level' must be one of"),
    ({"lvl": 2}, "dizzle has no option 'lvl'; its options are: players, level, sheet"),
    ({"sheet": 3}, "option 'sheet' must be a file path or an inline sheet table"),
    ({"sheet": "/no/such/file.toml"}, "file.toml: cannot read"),
])
def test_wrong_options_are_clear_errors(options, message):
    with pytest.raises(DicehallError, match=re.escape(message)):
        make_game("dizzle", options)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(OptionError, match="unknown game 'chess'; games are: dizzle"):
        make_game("chess")


@pytest.mark.parametrize("pair", ["players", "=3"])
def test_option_pairs_need_key_and_value(pair):
    with pytest.raises(OptionError, match="key=value"):
        parse_option_pairs([pair])


def test_new_game_is_seeded_and_starts_at_a_decision():
    first = dicehall.new_game("dizzle", players=2, level=3, seed=7)
    second = dicehall.new_game("dizzle", players=2, level=3, seed=7)
    assert first.current_player() == 0
    assert first.state.to_json() == second.state.to_json()
    assert first.entries[0].seat is None and first.entries[0].notation.startswith("roll ")
