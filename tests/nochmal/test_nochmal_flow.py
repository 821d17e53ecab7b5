"""The flow of a roll (nochmal.md "A roll"): the active player's choice, then the
others' independent simultaneous choices from the dice left; the open rolls 1-3;
hidden choices in views; the end of the game; the shape of rolls."""

from fractions import Fraction

import pytest
from nochmal_helpers import (
    assert_legal,
    colour_points,
    crossed,
    everyone,
    expect_illegal,
    legal,
    legal_crosses,
    make,
    new_state,
    play,
    prepare,
    roll,
    skip_rolls,
)

from dicehall.engine import CHANCE, SIMULTANEOUS, TERMINAL, DicehallError, NotationError

#      a  b  c  d       start column: a
#   1  g  g  g  b       green block a1 b1 c1, red block a2 b2,
#   2  r  r  y  o       single boxes: blue d1, yellow c2, orange d2
FLOW = ["g g g b", "r r y o"]
R = roll("g r b", "1 2 5", "heart")
EVERYTHING = ["g1 a1", "g2 a1 b1", "heart", "pass", "r1 a2", "r2 a2 b2"]
ROLL, ACTIVE, OTHERS, ALL, ITEM, OVER = range(6)


def test_rolls_1_to_3_everyone_chooses_from_all_dice_at_once():
    state = new_state(FLOW)
    play(state, R)
    assert state.phase == ALL and state.current_player() == SIMULTANEOUS
    assert state.deciders() == (0, 1)
    assert_legal(state, EVERYTHING, seat=0)
    assert_legal(state, EVERYTHING, seat=1)
    expect_illegal(state, "pass", "say which seat")
    play(state, (0, "g2 a1 b1"))
    # the choice waits until everyone chose; the dice seat 0 took stay available
    assert crossed(state, 0) == []
    assert state.deciders() == (1,)
    assert state.legal_actions(0) == []
    assert_legal(state, EVERYTHING, seat=1)
    expect_illegal(state, "pass", "nothing to decide", seat=0)
    play(state, (1, "g2 a1 b1"))
    assert crossed(state, 0) == crossed(state, 1) == ["a1", "b1"]
    assert state.rolls == 1 and state.current_player() == CHANCE
    # roll 2: both use the same special die
    play(state, R)
    assert state.phase == ALL and state.deciders() == (0, 1)
    play(state, (1, "heart"), (0, "heart"))
    assert state.hearts == [1, 1] and state.specials_used == [1, 1]
    # roll 3 is still open for everyone, roll 4 is not
    play(state, R)
    assert state.phase == ALL and state.deciders() == (0, 1)
    play(state, (0, "pass"), (1, "pass"))
    play(state, R)
    assert state.phase == ACTIVE and state.current_player() == 1 == state.active


def test_open_rolls_for_three_players_everyone_may_take_the_same_dice():
    state = new_state(FLOW, players=3)
    play(state, R)
    assert state.deciders() == (0, 1, 2)
    play(state, (2, "r2 a2 b2"), (0, "r2 a2 b2"), (1, "r1 a2"))
    assert crossed(state, 0) == crossed(state, 2) == ["a2", "b2"]
    assert crossed(state, 1) == ["a2"]


def test_from_roll_4_the_active_chooses_then_the_others_from_the_dice_left():
    state = new_state(FLOW, players=3)
    skip_rolls(state, 3)
    play(state, R)
    assert state.phase == ACTIVE and state.current_player() == 0
    assert state.deciders() == (0,)
    assert_legal(state, EVERYTHING)
    expect_illegal(state, "pass", "seat 0's turn", seat=1)
    play(state, "g1 a1")
    assert state.phase == OTHERS and state.current_player() == SIMULTANEOUS
    assert state.deciders() == (1, 2)
    assert crossed(state, 0) == []          # applied together with the others' choices
    # the green die and the 1 are gone for the others
    for seat in (1, 2):
        assert_legal(state, ["heart", "pass", "r2 a2 b2"], seat=seat)
    expect_illegal(state, "g1 a1", "no g colour die", seat=1)
    expect_illegal(state, "r1 a2", "no 1 among your number dice", seat=2)
    expect_illegal(state, "pass", "nothing to decide", seat=0)
    # both others use the same remaining dice
    play(state, (2, "r2 a2 b2"))
    assert state.deciders() == (1,)
    assert crossed(state, 2) == []
    play(state, (1, "r2 a2 b2"))
    assert crossed(state, 0) == ["a1"]
    assert crossed(state, 1) == crossed(state, 2) == ["a2", "b2"]
    assert state.rolls == 4 and state.current_player() == CHANCE


def test_if_the_active_player_passes_the_others_choose_from_all_dice():
    state = new_state(FLOW, players=3)
    skip_rolls(state, 3)
    play(state, R, "pass")
    for seat in (1, 2):
        assert_legal(state, EVERYTHING, seat=seat)
    play(state, (1, "g2 a1 b1"), (2, "heart"))
    assert crossed(state, 1) == ["a1", "b1"] and state.hearts == [0, 0, 1]


def test_the_special_die_is_gone_for_the_others_if_the_active_took_it():
    state = new_state(FLOW, players=3)
    skip_rolls(state, 3)
    play(state, R, "heart")
    for seat in (1, 2):
        assert_legal(state, ["g1 a1", "g2 a1 b1", "pass", "r1 a2", "r2 a2 b2"], seat=seat)
    expect_illegal(state, "heart", "special die is not yours", seat=1)
    play(state, (1, "g2 a1 b1"), (2, "g2 a1 b1"))
    assert state.hearts == [1, 0, 0] and state.specials_used == [1, 0, 0]
    assert crossed(state, 1) == crossed(state, 2) == ["a1", "b1"]


def test_if_the_active_takes_colour_and_number_all_others_may_use_the_special_die():
    state = new_state(FLOW, players=3)
    skip_rolls(state, 3)
    play(state, R, "r1 a2")
    for seat in (1, 2):
        assert_legal(state, ["g2 a1 b1", "heart", "pass"], seat=seat)
    play(state, (1, "heart"), (2, "heart"))
    assert state.hearts == [0, 1, 1] and state.specials_used == [0, 1, 1]
    assert crossed(state, 0) == ["a2"]


def test_only_one_die_of_a_kind_is_taken_when_several_show_the_same_face():
    state = new_state(FLOW, players=2)
    skip_rolls(state, 3)
    play(state, roll("g g r", "1 1 2", "heart"))
    assert state.current_player() == 1
    play(state, "g1 a1")
    assert_legal(state, EVERYTHING, seat=0)
    play(state, (0, "g1 a1"))
    assert crossed(state, 0) == crossed(state, 1) == ["a1"]


def test_jokers_the_active_took_are_gone_for_the_others():
    state = new_state(FLOW, players=2)
    skip_rolls(state, 3)
    play(state, roll("x r b", "? 2 5", "heart"), "x? a1")
    assert legal_crosses(state, 0) == ["r2 a2 b2"]
    play(state, (0, "pass"))
    assert state.jokers_used == [0, 2]
    # a colour joker taken with a real number leaves the number joker
    play(state, roll("x r b", "? 2 5", "heart"), "x2 a1 b1")
    assert legal_crosses(state, 1) == ["r? a2", "r? a2 b2"]


@pytest.mark.parametrize("players, actives", [(2, [1, 0, 1, 0]), (3, [0, 1, 2, 0]),
                                              (4, [3, 0, 1, 2])])
def test_the_active_player_rotates_every_roll(players, actives):
    state = new_state(FLOW, players=players)
    skip_rolls(state, 3)
    for active in actives:
        play(state, R)
        assert state.phase == ACTIVE and state.current_player() == active
        everyone(state)


def test_views_hide_pending_choices_of_the_other_players():
    state = new_state(FLOW, players=3)
    play(state, R, (0, "g2 a1 b1"))
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view["players"][0]["pending"] == "chosen"
        assert "g2" not in str(view["players"])
    assert state.view(0)["players"][0]["pending"] == "g2 a1 b1"
    assert state.view(1)["players"][1]["pending"] is None
    assert sorted(state.view(1)["legal"]) == legal(state, 1)
    assert "legal" not in state.view(0)
    play(state, (1, "r1 a2"), (2, "pass"))
    assert all(p["pending"] is None for p in state.view(1)["players"])
    skip_rolls(state, 2)
    # from roll 4: the active player's choice is public while the others choose
    play(state, R, "g1 c1")
    for seat in (0, 1, 2, None):
        assert state.view(seat)["players"][0]["pending"] == "g1 c1"
    play(state, (1, "heart"))
    assert state.view(1)["players"][1]["pending"] == "heart"
    for seat in (0, 2, None):
        assert state.view(seat)["players"][1]["pending"] == "chosen"
    # the view says who decides and what the seat may do
    view = state.view(2)
    assert view["deciders"] == [2] and view["seat"] == 2
    assert sorted(view["legal"]) == legal(state, 2)


def test_the_game_ends_after_the_roll_in_which_someone_completes_a_second_colour():
    game = make(FLOW, players=3)
    # seat 0 has completed yellow (c2) and two of the three green boxes
    state = prepare(game, {0: {"crossed": "a1 b1 c2", "colour_points": [None, 5, None, None, None]}},
                    rolls=3, taken={"colours": [1]})
    play(state, R, "g1 c1")
    # the others still finish this roll
    assert state.phase == OTHERS and state.deciders() == (1, 2)
    play(state, (1, "r2 a2 b2"), (2, "heart"))
    assert state.phase == OVER and state.current_player() == TERMINAL and state.is_terminal()
    assert state.rolls == 4
    assert colour_points(state, 0) == {"g": 5, "y": 5}
    assert colour_points(state, 1) == {"r": 5}
    assert state.hearts == [0, 0, 1]
    expect_illegal(state, R, "game is over")
    expect_illegal(state, "pass", "game is over", seat=1)


def test_one_complete_colour_does_not_end_the_game():
    state = new_state(FLOW)
    play(state, R, (0, "r2 a2 b2"), (1, "g2 a1 b1"))
    assert colour_points(state, 0) == {"r": 5}
    assert state.current_player() == CHANCE


def test_two_colours_completed_in_one_roll_end_the_game():
    state = prepare(make(FLOW), {0: {"crossed": "a1 b1"}})
    play(state, roll("g r b", "1 2 5", "bomb"), (0, "bomb c1 c2"), (1, "pass"))
    assert colour_points(state, 0) == {"g": 5, "y": 5}
    assert state.is_terminal() and state.rolls == 1


@pytest.mark.parametrize("players, edition, outcome, words", [
    (2, "so-gut", roll("g y", "1 2 3", "heart"), "expected 3 colour dice, 3 number dice and the special die"),
    (2, "so-gut", roll("g y b", "1 2", "heart"), "expected 3 colour dice"),
    (2, "so-gut", roll("g y b", "1 2 3"), "and the special die"),
    (1, "so-gut", roll("g y b", "1 2 3", "heart"), "expected 2 colour dice, 2 number dice and the special"),
    (1, "so-gut", roll("g y", "1 2"), "expected 2 colour dice"),
    (2, "classic", roll("g y b", "1 2 3", "heart"), "expected 3 colour dice, 3 number dice"),
    (1, "classic", roll("g y", "1 2", "bomb"), "expected 2 colour dice, 2 number dice"),
])
def test_rolls_of_the_wrong_shape_are_refused(players, edition, outcome, words):
    state = new_state(players=players, edition=edition)
    message = expect_illegal(state, outcome, words)
    if edition == "classic":
        assert "special" not in message


@pytest.mark.parametrize("text", [
    "roll g y q / 1 2 3 / heart",     # no such colour face
    "roll g y b / 1 2 6 / heart",     # number dice show 1-5 and ?, never 6
    "roll g y b / 1 2 3 / six",       # no such special face
    "roll g y b / 1 2 3 / heart bomb",
    "roll g y b",
    "g y b / 1 2 3 / heart",
])
def test_roll_notation_errors(text):
    state = new_state()
    expect_illegal(state, text, error=NotationError)


def test_right_rolls_are_accepted_in_every_order_and_a_roll_is_refused_when_no_roll_is_due():
    state = new_state(players=1)
    play(state, "roll x g / ? 3 / stars")
    assert state.to_json()["dice"] == {"colours": ["g", "x"], "numbers": ["3", "?"], "special": "stars"}
    expect_illegal(state, roll("g y", "1 2", "heart"), error=DicehallError)
    classic = new_state(players=2, edition="classic")
    play(classic, roll("o x g", "? 5 1"))
    assert classic.to_json()["dice"] == {"colours": ["g", "o", "x"], "numbers": ["1", "5", "?"],
                                         "special": None}


@pytest.mark.parametrize("players, edition, count", [(2, "so-gut", 56 * 56 * 5), (1, "so-gut", 21 * 21 * 5),
                                                     (3, "classic", 56 * 56), (1, "classic", 21 * 21)])
def test_roll_outcomes_and_their_probabilities(players, edition, count):
    state = new_state(players=players, edition=edition)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == count
    assert sum(p for _, p in outcomes) == 1
    if edition == "so-gut":
        # the special die shows a heart on two of its six faces
        by_face = {}
        for outcome, p in outcomes:
            by_face[outcome.special] = by_face.get(outcome.special, 0) + p
        assert by_face == {"heart": Fraction(1, 3), "bomb": Fraction(1, 6), "stars": Fraction(1, 6),
                           "row": Fraction(1, 6), "block": Fraction(1, 6)}
    else:
        assert all(outcome.special is None for outcome, _ in outcomes)
    # a single colour face: the joker cross on every colour die
    jokers = sum(p for outcome, p in outcomes if set(outcome.colours) == {"x"})
    assert jokers == Fraction(1, 6 ** state.game.dice[0])


def test_an_action_while_a_roll_is_due_is_refused():
    state = new_state()
    expect_illegal(state, "pass", "a roll reads", error=NotationError)
    expect_illegal(state, "y1 h6", error=NotationError)
    play(state, R.replace("g r b", "g y b"), (0, "pass"), (1, "pass"))
    expect_illegal(state, "pass", error=NotationError)
