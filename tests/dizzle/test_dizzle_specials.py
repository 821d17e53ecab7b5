"""Special fields at the end of a draft: bombs, rockets and planets, flags, poop
(dizzle.md "Special fields")."""

from dizzle_helpers import assert_legal, crossed, dice, expect_illegal, new_state, play, scribbled

from dicehall.engine import CHANCE, SIMULTANEOUS

# --- bombs -------------------------------------------------------------------------------
# a1 X  b1 1 (bomb, 4)  c1 2
# a2 3  b2 .            c2 .
BOMB = ["X 1 2", "3 . ."]
BOMBS = {"bombs": [{"at": "b1", "points": 4}]}


def test_bomb_with_one_player_on_it_is_scribbled_by_the_others():
    state = new_state(BOMB, **BOMBS)
    play(state, "roll 1 3 6 6 6 6 6", "1@b1")
    assert_legal(state, ["3@a2"])
    play(state, "3@a2", "pass", "pass")
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "b1"] and scribbled(state, 0) == []
    assert crossed(state, 1) == ["a1", "a2"] and scribbled(state, 1) == ["b1"]
    assert state.scores() == [0, -4]
    # the scribbled field never takes a die
    play(state, "roll 1 1 1 1 1 1 1")
    assert state.current_player() == 1
    assert_legal(state, ["pass", "reroll"])
    expect_illegal(state, "1@b1", "scribbled")


def test_bomb_with_two_players_on_it_is_crossed_by_both():
    state = new_state(BOMB, **BOMBS)
    play(state, "roll 1 1 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass")
    assert crossed(state, 0) == crossed(state, 1) == ["a1", "b1"]
    assert scribbled(state, 0) == scribbled(state, 1) == []
    assert state.scores() == [0, 0]


def test_bomb_with_two_of_three_players_on_it():
    state = new_state(BOMB, players=3, **BOMBS)
    play(state, "roll 1 1 6 6 6 6 6 6 6 6", "1@b1", "1@b1")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass", "pass", "pass")
    assert scribbled(state, 0) == scribbled(state, 1) == []
    assert scribbled(state, 2) == ["b1"]
    assert state.scores() == [0, 0, -4]


def test_bomb_nobody_reaches_changes_nothing():
    state = new_state(BOMB, **BOMBS)
    play(state, "roll 3 3 6 6 6 6 6", "3@a2", "3@a2", "pass", "pass")
    assert scribbled(state, 0) == scribbled(state, 1) == []
    assert state.scores() == [0, 0]


def test_bomb_die_returned_after_a_failed_reroll_does_not_explode():
    state = new_state(BOMB, **BOMBS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "reroll", "roll 6 6 6 6 6 6",
         "return b1")
    assert state.draft == 1
    assert scribbled(state, 1) == [] and crossed(state, 0) == ["a1"]


def test_several_bombs_cost_each_once():
    state = new_state(["X 1 2", "3 . ."],
                      bombs=[{"at": "b1", "points": 4}, {"at": "a2", "points": 1}])
    play(state, "roll 1 3 6 6 6 6 6", "1@b1", "3@a2", "pass", "pass")
    assert scribbled(state, 0) == ["a2"] and scribbled(state, 1) == ["b1"]
    assert state.scores() == [-1, -4]


# --- rockets and planets -------------------------------------------------------------------
# a1 X  b1 1 (rocket)  c1 .  d1 P  e1 4
# a2 3  b2 .           c2 .  d2 P  e2 5
ROCKET = ["X 1 . P 4", "3 . . P 5"]
ROCKETS = {"rockets": [{"at": "b1"}]}


def test_rockets_crossed_by_two_players_are_a_simultaneous_planet_choice():
    state = new_state(ROCKET, **ROCKETS)
    play(state, "roll 1 1 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass")
    assert state.current_player() == SIMULTANEOUS
    assert state.deciders() == (0, 1)
    assert state.draft == 0
    assert_legal(state, ["planet d1", "planet d2"], seat=0)
    assert_legal(state, ["planet d1", "planet d2"], seat=1)
    expect_illegal(state, "planet d1", "say which seat")
    expect_illegal(state, "1@b1", "no die can be placed", seat=0)
    play(state, (0, "planet d1"))
    # seat 0's pick is pending until every seat has chosen
    assert state.deciders() == (1,)
    assert crossed(state, 0) == ["a1", "b1"]
    assert state.view(1)["players"][0]["pick"] == "hidden"
    assert state.view(0)["players"][0]["pick"] == "planet d1"
    assert state.legal_actions(0) == []
    expect_illegal(state, "planet d2", "nothing to decide", seat=0)
    play(state, (1, "planet d2"))
    assert state.current_player() == CHANCE and state.draft == 1
    assert crossed(state, 0) == ["a1", "b1", "d1"]
    assert crossed(state, 1) == ["a1", "b1", "d2"]
    # from this draft on the planet is a crossed field to build from
    play(state, "roll 3 4 5 6 6 6 6")
    assert state.current_player() == 1
    assert_legal(state, ["3@a2", "5@e2"])
    play(state, "5@e2")
    assert_legal(state, ["3@a2", "4@e1"])
    play(state, "4@e1")
    assert dice(state, 0) == ["e1"] and dice(state, 1) == ["e2"]


def test_a_single_rocket_is_one_players_decision():
    state = new_state(ROCKET, **ROCKETS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.deciders() == (0,)
    assert_legal(state, ["planet d1", "planet d2"], seat=0)
    expect_illegal(state, "planet d1", "nothing to decide", seat=1)
    expect_illegal(state, "3@a2", "no die can be placed")
    play(state, "planet d2")
    assert state.draft == 1
    assert crossed(state, 0) == ["a1", "b1", "d2"] and crossed(state, 1) == ["a1"]


def test_a_rocket_die_returned_gives_no_planet():
    state = new_state(ROCKET, **ROCKETS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "reroll", "roll 6 6 6 6 6 6",
         "return b1")
    assert state.current_player() == CHANCE and state.draft == 1
    assert crossed(state, 0) == ["a1"]


def test_two_rockets_in_one_draft_cross_two_planets():
    # a1 X  b1 1 (rocket)  c1 2 (rocket)  d1 .
    # a2 .  b2 .           c2 .           d2 P
    # a3 P  b3 .           c3 .           d3 6
    state = new_state(["X 1 2 .", ". . . P", "P . . 6"],
                      rockets=[{"at": "b1"}, {"at": "c1"}])
    play(state, "roll 1 2 6 6 6 6 6", "1@b1", "pass")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    assert state.deciders() == (0,)
    assert_legal(state, ["planet a3", "planet d2"], seat=0)
    play(state, "planet d2")
    # the second rocket: one more choice among the planets still free
    assert state.deciders() == (0,)
    assert_legal(state, ["planet a3"], seat=0)
    expect_illegal(state, "planet d2", "d2 is crossed")
    expect_illegal(state, "pass", "only a planet")
    play(state, "planet a3")
    assert state.current_player() == CHANCE and state.draft == 1
    assert crossed(state, 0) == ["a1", "a3", "b1", "c1", "d2"]


def test_without_a_free_planet_the_rocket_does_nothing():
    # one planet, two rockets: the second crossed rocket finds no free planet
    state = new_state(["X 1 1 P", "5 . . ."], rockets=[{"at": "b1"}, {"at": "c1"}])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass", "planet d1")
    assert crossed(state, 0) == ["a1", "b1", "d1"]
    play(state, "roll 1 1 6 6 6 6 6")   # draft 1: seat 1 starts
    play(state, "1@b1")
    assert_legal(state, ["1@c1"])
    play(state, "1@c1", "pass", "pass")
    # seat 0 crossed its second rocket; seat 1 its first, so only seat 1 picks
    assert state.deciders() == (1,)
    play(state, "planet d1")
    assert state.current_player() == CHANCE and state.draft == 2
    assert crossed(state, 0) == ["a1", "b1", "c1", "d1"]
    assert crossed(state, 1) == ["a1", "b1", "d1"]


# --- flags ------------------------------------------------------------------------------------
# a1 X  b1 1 (flag)  c1 2
# a2 3  b2 .         c2 .
FLAG = ["X 1 2", "3 . ."]


def flag(track, at="b1", colour="blue"):
    return {"at": at, "colour": colour, "track": track}


def test_flag_reached_alone_scores_the_highest_value_left():
    state = new_state(FLAG, flags=[flag([10, 6, 3, 1])])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.flag_values == [[10], [None]]
    assert state.flag_next == [1]
    assert state.scores() == [10, 0]
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")   # seat 1 starts
    assert state.flag_values == [[10], [6]]
    assert state.scores() == [10, 6]


def test_flag_reached_by_two_players_in_one_draft():
    state = new_state(FLAG, players=3, flags=[flag([10, 6, 3, 1])])
    play(state, "roll 1 1 6 6 6 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass", "pass")
    # both score 10, and 10 and 6 are struck for everyone
    assert state.flag_values == [[10], [10], [None]]
    assert state.flag_next == [2]
    play(state, "roll 1 6 6 6 6 6 6 6 6 6")   # draft 1: seat 1 starts
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass", "1@b1", "pass", "pass")
    assert state.flag_values == [[10], [10], [3]]
    assert state.scores() == [10, 10, 3]


def test_flag_with_fewer_values_left_than_claimants():
    state = new_state(FLAG, players=3, flags=[flag([5, 2])])
    play(state, "roll 1 6 6 6 6 6 6 6 6 6", "1@b1", "pass", "pass", "pass")
    assert state.flag_values == [[5], [None], [None]]
    play(state, "roll 1 1 6 6 6 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass", "pass")
    # one value (2) left for two players: both score it
    assert state.flag_values == [[5], [2], [2]]
    assert state.scores() == [5, 2, 2]


def test_flag_with_no_value_left_scores_zero():
    state = new_state(FLAG, flags=[flag([4])])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.flag_values == [[4], [0]]
    assert state.scores() == [4, 0]


def test_flag_die_returned_claims_nothing():
    state = new_state(FLAG, flags=[flag([10, 6])])
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "reroll", "roll 6 6 6 6 6 6",
         "return b1")
    assert state.flag_values == [[None], [None]] and state.flag_next == [0]
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert state.flag_values == [[None], [10]]


def test_two_flags_are_scored_separately():
    state = new_state(FLAG, flags=[flag([10, 6]), flag([8, 4], at="a2", colour="red")])
    play(state, "roll 1 3 6 6 6 6 6", "1@b1", "3@a2", "pass", "pass")
    assert state.flag_values == [[10, None], [None, 8]]
    play(state, "roll 1 3 6 6 6 6 6", "1@b1", "3@a2", "pass", "pass")
    assert state.flag_values == [[10, 4], [6, 8]]
    assert state.flag_next == [2, 2]
    assert state.scores() == [14, 14]


# --- gems and poop --------------------------------------------------------------------------
def test_gems_score_when_crossed_not_while_a_die_lies_on_them():
    state = new_state(["X 1 2 3"],
                      gems=[{"at": "b1", "points": 2, "colour": "green"},
                            {"at": ["c1"], "points": 5, "colour": "red"}])
    play(state, "roll 1 2 6 6 6 6 6", "1@b1")
    assert state.scores() == [0, 0]
    play(state, "pass", "2@c1")
    assert state.scores() == [7, 0]


POOP = ["X 1 2 3"]
POOPS = {"poops": [{"at": "b1", "points": 3}]}


def test_crossed_poop_costs_its_points():
    state = new_state(POOP, **POOPS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert crossed(state, 0) == ["a1", "b1"]
    assert state.scores() == [-3, 0]


def test_poop_die_returned_costs_nothing():
    state = new_state(POOP, **POOPS)
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "reroll", "roll 6 6 6 6 6 6")
    assert_legal(state, ["return b1"])
    play(state, "return b1")
    assert crossed(state, 0) == ["a1"]
    assert state.scores() == [0, 0]
