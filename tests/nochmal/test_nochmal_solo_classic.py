"""Solo (nochmal.md "Solo") and the classic edition (Noch mal!)."""

import pytest
from nochmal_helpers import (
    assert_legal,
    colour_points,
    column_points,
    expect_illegal,
    heart_bonus,
    legal_specials,
    make,
    new_state,
    play,
    prepare,
    roll,
    rows_done,
    skip_rolls,
)

from dicehall.engine import CHANCE, TERMINAL
from dicehall.games.nochmal.scoring import score_parts

ROLL, ACTIVE, OTHERS, ALL, ITEM, OVER = range(6)

#      a  b  c  d       start column: a
#   1  g  g  g  b       green block a1 b1 c1, red block a2 b2,
#   2  r  r  y  o       single boxes: blue d1, yellow c2, orange d2
FLOW = ["g g g b", "r r y o"]


def test_solo_so_gut_the_player_is_always_active_and_the_game_lasts_30_rolls():
    state = new_state(players=1)
    for rolls in range(30):
        assert state.current_player() == CHANCE
        play(state, roll("g y", "1 2", "heart"))
        # no open rolls in solo: every roll is the player's own, with the special die
        assert state.phase == ACTIVE and state.current_player() == 0 == state.active
        assert "heart" in legal_specials(state)
        play(state, "pass")
    assert state.rolls == 30 and state.current_player() == TERMINAL
    assert score_parts(state, 0) == {"colours": 0, "columns": 0, "hearts": 0, "rows": 0,
                                     "jokers": 6, "special dice": 2, "stars": -30,
                                     "early end": 0}
    assert state.game.rating(state.scores()[0]).startswith("under 10")


def test_solo_so_gut_ends_at_two_colours_with_2_points_per_unused_roll():
    state = new_state(FLOW, players=1)
    play(state, roll("r g", "2 1", "heart"), "r2 a2 b2")
    assert colour_points(state, 0) == {"r": 5} and state.current_player() == CHANCE
    skip_rolls(state, 4)
    play(state, roll("g x", "3 1", "heart"), "g3 a1 b1 c1")
    assert state.rolls == 6 and state.current_player() == TERMINAL
    # the solo player is always "first"
    assert colour_points(state, 0) == {"g": 5, "r": 5}
    assert column_points(state, 0) == {"a": 3, "b": 3}
    parts = score_parts(state, 0)
    assert parts["early end"] == 2 * (30 - 6)
    assert parts == {"colours": 10, "columns": 6, "hearts": 0, "rows": 0, "jokers": 6,
                     "special dice": 2, "stars": 0, "early end": 48}
    assert state.scores() == [72]


def test_solo_so_gut_two_colours_in_the_last_roll_give_no_early_points():
    game = make(FLOW, players=1)
    state = prepare(game, {0: {"crossed": "a2 b2", "colour_points": [None, None, None, 5, None]}},
                    rolls=29)
    play(state, roll("g x", "3 1", "heart"), "g3 a1 b1 c1")
    assert state.rolls == 30 and state.is_terminal()
    assert score_parts(state, 0)["early end"] == 0


def test_solo_rows_give_their_item_and_a_bomb_item_is_played():
    game = make(FLOW, players=1, row_items=["bomb", "heart"])
    state = prepare(game, {0: {"crossed": "d1 c1 b1", "colour_points": [None, None, 5, None, None]}})
    play(state, roll("g y", "1 1", "heart"), "g1 a1")
    assert state.phase == ITEM and state.deciders() == (0,)
    assert "pass" not in [str(a) for a in state.legal_actions(0)]
    play(state, "bomb a2 b2")
    assert rows_done(state, 0) == [1]
    assert colour_points(state, 0) == {"g": 5, "b": 5, "r": 5}
    assert state.current_player() == TERMINAL


def test_classic_solo_always_30_rolls_even_with_two_colours():
    state = new_state(FLOW, players=1, edition="classic", jokers=8)
    play(state, roll("r g", "2 1"))
    assert state.phase == ACTIVE
    assert_legal(state, ["g1 a1", "g2 a1 b1", "pass", "r1 a2", "r2 a2 b2"])
    play(state, "r2 a2 b2", roll("g x", "3 1"), "g3 a1 b1 c1")
    assert colour_points(state, 0) == {"g": 5, "r": 5}
    assert state.current_player() == CHANCE
    skip_rolls(state, 27)
    assert state.rolls == 29 and state.current_player() == CHANCE
    skip_rolls(state, 1)
    assert state.rolls == 30 and state.is_terminal()
    assert score_parts(state, 0) == {"colours": 10, "columns": 6, "hearts": 0, "rows": 0,
                                     "jokers": 8, "special dice": 0, "stars": 0,
                                     "early end": 0}


@pytest.mark.parametrize("score, label", [(41, "over 40"), (40, "37-40"), (1, "1-4"),
                                          (0, "0: a blank page"), (-1, "below 0")])
def test_classic_solo_rating(score, label):
    assert make(players=1, edition="classic").rating(score).startswith(label)
    assert make(players=2, edition="classic").rating(score) is None


@pytest.mark.parametrize("score, label", [(91, "over 90"), (90, "81-90"), (10, "10-20"),
                                          (9, "under 10")])
def test_so_gut_solo_rating(score, label):
    assert make(players=1).rating(score).startswith(label)


def test_classic_has_no_special_die_and_8_jokers():
    game = make(players=2, edition="classic")
    assert game.sheet.jokers == 8 and game.dice == (3, 3, False)
    state = game.new_initial_state()
    assert state.scores() == [8 - 30, 8 - 30]
    play(state, roll("x y b", "? 2 3"))
    assert legal_specials(state, 0) == []
    expect_illegal(state, "heart", "special die is not yours", seat=0)
    expect_illegal(state, "bomb h1", "special die is not yours", seat=0)


def test_classic_column_h_is_worth_1_then_0_and_rows_and_hearts_give_nothing():
    game = make(players=2, edition="classic")
    # seat 0: row 1 and column H but h1; seat 1: column H but h1
    row1 = "a1 b1 c1 d1 e1 f1 g1 i1 j1 k1 l1 m1 n1 o1"
    column_h = "h2 h3 h4 h5 h6 h7"
    state = prepare(game, {0: {"crossed": f"{row1} {column_h}"}, 1: {"crossed": column_h}})
    play(state, roll("g y b", "1 2 3"), (0, "g1 h1"), (1, "pass"))
    assert column_points(state, 0) == {"h": 1}
    assert heart_bonus(state, 0) == {"h": 0}
    assert rows_done(state, 0) == [1]
    assert state.specials == [0, 0] and state.hearts == [0, 0] and state.bombs_due == [0, 0]
    parts = score_parts(state, 0)
    assert parts["rows"] == 0 and parts["hearts"] == 0 and parts["columns"] == 1
    play(state, roll("g y b", "1 2 3"), (0, "pass"), (1, "g1 h1"))
    assert column_points(state, 1) == {"h": 0}
    assert state.specials == [0, 0]


@pytest.mark.parametrize("edition, steps", [
    ("classic", [0, 1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41]),
    ("so-gut", [10, 21, 31, 41, 51, 61, 71, 81, 91]),
])
def test_solo_rating_bands_change_exactly_at_their_bounds(edition, steps):
    game = make(players=1, edition=edition)
    changes = [score for score in range(-20, 120) if game.rating(score) != game.rating(score - 1)]
    assert changes == steps
