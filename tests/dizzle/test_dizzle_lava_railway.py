"""Level 7 (volcano and lava) and level 8 (railway) scenarios
(dizzle.md "Level 7 — volcano and lava", "Level 8 — railway", "Placement",
"End and score")."""

import random
from fractions import Fraction

import pytest
from dizzle_helpers import (
    assert_legal,
    crossed,
    empty_draft,
    expect_illegal,
    legal,
    make,
    new_state,
    play,
    scribbled,
)

from dicehall.engine import CHANCE, SIMULTANEOUS, NotationError, Roll, make_game
from dicehall.games.dizzle.actions import Lava, Track
from dicehall.games.dizzle.scoring import score_parts
from dicehall.games.dizzle.sheet import EAST, NORTH, SOUTH, WEST


def lava(state, seat) -> list[str]:
    return sorted(state.sheet.names(state.lava[seat]))


def phase(state) -> str:
    return state.to_json()["phase"]


def round_trip(state):
    data = state.to_json()
    other = state.game.state_from_json(data)
    assert other.to_json() == data
    assert other.deciders() == state.deciders()
    for seat in state.deciders():
        assert legal(other, seat) == legal(state, seat)
    return other


# === level 7: volcano and lava =====================================================================
# a1 X  b1 1  c1 2  d1 3
# a2 4  b2 V  c2 1  d2 6
# a3 5  b3 6  c3 2  d3 1
VOLCANO = ["X 1 2 3", "4 V 1 6", "5 6 2 1"]


def test_every_draft_starts_with_the_lava_die_six_outcomes_one_sixth_each():
    state = new_state(VOLCANO)
    assert state.current_player() == CHANCE and phase(state) == "lava roll"
    outcomes = state.chance_outcomes()
    assert [(str(roll), p) for roll, p in outcomes] == [
        (f"lava {value}", Fraction(1, 6)) for value in range(1, 7)]
    assert state.sample_chance(random.Random(7)).kind == "lava"
    expect_illegal(state, "roll 1 1 1 1 1 1 1", "expected 'lava' with 1 dice")
    expect_illegal(state, "lava 1 2", "expected 'lava' with 1 dice")
    with pytest.raises(NotationError):
        state.apply("lava 7")
    play(state, "lava 3")
    # after the lava die the start player rolls the main dice
    assert state.current_player() == CHANCE and phase(state) == "roll"
    assert state.lava_die == 3
    assert str(state.chance_outcomes()[0][0]) == "roll 1 1 1 1 1 1 1"
    empty_draft(state)
    # the next draft starts with the lava die again
    assert state.draft == 1 and phase(state) == "lava roll"
    assert state.chance_outcomes()[0][0] == Roll("lava", (1,))


def test_sheets_without_a_volcano_roll_no_lava_die():
    state = new_state(["X 1 2", "3 4 5"])
    assert phase(state) == "roll"
    expect_illegal(state, "lava 1", "expected 'roll' with 7 dice")


@pytest.mark.parametrize("value, options", [
    (1, ["lava b1", "lava c2"]),
    (4, ["lava a2"]),
    (6, ["lava b3"]),
])
def test_lava_options_are_the_free_fields_of_that_number_next_to_the_volcano(value, options):
    state = new_state(VOLCANO)
    play(state, f"lava {value}")
    assert state.current_player() == SIMULTANEOUS and phase(state) == "lava"
    assert state.deciders() == (0, 1)
    assert_legal(state, options, seat=0)
    assert_legal(state, options, seat=1)


@pytest.mark.parametrize("value", [2, 3, 5])
def test_no_matching_field_next_to_the_volcano_nothing_happens(value):
    # 2s (c1, c3), the 3 (d1) and the 5 (a3) exist, but none touches the volcano
    state = new_state(VOLCANO)
    play(state, f"lava {value}")
    assert state.current_player() == CHANCE and phase(state) == "roll"
    assert state.deciders() == ()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    assert state.lava == [0, 0]
    play(state, "roll 1 1 4 6 6 6 6")
    assert state.current_player() == 0
    assert_legal(state, ["1@b1", "4@a2"])


def test_players_choose_their_lava_field_independently_and_hidden():
    state = new_state(VOLCANO)
    play(state, "lava 1")
    expect_illegal(state, "lava b1", "say which seat")
    expect_illegal(state, "lava d3", "d3", seat=0)      # a 1, but not next to the volcano
    expect_illegal(state, "lava a2", "a2", seat=0)      # next to the volcano, but a 4
    expect_illegal(state, "1@b1", "no die can be placed", seat=0)
    play(state, (0, "lava b1"))
    assert state.deciders() == (1,)
    assert state.legal_actions(0) == []
    expect_illegal(state, "lava c2", "nothing to decide", seat=0)
    # seat 0's choice is hidden from seat 1 (and spectators) and not yet applied
    assert state.view(0)["players"][0]["pick"] == "lava b1"
    assert state.view(1)["players"][0]["pick"] == "hidden"
    assert state.view(None)["players"][0]["pick"] == "hidden"
    assert state.view(1)["players"][0]["lava"] == []
    assert "lava b1" not in str(state.view(1)["players"])
    assert state.view(1)["legal"] == ["lava b1", "lava c2"]
    other = round_trip(state)
    play(state, (1, "lava c2"))
    play(other, (1, "lava c2"))
    assert other.to_json() == state.to_json()
    assert state.current_player() == CHANCE and phase(state) == "roll"
    assert lava(state, 0) == ["b1"] and lava(state, 1) == ["c2"]
    assert state.view(1)["players"][0]["lava"] == ["b1"]
    assert state.view(1)["players"][0]["pick"] is None
    # lava is not crossed
    assert crossed(state, 0) == crossed(state, 1) == ["a1"]


def test_both_players_may_choose_the_same_field():
    state = new_state(VOLCANO)
    play(state, "lava 1", (1, "lava c2"), (0, "lava c2"))
    assert lava(state, 0) == lava(state, 1) == ["c2"]


def test_lava_spreads_from_each_players_own_lava_fields():
    state = new_state(VOLCANO)
    play(state, "lava 1", (0, "lava b1"), (1, "lava c2"))
    empty_draft(state)
    assert state.draft == 1
    later = state.clone()
    # a 2 next to earlier lava: c1 touches seat 0's b1; c1 and c3 touch seat 1's c2
    play(state, "lava 2")
    assert state.deciders() == (0, 1)
    assert_legal(state, ["lava c1"], seat=0)
    assert_legal(state, ["lava c1", "lava c3"], seat=1)
    # a 6: b3 touches the volcano; d2 touches seat 1's lava only
    play(later, "lava 6")
    assert_legal(later, ["lava b3"], seat=0)
    assert_legal(later, ["lava b3", "lava d2"], seat=1)


def test_lava_spreads_step_by_step_over_drafts():
    state = new_state(VOLCANO)
    play(state, "lava 5")                 # a3 does not touch the volcano yet
    assert phase(state) == "roll"
    empty_draft(state)
    play(state, "lava 6")
    assert_legal(state, ["lava b3"], seat=0)
    play(state, (0, "lava b3"), (1, "lava b3"))
    empty_draft(state)
    play(state, "lava 5")                 # now a3 touches the lava on b3
    assert_legal(state, ["lava a3"], seat=0)
    assert_legal(state, ["lava a3"], seat=1)
    play(state, (1, "lava a3"), (0, "lava a3"))
    assert lava(state, 0) == lava(state, 1) == ["a3", "b3"]


# a1 V  b1 3  c1 3
# a2 X  b2 1  c2 .
BLOCK = ["V 3 3", "X 1 ."]


def test_a_crossed_field_is_never_lava_and_lava_does_not_flow_through_it():
    state = new_state(BLOCK)
    play(state, "lava 5", "roll 1 3 6 6 6 6 6", "1@b2")
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    assert_legal(state, ["3@b1"])          # seat 0's last turn
    play(state, "3@b1")
    assert crossed(state, 0) == ["a2", "b1", "b2"]
    assert state.draft == 1
    # seat 0 crossed b1: no lava there, and none on c1 behind it
    play(state, "lava 3")
    assert state.current_player() == SIMULTANEOUS
    assert state.deciders() == (1,)
    assert state.legal_actions(0) == []
    assert_legal(state, ["lava b1"], seat=1)
    expect_illegal(state, "lava b1", "nothing to decide", seat=0)
    play(state, "lava b1")
    assert lava(state, 0) == [] and lava(state, 1) == ["b1"]
    empty_draft(state)
    play(state, "lava 3")
    assert state.deciders() == (1,)
    assert_legal(state, ["lava c1"], seat=1)
    play(state, "lava c1")
    assert lava(state, 0) == [] and lava(state, 1) == ["b1", "c1"]


def test_with_nobody_able_the_draft_goes_straight_to_the_main_roll():
    state = new_state(BLOCK)
    play(state, "lava 1")                 # b2 is a 1 but touches no volcano
    assert state.current_player() == CHANCE and phase(state) == "roll"


def test_a_lava_field_never_takes_a_die():
    state = new_state(VOLCANO)
    play(state, "lava 1", (0, "lava b1"), (1, "lava c2"), "roll 1 1 4 6 6 6 6")
    assert state.current_player() == 0
    assert_legal(state, ["4@a2"])
    expect_illegal(state, "1@b1", "b1")
    play(state, "4@a2")
    assert_legal(state, ["1@b1"])          # seat 1 has no lava on b1


def test_placing_on_a_lava_field_is_explained_as_lava():
    state = new_state(VOLCANO)
    play(state, "lava 1", (0, "lava b1"), (1, "lava c2"), "roll 1 1 4 6 6 6 6")
    expect_illegal(state, "1@b1", "lava")


# a1 1  b1 V  c1 1  d1 6
# a2 .  b2 X  c2 3  d2 .
# a3 5  b3 X  c3 .  d3 .
ENCLOSE = ["1 V 1 6", ". X 3 .", "5 X . ."]


def enclosed_by_lava():
    state = new_state(ENCLOSE)
    play(state, "lava 1")
    assert_legal(state, ["lava a1", "lava c1"], seat=0)
    play(state, (0, "lava c1"), (1, "lava a1"), "roll 3 3 5 5 6 6 6")
    assert_legal(state, ["3@c2", "5@a3"])
    play(state, "3@c2", "3@c2")
    return state


def test_lava_does_not_count_as_open_for_enclosure():
    state = enclosed_by_lava()
    # seat 0: c2 touches lava, a start cross and holes only -> enclosed, may jump
    assert state.current_player() == 0
    assert_legal(state, ["5@a3"])
    play(state, "5@a3")
    # seat 1: c1 is free there (a 1, no 1 in the middle): not enclosed, no jump
    assert_legal(state, ["pass", "reroll"])
    expect_illegal(state, "5@a3", "a3")


def test_a_player_enclosed_by_lava_is_told_about_the_jump():
    state = enclosed_by_lava()
    expect_illegal(state, "6@d1", "enclosed")


# a1 X  b1 1  c1 2 (gem 3; arrow a1-c1 5)  d1 V  e1 2
GEM_SHEET = {"gems": [{"at": "c1", "points": 3, "colour": "red"}],
             "arrows": [{"from": "a1", "to": "c1", "points": 5}]}


def test_lava_blocks_a_gem_and_an_arrow_for_good():
    state = new_state(["X 1 2 V 2"], **GEM_SHEET)
    play(state, "lava 2")
    assert_legal(state, ["lava c1", "lava e1"], seat=0)
    play(state, (0, "lava c1"), (1, "lava e1"), "roll 1 1 2 2 6 6 6", "1@b1", "1@b1")
    # seat 0: c1 is lava, b1 is enclosed and nothing fits next to a crossed field
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass", "2@c1")
    # seat 1 has no free numbered field left (e1 is lava): the game ends
    assert state.is_terminal() and state.draft == 1
    assert crossed(state, 0) == ["a1", "b1"] and lava(state, 0) == ["c1"]
    assert crossed(state, 1) == ["a1", "b1", "c1"] and lava(state, 1) == ["e1"]
    assert state.scores() == [0, 8]
    parts = score_parts(state.sheet, state.crossed[0], 0, [], False, {})
    assert parts["gems"] == parts["arrows"] == 0


@pytest.mark.parametrize("lava_die, over", [(2, True), (3, False)])
def test_early_end_counts_lava_as_used(lava_die, over):
    # a1 X  b1 1  c1 V  d1 2
    state = new_state(["X 1 V 2"])
    play(state, f"lava {lava_die}")
    if lava_die == 2:
        assert_legal(state, ["lava d1"], seat=0)
        play(state, (0, "lava d1"), (1, "lava d1"))
    play(state, "roll 1 1 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass")
    assert state.draft == 1
    assert state.is_terminal() is over
    if not over:                           # d1 is still free: the game goes on
        assert phase(state) == "lava roll"


def test_early_end_when_lava_takes_the_last_free_field_at_the_start_of_a_draft():
    # a1 X  b1 1  c1 V  d1 2: b1 crossed in draft 0, d1 becomes lava in draft 1
    state = new_state(["X 1 V 2"])
    play(state, "lava 3", "roll 1 1 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass")
    assert not state.is_terminal()
    play(state, "lava 2", (0, "lava d1"), (1, "lava d1"))
    empty_draft(state)
    assert state.is_terminal() and state.draft == 2


def test_a_bomb_does_not_scribble_a_lava_field():
    # a1 X  b1 1 (bomb 4)  c1 V  d1 1
    state = new_state(["X 1 V 1"], bombs=[{"at": "b1", "points": 4}])
    play(state, "lava 1")
    assert_legal(state, ["lava b1", "lava d1"], seat=0)
    play(state, (0, "lava d1"), (1, "lava b1"), "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    # seat 1's b1 is lava, not free: the bomb leaves it alone (play() checks the state)
    assert crossed(state, 0) == ["a1", "b1"]
    assert lava(state, 1) == ["b1"] and scribbled(state, 1) == []
    assert state.scores() == [0, 0]


def test_timeout_during_the_lava_choice_takes_the_first_legal_field():
    state = new_state(VOLCANO)
    play(state, "lava 1")
    assert str(state.apply_timeout(1)) == "lava b1"
    assert state.deciders() == (0,)
    assert state.apply_timeout(0) == Lava("b1")
    assert lava(state, 0) == lava(state, 1) == ["b1"]
    assert phase(state) == "roll"


def test_lava_outside_the_lava_choice_is_illegal():
    state = new_state(VOLCANO)
    play(state, "lava 3", "roll 1 1 4 6 6 6 6")
    expect_illegal(state, "lava b1", "no lava or track is being chosen")


# === level 8: railway ==============================================================================
def rail(tracks=(("a1", "es"),), **specials):
    """The railway keys of a sheet: printed track pieces (a1 "es" by default)."""
    return {"railway": True, "tracks": [{"at": at, "piece": piece} for at, piece in tracks],
            **specials}


PIECE_BITS = {"ns": NORTH | SOUTH, "ew": EAST | WEST, "ne": NORTH | EAST,
              "es": EAST | SOUTH, "sw": SOUTH | WEST, "wn": WEST | NORTH}
SIX = ["X 1 2", "3 4 5"]


def one_track_due():
    """Seat 0 placed a die on b1 in draft 0; its track is due."""
    state = new_state(SIX, **rail())
    assert phase(state) == "roll"                # no volcano: no lava die
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    return state


@pytest.mark.parametrize("piece", list(PIECE_BITS))
def test_each_of_the_six_pieces(piece):
    state = one_track_due()
    assert state.current_player() == SIMULTANEOUS and phase(state) == "track"
    assert state.draft == 0
    assert state.deciders() == (0,)
    assert crossed(state, 0) == ["a1", "b1"]     # crossed already, piece still due
    assert state.sheet.names(state.track_due[0]) == ["b1"]
    assert_legal(state, [f"track b1 {p}" for p in ("ns", "ew", "ne", "es", "sw", "wn")],
                 seat=0)
    assert state.legal_actions(1) == []
    play(state, f"track b1 {piece}")
    assert state.tracks == [{1: PIECE_BITS[piece]}, {}]
    assert state.track_due == [0, 0]
    assert state.current_player() == CHANCE and state.draft == 1


def test_track_choices_refuse_other_fields_and_other_actions():
    state = one_track_due()
    expect_illegal(state, "track b2 ns", "first field", seat=0)
    expect_illegal(state, "1@b1", "no die can be placed", seat=0)
    expect_illegal(state, "track b1 ns", "nothing to decide", seat=1)
    with pytest.raises(NotationError):
        state.apply("track b1 nx", 0)


def test_timeout_during_the_track_choice_takes_the_first_piece():
    state = one_track_due()
    assert state.apply_timeout(0) == Track("b1", "ns")
    assert state.tracks[0] == {1: NORTH | SOUTH}


# a1 X(es)  b1 1  c1 5
# a2 2      b2 3  c2 4
LOOP = ["X 1 5", "2 3 4"]


def test_a_loop_closed_by_printed_track_and_an_open_one_with_a_loose_end_at_the_edge():
    state = new_state(LOOP, **rail(stations=[{"at": "b2", "points": 5}]))
    play(state, "roll 1 1 2 2 3 3 6", "1@b1", "1@b1", "3@b2", "3@b2", "2@a2", "2@a2",
         "pass", "pass")
    assert phase(state) == "track" and state.deciders() == (0, 1)
    assert state.sheet.names(state.track_due[0]) == ["b1", "a2", "b2"]

    def pieces_on(field):
        return [f"track {field} {p}" for p in PIECE_BITS]

    # one pending field at a time, in field order: b1, then a2, then b2
    assert_legal(state, pieces_on("b1"), seat=0)
    assert_legal(state, pieces_on("b1"), seat=1)
    play(state, (0, "track b1 sw"))
    assert state.view(1)["players"][0]["pick"] == "hidden"
    assert state.view(0)["players"][0]["pick"] == "track b1 sw"
    assert state.tracks[0] == {}
    round_trip(state)
    play(state, (1, "track b1 wn"))            # points north, off the sheet
    assert state.deciders() == (0, 1)
    assert state.tracks == [{1: SOUTH | WEST}, {1: WEST | NORTH}]
    assert_legal(state, pieces_on("a2"), seat=0)
    assert_legal(state, pieces_on("a2"), seat=1)
    play(state, (0, "track a2 ne"), (1, "track a2 ne"))
    assert_legal(state, pieces_on("b2"), seat=0)
    assert_legal(state, pieces_on("b2"), seat=1)
    play(state, (1, "track b2 wn"), (0, "track b2 wn"))
    assert state.current_player() == CHANCE and state.draft == 1
    # seat 0: a1-b1-b2-a2 is a closed loop, its longest: 4 x 3, plus the station
    # seat 1: the same four fields with a loose end at the top edge: 4 x 1, no station
    assert state.scores() == [17, 4]
    for seat, railway in ((0, 17), (1, 4)):
        parts = score_parts(state.sheet, state.crossed[seat], 0, [], False, state.tracks[seat])
        assert parts["railway"] == railway


# scoring sheet, printed a1 "es":
# a1 X  b1 1  c1 .  d1 1  e1 2  f1 3
# a2 2  b2 3  c2 .  d2 4  e2 5  f2 6
# a3 4  b3 5  c3 .  d3 6  e3 1  f3 2
BOARD = ["X 1 . 1 2 3", "2 3 . 4 5 6", "4 5 . 6 1 2"]
LOOP_A = {"b1": "sw", "a2": "ne", "b2": "wn"}                       # with a1: 4 fields
LOOP_B = {"d1": "es", "e1": "ew", "f1": "sw", "d2": "ne", "e2": "ew", "f2": "wn"}
LOOP_C = {"d1": "es", "e1": "sw", "d2": "ne", "e2": "wn"}


def railway_score(pieces, **specials):
    sheet = make(BOARD, **rail(**specials)).sheet
    tracks = {sheet.field_index(at): PIECE_BITS[piece] for at, piece in pieces.items()}
    mask = sheet.start | sum(1 << index for index in tracks)
    return score_parts(sheet, mask, 0, [], False, tracks)["railway"]


@pytest.mark.parametrize("pieces, points", [
    ({}, 1),                                              # the printed piece alone: open
    (LOOP_A, 4 * 3),                                      # the only closed one is the longest
    ({**LOOP_A, "b1": "wn"}, 4 * 1),                      # loose end at the top edge
    ({**LOOP_A, "b1": "ew"}, 2 + 1 + 1),                  # b1 points at the hole c1
    ({**LOOP_A, "b2": "ew"}, 4 * 1),                      # b2 points at a non-track field
    ({**LOOP_A, "d1": "ew"}, 4 * 3 + 1),                  # a closed and an open network
    ({**LOOP_A, **LOOP_B}, 6 * 3 + 4 * 2),                # the shorter closed one gets 2
    ({**LOOP_A, **LOOP_C}, 4 * 3 + 4 * 2),                # equally long: only one gets 3
    ({**LOOP_A, **LOOP_B, "f2": "ns"}, 4 * 3 + 6 * 1),    # B open: A is now the longest
])
def test_railway_network_points(pieces, points):
    assert railway_score(pieces) == points


@pytest.mark.parametrize("pieces, points", [
    (LOOP_A, 4 * 3 + 5 + 2),                  # stations on b2 and on the printed a1
    ({**LOOP_A, "b1": "wn"}, 4 * 1),          # the same stations in an open network
    ({**LOOP_A, **LOOP_B}, 6 * 3 + 4 * 2 + 5 + 2),   # a closed, not longest, network
    ({}, 1),                                  # no network on b2
])
def test_stations_score_only_in_a_closed_network(pieces, points):
    stations = [{"at": "b2", "points": 5}, {"at": "a1", "points": 2}]
    assert railway_score(pieces, stations=stations) == points


def test_sheets_without_railway_score_no_railway_points():
    sheet = make(["X 1 2"]).sheet
    assert score_parts(sheet, sheet.start | 2, 0, [], False, {1: EAST | WEST})["railway"] == 0


# a1 X(ew)  b1 1  c1 2 (c1 only touches b1)
# a2 3      b2 .  c2 .
JUMP = ["X 1 2", "3 . ."]


def test_a_track_field_anchors_the_next_drafts_first_die():
    state = new_state(JUMP, **rail(tracks=[("a1", "ew")]))
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass", "track b1 ew")
    assert state.draft == 1 and state.current_player() == CHANCE
    play(state, "roll 2 6 6 6 6 6 6")           # seat 1 starts
    assert state.current_player() == 1
    assert_legal(state, ["pass", "reroll"])    # c1 touches nothing crossed on seat 1's sheet
    play(state, "pass")
    assert_legal(state, ["2@c1"])              # c1 touches seat 0's track on b1
    play(state, "2@c1")
    assert phase(state) == "track" and state.deciders() == (0,)


def test_an_enclosed_player_jumps_next_to_a_track_field():
    state = new_state(JUMP, **rail(tracks=[("a1", "ew")]))
    play(state, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass", "track b1 ew")
    play(state, "roll 2 3 3 6 6 6 6")
    assert_legal(state, ["3@a2"])
    play(state, "3@a2")
    assert_legal(state, ["2@c1", "3@a2"])
    play(state, "3@a2")
    # seat 1 is enclosed on a2 but has no track on b1: nowhere to jump with a 2
    assert_legal(state, ["pass", "reroll"])
    play(state, "pass")
    # seat 0 is enclosed on a2 and jumps next to its track on b1
    assert_legal(state, ["2@c1"])
    play(state, "2@c1")
    assert state.deciders() == (0, 1)
    assert_legal(state, [f"track c1 {p}" for p in PIECE_BITS], seat=0)
    assert_legal(state, [f"track a2 {p}" for p in PIECE_BITS], seat=1)


def test_the_tie_break_counts_track_fields_as_crossed():
    specials = rail(tracks=[("a1", "ew")], gems=[{"at": "a2", "points": 1,
                                                         "colour": "blue"}])
    state = new_state(JUMP, **specials)
    play(state, "roll 1 2 3 6 6 6 6", "1@b1", "3@a2", "2@c1", "pass", "pass")
    play(state, (0, "track b1 ew"), (1, "track a2 ns"))
    assert state.deciders() == (0,)
    play(state, "track c1 ew")
    # seat 0: a1-b1-c1 open (3); seat 1: a1 and a2 open (1 + 1) and the gem (1)
    assert state.scores() == [3, 3]
    assert crossed(state, 0) == ["a1", "b1", "c1"] and crossed(state, 1) == ["a1", "a2"]
    assert state.tie_break(0) > state.tie_break(1)
    while not state.is_terminal():
        empty_draft(state)
    assert state.draft == 12
    assert state.scores() == [3, 3]
    assert state.winners() == [1] and state.places() == [2, 1]


# === notation ======================================================================================
def volcano_game():
    return make(VOLCANO)


def railway_game():
    return make(LOOP, **rail())


@pytest.mark.parametrize("game, extra", [
    (volcano_game(), 1), (railway_game(), 6),
    (make_game("dizzle", players=2, level=7), 1), (make_game("dizzle", players=2, level=8), 6),
], ids=["volcano", "railway", "level7", "level8"])
def test_every_action_id_round_trips_through_its_notation(game, extra):
    seen = set()
    for action_id in range(game.num_distinct_actions):
        try:
            action = game.action_from_id(action_id)
        except NotationError:
            continue
        text = str(action)
        assert game.parse_action(text) == action
        assert game.to_action_id(text) == game.action_id(action) == action_id
        seen.add(text)
    numbered = game.sheet.numbered.bit_count()
    assert len(seen) == (2 + extra) * numbered + 3


def test_the_shipped_level_7_rolls_lava_and_level_8_lays_track():
    level7 = make_game("dizzle", players=2, level=7)
    assert level7.sheet.volcanoes and not level7.sheet.railway
    assert phase(level7.new_initial_state()) == "lava roll"
    level8 = make_game("dizzle", players=2, level=8)
    assert level8.sheet.railway and not level8.sheet.volcanoes
    assert phase(level8.new_initial_state()) == "roll"


def test_lava_and_track_notation():
    volcano = make(VOLCANO)
    assert volcano.parse_action("lava c3") == Lava("c3")
    assert volcano.parse_action(" LAVA C3 ") == Lava("c3")
    assert str(Lava("c3")) == "lava c3"
    assert volcano.action_from_id(volcano.to_action_id("lava c3")) == Lava("c3")
    railway = make(["X 1 2", "3 4 5", "6 1 2"], **rail())
    for piece in PIECE_BITS:
        text = f"track c3 {piece}"
        assert railway.parse_action(text) == Track("c3", piece)
        assert str(Track("c3", piece)) == text
        assert railway.action_from_id(railway.to_action_id(text)) == Track("c3", piece)
    assert railway.parse_action("TRACK C3 NS") == Track("c3", "ns")


@pytest.mark.parametrize("sheet, text, words", [
    ("level1", "lava c3", ["not possible on this sheet"]),
    ("level1", "track c3 ns", ["not possible on this sheet"]),
    ("volcano", "track c3 ns", ["not possible on this sheet"]),
    ("railway", "lava b2", ["not possible on this sheet"]),
    ("volcano", "lava b2", ["b2"]),            # the volcano itself
    ("volcano", "lava a1", ["a1"]),            # a start cross
    ("railway", "track a1 ns", ["a1"]),        # the printed track's start cross
    ("railway", "track b1 nx", ["not a track piece"]),
    ("railway", "track b1", ["not a Dizzle action"]),
])
def test_lava_and_track_actions_are_refused_where_they_do_not_exist(sheet, text, words):
    game = {"level1": lambda: make_game("dizzle", players=2, level=1),
            "volcano": volcano_game, "railway": railway_game}[sheet]()
    with pytest.raises(NotationError) as info:
        game.parse_action(text)
    for word in words:
        assert word in str(info.value)


def test_lava_and_track_are_refused_in_a_plain_game():
    state = make_game("dizzle", players=2, level=1).new_initial_state()
    state.apply(Roll("roll", (1, 2, 3, 4, 5, 6, 6)))
    before = state.to_json()
    for text in ("lava c3", "track c3 ns"):
        with pytest.raises(NotationError):
            state.apply(text)
    assert state.to_json() == before


def test_track_outside_the_track_choice_is_illegal():
    state = new_state(SIX, **rail())
    play(state, "roll 1 6 6 6 6 6 6")
    expect_illegal(state, "track b1 ns", "no lava or track is being chosen")
