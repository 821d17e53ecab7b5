"""Scoring events (nochmal.md "Scoring events", "Final score"): rows and their
items (a bomb item played at once), columns with the heart bonus, colours,
first and later completers, the final score and the tie-break."""

from itertools import combinations

from nochmal_helpers import (
    box_sets,
    colour_points,
    column_points,
    crossed,
    expect_illegal,
    heart_bonus,
    legal,
    make,
    new_state,
    play,
    prepare,
    roll,
    rows_done,
)

from dicehall.engine import CHANCE, SIMULTANEOUS
from dicehall.games.nochmal.scoring import score_parts

ROLL, ACTIVE, OTHERS, ALL, ITEM, OVER = range(6)

#      a  b  c  d       start column: a; stars c1, d3
#   1  g  g  Y  y       row items: 1 heart, 2 bomb, 3 special die
#   2  r  b  y  o       column values first 7 6 5 4, later 3 2 1 0
#   3  b  b  o  R
COMP = ["g g Y y", "r b y o", "b b o R"]
COMP_VALUES = {"row_items": ["heart", "bomb", "special"], "column_first": [7, 6, 5, 4],
               "column_later": [3, 2, 1, 0]}
# row 1 but a1 b1, column a but a1: "g2 a1 b1" completes green, row 1 and column a
ALMOST = "c1 d1 a2 a3"
G2 = roll("g r b", "1 2 5", "heart")


def comp_state(players=3, hearts=(2, 0, 1)):
    game = make(COMP, players=players, **COMP_VALUES)
    return prepare(game, {seat: {"crossed": ALMOST, "hearts": hearts[seat]}
                          for seat in range(players)})


def test_simultaneous_first_completions_all_get_the_first_values_and_the_item():
    state = comp_state()
    play(state, G2, (0, "g2 a1 b1"), (2, "pass"), (1, "g2 a1 b1"))
    for seat in (0, 1):
        assert colour_points(state, seat) == {"g": 5}
        assert column_points(state, seat) == {"a": 7}
        assert rows_done(state, seat) == [1]
    # the row's heart item came first, then the heart bonus was written
    assert state.hearts == [3, 1, 1]
    assert heart_bonus(state, 0) == {"a": 3} and heart_bonus(state, 1) == {"a": 1}
    assert colour_points(state, 2) == {} and column_points(state, 2) == {}
    # a later completer: the lower values, no item, but the row's points and its own heart bonus
    play(state, G2, (2, "g2 a1 b1"), (0, "heart"), (1, "pass"))
    assert colour_points(state, 2) == {"g": 3}
    assert column_points(state, 2) == {"a": 3}
    assert heart_bonus(state, 2) == {"a": 1}
    assert state.hearts == [4, 1, 1]                       # seat 2 got no heart item
    assert rows_done(state, 2) == [1]
    # a written heart bonus stays as it was when the column was completed
    assert heart_bonus(state, 0) == {"a": 3}
    parts = score_parts(state, 2)
    assert parts == {"colours": 3, "columns": 3, "hearts": 1, "rows": 5, "jokers": 6,
                     "special dice": 2, "stars": -2, "early end": 0}
    assert state.scores()[2] == sum(parts.values()) == 18
    parts = score_parts(state, 0)
    assert parts == {"colours": 5, "columns": 7, "hearts": 3, "rows": 5, "jokers": 6,
                     "special dice": 0, "stars": -2, "early end": 0}
    assert state.scores() == [24, 24, 18]


def test_first_completers_are_settled_per_roll_whoever_chose_first():
    # from roll 4: the active player's completion is no "earlier" than the others'
    state = make(COMP, players=3, **COMP_VALUES)
    state = prepare(state, {seat: {"crossed": ALMOST} for seat in range(3)}, rolls=3)
    play(state, roll("g g r", "2 2 5", "heart"), "g2 a1 b1")
    assert state.phase == OTHERS
    play(state, (1, "g2 a1 b1"), (2, "pass"))
    assert colour_points(state, 0) == colour_points(state, 1) == {"g": 5}
    assert column_points(state, 0) == column_points(state, 1) == {"a": 7}
    assert state.hearts == [1, 1, 0]


def test_completing_a_column_later_than_another_player_gives_the_lower_value():
    game = make(COMP, players=2, **COMP_VALUES)
    # column d: d1 d2 d3 (yellow, orange, red star)
    state = prepare(game, {0: {"crossed": "c1 d1"}, 1: {"crossed": "c1 d1", "specials": 2}})
    play(state, roll("g o r", "1 2 5", "bomb"), (0, "bomb d2 d3"), (1, "bomb d2"))
    assert column_points(state, 0) == {"d": 4}
    assert column_points(state, 1) == {}
    play(state, roll("g o r", "1 2 5", "stars"), (0, "pass"), (1, "stars d3"))
    assert column_points(state, 1) == {"d": 0}
    assert heart_bonus(state, 1) == {"d": 0}


#      a  b  c  d  e       start column: a
#   1  g  g  y  y  y       row items: 1 bomb, 2 heart, 3 and 4 special die
#   2  r  b  o  o  o       column values first 5 4 3 2 1, later 1 1 1 1 0
#   3  y  b  r  r  b
#   4  g  y  b  r  g
ITEMS = ["g g y y y", "r b o o o", "y b r r b", "g y b r g"]
ITEM_VALUES = {"row_items": ["bomb", "heart", "special", "special"],
               "column_first": [5, 4, 3, 2, 1], "column_later": [1, 1, 1, 1, 0]}
# with these, "g2 a1 b1" completes row 1 (a bomb) and column b; a bomb on c2 d2
# then completes row 2 (a heart), column d and orange
BEFORE = "c1 d1 e1 a2 b2 e2 b3 d3 b4 d4"


def test_a_bomb_item_is_played_at_once_and_belongs_to_the_same_roll():
    game = make(ITEMS, players=3, **ITEM_VALUES)
    state = prepare(game, {0: {"crossed": BEFORE, "hearts": 2}, 1: {"crossed": BEFORE},
                           2: {"crossed": BEFORE}})
    play(state, G2, (0, "g2 a1 b1"), (1, "g2 a1 b1"), (2, "pass"))
    # both first completers of row 1 play their bomb now, before the roll is scored
    assert state.phase == ITEM and state.current_player() == SIMULTANEOUS
    assert state.deciders() == (0, 1) and state.rolls == 0
    assert state.bombs_due == [1, 1, 0]
    assert column_points(state, 0) == {} and rows_done(state, 0) == [1]
    free = {box for box in state.sheet.names(state.sheet.all_boxes)} - set(crossed(state, 0))
    expected = {frozenset(chosen) for r in range(3) for c in range(4)
                for square in [[f"{'abcde'[c + dc]}{r + 1 + dr}" for dr in (0, 1) for dc in (0, 1)]]
                for size in (1, 2, 3, 4)
                for chosen in combinations([box for box in square if box in free], size)}
    assert box_sets(state.legal_actions(0)) == expected
    assert "pass" not in legal(state, 0)
    assert legal(state, 2) == []
    expect_illegal(state, "pass", "cannot be declined", seat=0)
    expect_illegal(state, "y1 a3", "only the row's bomb", seat=1)
    expect_illegal(state, "bomb a1", "only the row's bomb", seat=1)
    expect_illegal(state, "bomb a3", "nothing to decide", seat=2)
    play(state, (0, "bomb c2 d2"))
    assert state.view(1)["players"][0]["pending"] == "chosen"
    assert state.view(0)["players"][0]["pending"] == "bomb c2 d2"
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    assert crossed(state, 0) == sorted(BEFORE.split() + ["a1", "b1"])
    play(state, (1, "bomb e3"))
    assert state.current_player() == CHANCE and state.rolls == 1
    assert state.specials_used == [0, 0, 0]        # an item bomb needs no special die
    # seat 0: the bomb completed row 2 (its heart came first), column d and orange
    assert rows_done(state, 0) == [1, 2]
    assert state.hearts[0] == 3
    assert column_points(state, 0) == {"b": 4, "d": 2}
    assert heart_bonus(state, 0) == {"b": 3, "d": 3}
    assert colour_points(state, 0) == {"o": 5}
    # seat 1 completed column b first in the same roll, without the heart
    assert column_points(state, 1) == {"b": 4} and heart_bonus(state, 1) == {"b": 0}
    assert rows_done(state, 1) == [1] and colour_points(state, 1) == {}
    # a later completer of row 1 gets no bomb
    play(state, G2, (2, "g2 a1 b1"), (0, "pass"), (1, "pass"))
    assert state.current_player() == CHANCE and state.bombs_due == [0, 0, 0]
    assert rows_done(state, 2) == [1] and column_points(state, 2) == {"b": 1}
    assert score_parts(state, 2)["rows"] == 5


def test_a_bomb_item_can_complete_a_row_with_another_bomb_item():
    game = make(ITEMS, players=1, **{**ITEM_VALUES, "row_items": ["bomb", "bomb", "special", "special"]})
    state = prepare(game, {0: {"crossed": BEFORE}})
    play(state, G2.replace("g r b", "g r").replace("1 2 5", "2 5"), "g2 a1 b1")
    assert state.phase == ITEM and state.deciders() == (0,)
    play(state, "bomb c2 d2")
    assert state.phase == ITEM and state.bombs_due == [1] and state.rolls == 0
    play(state, "bomb a4")
    assert state.rolls == 1 and state.current_player() == CHANCE
    assert crossed(state, 0) == sorted(BEFORE.split() + ["a1", "b1", "c2", "d2", "a4"])
    assert column_points(state, 0) == {"b": 4, "d": 2}


def test_a_special_die_item_and_a_heart_item():
    game = make(ITEMS, players=2, **ITEM_VALUES)
    # row 3 (a special die) misses a3 c3 e3, row 2 (a heart) misses c2 d2
    state = prepare(game, {0: {"crossed": "a2 b2 e2 b3 d3"},
                           1: {"crossed": "a2 b2 e2 b3 d3", "specials": 2}})
    play(state, roll("g r b", "1 2 5", "row"), (0, "row a3 c3 e3"), (1, "pass"))
    assert rows_done(state, 0) == [3] and state.specials == [2, 2] and state.specials_used == [1, 0]
    play(state, roll("g r b", "1 2 5", "bomb"), (0, "bomb c2 d2"), (1, "bomb c2 d2"))
    assert rows_done(state, 0) == [2, 3] and rows_done(state, 1) == [2]
    assert state.hearts == [1, 1]
    play(state, roll("g r b", "1 2 5", "row"), (0, "pass"), (1, "row a3 c3 e3"))
    assert rows_done(state, 1) == [2, 3] and state.specials == [2, 2]


#      a  b  c  d  e       one row: its bomb item finds no free box left
#   1  g  y  b  r  o
def test_a_bomb_item_without_a_free_box_is_dropped():
    game = make(["g y b r o"], players=1, row_items=["bomb"])
    state = prepare(game, {0: {"crossed": "a1 b1 c1 d1",
                               "colour_points": [5, 5, 5, 5, None],
                               "column_points": [3, 3, 3, 3, None],
                               "heart_bonus": [0, 0, 0, 0, None]}})
    play(state, roll("o g", "1 1", "heart"), "o1 e1")
    assert state.bombs_due == [0] and state.phase == OVER


def test_the_final_score_adds_every_part():
    game = make(COMP, players=2, **COMP_VALUES)
    state = prepare(game, {0: {"crossed": ALMOST, "hearts": 1, "jokers_used": 2,
                               "specials": 3, "specials_used": 1}})
    play(state, G2, (0, "g2 a1 b1"), (1, "pass"))
    parts = score_parts(state, 0)
    # green 5, column a 7, heart bonus 2 (1 + the row's heart), row 1: 5, 6 - 2 "!",
    # 2 unused special dice, star d3 uncrossed
    assert parts == {"colours": 5, "columns": 7, "hearts": 2, "rows": 5, "jokers": 4,
                     "special dice": 4, "stars": -2, "early end": 0}
    assert state.scores() == [25, 6 + 2 - 4]


def test_the_printed_sheets_start_at_minus_22():
    # 6 (so-gut) / 8 (classic) unused "!", 1 special die (so-gut), 15 stars at -2
    for edition in ("so-gut", "classic"):
        state = new_state(players=2, edition=edition)
        assert state.scores() == [-22, -22]
    state = new_state(players=1)
    play(state, roll("x g", "1 2", "stars"), "stars h3")
    assert score_parts(state, 0)["stars"] == -28 and score_parts(state, 0)["special dice"] == 0


def test_ties_go_to_more_unused_marks_then_are_shared():
    game = make(COMP, players=3, **COMP_VALUES)
    # seat 1 used two more "!" but crossed the star d3: the same score
    state = prepare(game, {1: {"crossed": "d3", "jokers_used": 2}, 2: {"jokers_used": 1}})
    assert state.scores() == [4, 4, 3]
    assert state.ranking() == [0, 1, 2]
    assert state.places() == [1, 2, 3]
    assert state.winners() == [0]
    state = prepare(game, {0: {"crossed": "d3", "jokers_used": 2},
                           1: {"crossed": "d3", "jokers_used": 2},
                           2: {"crossed": "d3", "jokers_used": 3}})
    assert state.scores() == [4, 4, 3]
    assert state.places() == [1, 1, 3] and state.winners() == [0, 1]
    state = prepare(game, {seat: {"crossed": "d3", "jokers_used": 2} for seat in range(3)})
    assert state.places() == [1, 1, 1] and state.winners() == [0, 1, 2]
