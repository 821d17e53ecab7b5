"""Placement (dizzle.md "A draft" 3 and "Placement" 1-4): must-take, adjacency,
enclosure and jumps, locks and keys."""

from dizzle_helpers import assert_legal, crossed, dice, expect_illegal, legal, middle, new_state, play

from dicehall.engine import CHANCE

# a1 X  b1 1  c1 2  d1 3
# a2 4  b2 5  c2 6  d2 1
# a3 2  b3 3  c3 4  d3 5
# a4 6  b4 1  c4 2  d4 3
G4 = ["X 1 2 3", "4 5 6 1", "2 3 4 5", "6 1 2 3"]


def test_first_die_goes_next_to_a_crossed_field_orthogonally():
    state = new_state(G4)
    play(state, "roll 6 5 4 3 2 1 6")
    # b1 (1) and a2 (4) touch the start X; d2 (1) does not, b2 (5) only diagonally.
    assert state.current_player() == 0
    assert_legal(state, ["1@b1", "4@a2"])
    expect_illegal(state, "1@d2", "first die", "next to a crossed field")
    expect_illegal(state, "5@b2", "first die", "next to a crossed field")


def test_the_number_must_match_the_die():
    state = new_state(G4)
    play(state, "roll 2 2 3 3 5 5 6")
    # no 1 and no 4 in the middle: neither neighbour of the X can take a die
    assert_legal(state, ["pass", "reroll"])
    expect_illegal(state, "1@b1", "no 1 in the middle")


def test_must_take_forbids_reroll_and_pass():
    state = new_state(G4)
    play(state, "roll 1 1 1 1 1 1 1")
    assert_legal(state, ["1@b1"])
    expect_illegal(state, "reroll", "must take")
    expect_illegal(state, "pass", "must take")
    play(state, "1@b1")
    assert dice(state, 0) == ["b1"]
    assert state.current_player() == 1


def test_later_dice_go_next_to_any_die_of_this_draft():
    state = new_state(G4)
    play(state, "roll 1 2 3 4 5 5 6", "4@a2", "1@b1")
    # seat 0 has a die on a2: only a2's free neighbours count now, not the X's
    assert_legal(state, ["2@a3", "5@b2"])
    play(state, "2@a3")
    assert_legal(state, ["5@b2"], seat=1)
    play(state, "5@b2")
    # b2 touches only the older die a2, b3 and a4 only the newer a3: all are fine
    assert middle(state) == [3, 5, 6]
    assert_legal(state, ["3@b3", "5@b2", "6@a4"])
    expect_illegal(state, "1@d2", "no 1 in the middle")
    play(state, "5@b2")
    assert dice(state, 0) == ["a2", "a3", "b2"]


def test_a_field_next_to_a_cross_but_not_to_this_drafts_dice_is_refused():
    state = new_state(G4)
    play(state, "roll 1 1 4 6 6 6 6", "4@a2", "1@b1")
    # b1 touches the X but not a2; a2's neighbours b2 (5) and a3 (2) have no die
    assert_legal(state, ["pass", "reroll"])
    expect_illegal(state, "1@b1", "not next to one of your dice")


def test_a_field_holding_ones_own_die_takes_no_second_die():
    state = new_state(["X 1 1"], players=2)
    play(state, "roll 1 1 1 1 1 1 1", "1@b1", "1@b1")
    assert_legal(state, ["1@c1"])
    expect_illegal(state, "1@b1", "already holds your die")


# a1 X  b1 1  c1 X  d1 5
# a2 2  b2 .  c2 6  d2 3
ENCLOSED = ["X 1 X 5", "2 . 6 3"]


def test_enclosed_player_may_jump_next_to_any_crossed_field():
    state = new_state(ENCLOSED)
    play(state, "roll 1 2 3 5 6 6 6", "1@b1")
    assert_legal(state, ["2@a2", "5@d1", "6@c2"], seat=1)
    play(state, "2@a2")
    # b1's neighbours are two crosses and a hole: seat 0 is enclosed and jumps
    assert_legal(state, ["5@d1", "6@c2"])
    play(state, "5@d1")
    assert dice(state, 0) == ["b1", "d1"]
    # seat 1 (dice on a2: enclosed as well) jumps too
    assert_legal(state, ["6@c2"], seat=1)
    play(state, "6@c2")
    # after the jump, d1's neighbour d2 is open: no longer enclosed, so c2 (next
    # to the X c1 only) is refused although a 6 is in the middle
    assert middle(state) == [3, 6, 6]
    assert_legal(state, ["3@d2"])
    message = expect_illegal(state, "6@c2", "not next to one of your dice")
    assert "6@c2" in message


def test_a_free_field_of_another_number_means_not_enclosed():
    # b2 is a free 4 next to b1; no 4 is rolled
    state = new_state(["X 1 X 5", "2 4 6 3"])
    play(state, "roll 1 2 3 5 6 6 6", "1@b1", "2@a2")
    # enclosure is about the sheet, not the dice: no jump although 5 and 6 fit
    # next to the crosses
    assert_legal(state, ["pass", "reroll"])
    expect_illegal(state, "5@d1", "not next to one of your dice")


def test_a_locked_lock_does_not_count_as_open_for_enclosure():
    state = new_state(["X 1 X 5", "2 4 6 3"],
                      locks=[{"at": "b2", "colour": "red"}],
                      keys=[{"at": "d2", "colour": "red"}])
    play(state, "roll 1 2 3 4 5 6 6", "1@b1")
    assert_legal(state, ["2@a2", "5@d1", "6@c2"], seat=1)
    play(state, "2@a2")
    # b1's only free neighbour is the locked lock b2: enclosed, jump allowed
    assert_legal(state, ["5@d1", "6@c2"])
    expect_illegal(state, "4@b2", "lock")


def test_a_scribbled_neighbour_does_not_count_as_open():
    # a1 X  b1 1  c1 2 (bomb)
    # a2 3  b2 .  c2 4
    # a3 5  b3 .  c3 .
    state = new_state(["X 1 2", "3 . 4", "5 . ."], bombs=[{"at": "c1", "points": 1}])
    play(state, "roll 3 6 6 6 6 6 6", "3@a2", "pass", "pass")
    assert crossed(state, 0) == ["a1", "a2"]
    play(state, "roll 1 2 6 6 6 6 6")  # seat 1 starts draft 1
    assert_legal(state, ["1@b1"])
    play(state, "1@b1", "pass", "2@c1")
    # seat 1 crossed the bomb c1 alone: seat 0 scribbles it
    assert state.sheet.names(state.scribbled[0]) == ["c1"]
    assert crossed(state, 1) == ["a1", "b1", "c1"]
    play(state, "roll 1 5 6 6 6 6 6")  # draft 2, seat 0 starts
    assert_legal(state, ["1@b1", "5@a3"])
    play(state, "1@b1", "pass")
    # b1 touches the X a1, the scribbled c1 and the hole b2: enclosed, so the
    # jump to a3 (next to the cross a2) is allowed
    assert_legal(state, ["5@a3"])


# a1 X  b1 1 (red key)  c1 2 (red lock)  d1 2 (blue lock)
# a2 5  b2 .            c2 5             d2 6 (blue key)
KEYS = ["X 1 2 2", "5 . 5 6"]
KEY_SPECIALS = {
    "keys": [{"at": "b1", "colour": "red"}, {"at": "d2", "colour": "blue"}],
    "locks": [{"at": "c1", "colour": "red"}, {"at": "d1", "colour": "blue"}],
}


def test_a_key_opens_its_locks_only_from_the_next_draft_on():
    state = new_state(KEYS, **KEY_SPECIALS)
    play(state, "roll 1 1 2 2 5 5 6", "1@b1", "1@b1")
    # the key b1 holds a die of this draft, which does not open the lock c1;
    # b1 is therefore enclosed (X, lock, hole) and seat 0 jumps to a2
    assert_legal(state, ["5@a2"])
    msg = expect_illegal(state, "2@c1", "lock", "earlier draft")
    assert "c1" in msg
    play(state, "5@a2", "5@a2")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass", "pass")
    assert state.draft == 1 and state.current_player() == CHANCE
    assert crossed(state, 0) == ["a1", "a2", "b1"]
    play(state, "roll 2 2 2 6 6 6 6")
    # draft 1, seat 1 starts: the red key was crossed in draft 0, so c1 is open;
    # the blue lock d1 stays shut (its key d2 is not crossed)
    assert state.current_player() == 1
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    assert legal(state, 1) == ["pass", "reroll"]
    expect_illegal(state, "2@d1", "lock", seat=1)
    assert crossed(state, 1) == ["a1", "a2", "b1"]


def test_one_key_opens_every_lock_of_its_colour():
    # a1 X  b1 1 (red key)  c1 2 (red lock)
    # a2 3  b2 2 (red lock) c2 .
    state = new_state(["X 1 2", "3 2 ."],
                      keys=[{"at": "b1", "colour": "red"}],
                      locks=[{"at": "c1", "colour": "red"}, {"at": "b2", "colour": "red"}])
    play(state, "roll 1 2 2 6 6 6 6", "1@b1")
    assert_legal(state, ["pass", "reroll"], seat=1)
    play(state, "pass")
    # last turn of seat 0: both locks still shut (the key only holds a die)
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    play(state, "roll 2 2 6 6 6 6 6")
    assert state.current_player() == 1
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    assert_legal(state, ["2@b2", "2@c1"])
