"""Action notation, action ids, illegal actions and chance outcomes."""

import pytest
from dizzle_helpers import assert_legal, expect_illegal, make, new_state, play

from dicehall.engine import CHANCE, NotationError, Timeout, make_game
from dicehall.games.dizzle import Pass, Place, Planet, Reroll, Return

ROCKET = ["X 1 . P 4", "3 . . P 5"]


def games():
    yield from (make_game("dizzle", players=2, level=level) for level in (1, 2, 3, 4))
    yield make(ROCKET, 2, rockets=[{"at": "b1"}])
    yield make(["X 1 2", "3 4 5", "6 1 2"], 1)


@pytest.mark.parametrize("game", list(games()), ids=lambda g: g.sheet.name)
def test_every_action_id_round_trips_through_its_notation(game):
    seen = set()
    kinds = set()
    for action_id in range(game.num_distinct_actions):
        try:
            action = game.action_from_id(action_id)
        except NotationError:
            continue   # ids of holes, start crosses and non-planets carry no action
        text = str(action)
        assert game.parse_action(text) == action
        assert game.action_id(action) == action_id
        assert game.to_action_id(text) == action_id
        assert game.to_action_id(action) == action_id
        assert text not in seen
        seen.add(text)
        kinds.add(type(action))
    sheet = game.sheet
    numbered = sum(1 for i in range(sheet.size) if sheet.number(i))
    planets = sheet.planets.bit_count()
    assert len(seen) == 2 * numbered + planets + 3   # + reroll, pass, timeout
    assert {Place, Return, Reroll, Pass, Timeout} <= kinds
    assert (Planet in kinds) == bool(planets)


def test_notation_forms():
    game = make(ROCKET, 2, rockets=[{"at": "b1"}])
    assert game.parse_action("1@b1") == Place("b1", 1)
    assert game.parse_action("b1") == Place("b1", 1)     # the value may be left out
    assert game.parse_action(" 5@E2 ") == Place("e2", 5)
    assert game.parse_action("RETURN a2") == Return("a2")
    assert game.parse_action("planet d2") == Planet("d2")
    assert game.parse_action("reroll") == Reroll()
    assert game.parse_action("pass") == Pass()
    assert str(Place("c3", 4)) == "4@c3"
    assert str(Return("c3")) == "return c3"
    assert str(Planet("h1")) == "planet h1"


@pytest.mark.parametrize("text, words", [
    ("2@b1", ["b1", "1"]),          # b1 carries a 1
    ("7@b1", ["1-6"]),
    ("1@a1", ["a1"]),               # a start cross
    ("d1", ["d1"]),                 # a planet takes no die
    ("1@c1", ["c1"]),               # a hole
    ("1@z9", ["z9"]),
    ("return a1", ["a1"]),
    ("planet b1", ["b1", "not a planet"]),
    ("fly b1", ["not a Dizzle action"]),
    ("", ["not a Dizzle action"]),
])
def test_bad_notation_is_a_notation_error(text, words):
    game = make(ROCKET, 2, rockets=[{"at": "b1"}])
    with pytest.raises(NotationError) as info:
        game.parse_action(text)
    for word in words:
        assert word in str(info.value)


def test_ids_without_an_action_and_out_of_range_ids_are_refused():
    game = make(ROCKET, 2, rockets=[{"at": "b1"}])
    with pytest.raises(NotationError):
        game.action_from_id(0)                      # a1, the start cross
    with pytest.raises(NotationError):
        game.action_from_id(game.num_distinct_actions)
    with pytest.raises(NotationError):
        game.to_action_id(-1)
    with pytest.raises(NotationError):
        game.to_action_id(True)


# --- illegal actions leave the state unchanged ------------------------------------------------
G4 = ["X 1 2 3", "4 5 6 1", "2 3 4 5", "6 1 2 3"]


def test_illegal_actions_name_the_problem_and_change_nothing():
    state = new_state(G4)
    # the main roll is due: "1@b1" is read as a (wrong) chance outcome
    expect_illegal(state, "1@b1", "expected 'roll' with 7 dice")
    play(state, "roll 1 1 2 4 4 6 6")
    expect_illegal(state, "1@b1", "seat 0's turn", seat=1)
    expect_illegal(state, "2@c1", "first die", "c1")
    expect_illegal(state, "5@b2", "no 5 in the middle")
    expect_illegal(state, "return b1", "returned only after a reroll")
    expect_illegal(state, "reroll", "must take")
    expect_illegal(state, "pass", "must take")
    with pytest.raises(NotationError):
        state.apply("4@b1")
    play(state, "1@b1", "1@b1")
    expect_illegal(state, "1@b1", "no 1 in the middle")
    expect_illegal(state, "4@a2", "not next to one of your dice")


def test_planet_outside_the_planet_phase_is_illegal():
    state = new_state(ROCKET, rockets=[{"at": "b1"}])
    play(state, "roll 1 1 3 3 3 3 3")
    expect_illegal(state, "planet d1", "no rocket is being resolved")


def test_actions_after_the_end_are_refused():
    state = new_state(["X 1"])
    play(state, "roll 1 1 6 6 6 6 6", "1@b1", "1@b1", "pass", "pass")
    assert state.is_terminal()
    expect_illegal(state, "pass", "game is over")
    expect_illegal(state, "roll 1 1 1 1 1 1 1", "game is over")
    assert state.legal_actions(0) == state.legal_actions() == []
    assert state.legal_action_ids(0) == []
    assert not any(state.action_mask(0))


@pytest.mark.parametrize("outcome, words", [
    ("roll 1 2 3", ["7 dice"]),
    ("roll 1 2 3 4 5 6 6 6", ["7 dice"]),
    ("solo 1 2", ["expected 'roll'"]),
])
def test_chance_outcomes_with_the_wrong_dice_are_refused(outcome, words):
    state = new_state(G4)
    expect_illegal(state, outcome, *words)
    assert state.current_player() == CHANCE


def test_chance_faces_must_be_dice_faces():
    state = new_state(G4)
    before = state.to_json()
    for text in ("roll 1 2 3 4 5 6 7", "roll 0 1 1 1 1 1 1", "roll a b c d e f g"):
        with pytest.raises(NotationError):
            state.apply(text)
    assert state.to_json() == before


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_chance_text_is_a_notation_error(text):
    state = new_state(G4)
    before = state.to_json()
    with pytest.raises(NotationError):
        state.apply(text)
    assert state.to_json() == before


def test_only_the_deciding_seat_has_legal_actions():
    state = new_state(G4)
    assert state.legal_action_ids(0) == state.legal_action_ids(1) == []
    assert state.legal_actions(0) == state.legal_actions() == []
    play(state, "roll 1 1 2 4 4 6 6")
    assert state.legal_action_ids(1) == []
    assert state.legal_actions(1) == []
    expect_illegal(state, "4@a2", "seat 0's turn", seat=1)
    assert sorted(map(str, state.legal_actions())) == ["1@b1", "4@a2"]


def test_clones_are_independent():
    state = new_state(G4)
    play(state, "roll 1 1 2 4 4 6 6")
    copy = state.clone()
    before = copy.to_json()
    play(state, "1@b1", "4@a2", "2@c1")
    assert copy.to_json() == before
    play(copy, "4@a2")
    assert copy.sheet.names(copy.dice[0]) == ["a2"]
    assert state.sheet.names(state.dice[0]) == ["b1", "c1"]


def test_no_chance_outcome_while_a_player_decides():
    state = new_state(G4)
    play(state, "roll 1 1 2 4 4 6 6")
    with pytest.raises(NotationError):
        state.apply("roll 1 1 2 4 4 6 6")
    assert state.chance_error(state.game.parse_chance("roll 1 1 1 1 1 1 1")) is not None


# --- serialisation ---------------------------------------------------------------------------------
def round_trip(state):
    data = state.to_json()
    other = state.game.state_from_json(data)
    assert other.to_json() == data
    assert other.current_player() == state.current_player()
    assert other.deciders() == state.deciders()
    for seat in state.deciders():
        assert sorted(map(str, other.legal_actions(seat))) == \
            sorted(map(str, state.legal_actions(seat)))
    assert other.scores() == state.scores()
    return other


def test_states_survive_json_in_every_phase():
    state = new_state(ROCKET, rockets=[{"at": "b1"}], flags=[
        {"at": "a2", "colour": "red", "track": [5, 2]}])
    round_trip(state)
    play(state, "roll 1 1 3 6 6 6 6")
    round_trip(state)
    play(state, "1@b1", "1@b1")
    play(state, "3@a2", "reroll")
    round_trip(state)                          # reroll chance
    play(state, "roll 6 6 6 6")
    assert_legal(state, ["return b1"])
    round_trip(state)                          # rerolled, return due
    play(state, "return b1", "pass")
    assert_legal(state, ["1@b1"])             # seat 1's last turn
    play(state, "1@b1")
    assert state.deciders() == (0, 1)
    round_trip(state)                          # planet choice, nobody has picked
    play(state, (0, "planet d1"))
    other = round_trip(state)                  # one pick pending
    for each in (state, other):
        play(each, (1, "planet d2"))
    assert other.to_json() == state.to_json()
    assert state.flag_values == [[5], [None]]
    solo = new_state(ROCKET, players=1, rockets=[{"at": "b1"}])
    play(solo, "roll 1 3 6 6 6 6 6 6", "1@b1")
    round_trip(solo)                           # solo dice due


def test_a_scripted_match_replays_from_its_record():
    from dicehall.engine import GameRecord, Match

    game = make(ROCKET, 2, rockets=[{"at": "b1"}])
    match = Match(game, auto_chance=False)
    match.force("roll 1 1 3 6 6 6 6")
    for action in ("1@b1", "1@b1", "3@a2", "pass", "pass"):
        match.play(action)
    match.play("planet d1", 0)
    match.play("planet d2", 1)
    match.force("roll 4 5 6 6 6 6 6")
    record = GameRecord.from_json(match.record(["a", "b"]).to_json())
    replayed = record.replay()
    assert replayed.to_json() == match.state.to_json()
    assert [entry.notation for entry in record.entries][:3] == \
        ["roll 1 1 3 6 6 6 6", "1@b1", "1@b1"]
