"""Solo (dizzle.md "Solo"): the two solo dice, the end of a solo draft, bombs
and the rating table."""

import pytest
from dizzle_helpers import (
    assert_legal,
    crossed,
    dice,
    expect_illegal,
    make,
    middle,
    new_state,
    play,
    scribbled,
)

from dicehall.engine import CHANCE, TERMINAL, make_game

# a1 X  b1 1  c1 2  d1 3  e1 4  f1 5  g1 6
# a2 5  (holes)
SOLO = ["X 1 2 3 4 5 6", "5 . . . . . ."]


def solo_state(grid=SOLO, **specials):
    return new_state(grid, players=1, **specials)


def test_solo_dice_are_rolled_after_every_placed_die():
    state = solo_state()
    play(state, "roll 1 2 3 4 6 6 6 6")
    assert_legal(state, ["1@b1"])
    play(state, "1@b1")
    assert state.current_player() == CHANCE
    assert state.to_json()["phase"] == "solo"
    expect_illegal(state, "roll 1 2", "expected 'solo' with 2 dice")
    expect_illegal(state, "solo 1", "2 dice")
    expect_illegal(state, "solo 1 2 3", "2 dice")
    play(state, "solo 6 6")
    # a double removes two dice of that value
    assert middle(state) == [2, 3, 4, 6, 6]
    assert state.set_aside == 2
    assert_legal(state, ["2@c1"])
    play(state, "2@c1", "solo 1 3")
    # no 1 in the middle: only the 3 goes
    assert middle(state) == [4, 6, 6]
    assert state.set_aside == 3
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll")
    expect_illegal(state, "roll 3 3", "3 dice")
    play(state, "roll 3 3 3")
    assert_legal(state, ["3@d1"])
    play(state, "3@d1")
    assert state.current_player() == CHANCE
    play(state, "solo 3 3")
    # the solo dice emptied the middle: the draft is over
    assert state.draft == 1 and state.to_json()["phase"] == "roll"
    assert crossed(state, 0) == ["a1", "b1", "c1", "d1"]
    assert state.set_aside == 0 and middle(state) == []


def test_a_double_removes_only_as_many_as_there_are():
    state = solo_state()
    play(state, "roll 1 2 2 3 3 4 4 6", "1@b1", "solo 6 6")
    assert middle(state) == [2, 2, 3, 3, 4, 4]
    assert state.set_aside == 1


def test_solo_dice_showing_missing_values_remove_nothing():
    state = solo_state()
    play(state, "roll 1 2 2 3 3 4 4 4", "1@b1", "solo 1 6")
    assert middle(state) == [2, 2, 3, 3, 4, 4, 4]
    assert state.set_aside == 0


def test_no_solo_roll_when_a_placement_empties_the_middle():
    state = solo_state(["X 1 1 1 1 1 1 1 1 1"])
    play(state, "roll 1 1 1 1 1 1 1 1",
         "1@b1", "solo 1 1", "1@c1", "solo 1 1", "1@d1", "solo 2 3")
    assert middle(state) == [1]
    play(state, "1@e1")
    # straight to the end of the draft: the next chance event is the main roll
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "b1", "c1", "d1", "e1"]
    expect_illegal(state, "solo 1 1", "expected 'roll' with 8 dice")


def test_solo_draft_ends_on_pass():
    state = solo_state()
    play(state, "roll 1 6 6 6 6 6 6 6", "1@b1", "solo 2 3")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    assert state.draft == 1 and state.current_player() == CHANCE
    assert crossed(state, 0) == ["a1", "b1"]


def test_solo_failed_reroll_keeps_the_player_in_the_draft():
    state = solo_state()
    play(state, "roll 6 6 6 6 6 6 6 6", "reroll", "roll 6 6 6 6 6 6 6 6")
    # no last-active-player rule in solo: the player simply has another turn
    assert state.current_player() == 0 and state.draft == 0
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll", "roll 1 6 6 6 6 6 6 6", "1@b1", "solo 5 5")
    assert_legal(state, ["pass", "reroll"])
    play(state, "reroll", "roll 6 6 6 6 6 6 6")
    assert_legal(state, ["return b1"])
    play(state, "return b1")
    assert state.current_player() == 0 and state.draft == 0
    assert dice(state, 0) == [] and middle(state) == [1, 6, 6, 6, 6, 6, 6, 6]
    assert_legal(state, ["1@b1"])


def test_solo_game_has_ten_drafts():
    state = solo_state()
    for draft in range(10):
        assert state.draft == draft
        play(state, "roll 6 6 6 6 6 6 6 6", "pass")
    assert state.current_player() == TERMINAL


def test_solo_bomb_is_worth_two_and_is_never_scribbled():
    state = solo_state(bombs=[{"at": "b1", "points": 5}, {"at": "c1", "points": 5}])
    play(state, "roll 1 6 6 6 6 6 6 6", "1@b1", "solo 6 6", "pass")
    assert crossed(state, 0) == ["a1", "b1"]
    assert scribbled(state, 0) == []
    assert state.scores() == [2]
    play(state, "roll 2 6 6 6 6 6 6 6", "2@c1", "solo 6 6", "pass")
    assert state.scores() == [4]


LEVEL_1 = [(200, "on the podium"), (81, "on the podium"), (80, "superstar"),
           (71, "superstar"), (70, "excellent — that was no luck"),
           (61, "excellent — that was no luck"), (60, "very good"), (51, "very good"),
           (50, "better than the two worst"), (41, "better than the two worst"),
           (40, "unimpressive"), (31, "unimpressive"),
           (30, "were those dice made of stock cubes?"),
           (0, "were those dice made of stock cubes?"),
           (-7, "were those dice made of stock cubes?")]
LEVELS_2_4 = [(score + 10, label) for score, label in LEVEL_1]


@pytest.mark.parametrize("score, label", LEVEL_1)
def test_solo_rating_level_1(score, label):
    assert make_game("dizzle", players=1, level=1).rating(score) == label


@pytest.mark.parametrize("level", [2, 3, 4])
@pytest.mark.parametrize("score, label", LEVELS_2_4)
def test_solo_rating_levels_2_to_4(level, score, label):
    assert make_game("dizzle", players=1, level=level).rating(score) == label


def test_rating_uses_the_sheets_own_bands_and_only_in_solo():
    bands = [{"min": 10, "label": "fine"}, {"label": "poor"}]
    game = make(SOLO, players=1, solo_rating=bands)
    assert [game.rating(s) for s in (11, 10, 9)] == ["fine", "fine", "poor"]
    assert make(SOLO, players=2, solo_rating=bands).rating(50) is None
    assert make_game("dizzle", players=2, level=1).rating(100) is None
    assert make(SOLO, players=1).rating(50) is None
